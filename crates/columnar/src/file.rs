//! Parquet files of a corpus run: [`CorpusWriter`] writes the entries as they come, a row
//! group at a time, and [`read_run`] reads such a file back, entry by entry, as what the
//! summary needs of each ([`StoredEntry`]).
//!
//! Compression is Snappy: fast to write (the writer keeps up with a replay of thousands of
//! records a second on one thread), read by every Parquet reader (pyarrow, polars, DuckDB,
//! Spark), and pure Rust, so it adds no C library to the build.

use std::fs::File;
use std::hash::Hasher;
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int32Type, UInt32Type, UInt64Type};
use arrow_array::{Array, RecordBatch, StringArray};
use arrow_schema::{DataType, Schema, SchemaRef};
use gorules_compare::corpus::GameEntry;
use gorules_compare::replay::{Breakdown, DoubtReport, ScoreReport};
use gorules_rules::{Counting, DoubtKind, Prisoners, SideScore};
use parquet::arrow::arrow_reader::{
    ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReader,
    ParquetRecordBatchReaderBuilder,
};
use parquet::arrow::arrow_writer::{compute_leaves, ArrowColumnWriter, ArrowRowGroupWriterFactory};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::metadata::KeyValue;
use parquet::file::metadata::ParquetMetaData;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::reader::ChunkReader;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;
use twox_hash::XxHash64;

use crate::batch::BatchBuilder;
use crate::chunk::{self, DictionaryChunk};
use crate::guard::decoding;
use crate::schema::{
    columns, run_metadata, schema, ColumnType, ADDED_COLUMNS, DATA_CHECKSUM_KEY, KIND_ERROR,
    SCHEMA_VERSION, SCHEMA_VERSION_KEY, SCORE_COLUMNS_KEY,
};

/// The rows a record batch holds before it is handed to the Parquet writer.
pub const BATCH_ROWS: usize = 8 * 1024;

/// The rows of a row group: when this many have gathered, they are encoded, written and
/// dropped, so that a run's memory does not grow with its length. What still grows is the
/// footer's description of each row group (about 50 KB in memory for its 72 column chunks,
/// kept until the file is closed): 262,144 rows (some 17,000 records) keep that to about 3 MB
/// a million records, while the row group being built stays small and a file of 100,000
/// records still has six row groups for readers to share among their threads.
pub const ROW_GROUP_ROWS: usize = 256 * 1024;

/// The one column whose chunks keep statistics (their least and greatest entry), written by
/// Arrow's column writer, which keeps them.
const STATISTICS_COLUMN: &str = "entry";

/// A Parquet error as an I/O error.
fn io_error(e: parquet::errors::ParquetError) -> io::Error {
    io::Error::other(e)
}

/// Writes a corpus run as Parquet to any writer, entry by entry ([`CorpusWriter::write`]),
/// a row group at a time; [`CorpusWriter::finish`] writes the footer. The file's metadata
/// holds the run's score columns ([`SCORE_COLUMNS_KEY`]), which its summary needs.
///
/// The numbers and dictionary texts (all but `entry`, whose chunks keep statistics) are
/// encoded by the crate (its `chunk` module); the other columns by Arrow's column writers.
pub struct CorpusWriter<W: Write + Send> {
    builder: BatchBuilder,
    file: SerializedFileWriter<Summing<W>>,
    factory: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    /// The row group being written, if it has rows.
    group: Option<RowGroup>,
    /// The row groups written.
    groups: usize,
    /// The rows of a row group ([`ROW_GROUP_ROWS`]) and of a page ([`chunk::PAGE_ROWS`]).
    sizes: (usize, usize),
}

/// A column chunk of the row group being written.
enum Chunk {
    /// Encoded by the crate.
    Dictionary(Box<DictionaryChunk>),
    /// Encoded by Arrow's writer.
    Arrow(Box<ArrowColumnWriter>),
}

/// The row group being written: a chunk a column, in the schema's order (each column is one
/// Parquet leaf: the schema has no nested columns but lists of texts, a leaf each).
struct RowGroup {
    chunks: Vec<Chunk>,
    rows: usize,
}

