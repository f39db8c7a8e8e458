//! Bytes read as the record `fuzz.sgf`, replayed and scored under every built-in ruleset, and
//! written in every output format: the checks of `crates/compare/tests/support/record_bytes.rs`
//! (no panic, scores that add up, JSON that parses, no raw control characters). The first byte
//! also picks the run's options (the record's own ruleset, dead stones, unfinished games,
//! `--strict`).
//!
//!     cargo +nightly fuzz run -s none record fuzz/corpus/record examples tests/fixtures/sgf -- -max_total_time=600 -max_len=4096

#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

include!("../../crates/compare/tests/support/record_bytes.rs");

fuzz_target!(|bytes: &[u8]| {
    static RULESETS: OnceLock<Vec<Ruleset>> = OnceLock::new();
    let rulesets = RULESETS.get_or_init(gorules_rules::builtins);
    let pick = bytes.first().copied().unwrap_or(0);
    let (rulesets, options) = run_from(pick, rulesets);
    check_record_bytes(bytes, &rulesets, &options);
});
