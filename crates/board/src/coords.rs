//! Coordinate notations: SGF (`dd`, pass as `""` or `tt`) and GTP (`D4`, no `I`, `pass`).

use std::fmt;

use crate::{Move, Point, Size};

/// Column letters used by GTP: `A` to `Z` without `I` (25 letters, enough for 25x25).
const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Why a coordinate could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoordError {
    /// The text that was given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for CoordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad coordinate {:?}: {}", self.text, self.reason)
    }
}

impl std::error::Error for CoordError {}

fn err(text: &str, reason: impl Into<String>) -> CoordError {
    CoordError {
        text: text.to_string(),
        reason: reason.into(),
    }
}

fn sgf_letter_value(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    }
}

/// Reads an SGF move value: two letters (column, row from the top), `""` for a pass, and
/// `tt` for a pass on boards up to 19x19.
pub fn parse_sgf_move(text: &str, size: Size) -> Result<Move, CoordError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(Move::Pass);
    }
    if t == "tt" && size.width() <= 19 && size.height() <= 19 {
        return Ok(Move::Pass);
    }
    parse_sgf_point(t, size).map(Move::Play)
}

/// Reads an SGF point: two letters, column then row from the top (`aa` is the top-left corner).
pub fn parse_sgf_point(text: &str, size: Size) -> Result<Point, CoordError> {
    let b = text.trim().as_bytes();
    if b.len() != 2 {
        return Err(err(text, "an SGF point is two letters, e.g. \"dd\""));
    }
    let (x, y) = match (sgf_letter_value(b[0]), sgf_letter_value(b[1])) {
        (Some(x), Some(y)) => (x, y),
        _ => return Err(err(text, "SGF point letters must be a-z or A-Z")),
    };
    let p = Point::new(x, y);
    if !size.contains(p) {
        return Err(err(text, format!("off the {size} board")));
    }
    Ok(p)
}

/// Writes a point in SGF notation (`dd`).
pub fn sgf_point(p: Point) -> String {
    let letter = |v: u8| {
        if v < 26 {
            (b'a' + v) as char
        } else {
            (b'A' + v - 26) as char
        }
    };
    [letter(p.x), letter(p.y)].iter().collect()
}

/// Writes a move in SGF notation: a point, or `""` for a pass.
pub fn sgf_move(mv: Move) -> String {
    match mv {
        Move::Play(p) => sgf_point(p),
        Move::Pass => String::new(),
    }
}

/// Reads a GTP vertex: column letter (`A`-`Z` without `I`, any case) and row number from the
/// bottom (`D4`), or `pass`.
pub fn parse_gtp_move(text: &str, size: Size) -> Result<Move, CoordError> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    parse_gtp_point(t, size).map(Move::Play)
}

/// Reads a GTP point such as `D4` or `q16` (rows count from the bottom, no column `I`).
pub fn parse_gtp_point(text: &str, size: Size) -> Result<Point, CoordError> {
    let t = text.trim();
    let mut chars = t.chars();
    let col_char = match chars.next() {
        Some(c) => c.to_ascii_uppercase(),
        None => return Err(err(text, "empty coordinate")),
    };
    if col_char == 'I' {
        return Err(err(
            text,
            "GTP columns skip the letter I (H is followed by J)",
        ));
    }
    let x = match GTP_COLUMNS.iter().position(|&c| c as char == col_char) {
        Some(x) => x as u8,
        None => {
            return Err(err(
                text,
                "a GTP point is a column letter and a row number, e.g. D4",
            ))
        }
    };
    let row_text = chars.as_str();
    let row: u32 = match row_text.parse() {
        Ok(r) if !row_text.starts_with('+') => r,
        _ => {
            return Err(err(
                text,
                "a GTP point is a column letter and a row number, e.g. D4",
            ))
        }
    };
    if x >= size.width() || row == 0 || row > size.height() as u32 {
        return Err(err(text, format!("off the {size} board")));
    }
    Ok(Point::new(x, size.height() - row as u8))
}

/// Writes a point in GTP notation (`D4`) for a board of the given size.
pub fn gtp_point(p: Point, size: Size) -> String {
    // Written by hand, not with `format!`: a report names many points.
    let row = size.height() as u32 - p.y as u32;
    let mut text = String::with_capacity(4);
    text.push(GTP_COLUMNS[p.x as usize] as char);
    let mut digits = [0u8; 10];
    let mut first = digits.len();
    let mut n = row;
    loop {
        first -= 1;
        digits[first] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    text.extend(digits[first..].iter().map(|&d| char::from(d)));
    text
}

/// Writes a move in GTP notation: a point, or `pass`.
pub fn gtp_move(mv: Move, size: Size) -> String {
    match mv {
        Move::Play(p) => gtp_point(p, size),
        Move::Pass => "pass".to_string(),
    }
}

/// The GTP column letter of column `x` (for diagrams).
pub fn gtp_column_letter(x: u8) -> char {
    GTP_COLUMNS[x as usize] as char
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(n: u32) -> Size {
        Size::square(n).unwrap()
    }

    #[test]
    fn sgf_round_trip_and_pass() {
        assert_eq!(
            parse_sgf_move("dd", s(19)),
            Ok(Move::Play(Point::new(3, 3)))
        );
        assert_eq!(parse_sgf_move("", s(19)), Ok(Move::Pass));
        assert_eq!(parse_sgf_move("tt", s(19)), Ok(Move::Pass));
        // On a board larger than 19, `tt` is the point t20.
        assert_eq!(
            parse_sgf_move("tt", s(21)),
            Ok(Move::Play(Point::new(19, 19)))
        );
        assert!(
            parse_sgf_move("tt", s(9)).is_ok(),
            "tt is a pass on 9x9 too"
        );
        assert!(parse_sgf_point("jj", s(9)).is_err());
        assert!(parse_sgf_point("d", s(9)).is_err());
        assert!(parse_sgf_point("d1", s(9)).is_err());
        assert_eq!(sgf_point(Point::new(3, 3)), "dd");
        assert_eq!(sgf_move(Move::Pass), "");
    }

    #[test]
    fn gtp_round_trip() {
        let p = parse_gtp_point("D4", s(19)).unwrap();
        assert_eq!(p, Point::new(3, 15));
        assert_eq!(gtp_point(p, s(19)), "D4");
        // Every point of the largest board, as `format!` writes column and row.
        for y in 0..25 {
            for x in 0..25 {
                let name = gtp_point(Point::new(x, y), s(25));
                let column = GTP_COLUMNS[x as usize] as char;
                assert_eq!(name, format!("{column}{}", 25 - u32::from(y)));
            }
        }
        assert_eq!(parse_gtp_point("j1", s(9)).unwrap(), Point::new(8, 8));
        assert_eq!(parse_gtp_move("PASS", s(9)), Ok(Move::Pass));
        assert!(parse_gtp_point("I5", s(19))
            .unwrap_err()
            .reason
            .contains("skip"));
        assert!(parse_gtp_point("K5", s(9)).is_err());
        assert!(parse_gtp_point("A0", s(9)).is_err());
        assert!(parse_gtp_point("A10", s(9)).is_err());
        assert!(parse_gtp_point("A+1", s(9)).is_err());
        assert!(parse_gtp_point("", s(9)).is_err());
        assert_eq!(gtp_point(Point::new(24, 0), s(25)), "Z25");
    }
}
