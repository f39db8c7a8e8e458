//! Command-line values: the options of a request (rules lists, counting methods, komi, dead
//! stones, formats) read through the request layer (`gorules_request`), its errors worded with
//! the command line's flags; byte sizes.

use std::str::FromStr;

use clap::Args;
use gorules_compare::dead::DeadStones;
use gorules_printers::Format;
use gorules_request::dead::SOURCES;
use gorules_request::{Request, RequestError};
use gorules_rules::printer::escape_controls;
use gorules_rules::suggest::UnknownName;
use gorules_rules::{Counting, Komi, Ruleset};

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
    /// Output format: table, markdown, csv, json, jsonl (JSON Lines: an object per game) or
    /// parquet (`compare` only, to a file given with -o).
    #[arg(long, default_value = "table", value_parser = format_arg::<Format>)]
    pub format: Format,
}

impl ScoringArgs {
    /// The request of `score` and `compare`: the rulesets, counting methods, komi, dead-stone
    /// source (`dead`) and `--strict`, each checked in that order.
    pub fn request(&self, dead: &DeadArgs) -> Result<Request, String> {
        Ok(Request::new()
            .rules(&self.rules)
            .map_err(message)?
            .counting_methods(self.counting.0.clone())
            .komi(self.komi)
            .map_err(message)?
            .dead(&dead.dead, dead.engine.as_deref())
            .map_err(message)?
            .strict(self.strict))
    }
}

/// `--counting`: the counting methods to keep (`None`: all).
#[derive(Clone, Debug)]
pub struct Countings(pub Option<Vec<Counting>>);

/// `--counting`: `all`, or one counting method by its name (`area`, `territory`, `stone`).
fn counting_arg(name: &str) -> Result<Countings, String> {
    gorules_request::countings(name)
        .map(Countings)
        .map_err(message)
}

/// `--format` of any command: one of its printer's formats.
pub fn format_arg<F: FromStr<Err = UnknownName>>(name: &str) -> Result<F, String> {
    gorules_request::format(name).map_err(message)
}

/// A knob's value on the command line, by its name in a ruleset's TOML file
/// (`positional-superko`).
pub fn knob_value<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    gorules_request::knob_value(text).map_err(message)
}

/// A request's error in the command line's words: the flag that made the choice. A value
/// that clap checks (`--counting`, `--format`) is worded for clap's "invalid value" line.
pub fn message(e: RequestError) -> String {
    match e {
        RequestError::NoRuleset => "--rules names no ruleset".into(),
        RequestError::Ruleset(m) | RequestError::KnobValue(m) => m,
        RequestError::NotOneRuleset { spec, purpose } => format!(
            "--rules {}: {purpose} one ruleset's count: give one built-in id or TOML file",
            escape_controls(&spec)
        ),
        // The last three come from requests of another machine, never from the command line.
        RequestError::RecordWithoutRecord
        | RequestError::FileNotRead(_)
        | RequestError::RulesetText(_)
        | RequestError::EngineNotOffered => e.to_string(),
        RequestError::Counting(u) | RequestError::Format(u) => u.one_of(),
        RequestError::Komi { value, error } => format!("--komi {value}: {error}"),
        RequestError::EngineNeeded => {
            "--dead engine needs --engine \"COMMAND\" (e.g. --engine \"/usr/games/gnugo --mode gtp\")"
                .into()
        }
        RequestError::EngineUnused => "--engine is used with --dead engine".into(),
        RequestError::NotADeadSource(given) => format!(
            "--dead {}: not a source of dead stones{}; give one of {}, or GTP points separated by commas (D4,E5)",
            escape_controls(&given),
            gorules_rules::suggest::did_you_mean(&given, SOURCES),
            SOURCES.join(", ")
        ),
        RequestError::DeadPoint { given, error } => {
            format!("--dead {}: {error}", escape_controls(&given))
        }
    }
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
pub fn one_ruleset(spec: &str, purpose: &'static str) -> Result<Ruleset, String> {
    gorules_request::one_ruleset(spec, purpose).map_err(message)
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
        gorules_request::dead_stones(&self.dead, self.engine.as_deref()).map_err(message)
    }
}

/// `--komi`: checked as every komi is ([`gorules_rules::Komi`]).
pub fn komi(k: Option<f64>) -> Result<Option<Komi>, String> {
    k.map(|v| gorules_request::komi(v).map_err(message))
        .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        dead: DeadArgs,
    }

    #[test]
    fn the_default_dead_stone_source_is_the_librarys() {
        let cli = Cli::try_parse_from(["gorules"]).unwrap();
        assert_eq!(cli.dead.choice().unwrap(), DeadStones::default());
        assert_eq!(DeadStones::default(), DeadStones::Auto);
    }
}
