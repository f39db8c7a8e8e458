//! Parquet files of a corpus run: [`CorpusWriter`] writes the entries as they come, a row
//! group at a time, and [`read_run`] reads such a file back, entry by entry, as what the
//! summary needs of each ([`StoredEntry`]).
//!
//! Compression is Snappy: fast to write (the writer keeps up with a replay of thousands of
//! records a second on one thread), read by every Parquet reader (pyarrow, polars, DuckDB,
//! Spark), and pure Rust, so it adds no C library to the build.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int32Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch, StringArray};
use gorules_compare::corpus::GameEntry;
use gorules_compare::replay::{Breakdown, ScoreReport};
use gorules_rules::{Counting, Prisoners, SideScore};
use parquet::arrow::arrow_reader::{ParquetRecordBatchReader, ParquetRecordBatchReaderBuilder};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;

use crate::batch::BatchBuilder;
use crate::schema::{
    columns, run_metadata, schema, KIND_ERROR, SCHEMA_VERSION, SCHEMA_VERSION_KEY,
    SCORE_COLUMNS_KEY,
};

/// The rows a record batch holds before it is handed to the Parquet writer.
pub const BATCH_ROWS: usize = 8 * 1024;

/// The rows of a row group: when this many have gathered, they are encoded, written and
/// dropped, so that a run's memory does not grow with its length.
pub const ROW_GROUP_ROWS: usize = 64 * 1024;

/// A Parquet error as an I/O error.
fn io_error(e: parquet::errors::ParquetError) -> io::Error {
    io::Error::other(e)
}

/// Writes a corpus run as Parquet to any writer, entry by entry ([`CorpusWriter::write`]),
/// a row group at a time; [`CorpusWriter::finish`] writes the footer. The file's metadata
/// holds the run's score columns ([`SCORE_COLUMNS_KEY`]), which its summary needs.
pub struct CorpusWriter<W: Write + Send> {
    builder: BatchBuilder,
    writer: ArrowWriter<W>,
}

impl<W: Write + Send> CorpusWriter<W> {
    /// A writer of a run with these score columns
    /// ([`gorules_compare::corpus::score_columns`]) to `wtr`.
    pub fn new(wtr: W, score_columns: &[String]) -> io::Result<CorpusWriter<W>> {
        let mut metadata: Vec<KeyValue> = run_metadata(score_columns)
            .into_iter()
            .map(|(k, v)| KeyValue::new(k, v))
            .collect();
        // In a fixed order (the score columns first): the same run, the same bytes.
        metadata.sort_by(|a, b| a.key.cmp(&b.key));
        let props = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
            .set_key_value_metadata(Some(metadata))
            .build();
        let writer = ArrowWriter::try_new(wtr, schema(), Some(props)).map_err(io_error)?;
        Ok(CorpusWriter {
            builder: BatchBuilder::new(),
            writer,
        })
    }

    /// Writes the rows of the next entry of the run (they reach the writer a batch at a time).
    pub fn write(&mut self, entry: &GameEntry) -> io::Result<()> {
        self.builder.append(entry);
        if self.builder.rows() >= BATCH_ROWS {
            self.flush_batch()?;
        }
        Ok(())
    }

    /// Hands the rows gathered to the Parquet writer.
    fn flush_batch(&mut self) -> io::Result<()> {
        if self.builder.rows() > 0 {
            let batch = self.builder.finish();
            self.writer.write(&batch).map_err(io_error)?;
        }
        Ok(())
    }

    /// Writes the last rows and the footer, and gives back the writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.flush_batch()?;
        let mut wtr = self.writer.into_inner().map_err(io_error)?;
        wtr.flush()?;
        Ok(wtr)
    }
}

/// The Parquet bytes of a whole run: the entries' rows, with these score columns.
pub fn to_parquet<'a>(
    entries: impl IntoIterator<Item = &'a GameEntry>,
    score_columns: &[String],
) -> io::Result<Vec<u8>> {
    let mut w = CorpusWriter::new(Vec::new(), score_columns)?;
    for e in entries {
        w.write(e)?;
    }
    w.finish()
}

/// One entry of a run as read back from Parquet: what the summary needs of it.
#[derive(Clone, Debug, PartialEq)]
pub enum StoredEntry {
    /// A file or game that could not be read or replayed.
    Error,
    /// A game read.
    Game(StoredGame),
}

