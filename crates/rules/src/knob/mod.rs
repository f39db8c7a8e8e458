//! One descriptor per knob: its TOML key, what it means, its values, how `rules show` writes
//! it and how a ruleset file reads it, all in one table ([`KNOBS`], written in `table.rs`).
//!
//! Everything that lists knobs reads this table: [`Ruleset::knobs`] (`rules show`, `rules
//! diff`), the TOML reader (which keys a section accepts, which are required, what an
//! `extends` file keeps) and the generated documentation (`docs/rules-model.md`, the feature
//! matrix in `docs/rulesets.md`). A new knob is a field of [`Ruleset`], one entry in the table,
//! its rule logic and the ruleset files that set it.

use crate::ruleset::Ruleset;

pub(crate) mod show;
#[macro_use]
mod define;
mod table;

pub use table::KNOBS;
pub(crate) use table::{assemble, RawEnd, RawPlay, RawScoring};

/// One knob of a ruleset, described once.
pub struct Knob {
    /// TOML key, `section.key`, e.g. `play.ko`.
    pub key: &'static str,
    /// What the knob decides.
    pub meaning: &'static str,
    /// `(value as written in TOML, what it means)`; empty for numbers and tables.
    pub values: &'static [(&'static str, &'static str)],
    show: fn(&Ruleset) -> Vec<String>,
    toml: fn(&Ruleset) -> toml::Value,
}

impl Knob {
    /// The ruleset's setting as `rules show` writes it, one line per entry (a list of tables,
    /// like the bonuses, has one line per table; an empty one reads `none`).
    pub fn show(&self, rs: &Ruleset) -> Vec<String> {
        (self.show)(rs)
    }

    /// The ruleset's setting as a TOML value, as a ruleset file writes it.
    pub fn toml_value(&self, rs: &Ruleset) -> toml::Value {
        (self.toml)(rs)
    }

    /// The section and the key within it: `("play", "ko")`.
    pub fn section_and_name(&self) -> (&'static str, &'static str) {
        self.key.split_once('.').unwrap_or(("", self.key))
    }
}

/// What a ruleset file says about itself, apart from its knobs.
pub(crate) struct About {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) description: String,
    pub(crate) source: String,
}

/// A setting as a TOML value. The knobs' types (enums of names, booleans, numbers, lists and
/// tables of them) always have one.
fn as_toml<T: serde::Serialize>(value: &T) -> toml::Value {
    toml::Value::try_from(value).expect("every knob's value is representable in TOML")
}
