//! `gorules.score`: one record (every game of a collection) under many rulesets, as
//! `gorules score --format json` reports it.

use gorules_compare::files::read_file;
use gorules_compare::replay::Options;
use gorules_compare::report::GameReport;
use gorules_compare::rules_choice::{
    compare_chosen, own_ruleset_left_out, ChoiceError, RulesetChoice,
};
use gorules_sgf::parse_sgf_bytes_games;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::args::{self, SgfInput};
use crate::errors::{gorules_error, sgf_error, GorulesWarning};

/// Scores every game of a record under each ruleset: one dict per game, the JSON contract of
/// `gorules score --format json` (docs/json.md).
///
/// `sgf` is SGF text as bytes, a `str` that begins with `(` (after white space), or else a
/// path (a `str` or any path-like object). `rules`: `"all"`, ids or TOML paths (one string
/// separated by commas, or a sequence), or `Ruleset` objects. `counting`: `"all"`, `"area"`,
/// `"territory"` or `"stone"`. `komi` overrides the record's `KM` and the rulesets' defaults.
/// `dead`: `None` or `"auto"`, `"markup"`, `"estimate"`, `"engine"` (with `engine`, a GTP
/// engine's command line), `"none"`, or points (`"D4,E5"` or a sequence). `unfinished` also
/// scores a record that did not end in passes; `strict` refuses one with implied passes.
/// `name` names SGF text in messages and in `game.source` (default `"<string>"`).
///
/// Raises `SgfError` when no game of the record can be read or replayed; a game that fails
/// among others that do not is left out with a `GorulesWarning`, as the command line warns
/// and goes on.
#[pyfunction]
#[pyo3(signature = (sgf, rules=None, counting="all", komi=None, dead=None, *, engine=None, unfinished=false, strict=false, name=None, max_file_size=gorules_compare::files::DEFAULT_MAX_FILE_SIZE))]
#[allow(clippy::too_many_arguments)]
pub fn score<'py>(
    py: Python<'py>,
    sgf: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
    counting: &str,
    #[pyo3(from_py_with = args::komi_arg)] komi: Option<f64>,
    dead: Option<&Bound<'py, PyAny>>,
    engine: Option<&str>,
    unfinished: bool,
    strict: bool,
    name: Option<String>,
    #[pyo3(from_py_with = args::max_file_size)] max_file_size: u64,
) -> PyResult<Bound<'py, PyList>> {
    let input = args::sgf_input(sgf)?;
    let mut choices = args::ruleset_choices(rules)?;
    let all = rules.is_none_or(|r| {
        r.cast::<PyString>()
            .is_ok_and(|s| s.to_cow().is_ok_and(|s| s.trim() == "all"))
    });
    if all {
        // A KataGo record is scored under its own ruleset first, as the command line does.
        choices.insert(0, RulesetChoice::RecordKataGo);
    }
    let options = Options {
        komi: args::komi(komi)?,
        dead: args::dead(dead, engine)?,
        countings: args::countings(counting)?,
        score_unfinished: unfinished,
        strict,
    };
    let outcome = py.detach(move || -> Result<Scored, PyErrKind> {
        let (bytes, name) = match input {
            SgfInput::Path(path) => {
                let bytes =
                    read_file(&path, max_file_size).map_err(|e| PyErrKind::Input(e.to_string()))?;
                (bytes, path.display().to_string())
            }
            SgfInput::Text(bytes) => (bytes, name.unwrap_or_else(|| "<string>".into())),
        };
        let games = parse_sgf_bytes_games(&bytes, Some(&name))
            .map_err(|e| PyErrKind::Record(e.to_string()))?;
        // A KataGo-like RU that cannot be read: said, as the command line says it.
        let notes = games
            .iter()
            .enumerate()
            .filter_map(|(k, game)| own_ruleset_left_out(&choices, game.as_ref().ok()?, &name, k))
            .collect();
        let results = games
            .iter()
            .enumerate()
            .map(|(k, game)| {
                game.as_ref()
                    .map_err(|e| ChoiceError::Record(e.clone()))
                    .and_then(|g| compare_chosen(g, &choices, &options))
                    .map_err(|e| e.message(&bytes, &name, k))
            })
            .collect();
        Ok((results, notes))
    });
    let (games, notes) = outcome.map_err(|kind| match kind {
        // A file that cannot be read (missing, too large) is not a record error.
        PyErrKind::Input(message) => gorules_error(message),
        PyErrKind::Record(message) => sgf_error(message),
    })?;
    let mut reports = Vec::with_capacity(games.len());
    let mut errors = Vec::new();
    for g in games {
        match g {
            Ok(r) => reports.push(r),
            Err(e) => errors.push(e),
        }
    }
    if reports.is_empty() && !errors.is_empty() {
        return Err(sgf_error(errors.join("\n")));
    }
    for e in notes.iter().chain(&errors) {
        let warning = py.get_type::<GorulesWarning>();
        PyErr::warn(
            py,
            &warning,
            &std::ffi::CString::new(e.replace('\0', " "))?,
            1,
        )?;
    }
    let list = PyList::empty(py);
    let mut cache = crate::pyser::Cache::default();
    for r in &reports {
        list.append(crate::pyser::to_python(py, &mut cache, r)?)?;
    }
    Ok(list)
}

/// Each game's report or error message, and the warnings to give besides.
type Scored = (Vec<Result<GameReport, String>>, Vec<String>);

/// Why a record gave no report at all.
enum PyErrKind {
    /// The file could not be read.
    Input(String),
    /// The text is not a readable record.
    Record(String),
}
