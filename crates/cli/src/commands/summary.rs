//! `gorules summary FILE.parquet...`: the summary of `compare` from its Parquet files.

use std::path::PathBuf;
use std::process::ExitCode;

use gorules_columnar::{read_run, StoredEntry};
use gorules_compare::corpus::{Tally, TallyRow};
use gorules_printers::{summary_output, Format};

/// Counts the entries of `files` (the shards of one run, in its input order) as `compare`
/// counts its games, and prints the summary in `format`.
pub fn run(files: &[PathBuf], format: Format, examples: usize) -> Result<ExitCode, String> {
    if matches!(format, Format::Csv | Format::Parquet) {
        return Err(format!(
            "--format {format}: the summary is written as table, markdown, json or jsonl"
        ));
    }
    let mut columns: Option<(Vec<String>, String)> = None;
    let mut tally: Option<Tally> = None;
    for path in files {
        let name = path.display().to_string();
        let reader = read_run(path)?;
        let (columns, first) =
            columns.get_or_insert_with(|| (reader.score_columns().to_vec(), name.clone()));
        if reader.score_columns() != columns.as_slice() {
            return Err(format!(
                "{name}: not a shard of the same run as {first}: its scores are {}, not {}",
                reader.score_columns().join(", "),
                columns.join(", ")
            ));
        }
        let tally = tally.get_or_insert_with(|| Tally::new(columns.clone()).examples(examples));
        let wants_examples = tally.wants_examples();
        for entry in reader {
            let row = match entry? {
                StoredEntry::Error => TallyRow::default(),
                StoredEntry::Game(g) => TallyRow::of_game(columns, &g.tally_game(), wants_examples),
            };
            tally.add_row(&row);
        }
    }
    let tally = tally.ok_or("no file given")?;
    if let Some(text) = summary_output(&tally.summary(), format) {
        crate::output::print_bytes(&text);
    }
    Ok(ExitCode::SUCCESS)
}
