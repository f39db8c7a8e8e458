//! How `rules show` writes a knob's value: as a ruleset file spells it, lists joined with
//! commas, points as scores print them, bonuses in words.

use serde::Serialize;

use crate::ruleset::{Bonus, BonusMaker, BonusRecipient, Counting, Ruleset};

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
pub(super) fn points(v: &crate::Komi) -> Vec<String> {
    vec![crate::format_points(v.points())]
}

/// One line per bonus, in words; `none` without any.
pub(super) fn bonuses(list: &[Bonus]) -> Vec<String> {
    if list.is_empty() {
        return vec!["none".to_string()];
    }
    list.iter().map(Bonus::describe).collect()
}

impl Ruleset {
    /// Every knob as (TOML key, value as `rules show` writes it), in file order, read from
    /// [`KNOBS`](crate::knob::KNOBS); bonuses are listed one per line as `scoring.bonus`.
    pub fn knobs(&self) -> Vec<(&'static str, String)> {
        crate::knob::KNOBS
            .iter()
            .flat_map(|knob| knob.show(self).into_iter().map(|v| (knob.key, v)))
            .collect()
    }
}

impl Bonus {
    /// In words: `+1 to white if white made the first-pass (area)`.
    pub fn describe(&self) -> String {
        let to = match self.to {
            BonusRecipient::Black => "black",
            BonusRecipient::White => "white",
            BonusRecipient::Maker => "its maker",
            BonusRecipient::Opponent => "its maker's opponent",
        };
        let by = match self.by {
            BonusMaker::Black => "black made",
            BonusMaker::White => "white made",
            BonusMaker::Either => "either player made",
        };
        let counting = counting_names(&self.counting);
        let sign = if self.points >= 0.0 { "+" } else { "-" };
        format!(
            "{sign}{} to {to} if {by} the {} ({counting})",
            crate::format_points(self.points.abs()),
            spelled(&self.event),
        )
    }
}
