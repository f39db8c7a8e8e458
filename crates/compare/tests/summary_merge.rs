//! A corpus summary merges: the tallies of the shards of a run (split anywhere, in input
//! order), merged in order, give exactly the summary of the whole run, examples included.

use std::path::PathBuf;
use std::sync::OnceLock;

use gorules_compare::corpus::{compare_paths, score_columns, RunLimits, Tally, TallyRow};
use gorules_compare::dead::DeadStones;
use gorules_compare::replay::Options;
use gorules_compare::rules_choice::fixed;
use proptest::prelude::*;

/// The score columns and the summary rows of the records that ship with the repository (GNU Go
/// self-play on three board sizes, and the examples), under rulesets that count differently.
fn rows() -> &'static (Vec<String>, Vec<TallyRow>) {
    static ROWS: OnceLock<(Vec<String>, Vec<TallyRow>)> = OnceLock::new();
    ROWS.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples");
        let paths = vec![root.join("gnugo"), root.join("dame-parity.sgf")];
        let rulesets = fixed(
            ["japanese", "chinese", "aga", "concord"]
                .iter()
                .map(|id| gorules_rules::builtin(id).unwrap())
                .collect(),
        );
        let options = Options {
            dead: DeadStones::Markup,
            ..Options::default()
        };
        let columns = score_columns(&rulesets, &options);
        let mut rows = Vec::new();
        compare_paths(
            &paths,
            &rulesets,
            &options,
            RunLimits::default(),
            &|| {},
            |e| {
                rows.push(TallyRow::with_examples(&columns, &e, true));
            },
        );
        assert!(rows.len() >= 20, "{} records", rows.len());
        (columns, rows)
    })
}

/// The tally of `rows` keeping `examples` examples.
fn tally(columns: &[String], rows: &[TallyRow], examples: usize) -> Tally {
    let mut t = Tally::new(columns.to_vec()).examples(examples);
    for row in rows {
        t.add_row(row);
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn shards_merged_in_order_sum_up_to_the_whole(
        cuts in proptest::collection::vec(0usize..1000, 0..5),
        errors in proptest::collection::vec(0usize..1000, 0..4),
        examples in 0usize..4,
    ) {
        let (columns, rows) = rows();
        // Entries that could not be read count too: rows with no report, put anywhere.
        let mut rows = rows.clone();
        for e in errors {
            rows.insert(e % (rows.len() + 1), TallyRow::default());
        }
        let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c % (rows.len() + 1)).collect();
        cuts.push(0);
        cuts.push(rows.len());
        cuts.sort_unstable();
        let whole = tally(columns, &rows, examples).summary();
        let mut merged = tally(columns, &[], examples);
        for shard in cuts.windows(2) {
            merged.merge(&tally(columns, &rows[shard[0]..shard[1]], examples)).unwrap();
        }
        prop_assert_eq!(merged.summary(), whole);
    }
}

#[test]
fn the_summary_of_the_shipped_records_has_something_to_merge() {
    // Without winner changes and margin differences the property above would prove little.
    let (columns, rows) = rows();
    let s = tally(columns, rows, 3).summary();
    assert!(s.pairs.iter().any(|p| p.winner_changes > 0), "{s:?}");
    assert!(s.pairs.iter().any(|p| p.margin_deltas.len() > 1), "{s:?}");
    assert!(s.groups.len() >= 3, "{s:?}");
}

#[test]
fn tallies_of_other_scores_or_examples_are_refused_and_left_unchanged() {
    let (columns, rows) = rows();
    let mut a = tally(columns, &rows[..5], 2);
    let before = a.summary();
    let other = Tally::new(vec!["chinese:area".to_string()]).examples(2);
    let err = a.merge(&other).unwrap_err();
    assert!(err.contains("different scores"), "{err}");
    let err = a.merge(&tally(columns, &rows[5..], 1)).unwrap_err();
    assert!(err.contains("different numbers of examples"), "{err}");
    assert_eq!(a.summary(), before);
}
