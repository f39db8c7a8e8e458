//! Replaying one game record under one ruleset: legality, the end of play, settlement and
//! the scores, as a [`RulesetReport`].

use std::sync::Arc;

use gorules_board::coords::gtp_point;
use gorules_board::{Board, Color, Move, Point, PointSet};
use gorules_rules::fast::FastReplay;
use gorules_rules::{
    Counting, Game, Komi, MoveError, Outcome, Ownership, Ruleset, Score, SettlementReport, Setup,
    SideScore, Status, Track,
};
use serde::Serialize;

use crate::point_report::PointReport;
use crate::shared::{Opening, Shared};
use gorules_sgf::{GameRecord, RecordError, RecordErrorKind};

/// Choices that apply to every ruleset of a comparison.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Komi to use whatever the record and the ruleset say (`--komi`).
    pub komi: Option<Komi>,
    /// Where the dead stones come from (`--dead`; by default `auto`: the record's territory
    /// markup where it has some, else the estimate).
    pub dead: crate::dead::DeadStones,
    /// Counting methods to report (each ruleset reports those it allows); `None`: all.
    pub countings: Option<Vec<Counting>>,
    /// Score records that did not end in passes (resignation, time, cut off) as they stand.
    pub score_unfinished: bool,
    /// Refuse a record with passes it implies but does not write
    /// ([`gorules_sgf::GameRecord::implied_passes`]) instead of reading them (`--strict`).
    pub strict: bool,
    /// Give each score its point-by-point map ([`ScoreReport::points`]), as `score`'s JSON
    /// does.
    pub point_maps: bool,
}

pub use gorules_rules::KomiSource;

pub use crate::dead::DeadSource;

/// The dead stones of a record by `options.dead`, where they came from, and the estimate
/// behind them if any. A source that fails (an engine that cannot answer, points off the
/// board) is an error for this record.
pub fn dead_stones(
    record: &GameRecord,
    options: &Options,
) -> Result<crate::dead::Resolved, RecordError> {
    dead_stones_on(record, options, None)
}

/// [`dead_stones`], given the record's final board when it is known already
/// ([`crate::dead::resolve_on`]).
pub(crate) fn dead_stones_on(
    record: &GameRecord,
    options: &Options,
    final_board: Option<&Board>,
) -> Result<crate::dead::Resolved, RecordError> {
    crate::dead::resolve_on(record, &options.dead, options.score_unfinished, final_board).map_err(
        |message| {
            let mut e = RecordError::new(RecordErrorKind::DeadStones { message });
            e.source_name = record.source_name.clone();
            e
        },
    )
}

/// The first illegal move of a record under a ruleset.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct IllegalMove {
    /// 1-based move number in the record.
    pub move_number: usize,
    /// Who made it.
    pub color: gorules_rules::ColorName,
    /// The point, GTP style (`D4`).
    pub point: String,
    /// Why it is illegal.
    pub reason: String,
    /// What the ruleset does about it.
    pub handling: String,
}

/// How play ended under a ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndOfPlay {
    /// `finished` (the end-of-play protocol was completed), `unfinished` (the record stops
    /// before it: resignation, time, cut off), `no-result`, `forfeit`, or `diverged` (an
    /// illegal move was replaced by a pass and a later record move no longer fits the
    /// position: not scored).
    pub state: &'static str,
    /// Record moves after the game had ended (a forfeit or a no-result cycle), not played.
    pub moves_ignored: usize,
    /// Play resumed after it had ended (a dispute) this many times.
    pub resumptions: u32,
    /// How dead stones were settled: `removed`, `ignored: <reason>` or `none`.
    pub settlement: String,
}

/// One score in the JSON contract: totals, margin, result and the breakdown.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoreReport {
    /// `area` or `territory`.
    pub counting: Counting,
    /// Black's total.
    pub black: f64,
    /// White's total.
    pub white: f64,
    /// Black minus White, komi and all adjustments included.
    pub margin: f64,
    /// SGF style: `B+1.5`, `W+0.5`, `0`, `Void`, `B+F`.
    pub result: String,
    /// Every part of both totals.
    pub breakdown: Breakdown,
    /// Each point's owner and why, when asked for ([`Options::point_maps`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<crate::point_report::PointReport>,
    /// Where the count is not sure, and why ([`gorules_rules::Score::doubts`]): a territory
    /// count the referee's settlement makes whose dame the rules leave to be filled in an
    /// order that changes it, or that it could not read. Absent from JSON when the count is
    /// sure.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub doubts: Vec<DoubtReport>,
}

