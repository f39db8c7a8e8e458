//! Evaluating a claim on one game, two ways:
//!
//! - [`evaluate_games`]: from the games the generator (or [`crate::generate::normalize`]) has
//!   just played in every ruleset of the claim: fast, used on every fuzzed game and while
//!   shrinking;
//! - [`evaluate_record`]: from a game record, through [`gorules_compare::replay::replay`],
//!   exactly as `gorules score` would score it: used to re-check every counterexample after
//!   it was written as SGF and read back.

use std::fmt;
use std::sync::Arc;

use gorules_compare::replay::{replay, Options, ScoreReport};
use gorules_rules::fast::FastReplay;
use gorules_rules::{ColorName, Counting, Outcome, Ruleset, Score, Track};
use gorules_sgf::GameRecord;

use crate::claim::Claim;
use crate::driver::Driver;
use crate::expr::{GameFacts, ScoreValue, Witness};
use crate::game::FuzzGame;
use crate::playout::{play_out, Playout, PlayoutError};

/// Why a game says nothing about a claim.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Skip {
    /// Under this ruleset an illegal move was replaced by a pass and the record no longer fits
    /// the position (only with a legality looser than the ruleset's).
    Diverged(String),
    /// Under this ruleset the record does not replay to a scored end.
    NotScored(String),
    /// Under this ruleset some agreed-dead stone cannot be captured by play inside its
    /// capturer's territory, so the play-out score does not exist.
    NotCapturable(String),
}

impl fmt::Display for Skip {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Skip::Diverged(r) => write!(
                f,
                "{r}: an illegal move was replaced by a pass and the record no longer fits the position"
            ),
            Skip::NotScored(r) => write!(f, "{r}: the record does not replay to a scored end"),
            Skip::NotCapturable(r) => write!(
                f,
                "{r}: agreed-dead stones cannot all be captured by play inside the capturer's territory"
            ),
        }
    }
}

/// A claim evaluated on one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The values of the claim's scores, in the order of [`crate::expr::Expr::scores`].
    pub scores: Vec<ScoreValue>,
    /// `Ok(())` when the claim holds, otherwise the comparison that failed.
    pub verdict: Result<(), Witness>,
}

impl Evaluation {
    /// Whether the claim holds.
    pub fn holds(&self) -> bool {
        self.verdict.is_ok()
    }
}

fn value_of_score(s: &Score) -> ScoreValue {
    ScoreValue {
        margin: s.margin,
        black: s.black.total,
        white: s.white.total,
        outcome: s.outcome,
    }
}

/// A replay report's score; its outcome is read back from the SGF-style result.
fn value_of_report(s: &ScoreReport) -> ScoreValue {
    let outcome = match s.result.as_str() {
        "Void" => Outcome::NoResult,
        "B+F" => Outcome::Forfeit {
            winner: ColorName::Black,
        },
        "W+F" => Outcome::Forfeit {
            winner: ColorName::White,
        },
        _ => Outcome::Points { margin: s.margin },
    };
    ScoreValue {
        margin: s.margin,
        black: s.black,
        white: s.white,
        outcome,
    }
}

/// Evaluates `claim` on `fg`, from `driver` at the end of `fg`'s record (as [`generate`] and
/// [`normalize`] leave it).
///
/// [`generate`]: crate::generate::generate
/// [`normalize`]: crate::generate::normalize
pub fn evaluate_games(
    claim: &Claim,
    fg: &FuzzGame,
    mut driver: Driver,
) -> Result<Evaluation, Skip> {
    evaluate_in(claim, fg, &mut driver)
}

