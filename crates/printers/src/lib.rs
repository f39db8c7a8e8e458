//! # gorules-printers
//!
//! The output formats of the engine's results (`gorules-compare`): a game's report
//! ([`game`], `gorules score`) and a corpus run written as it goes ([`corpus`],
//! `gorules compare`), as aligned text, Markdown, CSV ([`csv`]), JSON and JSON Lines (through
//! [`gorules_rules::json`]), one [`Format`] for them all. A printer writes to any
//! `std::io::Write`; the engine's entries are fed to it through a [`Sink`], as a search's
//! matches are fed to ripgrep's printers.
//!
//! A front end (the command line, a service) reads its request (`gorules-request`), runs the
//! engine, and hands each entry to a printer:
//!
//! ```
//! use gorules_compare::corpus::GameEntry;
//! use gorules_compare::dead::DeadStones;
//! use gorules_compare::replay::Options;
//! use gorules_compare::report::compare_game;
//! use gorules_printers::{Format, GamePrinter, Sink};
//!
//! let record = &gorules_sgf::parse_sgf("(;GM[1]SZ[5]KM[0.5];B[cc];W[];B[])", None).unwrap()[0];
//! let chinese = std::sync::Arc::new(gorules_rules::builtin("chinese").unwrap());
//! let options = Options { dead: DeadStones::None, ..Options::default() };
//! let report = compare_game(record, &[chinese], &options).unwrap();
//! let mut printer = GamePrinter::new(Format::Csv, Vec::new());
//! printer.game(&GameEntry::Report(Box::new(report))).unwrap();
//! printer.finish(None).unwrap();
//! let csv = String::from_utf8(printer.into_inner()).unwrap();
//! // The header, then a row for Chinese area counting: Black's c3 owns the 5x5 board.
//! assert_eq!(csv.lines().count(), 2);
//! assert!(csv.lines().nth(1).unwrap().contains("B+24.5"));
//! ```
//!
//! The board diagram (`gorules diagram`, text or SVG) is not here: it is a report of its own
//! (one position drawn, with its settlement and territory), made and drawn by
//! `gorules_compare::diagram`, not a format of these reports.
#![warn(missing_docs)]

pub mod corpus;
pub mod csv;
mod format;
pub mod game;
mod grid;
pub mod sink;

pub use corpus::{summary_output, CorpusLayout, CorpusPrinter, Piece};
pub use format::Format;
pub use game::GamePrinter;
pub use sink::Sink;
