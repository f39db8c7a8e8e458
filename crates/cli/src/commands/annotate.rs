//! `gorules annotate GAME.sgf -o OUT.sgf`.

use std::path::Path;
use std::process::ExitCode;

use gorules_compare::annotate::annotate;
use gorules_compare::files::{read_file, DEFAULT_MAX_FILE_SIZE};
use gorules_compare::replay::Options;
use gorules_sgf::sgf_text;

use crate::args;

/// What `gorules annotate` was asked for.
pub struct Request<'a> {
    /// The SGF file (every game of a collection is annotated).
    pub path: &'a Path,
    /// One built-in id or a TOML path: the ruleset whose count and result are written.
    pub rules: &'a str,
    /// `--dead` and `--engine`.
    pub dead: &'a args::DeadArgs,
    /// `--komi`.
    pub komi: Option<f64>,
    /// Whether a game that does not end in two passes is settled as it stands.
    pub unfinished: bool,
    /// Where to write (`None`: standard output).
    pub out: Option<&'a Path>,
}

/// Writes the record with each game's settlement as `TB`/`TW` on its final node and the
/// ruleset's result as `RE` where it has none. A game that is not scored is left as it is, with
/// a note on standard error; so is a game whose count markup cannot say (a move the ruleset
/// refused, a stone named dead on its own territory), and the exit code is then 1.
pub fn run(req: &Request<'_>) -> Result<ExitCode, String> {
    let rules = args::one_ruleset(req.rules, "a record is annotated with")?;
    let options = Options {
        komi: args::komi(req.komi)?,
        dead: req.dead.choice()?,
        score_unfinished: req.unfinished,
        ..Options::default()
    };
    let bytes = read_file(req.path, DEFAULT_MAX_FILE_SIZE).map_err(|e| e.to_string())?;
    let text = sgf_text(&bytes);
    let name = req.path.display().to_string();
    let annotated = annotate(&text, &name, &rules, &options)?;
    let mut code = ExitCode::SUCCESS;
    for (g, why) in &annotated.left {
        crate::output::warn(&format!("{name}: game {g} is left as it is: {why}"));
        if why.is_refusal() {
            code = ExitCode::FAILURE;
        }
    }
    match req.out {
        Some(out) => std::fs::write(out, annotated.text)
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?,
        None => out!("{}", annotated.text),
    }
    Ok(code)
}
