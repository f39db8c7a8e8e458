//! Python arguments read into the libraries' values: rulesets, counting methods, komi and dead
//! stones through the request layer (`gorules_request`, which the command line reads its
//! options with, its errors worded without the command line's flags), record inputs, colours
//! and points.

use std::path::PathBuf;

use gorules_board::coords::{parse_gtp_move, parse_gtp_point};
use gorules_board::{Color, Move, Point, Size};
use gorules_compare::dead::DeadStones;
use gorules_compare::rules_choice::RulesetChoice;
use gorules_request::{rules_list, RequestError};
use gorules_rules::{rules_names, Counting, Ruleset};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyFloat, PyInt, PyString, PyTuple};

use crate::errors::{gorules_error, rules_error};
use crate::ruleset::PyRuleset;

/// A record to read: SGF text, or a file.
pub enum SgfInput {
    /// SGF text (or bytes, UTF-8 or Latin-1 as in a file).
    Text(Vec<u8>),
    /// A file.
    Path(PathBuf),
}

/// `sgf` of `score`: bytes are SGF; a `str` that begins with `(` (after white space and a
/// byte-order mark) is SGF text, any other `str` a path; anything else a path-like object.
pub fn sgf_input(obj: &Bound<'_, PyAny>) -> PyResult<SgfInput> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(SgfInput::Text(b.as_bytes().to_vec()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let Ok(text) = s.to_cow() else {
            // Not UTF-8 (a lone surrogate, as `os.fsdecode` makes of a name that is not):
            // a file's name, as the file system spells it.
            return Ok(SgfInput::Path(os_path(obj, "sgf")?));
        };
        if text
            .trim_start_matches(['\u{feff}', ' ', '\t', '\r', '\n'])
            .starts_with('(')
        {
            return Ok(SgfInput::Text(text.as_bytes().to_vec()));
        }
        return Ok(SgfInput::Path(PathBuf::from(&*text)));
    }
    obj.extract::<PathBuf>().map(SgfInput::Path).map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "sgf: SGF text (str or bytes) or a path, not {}",
            type_name(obj)
        ))
    })
}

/// A `str` or path-like object as a path, as the file system spells it: a `str` that is not
/// UTF-8 (a name `os.fsdecode` made of bytes that are not) is the bytes it stands for.
pub fn os_path(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<PathBuf> {
    obj.extract::<PathBuf>()
        .map_err(|e| gorules_error(format!("{name}: not a path the file system can name: {e}")))
}

/// Text from Python, or the package's error naming the argument when the `str` is not text
/// (a lone surrogate cannot be UTF-8).
pub fn text(s: &Bound<'_, PyString>, name: &str) -> PyResult<String> {
    s.to_cow()
        .map(|t| t.into_owned())
        .map_err(|_| not_text(s, name))
}

/// The error for a `str` that is not text, naming the argument.
pub fn not_text(s: &Bound<'_, PyString>, name: &str) -> PyErr {
    gorules_error(format!(
        "{name}: {} is not text (it holds a lone surrogate, which no UTF-8 text can)",
        s.repr()
            .map_or_else(|_| "the string".into(), |r| r.to_string())
    ))
}

/// A whole number argument `name` from 0 to `max`, or the package's error naming it (not
/// Python's `OverflowError`); `TypeError` for what is not an integer.
fn whole(obj: &Bound<'_, PyAny>, name: &str, max: u64) -> PyResult<u64> {
    if !obj.is_instance_of::<PyInt>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{name}: a whole number, not {}",
            type_name(obj)
        )));
    }
    match obj.extract::<u64>() {
        Ok(n) if n <= max => Ok(n),
        _ => {
            // Python refuses to write an integer of thousands of digits as text.
            let shown = obj
                .str()
                .map_or_else(|_| "a number that large".to_string(), |s| s.to_string());
            Err(gorules_error(format!(
                "{name}: {shown} is out of range: a whole number from 0 to {max}"
            )))
        }
    }
}

