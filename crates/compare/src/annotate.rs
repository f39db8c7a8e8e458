//! The settlement of a record written back into it: its dead stones and territory as `TB`/`TW`
//! markup on the final node, the false eyes the ruleset leaves out as crosses (`MA`) and its
//! seki (stones in seki and the seki eyes left out) as squares (`SQ`), the points whose count
//! is not sure (the settlement's doubts) as triangles (`TR`), and the result under one ruleset
//! as `RE` where the record has none, so that SGF editors (Sabaki, CGoban) show the
//! count and `gorules` reads the same dead stones back.
//!
//! A reader places `TB`/`TW` on the board it rebuilds from the record's moves
//! ([`GameRecord::final_board`]) and takes a stone on the other colour's territory as dead
//! ([`gorules_sgf::TerritoryMarkup::dead_stones`]). Markup is written only where that gives back exactly the
//! stones the ruleset removed, on exactly the board it counted: a game whose ruleset refused a
//! move (replaying it as a pass, or as a loss) counts another board, and is left as it is with
//! the reason ([`NotAnnotated`]). [`annotate`] reads the text it writes back and checks it.

use std::fmt;
use std::sync::Arc;

use gorules_board::{Color, Point};
use gorules_rules::{Outcome, Ruleset};

use crate::diagram::{view, ViewError};
use crate::replay::{illegal_move, play_record, IllegalMove, Options};
use gorules_sgf::{parse_sgf, with_markup, GameMarkup, GameRecord};

/// Why a game of a record gets no markup.
#[derive(Clone, Debug, PartialEq)]
pub enum NotAnnotated {
    /// The record does not end in two passes, and is not settled as it stands
    /// ([`Options::score_unfinished`]).
    Unfinished,
    /// No counting method of the ruleset is left by [`Options::countings`].
    NotCounted,
    /// The ruleset refused a move and replaced it by a pass, after which a move of the record
    /// no longer fits the position: the game is not scored.
    Diverged {
        /// The refused move, in words.
        illegal: String,
    },
    /// The position the ruleset counts is not the one a reader rebuilds from the record's
    /// moves, on which `TB`/`TW` would be read: the ruleset refused a move, or ended the game
    /// before the record's last move.
    OtherBoard {
        /// Why the positions differ.
        why: String,
    },
    /// The record cannot be replayed.
    Record(ViewError),
}

impl NotAnnotated {
    /// Whether the game was left without markup because markup could not say what was
    /// counted (an error, not a game that is simply not scored).
    pub fn is_refusal(&self) -> bool {
        !matches!(self, NotAnnotated::Unfinished | NotAnnotated::NotCounted)
    }
}

impl fmt::Display for NotAnnotated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotAnnotated::Unfinished => f.write_str(
                "not scored: it does not end in two passes (--unfinished settles it as it stands)",
            ),
            NotAnnotated::NotCounted => {
                f.write_str("not scored: the ruleset has none of the counting methods asked for")
            }
            NotAnnotated::Diverged { illegal } => write!(
                f,
                "not scored: {illegal}, after which a move of the record no longer fits the position"
            ),
            NotAnnotated::OtherBoard { why } => write!(
                f,
                "not annotated: {why}, so the position it counts is not the one a reader \
                 rebuilds from the record's moves and on which TB/TW would be read"
            ),
            NotAnnotated::Record(e) => e.fmt(f),
        }
    }
}

impl From<ViewError> for NotAnnotated {
    fn from(e: ViewError) -> NotAnnotated {
        NotAnnotated::Record(e)
    }
}

impl From<gorules_sgf::RecordError> for NotAnnotated {
    fn from(e: gorules_sgf::RecordError) -> NotAnnotated {
        NotAnnotated::Record(ViewError::Record(e))
    }
}

/// An illegal move, and what the ruleset did with it, in words.
fn refused(ill: &IllegalMove, rules: &Ruleset) -> String {
    let color = match ill.color {
        gorules_rules::ColorName::Black => "B",
        gorules_rules::ColorName::White => "W",
    };
    format!(
        "move {} ({color} {}) is illegal under {} ({}) and was {}",
        ill.move_number,
        ill.point,
        rules.id,
        ill.reason,
        match ill.handling.as_str() {
            "loss" => "a loss".to_string(),
            h => h.to_string(),
        }
    )
}

/// The markup of `record`'s settlement under `rules`: the points each side counts (the
/// ruleset's territory, seki eyes and false eyes it does not count left out) with the
/// opponent's dead stones on them, the false eyes it leaves out (crosses), the stones in seki
/// and the seki eyes it leaves out (squares), the points whose count is not sure
/// (triangles), and the ruleset's result (its first counting method) when the record has
/// none.
///
/// Reading the markup back (`--dead markup`, or `auto`) gives the same dead stones on the same
/// board, so the same scores; a game whose ruleset counts another board than the record's is
/// refused ([`NotAnnotated::OtherBoard`]).
pub fn settlement(
    record: &GameRecord,
    rules: &Ruleset,
    options: &Options,
) -> Result<GameMarkup, NotAnnotated> {
    settle(record, &Arc::new(rules.clone()), options).map(|(markup, _)| markup)
}

