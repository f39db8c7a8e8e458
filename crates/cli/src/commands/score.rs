//! `gorules score GAME.sgf` (`-`: the record on standard input).

use std::path::Path;
use std::process::ExitCode;

use gorules_compare::files::{read_capped, read_file};
use gorules_compare::render::{render_game, Format};
use gorules_compare::rules_choice::{compare_chosen, own_ruleset_left_out, RulesetChoice};
use gorules_sgf::parse_sgf_bytes_games;

use crate::args::{self, ScoringArgs};

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
    let mut reports = Vec::new();
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    // CSV has a row for each game, the errors in their places.
    let mut csv = gorules_compare::csv::header();
    for (i, game) in games.iter().enumerate() {
        let game = match game {
            Ok(g) => g,
            Err(e) => {
                errors.push(e.to_string());
                gorules_compare::csv::error_row(&name, Some(i), &e.to_string(), &mut csv);
                continue;
            }
        };
        notes.extend(own_ruleset_left_out(&choices, game, &name, i));
        match compare_chosen(game, &choices, &options) {
            Ok(r) => {
                if scoring.format == Format::Csv {
                    gorules_compare::csv::report_rows(&r, &mut csv);
                }
                reports.push(r);
            }
            Err(e) => {
                let message = e.message(&bytes, &name, i);
                gorules_compare::csv::error_row(&name, Some(i), &message, &mut csv);
                errors.push(message);
            }
        }
    }
    if reports.is_empty() && !errors.is_empty() {
        // Nothing to show: the errors are the answer (exit code 2).
        return Err(errors.join("\ngorules: "));
    }
    for e in notes.iter().chain(&errors) {
        crate::output::warn(e);
    }
    let failed = !errors.is_empty();
    let format = scoring.format;
    match format {
        // An array whatever the number of games, as `gorules.score` gives a list.
        Format::Json => outln!(
            "{}",
            gorules_compare::json_writer::to_string_pretty(&reports).expect("serialisable")
        ),
        Format::Csv => out!("{csv}"),
        Format::JsonLines => reports
            .iter()
            .for_each(|r| out!("{}", render_game(r, format))),
        Format::Table | Format::Markdown => {
            for r in &reports {
                outln!("{}", render_game(r, format));
            }
        }
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
