//! `gorules.compare`: a corpus run streamed to Python one game at a time.
//!
//! A thread of its own drives the library's corpus run ([`crate::run`]): its workers replay
//! the records and make each game's entry (`GameEntry`, what `--format jsonl` writes a line
//! of) and summary row; the driving thread counts the rows and queues the entries, in input
//! order, then the summary, in a bounded queue ([`Handoff`]). The Python iterator takes them
//! out a batch at a time ([`BATCH`], or what came within [`BATCH_WAIT`]) with the interpreter
//! lock released, then hands them out one by one, turning each into Python objects by its
//! serde serialisation ([`crate::pyser`]): the dicts `json.loads` would make of the line. When
//! Python stops reading, the queue fills and the run waits; when the iterator is closed or
//! dropped, the run stops.
//!
//! The run's tally, sent with the summary, is kept for `CompareRun.tally()`: the summary as
//! data that merges with the tallies of the other parts of a run and crosses processes
//! ([`crate::tally`]).

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gorules_compare::corpus::{GameEntry, Handoff, HomeBox, Summary, Taken, Tally};
use gorules_compare::files::InputErrorKind;
use gorules_compare::replay::{EndOfPlay, ScoreReport};
use pyo3::prelude::*;

use crate::args;
use crate::errors::gorules_error;
use crate::pyser::{to_python, to_python_repeating, Cache, Repeats};
use crate::run::{path_list, RunRequest, RunSink};
use crate::tally::PyTally;

/// The names the `Serialize` implementations of `ScoreReport` and `EndOfPlay` give their
/// structs.
const SCORE_REPORT: &str = "ScoreReport";
const END_OF_PLAY: &str = "EndOfPlay";

/// Entries go to Python in batches of this many, or fewer when the oldest has waited
/// [`BATCH_WAIT`] or the run is over ([`Handoff`]): one wake-up of the Python thread, and one
/// release of the interpreter lock, per batch instead of per game. Larger batches let the run
/// and the Python thread wait less for each other on two cores (taking turns, batches of 16
/// gave 0.78 of the command's records/s, batches of 128 gave 0.80, for the same CPU time; see
/// docs/performance.md, "The Python package").
const BATCH: usize = 128;

/// The longest an entry waits for its batch to fill while Python waits for it: in a slow run
/// (dead stones from a GTP engine, a second or more a game) every entry reaches Python as soon
/// as it is made.
const BATCH_WAIT: Duration = Duration::from_millis(10);

/// What the run sends.
enum Message {
    /// A game's entry, and which of its scores and ends of play repeat an earlier one.
    Entry(HomeBox<GameEntry>, Vec<Repeats>),
    /// The tally, last: the summary is its summary.
    End(Box<Tally>),
    /// The run failed as a whole (no SGF file in the paths).
    Error(String),
}

/// The last line of `--format jsonl`: `{"summary": {...}}`.
#[derive(serde::Serialize)]
pub struct SummaryLine<'a> {
    /// The summary.
    pub summary: &'a Summary,
}

/// The driving thread's side of `compare`: the entries, then the tally or the run's error.
struct EntrySink {
    handoff: Arc<Handoff<Message>>,
}

impl RunSink for EntrySink {
    fn entry(&mut self, entry: HomeBox<GameEntry>) -> bool {
        let repeats = repeats(&entry);
        self.handoff.push(Message::Entry(entry, repeats))
    }

    fn end(self, end: Result<Tally, String>) {
        self.handoff.push(match end {
            Ok(tally) => Message::End(Box::new(tally)),
            Err(message) => Message::Error(message),
        });
    }
}

/// However the run ends (its end sent, stopped, or a panic), Python then reads what is left and
/// the end of the iteration.
impl Drop for EntrySink {
    fn drop(&mut self) {
        self.handoff.finish();
    }
}

/// The scores of a report, and its rulesets' ends of play, that repeat an earlier one: its
/// rulesets often agree. The entry's conversion copies the first one's dicts instead of
/// making them again.
fn repeats(entry: &GameEntry) -> Vec<Repeats> {
    let GameEntry::Report(report) = entry else {
        return Vec::new();
    };
    let scores: Vec<&ScoreReport> = report.rulesets.iter().flat_map(|r| &r.scores).collect();
    let ends: Vec<&EndOfPlay> = report.rulesets.iter().map(|r| &r.end).collect();
    vec![
        Repeats {
            name: SCORE_REPORT,
            of: first_equal(&scores, |a, b| a.is_identical(b)),
        },
        Repeats {
            name: END_OF_PLAY,
            of: first_equal(&ends, exactly_equal),
        },
    ]
}

/// Equality of a type without floating-point numbers (`Eq`), where equal values serialise
/// alike.
fn exactly_equal<T: Eq>(a: &T, b: &T) -> bool {
    a == b
}

/// For each item, in order: the index of the first earlier item `same` as it, if any.
fn first_equal<T>(items: &[T], same: impl Fn(&T, &T) -> bool) -> Vec<Option<usize>> {
    items
        .iter()
        .enumerate()
        .map(|(n, item)| items[..n].iter().position(|i| same(i, item)))
        .collect()
}

