//! Bytes read as the record `fuzz.sgf`, replayed and scored under every built-in ruleset, and
//! written in every output format: the checks of `gorules_checks::record_bytes`
//! (no panic, scores that add up, JSON that parses, no raw control characters), the annotate
//! round trip (annotated under one built-in ruleset and dead-stone source, read back, the same
//! scores) and the reading of files (a file as memory; special files refused). The first byte
//! also picks the run's options (the record's own ruleset, dead stones, unfinished games,
//! `--strict`), the second the annotate round trip's ruleset and dead-stone source.
//!
//!     cargo +nightly fuzz run -s none record fuzz/corpus/record examples tests/fixtures/sgf -- -max_total_time=600 -max_len=4096

#![no_main]

use std::sync::OnceLock;

use gorules_checks::record_bytes::{
    annotate_dead, check_annotate_round_trip, check_file_read, check_record_bytes, run_from,
};
use gorules_rules::Ruleset;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    static RULESETS: OnceLock<Vec<Ruleset>> = OnceLock::new();
    let rulesets = RULESETS.get_or_init(gorules_rules::builtins);
    let pick = bytes.first().copied().unwrap_or(0);
    let (choices, options) = run_from(pick, rulesets);
    check_record_bytes(bytes, &choices, &options);
    let second = bytes.get(1).copied().unwrap_or(0);
    let rules = &rulesets[usize::from(second) % rulesets.len()];
    check_annotate_round_trip(
        bytes,
        rules,
        annotate_dead(second / 16, bytes),
        pick & 1 != 0,
    );
    if second % 8 == 0 {
        static DIR: OnceLock<std::path::PathBuf> = OnceLock::new();
        let dir = DIR.get_or_init(|| {
            let d = std::env::temp_dir().join(format!("gorules-fuzz-files-{}", std::process::id()));
            std::fs::create_dir_all(&d).expect("a scratch folder");
            d
        });
        check_file_read(bytes, dir);
    }
});
