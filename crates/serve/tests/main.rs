//! The integration tests of `gorules-serve`, one module per file of this folder, built as one
//! test binary: each starts the service on an ephemeral loopback port and speaks HTTP to it.
//! Every file here must be named below: `gorules-tests`' `every_integration_test_file_is_built`
//! checks it.

mod claims;
mod inline;
mod limits;
mod page;
mod records;
mod rulesets;
mod score;
mod support;
