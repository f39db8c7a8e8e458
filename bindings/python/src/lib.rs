//! # gorules-python
//!
//! The extension module `gorules._gorules` behind the Python package `gorules`: the libraries'
//! own entry points, called with Python values and answering with Python values, with no
//! second rules implementation and no second JSON producer.
//!
//! - `score`: one record under many rulesets, the JSON contract of
//!   `gorules score --format json` (`gorules_compare::report`) as dicts;
//! - `compare`: a corpus run streamed game by game from worker threads over
//!   a bounded queue, the entries of `gorules compare --format jsonl`
//!   (`gorules_compare::corpus`), and `Tally`: its summary as data that merges and
//!   pickles, for runs split over processes;
//! - `compare_arrow`: the same run as the Arrow record batches of
//!   `gorules compare --format parquet` (`gorules_columnar`), handed over through the Arrow
//!   PyCapsule interface (an Arrow C stream) with no Python object per row;
//! - `Ruleset` and `Game`: rulesets and a game played
//!   move by move (`gorules_rules::Game`);
//! - `fuzz`: the claims fuzzer, its report as `gorules fuzz --format json`
//!   writes it (`gorules_claims::printer`).
//!
//! The libraries' reports become Python objects through their own serde serialisation (the
//! one `serde_json` writes the JSON contract from), by a serializer whose output is Python
//! objects (module `pyser`); the printers' JSON text (fuzz reports) is read by `json.loads`.
//!
//! Errors are Python exceptions (module `errors`) carrying the messages the command line prints
//! (a bad option in the request layer's words, which name no flag);
//! the interpreter lock is released while Rust works.

#![warn(missing_docs)]

use pyo3::prelude::*;

mod args;
mod arrow;
mod corpus;
mod errors;
mod fuzz;
mod game;
mod json;
mod pyser;
mod ruleset;
mod run;
mod score;
mod tally;

/// The allocator of the `gorules` binary, for the same speed (see docs/performance.md).
#[global_allocator]
static GLOBAL: gorules_alloc::MiMalloc = gorules_alloc::MiMalloc;

/// The module `gorules._gorules`.
#[pymodule]
fn _gorules(m: &Bound<'_, PyModule>) -> PyResult<()> {
    gorules_alloc::keep_freed_memory();
    errors::register(m)?;
    m.add_function(wrap_pyfunction!(score::score, m)?)?;
    m.add_function(wrap_pyfunction!(corpus::compare, m)?)?;
    m.add_class::<corpus::CompareRun>()?;
    m.add_function(wrap_pyfunction!(arrow::compare_arrow, m)?)?;
    m.add_class::<arrow::ArrowRun>()?;
    m.add_function(wrap_pyfunction!(corpus::sgf_files, m)?)?;
    m.add_class::<tally::PyTally>()?;
    m.add_function(wrap_pyfunction!(fuzz::fuzz, m)?)?;
    m.add_function(wrap_pyfunction!(fuzz::claims, m)?)?;
    m.add_class::<ruleset::PyRuleset>()?;
    m.add_class::<game::PyGame>()?;
    m.add(
        "DEFAULT_MAX_FILE_SIZE",
        gorules_compare::files::DEFAULT_MAX_FILE_SIZE,
    )?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
