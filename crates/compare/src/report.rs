//! One game under every chosen ruleset: the [`GameReport`] behind `gorules score`.

use gorules_board::coords::gtp_point;
use std::sync::Arc;

use gorules_rules::Ruleset;
use serde::Serialize;

use crate::explain::{reasons, Difference};
use crate::replay::{dead_stones_on, replay_from, DeadSource, Options, RulesetReport, ScoreReport};
use crate::shared::Shared;

/// The word of a rules list that stands for the ruleset each record's `RU` names; in a corpus
/// run, also the name of that ruleset's scores (`record:territory`, `record:area`), whatever
/// ruleset it is for each record. Defined here, where the scores are named, so that the
/// choice of rulesets ([`crate::rules_choice`]) depends on the report and not the reverse.
pub const RECORD: &str = "record";
use gorules_sgf::{GameRecord, RecordError};

/// What a report says about the record itself.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameInfo {
    /// The file (or name) it was read from.
    pub source: Option<String>,
    /// Its position in the file's collection, from 0.
    pub game_index: usize,
    /// Board size, `19x19`.
    pub size: String,
    /// Handicap stones.
    pub handicap: u32,
    /// The record's komi (`KM`), if any.
    pub komi: Option<gorules_rules::Komi>,
    /// The record's rules (`RU`), as written.
    pub rules: Option<String>,
    /// The built-in ruleset `RU` names (a common name such as `Japanese`), or that a KataGo
    /// rules string in `RU` is exactly (every knob the same), if any.
    pub rules_builtin: Option<String>,
    /// The KataGo ruleset a KataGo rules string in `RU` names exactly
    /// (`katago:koSIMPLEscoreTERRITORYtaxSEKIsui0`), when gorules models it; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules_katago: Option<String>,
    /// The record's result (`RE`), as read.
    pub result: Option<String>,
    /// Number of moves in the main line.
    pub moves: usize,
    /// Whether the record ends in two passes (otherwise it is unfinished: resignation, time,
    /// cut off).
    pub ended_by_passes: bool,
    /// Dead stones used, GTP style.
    pub dead_stones: Vec<String>,
    /// Where they came from.
    pub dead_source: DeadSource,
    /// The estimate behind them, when it was the source: every chain with its answer and how
    /// sure it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead_estimate: Option<crate::dead::EstimateReport>,
    /// Passes the record implies but does not write ([`GameRecord::implied_passes`]); absent
    /// when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub implied_passes: usize,
}

/// A record replayed under each ruleset, with the differences between their scores.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameReport {
    /// The record.
    pub game: GameInfo,
    /// One entry per ruleset, in the order asked.
    pub rulesets: Vec<RulesetReport>,
    /// Every score whose margin differs from the first score's, with the reasons.
    pub differences: Vec<Difference>,
}

impl GameReport {
    /// The names of its scores, `ruleset:counting`, in order.
    pub fn score_columns(&self) -> Vec<String> {
        self.scores().map(|(name, _)| name).collect()
    }

    /// Every score with its name `ruleset:counting`, in order.
    pub fn scores(&self) -> impl Iterator<Item = (String, &ScoreReport)> {
        self.score_parts()
            .map(|(ruleset, counting, s)| (format!("{ruleset}:{counting}"), s))
    }

    /// Every score with the two parts of its name (ruleset id, counting), in order:
    /// [`GameReport::scores`] without building the names.
    /// The ruleset's part is `record` for the record's own ruleset
    /// ([`RulesetReport::from_record`]).
    pub fn score_parts(&self) -> impl Iterator<Item = (&str, &'static str, &ScoreReport)> {
        self.rulesets.iter().flat_map(|r| {
            let ruleset = if r.from_record || r.record_fallback.is_some() {
                RECORD
            } else {
                r.ruleset.as_str()
            };
            r.scores
                .iter()
                .map(move |s| (ruleset, s.counting.name(), s))
        })
    }

    /// The score named `ruleset:counting`.
    pub fn score(&self, column: &str) -> Option<&ScoreReport> {
        self.score_parts()
            .find(|(r, c, _)| is_column(column, r, c))
            .map(|(_, _, s)| s)
    }
}