/// Replays every game of every SGF file under `paths` (files, and directories walked for
/// `*.sgf`) under each ruleset, on `jobs` threads, and yields one dict per game as
/// `gorules compare --format jsonl` writes them, in input order: a report, or
/// `{"source": ..., "error": ...}` for a file or game that could not be read or replayed;
/// then, last, `{"summary": {...}}`. Memory stays flat over any number of records.
#[pyfunction]
#[pyo3(signature = (paths, rules=None, counting="all", komi=None, dead=None, *, engine=None, jobs=None, strict=false, examples=0, max_file_size=gorules_compare::files::DEFAULT_MAX_FILE_SIZE))]
#[allow(clippy::too_many_arguments)]
pub fn compare(
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
) -> PyResult<CompareRun> {
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
    let handoff = Arc::new(Handoff::new(BATCH, BATCH_WAIT));
    request
        .spawn(
            "gorules-compare",
            EntrySink {
                handoff: Arc::clone(&handoff),
            },
        )
        .map_err(|e| gorules_error(format!("cannot start the run: {e}")))?;
    Ok(CompareRun {
        handoff,
        pending: Mutex::new(VecDeque::new()),
        cache: Mutex::new(Cache::default()),
        tally: Mutex::new(None),
    })
}

/// The SGF files `compare(paths)` reads, in the order it reads them (files as given,
/// directories walked for `*.sgf` in path order, symbolic links followed): a list of paths
/// (`str`). A path the walk finds unreadable is listed too: `compare` of that path alone
/// gives the same error entry. `GorulesError` for a directory whose walk `compare` reports
/// and no list of paths can reproduce: a link back to a directory the walk is inside, or a
/// directory on another file system than the path given.
#[pyfunction]
pub fn sgf_files(py: Python<'_>, paths: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    let paths = path_list(paths)?;
    if paths.is_empty() {
        return Err(gorules_error("paths: no file or directory given"));
    }
    py.detach(|| {
        gorules_compare::files::walk(&paths)
            .map(|item| match item {
                Ok(path) => Ok(path),
                Err(e) => match e.kind {
                    InputErrorKind::Cycle { .. } | InputErrorKind::OtherFileSystem { .. } => {
                        Err(e.to_string())
                    }
                    _ => Ok(e.path),
                },
            })
            .collect::<Result<Vec<_>, String>>()
    })
    .map_err(gorules_error)
}

/// The iterator `gorules.compare` returns: one dict per game, then the summary. Dropping it
/// (or `close()`) stops the run.
#[pyclass(module = "gorules._gorules", name = "CompareRun")]
pub struct CompareRun {
    /// The run's entries as they come.
    handoff: Arc<Handoff<Message>>,
    /// The entries of the last batch not yet handed to Python.
    pending: Mutex<VecDeque<Message>>,
    /// The Python objects the entries share (names, short strings, numbers).
    cache: Mutex<Cache>,
    /// The run's tally, once the summary has been handed out.
    tally: Mutex<Option<Tally>>,
}

impl CompareRun {
    fn to_python<'py>(
        &self,
        py: Python<'py>,
        value: &impl serde::Serialize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        to_python(py, &mut cache, value)
    }
}

/// A dropped iterator stops its run.
impl Drop for CompareRun {
    fn drop(&mut self) {
        self.handoff.close();
    }
}

#[pymethods]
impl CompareRun {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        loop {
            let next = self
                .pending
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .pop_front();
            match next {
                Some(Message::Entry(e, repeats)) => {
                    let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
                    return to_python_repeating(py, &mut cache, &*e, repeats).map(Some);
                }
                Some(Message::End(tally)) => {
                    let summary = tally.summary();
                    *self.tally.lock().unwrap_or_else(|e| e.into_inner()) = Some(*tally);
                    return self
                        .to_python(py, &SummaryLine { summary: &summary })
                        .map(Some);
                }
                Some(Message::Error(message)) => {
                    self.close();
                    return Err(gorules_error(message));
                }
                None => {}
            }
            // The next batch, waited for with the interpreter lock released, looking up now
            // and then for a KeyboardInterrupt.
            match py.detach(|| self.handoff.take(Duration::from_millis(100))) {
                Taken::Batch(batch) => self
                    .pending
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .extend(batch),
                Taken::Wait => py.check_signals()?,
                Taken::End => return Ok(None),
            }
        }
    }

    /// The run's tally, once the iterator has handed out the summary: the summary as data
    /// (`gorules.Tally`) that merges with the tallies of the runs of the files after this
    /// run's, and pickles. `GorulesError` before the summary (read the run to its end first).
    fn tally(&self) -> PyResult<PyTally> {
        match &*self.tally.lock().unwrap_or_else(|e| e.into_inner()) {
            Some(t) => Ok(PyTally::new(t.clone())),
            None => Err(gorules_error(
                "the run has no tally before its summary: read the run to its end first",
            )),
        }
    }

    /// Stops the run: no further game is read; the iterator is then exhausted.
    fn close(&self) {
        self.handoff.close();
        self.pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &self,
        _ty: Option<&Bound<'_, PyAny>>,
        _value: Option<&Bound<'_, PyAny>>,
        _tb: Option<&Bound<'_, PyAny>>,
    ) -> bool {
        self.close();
        false
    }
}
