//! `gorules score GAME.sgf` (`-`: the record on standard input).

use std::path::Path;
use std::process::ExitCode;

use gorules_compare::corpus::GameEntry;
use gorules_compare::files::{read_capped, read_file};
use gorules_compare::rules_choice::{compare_chosen, own_ruleset_left_out, RulesetChoice};
use gorules_printers::{Format, GamePrinter, Sink};
use gorules_sgf::parse_sgf_bytes_games;

use crate::args::{self, ScoringArgs};
use crate::output::Stdout;

/// Scores every game of the file under each ruleset. A game that cannot be replayed is an
/// error on standard error and exit code 1; the other games are still scored (when none can
/// be, the exit code is 2).
pub fn run(
    path: &Path,
    scoring: &ScoringArgs,
    dead: &args::DeadArgs,
    unfinished: bool,
    max_file_size: u64,
) -> Result<ExitCode, String> {
    if scoring.format.is_binary() {
        return Err(format!(
            "--format {}: a corpus format, written by `gorules compare PATH... --format {} -o FILE`",
            scoring.format, scoring.format
        ));
    }
    let request = scoring
        .request(dead)?
        .unfinished(unfinished)
        // The JSON gives each score its point-by-point map.
        .point_maps(matches!(scoring.format, Format::Json | Format::JsonLines));
    let mut choices = request.rules;
    if scoring.rules.trim() == "all" {
        // A KataGo record is scored under its own ruleset first.
        choices.insert(0, RulesetChoice::RecordKataGo);
    }
    let options = request.options;
    let stdin = path == Path::new("-");
    let name = if stdin {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let bytes = if stdin {
        read_capped(std::io::stdin().lock(), Path::new(&name), max_file_size, 0)
    } else {
        read_file(path, max_file_size)
    }
    .map_err(|e| e.to_string())?;
    let games = parse_sgf_bytes_games(&bytes, Some(&name)).map_err(|e| e.to_string())?;
    // Every game's entry, the errors in their places (CSV has a row for each).
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    let error = |i: usize, error: String| GameEntry::Error {
        source: name.clone(),
        game_index: Some(i),
        error,
    };
    for (i, game) in games.iter().enumerate() {
        let game = match game {
            Ok(g) => g,
            Err(e) => {
                errors.push(e.to_string());
                entries.push(error(i, e.to_string()));
                continue;
            }
        };
        notes.extend(own_ruleset_left_out(&choices, game, &name, i));
        match compare_chosen(game, &choices, &options) {
            Ok(r) => entries.push(GameEntry::Report(Box::new(r))),
            Err(e) => {
                let message = e.message(&bytes, &name, i);
                entries.push(error(i, message.clone()));
                errors.push(message);
            }
        }
    }
    if entries.len() == errors.len() && !errors.is_empty() {
        // Nothing to show: the errors are the answer (exit code 2).
        return Err(errors.join("\ngorules: "));
    }
    for e in notes.iter().chain(&errors) {
        crate::output::warn(e);
    }
    let failed = !errors.is_empty();
    // JSON is an array whatever the number of games, as `gorules.score` gives a list.
    let mut printer = GamePrinter::new(scoring.format, Stdout);
    for entry in &entries {
        // Standard output never fails here (`Stdout` ends the program on an error).
        let _ = printer.game(entry);
    }
    let _ = printer.finish(None);
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
