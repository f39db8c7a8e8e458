//! The game result (`RE`).

use std::fmt;

use gorules_board::Color;

/// A game result as written in SGF `RE`. Reading never fails: anything unrecognised is kept
/// as [`GameResult::Other`].
#[derive(Clone, Debug, PartialEq)]
pub enum GameResult {
    /// Counted: `B+12.5`, `W+0.5` (the margin is never negative).
    Score {
        /// The winner.
        winner: Color,
        /// The winning margin in points.
        margin: f64,
    },
    /// Resignation: `B+R`, `W+Resign`.
    Resign {
        /// The winner.
        winner: Color,
    },
    /// Won on time: `B+T`, `W+Time`.
    Time {
        /// The winner.
        winner: Color,
    },
    /// Won by forfeit: `B+F`, `W+Forfeit`.
    Forfeit {
        /// The winner.
        winner: Color,
    },
    /// A winner with no margin or reason: `B+`.
    Win {
        /// The winner.
        winner: Color,
    },
    /// A draw (jigo): `0`, `Draw`, `Jigo`.
    Draw,
    /// No result, e.g. the game was suspended: `Void`.
    Void,
    /// Result unknown: `?`.
    Unknown,
    /// Anything else, kept as written (trimmed): `B+Illegal`, `has adjourned.`.
    Other(String),
}

impl GameResult {
    /// Reads an `RE` value (surrounding whitespace ignored, case-insensitive). Never fails.
    ///
    /// ```
    /// use gorules_board::Color;
    /// use gorules_sgf::GameResult;
    ///
    /// assert_eq!(GameResult::parse("B+12.5"), GameResult::Score { winner: Color::Black, margin: 12.5 });
    /// assert_eq!(GameResult::parse("W+Resign"), GameResult::Resign { winner: Color::White });
    /// assert_eq!(GameResult::parse("Jigo"), GameResult::Draw);
    /// assert_eq!(GameResult::parse("has adjourned."), GameResult::Other("has adjourned.".into()));
    /// ```
    pub fn parse(re: &str) -> GameResult {
        let t = re.trim();
        let lower = t.to_ascii_lowercase();
        match lower.as_str() {
            "0" | "draw" | "jigo" | "d" => return GameResult::Draw,
            "void" => return GameResult::Void,
            "?" => return GameResult::Unknown,
            _ => {}
        }
        let winner = match lower.as_bytes() {
            [b'b', b'+', ..] => Color::Black,
            [b'w', b'+', ..] => Color::White,
            _ => return GameResult::Other(t.to_string()),
        };
        let rest = lower[2..].trim();
        match rest {
            "" => GameResult::Win { winner },
            "r" | "resign" | "resignation" => GameResult::Resign { winner },
            "t" | "time" => GameResult::Time { winner },
            "f" | "forfeit" => GameResult::Forfeit { winner },
            _ => match rest.parse::<f64>() {
                Ok(margin)
                    if margin.is_finite()
                        && margin >= 0.0
                        && rest.bytes().all(|b| b.is_ascii_digit() || b == b'.') =>
                {
                    GameResult::Score { winner, margin }
                }
                _ => GameResult::Other(t.to_string()),
            },
        }
    }

    /// The winner, when the result names one.
    pub fn winner(&self) -> Option<Color> {
        match *self {
            GameResult::Score { winner, .. }
            | GameResult::Resign { winner }
            | GameResult::Time { winner }
            | GameResult::Forfeit { winner }
            | GameResult::Win { winner } => Some(winner),
            _ => None,
        }
    }

    /// The result as a signed score from Black's point of view (`B+3.5` is 3.5, `W+3.5` is
    /// -3.5, a draw 0), when it is a counted result.
    pub fn black_margin(&self) -> Option<f64> {
        match *self {
            GameResult::Score { winner, margin } => Some(match winner {
                Color::Black => margin,
                Color::White => -margin,
            }),
            GameResult::Draw => Some(0.0),
            _ => None,
        }
    }
}

/// Writes the result in SGF form: `B+12.5`, `W+R`, `B+T`, `B+F`, `B+`, `0`, `Void`, `?`, or
/// the text kept in [`GameResult::Other`].
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Score { winner, margin } => write!(f, "{}+{}", winner.letter(), margin),
            GameResult::Resign { winner } => write!(f, "{}+R", winner.letter()),
            GameResult::Time { winner } => write!(f, "{}+T", winner.letter()),
            GameResult::Forfeit { winner } => write!(f, "{}+F", winner.letter()),
            GameResult::Win { winner } => write!(f, "{}+", winner.letter()),
            GameResult::Draw => f.write_str("0"),
            GameResult::Void => f.write_str("Void"),
            GameResult::Unknown => f.write_str("?"),
            GameResult::Other(s) => f.write_str(s),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_usual_forms() {
        let b = Color::Black;
        let w = Color::White;
        let cases = [
            (
                "B+12.5",
                GameResult::Score {
                    winner: b,
                    margin: 12.5,
                },
            ),
            (
                "W+0.5",
                GameResult::Score {
                    winner: w,
                    margin: 0.5,
                },
            ),
            (
                " b+13.50 ",
                GameResult::Score {
                    winner: b,
                    margin: 13.5,
                },
            ),
            ("B+R", GameResult::Resign { winner: b }),
            ("W+Resign", GameResult::Resign { winner: w }),
            ("B+T", GameResult::Time { winner: b }),
            ("W+Time", GameResult::Time { winner: w }),
            ("B+time", GameResult::Time { winner: b }),
            ("B+F", GameResult::Forfeit { winner: b }),
            ("W+Forfeit", GameResult::Forfeit { winner: w }),
            ("W+", GameResult::Win { winner: w }),
            ("0", GameResult::Draw),
            ("Draw", GameResult::Draw),
            ("jigo", GameResult::Draw),
            ("Void", GameResult::Void),
            ("?", GameResult::Unknown),
        ];
        for (text, want) in cases {
            assert_eq!(GameResult::parse(text), want, "{text}");
        }
        for odd in [
            "B+Illegal",
            "has adjourned.",
            "Black resigns. W 133.5 B 81.0",
            "B+1.5 ? W+timeout",
            "B+-3",
            "W+inf",
            "W+NaN",
            "W+1e3",
            "",
        ] {
            assert_eq!(GameResult::parse(odd), GameResult::Other(odd.trim().into()));
        }
    }

    #[test]
    fn writes_what_it_reads() {
        for text in [
            "B+12.5",
            "W+R",
            "B+T",
            "W+F",
            "B+",
            "0",
            "Void",
            "?",
            "B+Illegal",
        ] {
            assert_eq!(GameResult::parse(text).to_string(), text);
        }
        assert_eq!(GameResult::parse("W+11.0").to_string(), "W+11");
        assert_eq!(GameResult::parse("W+3").black_margin(), Some(-3.0));
    }
}
