//! The integration tests of `gorules-rules`, one module per file of this folder, built as one
//! test binary (one link instead of one per file). Every file here must be named below:
//! `gorules-tests`' `every_integration_test_file_is_built` checks it.

mod aga;
mod common;
mod concord;
mod differences;
mod final_pass_settlement;
mod identities;
mod katago;
mod katago_knobs;
mod katago_vectors;
mod knob_set;
mod knob_table;
mod new_rule_as_data;
mod plain_opening;
mod referee_fixtures;
mod referee_properties;
mod replay_fast_paths;
mod replay_steps;
mod stone_scoring;
mod toml_files;
