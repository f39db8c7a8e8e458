//! # gorules-compare
//!
//! The comparison engine: take a game record (read from SGF by `gorules-sgf`), replay it under
//! each ruleset ([`replay`]), and report legality, the end of play, and every score with its
//! breakdown and the reasons two scores differ ([`report`], [`explain`]); over a corpus in
//! parallel ([`corpus`]).
#![warn(missing_docs)]

pub mod annotate;
pub mod corpus;
pub mod corpus_printer;
pub mod csv;
pub mod dead;
pub mod diagram;
pub mod explain;
pub mod json_writer;
pub mod render;
pub mod replay;
pub mod report;
pub mod rules_choice;
mod shared;

/// Finding and reading input files (the `gorules-files` crate, which every reader shares).
pub use gorules_files as files;
