//! Komi: the points White receives, as one checked type for every place a komi comes from (a
//! ruleset's TOML file, the command line, a record's `KM`), and the one order in which those
//! places count ([`game_komi`]).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// A komi: a whole or half number of points from -1000 to 1000.
///
/// Other values are refused: a fraction such as 0.3 cannot be a margin of any Go score (every
/// count is whole, so a komi decides ties only when it is half), and a huge one (`KM[1e20]`) is
/// a broken record, not a handicap.
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd, Serialize)]
#[serde(transparent)]
pub struct Komi(f64);

/// Why a number is not a komi.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KomiError {
    /// The number given (NaN when the text was not a number).
    pub value: f64,
}

impl fmt::Display for KomiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("komi must be a whole or half number from -1000 to 1000")
    }
}

impl std::error::Error for KomiError {}

impl Komi {
    /// No komi.
    pub const ZERO: Komi = Komi(0.0);

    /// The largest komi either way.
    pub const LIMIT: f64 = 1000.0;

    /// `points` as a komi, if it is a whole or half number from -1000 to 1000.
    pub fn new(points: f64) -> Result<Komi, KomiError> {
        if points.is_finite() && points.abs() <= Self::LIMIT && (points * 2.0).fract() == 0.0 {
            // -0 is 0.
            Ok(Komi(points + 0.0))
        } else {
            Err(KomiError { value: points })
        }
    }

    /// The points.
    pub fn points(self) -> f64 {
        self.0
    }
}

impl TryFrom<f64> for Komi {
    type Error = KomiError;

    fn try_from(points: f64) -> Result<Komi, KomiError> {
        Komi::new(points)
    }
}

impl From<Komi> for f64 {
    fn from(k: Komi) -> f64 {
        k.0
    }
}

impl FromStr for Komi {
    type Err = KomiError;

    /// A decimal number (`6.5`, `-3`, `7.50`).
    fn from_str(s: &str) -> Result<Komi, KomiError> {
        let v: f64 = s
            .trim()
            .parse()
            .map_err(|_| KomiError { value: f64::NAN })?;
        Komi::new(v)
    }
}

impl fmt::Display for Komi {
    /// As a score shows points: `6.5`, `7`, `-0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::format_points(self.0))
    }
}

/// Where a game's komi came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum KomiSource {
    /// Given for the game whatever the record says (`--komi`, a front end's override).
    CommandLine,
    /// The record's `KM`.
    Record,
    /// The ruleset's default for a game whose record gives none.
    RulesetDefault,
}

/// The komi a game is played with, and where it came from: the override where there is one,
/// else the record's `KM`, else the ruleset's default for the handicap (its `komi`, or its
/// `handicap-komi` with two or more handicap stones: [`crate::Ruleset::default_komi`]).
///
/// The players agree on the komi before the game (Concord Go Rules, "Setup"), and a record's
/// `KM` is that agreement; a ruleset's own figure (AGA Concise Rules, rule 3) is only what
/// they agree to when nothing else is said.
pub fn game_komi(
    override_komi: Option<Komi>,
    record: Option<Komi>,
    rules: &crate::Ruleset,
    handicap: u32,
) -> (Komi, KomiSource) {
    match (override_komi, record) {
        (Some(k), _) => (k, KomiSource::CommandLine),
        (None, Some(k)) => (k, KomiSource::Record),
        (None, None) => (rules.default_komi(handicap), KomiSource::RulesetDefault),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(points: f64) -> Komi {
        Komi::new(points).unwrap()
    }

    #[test]
    fn the_override_then_the_record_then_the_ruleset() {
        let aga = crate::builtin("aga").unwrap();
        // AGA Concise Rules, rule 3: 7.5 in an even game (the 2005 figure the ruleset file
        // keeps), 0.5 in a handicap game; rule 4: a one-stone handicap is an even game's
        // board with 0.5, which the ruleset leaves to its even-game komi.
        assert_eq!(
            game_komi(None, None, &aga, 0),
            (k(7.5), KomiSource::RulesetDefault)
        );
        assert_eq!(
            game_komi(None, None, &aga, 4),
            (k(0.5), KomiSource::RulesetDefault)
        );
        // Concord Go Rules, "Setup": the players agree on the komi; the record's KM is that
        // agreement, whatever the ruleset's default.
        assert_eq!(
            game_komi(None, Some(k(0.0)), &aga, 4),
            (k(0.0), KomiSource::Record)
        );
        // An override wins over both.
        assert_eq!(
            game_komi(Some(k(-3.5)), Some(k(0.0)), &aga, 4),
            (k(-3.5), KomiSource::CommandLine)
        );
    }

    #[test]
    fn whole_and_half_points_within_the_limit() {
        for v in [0.0, 0.5, -0.5, 6.5, 7.0, -3.5, 1000.0, -1000.0, 999.5] {
            assert_eq!(Komi::new(v).unwrap().points(), v);
        }
        assert_eq!(Komi::new(-0.0).unwrap().to_string(), "0");
        assert_eq!("7.50".parse::<Komi>().unwrap(), Komi::new(7.5).unwrap());
        assert_eq!(" -2.5 ".parse::<Komi>().unwrap().points(), -2.5);
        assert_eq!(Komi::new(6.5).unwrap().to_string(), "6.5");
        assert_eq!(Komi::new(7.0).unwrap().to_string(), "7");
    }

    #[test]
    fn fractions_huge_values_and_non_numbers_are_refused() {
        for v in [0.3, 6.25, 1000.5, -1000.5, 1e20, f64::INFINITY, f64::NAN] {
            assert!(Komi::new(v).is_err(), "{v}");
        }
        for s in ["six", "", "1e20", "0.3", "6,5"] {
            assert!(s.parse::<Komi>().is_err(), "{s}");
        }
        assert_eq!(
            Komi::new(0.3).unwrap_err().to_string(),
            "komi must be a whole or half number from -1000 to 1000"
        );
    }
}
