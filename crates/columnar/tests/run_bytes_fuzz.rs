//! Fuzzing the reader of a run's Parquet file: a real run's file with bytes changed, cut short
//! or grown, and arbitrary bytes, read as `gorules summary` reads them, must never panic: an
//! error names the file, and what reads counts into a summary written in every format (the
//! checks of `gorules_checks::run_bytes`, which the cargo-fuzz target `run` runs for longer).
//! With them: a byte changed in the row groups is always noticed (the row groups' checksum).
//! About 1,600 inputs a run (`CASES_*`).

use std::path::PathBuf;
use std::sync::OnceLock;

use gorules_checks::run_bytes::check_run_bytes;
use gorules_columnar::to_parquet;
use gorules_compare::corpus::{compare_paths, score_columns, RunLimits};
use gorules_compare::dead::DeadStones;
use gorules_compare::replay::Options;
use gorules_compare::rules_choice::{fixed, RulesetChoice};
use proptest::prelude::*;

const CASES_EDITED: u32 = 1_000;
const CASES_BYTES: u32 = 300;
const CASES_NOTICED: u32 = 300;

/// A real run's Parquet file: a few records of examples/ (a finished game, a handicap game, a
/// record that does not read) under two rulesets and the record's own.
fn seed() -> &'static [u8] {
    static SEED: OnceLock<Vec<u8>> = OnceLock::new();
    SEED.get_or_init(|| {
        let examples = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples"));
        let mut rulesets = fixed(
            gorules_rules::builtins()
                .into_iter()
                .filter(|r| r.id == "japanese" || r.id == "chinese")
                .collect(),
        );
        rulesets.push(RulesetChoice::Record(None));
        let options = Options {
            dead: DeadStones::Markup,
            ..Options::default()
        };
        let mut entries = Vec::new();
        compare_paths(
            &[
                examples.join("dame-parity.sgf"),
                examples.join("gnugo/19x19-japanese-52.sgf"),
                examples.join("no-such-file.sgf"),
            ],
            &rulesets,
            &options,
            RunLimits::default(),
            &|| {},
            |e| entries.push(e),
        );
        assert_eq!(entries.len(), 3);
        to_parquet(&entries, &score_columns(&rulesets, &options)).expect("a run's file")
    })
}

/// A change of a file's bytes.
#[derive(Clone, Debug)]
enum Edit {
    /// The byte at a place (taken modulo the length) set.
    Set(usize, u8),
    /// A bit of the byte at a place flipped.
    Flip(usize, u8),
    /// The file cut to this many bytes from its end kept (a footer read without its pages) or
    /// from its start.
    Cut(usize, bool),
    /// Bytes put in at a place.
    Insert(usize, Vec<u8>),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Edit::Set(at, b)),
        4 => (any::<usize>(), 0u8..8).prop_map(|(at, bit)| Edit::Flip(at, bit)),
        1 => (any::<usize>(), any::<bool>()).prop_map(|(n, end)| Edit::Cut(n, end)),
        1 => (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..16))
            .prop_map(|(at, b)| Edit::Insert(at, b)),
    ]
}

fn apply(bytes: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for e in edits {
        if out.is_empty() {
            break;
        }
        let n = out.len();
        match e {
            Edit::Set(at, b) => out[at % n] = *b,
            Edit::Flip(at, bit) => out[at % n] ^= 1 << bit,
            Edit::Cut(k, true) => out = out[k % n..].to_vec(),
            Edit::Cut(k, false) => out.truncate(k % n),
            Edit::Insert(at, b) => {
                let at = at % n;
                out.splice(at..at, b.iter().copied());
            }
        }
    }
    out
}

#[test]
fn the_seed_reads() {
    // The seed is a run that reads in full; the edits below start from a file that works.
    check_run_bytes(seed());
    let entries = gorules_columnar::read_run_bytes("seed", seed().to_vec())
        .unwrap()
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    assert_eq!(entries.len(), 3);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES_EDITED, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn edited_runs_read_without_fault(edits in proptest::collection::vec(edit(), 1..4)) {
        check_run_bytes(&apply(seed(), &edits));
    }
}

/// The end of a run file's row groups, as its footer's checksum entry says (what follows,
/// the page indexes and the footer, holds no value the summary reads).
fn row_groups_end(file: &[u8]) -> usize {
    let meta = parquet::file::metadata::ParquetMetaDataReader::new()
        .parse_and_finish(&bytes::Bytes::copy_from_slice(file))
        .unwrap();
    let kv = meta.file_metadata().key_value_metadata().unwrap();
    let sum = kv
        .iter()
        .find(|kv| kv.key == gorules_columnar::schema::DATA_CHECKSUM_KEY)
        .and_then(|kv| kv.value.as_deref())
        .unwrap();
    sum.split(' ').next().unwrap().parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES_NOTICED, failure_persistence: None, ..ProptestConfig::default() })]
    /// A byte changed anywhere in the row groups — a page of values, a page header, the
    /// magic before them — is noticed when the file is opened: the checksum in the footer no
    /// longer holds. (Without it, Snappy's pages and the decoders let about four changes in ten pass
    /// unnoticed, and the summary would count changed values.)
    #[test]
    fn a_changed_byte_of_the_row_groups_is_noticed(at in any::<usize>(), to in 1u8..=255) {
        let seed = seed();
        let mut file = seed.to_vec();
        let end = row_groups_end(seed);
        prop_assert!(end > 1_000 && end < seed.len(), "{} of {}", end, seed.len());
        let at = at % end;
        file[at] ^= to;
        match gorules_columnar::read_run_bytes("changed.parquet", file) {
            Ok(_) => panic!("a change of byte {at} read without error"),
            Err(e) => prop_assert!(e.starts_with("changed.parquet: "), "{}", e),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES_BYTES, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn arbitrary_bytes_read_without_fault(
        body in proptest::collection::vec(any::<u8>(), 0..512),
        framed in any::<bool>(),
    ) {
        // Framed: the magic `PAR1` at both ends and a footer length, so that the reader gets
        // past its first check.
        let bytes = if framed {
            let mut b = b"PAR1".to_vec();
            b.extend_from_slice(&body);
            b.extend_from_slice(&u32::try_from(body.len()).unwrap().to_le_bytes());
            b.extend_from_slice(b"PAR1");
            b
        } else {
            body
        };
        check_run_bytes(&bytes);
    }
}
