//! Why each point a territory count leaves out is left out, and which dame decide it: the
//! reasons behind the `F`/`f` and `E`/`e` of a point map ([`crate::point_map`]), and the
//! points whose count is not sure.
//!
//! Under territory counting with the referee's settlement ([`crate::referee`]), a point that
//! reaches one colour only is left out of its territory when:
//!
//! - its owner must fill it to keep stones next to it (Japanese Rules of Go, 1989, Article 8
//!   commentary: points that must be filled are not territory): a **false eye** when those
//!   stones are in atari there already, every other liberty filled (the shape alone requires
//!   the fill); a **teire** when they would be once the opponent fills the dame next to them
//!   (the settlement reads that their owner cannot avoid it, whoever fills first);
//! - it is an eye point of a group alive in seki (Article 8: stones in seki are living stones
//!   that possess dame): a **seki eye**.
//!
//! The dame that decide it: for a false eye or a teire, the dame next to the stones it keeps
//! (followed through the other points those stones must fill): filled, they leave the stones
//! in atari (none: the stones are in atari already); for a seki eye, the dame its seki
//! possesses. A point whose count rests on a doubt of the settlement
//! ([`crate::referee::Doubt`]) is listed, left out or counted, as not sure.

use gorules_board::{Board, Color, Point, PointSet};

use crate::referee::RefereeCount;
use crate::rulings::CountedTerritory;

/// Why a point is left out of a territory, or is listed for being unsure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// A point its owner must fill, the stones next to it in atari there already.
    FalseEye,
    /// A point its owner must fill once the opponent fills the dame next to the stones it
    /// keeps ([`PointReason::dame`]).
    Teire,
    /// An eye point of a group alive in seki.
    SekiEye,
    /// Counted as territory, but the count is not sure ([`PointReason::sure`] is false).
    Territory,
}

impl Reason {
    /// Its name in JSON: `false-eye`, `teire`, `seki-eye` or `territory`.
    pub fn name(self) -> &'static str {
        match self {
            Reason::FalseEye => "false-eye",
            Reason::Teire => "teire",
            Reason::SekiEye => "seki-eye",
            Reason::Territory => "territory",
        }
    }

    /// In words: `false eye`, `teire`, `seki eye` or `territory`.
    pub fn words(self) -> &'static str {
        match self {
            Reason::FalseEye => "false eye",
            Reason::Teire => "teire",
            Reason::SekiEye => "seki eye",
            Reason::Territory => "territory",
        }
    }
}

/// One point a territory count leaves out, or counts without being sure, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointReason {
    /// The point.
    pub point: Point,
    /// The colour whose stones surround it: its owner, were it counted.
    pub color: Color,
    /// Why.
    pub reason: Reason,
    /// The dame that decide it (see the module documentation); empty when none does.
    pub dame: PointSet,
    /// Whether the count of the point is sure: false when it rests on a doubt of the
    /// settlement.
    pub sure: bool,
}

