//! A corpus run requested from Python and driven on a thread of its own: what `compare` and
//! `compare_arrow` share. [`RunRequest::new`] reads their arguments (a bad one is a Python
//! exception before anything runs); [`RunRequest::spawn`] starts the library's corpus run
//! (`compare_paths_map_while`, the machinery of `gorules compare`), whose workers replay the
//! records and make each game's entry and summary row, and hands the entries, in input order,
//! to a [`RunSink`] on the driving thread, then the tally.

use std::path::PathBuf;

use gorules_compare::corpus::{
    compare_paths_map_while, score_columns, GameEntry, HomeBox, RunLimits, Tally, TallyRow,
};
use gorules_compare::replay::Options;
use gorules_compare::rules_choice::RulesetChoice;
use pyo3::prelude::*;

use crate::args;
use crate::errors::gorules_error;

/// What a run's driving thread does with what the run gives.
pub trait RunSink: Send + 'static {
    /// The next entry, in input order. `false` stops the run: its reader has gone.
    fn entry(&mut self, entry: HomeBox<GameEntry>) -> bool;

    /// The end of a run that was not stopped: its tally (the summary is the tally's), or the
    /// error of the run as a whole (no SGF file in the paths).
    fn end(self, end: Result<Tally, String>);
}

/// The arguments of a corpus run, read and checked.
#[derive(Clone)]
pub struct RunRequest {
    paths: Vec<PathBuf>,
    rulesets: Vec<RulesetChoice>,
    options: Options,
    limits: RunLimits,
    examples: usize,
}

impl RunRequest {
    /// Reads `compare`'s arguments (see its documentation); `GorulesError` (or a subclass)
    /// for a bad one.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        paths: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
        counting: &str,
        komi: Option<f64>,
        dead: Option<&Bound<'_, PyAny>>,
        engine: Option<&str>,
        jobs: Option<usize>,
        strict: bool,
        examples: usize,
        max_file_size: u64,
    ) -> PyResult<RunRequest> {
        let paths = path_list(paths)?;
        if paths.is_empty() {
            return Err(gorules_error("paths: no file or directory given"));
        }
        let rulesets = args::ruleset_choices(rules)?;
        let options = Options {
            komi: args::komi(komi)?,
            dead: args::dead(dead, engine)?,
            countings: args::countings(counting)?,
            score_unfinished: false,
            strict,
            // A corpus run gives no maps, as `compare` does not.
            point_maps: false,
        };
        let limits = RunLimits {
            jobs: args::jobs(jobs)?,
            max_file_size,
        };
        Ok(RunRequest {
            paths,
            rulesets,
            options,
            limits,
            examples,
        })
    }

    /// The run's score columns (`japanese:territory`, ...): the summary's.
    pub fn score_columns(&self) -> Vec<String> {
        score_columns(&self.rulesets, &self.options)
    }

    /// Starts the run on a thread named `name`, handing its entries and end to `sink` there.
    /// When the sink stops the run, the files under way are finished and dropped, no further
    /// one is started, and the sink's `end` is not called. An error when the thread cannot be
    /// started.
    pub fn spawn(self, name: &str, mut sink: impl RunSink) -> std::io::Result<()> {
        let RunRequest {
            paths,
            rulesets,
            options,
            limits,
            examples,
        } = self;
        std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let columns = score_columns(&rulesets, &options);
                let mut tally = Tally::new(columns.clone()).examples(examples);
                let wants_examples = tally.wants_examples();
                // Each game's summary row is made on the worker that replayed it.
                let prepare = |e: GameEntry| {
                    let row = TallyRow::with_examples(&columns, &e, wants_examples);
                    (HomeBox::new(e), row)
                };
                let mut reading = true;
                let inputs = compare_paths_map_while(
                    &paths,
                    &rulesets,
                    &options,
                    limits,
                    &|| {},
                    &prepare,
                    |(entry, row)| {
                        tally.add_row(&row);
                        reading = sink.entry(entry);
                        reading
                    },
                );
                if !reading {
                    return;
                }
                sink.end(if inputs.paths == 0 {
                    let named: Vec<String> =
                        paths.iter().map(|p| p.display().to_string()).collect();
                    Err(format!("no SGF file (*.sgf) in {}", named.join(", ")))
                } else {
                    Ok(tally)
                });
            })?;
        Ok(())
    }
}

/// `paths`: one path (a `str` or path-like object) or a sequence of them.
pub fn path_list(obj: &Bound<'_, PyAny>) -> PyResult<Vec<PathBuf>> {
    if let Ok(p) = obj.extract::<PathBuf>() {
        return Ok(vec![p]);
    }
    let items = obj.try_iter().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "paths: a path or a sequence of paths, not {}",
            args::type_name(obj)
        ))
    })?;
    items.map(|p| p?.extract::<PathBuf>()).collect()
}
