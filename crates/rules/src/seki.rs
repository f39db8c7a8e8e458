//! Finding seki at the end of a game, for rulesets that do not count seki eyes.
//!
//! Definition used (a choice; finding seki in general needs reading):
//! - a **seki liberty** is an empty point touching both colours where a play by either colour
//!   would be suicide or leave the played stone's chain with a single liberty (self-atari);
//! - a chain next to a seki liberty is **in seki**;
//! - an empty region touching one colour only, next to a chain in seki, is a **seki eye**; every
//!   chain around a seki eye is in seki too (the group lives in seki as a whole).
//!
//! Limits: a seki whose shared liberties form a region where some play is *not* self-atari for
//! one side (e.g. a seki with a two-point shared region) is not found; a group short of
//! liberties next to unfilled dame at the end of a game may be taken for seki. The classic
//! shapes (two shared liberties, one eye each with a shared liberty, an eye against no eye)
//! are found; see the tests.

use gorules_board::{Board, Color, Point, PointSet};

/// The classic seki of research/rulesets.md §2.5, as a diagram ([`gorules_board::diagram`]):
/// Black's and White's inner chains share the liberty e1 and have one eye each (c1, g1). The
/// example the docs and the tests of every crate use for seki.
pub const RESEARCH_2_5_SEKI: &str = "
. . . . O X . . .
. . . . O X . . .
. . . . O X . . .
. . . . O X . . .
. . . . O X . . .
. . . . O X . . .
O O O O O X X X X
O X X X X O O O X
O X . X . O . O X";

/// Whether a play by `c` at the empty point `p` would be suicide or self-atari.
fn self_atari(board: &Board, c: Color, p: Point) -> bool {
    board.liberties_after(c, p).is_ok_and(|libs| libs <= 1)
}

/// The seki eye points of each colour (`[black, white]`).
pub fn seki_eyes(board: &Board) -> [PointSet; 2] {
    let size = board.size();
    let regions = board.empty_regions();
    let mut in_seki = [PointSet::empty(size), PointSet::empty(size)];
    for r in regions
        .iter()
        .filter(|r| r.touches_black && r.touches_white)
    {
        for &p in &r.points {
            let touches = |c: Color| size.neighbors(p).any(|q| board.get(q) == Some(c));
            if !(touches(Color::Black) || touches(Color::White)) {
                continue;
            }
            // A stone played on a point with two empty neighbours keeps them as liberties
            // (captures only add more): no self-atari for either colour. A cheap test first.
            if size
                .neighbors(p)
                .filter(|&q| board.get(q).is_none())
                .count()
                >= 2
            {
                continue;
            }
            if self_atari(board, Color::Black, p) && self_atari(board, Color::White, p) {
                for q in size.neighbors(p) {
                    if let Some(c) = board.get(q) {
                        mark_chain(board, q, &mut in_seki[c.index()]);
                    }
                }
            }
        }
    }
    let mut eyes = [PointSet::empty(size), PointSet::empty(size)];
    // Spread through eyes: a one-colour region next to a chain in seki is a seki eye, and the
    // chains around it join the seki.
    loop {
        let mut changed = false;
        for r in &regions {
            let c = match (r.touches_black, r.touches_white) {
                (true, false) => Color::Black,
                (false, true) => Color::White,
                _ => continue,
            };
            let i = c.index();
            if eyes[i].contains(r.points[0]) {
                continue;
            }
            let next_to_seki = r
                .points
                .iter()
                .any(|&p| size.neighbors(p).any(|q| in_seki[i].contains(q)));
            if next_to_seki {
                for &p in &r.points {
                    eyes[i].insert(p);
                    for q in size.neighbors(p) {
                        if board.get(q) == Some(c) && !in_seki[i].contains(q) {
                            mark_chain(board, q, &mut in_seki[i]);
                        }
                    }
                }
                changed = true;
            }
        }
        if !changed {
            return eyes;
        }
    }
}

fn mark_chain(board: &Board, p: Point, set: &mut PointSet) {
    if set.contains(p) {
        return;
    }
    if let Some(chain) = board.chain_at(p) {
        for s in chain.stones {
            set.insert(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gorules_board::diagram::from_diagram;

    fn eyes(text: &str) -> [Vec<Point>; 2] {
        let e = seki_eyes(&from_diagram(text).unwrap());
        [e[0].iter().collect(), e[1].iter().collect()]
    }

    #[test]
    fn research_2_5_seki_with_one_eye_each() {
        // research/rulesets.md §2.5: Black eye c1, White eye g1, shared liberty e1.
        let e = eyes(RESEARCH_2_5_SEKI);
        assert_eq!(e[0], vec![Point::new(2, 8)], "black eye c1");
        assert_eq!(e[1], vec![Point::new(6, 8)], "white eye g1");
    }

    #[test]
    fn no_seki_in_plain_territory() {
        let e = eyes(
            ". X O .
             . X O .
             . X O .
             . X O .",
        );
        assert!(e[0].is_empty() && e[1].is_empty());
    }

    #[test]
    fn unfilled_dame_between_strong_groups_is_not_seki() {
        // b..: Black owns column a, White column e; c3 is an unfilled dame next to both, but
        // filling it is no self-atari for either side.
        let e = eyes(
            ". X X O .
             . X X O .
             . X . O .
             . X O O .
             . X X O .",
        );
        assert!(e[0].is_empty() && e[1].is_empty());
    }
}
