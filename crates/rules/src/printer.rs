//! Writing rulesets for people and programs: the list of rulesets, one ruleset's knobs, and
//! the knobs two rulesets set differently, as aligned text, JSON ([`crate::json`]) or CSV
//! ([`Format`]).

use std::fmt::Write as _;

use serde::Serialize;

use crate::Ruleset;

/// An output format of rulesets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Aligned text.
    Text,
    /// JSON.
    Json,
    /// CSV: a row per ruleset ([`list`]) or per knob ([`show`]).
    Csv,
}

impl Format {
    /// Every format, in the order `--format`'s help lists them.
    pub const ALL: [Format; 3] = [Format::Text, Format::Json, Format::Csv];

    /// The format's name, as [`Format::from_str`](std::str::FromStr::from_str) reads it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
            Format::Csv => "csv",
        }
    }
}

crate::named_values!(Format);

/// `text` with its control characters (from a record's `RU`, `RE`, names, a file name or a
/// ruleset name the user wrote) written as `\u{1b}`, so that a table or a message cannot move
/// the cursor or clear a terminal. JSON escapes them itself.
pub fn escape_controls(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// A CSV field: quoted when it holds a comma, a quote or a line break (`\n` or `\r`).
pub fn csv_field(c: &str) -> String {
    let mut out = String::with_capacity(c.len());
    push_csv_field(&mut out, c);
    out
}

/// [`csv_field`] appended to `out`, with no new string when the field needs no quotes.
pub fn push_csv_field(out: &mut String, c: &str) {
    if c.contains([',', '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&c.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(c);
    }
}

/// One ruleset in [`list`]'s JSON and CSV.
#[derive(Serialize)]
struct Listed<'a> {
    id: &'a str,
    name: &'a str,
    description: &'a str,
    source: &'a str,
}

impl<'a> Listed<'a> {
    fn of(rs: &'a Ruleset) -> Listed<'a> {
        Listed {
            id: &rs.id,
            name: &rs.name,
            description: &rs.description,
            source: &rs.source,
        }
    }
}

/// Rulesets, one per line or row: id, name, description (and, in JSON and CSV, the source
/// they follow). Ends in a newline.
pub fn list(rulesets: &[Ruleset], format: Format) -> String {
    let listed: Vec<Listed> = rulesets.iter().map(Listed::of).collect();
    let mut out = String::new();
    match format {
        Format::Text => {
            for rs in &listed {
                let (name, description) =
                    (escape_controls(rs.name), escape_controls(rs.description));
                let _ = writeln!(out, "{:<13} {name:<16} {description}", rs.id);
            }
        }
        Format::Json => {
            out = crate::json::to_string_pretty(&listed).expect("serialisable") + "\n";
        }
        Format::Csv => {
            out.push_str("id,name,description,source\n");
            for rs in &listed {
                let row = [rs.id, rs.name, rs.description, rs.source]
                    .map(|c| csv_field(&escape_controls(c)));
                let _ = writeln!(out, "{}", row.join(","));
            }
        }
    }
    out
}

/// One knob in [`show`]'s JSON.
#[derive(Serialize)]
struct KnobValue<'a> {
    knob: &'a str,
    value: &'a str,
}

/// A ruleset in [`show`]'s JSON.
#[derive(Serialize)]
struct Shown<'a> {
    #[serde(flatten)]
    listed: Listed<'a>,
    knobs: Vec<KnobValue<'a>>,
}

/// A ruleset: its name, id, description and source, then every knob and its value
/// ([`Ruleset::knobs`]). Ends in a newline.
pub fn show(rs: &Ruleset, format: Format) -> String {
    let knobs = rs.knobs();
    let mut out = String::new();
    match format {
        Format::Text => {
            let _ = writeln!(out, "{} ({})", escape_controls(&rs.name), rs.id);
            let _ = writeln!(out, "{}", escape_controls(&rs.description));
            let _ = writeln!(out, "source: {}\n", escape_controls(&rs.source));
            let width = knobs.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
            for (k, v) in &knobs {
                let _ = writeln!(out, "{k:<width$}  {v}");
            }
        }
        Format::Json => {
            let shown = Shown {
                listed: Listed::of(rs),
                knobs: knobs
                    .iter()
                    .map(|(knob, value)| KnobValue { knob, value })
                    .collect(),
            };
            out = crate::json::to_string_pretty(&shown).expect("serialisable") + "\n";
        }
        Format::Csv => {
            out.push_str("knob,value\n");
            for (k, v) in &knobs {
                let _ = writeln!(out, "{},{}", csv_field(k), csv_field(v));
            }
        }
    }
    out
}