impl RowGroup {
    /// Appends the rows of `batch`, whose columns are those of `schema`.
    fn write(&mut self, batch: &RecordBatch, schema: &Schema) -> parquet::errors::Result<()> {
        let columns = schema.fields().iter().zip(batch.columns());
        for (chunk, (field, column)) in self.chunks.iter_mut().zip(columns) {
            match chunk {
                Chunk::Dictionary(chunk) => chunk.write(column.as_ref())?,
                Chunk::Arrow(writer) => {
                    for leaf in compute_leaves(field, column)? {
                        writer.write(&leaf)?;
                    }
                }
            }
        }
        self.rows += batch.num_rows();
        Ok(())
    }
}

/// A writer that sums what passes through it: its length and xxHash64
/// ([`DATA_CHECKSUM_KEY`]).
struct Summing<W> {
    inner: W,
    length: u64,
    hash: XxHash64,
}

impl<W: Write> Write for Summing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.write(&buf[..n]);
        self.length += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The value of [`DATA_CHECKSUM_KEY`] for bytes of this length and hash.
fn checksum_value(length: u64, hash: u64) -> String {
    format!("{length} {hash:016x}")
}

/// How the columns are written: Snappy pages, every column dictionary-encoded (a few distinct
/// values repeated over many rows). Statistics (min and max) are kept only for `entry`'s column
/// chunks, where they let a reader skip row groups by entry; elsewhere they cost a comparison a
/// value while writing and memory until the footer, and no page index (column and offset
/// indexes) is written, for the same reasons. (Delta-encoding the integers instead of keeping
/// them in dictionaries saves instructions but makes the file larger and the writer's memory
/// some 18 MB higher: not done.)
fn writer_properties(metadata: Vec<KeyValue>) -> WriterProperties {
    WriterProperties::builder()
        .set_compression(Compression::SNAPPY)
        .set_key_value_metadata(Some(metadata))
        .set_statistics_enabled(EnabledStatistics::None)
        .set_column_statistics_enabled(
            ColumnPath::from(STATISTICS_COLUMN),
            EnabledStatistics::Chunk,
        )
        .set_offset_index_disabled(true)
        .build()
}

impl<W: Write + Send> CorpusWriter<W> {
    /// A writer of a run with these score columns
    /// ([`gorules_compare::corpus::score_columns`]) to `wtr`.
    pub fn new(wtr: W, score_columns: &[String]) -> io::Result<CorpusWriter<W>> {
        CorpusWriter::with_sizes(wtr, score_columns, (ROW_GROUP_ROWS, chunk::PAGE_ROWS))
    }

