//! # gorules-compare
//!
//! Game records and the comparison engine: read an SGF record ([`record`]), replay it under
//! each ruleset ([`replay`]), and report legality, the end of play, and every score with its
//! breakdown and the reasons two scores differ ([`report`], [`explain`]); over a corpus in
//! parallel ([`corpus`]).
#![warn(missing_docs)]

pub mod annotate;
pub mod corpus;
pub mod corpus_printer;
pub mod dead;
pub mod diagram;
pub mod explain;
pub mod files;
mod nested_json;
pub mod record;
pub mod render;
pub mod replay;
pub mod report;
mod shared;