/// `handicap` (`Game`, `Ruleset.default_komi`): a whole number of stones.
pub fn handicap(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    whole(obj, "handicap", u64::from(u32::MAX)).map(|n| n as u32)
}

/// `max_handicap` (`fuzz`).
pub fn max_handicap(obj: &Bound<'_, PyAny>) -> PyResult<u32> {
    whole(obj, "max_handicap", u64::from(u32::MAX)).map(|n| n as u32)
}

/// `games` (`fuzz`).
pub fn games(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole(obj, "games", u64::MAX)
}

/// `first_game` (`fuzz`).
pub fn first_game(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole(obj, "first_game", u64::MAX)
}

/// `seed` (`fuzz`).
pub fn seed(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole(obj, "seed", u64::MAX)
}

/// `max_file_size` (`score`, `compare`): bytes.
pub fn max_file_size(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole(obj, "max_file_size", u64::MAX)
}

/// `examples` (`compare`).
pub fn examples(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    whole(obj, "examples", usize::MAX as u64).map(|n| n as usize)
}

/// `counterexamples` (`fuzz`).
pub fn counterexamples(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    whole(obj, "counterexamples", usize::MAX as u64).map(|n| n as usize)
}

/// `jobs` (`compare`, `fuzz`) as given: `None`, or a whole number (its range is checked by
/// [`jobs`]).
pub fn jobs_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    if obj.is_none() {
        return Ok(None);
    }
    whole(obj, "jobs", usize::MAX as u64).map(|n| Some(n as usize))
}

/// `komi` as given: `None`, or a number (an integer too large for a float is out of range,
/// as [`komi`] says of any komi out of range).
pub fn komi_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
    if obj.is_none() {
        return Ok(None);
    }
    if !obj.is_instance_of::<PyInt>() && !obj.is_instance_of::<PyFloat>() {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "komi: a number, not {}",
            type_name(obj)
        )));
    }
    obj.extract::<f64>().map(Some).map_err(|_| {
        gorules_error(format!(
            "komi: {}",
            gorules_rules::KomiError { value: f64::NAN }
        ))
    })
}

/// The name of `obj`'s type, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "this value".into())
}

/// `rules` of `score` and `compare`: `"all"`, a comma-separated list as `--rules` takes it
/// (`"record"` among the names: the ruleset each record's `RU` names), a `Ruleset`, a path, or
/// a sequence of these (each `"all"` in it standing for every built-in ruleset).
pub fn ruleset_choices(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<RulesetChoice>> {
    let Some(obj) = obj else {
        return Ok(rules_list::all());
    };
    let mut out = Vec::new();
    let fixed = |r: Ruleset| RulesetChoice::Fixed(std::sync::Arc::new(r));
    if let Ok(s) = obj.cast::<PyString>() {
        add_str(&mut out, s)?;
    } else if let Ok(r) = obj.cast::<PyRuleset>() {
        out.push(fixed(r.borrow().rules.clone()));
    } else if let Ok(path) = path_like(obj) {
        out.push(fixed(crate::ruleset::load_path(&path)?));
    } else {
        let items = obj.try_iter().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "rules: \"all\", ruleset ids or TOML paths (a string or a sequence), or Ruleset objects, not {}",
                type_name(obj)
            ))
        })?;
        for item in items {
            let item = item?;
            if let Ok(s) = item.cast::<PyString>() {
                add_str(&mut out, s)?;
            } else if let Ok(r) = item.cast::<PyRuleset>() {
                out.push(fixed(r.borrow().rules.clone()));
            } else if let Ok(path) = path_like(&item) {
                out.push(fixed(crate::ruleset::load_path(&path)?));
            } else {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "rules: each item a ruleset id, a TOML path or a Ruleset, not {}",
                    type_name(&item)
                )));
            }
        }
    }
    if out.is_empty() {
        return Err(request_error(RequestError::NoRuleset));
    }
    Ok(out)
}

