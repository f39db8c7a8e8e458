//! Writing a [`GameRecord`] as SGF.

use std::fmt::Write as _;

use gorules_board::coords::{sgf_move, sgf_point};
use gorules_board::{Color, Point};

use super::GameRecord;

/// Escapes an SGF text value: `\` and `]` get a backslash.
pub(super) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn point_list(out: &mut String, ident: &str, points: impl Iterator<Item = Point>) {
    let mut first = true;
    for p in points {
        if first {
            out.push_str(ident);
            first = false;
        }
        let _ = write!(out, "[{}]", sgf_point(p));
    }
}

/// Writes marks: `MA` (crosses), `SQ` (squares) and `TR` (triangles) with their points, each
/// only when it has some.
pub(super) fn mark_lists(
    out: &mut String,
    crosses: &[Point],
    squares: &[Point],
    triangles: &[Point],
) {
    point_list(out, "MA", crosses.iter().copied());
    point_list(out, "SQ", squares.iter().copied());
    point_list(out, "TR", triangles.iter().copied());
}

/// Writes territory markup: `TB` and `TW` with their points, or `TB[]` when both are empty (an
/// empty markup is still markup: it says that no stone is dead).
pub(super) fn territory_lists(out: &mut String, black: &[Point], white: &[Point]) {
    point_list(out, "TB", black.iter().copied());
    point_list(out, "TW", white.iter().copied());
    if black.is_empty() && white.is_empty() {
        out.push_str("TB[]");
    }
}

/// Writes the record as an FF\[4\] SGF game: `GM[1]FF[4]`, `CA[UTF-8]`, `SZ`, `KM`, `HA` (when
/// not 0), `RU`, `RE`, `PB`, `PW`, `GN`, `DT`, the root comment `C`, the setup `AB`/`AW`, one
/// node per move (a pass is `[]`), and the territory markup `TB`/`TW` in the final node.
///
/// Reading the text back with [`crate::parse_sgf`] gives the same record, apart from
/// `move_nodes` (here every move has its own node), `source_name` and `game_index`.
///
/// ```
/// use gorules_board::{Color, ColoredMove, Point, Size};
/// use gorules_sgf::{parse_sgf, to_sgf, GameRecord};
///
/// let mut rec = GameRecord::new(Size::square(9).unwrap());
/// rec.komi = Some(gorules_rules::Komi::new(7.0).unwrap());
/// rec.comment = Some("a ] and a \\".into());
/// rec.moves = vec![ColoredMove::play(Color::Black, Point::new(4, 4)), ColoredMove::pass(Color::White)];
/// rec.move_nodes = vec![1, 2];
/// let sgf = to_sgf(&rec);
/// assert!(sgf.contains(r"C[a \] and a \\]"));
/// assert_eq!(parse_sgf(&sgf, None).unwrap()[0], rec);
/// ```
pub fn to_sgf(record: &GameRecord) -> String {
    let mut out = String::from("(;GM[1]FF[4]CA[UTF-8]");
    let size = record.size;
    if size.is_square() {
        let _ = write!(out, "SZ[{}]", size.width());
    } else {
        let _ = write!(out, "SZ[{}:{}]", size.width(), size.height());
    }
    if let Some(k) = record.komi {
        let _ = write!(out, "KM[{}]", k.points());
    }
    if record.handicap != 0 {
        let _ = write!(out, "HA[{}]", record.handicap);
    }
    let texts = [
        ("RU", record.rules.clone()),
        ("RE", record.result.as_ref().map(|r| r.to_string())),
        ("PB", record.black_player.clone()),
        ("PW", record.white_player.clone()),
        ("GN", record.game_name.clone()),
        ("DT", record.date.clone()),
    ];
    for (ident, value) in texts {
        if let Some(v) = value {
            let _ = write!(out, "{ident}[{}]", escape(&v));
        }
    }
    if let Some(c) = &record.comment {
        let _ = write!(out, "\nC[{}]", escape(c));
    }
    let stones = |color: Color| {
        record
            .setup
            .iter()
            .filter(move |(c, _)| *c == color)
            .map(|&(_, p)| p)
    };
    if !record.setup.is_empty() {
        out.push('\n');
        point_list(&mut out, "AB", stones(Color::Black));
        point_list(&mut out, "AW", stones(Color::White));
    }
    for (i, m) in record.moves.iter().enumerate() {
        out.push_str(if i % 10 == 0 { "\n;" } else { ";" });
        let _ = write!(out, "{}[{}]", m.color.letter(), sgf_move(m.mv));
    }
    if let Some(markup) = &record.territory_markup {
        if !markup.black.is_empty() || !markup.white.is_empty() {
            out.push('\n');
        }
        territory_lists(&mut out, &markup.black, &markup.white);
    }
    out.push_str(")\n");
    out
}
