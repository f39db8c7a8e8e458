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

/// Why [`Ruleset::set`] refused a knob's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetError {
    /// The key as given.
    pub key: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for SetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "knob `{}`: {}", self.key, self.message)
    }
}

impl std::error::Error for SetError {}

impl Ruleset {
    /// Sets one knob by its key and a value as a ruleset file writes it, as KataGo's
    /// `Rules::updateRules` sets one rule by name: `key` is `section.key` (`play.ko`) or the
    /// key alone where only one section has it (`ko`); `value` is a TOML value (`6.5`,
    /// `true`, `"positional-superko"`), a bare word standing for a string
    /// (`positional-superko`). The value is checked as a ruleset file's is; on an error the
    /// ruleset is left as it was. The ruleset keeps its id, name, description and source.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), SetError> {
        let error = |message: String| SetError {
            key: key.to_string(),
            message,
        };
        let wanted = key.trim();
        let matches: Vec<&Knob> = KNOBS
            .iter()
            .filter(|k| k.key == wanted || k.section_and_name().1 == wanted)
            .collect();
        let knob = match matches.as_slice() {
            [one] => *one,
            [] => {
                let keys: Vec<&str> = KNOBS.iter().map(|k| k.key).collect();
                let hint = crate::suggest::did_you_mean(wanted, keys.iter().copied());
                return Err(error(format!("no such knob{hint}")));
            }
            many => {
                let keys: Vec<&str> = many.iter().map(|k| k.key).collect();
                return Err(error(format!(
                    "more than one section has it: write one of {}",
                    keys.join(", ")
                )));
            }
        };
        let text = value.trim();
        let parsed = format!("v = {text}")
            .parse::<toml::Table>()
            .ok()
            .and_then(|mut t| t.remove("v"))
            .unwrap_or_else(|| toml::Value::String(text.to_string()));
        let mut file = crate::printer::toml_table(self);
        let (section, name) = knob.section_and_name();
        if let Some(table) = file.get_mut(section).and_then(toml::Value::as_table_mut) {
            table.insert(name.to_string(), parsed);
        }
        let text = toml::to_string(&file).map_err(|e| error(e.to_string()))?;
        // The place in the text written here means nothing to the caller: the message alone.
        let mut changed = crate::parse(&text, knob.key).map_err(|e| error(e.message))?;
        changed.id = std::mem::take(&mut self.id);
        changed.name = std::mem::take(&mut self.name);
        changed.description = std::mem::take(&mut self.description);
        changed.source = std::mem::take(&mut self.source);
        *self = changed;
        Ok(())
    }
}
