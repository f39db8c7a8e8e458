//! JSON as Python values: the printers' JSON text read by Python's `json.loads`, and the
//! libraries' serialisable values turned into the same Python objects without the text.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use serde::Serialize;

/// Anything the libraries serialise, as the Python objects `json.loads` makes of the JSON text
/// `serde_json` writes for it ([`crate::pyser`]).
pub fn serialize_to_py<'py>(
    py: Python<'py>,
    value: &impl Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    crate::pyser::to_python(py, &mut crate::pyser::Cache::default(), value)
}

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
