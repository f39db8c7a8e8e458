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

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, failure_persistence: None, ..ProptestConfig::default() })]
    /// A tally's state (what crosses processes) reads back to the same tally, and shards read
    /// back from their states still merge to the whole run's summary.
    #[test]
    fn a_tally_read_back_from_its_state_is_the_same_and_merges_the_same(
        cut in 0usize..1000,
        examples in 0usize..4,
    ) {
        let (columns, rows) = rows();
        let cut = cut % (rows.len() + 1);
        let whole = tally(columns, rows, examples);
        let back = Tally::from_state(whole.to_state().as_bytes()).unwrap();
        prop_assert_eq!(&back, &whole);
        let mut first = Tally::from_state(tally(columns, &rows[..cut], examples).to_state().as_bytes()).unwrap();
        let second = Tally::from_state(tally(columns, &rows[cut..], examples).to_state().as_bytes()).unwrap();
        first.merge(&second).unwrap();
        prop_assert_eq!(first.summary(), whole.summary());
    }
}

#[test]
fn a_state_of_another_version_or_with_counts_no_run_gives_is_refused() {
    let (columns, rows) = rows();
    let state: serde_json::Value =
        serde_json::from_str(&tally(columns, rows, 2).to_state()).unwrap();
    let refused = |v: &serde_json::Value| Tally::from_state(v.to_string().as_bytes()).unwrap_err();
    let mut other = state.clone();
    other["gorules_tally"] = serde_json::json!(gorules_compare::corpus::TALLY_STATE_VERSION + 1);
    let err = refused(&other);
    assert!(err.contains("version"), "{err}");
    let err = Tally::from_state(b"not json").unwrap_err();
    assert!(err.contains("not a tally's state"), "{err}");
    let err = refused(&serde_json::json!({"games": 3}));
    assert!(err.contains("no \"gorules_tally\""), "{err}");
    // More finished games than games read.
    let mut more = state.clone();
    more["tally"]["finished"] = serde_json::json!(1_000_000);
    let err = refused(&more);
    assert!(err.contains("finished"), "{err}");
    // A pair with more winner changes than games.
    let mut pair = state.clone();
    pair["tally"]["pairs"][0]["winner_changes"] = serde_json::json!(1_000_000);
    let err = refused(&pair);
    assert!(err.contains("pair 0"), "{err}");
    // A pair missing: the columns call for more.
    let mut fewer = state.clone();
    fewer["tally"]["pairs"].as_array_mut().unwrap().pop();
    let err = refused(&fewer);
    assert!(err.contains("pairs for"), "{err}");
    // A field the tally does not have.
    let mut unknown = state.clone();
    unknown["tally"]["extra"] = serde_json::json!(1);
    let err = refused(&unknown);
    assert!(err.contains("extra"), "{err}");
    // The state as written reads back.
    assert!(Tally::from_state(state.to_string().as_bytes()).is_ok());
}

#[test]
fn tallies_whose_games_would_overflow_are_refused() {
    let (columns, _) = rows();
    let mut state: serde_json::Value =
        serde_json::from_str(&tally(columns, &[TallyRow::default()], 0).to_state()).unwrap();
    state["tally"]["games"] = serde_json::json!(usize::MAX);
    let mut big = Tally::from_state(state.to_string().as_bytes()).unwrap();
    let before = big.clone();
    let err = big.merge(&before.clone()).unwrap_err();
    assert!(err.contains("more games"), "{err}");
    assert_eq!(big, before);
}
