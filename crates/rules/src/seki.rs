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

use gorules_board::{Board, Color, Point, PointSet, Territory};

/// A classic seki with one eye each, as a diagram ([`gorules_board::diagram`]):
/// Black's and White's inner chains share the liberty e1 and have one eye each (c1, g1). The
/// example the docs and the tests of every crate use for seki.
pub const CLASSIC_SEKI: &str = "
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
    board.is_self_atari(c, p).unwrap_or(false)
}

/// The seki eye points of each colour (`[black, white]`).
pub fn seki_eyes(board: &Board) -> [PointSet; 2] {
    seki_eyes_in(board, &board.territory())
}

/// [`seki_eyes`], given the board's territory ([`Board::territory`]). Works on point sets:
/// an empty region touches both colours when its points reach both (they are neutral), and
/// the regions that touch one colour only are that colour's territory.
pub(crate) fn seki_eyes_in(board: &Board, territory: &Territory) -> [PointSet; 2] {
    let size = board.size();
    let stones = [territory.black_stones, territory.white_stones];
    let all_stones = stones[0].union(&stones[1]);
    // Seki liberties: neutral points next to a stone where neither colour can play without
    // self-atari. Their neighbour stones start the chains in seki. A stone played on a point
    // with two empty neighbours keeps them as liberties (captures only add more): no
    // self-atari for either colour, so such points are left out at once, for the whole board.
    let candidates = territory
        .neutral
        .intersection(&all_stones.dilate())
        .difference(&all_stones.complement().with_two_neighbors_in());
    let mut seeds = [PointSet::empty(size), PointSet::empty(size)];
    for p in candidates.iter() {
        if self_atari(board, Color::Black, p) && self_atari(board, Color::White, p) {
            for q in size.neighbors(p) {
                if let Some(c) = board.get(q) {
                    seeds[c.index()].insert(q);
                }
            }
        }
    }
    let own = [territory.black, territory.white];
    Color::ALL.map(|c| {
        let i = c.index();
        // The whole chains of the seeds; then, until nothing changes, the one-colour regions
        // next to a chain in seki are seki eyes, and the chains around them join the seki.
        let mut in_seki = seeds[i].flood_into(&stones[i]);
        let mut eyes = PointSet::empty(size);
        loop {
            let reached = own[i].intersection(&in_seki.dilate());
            if reached.difference(&eyes).is_empty() {
                return eyes;
            }
            eyes = reached.flood_into(&own[i]).union(&eyes);
            in_seki = stones[i]
                .intersection(&eyes.dilate())
                .union(&in_seki)
                .flood_into(&stones[i]);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gorules_board::diagram::from_diagram;
    use gorules_board::Size;

    /// The definition, region by region and chain by chain: the oracle for [`seki_eyes`].
    fn reference_seki_eyes(board: &Board) -> [PointSet; 2] {
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
                            if board.get(q) == Some(c) {
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
        if let Some(chain) = board.chain_at(p) {
            for s in chain.stones {
                set.insert(s);
            }
        }
    }

    #[test]
    fn a_seki_eye_is_a_whole_region_even_where_no_stone_touches_it() {
        // Black a3-a4 and White b3-b5 share the liberty a5 (seki). Black's eye a1-a2-b1 is next
        // to the seki chain at a2 only; a1 touches no stone. The black chain b2-c1-...-d5 around
        // the eye joins the seki, and so does the region e1-e5 it borders.
        let board = from_diagram(
            ". O . X .
             X O X X .
             X O X . .
             . X X . .
             . . X . .",
        )
        .unwrap();
        let eyes = seki_eyes(&board);
        assert_eq!(eyes, reference_seki_eyes(&board));
        let a1 = Point::new(0, 4);
        let e3 = Point::new(4, 2);
        assert!(
            eyes[0].contains(a1) && eyes[0].contains(e3),
            "{:?}",
            eyes[0]
        );
        assert!(eyes[1].is_empty());
    }

    #[test]
    fn seki_eyes_follow_the_definition_on_random_boards() {
        // splitmix64
        let mut state = 5u64;
        let mut next = move |n: usize| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % n as u64) as usize
        };
        let mut with_eyes = 0;
        for k in 0..3000 {
            // Random legal play, dense enough for shared liberties and small eyes; every other
            // board without captures, which leaves many chains short of liberties; every third
            // one a few plays away from the classic seki.
            let capture_free = k % 2 == 1;
            let (mut board, plays) = if k % 3 == 0 {
                // Some stones taken off too: larger eyes, eyes split from their chains.
                let mut seki = from_diagram(CLASSIC_SEKI).unwrap();
                let stones: Vec<Point> = seki
                    .size()
                    .points()
                    .filter(|&p| seki.get(p).is_some())
                    .collect();
                let off: Vec<Point> = (0..next(4)).map(|_| stones[next(stones.len())]).collect();
                seki.remove_stones(off);
                (seki, next(12))
            } else {
                let n = [3, 4, 5, 6, 7, 9, 13, 19][k % 8];
                let size = Size::square(n).unwrap();
                (Board::new(size), next(size.area() * 2) + 1)
            };
            for _ in 0..plays {
                if board.empty_count() == 0 {
                    break;
                }
                let p = board.empty_point(next(board.empty_count()));
                let c = if next(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let plain = board
                    .preview(c, p)
                    .is_ok_and(|pv| pv.suicide == 0 && (pv.captures == 0 || !capture_free));
                if plain {
                    board.play(c, p).unwrap();
                }
            }
            let eyes = seki_eyes(&board);
            assert_eq!(eyes, reference_seki_eyes(&board), "{board:?}");
            with_eyes += usize::from(!eyes[0].is_empty() || !eyes[1].is_empty());
        }
        assert!(with_eyes >= 300, "the boards hold seki eyes ({with_eyes})");
    }

    fn eyes(text: &str) -> [Vec<Point>; 2] {
        let e = seki_eyes(&from_diagram(text).unwrap());
        [e[0].iter().collect(), e[1].iter().collect()]
    }

    #[test]
    fn seki_with_one_eye_each() {
        // Black eye c1, White eye g1, shared liberty e1.
        let e = eyes(CLASSIC_SEKI);
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
