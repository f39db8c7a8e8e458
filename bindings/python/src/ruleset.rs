//! `gorules.Ruleset`: a ruleset (built in, or read from TOML), its knobs, and how two differ.

use std::path::PathBuf;

use gorules_rules::knob::KNOBS;
use gorules_rules::{builtin, builtin_ids, builtin_text, builtins, load, parse, printer, Ruleset};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::errors::rules_error;

/// One ruleset by a built-in id, a `katago:` rules string or a TOML path (`--rules` with one
/// entry).
pub fn load_ruleset(spec: &str) -> PyResult<Ruleset> {
    load(spec.trim()).map_err(|e| rules_error(e.to_string()))
}

/// The ruleset of the TOML file at `path` (any path the file system can name, UTF-8 or not),
/// read as `--rules FILE` reads it.
pub fn load_path(path: &std::path::Path) -> PyResult<Ruleset> {
    let (text, file) = read(path.to_path_buf())?;
    parse(&text, &file).map_err(|e| rules_error(e.to_string()))
}

/// A ruleset: a value for every knob (every rule difference), read from TOML.
///
/// `Ruleset.builtin("japanese")`, `Ruleset.load("chinese")` or `Ruleset.load("my.toml")`,
/// `Ruleset.from_toml(text_or_path)`, `Ruleset.list()`. `knobs()` gives every knob's value as
/// the TOML file writes it; `diff(other)` the knobs two rulesets set differently.
#[pyclass(module = "gorules._gorules", name = "Ruleset", frozen, eq)]
#[derive(PartialEq)]
pub struct PyRuleset {
    /// The ruleset.
    pub rules: Ruleset,
}

#[pymethods]
impl PyRuleset {
    /// The built-in ruleset `id` (`Ruleset.ids()` lists them).
    #[staticmethod]
    fn builtin(id: &str) -> PyResult<PyRuleset> {
        load_ruleset(id)
            .and_then(|rules| {
                if builtin(id.trim()).is_some() {
                    Ok(rules)
                } else {
                    Err(rules_error(format!(
                        "{id}: no built-in ruleset has this id; built-in ids: {}",
                        builtin_ids().join(", ")
                    )))
                }
            })
            .map(|rules| PyRuleset { rules })
    }

    /// A ruleset as `--rules` names one: a built-in id, or a path to a TOML file (anything
    /// containing `/` or ending in `.toml`).
    #[staticmethod]
    fn load(spec: &Bound<'_, PyAny>) -> PyResult<PyRuleset> {
        let rules = match spec.cast::<PyString>() {
            Ok(s) => match s.to_cow() {
                Ok(text) => load_ruleset(&text)?,
                // Not UTF-8: a file's name, as the file system spells it.
                Err(_) => load_path(&crate::args::os_path(spec, "spec")?)?,
            },
            Err(_) => load_path(&crate::args::os_path(spec, "spec")?)?,
        };
        Ok(PyRuleset { rules })
    }

    /// A ruleset from TOML: a path-like object is a file; a `str` is TOML text when it holds a
    /// line break or `=` (every ruleset file does), else a file's path. `name` names text in
    /// error messages (default `"<string>"`). `extends` may name a built-in ruleset.
    #[staticmethod]
    #[pyo3(signature = (text_or_path, name=None))]
    fn from_toml(text_or_path: &Bound<'_, PyAny>, name: Option<&str>) -> PyResult<PyRuleset> {
        let (text, file) = if let Ok(s) = text_or_path.cast::<PyString>() {
            match s.to_cow() {
                Ok(s) if s.contains(['\n', '=']) => {
                    (s.to_string(), name.unwrap_or("<string>").to_string())
                }
                Ok(s) => read(PathBuf::from(&*s))?,
                // Not UTF-8 (a lone surrogate): TOML text cannot hold one, a file's name can.
                Err(_) if s.to_string_lossy().contains(['\n', '=']) => {
                    return Err(crate::args::not_text(s, "from_toml"))
                }
                Err(_) => read(crate::args::os_path(text_or_path, "from_toml")?)?,
            }
        } else {
            read(crate::args::os_path(text_or_path, "from_toml")?)?
        };
        parse(&text, &file)
            .map(|rules| PyRuleset { rules })
            .map_err(|e| rules_error(e.to_string()))
    }

