//! # gorules-rules
//!
//! Go rulesets as data. Every rule difference is a named knob ([`params`]); a ruleset is a
//! TOML file that sets them ([`Ruleset`]); the built-in ones live in `rulesets/` and are
//! embedded ([`builtin`]). A ruleset answers the questions a game asks (is this move legal,
//! has play ended, what is the score) from its knobs, and [`Game`] runs the protocol: setup,
//! play, end of play, settlement, scoring. Rules are data, never code: a rule that no knob
//! expresses is added as a knob.
//!
//! ```
//! use gorules_board::{Board, Color, Move, Size};
//! use gorules_rules::{builtin, Counting, Game, Setup};
//!
//! let concord = builtin("concord").unwrap();
//! let mut game = Game::new(&concord, Setup::even(Board::new(Size::square(5).unwrap()), 0.0));
//! game.play(Color::Black, Move::Pass).unwrap();
//! game.play(Color::White, Move::Pass).unwrap();
//! game.finish(&[]);
//! // Black passed first and White last: no third pass; pass stones 1 each.
//! assert_eq!(game.score(Counting::Territory).result(), "0");
//! ```
#![warn(missing_docs)]

mod builtin;
mod game;
pub mod group_tax;
pub mod knob;
mod komi;
mod ownership;
pub mod params;
mod repetition;
mod ruleset;
mod score;
pub mod seki;
mod state;
mod toml_file;

pub use builtin::{builtin, builtin_ids, builtin_text, builtins, load, parse, BUILTIN_FILES};
pub use game::{Game, MoveError, MoveReport, SettlementReport, Setup, Status};
pub use komi::{Komi, KomiError};
pub use ownership::Ownership;
pub use params::{Counting, Ruleset};
pub use ruleset::{AllAliveReason, CountedTerritory, Illegal, PlayStatus, Settlement};
pub use score::{format_points, ColorName, Outcome, Prisoners, Score, SideScore};
pub use state::{GameState, MoveEntry, MoveKind, StateEntry};
pub use toml_file::RulesetError;
