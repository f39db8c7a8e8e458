//! What must hold for any bytes read as the Parquet file of a corpus run, as `gorules summary`
//! reads it ([`check_run_bytes`]): no panic; an error that names the file first (the command
//! line escapes its control characters, as every message's); entries counted into a summary
//! that is written in every format of the summary (JSON that parses, no raw control
//! characters). Run by the property test `run_bytes_fuzz` of
//! `gorules-columnar` and the cargo-fuzz target `run`.

use gorules_columnar::{read_run_bytes, StoredEntry};
use gorules_compare::corpus::{Tally, TallyRow};
use gorules_printers::{summary_output, Format};

use crate::record_bytes::check_text;

/// The name the bytes are read under.
const NAME: &str = "fuzz.parquet";

/// The formats the summary is written in.
const FORMATS: [Format; 4] = [
    Format::Table,
    Format::Markdown,
    Format::Json,
    Format::JsonLines,
];

/// Reads `bytes` as a run's Parquet file, counts its entries as `gorules summary` does and
/// writes the summary in every format; panics on a fault.
pub fn check_run_bytes(bytes: &[u8]) {
    let reader = match read_run_bytes(NAME, bytes.to_vec()) {
        Ok(r) => r,
        Err(e) => return check_error(&e),
    };
    let columns = reader.score_columns().to_vec();
    let mut tally = Tally::new(columns.clone()).examples(2);
    let wants_examples = tally.wants_examples();
    for entry in reader {
        let row = match entry {
            Err(e) => return check_error(&e),
            Ok(StoredEntry::Error) => TallyRow::default(),
            Ok(StoredEntry::Game(g)) => {
                TallyRow::of_game(&columns, &g.tally_game(), wants_examples)
            }
        };
        tally.add_row(&row);
    }
    let summary = tally.summary();
    for format in FORMATS {
        if let Some(text) = summary_output(&summary, format) {
            check_text(&String::from_utf8_lossy(&text), format);
        }
    }
}

/// An error names the file first and says what is wrong.
fn check_error(e: &str) {
    assert!(e.starts_with(&format!("{NAME}: ")), "{e}");
    assert!(e.len() > NAME.len() + 2, "{e}");
}
