//! The integration tests of `gorules-compare`, one module per file of this folder, built as one
//! test binary (one link instead of one per file). Every file here must be named below:
//! `gorules-tests`' `every_integration_test_file_is_built` checks it.

mod corpus;
mod counted_apart;
mod diagram;
mod fast_path;
mod library_errors;
mod summary_merge;