    /// [`CorpusWriter::new`] writing row groups and pages of these sizes in rows.
    fn with_sizes(
        wtr: W,
        score_columns: &[String],
        sizes: (usize, usize),
    ) -> io::Result<CorpusWriter<W>> {
        let mut metadata: Vec<KeyValue> = run_metadata(score_columns)
            .into_iter()
            .map(|(k, v)| KeyValue::new(k, v))
            .collect();
        // In a fixed order (by key): the same run, the same bytes.
        metadata.sort_by(|a, b| a.key.cmp(&b.key));
        let props = writer_properties(metadata);
        let wtr = Summing {
            inner: wtr,
            length: 0,
            hash: XxHash64::with_seed(0),
        };
        // Arrow's writer makes the file's Parquet schema and keeps the Arrow schema in its
        // metadata; its row groups are then written here.
        let schema = schema();
        let (file, factory) = ArrowWriter::try_new(wtr, Arc::clone(&schema), Some(props))
            .and_then(ArrowWriter::into_serialized_writer)
            .map_err(io_error)?;
        Ok(CorpusWriter {
            // Room for a batch and the rows of the entry that fills it.
            builder: BatchBuilder::with_capacity(BATCH_ROWS + 256),
            file,
            factory,
            schema,
            group: None,
            groups: 0,
            sizes,
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

    /// Hands the rows gathered to the row group, and writes the row group out each time it
    /// has [`ROW_GROUP_ROWS`].
    fn flush_batch(&mut self) -> io::Result<()> {
        if self.builder.rows() == 0 {
            return Ok(());
        }
        let batch = self.builder.finish();
        let mut done = 0;
        while done < batch.num_rows() {
            let group = match &mut self.group {
                Some(group) => group,
                None => self.group.insert(self.new_group()?),
            };
            let rows = (self.sizes.0 - group.rows).min(batch.num_rows() - done);
            group
                .write(&batch.slice(done, rows), &self.schema)
                .map_err(io_error)?;
            done += rows;
            if group.rows == self.sizes.0 {
                self.flush_group()?;
            }
        }
        Ok(())
    }

    /// An empty row group: a chunk a column.
    fn new_group(&self) -> io::Result<RowGroup> {
        let writers = self
            .factory
            .create_column_writers(self.groups)
            .map_err(io_error)?;
        let chunks = self
            .schema
            .fields()
            .iter()
            .zip(writers)
            .map(|(field, writer)| {
                if chunk::encodes(field.data_type()) && field.name() != STATISTICS_COLUMN {
                    Chunk::Dictionary(Box::new(DictionaryChunk::new(
                        field.data_type(),
                        self.sizes.1,
                    )))
                } else {
                    Chunk::Arrow(Box::new(writer))
                }
            })
            .collect();
        Ok(RowGroup { chunks, rows: 0 })
    }

    /// Writes the row group out, if it has rows.
    fn flush_group(&mut self) -> io::Result<()> {
        let Some(group) = self.group.take() else {
            return Ok(());
        };
        let columns: Vec<_> = self.file.schema_descr().columns().to_vec();
        let mut out = self.file.next_row_group().map_err(io_error)?;
        for (chunk, column) in group.chunks.into_iter().zip(columns) {
            match chunk {
                Chunk::Dictionary(chunk) => {
                    let (bytes, close) = chunk.close(column).map_err(io_error)?;
                    out.append_column(&bytes, close).map_err(io_error)?;
                }
                Chunk::Arrow(writer) => writer
                    .close()
                    .and_then(|c| c.append_to_row_group(&mut out))
                    .map_err(io_error)?,
            }
        }
        out.close().map_err(io_error)?;
        self.groups += 1;
        Ok(())
    }

    /// Writes the last rows and the footer, and gives back the writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.flush_batch()?;
        self.flush_group()?;
        // The checksum of everything so far goes into the footer.
        self.file.flush()?;
        let sum = self.file.inner();
        let value = checksum_value(sum.length, sum.hash.finish());
        self.file
            .append_key_value_metadata(KeyValue::new(DATA_CHECKSUM_KEY.to_string(), value));
        let mut wtr = self.file.into_inner().map_err(io_error)?.inner;
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
    /// counting, the score. A score's `doubts` hold their `kind` and `reason` only (the file
    /// stores the kinds, `doubt_kinds`, not the points and dame), and none when the file has
    /// no `doubt_kinds` column (written before it was added); its `points` are `None`.
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
            unsure: self.scores.iter().any(|(_, _, s)| !s.doubts.is_empty()),
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
    /// Where the columns read are in the current batch.
    slots: Slots,
    row: usize,
    failed: bool,
}

/// Opens `path`, a Parquet file of a corpus run (`gorules compare --format parquet`), checks
/// that it has every column of [`schema`] with its type, and reads its score columns.
/// Errors name the file and say what is wrong.
pub fn read_run(path: &Path) -> Result<RunReader, String> {
    let name = path.display().to_string();
    let file = File::open(path).map_err(|e| format!("{name}: {e}"))?;
    open_run(name, file)
}

/// [`read_run`] of a file's bytes held in memory; `name` names it in errors.
pub fn read_run_bytes(name: &str, bytes: Vec<u8>) -> Result<RunReader, String> {
    open_run(name.to_string(), bytes::Bytes::from(bytes))
}

/// [`read_run`] of what `reader` reads.
fn open_run<R: ChunkReader + 'static>(name: String, reader: R) -> Result<RunReader, String> {
    let length = reader.len();
    // The Arrow schema that a writer may keep in the footer is not read: the columns' types
    // come from the Parquet schema, checked below against the run's, and are then read as the
    // run's schema says (dictionaries). That footer entry is a second encoding of the schema
    // whose decoder stops the program on a damaged one.
    let options = ArrowReaderOptions::new().with_skip_arrow_metadata(true);
    let stored = decoding(|| ArrowReaderMetadata::load(&reader, options.clone()))
        .map_err(|e| format!("{name}: a damaged Parquet file: {e}"))?
        .map_err(|e| format!("{name}: not a Parquet file ({e})"))?;
    check_chunks(stored.metadata(), length)
        .map_err(|e| format!("{name}: a damaged Parquet file: {e}"))?;
    let found = stored.schema().clone();
    for c in columns() {
        let wanted = c.ty.data_type();
        match found.field_with_name(&c.name) {
            // A column added since the file was written: read as null.
            Err(_) if ADDED_COLUMNS.contains(&c.name.as_str()) => {}
            Err(_) => {
                return Err(format!(
                    "{name}: not a gorules corpus run: no column `{}`",
                    c.name
                ))
            }
            // Parquet stores a dictionary of strings as strings.
            Ok(f)
                if f.data_type() != &wanted
                    && !(c.ty == ColumnType::Dictionary && f.data_type() == &DataType::Utf8) =>
            {
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
    // The run's schema, less the columns added since the file was written.
    let held = Schema::new(
        schema()
            .fields()
            .iter()
            .filter(|f| found.field_with_name(f.name()).is_ok())
            .cloned()
            .collect::<Vec<_>>(),
    );
    let typed = ArrowReaderMetadata::try_new(
        stored.metadata().clone(),
        options.with_schema(Arc::new(held)),
    )
    .map_err(|e| format!("{name}: not a gorules corpus run: {e}"))?;
    let meta = stored.metadata().file_metadata().key_value_metadata();
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
    if let Some(expected) = value(DATA_CHECKSUM_KEY) {
        check_sum(&reader, &expected)
            .map_err(|e| format!("{name}: a damaged Parquet file: {e}"))?;
    }
    let builder = ParquetRecordBatchReaderBuilder::new_with_metadata(reader, typed);
    // Only the columns the summary reads are decoded.
    let wanted = Slots::find(None).names();
    let parquet_schema = builder.parquet_schema();
    let leaves: Vec<usize> = (0..parquet_schema.num_columns())
        .filter(|&i| {
            let path = parquet_schema.column(i).path().parts()[0].clone();
            wanted.contains(&path.as_str())
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
        slots: Slots::find(None),
        row: 0,
        failed: false,
    })
}

/// Checks that every column chunk the footer lists lies inside the file (`length` bytes), as
/// the Parquet reader assumes (it stops the program on a chunk at a negative place).
fn check_chunks(meta: &ParquetMetaData, length: u64) -> Result<(), String> {
    for (g, group) in meta.row_groups().iter().enumerate() {
        if group.num_rows() < 0 {
            return Err(format!("row group {g} has {} rows", group.num_rows()));
        }
        for (c, chunk) in group.columns().iter().enumerate() {
            let start = chunk
                .dictionary_page_offset()
                .unwrap_or(chunk.data_page_offset());
            let size = chunk.compressed_size();
            let inside = u64::try_from(start)
                .ok()
                .zip(u64::try_from(size).ok())
                .and_then(|(start, size)| start.checked_add(size))
                .is_some_and(|end| end <= length)
                && chunk.data_page_offset() >= 0
                && chunk.num_values() >= 0;
            if !inside {
                return Err(format!(
                    "row group {g}, column {c}: {size} bytes at {start}, outside the file's {length}"
                ));
            }
        }
    }
    Ok(())
}

/// Checks the file's row groups against the checksum its footer holds
/// ([`DATA_CHECKSUM_KEY`]), reading them a block at a time.
fn check_sum<R: ChunkReader>(reader: &R, expected: &str) -> Result<(), String> {
    let length: u64 = expected
        .split(' ')
        .next()
        .and_then(|l| l.parse().ok())
        .filter(|&l| l <= reader.len())
        .ok_or_else(|| format!("its checksum `{expected}` does not fit the file"))?;
    let mut read = reader.get_read(0).map_err(|e| e.to_string())?.take(length);
    let mut hash = XxHash64::with_seed(0);
    let mut block = vec![0u8; 64 * 1024];
    let mut got = 0u64;
    loop {
        let n = read.read(&mut block).map_err(|e| e.to_string())?;
        if n == 0 {
            break;
        }
        hash.write(&block[..n]);
        got += n as u64;
    }
    let found = checksum_value(got, hash.finish());
    if found == expected {
        Ok(())
    } else {
        Err(format!(
            "its row groups sum to `{found}`, its footer says `{expected}`"
        ))
    }
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
            let batches = &mut self.batches;
            let next = decoding(|| batches.next())
                .map_err(|e| format!("{}: a damaged Parquet file: {e}", self.name))?;
            match next {
                None => {
                    self.batch = None;
                    return Ok(false);
                }
                Some(Err(e)) => return Err(format!("{}: {e}", self.name)),
                Some(Ok(b)) => {
                    self.slots = Slots::find(Some(&b.schema()));
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
                at: &self.slots,
            };
            let n = cols
                .u64(cols.at.entry, row)
                .ok_or_else(|| bad("no entry number"))?;
            match number {
                None => number = Some(n),
                Some(m) if m != n => break,
                Some(_) => {}
            }
            self.row = row + 1;
            let kind = cols.text(cols.at.kind, row).ok_or_else(|| bad("no kind"))?;
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
                        source: cols
                            .text(cols.at.source, row)
                            .unwrap_or_default()
                            .to_string(),
                        game_index: cols
                            .u64(cols.at.game_index, row)
                            .ok_or_else(|| bad("a game without game_index"))?
                            as usize,
                        size: cols
                            .text(cols.at.size, row)
                            .ok_or_else(|| bad("a game without size"))?
                            .to_string(),
                        handicap: cols
                            .u32(cols.at.handicap, row)
                            .ok_or_else(|| bad("a game without handicap"))?,
                        result: cols.text(cols.at.record_result, row).map(str::to_string),
                        finished: cols
                            .bool(cols.at.ended_by_passes, row)
                            .ok_or_else(|| bad("a game without ended_by_passes"))?,
                        uncertain: cols.bool(cols.at.dead_estimate_uncertain, row) == Some(true),
                        illegal: false,
                        scores: Vec::new(),
                    }));
                    match &mut entry {
                        Some(StoredEntry::Game(g)) => g,
                        _ => unreachable!("a game was just made"),
                    }
                }
            };
            if cols.bool(cols.at.legal, row) == Some(false) {
                game.illegal = true;
            }
            let Some(counting) = cols.text(cols.at.counting, row) else {
                continue;
            };
            let counting = Counting::ALL
                .into_iter()
                .find(|c| c.name() == counting)
                .ok_or_else(|| bad(&format!("counting `{counting}`")))?;
            let ruleset = cols
                .text(cols.at.ruleset, row)
                .ok_or_else(|| bad("a score without ruleset"))?;
            let own = cols.bool(cols.at.from_record, row) == Some(true)
                || cols.text(cols.at.record_fallback, row).is_some();
            let side = |black: bool| -> Result<SideScore, String> {
                let at = if black {
                    &cols.at.black_side
                } else {
                    &cols.at.white_side
                };
                let u = |slot: Slot| {
                    cols.u32(slot, row)
                        .ok_or_else(|| bad(&format!("a score without {}", slot.name)))
                };
                let f = |slot: Slot| {
                    cols.f64(slot, row)
                        .ok_or_else(|| bad(&format!("a score without {}", slot.name)))
                };
                Ok(SideScore {
                    territory: u(at.territory)?,
                    seki_eyes_not_counted: u(at.seki_eyes_not_counted)?,
                    false_eyes_not_counted: u(at.false_eyes_not_counted)?,
                    stones: u(at.stones)?,
                    prisoners: Prisoners {
                        captures: u(at.captures)?,
                        dead_stones: u(at.dead_stones)?,
                        suicides: u(at.suicides)?,
                        pass_stones: u(at.pass_stones)?,
                    },
                    cleanup_plays: u(at.cleanup_plays)?,
                    komi: f(at.komi)?,
                    handicap_compensation: f(at.handicap_compensation)?,
                    group_tax: u(at.group_tax)?,
                    bonus: f(at.bonus)?,
                    total: f(at.total)?,
                })
            };
            let number = |slot: Slot| {
                cols.f64(slot, row)
                    .ok_or_else(|| bad(&format!("a score without {}", slot.name)))
            };
            let score = ScoreReport {
                counting,
                black: number(cols.at.black_score)?,
                white: number(cols.at.white_score)?,
                margin: number(cols.at.margin)?,
                result: cols
                    .text(cols.at.result, row)
                    .ok_or_else(|| bad("a score without result"))?
                    .to_string(),
                breakdown: Breakdown {
                    black: side(true)?,
                    white: side(false)?,
                },
                points: None,
                doubts: cols
                    .texts(cols.at.doubt_kinds, row)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|kind| {
                        doubt_kind(kind)
                            .map(|k| DoubtReport {
                                kind: k.name(),
                                reason: k.reason(),
                                points: Vec::new(),
                                dame: Vec::new(),
                            })
                            .ok_or_else(|| bad(&format!("doubt kind `{kind}`")))
                    })
                    .collect::<Result<_, _>>()?,
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

/// The kind of doubt named `name` in `doubt_kinds` ([`DoubtKind::name`]).
fn doubt_kind(name: &str) -> Option<DoubtKind> {
    // Every kind: a new one makes the match below fail to compile until it is listed.
    const KINDS: [DoubtKind; 3] = [
        DoubtKind::FillingOrder,
        DoubtKind::Capturable,
        DoubtKind::TooLarge,
    ];
    let _listed = |k: DoubtKind| match k {
        DoubtKind::FillingOrder | DoubtKind::Capturable | DoubtKind::TooLarge => (),
    };
    KINDS.into_iter().find(|k| k.name() == name)
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

/// A column the summary reads: its name and where it is in the current batch.
#[derive(Clone, Copy)]
struct Slot {
    name: &'static str,
    at: Option<usize>,
}

/// Where a side's breakdown columns are in the current batch.
struct SideSlots {
    territory: Slot,
    seki_eyes_not_counted: Slot,
    false_eyes_not_counted: Slot,
    stones: Slot,
    captures: Slot,
    dead_stones: Slot,
    suicides: Slot,
    pass_stones: Slot,
    cleanup_plays: Slot,
    komi: Slot,
    handicap_compensation: Slot,
    group_tax: Slot,
    bonus: Slot,
    total: Slot,
}

/// Where every column the summary reads is in a batch: looked up by name once a batch, so
/// that reading a cell is an index, not a search of the schema.
struct Slots {
    entry: Slot,
    kind: Slot,
    source: Slot,
    game_index: Slot,
    size: Slot,
    handicap: Slot,
    record_result: Slot,
    ended_by_passes: Slot,
    dead_estimate_uncertain: Slot,
    legal: Slot,
    counting: Slot,
    ruleset: Slot,
    from_record: Slot,
    record_fallback: Slot,
    black_score: Slot,
    white_score: Slot,
    margin: Slot,
    result: Slot,
    doubt_kinds: Slot,
    black_side: SideSlots,
    white_side: SideSlots,
}

/// A side's breakdown columns, `black_PART` or `white_PART`, found in `schema`.
macro_rules! side_slots {
    ($schema:expr, $side:literal) => {{
        let slot = |name: &'static str| Slot {
            name,
            at: $schema.and_then(|s: &Schema| s.index_of(name).ok()),
        };
        SideSlots {
            territory: slot(concat!($side, "_territory")),
            seki_eyes_not_counted: slot(concat!($side, "_seki_eyes_not_counted")),
            false_eyes_not_counted: slot(concat!($side, "_false_eyes_not_counted")),
            stones: slot(concat!($side, "_stones")),
            captures: slot(concat!($side, "_captures")),
            dead_stones: slot(concat!($side, "_dead_stones")),
            suicides: slot(concat!($side, "_suicides")),
            pass_stones: slot(concat!($side, "_pass_stones")),
            cleanup_plays: slot(concat!($side, "_cleanup_plays")),
            komi: slot(concat!($side, "_komi")),
            handicap_compensation: slot(concat!($side, "_handicap_compensation")),
            group_tax: slot(concat!($side, "_group_tax")),
            bonus: slot(concat!($side, "_bonus")),
            total: slot(concat!($side, "_total")),
        }
    }};
}

impl Slots {
    /// The columns found in `schema` (none found without one).
    fn find(schema: Option<&Schema>) -> Slots {
        let slot = |name: &'static str| Slot {
            name,
            at: schema.and_then(|s| s.index_of(name).ok()),
        };
        Slots {
            entry: slot("entry"),
            kind: slot("kind"),
            source: slot("source"),
            game_index: slot("game_index"),
            size: slot("size"),
            handicap: slot("handicap"),
            record_result: slot("record_result"),
            ended_by_passes: slot("ended_by_passes"),
            dead_estimate_uncertain: slot("dead_estimate_uncertain"),
            legal: slot("legal"),
            counting: slot("counting"),
            ruleset: slot("ruleset"),
            from_record: slot("from_record"),
            record_fallback: slot("record_fallback"),
            black_score: slot("black"),
            white_score: slot("white"),
            margin: slot("margin"),
            result: slot("result"),
            doubt_kinds: slot("doubt_kinds"),
            black_side: side_slots!(schema, "black"),
            white_side: side_slots!(schema, "white"),
        }
    }

    /// The names of the columns, for the reader's projection.
    fn names(&self) -> Vec<&'static str> {
        let mut names = vec![
            self.entry.name,
            self.kind.name,
            self.source.name,
            self.game_index.name,
            self.size.name,
            self.handicap.name,
            self.record_result.name,
            self.ended_by_passes.name,
            self.dead_estimate_uncertain.name,
            self.legal.name,
            self.counting.name,
            self.ruleset.name,
            self.from_record.name,
            self.record_fallback.name,
            self.black_score.name,
            self.white_score.name,
            self.margin.name,
            self.result.name,
            self.doubt_kinds.name,
        ];
        for side in [&self.black_side, &self.white_side] {
            names.extend([
                side.territory.name,
                side.seki_eyes_not_counted.name,
                side.false_eyes_not_counted.name,
                side.stones.name,
                side.captures.name,
                side.dead_stones.name,
                side.suicides.name,
                side.pass_stones.name,
                side.cleanup_plays.name,
                side.komi.name,
                side.handicap_compensation.name,
                side.group_tax.name,
                side.bonus.name,
                side.total.name,
            ]);
        }
        names
    }
}