/// [`evaluate_games`] in `driver`'s games, which it finishes (the driver can then
/// [`Driver::restart`] for the next game).
pub fn evaluate_in(claim: &Claim, fg: &FuzzGame, driver: &mut Driver) -> Result<Evaluation, Skip> {
    let rulesets = claim.rulesets();
    let games: &mut [FastReplay] = driver.games_mut();
    for (g, rs) in games.iter_mut().zip(rulesets) {
        match g.track() {
            Track::Diverged => return Err(Skip::Diverged(rs.id.clone())),
            // As a replay of a record: a move that is no move of the game is an error in it.
            Track::Refused(e) => return Err(Skip::NotScored(format!("{}: {e}", rs.id))),
            // As a replay: a game over before the record's end is finished as it is; a game
            // still in play is ended by its protocol, then the dead stones are removed.
            Track::Live | Track::Stopped => g.game_mut().finish(&fg.dead),
        }
    }
    let mut scores = Vec::with_capacity(claim.expr().scores().len());
    // Each game is scored once by all the countings the claim reads of it (one territory).
    let plain: Vec<Vec<Score>> = games
        .iter()
        .zip(claim.plain_countings())
        .map(|(g, countings)| {
            if countings.is_empty() {
                Vec::new()
            } else {
                g.score_each(countings)
            }
        })
        .collect();
    // Each ruleset's play-out is played once, when a score first asks for it (the list is
    // made then: most claims have none).
    let mut playouts: Vec<Option<Playout>> = Vec::new();
    for (r, i) in claim.scores() {
        let v = if r.playout {
            if playouts.is_empty() {
                playouts.resize_with(rulesets.len(), || None);
            }
            if playouts[i].is_none() {
                playouts[i] = Some(playout_of(&rulesets[i], fg)?);
            }
            let p = playouts[i].as_ref().expect("just set");
            value_of_score(&p.game.score(r.counting))
        } else {
            let k = claim.plain_countings()[i]
                .iter()
                .position(|&c| c == r.counting)
                .expect("every plain score's counting is listed");
            value_of_score(&plain[i][k])
        };
        scores.push(v);
    }
    let facts = if claim.expr().uses_facts() {
        fg.facts()
    } else {
        GameFacts::default()
    };
    let verdict = claim.expr().eval(&scores, &facts);
    Ok(Evaluation { scores, verdict })
}

/// The play-out of `fg` under `rs` (see [`play_out`]), or why there is none.
fn playout_of(rs: &Arc<Ruleset>, fg: &FuzzGame) -> Result<Playout, Skip> {
    play_out(rs, fg).map_err(|e| match e {
        PlayoutError::NotCapturable => Skip::NotCapturable(rs.id.clone()),
        PlayoutError::Record(_) => Skip::NotScored(rs.id.clone()),
    })
}

/// The record of `fg` followed by its play-out under `rs` (no dead stones: after "play until
/// captured" every stone is alive), or why there is none.
pub fn playout_record(rs: &Arc<Ruleset>, fg: &FuzzGame) -> Result<GameRecord, Skip> {
    let p = playout_of(rs, fg)?;
    let mut rec = FuzzGame {
        dead: Vec::new(),
        ..fg.clone()
    }
    .to_record();
    rec.moves.extend(p.continuation);
    rec.move_nodes = (1..=rec.moves.len()).collect();
    Ok(rec)
}

fn replayed_score(
    record: &GameRecord,
    rs: &Arc<Ruleset>,
    dead: &[gorules_board::Point],
    counting: Counting,
) -> Result<ScoreValue, Skip> {
    let report = replay(record, rs, &Options::default(), dead)
        .map_err(|e| Skip::NotScored(format!("{}: {e}", rs.id)))?;
    if report.end.state != "finished"
        && report.end.state != "forfeit"
        && report.end.state != "no-result"
    {
        return Err(if report.end.state == "diverged" {
            Skip::Diverged(rs.id.clone())
        } else {
            Skip::NotScored(rs.id.clone())
        });
    }
    report
        .scores
        .iter()
        .find(|s| s.counting == counting)
        .map(value_of_report)
        .ok_or_else(|| Skip::NotScored(rs.id.clone()))
}

/// Evaluates `claim` on a game record through [`replay`], as `gorules score` scores it: the
/// dead stones are the record's `TB`/`TW` markup; a `:playout` score replays the record
/// followed by its play-out (see [`crate::playout`]) with no dead stones.
pub fn evaluate_record(claim: &Claim, record: &GameRecord) -> Result<Evaluation, String> {
    let fg = FuzzGame::from_record(record)?;
    let dead = record.dead_stones_from_markup().unwrap_or_default();
    let rulesets = claim.rulesets();
    let mut scores = Vec::new();
    for (r, i) in claim.scores() {
        let rs = &rulesets[i];
        let v = if r.playout {
            let rec = playout_record(rs, &fg).map_err(|e| e.to_string())?;
            replayed_score(&rec, rs, &[], r.counting)
        } else {
            replayed_score(record, rs, &dead, r.counting)
        }
        .map_err(|e| e.to_string())?;
        scores.push(v);
    }
    let verdict = claim.expr().eval(&scores, &fg.facts());
    Ok(Evaluation { scores, verdict })
}
