//! `gorules.compare_arrow`: a corpus run as Arrow record batches, read by pyarrow, polars,
//! DuckDB or pandas without a Python object per row.
//!
//! The object it returns, [`ArrowRun`], implements the Arrow PyCapsule interface: its
//! `__arrow_c_stream__` gives a capsule named `arrow_array_stream` holding an Arrow C stream
//! (arrow-rs's `FFI_ArrowArrayStream`) over a [`BatchStream`]. The stream starts a corpus run
//! ([`crate::run`]) when it is first read; the run's driving thread appends each entry's rows
//! to the builder of the Parquet files (`gorules_columnar::BatchBuilder`: the same rows, the
//! same schema) and sends a record batch once it holds [`BATCH_ROWS`] rows (the game that
//! reaches them whole), and the last, through a bounded channel, so that the run waits for
//! its reader and memory stays flat. A file or game that cannot be read is an `error` row, as
//! in the Parquet file; the stream itself fails only when the run as a whole does (no SGF file
//! in the paths), with the message as the stream's error. Nothing here panics across the C interface: the reader only receives from the
//! channel, and the error text it hands over has no control character (a NUL would not fit
//! the C string the interface passes it in).
//!
//! Each call of `__arrow_c_stream__` is a stream of its own, and a run of its own once read:
//! a consumer that asks for the schema first and then for the data (DuckDB) replays the
//! corpus once. When the consumer releases the stream, the channel closes and the run stops.
//! No `unsafe`: the capsule and the C stream are made by PyO3's and arrow-rs's safe
//! constructors, and the consumer's side of the interface is its own.

use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};

use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use gorules_columnar::file::BATCH_ROWS;
use gorules_columnar::{run_schema, BatchBuilder};
use gorules_compare::corpus::{GameEntry, HomeBox, Tally};
use gorules_rules::printer::escape_controls;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

use crate::args;
use crate::errors::gorules_error;
use crate::run::{RunRequest, RunSink};
use crate::tally::PyTally;

/// Record batches that may wait in the channel for the reader (each of about [`BATCH_ROWS`]
/// rows).
const CHANNEL: usize = 2;

/// The name the Arrow PyCapsule interface gives a stream's capsule.
const STREAM_CAPSULE: &std::ffi::CStr = c"arrow_array_stream";

/// What the run sends its reader.
enum Piece {
    /// The next rows.
    Batch(RecordBatch),
    /// The end, after the last rows: the run's tally.
    End(Box<Tally>),
    /// The run failed as a whole.
    Error(String),
}

/// How the last run read to its end ended: its tally, or its error.
type LastEnd = Arc<Mutex<Option<Result<Tally, String>>>>;

/// The driving thread's side: the entries' rows gathered into batches and sent.
struct BatchSink {
    tx: SyncSender<Piece>,
    builder: BatchBuilder,
    schema: SchemaRef,
}

impl BatchSink {
    /// Sends the rows gathered as one batch; `false` when the reader has gone.
    fn send_batch(&mut self) -> bool {
        let piece = match self.builder.finish().with_schema(self.schema.clone()) {
            Ok(batch) => Piece::Batch(batch),
            Err(e) => Piece::Error(format!("the rows do not fit their schema: {e}")),
        };
        self.tx.send(piece).is_ok()
    }
}

impl RunSink for BatchSink {
    fn entry(&mut self, entry: HomeBox<GameEntry>) -> bool {
        self.builder.append(&entry);
        self.builder.rows() < BATCH_ROWS || self.send_batch()
    }

    fn end(mut self, end: Result<Tally, String>) {
        if self.builder.rows() > 0 && !self.send_batch() {
            return;
        }
        let _ = self.tx.send(match end {
            Ok(tally) => Piece::End(Box::new(tally)),
            Err(message) => Piece::Error(message),
        });
    }
}

/// Where a [`BatchStream`] is.
enum State {
    /// Not read yet: the run to start.
    Ready(RunRequest),
    /// The run under way.
    Running(Receiver<Piece>),
    /// Over (or failed): nothing more.
    Over,
}

/// The record batches of one run, as the Arrow C stream reads them: the run starts at the
/// first batch asked for, and stops when the stream is dropped.
pub struct BatchStream {
    schema: SchemaRef,
    state: State,
    last_end: LastEnd,
}

impl BatchStream {
    /// The stream's error: a message of gorules', without control characters.
    fn fail(&mut self, message: &str) -> Option<Result<RecordBatch, ArrowError>> {
        self.state = State::Over;
        let message = escape_controls(message);
        *self.last_end.lock().unwrap_or_else(|e| e.into_inner()) = Some(Err(message.clone()));
        Some(Err(ArrowError::ExternalError(Box::new(
            std::io::Error::other(message),
        ))))
    }
}

