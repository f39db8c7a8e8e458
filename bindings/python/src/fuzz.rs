//! `gorules.fuzz`: an equivalence claim between rulesets tested on seeded random games, and
//! `gorules.claims`: the named claims; both as `gorules fuzz --format json` reports them.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use gorules_claims::generate::{parse_sizes, GenOptions, Legality};
use gorules_claims::printer::{self, Format};
use gorules_claims::{run, Claim, RunOptions};
use gorules_rules::ruleset::{KoRule, SuicideRule};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::args;
use crate::errors::gorules_error;

/// Tests `claim` (a name from `claims()`, or an expression such as
/// `"concord:area == concord:territory"`) on `games` random games from `seed`, on boards of
/// `sizes` (`"2..9"`, `"5,7,9"`, a number or a sequence of numbers), and returns the report of
/// `gorules fuzz --format json` as a dict (`holds`, `failures`, `counterexamples`, ...).
///
/// `first_game`: the index of the first game; the run tests games `first_game` to
/// `first_game + games - 1` of the seed (the counterexamples' `game` is that index), so that
/// runs of consecutive ranges test exactly the games of one longer run.
///
/// `out`: the directory for the counterexamples' SGF files (`None`: not written, re-checked
/// from their text; `sgf` is then `None`). `ko` and `suicide` are values of the rules'
/// `play.ko` and `play.suicide` knobs for the generated games.
///
/// `progress`: called as `progress(done, games)` with the number of games tested so far, at
/// most every [`PROGRESS_EVERY`] and once at the end (a progress bar's `update`, say). An
/// exception it raises stops nothing: it is raised when the run is over.
#[pyfunction]
#[pyo3(signature = (claim, games=10_000, seed=0, sizes=None, *, first_game=0, jobs=None, out=None, counterexamples=3, shrink=true, ko="positional-superko", suicide="illegal", max_handicap=9, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn fuzz<'py>(
    py: Python<'py>,
    claim: &str,
    #[pyo3(from_py_with = args::games)] games: u64,
    #[pyo3(from_py_with = args::seed)] seed: u64,
    sizes: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = args::first_game)] first_game: u64,
    #[pyo3(from_py_with = args::jobs_arg)] jobs: Option<usize>,
    out: Option<PathBuf>,
    #[pyo3(from_py_with = args::counterexamples)] counterexamples: usize,
    shrink: bool,
    ko: &str,
    suicide: &str,
    #[pyo3(from_py_with = args::max_handicap)] max_handicap: u32,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let claim = Claim::from_text(claim).map_err(|e| gorules_error(e.to_string()))?;
    if first_game.checked_add(games).is_none() {
        return Err(gorules_error(format!(
            "first_game {first_game} with games {games}: game indices end at {}",
            u64::MAX
        )));
    }
    let sizes_text = match sizes {
        None => "2..9".to_string(),
        Some(s) if s.is_none() => "2..9".to_string(),
        Some(s) => {
            if let Ok(t) = s.cast::<PyString>() {
                args::text(t, "sizes")?
            } else if let Ok(n) = s.extract::<u32>() {
                n.to_string()
            } else {
                let list: Vec<u32> = s.extract().map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(format!(
                        "sizes: \"2..9\", \"5,7,9\", a number or a sequence of numbers, not {}",
                        args::type_name(s)
                    ))
                })?;
                list.iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            }
        }
    };
    let sizes = parse_sizes(&sizes_text).map_err(|e| gorules_error(format!("sizes: {e}")))?;
    let jobs = args::jobs(jobs)?;
    let legality = Legality {
        ko: args::knob_value::<KoRule>(ko).map_err(|e| gorules_error(format!("ko: {e}")))?,
        suicide: args::knob_value::<SuicideRule>(suicide)
            .map_err(|e| gorules_error(format!("suicide: {e}")))?,
    };
    let opts = RunOptions {
        games,
        first_game,
        seed,
        gen: GenOptions {
            sizes,
            max_handicap,
            legality,
            ..GenOptions::default()
        },
        jobs,
        max_counterexamples: counterexamples,
        shrink,
        out_dir: out,
    };
    let callback = progress.filter(|p| !p.is_none()).map(Bound::unbind);
    let tally = Progress::new(games);
    let text = py.detach(|| {
        let report = run(&claim, &opts, &|n| tally.add(n, callback.as_ref(), false));
        tally.add(0, callback.as_ref(), true);
        printer::report(&claim, &report, jobs, Format::Json)
    });
    if let Some(e) = tally.error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    crate::json::loads(py, &text)
}

/// How often, at most, `fuzz` calls its `progress` callback.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// The games a run has tested, told to a Python callback now and then from whichever thread
/// finished some (each call takes the interpreter lock for a moment).
struct Progress {
    games: u64,
    done: AtomicU64,
    last: Mutex<Option<Instant>>,
    error: Mutex<Option<PyErr>>,
}

impl Progress {
    fn new(games: u64) -> Progress {
        Progress {
            games,
            done: AtomicU64::new(0),
            last: Mutex::new(None),
            error: Mutex::new(None),
        }
    }

    /// Counts `n` more games, and calls `callback` if the last call is old enough (always
    /// when `last`).
    fn add(&self, n: u64, callback: Option<&Py<PyAny>>, last: bool) {
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        let Some(callback) = callback else { return };
        {
            // Decided under the lock, called outside it: the other threads go on meanwhile.
            let mut when = self.last.lock().unwrap_or_else(|e| e.into_inner());
            if !last && when.is_some_and(|t| t.elapsed() < PROGRESS_EVERY) {
                return;
            }
            *when = Some(Instant::now());
        }
        let failed = || {
            self.error
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .is_some()
        };
        if failed() {
            return;
        }
        Python::attach(|py| {
            if let Err(e) = callback.call1(py, (done, self.games)) {
                let mut error = self.error.lock().unwrap_or_else(|e| e.into_inner());
                if error.is_none() {
                    *error = Some(e);
                }
            }
        });
    }
}

/// The named claims, as `gorules fuzz --list --format json` lists them: one dict each with
/// `name`, `claim`, `expected` (`"holds"` or `"fails"`) and `statement`.
#[pyfunction]
pub fn claims(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    crate::json::loads(py, &printer::claims_list(Format::Json))
}
