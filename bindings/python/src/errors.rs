//! The exceptions: one base class, `GorulesError` (a `ValueError`), and one subclass per kind
//! of failure, each carrying the message the command line prints for it (a bad option in the
//! request layer's words, which name the choice and no command-line flag). They belong to the
//! package `gorules` (their `__module__`), where users import them from, not to the extension
//! module inside it: tracebacks and `repr` say `gorules.GorulesError`, and pickle finds them.

use pyo3::create_exception;
use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;

create_exception!(
    gorules,
    GorulesError,
    PyValueError,
    "Base class of the errors of gorules: bad options, unreadable files, and the subclasses \
     SgfError, RulesError and IllegalMoveError. The message is the one the gorules command \
     prints."
);
create_exception!(
    gorules,
    SgfError,
    GorulesError,
    "A game record that cannot be read or replayed: the message names the file, line, column, \
     node and move."
);
create_exception!(
    gorules,
    RulesError,
    GorulesError,
    "A ruleset that cannot be loaded: an unknown id, or a TOML file with an error (file, line \
     and column), an unknown key or contradictory settings."
);
create_exception!(
    gorules,
    IllegalMoveError,
    GorulesError,
    "A move refused by Game.play: against the rules (ko, superko, suicide, a required pass) or \
     not a move of the game at all (out of turn, an occupied point, off the board, the game \
     over). The attribute `reason` holds the reason alone."
);

create_exception!(
    gorules,
    GorulesWarning,
    PyUserWarning,
    "A game of a collection that could not be read or replayed while others were: score() \
     leaves it out and warns with the message the command line prints."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GorulesError", py.get_type::<GorulesError>())?;
    m.add("SgfError", py.get_type::<SgfError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("GorulesWarning", py.get_type::<GorulesWarning>())?;
    Ok(())
}

/// A `GorulesError` with this message.
pub fn gorules_error(message: impl Into<String>) -> PyErr {
    GorulesError::new_err(message.into())
}

/// An `SgfError` with this message.
pub fn sgf_error(message: impl Into<String>) -> PyErr {
    SgfError::new_err(message.into())
}

/// A `RulesError` with this message.
pub fn rules_error(message: impl Into<String>) -> PyErr {
    RulesError::new_err(message.into())
}

/// An `IllegalMoveError` for `vertex`, with the `reason` alone as an attribute.
pub fn illegal_move(py: Python<'_>, what: &str, reason: &str) -> PyErr {
    let err = IllegalMoveError::new_err(format!("{what}: {reason}"));
    if let Err(e) = err.value(py).setattr("reason", reason) {
        return e;
    }
    err
}
