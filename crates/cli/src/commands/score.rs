//! `gorules score GAME.sgf`.

use std::path::Path;
use std::process::ExitCode;

use gorules_compare::record::read_sgf_file;
use gorules_compare::render::render_game;
use gorules_compare::replay::Options;
use gorules_compare::report::compare_game;

use crate::args::{self, ScoringArgs};

/// Scores every game of the file under each ruleset.
pub fn run(
    path: &Path,
    scoring: &ScoringArgs,
    dead: &args::DeadArgs,
    unfinished: bool,
) -> Result<ExitCode, String> {
    let rulesets = args::rulesets(&scoring.rules)?;
    let komi = args::komi(scoring.komi)?;
    let counting = scoring.counting;
    let dead = dead.choice()?;
    let games = read_sgf_file(path).map_err(|e| e.to_string())?;
    let mut reports = Vec::new();
    for game in &games {
        let options = Options {
            komi,
            dead: dead.clone(),
            countings: counting.filter(),
            score_unfinished: unfinished,
        };
        reports.push(compare_game(game, &rulesets, &options).map_err(|e| e.to_string())?);
    }
    let format = scoring.format.into();
    match format {
        gorules_compare::render::Format::Json if reports.len() == 1 => {
            out!("{}", render_game(&reports[0], format))
        }
        gorules_compare::render::Format::Json => outln!(
            "{}",
            serde_json::to_string_pretty(&reports).expect("serialisable")
        ),
        gorules_compare::render::Format::Csv => {
            out!("{}", gorules_compare::render::game_csv(&reports))
        }
        _ => {
            for r in &reports {
                outln!("{}", render_game(r, format));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
