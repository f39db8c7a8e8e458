//! Why two scores of the same game differ, read off their breakdowns.

use gorules_rules::{format_points, SideScore};
use serde::Serialize;

use crate::replay::ScoreReport;

/// One part of a score and how much it adds to Black's margin.
fn parts(s: &ScoreReport) -> Vec<(&'static str, f64)> {
    let (b, w): (&SideScore, &SideScore) = (&s.breakdown.black, &s.breakdown.white);
    let d = |f: fn(&SideScore) -> f64| f(b) - f(w);
    vec![
        ("territory", d(|x| x.territory as f64)),
        (
            "seki eyes not counted",
            -d(|x| x.seki_eyes_not_counted as f64),
        ),
        (
            "false eyes not counted",
            -d(|x| x.false_eyes_not_counted as f64),
        ),
        ("stones on the board", d(|x| x.stones as f64)),
        ("captures", d(|x| x.prisoners.captures as f64)),
        ("dead stones", d(|x| x.prisoners.dead_stones as f64)),
        ("suicided stones", d(|x| x.prisoners.suicides as f64)),
        ("pass stones", d(|x| x.prisoners.pass_stones as f64)),
        ("second cleanup phase plays", d(|x| x.cleanup_plays as f64)),
        ("komi", d(|x| x.komi)),
        ("handicap compensation", d(|x| x.handicap_compensation)),
        ("group tax", -d(|x| x.group_tax as f64)),
        ("bonus", d(|x| x.bonus)),
    ]
}

/// The parts that move the margin between two scores of one game, e.g.
/// `["pass stones +1 W", "handicap compensation +2 W"]`: each says which side gains in `b`
/// compared with `a`, and by how much. Seki eyes and false eyes are already left out of
/// territory, so they are named apart (not added twice).
pub fn reasons(a: &ScoreReport, b: &ScoreReport) -> Vec<String> {
    let pa = parts(a);
    let pb = parts(b);
    let mut out = Vec::new();
    if a.counting != b.counting {
        out.push(format!(
            "{} counting vs {} counting",
            a.counting.name(),
            b.counting.name()
        ));
    }
    for ((name, va), (_, vb)) in pa.iter().zip(&pb) {
        let delta = vb - va;
        if *name == "seki eyes not counted" || *name == "false eyes not counted" {
            // Informational: the territory delta already contains it.
            if delta != 0.0 {
                out.push(format!("(of which {name} {} {})", sign(delta), side(delta)));
            }
            continue;
        }
        if delta != 0.0 {
            out.push(format!("{name} {} {}", sign(delta), side(delta)));
        }
    }
    out
}

fn sign(delta: f64) -> String {
    format!("+{}", format_points(delta.abs()))
}

fn side(delta: f64) -> &'static str {
    if delta > 0.0 {
        "B"
    } else {
        "W"
    }
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