/// A batch's columns, read through their [`Slots`].
struct Cols<'a> {
    batch: &'a RecordBatch,
    at: &'a Slots,
}

impl<'a> Cols<'a> {
    fn column(&self, slot: Slot) -> Option<&'a dyn Array> {
        Some(self.batch.column(slot.at?).as_ref())
    }

    fn u64(&self, slot: Slot, row: usize) -> Option<u64> {
        let c = self.column(slot)?.as_primitive_opt::<UInt64Type>()?;
        c.is_valid(row).then(|| c.value(row))
    }

    fn u32(&self, slot: Slot, row: usize) -> Option<u32> {
        let c = self.column(slot)?.as_primitive_opt::<UInt32Type>()?;
        c.is_valid(row).then(|| c.value(row))
    }

    fn f64(&self, slot: Slot, row: usize) -> Option<f64> {
        let c = self.column(slot)?.as_primitive_opt::<Float64Type>()?;
        c.is_valid(row).then(|| c.value(row))
    }

    fn bool(&self, slot: Slot, row: usize) -> Option<bool> {
        let c = self.column(slot)?.as_boolean_opt()?;
        c.is_valid(row).then(|| c.value(row))
    }

    fn text(&self, slot: Slot, row: usize) -> Option<&'a str> {
        let c = self.column(slot)?;
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

    /// The texts of a cell of a list of texts; `None` for a null (or a column the batch has
    /// not).
    fn texts(&self, slot: Slot, row: usize) -> Option<Vec<&'a str>> {
        let c = self.column(slot)?.as_list_opt::<i32>()?;
        if !c.is_valid(row) {
            return None;
        }
        let offsets = c.value_offsets();
        let (start, end) = (offsets[row] as usize, offsets[row + 1] as usize);
        let values = c.values().as_string_opt::<i32>()?;
        (start <= end && end <= values.len())
            .then(|| (start..end).map(|i| values.value(i)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gorules_compare::corpus::{compare_paths, score_columns, RunLimits};
    use gorules_compare::dead::DeadStones;
    use gorules_compare::replay::Options;
    use gorules_compare::rules_choice::{fixed, RulesetChoice};
    use std::path::PathBuf;

    /// The entries of `compare` over examples/ (and a file that does not exist) under every
    /// built-in ruleset and the record's own, and their score columns.
    fn run() -> (Vec<GameEntry>, Vec<String>) {
        let examples = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples"));
        let mut rulesets = fixed(gorules_rules::builtins());
        rulesets.push(RulesetChoice::Record(None));
        let options = Options {
            dead: DeadStones::Markup,
            ..Options::default()
        };
        let mut entries = Vec::new();
        compare_paths(
            &[examples.clone(), examples.join("no-such-file.sgf")],
            &rulesets,
            &options,
            RunLimits::default(),
            &|| {},
            |e| entries.push(e),
        );
        (entries, score_columns(&rulesets, &options))
    }

    /// The batches of a Parquet file, read as Arrow's reader reads it, 1,000 rows a batch.
    fn read(bytes: Vec<u8>) -> (Vec<RecordBatch>, Vec<i64>) {
        let reader = ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(bytes))
            .unwrap()
            .with_batch_size(1000);
        let groups = reader
            .metadata()
            .row_groups()
            .iter()
            .map(|g| g.num_rows())
            .collect();
        (
            reader.build().unwrap().map(Result::unwrap).collect(),
            groups,
        )
    }

    #[test]
    fn the_cells_read_back_as_those_of_arrows_own_writer() {
        // The same rows written by arrow-rs's `ArrowWriter` alone (it encodes every column)
        // and by `CorpusWriter` (the numbers and dictionary texts encoded by the crate) read
        // back the same, cell for cell, whatever the sizes of the pages and row groups, and
        // the row groups have the rows asked.
        let (entries, columns) = run();
        assert!(entries.iter().any(|e| matches!(e, GameEntry::Error { .. })));
        let mut builder = BatchBuilder::with_capacity(0);
        let mut arrow =
            ArrowWriter::try_new(Vec::new(), schema(), Some(writer_properties(vec![]))).unwrap();
        let mut rows = 0;
        for e in &entries {
            builder.append(e);
            rows += builder.rows();
            arrow.write(&builder.finish()).unwrap();
        }
        assert!(rows > 2_000, "{rows}");
        let (expected, _) = read(arrow.into_inner().unwrap());
        for sizes in [
            (ROW_GROUP_ROWS, chunk::PAGE_ROWS),
            (1_000, 100),
            (997, 13),
            (64, 1),
        ] {
            let mut w = CorpusWriter::with_sizes(Vec::new(), &columns, sizes).unwrap();
            for e in &entries {
                w.write(e).unwrap();
            }
            let (batches, groups) = read(w.finish().unwrap());
            assert_eq!(batches, expected, "rows a row group, a page: {sizes:?}");
            let whole = rows / sizes.0;
            let mut wanted = vec![sizes.0 as i64; whole];
            if rows % sizes.0 > 0 {
                wanted.push((rows % sizes.0) as i64);
            }
            assert_eq!(groups, wanted, "{sizes:?}");
        }
    }

    #[test]
    fn a_file_written_before_doubt_kinds_was_added_reads_with_every_count_sure() {
        use gorules_compare::corpus::{Tally, TallyRow};
        let (entries, columns) = run();
        // The run's rows without the column, as a file of an earlier gorules holds them.
        let mut builder = BatchBuilder::with_capacity(0);
        for e in &entries {
            builder.append(e);
        }
        let batch = builder.finish();
        let kept: Vec<usize> = (0..batch.num_columns())
            .filter(|&i| batch.schema().field(i).name() != "doubt_kinds")
            .collect();
        assert_eq!(kept.len(), batch.num_columns() - 1);
        let batch = batch.project(&kept).unwrap();
        let metadata = run_metadata(&columns)
            .into_iter()
            .map(|(k, v)| KeyValue::new(k, v))
            .collect();
        let mut w = ArrowWriter::try_new(
            Vec::new(),
            batch.schema(),
            Some(writer_properties(metadata)),
        )
        .unwrap();
        w.write(&batch).unwrap();
        let reader = read_run_bytes("old.parquet", w.into_inner().unwrap()).unwrap();
        let mut read = Tally::new(columns.clone());
        for stored in reader {
            match stored.unwrap() {
                StoredEntry::Error => read.add_row(&TallyRow::default()),
                StoredEntry::Game(g) => {
                    assert!(g.scores.iter().all(|(_, _, s)| s.doubts.is_empty()));
                    read.add_row(&TallyRow::of_game(&columns, &g.tally_game(), false));
                }
            }
        }
        // The summary of the same entries, every doubt left out.
        let mut sure = Tally::new(columns.clone());
        let mut with_doubts = Tally::new(columns.clone());
        for e in &entries {
            with_doubts.add(e);
            let mut e = e.clone();
            if let GameEntry::Report(r) = &mut e {
                for rr in &mut r.rulesets {
                    for s in &mut rr.scores {
                        s.doubts.clear();
                    }
                }
            }
            sure.add(&e);
        }
        assert!(with_doubts.summary().unsure_territory_counts > 0);
        assert_eq!(read.summary().unsure_territory_counts, 0);
        assert_eq!(read.summary(), sure.summary());
    }
}