/// The reasons of the points `territory` (a count that settles the position,
/// [`crate::Ruleset::settles`]) leaves out and of the points it counts without being sure:
/// Black's, then White's, each colour's points to fill, then its seki eyes, then its counted
/// points that are not sure, each in the order of the points. `board` is the position counted
/// (dead stones removed) and `referee` its settlement.
pub fn point_reasons(
    board: &Board,
    territory: &CountedTerritory,
    referee: &RefereeCount,
) -> Vec<PointReason> {
    let size = board.size();
    let mut unsure = PointSet::empty(size);
    for d in &referee.doubts {
        unsure = unsure.union(&d.points);
    }
    let mut out = Vec::new();
    for c in Color::ALL {
        let i = c.index();
        let stones = board.stones(c);
        let must_fill = territory.false_eyes[i];
        for p in must_fill.iter() {
            let mut at = PointSet::empty(size);
            at.insert(p);
            let kept = at
                .dilate()
                .intersection(stones)
                .flood_into(&stones.union(&must_fill));
            let dame = kept.dilate().intersection(&territory.neutral);
            out.push(PointReason {
                point: p,
                color: c,
                reason: if dame.is_empty() {
                    Reason::FalseEye
                } else {
                    Reason::Teire
                },
                dame,
                sure: !unsure.contains(p),
            });
        }
        for p in territory.not_counted[i].iter() {
            let dame = referee
                .sekis
                .iter()
                .find(|s| s.eyes[i].contains(p))
                .map_or_else(|| PointSet::empty(size), |s| s.shared_liberties);
            out.push(PointReason {
                point: p,
                color: c,
                reason: Reason::SekiEye,
                dame,
                sure: !unsure.contains(p),
            });
        }
        for p in territory.counted[i].intersection(&unsure).iter() {
            let doubt = referee.doubts.iter().find(|d| d.points.contains(p));
            out.push(PointReason {
                point: p,
                color: c,
                reason: Reason::Territory,
                dame: doubt.map_or_else(|| PointSet::empty(size), |d| d.dame),
                sure: false,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use gorules_board::diagram::from_diagram;

    use super::*;
    use crate::seki::CLASSIC_SEKI;
    use crate::{builtin, Counting, Ownership};

    /// One reason as the tests write it: the point, its colour, the reason's name, the dame
    /// and whether it is sure.
    type Row = (String, Color, &'static str, Vec<String>, bool);

    fn row(point: &str, color: Color, reason: &'static str, dame: &[&str], sure: bool) -> Row {
        let dame = dame.iter().map(|d| d.to_string()).collect();
        (point.to_string(), color, reason, dame, sure)
    }

    fn reasons(text: &str) -> Vec<Row> {
        let board = from_diagram(text).unwrap();
        let rules = builtin("japanese").unwrap();
        let ownership = Ownership::of(&board);
        let territory = rules.counted_territory_with(&board, Counting::Territory, &ownership);
        let size = board.size();
        let name = |p: Point| gorules_board::coords::gtp_point(p, size);
        point_reasons(&board, &territory, ownership.referee())
            .into_iter()
            .map(|r| {
                (
                    name(r.point),
                    r.color,
                    r.reason.name(),
                    r.dame.iter().map(name).collect(),
                    r.sure,
                )
            })
            .collect()
    }

    #[test]
    fn a_false_eye_is_filled_whatever_the_dame() {
        // Japanese Rules of Go (1989), Article 8 commentary: a point that must be filled is
        // not territory. White's E2 cuts Black's E1 off; its only liberty is D1 and no dame
        // is left on the board: Black must fill D1 as the position stands.
        let r = reasons(
            ". . . X O . . . .
             . . . X O . . . .
             . . . X O . . . .
             . . . X O . . . .
             . . X . X O . . .",
        );
        assert_eq!(r, [row("D1", Color::Black, "false-eye", &[], true)]);
    }

    #[test]
    fn a_teire_is_decided_by_the_dame_next_to_the_stones_it_keeps() {
        // Japanese Rules of Go (1989), Article 8 commentary and Article 9. The dame are C4,
        // D5, B3 and A2. Whoever fills first, each side must fill one end of its diagonal
        // wall: Black A4 (keeping A3 and B4, whose dame are A2, B3 and C4) or B5 (keeping C5
        // and B4: C4 and D5); White B1 (keeping A1 and B2: A2 and B3) or E4 (keeping E5 and
        // D4: D5 and C4). Which end is named is the settlement's choice.
        let r = reasons(
            ". . X . O
             . X . O .
             X . O . .
             . O . . .
             O . . . .",
        );
        assert_eq!(r.len(), 2, "{r:?}");
        let black = [
            row("A4", Color::Black, "teire", &["C4", "B3", "A2"], true),
            row("B5", Color::Black, "teire", &["D5", "C4"], true),
        ];
        let white = [
            row("B1", Color::White, "teire", &["B3", "A2"], true),
            row("E4", Color::White, "teire", &["D5", "C4"], true),
        ];
        assert!(black.contains(&r[0]), "{r:?}");
        assert!(white.contains(&r[1]), "{r:?}");
    }

    #[test]
    fn a_seki_eye_is_decided_by_the_dame_its_seki_possesses() {
        // Japanese Rules of Go (1989), Article 8: stones in seki are living stones that
        // possess dame, and their eye points are not territory. Black's B1-E2 and White's
        // F1-H2 have one eye each (C1, G1) and possess E1, which neither can fill.
        let r = reasons(CLASSIC_SEKI);
        assert_eq!(
            r,
            [
                row("C1", Color::Black, "seki-eye", &["E1"], true),
                row("G1", Color::White, "seki-eye", &["E1"], true),
            ]
        );
    }

    #[test]
    fn a_seki_that_stones_given_alive_may_lose_is_not_sure() {
        // Japanese Rules of Go (1989), Article 7 and Article 8: with J1 a dame next to
        // White's inner group, White's E1 would capture Black's B1-E2 while White keeps J1;
        // the dead stones given call it alive, so the seki eyes are counted out, not surely.
        let board = CLASSIC_SEKI.replacen("O X . X . O . O X", "O X . X . O . O .", 1);
        let r = reasons(&board);
        assert_eq!(
            r,
            [
                row("C1", Color::Black, "seki-eye", &["E1"], false),
                row("G1", Color::White, "seki-eye", &["E1"], false),
            ]
        );
    }

    #[test]
    fn points_counted_on_a_choice_the_rules_leave_open_are_listed_as_not_sure() {
        // Japanese Rules of Go (1989), Article 8 commentary: Black's D4 and White's F2 are
        // false eyes hanging on the one dame E3; whoever fills it keeps his own and makes the
        // other fill: the points are counted, but who fills first decides.
        let r = reasons(TWO_FALSE_EYES_ON_ONE_DAME);
        assert_eq!(
            r,
            [
                row("D4", Color::Black, "territory", &["E3"], false),
                row("F2", Color::White, "territory", &["E3"], false),
            ]
        );
    }

    const TWO_FALSE_EYES_ON_ONE_DAME: &str = "
        . . . X O O . . .
        . . X . X O . . .
        . . . X . O . . .
        . . . X O . O . .
        . . . X X O . . .";
}