/// `rules` of a game played move by move: as [`ruleset_choices`], without `"record"`.
pub fn rulesets(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Ruleset>> {
    rules_list::without_record(ruleset_choices(obj)?).map_err(request_error)
}

/// A path-like object (not a `str`) as a path.
fn path_like(obj: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    if obj.cast::<PyString>().is_ok() || obj.cast::<PyBytes>().is_ok() {
        return Err(gorules_error("not a path-like object"));
    }
    obj.extract()
}

/// A `str` of `rules`: a `--rules` text ([`add_spec`]), or, when it is not UTF-8 (a lone
/// surrogate, as `os.fsdecode` makes of a file name that is not), one TOML file's path.
fn add_str(out: &mut Vec<RulesetChoice>, s: &Bound<'_, PyString>) -> PyResult<()> {
    match s.to_cow() {
        Ok(spec) => add_spec(out, &spec),
        Err(_) => {
            let path = os_path(s.as_any(), "rules")?;
            out.push(RulesetChoice::Fixed(std::sync::Arc::new(
                crate::ruleset::load_path(&path)?,
            )));
            Ok(())
        }
    }
}

/// One `--rules` text: `all`, or ids, `katago:` rules strings and paths separated by commas.
fn add_spec(out: &mut Vec<RulesetChoice>, spec: &str) -> PyResult<()> {
    if spec.trim() == rules_list::ALL {
        out.extend(rules_list::all());
        return Ok(());
    }
    for s in rules_names(spec) {
        if s == rules_list::ALL {
            out.extend(rules_list::all());
        } else {
            out.push(rules_list::choice(s).map_err(request_error)?);
        }
    }
    Ok(())
}

/// `counting`: `"all"` (`None`: every method each ruleset allows), or `area`, `territory`,
/// `stone`.
pub fn countings(name: &str) -> PyResult<Option<Vec<Counting>>> {
    gorules_request::countings(name).map_err(request_error)
}

/// One counting method by name.
pub fn counting(name: &str) -> PyResult<Counting> {
    gorules_request::counting(name).map_err(request_error)
}

/// A knob's value by its name in a ruleset's TOML file (`positional-superko`).
pub fn knob_value<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    gorules_request::knob_value(text).map_err(|e| e.to_string())
}

/// `komi`: checked as every komi is ([`gorules_rules::Komi`]).
pub fn komi(k: Option<f64>) -> PyResult<Option<gorules_rules::Komi>> {
    k.map(|v| gorules_request::komi(v).map_err(request_error))
        .transpose()
}

/// A request's error as the package raises it: `RulesError` for a ruleset that cannot be
/// loaded, `GorulesError` for any other choice, in the request's own words (which name the
/// choice, not a command-line flag).
pub fn request_error(e: RequestError) -> PyErr {
    match e {
        RequestError::Ruleset(message) => rules_error(message),
        e => gorules_error(e.to_string()),
    }
}

/// `dead` and `engine`: `None` (`auto`), a source name (`auto`, `markup`, `estimate`,
/// `engine`, `none`), points separated by commas (`"D4,E5"`) or a sequence of points.
pub fn dead(obj: Option<&Bound<'_, PyAny>>, engine: Option<&str>) -> PyResult<DeadStones> {
    let text = match obj {
        None => "auto".to_string(),
        Some(o) if o.is_none() => "auto".to_string(),
        Some(o) => {
            if let Ok(s) = o.cast::<PyString>() {
                text(s, "dead")?
            } else {
                let mut points = Vec::new();
                for item in o.try_iter().map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(format!(
                        "dead: a source name, \"D4,E5\" or a sequence of GTP points, not {}",
                        type_name(o)
                    ))
                })? {
                    points.push(item?.extract::<String>()?);
                }
                if points.is_empty() {
                    "none".to_string()
                } else {
                    points.join(",")
                }
            }
        }
    };
    gorules_request::dead_stones(&text, engine).map_err(request_error)
}

/// `jobs`: threads, from 1 to `gorules_compare::corpus::MAX_JOBS` (`None`: every core), as
/// `--jobs` takes them.
pub fn jobs(jobs: Option<usize>) -> PyResult<usize> {
    gorules_compare::corpus::jobs(jobs).map_err(|e| gorules_error(format!("jobs: {e}")))
}

