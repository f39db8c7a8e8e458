//! # gorules-rules
//!
//! Go rulesets as data. Every rule difference is a named knob ([`ruleset`]); a ruleset is a
//! TOML file that sets them ([`Ruleset`]); the built-in ones live in `rulesets/` and are
//! embedded ([`builtin`]). A ruleset answers the questions a game asks (is this move legal,
//! has play ended, what is the score) from its knobs, and [`Game`] runs the protocol: setup,
//! play, end of play, settlement, scoring. Rules are data, never code: a rule that no knob
//! expresses is added as a knob.
//!
//! A program that plays one game move by move uses [`Game`]: create it from a [`Setup`],
//! [`Game::play`] (a board play or a pass), [`Game::check`] a move without playing it,
//! [`Game::finish`] (end of play and settlement of the dead stones), [`Game::score`]. A game
//! owns its ruleset (an `Arc<Ruleset>`, shared by the games played under it). Programs that
//! replay records step them through [`Replay`], which gives a record's move its one meaning.
//! The shortcuts of the two engines that replay many records under many rulesets (the
//! comparison and the claims fuzzer) are kept apart in [`fast`]: a common opening forked to
//! every ruleset, buffers reused, one board preview a play, one board analysis for several
//! scores.
//!
//! ```
//! use gorules_board::{Board, Color, Move, Size};
//! use gorules_rules::{builtin, Counting, Game, Komi, Setup};
//!
//! let concord = builtin("concord").unwrap();
//! let mut game = Game::new(concord, Setup::even(Board::new(Size::square(5).unwrap()), Komi::ZERO));
//! game.play(Color::Black, Move::Pass).unwrap();
//! game.play(Color::White, Move::Pass).unwrap();
//! game.finish(&[]);
//! // Black passed first and White last: no third pass; pass stones 1 each.
//! assert_eq!(game.score(Counting::Territory).result(), "0");
//! ```
#![warn(missing_docs)]

mod builtin;
mod cleanup;
pub mod fast;
mod game;
pub mod group_tax;
mod implied;
pub mod json;
pub mod katago;
pub mod knob;
mod komi;
pub mod owned_regions;
mod ownership;
pub mod point_map;
pub mod point_reasons;
pub mod printer;
pub mod referee;
pub mod replay;
pub mod ruleset;
mod rulings;
mod score;
pub mod seki;
mod state;
pub mod suggest;
mod toml_file;

pub use builtin::{
    builtin, builtin_ids, builtin_text, builtins, load, parse, rules_names, BUILTIN_FILES,
    KATAGO_PREFIX,
};
pub use game::{Game, MoveError, MoveReport, SettlementReport, Setup, Status};
pub use implied::implied_pass;
pub use komi::{game_komi, Komi, KomiError, KomiSource};
pub use ownership::Ownership;
pub use point_map::{PointKind, PointMap};
pub use point_reasons::{point_reasons, PointReason, Reason};
pub use referee::{Doubt, DoubtKind, RefereeCount};
pub use replay::{Replay, Track};
pub use ruleset::{Counting, Ruleset};
pub use rulings::{AllAliveReason, CountedTerritory, Illegal, PlayStatus, Settlement};
pub use score::{format_points, write_points, ColorName, Outcome, Prisoners, Score, SideScore};
pub use state::{GameState, MoveEntry, MoveKind, StateEntry};
pub use toml_file::{read_ruleset_text, RulesetError, MAX_RULESET_FILE_SIZE};