/// A part of the board whose count is not sure ([`gorules_rules::Doubt`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DoubtReport {
    /// `filling-order`, `capturable` or `too-large` ([`gorules_rules::DoubtKind::name`]).
    pub kind: &'static str,
    /// What it means, in words.
    pub reason: &'static str,
    /// The points whose count rests on it (GTP points).
    pub points: Vec<String>,
    /// The dame that decide it (GTP points).
    pub dame: Vec<String>,
}

impl DoubtReport {
    /// The report of `doubt`.
    pub fn of(doubt: &gorules_rules::Doubt) -> DoubtReport {
        let gtp = |set: &gorules_board::PointSet| -> Vec<String> {
            set.iter()
                .map(|p| gorules_board::coords::gtp_point(p, set.size()))
                .collect()
        };
        DoubtReport {
            kind: doubt.kind.name(),
            reason: doubt.kind.reason(),
            points: gtp(&doubt.points),
            dame: gtp(&doubt.dame),
        }
    }
}

/// Both sides of a score.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Breakdown {
    /// Black's parts.
    pub black: SideScore,
    /// White's parts.
    pub white: SideScore,
}

impl ScoreReport {
    /// The report of one score of a game ([`gorules_rules::Game::score`]): its totals, margin,
    /// result and breakdown, as the JSON contract writes every score.
    pub fn from_score(s: Score) -> ScoreReport {
        ScoreReport {
            counting: s.counting,
            black: s.black.total,
            white: s.white.total,
            margin: s.margin,
            result: s.result(),
            doubts: s.doubts.iter().map(DoubtReport::of).collect(),
            breakdown: Breakdown {
                black: s.black,
                white: s.white,
            },
            points: None,
        }
    }

    /// Whether `other` is this score to the last bit: equal, and every number the same
    /// floating-point value (`0.0` and `-0.0` differ, as they do in JSON), so that the two
    /// serialise alike.
    pub fn is_identical(&self, other: &ScoreReport) -> bool {
        // Every field named, so that a new one cannot be left out.
        let ScoreReport {
            counting,
            black,
            white,
            margin,
            result,
            breakdown: Breakdown { black: b, white: w },
            points,
            doubts,
        } = self;
        *counting == other.counting
            && black.to_bits() == other.black.to_bits()
            && white.to_bits() == other.white.to_bits()
            && margin.to_bits() == other.margin.to_bits()
            && *result == other.result
            && b.is_identical(&other.breakdown.black)
            && w.is_identical(&other.breakdown.white)
            && *points == other.points
            && *doubts == other.doubts
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self.result.as_bytes().first() {
            Some(b'B') => Some(Color::Black),
            Some(b'W') => Some(Color::White),
            _ => None,
        }
    }
}

/// A record replayed under one ruleset.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RulesetReport {
    /// The ruleset's id.
    pub ruleset: String,
    /// Its display name.
    pub name: String,
    /// Whether it is the ruleset the record's own `RU` names, asked as `record`
    /// ([`crate::rules_choice::RulesetChoice`]); its scores are then named `record:COUNTING`
    /// in a corpus run. Absent from JSON when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub from_record: bool,
    /// Asked as `record:NAME` for a record whose `RU` names no ruleset: why it names none
    /// (`"the record has no RU"`); the ruleset is the fallback `NAME`, and in a corpus run its
    /// scores are the record's own (`record:COUNTING`). Absent from JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record_fallback: Option<String>,
    /// Whether every move of the record is legal under it.
    pub legal: bool,
    /// The first illegal move, if any.
    pub illegal_move: Option<IllegalMove>,
    /// Passes the end-of-play protocol added after the record's last move, by whom.
    pub added_passes: Vec<gorules_rules::ColorName>,
    /// How play ended.
    pub end: EndOfPlay,
    /// The komi used.
    pub komi: Komi,
    /// Where it came from.
    pub komi_source: KomiSource,
    /// One score per counting method (empty for an unfinished record not scored as it
    /// stands).
    pub scores: Vec<ScoreReport>,
}

