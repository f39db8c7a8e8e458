//! Board sizes, points and moves: plain data.

use std::fmt;

use crate::Color;

/// The smallest board side this engine supports.
pub const MIN_SIDE: u8 = 1;
/// The largest board side this engine supports.
pub const MAX_SIDE: u8 = 25;

/// A board size: `width` columns by `height` rows, each from 1 to 25.
///
/// Square boards are the norm; rectangular ones occur in public records (SGF `SZ[9:7]`), and
/// boards one point wide (`SZ[1:9]`, `SZ[9:1]`) in the study of Go on a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    width: u8,
    height: u8,
}

/// A board size outside 1..=25.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError {
    /// The width that was asked for.
    pub width: u32,
    /// The height that was asked for.
    pub height: u32,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {}x{} is not supported: each side must be from {MIN_SIDE} to {MAX_SIDE}",
            self.width, self.height
        )
    }
}

impl std::error::Error for SizeError {}

impl Size {
    /// A `width` x `height` board; each side must be from 1 to 25.
    pub fn new(width: u32, height: u32) -> Result<Size, SizeError> {
        let ok = |s: u32| (MIN_SIDE as u32..=MAX_SIDE as u32).contains(&s);
        if ok(width) && ok(height) {
            Ok(Size {
                width: width as u8,
                height: height as u8,
            })
        } else {
            Err(SizeError { width, height })
        }
    }

    /// A square board of side `n`.
    pub fn square(n: u32) -> Result<Size, SizeError> {
        Size::new(n, n)
    }

    /// Number of columns.
    #[inline]
    pub fn width(self) -> u8 {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(self) -> u8 {
        self.height
    }

    /// Whether width equals height.
    pub fn is_square(self) -> bool {
        self.width == self.height
    }

    /// Number of points on the board.
    #[inline]
    pub fn area(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `p` lies on this board.
    #[inline]
    pub fn contains(self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// Every point of the board, row by row from the top left.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Point { x, y }))
    }

    /// The dense index of `p` (row-major from the top left), in `0..area()`.
    #[inline]
    pub fn dense_index(self, p: Point) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    /// The point with dense index `i`.
    #[inline]
    pub fn point_at(self, i: usize) -> Point {
        Point {
            x: (i % self.width as usize) as u8,
            y: (i / self.width as usize) as u8,
        }
    }

    /// The on-board orthogonal neighbours of `p` (left, right, up, down), for any `p`: a point
    /// off the board has those of its neighbours that are on it.
    #[inline]
    pub fn neighbors(self, p: Point) -> impl Iterator<Item = Point> {
        // In u32, where 0 - 1 wraps far off every board and 255 + 1 does not wrap: a
        // candidate kept is on the board, so its coordinates fit in u8 again.
        let (x, y) = (p.x as u32, p.y as u32);
        let (w, h) = (self.width as u32, self.height as u32);
        let cand = [
            (x.wrapping_sub(1), y),
            (x + 1, y),
            (x, y.wrapping_sub(1)),
            (x, y + 1),
        ];
        cand.into_iter()
            .filter(move |&(x, y)| x < w && y < h)
            .map(|(x, y)| Point {
                x: x as u8,
                y: y as u8,
            })
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// A point of the board: column `x` from the left and row `y` from the top, both 0-based.
///
/// This is SGF's orientation (`aa` is the top-left corner). GTP names rows from the bottom;
/// see [`crate::coords`] for both notations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 = leftmost.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y` (0-based, from the top left).
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }
}

/// A move: a stone played on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A board play at this point.
    Play(Point),
    /// A pass.
    Pass,
}

/// A move together with the colour that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColoredMove {
    /// Who moves.
    pub color: Color,
    /// What they do.
    pub mv: Move,
}

impl ColoredMove {
    /// A board play by `color` at `p`.
    pub fn play(color: Color, p: Point) -> ColoredMove {
        ColoredMove {
            color,
            mv: Move::Play(p),
        }
    }

    /// A pass by `color`.
    pub fn pass(color: Color) -> ColoredMove {
        ColoredMove {
            color,
            mv: Move::Pass,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbors_of_every_point_a_u8_pair_names() {
        // The on-board points at distance 1 (one coordinate differs by one), found by trying
        // every point of the board, in the order left, right, up, down; for points off the
        // board too, up to x = y = 255 (where x + 1 must neither overflow nor wrap to 0).
        for (w, h) in [
            (1, 1),
            (1, 9),
            (9, 1),
            (2, 2),
            (9, 9),
            (19, 19),
            (25, 25),
            (3, 17),
        ] {
            let size = Size::new(w, h).unwrap();
            for y in 0..=u8::MAX {
                for x in 0..=u8::MAX {
                    let p = Point::new(x, y);
                    let key = |q: &Point| (q.y as i32 - y as i32, q.x as i32 - x as i32);
                    let mut expected: Vec<Point> = size
                        .points()
                        .filter(|q| {
                            let (dy, dx) = key(q);
                            dx.abs() + dy.abs() == 1
                        })
                        .collect();
                    // left (0, -1), right (0, 1), up (-1, 0), down (1, 0)
                    let order = |q: &Point| match key(q) {
                        (0, -1) => 0,
                        (0, 1) => 1,
                        (-1, 0) => 2,
                        _ => 3,
                    };
                    expected.sort_by_key(order);
                    let got: Vec<Point> = size.neighbors(p).collect();
                    assert_eq!(got, expected, "{size} {p:?}");
                }
            }
        }
    }
}
