//! KataGo's rules as a [`Ruleset`], knob by knob, and back.

use super::{escape_controls, KataGoError, KataGoRules, Ko, Scoring, WhiteHandicapBonus};
use crate::ruleset::{
    Counting, DeadStones, EndOfPlay, FalseEyes, HandicapCompensation, HandicapPlacement,
    IllegalMoveRule, KoRule, LongCycleRule, ResumptionFirst, Ruleset, SekiEyes, SuicideRule,
};
use crate::Komi;

/// The KataGo version whose rules the KataGo rulesets follow.
pub const KATAGO_VERSION: &str = "v1.17";

/// The `source` of every KataGo ruleset.
pub const KATAGO_SOURCE: &str = "KataGo rules.cpp and boardhistory.cpp (github.com/lightvector/KataGo), 'KataGo's Supported Go Rules, Version 2'";

/// The ruleset `katago:TEXT`: the KataGo rules string `text` (a preset, compact or JSON; see
/// [`KataGoRules::parse`]) read and turned into a ruleset with the id `katago:` followed by
/// `text` as written (trimmed).
///
/// ```
/// use gorules_rules::katago::katago_ruleset;
/// use gorules_rules::ruleset::{DeadStones, EndOfPlay, KoRule};
///
/// let rs = katago_ruleset("japanese").unwrap();
/// assert_eq!(rs.id, "katago:japanese");
/// assert_eq!(rs.ko, KoRule::Simple);
/// assert_eq!(rs.end_of_play, EndOfPlay::CleanupPhases);
/// assert_eq!(rs.dead_stones, DeadStones::PassAlive);
/// assert!(katago_ruleset("koSPIGHTscoreAREA").is_err());
/// ```
pub fn katago_ruleset(text: &str) -> Result<Ruleset, KataGoError> {
    KataGoRules::parse(text)?.ruleset(text)
}

impl KataGoRules {
    /// These rules as a ruleset; `written` is the rules string as the user wrote it, for the
    /// id (`katago:` and `written`, trimmed, control characters escaped), the name and error
    /// messages. See the [module documentation](super) for the mapping.
    ///
    /// Refused, with the reason: Spight's ko rule (not modelled; KataGo itself plays it as
    /// situational superko for its neural nets), a white handicap bonus (`whbN`, `whbN-1`)
    /// under territory scoring (KataGo adds it there too, but the `handicap-compensation` knob
    /// applies only to the countings that count stones), and a komi that is not a whole or
    /// half number from -1000 to 1000.
    pub fn ruleset(&self, written: &str) -> Result<Ruleset, KataGoError> {
        let ko = match self.ko {
            Ko::Simple => KoRule::Simple,
            Ko::Positional => KoRule::PositionalSuperko,
            Ko::Situational => KoRule::SituationalSuperko,
            Ko::Spight => {
                return Err(KataGoError::whole(
                    written,
                    "ko rule SPIGHT is not modelled (KataGo itself plays it as SITUATIONAL for its neural nets); use koSIMPLE, koPOSITIONAL or koSITUATIONAL",
                ))
            }
        };
        let handicap_compensation = match (self.white_handicap_bonus, self.scoring) {
            (WhiteHandicapBonus::Zero, _) => HandicapCompensation::None,
            (WhiteHandicapBonus::N, Scoring::Area) => HandicapCompensation::N,
            (WhiteHandicapBonus::NMinusOne, Scoring::Area) => HandicapCompensation::NMinusOne,
            (whb, Scoring::Territory) => {
                return Err(KataGoError::whole(
                    written,
                    format!(
                        "whb{} under territory scoring is not modelled: KataGo gives White the bonus under territory scoring too, but handicap compensation applies to area and stone counting only",
                        whb.as_str()
                    ),
                ))
            }
        };
        let komi = Komi::new(f64::from(self.komi))
            .map_err(|e| {
                // KataGo's compact form reads any komi within 100000 either way (rules.cpp,
                // `parseRulesHelper`); gorules counts every score in half points.
                KataGoError::whole(
                    written,
                    format!(
                        "komi {}: KataGo reads it, but gorules does not model it: every score is counted in half points, so {e}",
                        self.komi
                    ),
                )
            })?;
        let (counting, end_of_play) = match self.scoring {
            Scoring::Area => (Counting::Area, EndOfPlay::TwoPasses),
            Scoring::Territory => (Counting::Territory, EndOfPlay::CleanupPhases),
        };
        let shown = escape_controls(written.trim_matches(|c: char| c.is_whitespace()));
        let compact = self.to_string_no_komi();
        Ok(Ruleset {
            id: format!("katago:{shown}"),
            name: format!("KataGo {shown}"),
            description: format!(
                "KataGo's rules {compact} (komi {}) as KataGo {KATAGO_VERSION} plays them: {}.",
                crate::format_points(komi.points()),
                if self.friendly_pass_ok {
                    "a friendly pass may leave dead stones on the board; they are settled by agreement"
                } else {
                    "dead stones must be captured, except opponent stones inside pass-alive territory"
                }
            ),
            source: KATAGO_SOURCE.to_string(),
            ko,
            long_cycle: if self.ko == Ko::Simple {
                LongCycleRule::NoResult
            } else {
                LongCycleRule::Continue
            },
            suicide: if self.multi_stone_suicide {
                SuicideRule::MultiStone
            } else {
                SuicideRule::Illegal
            },
            pass_stones: false,
            illegal_moves: IllegalMoveRule::Pass,
            end_of_play,
            dead_stones: if self.friendly_pass_ok {
                DeadStones::Agreement
            } else {
                DeadStones::PassAlive
            },
            resumption_first: ResumptionFirst::OpponentOfLastPasser,
            play_until_captured: false,
            resumption_double_pass_ends: false,
            repeated_pass_ends: self.ko == Ko::Simple,
            // KataGo's self-play and match games end so ("SelfPlayOpts").
            all_pass_alive_ends: true,
            button: self.button,
            counting: vec![counting],
            seki_eyes: SekiEyes::Count,
            // The cleanup phases fill them by play before the count.
            false_eyes: FalseEyes::Count,
            tax: self.tax,
            handicap_compensation,
            handicap_placement: HandicapPlacement::Free,
            komi,
            handicap_komi: komi,
            bonuses: Vec::new(),
        })
    }

