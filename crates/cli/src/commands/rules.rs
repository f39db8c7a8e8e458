//! `gorules rules list | show | diff`.

use std::process::ExitCode;

use gorules_compare::render::csv_field;
use gorules_rules::{builtin_text, builtins, load};

/// `--format` of `gorules rules list` and `rules show`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesFormat {
    /// Aligned text.
    Text,
    /// JSON.
    Json,
    /// CSV: a row per ruleset (`list`) or per knob (`show`).
    Csv,
}

/// One built-in ruleset in `rules list --format json|csv`.
#[derive(serde::Serialize)]
struct Listed<'a> {
    id: &'a str,
    name: &'a str,
    description: &'a str,
    source: &'a str,
}

/// `gorules rules list`.
pub fn list(format: RulesFormat) -> Result<ExitCode, String> {
    let all = builtins();
    let listed: Vec<Listed> = all
        .iter()
        .map(|rs| Listed {
            id: &rs.id,
            name: &rs.name,
            description: &rs.description,
            source: &rs.source,
        })
        .collect();
    match format {
        RulesFormat::Text => {
            for rs in &listed {
                outln!("{:<13} {:<16} {}", rs.id, rs.name, rs.description);
            }
        }
        RulesFormat::Json => outln!(
            "{}",
            serde_json::to_string_pretty(&listed).expect("serialisable")
        ),
        RulesFormat::Csv => {
            outln!("id,name,description,source");
            for rs in &listed {
                let row = [rs.id, rs.name, rs.description, rs.source].map(csv_field);
                outln!("{}", row.join(","));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// One knob in `rules show --format json`.
#[derive(serde::Serialize)]
struct KnobValue<'a> {
    knob: &'a str,
    value: &'a str,
}

/// A ruleset in `rules show --format json`.
#[derive(serde::Serialize)]
struct Shown<'a> {
    id: &'a str,
    name: &'a str,
    description: &'a str,
    source: &'a str,
    knobs: Vec<KnobValue<'a>>,
}

/// `gorules rules show ID|FILE`.
pub fn show(spec: &str, as_toml: bool, format: RulesFormat) -> Result<ExitCode, String> {
    if as_toml {
        let text = match builtin_text(spec) {
            Some(t) => t.to_string(),
            None => std::fs::read_to_string(spec).map_err(|e| format!("{spec}: {e}"))?,
        };
        load(spec).map_err(|e| e.to_string())?;
        out!("{text}");
        return Ok(ExitCode::SUCCESS);
    }
    let rs = load(spec).map_err(|e| e.to_string())?;
    let knobs = rs.knobs();
    match format {
        RulesFormat::Text => {}
        RulesFormat::Json => {
            let shown = Shown {
                id: &rs.id,
                name: &rs.name,
                description: &rs.description,
                source: &rs.source,
                knobs: knobs
                    .iter()
                    .map(|(knob, value)| KnobValue { knob, value })
                    .collect(),
            };
            outln!(
                "{}",
                serde_json::to_string_pretty(&shown).expect("serialisable")
            );
            return Ok(ExitCode::SUCCESS);
        }
        RulesFormat::Csv => {
            outln!("knob,value");
            for (k, v) in &knobs {
                outln!("{},{}", csv_field(k), csv_field(v));
            }
            return Ok(ExitCode::SUCCESS);
        }
    }
    outln!("{} ({})", rs.name, rs.id);
    outln!("{}", rs.description);
    outln!("source: {}\n", rs.source);
    let width = rs.knobs().iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (k, v) in rs.knobs() {
        outln!("{k:<width$}  {v}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `gorules rules diff A B`.
pub fn diff(a: &str, b: &str) -> Result<ExitCode, String> {
    let ra = load(a).map_err(|e| e.to_string())?;
    let rb = load(b).map_err(|e| e.to_string())?;
    let (ka, kb) = (ra.knobs(), rb.knobs());
    let keys: Vec<&str> = {
        let mut k: Vec<&str> = ka.iter().chain(&kb).map(|(k, _)| *k).collect();
        k.dedup();
        let mut seen = Vec::new();
        k.retain(|x| {
            let new = !seen.contains(x);
            seen.push(*x);
            new
        });
        k
    };
    let values = |list: &[(&str, String)], key: &str| {
        list.iter()
            .filter(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
            .collect::<Vec<_>>()
            .join("; ")
    };
    let rows: Vec<(&str, String, String)> = keys
        .into_iter()
        .map(|k| (k, values(&ka, k), values(&kb, k)))
        .filter(|(_, x, y)| x != y)
        .collect();
    if rows.is_empty() {
        outln!("{} and {} set every knob alike.", ra.id, rb.id);
        return Ok(ExitCode::SUCCESS);
    }
    let w0 = rows.iter().map(|r| r.0.len()).max().unwrap_or(0).max(4);
    let w1 = rows
        .iter()
        .map(|r| r.1.len())
        .max()
        .unwrap_or(0)
        .max(ra.id.len());
    outln!("{:<w0$}  {:<w1$}  {}", "knob", ra.id, rb.id);
    for (k, x, y) in rows {
        outln!("{k:<w0$}  {x:<w1$}  {y}");
    }
    Ok(ExitCode::SUCCESS)
}