fn move_error(record: &GameRecord, index: usize, e: MoveError) -> RecordError {
    let m = record.moves[index];
    let kind = match e {
        MoveError::OutOfTurn { expected } => RecordErrorKind::OutOfTurn {
            color: m.color,
            expected,
        },
        MoveError::Occupied(p) => RecordErrorKind::Occupied {
            color: m.color,
            point: gorules_board::coords::sgf_point(p),
            gtp: gtp_point(p, record.size),
        },
        MoveError::OffBoard(p) => RecordErrorKind::MoveOffBoard {
            color: m.color,
            value: gorules_board::coords::sgf_point(p),
            size: record.size,
        },
        MoveError::GameOver => unreachable!("replay stops when the game is over"),
    };
    let mut err = RecordError::new(kind);
    err.source_name = record.source_name.clone();
    err.game = (record.game_index > 0).then_some(record.game_index);
    err.move_number = Some(index + 1);
    err.node = record.move_nodes.get(index).copied();
    err
}

/// The first illegal move of a game played from `record`, and what `rules` do about it.
pub(crate) fn illegal_move(
    game: &Game,
    rules: &Ruleset,
    record: &GameRecord,
) -> Option<IllegalMove> {
    game.first_illegal().map(|(k, color, mv, why)| {
        // Moves the game added (none before the record ends) keep record numbering.
        let point = match mv {
            Move::Play(p) => gtp_point(p, record.size),
            Move::Pass => "pass".into(),
        };
        IllegalMove {
            move_number: k + 1,
            color: color.into(),
            point,
            reason: why.to_string(),
            handling: match rules.illegal_moves {
                gorules_rules::ruleset::IllegalMoveRule::Loss => "loss".to_string(),
                gorules_rules::ruleset::IllegalMoveRule::Pass if rules.pass_stones => {
                    "replaced by a pass (with a pass stone)".to_string()
                }
                gorules_rules::ruleset::IllegalMoveRule::Pass => "replaced by a pass".to_string(),
            },
        }
    })
}

/// A record played under one ruleset up to some move: the replay, and what [`replay`] reports
/// about the way there. Shared by [`replay`] and the diagrams ([`crate::diagram`]).
pub(crate) struct Played {
    /// The replay after the moves played.
    pub replay: FastReplay,
    /// The komi used.
    pub komi: Komi,
    /// Where it came from.
    pub komi_source: KomiSource,
    /// Play ended by the end-of-play protocol, or the moves played end in two passes.
    pub finished_by_protocol: bool,
}

impl Played {
    /// The game after the moves played.
    pub(crate) fn game(&self) -> &Game {
        self.replay.game()
    }

    /// An illegal move was replaced by a pass and a later record move no longer fits.
    pub(crate) fn diverged(&self) -> bool {
        self.replay.track() == Track::Diverged
    }

    /// Moves (of those asked for) not played because the game had ended or diverged.
    pub(crate) fn moves_ignored(&self) -> usize {
        self.replay.moves_ignored()
    }

    /// Whether [`replay`] scores the game: play ended (by the protocol, a forfeit or a long
    /// cycle), or it did not and `score_unfinished` asks for it; never a diverged game.
    pub(crate) fn scored(&self, score_unfinished: bool) -> bool {
        !self.diverged()
            && (self.finished_by_protocol
                || self.game().special_outcome().is_some()
                || score_unfinished)
    }

    /// Finishes the game as [`replay`] does: by the protocol (passes it still requires, then
    /// settlement of `dead`) when play ended so; otherwise, when `as_it_stands`, by settling
    /// `dead` in the position as it stands.
    pub(crate) fn finish(&mut self, dead: &[Point], as_it_stands: bool) {
        let game = self.replay.game_mut();
        if self.finished_by_protocol {
            game.finish(dead);
        } else if as_it_stands {
            game.finish_as_it_stands(dead);
        }
    }
}