/// A colour: `"black"`, `"white"`, `"b"`, `"w"` (any case).
pub fn color(name: &str) -> PyResult<Color> {
    match name.trim().to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(gorules_error(format!(
            "colour {name:?}: \"black\" or \"white\" (or \"b\", \"w\")"
        ))),
    }
}

/// A colour's name in the JSON contract.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A move: a GTP vertex (`"D4"`, `"pass"`) or an `(x, y)` tuple of 0-based column from the
/// left and row from the top (SGF order).
pub fn vertex(obj: &Bound<'_, PyAny>, size: Size) -> PyResult<Move> {
    if let Ok(s) = obj.cast::<PyString>() {
        let text = text(s, "vertex")?;
        return parse_gtp_move(&text, size).map_err(|e| gorules_error(e.to_string()));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        if t.len() == 2 && t.iter().all(|v| v.is_instance_of::<PyInt>()) {
            return match t.extract::<(i64, i64)>() {
                Ok((x, y)) => point_xy(x, y, size).map(Move::Play),
                Err(_) => Err(gorules_error(format!(
                    "{} is off the {size} board",
                    t.str()
                        .map_or_else(|_| "the point".into(), |s| s.to_string())
                ))),
            };
        }
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "vertex: a GTP point such as \"D4\", \"pass\", or an (x, y) tuple, not {}",
        type_name(obj)
    )))
}

/// The point `(x, y)` (column from the left, row from the top, from 0), on the board.
fn point_xy(x: i64, y: i64, size: Size) -> PyResult<Point> {
    if x < 0 || y < 0 || x >= i64::from(size.width()) || y >= i64::from(size.height()) {
        return Err(gorules_error(format!("({x}, {y}) is off the {size} board")));
    }
    Ok(Point::new(x as u8, y as u8))
}

/// Points given as GTP vertices (`"D4"`) or `(x, y)` tuples.
pub fn points(obj: Option<&Bound<'_, PyAny>>, size: Size) -> PyResult<Vec<Point>> {
    let Some(obj) = obj else {
        return Ok(Vec::new());
    };
    if let Ok(s) = obj.cast::<PyString>() {
        return text(s, "dead")?
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| parse_gtp_point(t, size).map_err(|e| gorules_error(e.to_string())))
            .collect();
    }
    let mut out = Vec::new();
    for item in obj.try_iter()? {
        match vertex(&item?, size)? {
            Move::Play(p) => out.push(p),
            Move::Pass => return Err(gorules_error("a dead stone is a point, not a pass")),
        }
    }
    Ok(out)
}

/// `size`: `19`, or `(width, height)`.
pub fn size(obj: &Bound<'_, PyAny>) -> PyResult<Size> {
    let side = |v: &Bound<'_, PyAny>| -> PyResult<i64> {
        v.extract::<i64>().map_err(|_| {
            gorules_error(format!(
                "board size: {} is out of range: each side from {} to {}",
                v.str()
                    .map_or_else(|_| "a number that large".into(), |s| s.to_string()),
                gorules_board::MIN_SIDE,
                gorules_board::MAX_SIDE
            ))
        })
    };
    let (w, h) = if obj.is_instance_of::<PyInt>() {
        let n = side(obj)?;
        (n, n)
    } else if let Some((w, h)) = obj
        .cast::<PyTuple>()
        .ok()
        .filter(|t| t.len() == 2 && t.iter().all(|v| v.is_instance_of::<PyInt>()))
        .map(|t| (t.get_item(0), t.get_item(1)))
    {
        (side(&w?)?, side(&h?)?)
    } else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "size: a number (19) or (width, height), not {}",
            type_name(obj)
        )));
    };
    let w = u32::try_from(w).map_err(|_| gorules_error(format!("board size {w}x{h}: negative")))?;
    let h = u32::try_from(h).map_err(|_| gorules_error(format!("board size {w}x{h}: negative")))?;
    Size::new(w, h).map_err(|e| gorules_error(format!("board size {w}x{h}: {e}")))
}
