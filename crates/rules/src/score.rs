//! A score is a breakdown, not a number: every part that one ruleset may count and another not.

use std::fmt;

use serde::Serialize;

use crate::ruleset::Counting;
use gorules_board::Color;

/// Prisoners a player holds, by where they came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Prisoners {
    /// Opponent stones captured by board plays.
    pub captures: u32,
    /// Opponent stones removed as dead by agreement.
    pub dead_stones: u32,
    /// Opponent stones removed by the opponent's own suicide.
    pub suicides: u32,
    /// Pass stones the opponent handed over.
    pub pass_stones: u32,
}

impl Prisoners {
    /// All prisoners.
    pub fn total(&self) -> u32 {
        self.captures + self.dead_stones + self.suicides + self.pass_stones
    }
}

/// One player's side of a score.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SideScore {
    /// Empty points counted for this player.
    pub territory: u32,
    /// Eye points of this player's groups in seki that the ruleset does not count (already left
    /// out of `territory`).
    pub seki_eyes_not_counted: u32,
    /// False eyes of this player not counted under territory counting with
    /// `false-eyes = "not-counted"`: points the player must still fill (already left out of
    /// `territory`). Absent from JSON when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub false_eyes_not_counted: u32,
    /// Stones on the board (counted under area and stone counting; 0 under territory
    /// counting).
    pub stones: u32,
    /// Prisoners (counted under territory counting only; all zero under area counting).
    pub prisoners: Prisoners,
    /// Points for board plays in KataGo's second cleanup phase (territory counting under
    /// `end-of-play = "cleanup-phases"`): one per play, less one per stone placed there that
    /// lies outside the player's regions of independent life. Absent from JSON when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub cleanup_plays: u32,
    /// Komi (White only).
    pub komi: f64,
    /// Handicap compensation (White only, area and stone counting).
    pub handicap_compensation: f64,
    /// Points taken off under stone counting: 2 per group (its territory if less), the eyes it
    /// keeps unfilled ([`crate::group_tax`]); 0 under area and territory counting.
    pub group_tax: u32,
    /// Bonuses, e.g. Concord's first-pass point.
    pub bonus: f64,
    /// The sum of the above (the group tax subtracted).
    pub total: f64,
}

impl SideScore {
    /// Whether `other` is this side to the last bit: equal, and every number the same
    /// floating-point value (`0.0` and `-0.0` differ, as they do when serialised), so that the
    /// two serialise alike.
    pub fn is_identical(&self, other: &SideScore) -> bool {
        // Every field named, so that a new one cannot be left out.
        let SideScore {
            territory,
            seki_eyes_not_counted,
            false_eyes_not_counted,
            stones,
            prisoners,
            cleanup_plays,
            komi,
            handicap_compensation,
            group_tax,
            bonus,
            total,
        } = self;
        *territory == other.territory
            && *seki_eyes_not_counted == other.seki_eyes_not_counted
            && *false_eyes_not_counted == other.false_eyes_not_counted
            && *stones == other.stones
            && *prisoners == other.prisoners
            && *cleanup_plays == other.cleanup_plays
            && komi.to_bits() == other.komi.to_bits()
            && handicap_compensation.to_bits() == other.handicap_compensation.to_bits()
            && *group_tax == other.group_tax
            && bonus.to_bits() == other.bonus.to_bits()
            && total.to_bits() == other.total.to_bits()
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// How a game ended, in SGF `RE` terms.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Outcome {
    /// Won on points (`margin` is Black minus White; positive: Black wins).
    Points {
        /// Black's total minus White's.
        margin: f64,
    },
    /// The player who did not make an illegal move wins (`B+F` / `W+F`).
    Forfeit {
        /// The winner.
        winner: ColorName,
    },
    /// No result (`Void`), e.g. a Japanese long cycle.
    NoResult,
}

/// A colour name for JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorName {
    /// Black.
    Black,
    /// White.
    White,
}

impl From<Color> for ColorName {
    fn from(c: Color) -> ColorName {
        match c {
            Color::Black => ColorName::Black,
            Color::White => ColorName::White,
        }
    }
}

/// Writes a number of points the way SGF does: `1.5`, `2`, `0.5`.
pub fn format_points(v: f64) -> String {
    let mut out = String::new();
    write_points(&mut out, v);
    out
}

/// [`format_points`], appended to `out`: whole numbers as integers, others with two decimals
/// less trailing zeros (`0.25`, `6.5`; `0.125` rounds to `0.12`).
pub fn write_points(out: &mut String, v: f64) {
    use std::fmt::Write;
    if v.fract() == 0.0 {
        let _ = write!(out, "{}", v as i64);
        return;
    }
    // Quarters (komi and most margins are halves) have at most two decimals, exactly: no
    // float formatting needed (below 2^52 quarters, the conversion to an integer is exact).
    let quarters = v * 4.0;
    if quarters.fract() == 0.0 && quarters.abs() < (1u64 << 52) as f64 {
        let q = quarters.abs() as u64;
        if v < 0.0 {
            out.push('-');
        }
        let _ = write!(out, "{}", q / 4);
        out.push_str(match q % 4 {
            1 => ".25",
            2 => ".5",
            _ => ".75",
        });
        return;
    }
    let s = format!("{v:.2}");
    out.push_str(s.trim_end_matches('0'));
}

