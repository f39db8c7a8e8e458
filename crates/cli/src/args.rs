//! Command-line values: ruleset lists, counting methods, formats, points.

use clap::Args;
use gorules_compare::dead::DeadStones;
use gorules_compare::render::Format;
use gorules_compare::rules_choice::{self, RulesetChoice};
use gorules_rules::printer::escape_controls;
use gorules_rules::{builtins, load, rules_names, Counting, Ruleset};

/// The options `score` and `compare` share: which rulesets, counting methods, komi, format.
#[derive(Clone, Debug, Args)]
pub struct ScoringArgs {
    /// `all`, or built-in ids (`concord,aga`), KataGo rules strings (`katago:japanese`,
    /// `katago:koSIMPLEscoreAREAtaxNONEsui1`), paths to TOML files, `record` (the ruleset
    /// each record's RU names) and `record:NAME` (the same, or NAME for a record whose RU
    /// names none), separated by commas.
    #[arg(long, default_value = "all")]
    pub rules: String,
    /// Which counting methods to show: area, territory, stone or all (every method each
    /// ruleset allows).
    #[arg(long, default_value = "all", value_parser = counting_arg)]
    pub counting: Countings,
    /// Komi, overriding the records' KM and the rulesets' defaults.
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<f64>,
    /// Refuse a record that implies passes it does not write (an empty node, a colour moving
    /// twice in a row) instead of reading them as passes.
    #[arg(long)]
    pub strict: bool,
    /// Output format: table, markdown, csv, json or jsonl (JSON Lines: an object per game).
    #[arg(long, default_value = "table", value_parser = format_arg)]
    pub format: Format,
}

/// `--counting`: the counting methods to keep (`None`: all).
#[derive(Clone, Debug)]
pub struct Countings(pub Option<Vec<Counting>>);

/// `--counting`: `all`, or one counting method by its name (`area`, `territory`, `stone`).
fn counting_arg(name: &str) -> Result<Countings, String> {
    if name == "all" {
        return Ok(Countings(None));
    }
    const NAMES: [&str; 4] = ["area", "territory", "stone", "all"];
    knob_value::<Counting>(name)
        .map(|c| Countings(Some(vec![c])))
        .map_err(|_| {
            format!(
                "one of {}{}",
                NAMES.join(", "),
                gorules_rules::suggest::did_you_mean(name, NAMES)
            )
        })
}

/// `--format`: one of [`Format::NAMES`].
fn format_arg(name: &str) -> Result<Format, String> {
    Format::from_name(name).ok_or_else(|| {
        format!(
            "one of {}{}",
            Format::NAMES.join(", "),
            gorules_rules::suggest::did_you_mean(name, Format::NAMES.iter().copied())
        )
    })
}

/// A knob's value on the command line, by its name in a ruleset's TOML file
/// (`positional-superko`): the rules crate's one reading of it, no second list here.
pub fn knob_value<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    use serde::de::IntoDeserializer;
    T::deserialize(text.trim().into_deserializer())
        .map_err(|e: serde::de::value::Error| e.to_string())
}

/// `--max-file-size`: bytes, with an optional `K`, `M` or `G` (powers of 1024).
pub fn byte_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => t.split_at(i),
        None => (t, ""),
    };
    let scale: u64 = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        _ => return Err("a number of bytes, e.g. 1048576 or 64M".into()),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(scale))
        .ok_or_else(|| "a number of bytes, e.g. 1048576 or 64M".into())
}

/// `--rules` of a command that shows one ruleset's count (`purpose`, e.g. "a diagram shows"):
/// one built-in id, `katago:` rules string or TOML file.
pub fn one_ruleset(spec: &str, purpose: &str) -> Result<Ruleset, String> {
    let spec = spec.trim();
    let names = rules_names(spec);
    if spec == "all" || names.len() > 1 {
        return Err(format!(
            "--rules {}: {purpose} one ruleset's count: give one built-in id or TOML file",
            escape_controls(spec)
        ));
    }
    load(spec).map_err(|e| e.to_string())
}

/// `--rules`: `all` (every built-in ruleset), or ids, `katago:` rules and TOML paths, and
/// `record` (the ruleset each record's `RU` names), separated by commas.
pub fn ruleset_choices(spec: &str) -> Result<Vec<RulesetChoice>, String> {
    if spec.trim() == "all" {
        return Ok(rules_choice::fixed(builtins()));
    }
    let list: Vec<RulesetChoice> = rules_names(spec)
        .into_iter()
        .map(|s| rules_choice::parse_choice(s, |name| load(name).map_err(|e| e.to_string())))
        .collect::<Result<_, _>>()?;
    if list.is_empty() {
        return Err("--rules names no ruleset".into());
    }
    Ok(list)
}

/// Which stones are dead: `--dead` and `--engine`.
#[derive(Args, Clone, Debug)]
pub struct DeadArgs {
    /// Where dead stones come from: `auto` (the record's TB/TW territory markup where it has
    /// some, else the estimate), `markup`, `estimate` (pass-alive analysis and seeded
    /// play-outs), `engine` (a GTP engine's final_status_list dead, see --engine), `none`
    /// (every stone alive), or GTP points separated by commas (`D4,E5`).
    #[arg(long, default_value = "auto", value_name = "SOURCE|POINTS")]
    pub dead: String,
    /// The GTP engine for `--dead engine`: a command line, no shell (e.g.
    /// "/usr/games/gnugo --mode gtp").
    #[arg(long, value_name = "COMMAND")]
    pub engine: Option<String>,
}

impl DeadArgs {
    /// The choice, checked.
    pub fn choice(&self) -> Result<DeadStones, String> {
        if self.engine.is_some() && self.dead.trim() != "engine" {
            return Err("--engine is used with --dead engine".into());
        }
        DeadStones::parse(&self.dead, self.engine.as_deref())
    }
}

/// `--komi`: checked as every komi is ([`gorules_rules::Komi`]).
pub fn komi(k: Option<f64>) -> Result<Option<f64>, String> {
    k.map(|v| {
        gorules_rules::Komi::new(v)
            .map(f64::from)
            .map_err(|e| format!("--komi {v}: {e}"))
    })
    .transpose()
}
