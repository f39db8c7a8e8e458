//! # gorules-sgf
//!
//! Game records: read SGF (with this crate's own tokenizer, which keeps the offsets that
//! error messages give as line and column), check it, replay it, write it back.
//!
//! [`parse_sgf`] and [`read_sgf_file`] turn SGF text (FF\[4\], and the older FF\[1\]-FF\[3\]
//! files found in public collections) into one [`GameRecord`] per game of the collection: board
//! size, komi, handicap, setup stones, the moves of the main line (the first child at every
//! branch), the rules (`RU`, see [`ruleset_hint`]), the result ([`GameResult`]), names, dates
//! and the territory marked in the final node. Anything that would make a replay meaningless is
//! an error that names the file, line and column, node and move ([`RecordError`]); nothing
//! panics, whatever the input.
//!
//! Text outside game trees (prose before the first `(;`, a signature after the last `)`) is
//! ignored, as most SGF readers do. Files that are not UTF-8 are read as Latin-1.
//!
//! ```
//! use gorules_sgf::{parse_sgf, GameResult};
//! use gorules_board::{Color, Move};
//!
//! let games = parse_sgf("(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+0.5];B[cc];W[dc];B[];W[])", Some("mini.sgf"))?;
//! let game = &games[0];
//! assert_eq!(game.size.width(), 5);
//! assert_eq!(game.moves.len(), 4);
//! assert_eq!(game.moves[2].mv, Move::Pass);
//! assert!(game.ended_by_two_passes());
//! assert_eq!(game.result, Some(GameResult::Score { winner: Color::White, margin: 0.5 }));
//! assert_eq!(game.final_board()?.get(gorules_board::Point::new(2, 2)), Some(Color::Black));
//! # Ok::<(), gorules_sgf::RecordError>(())
//! ```

#![warn(missing_docs)]

mod convert;
mod error;
mod markup;
mod prop;
mod read;
mod record;
mod result;
mod rules_hint;
mod scan;
mod tree;
mod write;

pub use error::{Location, RecordError, RecordErrorKind};
pub use markup::{with_markup, GameMarkup};
pub use read::{
    parse_sgf, parse_sgf_bytes, parse_sgf_bytes_games, parse_sgf_games, place_error, read_sgf_file,
    sgf_text, MAX_TREE_DEPTH,
};
pub use record::{GameRecord, TerritoryMarkup};
pub use result::GameResult;
pub use rules_hint::{
    ruleset_hint, KataGoRules, KoHint, RulesHint, ScoringHint, TaxHint, WhiteHandicapBonus,
};
pub use write::to_sgf;