impl Outcome {
    /// The result in SGF style: `B+1.5`, `W+0.5`, `0` (draw), `B+F`, `Void`.
    pub fn result(&self) -> String {
        let points = |prefix: &str, v: f64| {
            let mut out = String::with_capacity(8);
            out.push_str(prefix);
            write_points(&mut out, v);
            out
        };
        match *self {
            Outcome::Points { margin } if margin > 0.0 => points("B+", margin),
            Outcome::Points { margin } if margin < 0.0 => points("W+", -margin),
            Outcome::Points { .. } => "0".to_string(),
            Outcome::Forfeit {
                winner: ColorName::Black,
            } => "B+F".to_string(),
            Outcome::Forfeit {
                winner: ColorName::White,
            } => "W+F".to_string(),
            Outcome::NoResult => "Void".to_string(),
        }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match *self {
            Outcome::Points { margin } if margin > 0.0 => Some(Color::Black),
            Outcome::Points { margin } if margin < 0.0 => Some(Color::White),
            Outcome::Forfeit { winner } => Some(match winner {
                ColorName::Black => Color::Black,
                ColorName::White => Color::White,
            }),
            _ => None,
        }
    }
}

/// The score of a finished game under one counting method.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Score {
    /// The counting method.
    pub counting: Counting,
    /// Black's side.
    pub black: SideScore,
    /// White's side.
    pub white: SideScore,
    /// Black's total minus White's, komi and all adjustments included (0 for a forfeit or no
    /// result).
    pub margin: f64,
    /// How the game ended.
    pub outcome: Outcome,
    /// Where the count rests on a choice the rules leave open or on a reading the referee's
    /// settlement could not make, and why ([`crate::RefereeCount::doubts`]): only for a
    /// territory count the settlement makes ([`crate::Ruleset::settles`]), empty when the
    /// count is sure.
    #[serde(skip)]
    pub doubts: Vec<crate::referee::Doubt>,
}

impl Score {
    /// The result in SGF style (`B+1.5`, `W+0.5`, `0`, `Void`, `B+F`).
    pub fn result(&self) -> String {
        self.outcome.result()
    }

    /// The side of colour `c`.
    pub fn side(&self, c: Color) -> &SideScore {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} counting: Black {} - White {}: {}",
            self.counting.name(),
            format_points(self.black.total),
            format_points(self.white.total),
            self.result()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_sgf_style() {
        assert_eq!(Outcome::Points { margin: 1.5 }.result(), "B+1.5");
        assert_eq!(Outcome::Points { margin: -0.5 }.result(), "W+0.5");
        assert_eq!(Outcome::Points { margin: -2.0 }.result(), "W+2");
        assert_eq!(Outcome::Points { margin: 0.0 }.result(), "0");
        assert_eq!(Outcome::NoResult.result(), "Void");
        assert_eq!(
            Outcome::Forfeit {
                winner: ColorName::White
            }
            .result(),
            "W+F"
        );
        assert_eq!(format_points(0.25), "0.25");
    }

    #[test]
    fn points_are_written_as_with_two_decimals_less_trailing_zeros() {
        let two_decimals = |v: f64| {
            if v.fract() == 0.0 {
                format!("{}", v as i64)
            } else {
                format!("{v:.2}").trim_end_matches('0').to_string()
            }
        };
        let quarters = (-4000..4000).map(|k| f64::from(k) / 4.0);
        let others = [
            0.125,
            -0.375,
            1.0 / 3.0,
            2.675,
            -7.001,
            1e15 + 0.5,
            3e17,
            0.1 + 0.2,
        ];
        for v in quarters.chain(others) {
            assert_eq!(format_points(v), two_decimals(v), "{v}");
        }
        assert_eq!(format_points(-0.5), "-0.5");
        assert_eq!(format_points(6.75), "6.75");
    }

    #[test]
    fn identical_sides_are_equal_to_the_bit() {
        let side = SideScore {
            territory: 10,
            stones: 20,
            prisoners: Prisoners {
                captures: 2,
                ..Prisoners::default()
            },
            komi: 0.0,
            total: 32.0,
            ..SideScore::default()
        };
        assert!(side.is_identical(&side.clone()));
        // Equal as numbers, but serialised as -0.0 and 0.0.
        let signed = SideScore {
            komi: -0.0,
            ..side.clone()
        };
        assert_eq!(signed, side);
        assert!(!signed.is_identical(&side));
        let fewer = SideScore {
            prisoners: Prisoners::default(),
            ..side.clone()
        };
        assert!(!fewer.is_identical(&side));
    }
}
