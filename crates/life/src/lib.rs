//! # gorules-life
//!
//! Which stones of a final Go position are dead, for records that do not say (most engine
//! games, server exports and self-play archives). Two parts, each saying how sure it is:
//!
//! - **certain**: pass-alive chains ([`gorules_board::pass_alive`], Benson's unconditional
//!   life) are alive and the opponent stones inside pass-alive territory are dead, under any
//!   rules;
//! - **estimated** ([`estimate`]): the rest by Monte Carlo ownership. Many random play-outs
//!   run from the position (no player fills its own true eyes, but false eyes are filled; no
//!   self-atari of several stones, which keeps seki alive, except a killing sacrifice of a dead
//!   eye shape); a chain whose points the opponent owns at the end of at least
//!   [`Options::threshold`] of them (0.8, calibrated against GNU Go: docs/dead-stones.md) is
//!   dead, one its owner keeps as often is alive, anything between is *uncertain*. The play-outs are seeded from [`Options::seed`] and the
//!   position, so the same position always gets the same answer;
//! - **a real engine** ([`gtp::Engine`]): any GTP engine's `final_status_list dead`, for a user
//!   who has one.
//!
//! ```
//! use gorules_board::{diagram::from_diagram, Color};
//! use gorules_life::{estimate, Life, Options};
//!
//! // A black wall with two eyes; a lone white stone inside Black's area.
//! let board = from_diagram(
//!     ". X . X . .
//!      X X X X X X
//!      . . . . . .
//!      . . O . . .
//!      . . . . . .
//!      . . . . . .",
//! )
//! .unwrap();
//! let e = estimate(&board, Color::Black, &Options::default());
//! let wall = e.chain_at(gorules_board::Point::new(0, 1)).unwrap();
//! assert_eq!((wall.life, wall.certain), (Life::Alive, true));
//! ```
#![warn(missing_docs)]

mod estimate;
pub mod gtp;
mod playout;

pub use estimate::{estimate, ChainLife, Estimate, Life, Options};
pub use gtp::{Engine, EngineError};
