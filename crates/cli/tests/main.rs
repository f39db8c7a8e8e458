//! The integration tests of `gorules-cli`, one module per file of this folder, built as one
//! test binary (one link instead of one per file). Every file here must be named below:
//! `gorules-tests`' `every_integration_test_file_is_built` checks it.

mod annotate;
mod cli;
mod common;
mod compare;
mod csv_contract;
mod diagram;
mod fuzz;
mod gtp;
mod gtp_referee;
mod input_files;
mod katago;
mod katago_records;
mod parquet;
mod python;
mod serve_browser;
