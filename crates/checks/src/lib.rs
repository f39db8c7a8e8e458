//! # gorules-checks
//!
//! The checks that the property tests (under `cargo test`, a few thousand inputs a run) and
//! the cargo-fuzz targets of `fuzz/` (for long runs) share, so that both hold the program to
//! the same properties: what must hold for any bytes read as a record, compared and written in
//! every output format ([`record_bytes`]), for any bytes read as a run's Parquet file
//! ([`run_bytes`]), for any GTP session ([`gtp_session`]), and, with the
//! `proptest` feature, small edits of SGF texts to mutate valid records with
//! (`sgf_mutations`). Each check panics on a fault. Not published: a tool of the tests.
#![warn(missing_docs)]

pub mod gtp_session;
pub mod record_bytes;
pub mod run_bytes;
#[cfg(feature = "proptest")]
pub mod sgf_mutations;