    /// The KataGo rules a ruleset is, when its knobs are exactly those of some KataGo rules
    /// ([`KataGoRules::ruleset`]; id, name, description and source aside); `None` when no
    /// KataGo rules string expresses it.
    ///
    /// ```
    /// use gorules_rules::builtin;
    /// use gorules_rules::katago::{katago_ruleset, KataGoRules};
    ///
    /// let rs = katago_ruleset("koSITUATIONALscoreAREAsui0").unwrap();
    /// let back = KataGoRules::from_ruleset(&rs).unwrap();
    /// assert_eq!(back.to_string(), "koSITUATIONALscoreAREAtaxNONEsui0komi7.5");
    /// assert_eq!(KataGoRules::from_ruleset(&builtin("concord").unwrap()), None);
    /// ```
    pub fn from_ruleset(rs: &Ruleset) -> Option<KataGoRules> {
        let ko = match rs.ko {
            KoRule::Simple => Ko::Simple,
            KoRule::PositionalSuperko => Ko::Positional,
            KoRule::SituationalSuperko => Ko::Situational,
            KoRule::NaturalSituationalSuperko => return None,
        };
        let scoring = match rs.counting.as_slice() {
            [Counting::Area] => Scoring::Area,
            [Counting::Territory] => Scoring::Territory,
            _ => return None,
        };
        let multi_stone_suicide = match rs.suicide {
            SuicideRule::MultiStone => true,
            SuicideRule::Illegal => false,
            SuicideRule::All => return None,
        };
        let friendly_pass_ok = match rs.dead_stones {
            DeadStones::Agreement => true,
            DeadStones::PassAlive => false,
            DeadStones::AsTheyStand => return None,
        };
        let white_handicap_bonus = match rs.handicap_compensation {
            HandicapCompensation::None => WhiteHandicapBonus::Zero,
            HandicapCompensation::N => WhiteHandicapBonus::N,
            HandicapCompensation::NMinusOne => WhiteHandicapBonus::NMinusOne,
        };
        let komi = rs.komi.points() as f32;
        if f64::from(komi) != rs.komi.points() {
            return None;
        }
        let k = KataGoRules {
            ko,
            scoring,
            tax: rs.tax,
            multi_stone_suicide,
            button: rs.button,
            white_handicap_bonus,
            friendly_pass_ok,
            komi,
        };
        let mut same = k.ruleset(&rs.id).ok()?;
        same.id.clone_from(&rs.id);
        same.name.clone_from(&rs.name);
        same.description.clone_from(&rs.description);
        same.source.clone_from(&rs.source);
        (same == *rs).then_some(k)
    }
}

/// The built-in ruleset whose knobs are exactly `rs`'s (id, name, description and source
/// aside), if any: the only sense in which a KataGo ruleset "is" a built-in one.
pub fn exact_builtin(rs: &Ruleset) -> Option<&'static str> {
    crate::builtin_ids().into_iter().find(|id| {
        crate::builtin(id).is_some_and(|mut b| {
            b.id.clone_from(&rs.id);
            b.name.clone_from(&rs.name);
            b.description.clone_from(&rs.description);
            b.source.clone_from(&rs.source);
            b == *rs
        })
    })
}