/// A game as read back from Parquet.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// The file.
    pub source: String,
    /// Its position in the file's collection, from 0.
    pub game_index: usize,
    /// Board size.
    pub size: String,
    /// Handicap stones.
    pub handicap: u32,
    /// The record's `RE`.
    pub result: Option<String>,
    /// Whether it ended in passes.
    pub finished: bool,
    /// Whether its estimated dead stones include an uncertain chain.
    pub uncertain: bool,
    /// Whether some ruleset finds a move illegal.
    pub illegal: bool,
    /// Its scores: the column's ruleset part (`record` for the record's own ruleset), the
    /// counting, the score.
    pub scores: Vec<(String, String, ScoreReport)>,
}

impl StoredGame {
    /// What the summary needs of it.
    pub fn tally_game(&self) -> gorules_compare::corpus::TallyGame<'_> {
        gorules_compare::corpus::TallyGame {
            source: &self.source,
            game_index: self.game_index,
            size: &self.size,
            handicap: self.handicap,
            result: self.result.as_deref(),
            finished: self.finished,
            uncertain: self.uncertain,
            illegal: self.illegal,
            scores: self
                .scores
                .iter()
                .map(|(r, c, s)| (r.as_str(), c.as_str(), s))
                .collect(),
        }
    }
}

/// A Parquet file of a run being read: its score columns, then its entries in order
/// ([`Iterator`]; an error names the file).
pub struct RunReader {
    name: String,
    score_columns: Vec<String>,
    batches: ParquetRecordBatchReader,
    batch: Option<RecordBatch>,
    row: usize,
    failed: bool,
}

/// Opens `path`, a Parquet file of a corpus run (`gorules compare --format parquet`), checks
/// that it has every column of [`schema`] with its type, and reads its score columns.
/// Errors name the file and say what is wrong.
pub fn read_run(path: &Path) -> Result<RunReader, String> {
    let name = path.display().to_string();
    let file = File::open(path).map_err(|e| format!("{name}: {e}"))?;
    let builder = ParquetRecordBatchReaderBuilder::try_new(file)
        .map_err(|e| format!("{name}: not a Parquet file ({e})"))?;
    let found = builder.schema().clone();
    for c in columns() {
        match found.field_with_name(&c.name) {
            Err(_) => {
                return Err(format!(
                    "{name}: not a gorules corpus run: no column `{}`",
                    c.name
                ))
            }
            Ok(f) if f.data_type() != &c.ty.data_type() => {
                return Err(format!(
                    "{name}: not a gorules corpus run: column `{}` is {}, not {}",
                    c.name,
                    f.data_type(),
                    c.ty.name()
                ))
            }
            Ok(_) => {}
        }
    }
    let meta = builder.metadata().file_metadata().key_value_metadata();
    let value = |key: &str| {
        meta.and_then(|m| m.iter().find(|kv| kv.key == key))
            .and_then(|kv| kv.value.clone())
    };
    let version = value(SCHEMA_VERSION_KEY)
        .ok_or_else(|| format!("{name}: not a gorules corpus run: no `{SCHEMA_VERSION_KEY}`"))?;
    if version != SCHEMA_VERSION.to_string() {
        return Err(format!(
            "{name}: a gorules corpus run of schema version {version}; this gorules reads version {SCHEMA_VERSION}"
        ));
    }
    let score_columns: Vec<String> = value(SCORE_COLUMNS_KEY)
        .and_then(|v| serde_json::from_str(&v).ok())
        .ok_or_else(|| {
            format!("{name}: not a gorules corpus run: no score columns in `{SCORE_COLUMNS_KEY}`")
        })?;
    // Only the columns the summary reads are decoded.
    let wanted = [
        "entry",
        "kind",
        "source",
        "game_index",
        "size",
        "handicap",
        "record_result",
        "ended_by_passes",
        "dead_estimate_uncertain",
        "ruleset",
        "from_record",
        "record_fallback",
        "legal",
        "counting",
        "black",
        "white",
        "margin",
        "result",
    ];
    let parquet_schema = builder.parquet_schema();
    let leaves: Vec<usize> = (0..parquet_schema.num_columns())
        .filter(|&i| {
            let path = parquet_schema.column(i).path().parts()[0].clone();
            wanted.contains(&path.as_str())
                || path.starts_with("black_")
                || path.starts_with("white_")
        })
        .collect();
    let mask = parquet::arrow::ProjectionMask::leaves(parquet_schema, leaves);
    let batches = builder
        .with_projection(mask)
        .with_batch_size(BATCH_ROWS)
        .build()
        .map_err(|e| format!("{name}: {e}"))?;
    Ok(RunReader {
        name,
        score_columns,
        batches,
        batch: None,
        row: 0,
        failed: false,
    })
}