    /// Every built-in ruleset, in the order `gorules rules list` gives.
    #[staticmethod]
    fn list() -> Vec<PyRuleset> {
        builtins()
            .into_iter()
            .map(|rules| PyRuleset { rules })
            .collect()
    }

    /// The built-in ids.
    #[staticmethod]
    fn ids() -> Vec<&'static str> {
        builtin_ids()
    }

    /// The id (`"japanese"`).
    #[getter]
    fn id(&self) -> &str {
        &self.rules.id
    }

    /// The display name (`"Japanese 1989"`).
    #[getter]
    fn name(&self) -> &str {
        &self.rules.name
    }

    /// One line on what it is.
    #[getter]
    fn description(&self) -> &str {
        &self.rules.description
    }

    /// The rules text it follows.
    #[getter]
    fn source(&self) -> &str {
        &self.rules.source
    }

    /// The counting methods it allows (`["area"]`, `["area", "territory"]`).
    #[getter]
    fn countings(&self) -> Vec<&'static str> {
        self.rules.counting.iter().map(|c| c.name()).collect()
    }

    /// The komi for a game that gives none, with `handicap` stones.
    #[pyo3(signature = (handicap=0))]
    fn default_komi(&self, #[pyo3(from_py_with = crate::args::handicap)] handicap: u32) -> f64 {
        self.rules.default_komi(handicap).points()
    }

    /// Every knob (`"play.ko"`, `"scoring.counting"`, ...) with its value as a ruleset file
    /// writes it in TOML: a string, number, boolean, list or table (dict), in file order.
    fn knobs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for knob in KNOBS {
            let value = crate::json::serialize_to_py(py, &knob.toml_value(&self.rules))?;
            dict.set_item(knob.key, value)?;
        }
        Ok(dict)
    }

    /// The knobs `self` and `other` set differently: `{knob: (self's value, other's value)}`,
    /// each value as `gorules rules show` writes it (a list knob's values joined by `"; "`),
    /// in the order of `gorules rules diff`.
    fn diff<'py>(&self, py: Python<'py>, other: &PyRuleset) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (k, x, y) in printer::differing_knobs(&self.rules, &other.rules) {
            dict.set_item(k, PyTuple::new(py, [x, y])?)?;
        }
        Ok(dict)
    }

    /// `gorules rules diff` as text: the knobs set differently, aligned, or a line saying
    /// every knob is set alike.
    fn diff_text(&self, other: &PyRuleset) -> String {
        printer::diff(&self.rules, &other.rules)
    }

    /// `gorules rules show` as text: name, id, description, source, every knob.
    fn show(&self) -> String {
        printer::show(&self.rules, printer::Format::Text)
    }

    /// The TOML file of a built-in ruleset (`None` for one read from elsewhere).
    fn builtin_toml(&self) -> Option<&'static str> {
        builtin_text(&self.rules.id)
            .filter(|t| parse(t, &self.rules.id).ok().as_ref() == Some(&self.rules))
    }

    fn __repr__(&self) -> String {
        format!("Ruleset({:?}, {:?})", self.rules.id, self.rules.name)
    }
}

/// A ruleset file's text and name, read as `--rules FILE` reads it (a regular file, with a
/// size cap).
fn read(path: PathBuf) -> PyResult<(String, String)> {
    let file = path.display().to_string();
    gorules_rules::read_ruleset_text(&path)
        .map(|t| (t, file))
        .map_err(|e| rules_error(e.to_string()))
}
