//! # gorules-board
//!
//! A fast Go board and capture engine for boards from 1x1 to 25x25, square or rectangular
//! (one point wide too: `1x9` and `9x1` are boards like any other).
//! It knows stones, chains, liberties, captures and suicide, and nothing of any ruleset: no ko
//! rule, no passes, no scoring rule. It answers what rulesets ask:
//!
//! - would a play capture or be suicide, and what would the position hash be
//!   ([`Board::preview`]);
//! - play it ([`Board::play`]), or apply a suicide the ruleset allows
//!   ([`Board::play_allowing_suicide`]);
//! - which single-stone capture just happened ([`Placed::ko_point`]), for simple ko;
//! - chains, liberties, empty regions and the colours they touch, territory by flood fill;
//! - an incrementally kept Zobrist hash, and a [`Position`] snapshot to rule out collisions;
//! - a count of the positions seen, by hash, for superko checks ([`HashCounts`]).
//!
//! ```
//! use gorules_board::{Board, Color, Point, Size};
//!
//! let mut b = Board::new(Size::square(9).unwrap());
//! b.play(Color::Black, Point::new(1, 0)).unwrap();
//! b.play(Color::White, Point::new(0, 0)).unwrap();
//! let placed = b.play(Color::Black, Point::new(0, 1)).unwrap();
//! assert_eq!(placed.captured, 1);
//! assert_eq!(b.get(Point::new(0, 0)), None);
//! ```
#![warn(missing_docs)]

mod board;
mod color;
pub mod coords;
pub mod diagram;
pub mod handicap;
mod pass_alive;
mod point;
mod pointset;
mod repetition;
mod zobrist;

pub use board::{
    Board, Chain, EmptyRegion, Enclosure, Placed, PlayError, Position, Preview, SetupError,
    Territory,
};
pub use color::Color;
pub use pass_alive::{pass_alive, PassAlive};
pub use point::{ColoredMove, Move, Point, Size, SizeError, MAX_SIDE, MIN_SIDE};
pub use pointset::PointSet;
pub use repetition::HashCounts;
pub use zobrist::side_to_move_key;

/// A xorshift64 generator for the unit tests' random positions and sets: `seed` must not be 0.
#[cfg(test)]
pub(crate) fn test_rng(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}