impl RunReader {
    /// The run's score columns ([`gorules_compare::corpus::score_columns`]).
    pub fn score_columns(&self) -> &[String] {
        &self.score_columns
    }

    /// Makes the current batch one with a row left to read (`self.row`); false at the end.
    fn advance(&mut self) -> Result<bool, String> {
        loop {
            if let Some(b) = &self.batch {
                if self.row < b.num_rows() {
                    return Ok(true);
                }
            }
            match self.batches.next() {
                None => {
                    self.batch = None;
                    return Ok(false);
                }
                Some(Err(e)) => return Err(format!("{}: {e}", self.name)),
                Some(Ok(b)) => {
                    self.batch = Some(b);
                    self.row = 0;
                }
            }
        }
    }

    /// The next entry: its rows, read while `entry` stays the same.
    fn next_entry(&mut self) -> Result<Option<StoredEntry>, String> {
        let name = self.name.clone();
        let bad = |what: &str| format!("{name}: a row that no gorules run writes: {what}");
        let mut number = None;
        let mut entry: Option<StoredEntry> = None;
        loop {
            if !self.advance()? {
                break;
            }
            let row = self.row;
            let cols = Cols {
                batch: self.batch.as_ref().expect("advance keeps a batch"),
            };
            let n = cols
                .u64("entry", row)
                .ok_or_else(|| bad("no entry number"))?;
            match number {
                None => number = Some(n),
                Some(m) if m != n => break,
                Some(_) => {}
            }
            self.row = row + 1;
            let kind = cols.text("kind", row).ok_or_else(|| bad("no kind"))?;
            if kind == KIND_ERROR {
                if entry.is_some() {
                    return Err(bad("an error row inside a game's rows"));
                }
                entry = Some(StoredEntry::Error);
                continue;
            }
            let game = match &mut entry {
                Some(StoredEntry::Game(g)) => g,
                Some(StoredEntry::Error) => return Err(bad("a game's row after an error row")),
                None => {
                    entry = Some(StoredEntry::Game(StoredGame {
                        source: cols.text("source", row).unwrap_or_default().to_string(),
                        game_index: cols
                            .u64("game_index", row)
                            .ok_or_else(|| bad("a game without game_index"))?
                            as usize,
                        size: cols
                            .text("size", row)
                            .ok_or_else(|| bad("a game without size"))?
                            .to_string(),
                        handicap: cols
                            .u32("handicap", row)
                            .ok_or_else(|| bad("a game without handicap"))?,
                        result: cols.text("record_result", row).map(str::to_string),
                        finished: cols
                            .bool("ended_by_passes", row)
                            .ok_or_else(|| bad("a game without ended_by_passes"))?,
                        uncertain: cols.bool("dead_estimate_uncertain", row) == Some(true),
                        illegal: false,
                        scores: Vec::new(),
                    }));
                    match &mut entry {
                        Some(StoredEntry::Game(g)) => g,
                        _ => unreachable!("a game was just made"),
                    }
                }
            };
            if cols.bool("legal", row) == Some(false) {
                game.illegal = true;
            }
            let Some(counting) = cols.text("counting", row) else {
                continue;
            };
            let counting = Counting::ALL
                .into_iter()
                .find(|c| c.name() == counting)
                .ok_or_else(|| bad(&format!("counting `{counting}`")))?;
            let ruleset = cols
                .text("ruleset", row)
                .ok_or_else(|| bad("a score without ruleset"))?;
            let own = cols.bool("from_record", row) == Some(true)
                || cols.text("record_fallback", row).is_some();
            // A side's column of a part: a name fixed in the code, not one made for every cell.
            macro_rules! part {
                ($black:expr, $part:literal) => {
                    if $black {
                        concat!("black_", $part)
                    } else {
                        concat!("white_", $part)
                    }
                };
            }
            let side = |black: bool| -> Result<SideScore, String> {
                let u = |name: &str| {
                    cols.u32(name, row)
                        .ok_or_else(|| bad(&format!("a score without {name}")))
                };
                let f = |name: &str| {
                    cols.f64(name, row)
                        .ok_or_else(|| bad(&format!("a score without {name}")))
                };
                Ok(SideScore {
                    territory: u(part!(black, "territory"))?,
                    seki_eyes_not_counted: u(part!(black, "seki_eyes_not_counted"))?,
                    false_eyes_not_counted: u(part!(black, "false_eyes_not_counted"))?,
                    stones: u(part!(black, "stones"))?,
                    prisoners: Prisoners {
                        captures: u(part!(black, "captures"))?,
                        dead_stones: u(part!(black, "dead_stones"))?,
                        suicides: u(part!(black, "suicides"))?,
                        pass_stones: u(part!(black, "pass_stones"))?,
                    },
                    cleanup_plays: u(part!(black, "cleanup_plays"))?,
                    komi: f(part!(black, "komi"))?,
                    handicap_compensation: f(part!(black, "handicap_compensation"))?,
                    group_tax: u(part!(black, "group_tax"))?,
                    bonus: f(part!(black, "bonus"))?,
                    total: f(part!(black, "total"))?,
                })
            };
            let number = |c: &str| {
                cols.f64(c, row)
                    .ok_or_else(|| bad(&format!("a score without {c}")))
            };
            let score = ScoreReport {
                counting,
                black: number("black")?,
                white: number("white")?,
                margin: number("margin")?,
                result: cols
                    .text("result", row)
                    .ok_or_else(|| bad("a score without result"))?
                    .to_string(),
                breakdown: Breakdown {
                    black: side(true)?,
                    white: side(false)?,
                },
                points: None,
            };
            let ruleset = if own {
                gorules_compare::report::RECORD.to_string()
            } else {
                ruleset.to_string()
            };
            game.scores
                .push((ruleset, counting.name().to_string(), score));
        }
        Ok(entry)
    }
}

