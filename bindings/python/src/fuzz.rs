//! `gorules.fuzz`: an equivalence claim between rulesets tested on seeded random games, and
//! `gorules.claims`: the named claims; both as `gorules fuzz --format json` reports them.

use std::path::PathBuf;

use gorules_claims::generate::{parse_sizes, GenOptions, Legality};
use gorules_claims::printer::{self, Format};
use gorules_claims::{run, Claim, RunOptions};
use gorules_rules::params::{KoRule, SuicideRule};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::args;
use crate::errors::gorules_error;

/// Tests `claim` (a name from `claims()`, or an expression such as
/// `"concord:area == concord:territory"`) on `games` random games from `seed`, on boards of
/// `sizes` (`"2..9"`, `"5,7,9"`, a number or a sequence of numbers), and returns the report of
/// `gorules fuzz --format json` as a dict (`holds`, `failures`, `counterexamples`, ...).
///
/// `out`: the directory for the counterexamples' SGF files (`None`: not written, re-checked
/// from their text; `sgf` is then `None`). `ko` and `suicide` are values of the rules'
/// `play.ko` and `play.suicide` knobs for the generated games.
#[pyfunction]
#[pyo3(signature = (claim, games=10_000, seed=0, sizes=None, *, jobs=None, out=None, counterexamples=3, shrink=true, ko="positional-superko", suicide="illegal", max_handicap=9))]
#[allow(clippy::too_many_arguments)]
pub fn fuzz<'py>(
    py: Python<'py>,
    claim: &str,
    #[pyo3(from_py_with = args::games)] games: u64,
    #[pyo3(from_py_with = args::seed)] seed: u64,
    sizes: Option<&Bound<'py, PyAny>>,
    #[pyo3(from_py_with = args::jobs_arg)] jobs: Option<usize>,
    out: Option<PathBuf>,
    #[pyo3(from_py_with = args::counterexamples)] counterexamples: usize,
    shrink: bool,
    ko: &str,
    suicide: &str,
    #[pyo3(from_py_with = args::max_handicap)] max_handicap: u32,
) -> PyResult<Bound<'py, PyAny>> {
    let claim = Claim::from_text(claim).map_err(|e| gorules_error(e.to_string()))?;
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
    let text = py.detach(|| {
        let report = run(&claim, &opts, &|_| {});
        printer::report(&claim, &report, jobs, Format::Json)
    });
    crate::json::loads(py, &text)
}

/// The named claims, as `gorules fuzz --list --format json` lists them: one dict each with
/// `name`, `claim`, `expected` (`"holds"` or `"fails"`) and `statement`.
#[pyfunction]
pub fn claims(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    crate::json::loads(py, &printer::claims_list(Format::Json))
}
