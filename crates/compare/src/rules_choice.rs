//! Which rulesets a record is replayed under: rulesets fixed for every record, and the one the
//! record's own `RU` names (a KataGo rules string, or a common name such as "Japanese").

use std::fmt;
use std::sync::Arc;

use gorules_rules::Ruleset;
use gorules_sgf::{place_error, GameRecord, RecordError, RulesHint};

use crate::replay::Options;
use crate::report::{compare_game, GameReport};

pub use crate::report::RECORD;

/// One entry of a list of rulesets that may name the record's own. A ruleset is held shared
/// (`Arc`): every record's games share it, a count each, not a copy.
#[derive(Clone, Debug)]
pub enum RulesetChoice {
    /// This ruleset, for every record.
    Fixed(Arc<Ruleset>),
    /// The ruleset each record's `RU` names: for a KataGo rules string its KataGo ruleset, for
    /// a common name (Japanese, Chinese, AGA, ...) the built-in one
    /// ([`gorules_sgf::RulesHint::ruleset`]). A record with no `RU`, or one that names no
    /// ruleset, is an error; or, with a fallback (`record:japanese`), scored under the
    /// fallback, and its report says so ([`crate::replay::RulesetReport::record_fallback`]).
    Record(Option<Arc<Ruleset>>),
    /// The KataGo ruleset of a record whose `RU` is a KataGo rules string; nothing for any
    /// other record (`gorules score` begins its default list with it).
    RecordKataGo,
}

/// Every entry fixed, as a list of choices.
pub fn fixed(rulesets: Vec<Ruleset>) -> Vec<RulesetChoice> {
    rulesets
        .into_iter()
        .map(|r| RulesetChoice::Fixed(Arc::new(r)))
        .collect()
}

/// The prefix of a record's own ruleset with a fallback (`record:japanese`).
pub const RECORD_OR: &str = "record:";

/// Where a record's ruleset came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Chosen for every record.
    Fixed,
    /// The ruleset the record's `RU` names.
    Record,
    /// The fallback of `record:NAME`, for a record whose `RU` names no ruleset: why it names
    /// none.
    Fallback(String),
}

/// The rulesets of `choices` for one record, with where each came from: `record` replaced by
/// the ruleset its `RU` names, or by its fallback, or an error in words when it names none
/// and there is no fallback.
pub fn rulesets_for(
    choices: &[RulesetChoice],
    record: &GameRecord,
) -> Result<Vec<(Arc<Ruleset>, Origin)>, String> {
    choices
        .iter()
        .filter_map(|c| match c {
            RulesetChoice::Fixed(r) => Some(Ok((Arc::clone(r), Origin::Fixed))),
            RulesetChoice::Record(fallback) => {
                let own = match record.rules_hint() {
                    Some(hint) => hint.ruleset(),
                    None => Err("the record has no RU".to_string()),
                };
                Some(match (own, fallback) {
                    (Ok(r), _) => Ok((Arc::new(r), Origin::Record)),
                    (Err(why), Some(f)) => Ok((Arc::clone(f), Origin::Fallback(why))),
                    (Err(why), None) => {
                        Err(format!("the record's own ruleset (`{RECORD}`): {why}"))
                    }
                })
            }
            RulesetChoice::RecordKataGo => match record.rules_hint() {
                Some(hint @ RulesHint::KataGo { .. }) => hint
                    .ruleset()
                    .ok()
                    .map(|r| Ok((Arc::new(r), Origin::Record))),
                _ => None,
            },
        })
        .collect()
}

/// What to tell the user when the record's own KataGo ruleset
/// ([`RulesetChoice::RecordKataGo`] among `choices`) is left out for `record`, the game
/// `game_index` (from 0) of the file `name`: its `RU` looks like a KataGo rules string, but one
/// that cannot be read or modelled. `None` when nothing is left out.
pub fn own_ruleset_left_out(
    choices: &[RulesetChoice],
    record: &GameRecord,
    name: &str,
    game_index: usize,
) -> Option<String> {
    if !choices
        .iter()
        .any(|c| matches!(c, RulesetChoice::RecordKataGo))
    {
        return None;
    }
    let why = match record.rules_hint()? {
        hint @ (RulesHint::KataGo { .. } | RulesHint::Invalid { .. }) => hint.ruleset().err()?,
        _ => return None,
    };
    let message = ChoiceError::NoRuleset(format!("{why}: scored under the other rulesets only"));
    Some(message.message(&[], name, game_index))
}

/// The ruleset a record's `RU` names, as `record` stands for it.
pub fn record_ruleset(record: &GameRecord) -> Result<Ruleset, String> {
    rulesets_for(&[RulesetChoice::Record(None)], record)
        .map(|mut v| Arc::unwrap_or_clone(v.remove(0).0))
}

/// Why a record could not be compared under the rulesets chosen for it.
#[derive(Clone, Debug)]
pub enum ChoiceError {
    /// `record` stands for no ruleset of this record (no `RU`, or one that names none): why.
    NoRuleset(String),
    /// The record could not be replayed.
    Record(RecordError),
}

impl ChoiceError {
    /// The message for the game `game_index` (from 0) of the file `name` read from `bytes`: a
    /// replay error placed at its line and column in `bytes` ([`place_error`]), a missing
    /// ruleset after the file's name (and the game's number, for a game after the first).
    pub fn message(self, bytes: &[u8], name: &str, game_index: usize) -> String {
        match self {
            ChoiceError::Record(e) => place_error(bytes, e).to_string(),
            ChoiceError::NoRuleset(why) if game_index > 0 => {
                format!("{name}: game {}: {why}", game_index + 1)
            }
            ChoiceError::NoRuleset(why) => format!("{name}: {why}"),
        }
    }
}

impl fmt::Display for ChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceError::NoRuleset(why) => f.write_str(why),
            ChoiceError::Record(e) => e.fmt(f),
        }
    }
}

/// [`compare_game`] under the rulesets `choices` give `record` ([`rulesets_for`]), the
/// record's own marked [`crate::replay::RulesetReport::from_record`], a fallback in its
/// place [`crate::replay::RulesetReport::record_fallback`].
pub fn compare_chosen(
    record: &GameRecord,
    choices: &[RulesetChoice],
    options: &Options,
) -> Result<GameReport, ChoiceError> {
    let (rulesets, origins): (Vec<Arc<Ruleset>>, Vec<Origin>) = rulesets_for(choices, record)
        .map_err(ChoiceError::NoRuleset)?
        .into_iter()
        .unzip();
    let mut report = compare_game(record, &rulesets, options).map_err(ChoiceError::Record)?;
    for (r, origin) in report.rulesets.iter_mut().zip(origins) {
        match origin {
            Origin::Fixed => {}
            Origin::Record => r.from_record = true,
            Origin::Fallback(why) => r.record_fallback = Some(why),
        }
    }
    Ok(report)
}