impl Iterator for RunReader {
    type Item = Result<StoredEntry, String>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        match self.next_entry() {
            Ok(e) => e.map(Ok),
            Err(e) => {
                self.failed = true;
                Some(Err(e))
            }
        }
    }
}

/// A batch's columns, read by name.
struct Cols<'a> {
    batch: &'a RecordBatch,
}

impl<'a> Cols<'a> {
    fn column(&self, name: &str) -> Option<&'a dyn Array> {
        self.batch.column_by_name(name).map(|c| c.as_ref())
    }

    fn u64(&self, name: &str, row: usize) -> Option<u64> {
        let c = self.column(name)?.as_primitive_opt::<UInt64Type>()?;
        c.is_valid(row).then(|| c.value(row))
    }

    fn u32(&self, name: &str, row: usize) -> Option<u32> {
        let c = self.column(name)?.as_primitive_opt::<UInt32Type>()?;
        c.is_valid(row).then(|| c.value(row))
    }

    fn f64(&self, name: &str, row: usize) -> Option<f64> {
        let c = self.column(name)?.as_primitive_opt::<Float64Type>()?;
        c.is_valid(row).then(|| c.value(row))
    }

    fn bool(&self, name: &str, row: usize) -> Option<bool> {
        let c = self.column(name)?.as_boolean_opt()?;
        c.is_valid(row).then(|| c.value(row))
    }

    fn text(&self, name: &str, row: usize) -> Option<&'a str> {
        let c = self.column(name)?;
        if let Some(d) = c.as_dictionary_opt::<Int32Type>() {
            if !d.is_valid(row) {
                return None;
            }
            let values: &StringArray = d.values().as_string_opt::<i32>()?;
            let key = usize::try_from(d.keys().value(row)).ok()?;
            return (key < values.len()).then(|| values.value(key));
        }
        let s = c.as_string_opt::<i32>()?;
        s.is_valid(row).then(|| s.value(row))
    }
}