/// The stones the settlement of `game` removed as dead, with their colours (read on `before`,
/// the stones of each colour, `[black, white]`, before they were removed).
pub(crate) fn removed_stones(game: &Game, before: &[PointSet; 2]) -> Vec<(Color, Point)> {
    match game.settlement() {
        Some(SettlementReport::Removed { stones }) => stones
            .iter()
            .filter_map(|&p| {
                Color::ALL
                    .into_iter()
                    .find(|c| before[c.index()].contains(p))
                    .map(|c| (c, p))
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The komi a ruleset plays `record` with, and where it came from
/// ([`gorules_rules::game_komi`]).
fn komi_for(record: &GameRecord, rules: &Ruleset, options: &Options) -> (Komi, KomiSource) {
    gorules_rules::game_komi(options.komi, record.komi, rules, record.handicap_stones())
}

/// Plays the setup and the first `moves` moves of `record` (at most all of them) under
/// `rules`, as [`replay`] does: komi from `options`, the record or the ruleset; play stops
/// when the game is over or has diverged. Moves onto occupied points and moves out of turn are
/// errors in the record.
pub(crate) fn play_record(
    record: &GameRecord,
    rules: &Arc<Ruleset>,
    options: &Options,
    moves: usize,
) -> Result<Played, RecordError> {
    play_record_from(record, rules, options, moves, None)
}

/// [`play_record`], starting from `opening` (of the same record) when it can be forked to
/// `rules` and does not go past `moves`. The result is the same either way.
pub(crate) fn play_record_from(
    record: &GameRecord,
    rules: &Arc<Ruleset>,
    options: &Options,
    moves: usize,
    opening: Option<&Opening>,
) -> Result<Played, RecordError> {
    let moves = moves.min(record.moves.len());
    let (komi, komi_source) = komi_for(record, rules, options);
    let forked = opening.and_then(|o| o.fork(rules, komi, moves));
    let (mut replay, start) = match forked {
        Some(f) => f,
        None => {
            let board: Board = record.setup_board()?;
            let setup = Setup {
                board,
                handicap: record.handicap_stones(),
                komi,
                first: record.first_player(),
            };
            (FastReplay::new(Arc::clone(rules), setup), 0)
        }
    };
    for (i, m) in record.moves[..moves].iter().enumerate().skip(start) {
        replay
            .step(m.color, m.mv)
            .map_err(|e| move_error(record, i, e))?;
    }
    let two_passes = moves >= 2
        && record.moves[moves - 2..moves]
            .iter()
            .all(|m| m.mv == Move::Pass);
    let finished_by_protocol = replay.track() != Track::Diverged
        && (matches!(replay.game().status(), Status::Ended | Status::Finished) || two_passes);
    Ok(Played {
        replay,
        komi,
        komi_source,
        finished_by_protocol,
    })
}

/// Replays `record` under `rules`. Moves onto occupied points and moves out of turn are errors
/// in the record, not rule differences.
pub fn replay(
    record: &GameRecord,
    rules: &Arc<Ruleset>,
    options: &Options,
    dead: &[Point],
) -> Result<RulesetReport, RecordError> {
    replay_from(record, rules, options, dead, None)
}

/// [`replay`], with what the rulesets of a comparison share (of the same record): the
/// record's common opening when there is one ([`Opening`]) and the analyses of the boards
/// scored so far. The same report, without replaying the opening or analysing a board again
/// for each ruleset.
pub(crate) fn replay_from(
    record: &GameRecord,
    rules: &Arc<Ruleset>,
    options: &Options,
    dead: &[Point],
    shared: Option<&mut Shared>,
) -> Result<RulesetReport, RecordError> {
    let opening = shared.as_ref().and_then(|s| s.opening.as_ref());
    let mut played = play_record_from(record, rules, options, record.moves.len(), opening)?;
    let special = played.game().special_outcome();
    let state = match special {
        Some(Outcome::NoResult) => "no-result",
        Some(Outcome::Forfeit { .. }) => "forfeit",
        _ if played.diverged() => "diverged",
        _ if played.finished_by_protocol => "finished",
        _ => "unfinished",
    };
    let scored = played.scored(options.score_unfinished);
    // The stones on the board before the dead ones are removed: the colours of the dead.
    let before = options.point_maps.then(|| {
        let board = played.game().state().board();
        Color::ALL.map(|c| *board.stones(c))
    });
    played.finish(dead, scored);
    // Read in place: the replay is large, and moving it out would copy it.
    let (replay, komi, komi_source) = (&played.replay, played.komi, played.komi_source);
    let game = replay.game();
    let settlement = game
        .settlement()
        .map_or_else(|| "none".to_string(), SettlementReport::to_string);
    let illegal_move = illegal_move(game, rules, record);
    let countings: Vec<Counting> = rules
        .counting
        .iter()
        .copied()
        .filter(|c| options.countings.as_ref().is_none_or(|w| w.contains(c)))
        .collect();
    let board = game.state().board();
    // The analysis of the board scored: the comparison's, shared with the other rulesets that
    // score the same board, for the scores and their point maps alike; and the comparison's
    // point maps, shared by the scores that count that board alike.
    let fresh;
    let (mut scores, ownership, mut point_reports) = match shared {
        _ if !scored || countings.is_empty() => (Vec::new(), None, None),
        Some(Shared {
            ownerships,
            point_reports,
            ..
        }) => {
            let ownership = ownerships.of(board);
            let scores = countings
                .iter()
                .map(|&c| ScoreReport::from_score(replay.score_with(c, ownership)))
                .collect();
            (scores, Some(ownership), Some(point_reports))
        }
        None => {
            let scores = countings
                .iter()
                .map(|&c| ScoreReport::from_score(game.score(c)))
                .collect();
            (scores, None, None)
        }
    };
    if let Some(before) = &before {
        let dead = removed_stones(game, before);
        let ownership = match ownership {
            Some(o) => o,
            None => {
                fresh = Ownership::of(board);
                &fresh
            }
        };
        for (s, &c) in scores.iter_mut().zip(&countings) {
            s.points = Some(match point_reports.as_mut() {
                Some(reports) => reports.of(board, &dead, rules, c, ownership),
                None => PointReport::new(board, &dead, rules, c, ownership),
            });
        }
    }
    Ok(RulesetReport {
        ruleset: rules.id.clone(),
        name: rules.name.clone(),
        from_record: false,
        record_fallback: None,
        legal: illegal_move.is_none(),
        illegal_move,
        added_passes: game.added_passes().iter().map(|&c| c.into()).collect(),
        end: EndOfPlay {
            state,
            moves_ignored: replay.moves_ignored(),
            resumptions: replay.resumptions(),
            settlement,
        },
        komi,
        komi_source,
        scores,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(margin: f64) -> ScoreReport {
        let side = |total| SideScore {
            territory: 5,
            total,
            ..SideScore::default()
        };
        ScoreReport {
            counting: Counting::Area,
            black: 5.0,
            white: 5.0 - margin,
            margin,
            result: "0".into(),
            breakdown: Breakdown {
                black: side(5.0),
                white: side(5.0 - margin),
            },
            points: None,
            doubts: Vec::new(),
        }
    }

    #[test]
    fn identical_scores_serialise_alike() {
        assert!(report(0.0).is_identical(&report(0.0)));
        // A margin of -0.0 equals one of 0.0 but is written "-0.0".
        assert_eq!(report(-0.0), report(0.0));
        assert!(!report(-0.0).is_identical(&report(0.0)));
        let territory = ScoreReport {
            counting: Counting::Territory,
            ..report(0.0)
        };
        assert!(!territory.is_identical(&report(0.0)));
        let mut other_side = report(0.0);
        other_side.breakdown.white.territory = 4;
        assert!(!other_side.is_identical(&report(0.0)));
        let mut mapped = report(0.0);
        mapped.points = Some(crate::point_report::PointReport {
            rows: vec![".".into()],
            seki: Vec::new(),
            short_of_eyes: Vec::new(),
            reasons: Vec::new(),
        });
        assert!(!mapped.is_identical(&report(0.0)));
        assert!(mapped.is_identical(&mapped.clone()));
    }
}