/// The knobs `a` and `b` set differently: `(knob, a's value, b's value)`, each value as
/// `rules show` writes it (a list knob's values joined by `; `), in the order of `a`'s knobs
/// then `b`'s.
pub fn differing_knobs(a: &Ruleset, b: &Ruleset) -> Vec<(&'static str, String, String)> {
    let (ka, kb) = (a.knobs(), b.knobs());
    let mut keys: Vec<&'static str> = Vec::new();
    for (k, _) in ka.iter().chain(&kb) {
        if !keys.contains(k) {
            keys.push(k);
        }
    }
    let values = |list: &[(&str, String)], key: &str| {
        list.iter()
            .filter(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
            .collect::<Vec<_>>()
            .join("; ")
    };
    keys.into_iter()
        .map(|k| (k, values(&ka, k), values(&kb, k)))
        .filter(|(_, x, y)| x != y)
        .collect()
}

/// The knobs `a` and `b` set differently ([`differing_knobs`]), or a line saying they set
/// every knob alike. Aligned text, ending in a newline.
pub fn diff(a: &Ruleset, b: &Ruleset) -> String {
    let rows = differing_knobs(a, b);
    if rows.is_empty() {
        return format!("{} and {} set every knob alike.\n", a.id, b.id);
    }
    let w0 = rows.iter().map(|r| r.0.len()).max().unwrap_or(0).max(4);
    let w1 = rows
        .iter()
        .map(|r| r.1.len())
        .max()
        .unwrap_or(0)
        .max(a.id.len());
    let mut out = String::new();
    let _ = writeln!(out, "{:<w0$}  {:<w1$}  {}", "knob", a.id, b.id);
    for (k, x, y) in rows {
        let _ = writeln!(out, "{k:<w0$}  {x:<w1$}  {y}");
    }
    out
}

/// A ruleset as a complete TOML file that sets every knob, as [`crate::parse`] reads it back
/// (for a ruleset that has no file of its own, such as a KataGo ruleset): the same knobs,
/// name, description and source, and the id as a file may write it ([`file_id`]).
pub fn toml(rs: &Ruleset) -> String {
    toml::to_string(&toml_table(rs)).unwrap_or_default()
}

/// [`toml`]'s file as a table.
pub(crate) fn toml_table(rs: &Ruleset) -> toml::Table {
    let mut file = toml::Table::new();
    let id = file_id(&rs.id);
    for (key, value) in [
        ("id", &id),
        ("name", &rs.name),
        ("description", &rs.description),
        ("source", &rs.source),
    ] {
        file.insert(key.to_string(), toml::Value::String(value.clone()));
    }
    for knob in crate::knob::KNOBS {
        let (section, name) = knob.section_and_name();
        if let Some(table) = file
            .entry(section)
            .or_insert_with(|| toml::Value::Table(toml::Table::new()))
            .as_table_mut()
        {
            table.insert(name.to_string(), knob.toml_value(rs));
        }
    }
    file
}

/// `id` as a ruleset file may write it (lower-case letters, digits and `-`): itself when it
/// is one already (every built-in id), else lower-cased with each run of other characters a
/// `-` (`katago:koSIMPLEscoreAREA` is `katago-kosimplescorearea`); `ruleset` when nothing is
/// left.
pub fn file_id(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    for c in id.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "ruleset".to_string()
    } else {
        out.to_string()
    }
}

#[cfg(test)]
mod escape_tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            escape_controls("RU[\u{1b}[2J] in a\nb.sgf"),
            "RU[\\u{1b}[2J] in a\\u{a}b.sgf"
        );
        assert_eq!(escape_controls("plain: été"), "plain: été");
    }
}
