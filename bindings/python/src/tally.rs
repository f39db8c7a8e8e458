//! `gorules.Tally`: the summary of a corpus run as data (`gorules_compare::corpus::Tally`),
//! which merges with the tallies of the runs of the files after it and pickles, so that the
//! parts of a run made in other processes or on other machines give the summary of the whole.

use gorules_compare::corpus::Tally;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::corpus::SummaryLine;
use crate::errors::gorules_error;
use crate::pyser::{to_python, Cache};

/// The counts behind a `compare` run's summary (`CompareRun.tally()`). `merge(later)` adds
/// the tally of the files that come after this one's, in input order: the tallies of the
/// parts of a run merged in order give exactly the summary of the whole run. A tally pickles
/// (its state is versioned JSON, read back only when its counts are those of some run).
/// `Tally()` is the tally of nothing, with no score column; `Tally(state)` reads a state.
#[pyclass(module = "gorules", name = "Tally", eq)]
#[derive(PartialEq)]
pub struct PyTally {
    inner: Tally,
}

impl PyTally {
    /// A Python tally of `inner`.
    pub fn new(inner: Tally) -> PyTally {
        PyTally { inner }
    }
}

/// The tally a state gives, or `GorulesError` saying why it is refused.
fn read_state(state: &[u8]) -> PyResult<Tally> {
    Tally::from_state(state).map_err(|e| gorules_error(format!("gorules.Tally: {e}")))
}

#[pymethods]
impl PyTally {
    #[new]
    #[pyo3(signature = (state=None))]
    fn py_new(state: Option<&[u8]>) -> PyResult<PyTally> {
        Ok(PyTally {
            inner: match state {
                Some(s) => read_state(s)?,
                None => Tally::new(Vec::new()),
            },
        })
    }

    /// Adds `later`'s counts: the tally of entries that come after this one's in the same run
    /// (the next files in input order), counted with the same score columns and number of
    /// examples. The examples kept are the first ones in input order. `GorulesError` for a
    /// tally of other columns or another number of examples (this one is then unchanged).
    fn merge(slf: &Bound<'_, Self>, later: &Bound<'_, Self>) -> PyResult<()> {
        // Copied first: `later` may be this very tally.
        let later = later.borrow().inner.clone();
        slf.borrow_mut()
            .inner
            .merge(&later)
            .map_err(|e| gorules_error(format!("gorules.Tally.merge: {e}")))
    }

    /// The summary of the entries counted: the dict of the `{"summary": ...}` entry a
    /// `compare` run ends with.
    fn summary<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let summary = self.inner.summary();
        let line = to_python(
            py,
            &mut Cache::default(),
            &SummaryLine { summary: &summary },
        )?;
        line.get_item("summary")
    }

    /// The state pickle keeps: the tally as versioned JSON (bytes).
    fn __getstate__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.to_state().as_bytes())
    }

    /// Reads a state `__getstate__` gave; `GorulesError` for one of another version of
    /// gorules, or that is no tally's.
    fn __setstate__(&mut self, state: &[u8]) -> PyResult<()> {
        self.inner = read_state(state)?;
        Ok(())
    }

    fn __repr__(&self) -> String {
        let s = self.inner.summary();
        format!(
            "<gorules.Tally: {} entries, {} score pairs>",
            s.games,
            s.pairs.len()
        )
    }
}