/// How a score compares with the result a record states (`re`, its `RE`): `(same result,
/// same winner)`, or `None` when `re` is not a count (`B+3.5`, `W+0.5`, `0`; a resignation or a
/// winner without a margin says nothing of the count). A score that is no count (no result, a
/// forfeit) agrees with none; a draw is an outcome of its own.
pub fn record_agreement(re: Option<&str>, score: &ScoreReport) -> Option<(bool, bool)> {
    let recorded = gorules_sgf::GameResult::parse(re?);
    let margin = recorded.black_margin()?;
    let counted = score.result != "Void" && !score.result.ends_with("+F");
    let same_winner = counted && score.winner() == recorded.winner();
    Some((same_winner && score.margin == margin, same_winner))
}

/// Whether `column` is the score name `ruleset:counting`.
pub fn is_column(column: &str, ruleset: &str, counting: &str) -> bool {
    column.len() == ruleset.len() + 1 + counting.len()
        && column.starts_with(ruleset)
        && column.ends_with(counting)
        && column.as_bytes()[ruleset.len()] == b':'
}

/// Replays `record` under each ruleset in `rulesets`.
pub fn compare_game(
    record: &GameRecord,
    rulesets: &[Arc<Ruleset>],
    options: &Options,
) -> Result<GameReport, RecordError> {
    if options.strict && record.implied_passes > 0 {
        let first = record
            .moves
            .iter()
            .position(|m| m.mv == gorules_board::Move::Pass)
            .unwrap_or(0);
        let mut e = RecordError::new(gorules_sgf::RecordErrorKind::ImpliedPasses {
            count: record.implied_passes,
        });
        e.source_name = record.source_name.clone();
        e.node = record.move_nodes.get(first).copied();
        return Err(e);
    }
    // Play the opening every ruleset plays alike once and fork it for each ruleset, and
    // analyse each final board once (for a single ruleset there is nothing to share).
    let mut shared = match rulesets {
        [first, _, ..] => Some(Shared::new(record, first)),
        _ => None,
    };
    // An opening that holds every play of the record ends on its final board: the dead
    // stones are read there instead of replaying the record once more.
    let final_board = shared
        .as_ref()
        .and_then(|s| s.opening.as_ref())
        .and_then(|o| o.final_board(record));
    let resolved = dead_stones_on(record, options, final_board)?;
    let dead = resolved.stones;
    let reports = rulesets
        .iter()
        .map(|rs| replay_from(record, rs, options, &dead, shared.as_mut()))
        .collect::<Result<Vec<_>, _>>()?;
    let hint = record.rules_hint();
    let game = GameInfo {
        source: record.source_name.clone(),
        game_index: record.game_index,
        size: record.size.to_string(),
        handicap: record.handicap_stones(),
        komi: record.komi,
        rules: record.rules.clone(),
        rules_builtin: hint
            .as_ref()
            .and_then(|h| h.builtin_id())
            .map(str::to_string),
        rules_katago: hint.as_ref().and_then(|h| h.katago_id()),
        result: record.result.as_ref().map(|r| r.to_string()),
        moves: record.moves.len(),
        ended_by_passes: record.ended_by_two_passes(),
        dead_stones: dead.iter().map(|&p| gtp_point(p, record.size)).collect(),
        dead_source: resolved.source,
        dead_estimate: resolved.estimate,
        implied_passes: record.implied_passes,
    };
    let mut report = GameReport {
        game,
        rulesets: reports,
        differences: Vec::new(),
    };
    report.differences = differences(&report);
    Ok(report)
}

/// Every score that differs from the first one, with reasons.
fn differences(report: &GameReport) -> Vec<Difference> {
    let mut all = report.score_parts();
    let Some((ref_ruleset, ref_counting, reference)) = all.next() else {
        return Vec::new();
    };
    let ref_name = column_name(ref_ruleset, ref_counting);
    all.filter(|(_, _, s)| s.margin != reference.margin || s.result != reference.result)
        .map(|(ruleset, counting, s)| Difference {
            reference: ref_name.clone(),
            other: column_name(ruleset, counting),
            reference_margin: reference.margin,
            other_margin: s.margin,
            delta: s.margin - reference.margin,
            winner_changes: s.winner() != reference.winner(),
            reasons: reasons(reference, s),
        })
        .collect()
}

/// The score name `ruleset:counting`.
fn column_name(ruleset: &str, counting: &str) -> String {
    let mut name = String::with_capacity(ruleset.len() + 1 + counting.len());
    name.push_str(ruleset);
    name.push(':');
    name.push_str(counting);
    name
}

/// For `skip_serializing_if`.
fn is_zero(n: &usize) -> bool {
    *n == 0
}
