//! # gorules-gtp
//!
//! A Go Text Protocol (version 2) rules engine: a program that keeps the game under a gorules
//! ruleset, checks every move (`play` of an illegal move answers `? illegal move: ` and the
//! reason), and scores the game and lists its dead stones as `gorules score` does. It does not
//! choose moves: it is a referee (gogui-twogtp's `-referee`) or a scoring engine for a server.
//!
//! - [`protocol`]: the framing of commands and responses;
//! - [`engine`]: the game and the commands.
//!
//! ```
//! use gorules_gtp::{serve, Engine};
//!
//! let mut engine = Engine::new(gorules_rules::builtin("chinese").unwrap());
//! let script = "boardsize 5\nplay b c3\n2 play w c3\n3 gorules-legal w c3\nquit\n";
//! let mut out = Vec::new();
//! serve(&mut engine, script.as_bytes(), &mut out).unwrap();
//! let out = String::from_utf8(out).unwrap();
//! assert!(out.contains("?2 illegal move: the point is occupied\n\n"));
//! assert!(out.contains("=3 false the point is occupied\n\n"));
//! ```
#![warn(missing_docs)]

pub mod engine;
pub mod protocol;

pub use engine::{serve, Engine, COMMANDS};
