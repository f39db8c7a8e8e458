//! How `rules show` writes a knob's value: as a ruleset file spells it, lists joined with
//! commas, points as scores print them, bonuses in words.

use serde::Serialize;

use crate::params::{Bonus, Counting};

/// A value as TOML spells it (`situational-superko`, `true`).
pub(crate) fn spelled<T: Serialize>(v: &T) -> String {
    match toml::Value::try_from(v) {
        Ok(toml::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::from("?"),
    }
}

/// Counting methods as `territory, area`.
pub(crate) fn counting_names(list: &[Counting]) -> String {
    list.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
}

/// One line: the value as TOML spells it.
pub(super) fn plain<T: Serialize>(v: &T) -> Vec<String> {
    vec![spelled(v)]
}

/// One line: the counting methods, comma-separated.
pub(super) fn countings(list: &[Counting]) -> Vec<String> {
    vec![counting_names(list)]
}

/// One line: points as scores print them (`6.5`, `0`).
pub(super) fn points(v: &f64) -> Vec<String> {
    vec![crate::format_points(*v)]
}

/// One line per bonus, in words; `none` without any.
pub(super) fn bonuses(list: &[Bonus]) -> Vec<String> {
    if list.is_empty() {
        return vec!["none".to_string()];
    }
    list.iter().map(Bonus::describe).collect()
}
