//! Fuzzing the way from bytes to a report: mutated records and arbitrary bytes read, replayed
//! and scored under every built-in ruleset, and written in every format, must never panic,
//! must add up, and must give JSON that parses and text without raw control characters (the
//! checks of `gorules_checks::record_bytes`, which the cargo-fuzz target `record` runs for
//! longer).
//!
//! With them, the annotate round trip (annotate, read back, the same scores under each
//! built-in ruleset and dead-stone source) and reads from files (as from memory; special files
//! refused). About 3,300 inputs a run (`CASES_*`).

use gorules_checks::record_bytes::{
    annotate_dead, check_annotate_round_trip, check_file_read, check_record_bytes, run_from,
};
use gorules_checks::sgf_mutations::{apply, edit};
use gorules_rules::builtins;
use proptest::prelude::*;

const CASES_MUTATED: u32 = 2_000;
const CASES_BYTES: u32 = 500;
const CASES_ANNOTATE: u32 = 600;
const CASES_FILES: u32 = 200;

/// Records to mutate: a finished game with captures and markup, a handicap game, a
/// collection, a KataGo record with its rules string, and one with a control character.
const SEEDS: &[&str] = &[
    "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese];B[cc];W[dc];B[cd];W[dd];B[bd];W[de];B[ce];W[cb];B[bb];W[db];B[];W[];TB[aa][ab])",
    "(;GM[1]SZ[9]HA[2]AB[cc][gg]KM[0.5];W[ee];B[ef];W[df];B[dg];W[];B[];TW[aa])",
    "(;GM[1]SZ[5];B[cc];W[];B[])\n(;GM[1]SZ[5]RE[W+R];B[cc];W[dd];B[bb])",
    "(;FF[4]GM[1]SZ[7]KM[7]RU[koSITUATIONALscoreTERRITORYtaxSEKIsui0button1]RE[W+1];B[dd];W[cc];B[];W[];B[];W[])",
    "(;GM[1]SZ[5]RU[\u{1b}[2J]PB[a\rb]RE[B+2];B[cc];;B[dd];W[];B[])",
    // Passes written as empty nodes, the last two ending the game; and a two-stone suicide
    // that some rulesets refuse (replayed as a pass) and others allow.
    "(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];;B[dc];W[bb];;)",
    "(;GM[1]FF[4]SZ[5]KM[0.5];B[aa];W[ab];B[dd];W[bb];B[ee];W[ca];B[ba];W[cb];B[de];W[cc];B[ed];W[];B[])",
];

/// Characters to insert and substitute: SGF's own, point letters, and a control character.
const ALPHABET: &[char] = &[
    '(', ')', ';', '[', ']', '\\', ':', 'B', 'W', 'A', 'E', 'T', 'a', 'b', 'c', 'd', 'e', 's', 't',
    'z', '0', '1', '9', '-', '.', '\n', '\u{7}', 'é',
];

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES_MUTATED, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn mutated_records_compare_without_fault(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec(edit(ALPHABET), 0..6),
        pick in any::<u8>(),
    ) {
        let text = apply(SEEDS[seed], &edits);
        let (rulesets, options) = run_from(pick, &builtins());
        check_record_bytes(text.as_bytes(), &rulesets, &options);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES_ANNOTATE, failure_persistence: None, ..ProptestConfig::default() })]
    /// The annotate round trip, under each built-in ruleset in turn and each dead-stone source
    /// (markup, none, points).
    #[test]
    fn annotated_records_score_as_they_did(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec(edit(ALPHABET), 0..4),
        ruleset in 0..builtins().len(),
        dead in any::<u8>(),
        unfinished in any::<bool>(),
    ) {
        let text = apply(SEEDS[seed], &edits);
        let rules = &builtins()[ruleset];
        check_annotate_round_trip(text.as_bytes(), rules, annotate_dead(dead, text.as_bytes()), unfinished);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES_FILES, failure_persistence: None, ..ProptestConfig::default() })]
    /// Records read from a file as from memory; special files refused.
    #[test]
    fn records_read_from_files_as_from_memory(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec(edit(ALPHABET), 0..6),
    ) {
        let text = apply(SEEDS[seed], &edits);
        let dir = std::env::temp_dir().join(format!("gorules-record-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        check_file_read(text.as_bytes(), &dir);
    }
}

/// Every built-in ruleset and every dead-stone source on each seed record: the annotate round
/// trip without mutations, so that each pair is checked on every run.
#[test]
fn seed_records_annotate_and_score_as_they_did() {
    for text in SEEDS {
        for rules in &builtins() {
            for dead in 0..3 {
                for unfinished in [false, true] {
                    check_annotate_round_trip(
                        text.as_bytes(),
                        rules,
                        annotate_dead(dead, text.as_bytes()),
                        unfinished,
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES_BYTES, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn arbitrary_bytes_compare_without_fault(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        pick in any::<u8>(),
    ) {
        let (rulesets, options) = run_from(pick, &builtins());
        check_record_bytes(&bytes, &rulesets, &options);
    }
}
