//! The settlement of a record written back into it: its dead stones and territory as
//! `TB`/`TW` markup on the final node, and the result under one ruleset as `RE` where the
//! record has none, so that SGF editors (Sabaki, CGoban) show the count and `gorules` reads the
//! same dead stones back.

use gorules_board::{Color, Point};
use gorules_rules::Ruleset;

use crate::diagram::{view, ViewError};
use crate::replay::Options;
use gorules_sgf::{GameMarkup, GameRecord};

/// The markup of `record`'s settlement under `rules`: the points each side counts (the
/// ruleset's territory, seki eyes it does not count left out) with the opponent's dead stones
/// on them, and the ruleset's result (its first counting method) when the record has none.
/// `None` for a game that is not scored: unfinished (unless [`Options::score_unfinished`]),
/// diverged from the record, or without a counting method left by [`Options::countings`].
///
/// Reading the markup back (`--dead markup`, or `auto`) gives the same dead stones, so the
/// same scores.
pub fn settlement(
    record: &GameRecord,
    rules: &Ruleset,
    options: &Options,
) -> Result<Option<GameMarkup>, ViewError> {
    let v = view(record, rules, options, None)?;
    let Some(score) = v.scores.first() else {
        return Ok(None);
    };
    let side = |c: Color| -> Vec<Point> {
        let mut points: Vec<Point> = v.territory.counted[c.index()].iter().collect();
        points.extend(
            v.dead
                .iter()
                .filter(|(dead, _)| *dead == c.opponent())
                .map(|&(_, p)| p),
        );
        points.sort_by_key(|p| (p.y, p.x));
        points.dedup();
        points
    };
    Ok(Some(GameMarkup {
        black: side(Color::Black),
        white: side(Color::White),
        result: record.result.is_none().then(|| score.result.clone()),
    }))
}
