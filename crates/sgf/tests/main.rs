//! The integration tests of `gorules-sgf`, one module per file of this folder, built as one
//! test binary (one link instead of one per file). Every file here must be named below:
//! `gorules-tests`' `every_integration_test_file_is_built` checks it.

mod record_corpus;
mod record_errors;
mod record_fixtures;
mod record_fuzz;
mod record_roundtrip;
