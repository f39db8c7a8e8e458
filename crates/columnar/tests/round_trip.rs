//! A corpus run written as Parquet and read back gives the summary the run's own entries
//! give: every count, example and group, whatever the batch and row group boundaries.

use std::collections::HashMap;
use std::path::PathBuf;

use gorules_columnar::schema::DATA_CHECKSUM_KEY;
use gorules_columnar::{read_run, run_schema, to_parquet, StoredEntry};
use gorules_compare::corpus::{
    compare_paths, score_columns, GameEntry, RunLimits, Tally, TallyRow,
};
use gorules_compare::dead::DeadStones;
use gorules_compare::replay::Options;
use gorules_compare::rules_choice::{fixed, RulesetChoice};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

fn examples() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples"))
}

/// The entries of `compare` over examples/ under these rulesets, and their score columns.
fn run(rulesets: Vec<RulesetChoice>) -> (Vec<GameEntry>, Vec<String>) {
    let options = Options {
        dead: DeadStones::Markup,
        ..Options::default()
    };
    let mut entries = Vec::new();
    compare_paths(
        &[examples(), examples().join("no-such-file.sgf")],
        &rulesets,
        &options,
        RunLimits::default(),
        &|| {},
        |e| entries.push(e),
    );
    let columns = score_columns(&rulesets, &options);
    (entries, columns)
}

#[test]
fn the_summary_read_back_is_the_runs() {
    let mut rulesets = fixed(gorules_rules::builtins());
    rulesets.push(RulesetChoice::Record(None));
    let (entries, columns) = run(rulesets);
    assert!(entries.len() > 150, "{}", entries.len());
    assert!(entries.iter().any(|e| matches!(e, GameEntry::Error { .. })));
    let mut direct = Tally::new(columns.clone()).examples(5);
    for e in &entries {
        direct.add(e);
    }
    let bytes = to_parquet(&entries, &columns).unwrap();
    let dir = std::env::temp_dir().join(format!("gorules-columnar-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("run.parquet");
    std::fs::write(&file, bytes).unwrap();
    let reader = read_run(&file).unwrap();
    assert_eq!(reader.score_columns(), columns.as_slice());
    let mut read = Tally::new(columns.clone()).examples(5);
    let mut count = 0;
    for (stored, original) in reader.zip(&entries) {
        let stored = stored.unwrap();
        match (&stored, original) {
            (StoredEntry::Error, GameEntry::Error { .. }) => {
                read.add_row(&TallyRow::default());
            }
            (StoredEntry::Game(g), GameEntry::Report(r)) => {
                assert_eq!(g.source, r.game.source.clone().unwrap_or_default());
                assert_eq!(g.game_index, r.game.game_index);
                // The columns hold the kinds of a score's doubts, not their points and dame
                // (docs/json.md, "Parquet and Arrow").
                let scores: Vec<_> = r
                    .score_parts()
                    .map(|(a, b, s)| {
                        let mut s = s.clone();
                        for d in &mut s.doubts {
                            d.points.clear();
                            d.dame.clear();
                        }
                        (a.to_string(), b.to_string(), s)
                    })
                    .collect();
                assert_eq!(g.scores, scores);
                read.add_row(&TallyRow::of_game(&columns, &g.tally_game(), true));
            }
            _ => panic!("entry {count}: {stored:?} read back for another kind of entry"),
        }
        count += 1;
    }
    assert_eq!(count, entries.len());
    // Some finished games have a territory count that is not sure: the flag comes back.
    assert!(direct.summary().unsure_territory_counts > 0);
    assert_eq!(read.summary(), direct.summary());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_streams_schema_is_the_files() {
    // What a stream of the batches says of itself (`run_schema`: the Python package's Arrow
    // stream) is what the Parquet file of the same run holds: the same columns and types, and
    // the run's metadata among the file's key-value pairs.
    let (entries, columns) = run(fixed(gorules_rules::builtins()));
    let path = std::env::temp_dir().join(format!(
        "gorules-columnar-schema-{}.parquet",
        std::process::id()
    ));
    std::fs::write(&path, to_parquet(&entries, &columns).unwrap()).unwrap();
    let file =
        ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(&path).unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    let stream = run_schema(&columns);
    assert_eq!(file.schema().fields(), stream.fields());
    let mut stored: HashMap<String, String> = file
        .metadata()
        .file_metadata()
        .key_value_metadata()
        .unwrap()
        .iter()
        .map(|kv| (kv.key.clone(), kv.value.clone().unwrap_or_default()))
        .filter(|(k, _)| k.starts_with("gorules:"))
        .collect();
    // The file also holds the checksum of its own row groups, which a stream has not.
    assert!(stored.remove(DATA_CHECKSUM_KEY).is_some());
    assert_eq!(&stored, stream.metadata());
    assert_eq!(stored["gorules:schema_version"], "1");
    let named: Vec<String> = serde_json::from_str(&stored["gorules:score_columns"]).unwrap();
    assert_eq!(named, columns);
}