impl Iterator for BatchStream {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let State::Ready(request) = &self.state {
            let (tx, rx) = sync_channel(CHANNEL);
            let sink = BatchSink {
                tx,
                builder: BatchBuilder::new(),
                schema: self.schema.clone(),
            };
            if let Err(e) = request.clone().spawn("gorules-arrow", sink) {
                return self.fail(&format!("cannot start the run: {e}"));
            }
            self.state = State::Running(rx);
        }
        let State::Running(rx) = &self.state else {
            return None;
        };
        match rx.recv() {
            Ok(Piece::Batch(batch)) => Some(Ok(batch)),
            Ok(Piece::End(tally)) => {
                self.state = State::Over;
                *self.last_end.lock().unwrap_or_else(|e| e.into_inner()) = Some(Ok(*tally));
                None
            }
            Ok(Piece::Error(message)) => self.fail(&message),
            // The driving thread is gone without its end: a bug, reported, not a short table.
            Err(_) => self.fail("the run stopped before its end"),
        }
    }
}

impl RecordBatchReader for BatchStream {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

/// Replays every game of every SGF file under `paths` as `compare` does (the same arguments),
/// and gives the rows of `gorules compare --format parquet` as Arrow record batches: an object
/// with `__arrow_c_stream__` (the Arrow PyCapsule interface), which `pyarrow.table(run)`,
/// `pyarrow.RecordBatchReader.from_stream(run)`, `polars.DataFrame(run)` and DuckDB
/// (`duckdb.sql("FROM run")`) read. The run starts when the stream is read, and streams:
/// batches of 8,192 rows and the rest of the game that reaches that many, memory flat over
/// any number of records.
#[pyfunction]
#[pyo3(signature = (paths, rules=None, counting="all", komi=None, dead=None, *, engine=None, jobs=None, strict=false, examples=0, max_file_size=gorules_compare::files::DEFAULT_MAX_FILE_SIZE))]
#[allow(clippy::too_many_arguments)]
pub fn compare_arrow(
    paths: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    counting: &str,
    #[pyo3(from_py_with = args::komi_arg)] komi: Option<f64>,
    dead: Option<&Bound<'_, PyAny>>,
    engine: Option<&str>,
    #[pyo3(from_py_with = args::jobs_arg)] jobs: Option<usize>,
    strict: bool,
    #[pyo3(from_py_with = args::examples)] examples: usize,
    #[pyo3(from_py_with = args::max_file_size)] max_file_size: u64,
) -> PyResult<ArrowRun> {
    let request = RunRequest::new(
        paths,
        rules,
        counting,
        komi,
        dead,
        engine,
        jobs,
        strict,
        examples,
        max_file_size,
    )?;
    Ok(ArrowRun {
        schema: run_schema(&request.score_columns()),
        request,
        last_end: Arc::default(),
    })
}

/// What `gorules.compare_arrow` returns: the run's rows as an Arrow stream, each time one is
/// asked for (`__arrow_c_stream__`), and the summary of the last stream read to its end.
#[pyclass(module = "gorules._gorules", name = "ArrowRun")]
pub struct ArrowRun {
    request: RunRequest,
    schema: SchemaRef,
    last_end: LastEnd,
}

#[pymethods]
impl ArrowRun {
    /// An Arrow C stream of the run's record batches, in a capsule named
    /// `arrow_array_stream` (the Arrow PyCapsule interface). The batches have the schema of
    /// `gorules compare --format parquet`'s file, whose metadata the stream's schema carries
    /// too; `requested_schema` is not applied (the interface allows a producer to give its
    /// own). Each call is a stream of its own, and a run of its own when it is read.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let stream = BatchStream {
            schema: self.schema.clone(),
            state: State::Ready(self.request.clone()),
            last_end: Arc::clone(&self.last_end),
        };
        PyCapsule::new_with_value(
            py,
            FFI_ArrowArrayStream::new(Box::new(stream)),
            STREAM_CAPSULE,
        )
    }

    /// The summary's tally of the last stream read to its end (`gorules.Tally`, as
    /// `CompareRun.tally()`); `GorulesError` before a stream has been read to its end, or with
    /// the run's error when the last one failed.
    fn tally(&self) -> PyResult<PyTally> {
        match &*self.last_end.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(Ok(t)) => Ok(PyTally::new(t.clone())),
            Some(Err(message)) => Err(gorules_error(message.clone())),
            None => Err(gorules_error(
                "the run has no tally before a stream of it has been read to its end",
            )),
        }
    }
}
