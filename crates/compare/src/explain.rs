//! Why two scores of the same game differ, read off their breakdowns.

use gorules_rules::{write_points, SideScore};
use serde::Serialize;

use crate::replay::ScoreReport;

/// One part of a score: its name, its value on one side, and `1.0` when it adds to that side's
/// total (`-1.0` when it is left out of it or taken off).
type Part = (&'static str, fn(&SideScore) -> f64, f64);

/// The parts of a score, in the order the reasons name them.
const PARTS: [Part; 13] = [
    ("territory", |x| x.territory as f64, 1.0),
    (
        "seki eyes not counted",
        |x| x.seki_eyes_not_counted as f64,
        -1.0,
    ),
    (
        "false eyes not counted",
        |x| x.false_eyes_not_counted as f64,
        -1.0,
    ),
    ("stones on the board", |x| x.stones as f64, 1.0),
    ("captures", |x| x.prisoners.captures as f64, 1.0),
    ("dead stones", |x| x.prisoners.dead_stones as f64, 1.0),
    ("suicided stones", |x| x.prisoners.suicides as f64, 1.0),
    ("pass stones", |x| x.prisoners.pass_stones as f64, 1.0),
    (
        "second cleanup phase plays",
        |x| x.cleanup_plays as f64,
        1.0,
    ),
    ("komi", |x| x.komi, 1.0),
    ("handicap compensation", |x| x.handicap_compensation, 1.0),
    ("group tax", |x| x.group_tax as f64, -1.0),
    ("bonus", |x| x.bonus, 1.0),
];

/// What a part of a score adds to Black's margin: `sign` times Black's part less White's.
fn part(s: &ScoreReport, value: fn(&SideScore) -> f64, sign: f64) -> f64 {
    sign * (value(&s.breakdown.black) - value(&s.breakdown.white))
}

/// The parts that move the margin between two scores of one game, e.g.
/// `["pass stones +1 W", "handicap compensation +2 W"]`: each says which side gains in `b`
/// compared with `a`, and by how much. Seki eyes and false eyes are already left out of
/// territory, so they are named apart (not added twice).
pub fn reasons(a: &ScoreReport, b: &ScoreReport) -> Vec<String> {
    let mut out = Vec::new();
    if a.counting != b.counting {
        let (x, y) = (a.counting.name(), b.counting.name());
        let mut text = String::with_capacity(x.len() + y.len() + 22);
        for piece in [x, " counting vs ", y, " counting"] {
            text.push_str(piece);
        }
        out.push(text);
    }
    for (name, value, sign) in PARTS {
        let delta = part(b, value, sign) - part(a, value, sign);
        if delta == 0.0 {
            continue;
        }
        // Informational: the territory delta already contains the eyes left out.
        let aside = name == "seki eyes not counted" || name == "false eyes not counted";
        let mut text = String::with_capacity(name.len() + 24);
        if aside {
            text.push_str("(of which ");
        }
        text.push_str(name);
        text.push_str(" +");
        write_points(&mut text, delta.abs());
        text.push_str(if delta > 0.0 { " B" } else { " W" });
        if aside {
            text.push(')');
        }
        out.push(text);
    }
    out
}

/// A score that differs from the reference score of the same game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Difference {
    /// The reference, `ruleset:counting`.
    pub reference: String,
    /// The other score, `ruleset:counting`.
    pub other: String,
    /// The reference margin (Black minus White).
    pub reference_margin: f64,
    /// The other margin.
    pub other_margin: f64,
    /// `other_margin - reference_margin`.
    pub delta: f64,
    /// Whether the winner differs (a draw counts as its own outcome).
    pub winner_changes: bool,
    /// The parts that account for the difference.
    pub reasons: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::Breakdown;
    use gorules_rules::{Counting, Prisoners};

    fn score(counting: Counting, b: SideScore, w: SideScore) -> ScoreReport {
        let margin = b.total - w.total;
        ScoreReport {
            counting,
            black: b.total,
            white: w.total,
            margin,
            result: String::new(),
            breakdown: Breakdown { black: b, white: w },
            points: None,
            doubts: Vec::new(),
        }
    }

    #[test]
    fn names_the_parts_that_moved() {
        // Reference: territory 5 + 1 pass stone each. Other: Black got one more pass stone and
        // White 2 points of handicap compensation.
        let side = |territory, pass_stones, comp: f64| SideScore {
            territory,
            prisoners: Prisoners {
                pass_stones,
                ..Prisoners::default()
            },
            handicap_compensation: comp,
            total: (territory + pass_stones) as f64 + comp,
            ..SideScore::default()
        };
        let a = score(Counting::Territory, side(5, 1, 0.0), side(5, 1, 0.0));
        let b = score(Counting::Territory, side(5, 2, 0.0), side(5, 1, 2.0));
        assert_eq!(
            reasons(&a, &b),
            vec!["pass stones +1 B", "handicap compensation +2 W"]
        );
        assert!(reasons(&a, &a).is_empty());
    }
}
