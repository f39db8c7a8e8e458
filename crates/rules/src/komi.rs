//! Komi: the points White receives, as one checked type for every place a komi comes from (a
//! ruleset's TOML file, the command line, a record's `KM`).

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

#[cfg(test)]
mod tests {
    use super::*;

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
