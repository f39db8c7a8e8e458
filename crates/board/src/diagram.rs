//! Text diagrams: `X` black, `O` white, `.` empty, GTP coordinates on the edges.
//!
//! ```text
//!    A B C
//!  3 . X .
//!  2 X O .
//!  1 . . .
//! ```

use std::fmt;

use crate::coords::gtp_column_letter;
use crate::{Board, Color, Point, SetupError, Size};

/// The line of column letters above a diagram (` A B C ...`, no `I`), indented past the row
/// numbers, with its newline.
pub fn column_letters(size: Size) -> String {
    let label_w = size.height().to_string().len();
    let mut out = " ".repeat(label_w + 1);
    for x in 0..size.width() {
        out.push(' ');
        out.push(gtp_column_letter(x));
    }
    out.push('\n');
    out
}

/// Writes the board as a diagram with column letters above and row numbers on the left.
pub fn to_diagram(board: &Board) -> String {
    let size = board.size();
    let label_w = size.height().to_string().len();
    let mut out = column_letters(size);
    for y in 0..size.height() {
        let row = size.height() - y;
        out.push_str(&format!(" {row:>label_w$}"));
        for x in 0..size.width() {
            out.push(' ');
            out.push(match board.get(Point::new(x, y)) {
                Some(c) => c.diagram_char(),
                None => '.',
            });
        }
        out.push('\n');
    }
    out
}

/// A diagram that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramError {
    /// 1-based line of the diagram text.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "diagram line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for DiagramError {}

/// Reads a diagram: one line per row, top row first, `X`/`x` black, `O`/`o` white, `.` or `+`
/// empty. Spaces, a row number at either end and lines of column letters are ignored.
pub fn from_diagram(text: &str) -> Result<Board, DiagramError> {
    let mut rows: Vec<(usize, Vec<Option<Color>>)> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim().trim_matches(|c: char| c.is_ascii_digit()).trim();
        if line.is_empty() {
            continue;
        }
        let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        // Column letters: only capitals, and at least one that is not a stone letter. GTP
        // columns from the 14th on include `O` (and `X` from the 22nd), so a label row may
        // contain them; a row of stones holds nothing but `X`, `O`, `x`, `o`, `.` and `+`.
        let is_label_row = cells.iter().all(|c| c.is_ascii_uppercase())
            && cells.iter().any(|c| *c != 'X' && *c != 'O');
        if is_label_row {
            continue;
        }
        let mut row = Vec::new();
        for c in cells {
            row.push(match c {
                'X' | 'x' => Some(Color::Black),
                'O' | 'o' => Some(Color::White),
                '.' | '+' => None,
                other => {
                    return Err(DiagramError {
                        line: n + 1,
                        reason: format!("unexpected {other:?}: use X, O, . or +"),
                    })
                }
            });
        }
        if let Some((_, first)) = rows.first() {
            if first.len() != row.len() {
                return Err(DiagramError {
                    line: n + 1,
                    reason: format!(
                        "row has {} points but the first row has {}",
                        row.len(),
                        first.len()
                    ),
                });
            }
        }
        rows.push((n + 1, row));
    }
    let height = rows.len() as u32;
    let width = rows.first().map_or(0, |r| r.1.len()) as u32;
    let size = Size::new(width, height).map_err(|e| DiagramError {
        line: rows.first().map_or(1, |r| r.0),
        reason: e.to_string(),
    })?;
    let stones = rows.iter().enumerate().flat_map(|(y, (_, row))| {
        row.iter()
            .enumerate()
            .filter_map(move |(x, c)| c.map(|c| (c, Point::new(x as u8, y as u8))))
    });
    Board::with_stones(size, stones).map_err(|e| {
        let line = match e {
            SetupError::OffBoard(p) | SetupError::Occupied(p) | SetupError::NoLiberty(p) => {
                rows[p.y as usize].0
            }
        };
        DiagramError {
            line,
            reason: e.to_string(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let text = "   A B C D\n 4 . X . .\n 3 X O . .\n 2 . . . .\n 1 . . . O\n";
        let b = from_diagram(text).unwrap();
        assert_eq!(b.size(), Size::square(4).unwrap());
        assert_eq!(b.get(Point::new(1, 0)), Some(Color::Black));
        assert_eq!(b.get(Point::new(3, 3)), Some(Color::White));
        assert_eq!(to_diagram(&b), text);
    }

    #[test]
    fn errors_name_the_line() {
        let e = from_diagram("X . .\n. Q .\n. . .").unwrap_err();
        assert_eq!(e.line, 2);
        let e = from_diagram("X . .\n. .\n. . .").unwrap_err();
        assert_eq!(e.line, 2);
        // A white stone with no liberty in the corner.
        let e = from_diagram("O X .\nX . .\n. . .").unwrap_err();
        assert_eq!(e.line, 1);
        // A lone stone on a 1x1 board has no liberty; the empty 1x1 board is a board.
        let e = from_diagram("X").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.reason.contains("without a liberty"), "{}", e.reason);
        assert_eq!(from_diagram(".").unwrap().size(), Size::new(1, 1).unwrap());
        // No row at all is no board: 0x0 is below the minimum size.
        assert!(from_diagram("").unwrap_err().reason.contains("0x0"));
    }
}
