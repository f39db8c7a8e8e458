//! The integration tests of `gorules-board`, one module per file of this folder, built as one
//! test binary (one link instead of one per file). Every file here must be named below:
//! `gorules-tests`' `every_integration_test_file_is_built` checks it.

mod captures;
mod liberties_after;
mod line;
mod pass_alive;
mod properties;