/// [`settlement`], and the stones the ruleset removed as dead, row by row.
fn settle(
    record: &GameRecord,
    rules: &Arc<Ruleset>,
    options: &Options,
) -> Result<(GameMarkup, Vec<Point>), NotAnnotated> {
    // The position the ruleset counts, before its dead stones are removed.
    let played = play_record(record, rules, options, record.moves.len())?;
    let ill = illegal_move(played.game(), rules, record);
    if played.diverged() {
        let illegal = ill.map_or_else(
            || "a move was replaced by a pass".to_string(),
            |i| refused(&i, rules),
        );
        return Err(NotAnnotated::Diverged { illegal });
    }
    if !played.scored(options.score_unfinished) {
        return Err(NotAnnotated::Unfinished);
    }
    let counted = played.game().state().board();
    if *counted != record.final_board()? {
        let why = match (&ill, played.game().special_outcome()) {
            (Some(i), _) => refused(i, rules),
            (None, Some(Outcome::NoResult)) => format!(
                "a long cycle ended the game without result under {}, and the last {} move(s) \
                 were not played",
                rules.id,
                played.moves_ignored()
            ),
            (None, _) => format!(
                "the last {} move(s) were not played under {}",
                played.moves_ignored(),
                rules.id
            ),
        };
        return Err(NotAnnotated::OtherBoard { why });
    }
    let v = view(record, rules, options, None)?;
    let Some(score) = v.scores.first() else {
        return Err(NotAnnotated::NotCounted);
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
    let t = &v.territory;
    let sorted = |sets: &[&gorules_board::PointSet]| -> Vec<Point> {
        let mut points: Vec<Point> = sets.iter().flat_map(|s| s.iter()).collect();
        points.sort_by_key(|p| (p.y, p.x));
        points
    };
    let mut unsure = gorules_board::PointSet::empty(v.size());
    for r in v.reasons.iter().filter(|r| !r.sure) {
        unsure.insert(r.point);
    }
    let markup = GameMarkup {
        black: side(Color::Black),
        white: side(Color::White),
        crosses: sorted(&[&t.false_eyes[0], &t.false_eyes[1]]),
        squares: sorted(&[
            &t.seki_stones[0],
            &t.seki_stones[1],
            &t.not_counted[0],
            &t.not_counted[1],
        ]),
        triangles: sorted(&[&unsure]),
        result: record.result.is_none().then(|| score.result.clone()),
    };
    let mut removed: Vec<Point> = v.dead.iter().map(|&(_, p)| p).collect();
    removed.sort_by_key(|p| (p.y, p.x));
    Ok((markup, removed))
}

/// An SGF text with the settlement of its games written in ([`annotate`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Annotated {
    /// The text: every game that could be annotated has its markup, every other byte is kept.
    pub text: String,
    /// The games (by their index in the collection) left as they were, and why.
    pub left: Vec<(usize, NotAnnotated)>,
}

/// `text` (an SGF collection named `name` in messages) with each game's settlement under
/// `rules` written in by [`with_markup`]; the games that cannot be annotated are left as they
/// are, each with the reason. The text written is read back and checked: the same moves (an
/// empty node that was a pass is still one) and the same dead stones from its markup.
pub fn annotate(
    text: &str,
    name: &str,
    rules: &Ruleset,
    options: &Options,
) -> Result<Annotated, String> {
    let games = parse_sgf(text, Some(name)).map_err(|e| e.to_string())?;
    let rules = &Arc::new(rules.clone());
    let mut markups = Vec::with_capacity(games.len());
    let mut left = Vec::new();
    let mut removed = Vec::with_capacity(games.len());
    for (g, record) in games.iter().enumerate() {
        match settle(record, rules, options) {
            Ok((m, dead)) => {
                markups.push(Some(m));
                removed.push(dead);
            }
            Err(NotAnnotated::Record(e)) => return Err(format!("{name}: game {g}: {e}")),
            Err(why) => {
                markups.push(None);
                removed.push(Vec::new());
                left.push((g, why));
            }
        }
    }
    let out = with_markup(text, &markups);
    let again = parse_sgf(&out, Some(name))
        .map_err(|e| format!("{name}: the annotated text does not read back: {e}"))?;
    for (g, (before, after)) in games.iter().zip(&again).enumerate() {
        if markups[g].is_none() {
            continue;
        }
        // The stones a reader takes for dead from the markup must be those removed.
        let read = (after.moves == before.moves)
            .then(|| after.dead_stones_from_markup())
            .flatten();
        if read.as_ref() != Some(&removed[g]) {
            return Err(format!(
                "{name}: game {g}: the annotated game does not read back as the game counted"
            ));
        }
    }
    Ok(Annotated { text: out, left })
}
