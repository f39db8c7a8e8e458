//! Any bytes as a GTP session (a controller's commands to `gorules gtp`): every command line
//! gets one answer in GTP version 2's framing, in order, with no control character but line
//! feeds; the checks of `gorules_checks::gtp_session`, which the property test
//! `crates/gtp/tests/session_fuzz.rs` runs for a few seconds under `cargo test`.
//!
//!     cargo +nightly fuzz run -s none gtp fuzz/corpus/gtp -- -max_total_time=600 -max_len=4096

#![no_main]

use gorules_checks::gtp_session::check_session;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    check_session(bytes);
});
