//! A score is a breakdown, not a number: every part that one ruleset may count and another not.

use std::fmt;

use serde::Serialize;

use crate::params::Counting;
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
    /// Stones on the board (counted under area and stone counting; 0 under territory
    /// counting).
    pub stones: u32,
    /// Prisoners (counted under territory counting only; all zero under area counting).
    pub prisoners: Prisoners,
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
    if v.fract() == 0.0 {
        format!("{}", v as i64)
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').to_string()
    }
}

impl Outcome {
    /// The result in SGF style: `B+1.5`, `W+0.5`, `0` (draw), `B+F`, `Void`.
    pub fn result(&self) -> String {
        match *self {
            Outcome::Points { margin } if margin > 0.0 => format!("B+{}", format_points(margin)),
            Outcome::Points { margin } if margin < 0.0 => format!("W+{}", format_points(-margin)),
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
}
