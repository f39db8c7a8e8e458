//! `gorules diagram GAME.sgf`.

use std::path::Path;
use std::process::ExitCode;

use gorules_compare::diagram::{render, view, Format, ViewError};
use gorules_compare::replay::Options;
use gorules_compare::rules_choice::{record_ruleset, RECORD};
use gorules_sgf::read_sgf_file;

use crate::args;

/// What `gorules diagram` was asked for.
pub struct Request<'a> {
    /// The SGF file (its first game is drawn).
    pub path: &'a Path,
    /// The move after which to draw (`None`: the end of the record).
    pub move_number: Option<usize>,
    /// One built-in id, `katago:` rules string, TOML path, or `record` (the ruleset the
    /// record's RU names).
    pub rules: &'a str,
    /// `--dead` and `--engine`.
    pub dead: &'a args::DeadArgs,
    /// `--komi`.
    pub komi: Option<f64>,
    /// The output format.
    pub format: Format,
    /// Where to write (`None`: standard output).
    pub out: Option<&'a Path>,
}

/// Draws the first game of the file after the move asked for, as the ruleset counts it.
pub fn run(req: &Request<'_>) -> Result<ExitCode, String> {
    let from_record = req.rules.trim() == RECORD;
    let fixed = if from_record {
        None
    } else {
        Some(args::one_ruleset(req.rules, "a diagram shows")?)
    };
    let komi = args::komi(req.komi)?;
    let games = read_sgf_file(req.path).map_err(|e| e.to_string())?;
    let Some(record) = games.first() else {
        return Err(format!("{}: no game in the file", req.path.display()));
    };
    let rules = match fixed {
        Some(r) => r,
        None => record_ruleset(record)?,
    };
    let options = Options {
        komi,
        dead: req.dead.choice()?,
        ..Options::default()
    };
    // A record's own error names its file already; the others are worded here.
    let v = view(record, &rules, &options, req.move_number).map_err(|e| match e {
        ViewError::Record(e) => e.to_string(),
        e => format!("{}: {e}", req.path.display()),
    })?;
    let text = render(&v, req.format);
    match req.out {
        Some(out) => {
            std::fs::write(out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))?
        }
        None => out!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
