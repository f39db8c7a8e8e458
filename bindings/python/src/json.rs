//! JSON as Python values: the printers' JSON text read by Python's `json.loads`, and the
//! libraries' serialisable values turned into the same Python objects without the text.

use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use serde::Serialize;

use crate::pyser::Cache;

/// Anything the libraries serialise, as the Python objects `json.loads` makes of the JSON text
/// `serde_json` writes for it ([`crate::pyser`]), with the cache shared by these conversions
/// of single values (a score, a side's prisoners, a ruleset's setting): its templates and
/// objects, made by the first calls, serve the next ones.
pub fn serialize_to_py<'py>(
    py: Python<'py>,
    value: &impl Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    let shared = SHARED.get_or_init(py, || Mutex::new(Cache::default()));
    match shared.try_lock() {
        Ok(mut cache) => crate::pyser::to_python(py, &mut cache, value),
        // In use further up this thread (a finalizer that the collector ran during a
        // conversion calls back into the package), or left by a panic: a cache of its own.
        Err(_) => crate::pyser::to_python(py, &mut Cache::default(), value),
    }
}

/// The cache of [`serialize_to_py`].
static SHARED: PyOnceLock<Mutex<Cache>> = PyOnceLock::new();

/// Python's `json.loads`, looked up once.
static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// JSON text read by Python's `json.loads` (its C decoder): the fastest way from a line of
/// text written by the libraries to Python objects.
pub fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    let loads = LOADS.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("json")?.getattr("loads")?.unbind())
    })?;
    loads.bind(py).call1((text,))
}
