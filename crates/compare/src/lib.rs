//! # gorules-compare
//!
//! The comparison engine: take a game record (read from SGF by `gorules-sgf`), replay it under
//! each ruleset ([`replay`]), and report legality, the end of play, and every score with its
//! breakdown and the reasons two scores differ ([`report`], [`explain`]); over a corpus, the
//! entries in input order and a summary per pair of scores ([`corpus`]). The reports are
//! data (`serde::Serialize`): `gorules-printers` writes them in each output format.
//!
//! Two cargo features, both on by default, bring what a program on an operating system needs
//! and the engine does not: `files` walks directories and reads the records of a corpus run
//! (`gorules-files`, [`corpus::compare_paths`]), and `parallel` runs it on several threads
//! (rayon). Without them the engine (a record's bytes in, a report out) uses no file system,
//! thread or clock, and builds for `wasm32-unknown-unknown`:
//! `cargo check -p gorules-compare --no-default-features --target wasm32-unknown-unknown`.
#![warn(missing_docs)]

pub mod annotate;
pub mod corpus;
pub mod dead;
pub mod diagram;
pub mod explain;
pub mod point_report;
pub mod replay;
pub mod report;
pub mod rules_choice;
mod shared;

/// Finding and reading input files (the `gorules-files` crate, which every reader shares).
#[cfg(feature = "files")]
pub use gorules_files as files;
