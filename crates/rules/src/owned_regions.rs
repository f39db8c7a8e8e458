//! The regions each player owns at the end of a game, and which of them have independent life:
//! the ground of KataGo's tax rule (`tax`; KataGo board.cpp, `calculateAreaForPla` and
//! `calculateIndependentLifeAreaHelper`; "KataGo's Supported Go Rules, Version 2",
//! "Taxation").
//!
//! A player *owns*:
//! - his pass-alive stones and his pass-alive territory, the opponent stones in it included
//!   ([`gorules_board::pass_alive`]);
//! - every empty region that reaches only his stones, unless it lies in the opponent's
//!   pass-alive territory;
//! - his other stones, unless they lie in the opponent's pass-alive territory.
//!
//! Empty points nobody owns are *dame*. A connected set of points one player owns is a
//! *region*; it is *in seki* when one of its points is next to a dame or it holds a stone of
//! its owner in atari (which catches a double-ko seki), and otherwise has *independent life*.

use gorules_board::{pass_alive, Board, Color, PassAlive, PointSet};

/// Who owns what on a board, as KataGo's tax rule sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnedRegions {
    /// The points each player owns, `[black, white]` (index with [`Color::index`]).
    pub owned: [PointSet; 2],
    /// The owned points that lie in regions of independent life.
    pub independent: [PointSet; 2],
    /// The number of regions of independent life of each player.
    pub independent_regions: [u32; 2],
}

/// The owned regions of `board`. `multi_stone_suicide_legal`: whether the rules allow a
/// suicide of several stones, which decides pass-alive status as in KataGo.
pub fn owned_regions(board: &Board, multi_stone_suicide_legal: bool) -> OwnedRegions {
    owned_regions_with(board, &pass_alive(board, multi_stone_suicide_legal))
}

/// [`owned_regions`] from `alive`, the board's pass-alive stones and territory.
pub fn owned_regions_with(board: &Board, alive: &PassAlive) -> OwnedRegions {
    let size = board.size();
    let territory = board.territory();
    let one_colour = [territory.black, territory.white];
    let mut owned = [PointSet::empty(size); 2];
    for c in Color::ALL {
        let (i, o) = (c.index(), c.opponent().index());
        owned[i] = alive.stones[i]
            .union(&alive.territory[i])
            .union(&one_colour[i].difference(&alive.territory[o]))
            .union(&board.stones(c).difference(&alive.territory[o]));
    }
    let empty = board
        .stones(Color::Black)
        .union(board.stones(Color::White))
        .complement();
    let dame = empty.difference(&owned[0]).difference(&owned[1]);
    let next_to_dame = dame.dilate();
    let mut independent = [PointSet::empty(size); 2];
    let mut independent_regions = [0; 2];
    for c in Color::ALL {
        let i = c.index();
        let mut seeds = owned[i].intersection(&next_to_dame);
        for p in board.stones(c).intersection(&owned[i]).iter() {
            if board.liberty_count(p) == 1 {
                seeds.insert(p);
            }
        }
        let seki = seeds.flood_into(&owned[i]);
        let mut rest = owned[i].difference(&seki);
        independent[i] = rest;
        loop {
            let Some(p) = rest.iter().next() else { break };
            let mut start = PointSet::empty(size);
            start.insert(p);
            let region = start.flood_into(&rest);
            rest = rest.difference(&region);
            independent_regions[i] += 1;
        }
    }
    OwnedRegions {
        owned,
        independent,
        independent_regions,
    }
}

#[cfg(test)]
mod tests {
    use gorules_board::diagram::from_diagram;

    use super::*;

    fn points(set: &PointSet) -> usize {
        set.len()
    }

    /// KataGo's caution ("KataGo's Supported Go Rules", "Taxation"; board.cpp
    /// `calculateIndependentLifeAreaHelper`): a region touching an unfilled dame is in seki,
    /// so it has no independent life until the dame is filled.
    #[test]
    fn an_open_dame_puts_the_regions_next_to_it_in_seki() {
        // c3 touches b3 (Black) and c2, c4, d3 (White): a dame. Black owns the a column and
        // his b stones, White his stones and the d-e side; both regions touch c3.
        let board = from_diagram(
            "
            . X O . .
            . X O . .
            . X . O .
            . X O . .
            . X O . .",
        )
        .unwrap();
        let r = owned_regions(&board, false);
        assert_eq!(points(&r.owned[0]), 10, "a1-a5, b1-b5");
        assert_eq!(points(&r.owned[1]), 14, "5 stones, d1 d2 d4 d5 e1-e5");
        assert_eq!(r.independent_regions, [0, 0]);
        assert!(r.independent.iter().all(PointSet::is_empty));
    }

    #[test]
    fn a_closed_border_gives_each_side_one_region_of_independent_life() {
        let board = from_diagram(
            "
            . X O . .
            . X O . .
            . X O . .
            . X O . .
            . X O . .",
        )
        .unwrap();
        let r = owned_regions(&board, false);
        assert_eq!(r.independent_regions, [1, 1]);
        assert_eq!(points(&r.independent[0]), 10);
        assert_eq!(points(&r.independent[1]), 15);
    }

    #[test]
    fn a_stone_of_the_owner_in_atari_puts_its_region_in_seki() {
        // White's d1 has one liberty, e1, which only White reaches: White's whole region
        // (d1, e1, e2, e3-e5, d3-d5) is in seki (KataGo board.cpp: "Stone of player owning
        // the area is in atari? Treat as seki"). Black's 16 points have independent life.
        let board = from_diagram(
            "
            . . X O .
            . . X O .
            . . X O .
            . . X X O
            . . X O .",
        )
        .unwrap();
        let r = owned_regions(&board, false);
        assert_eq!(points(&r.owned[1]), 9);
        assert_eq!(r.independent_regions, [1, 0]);
        assert_eq!(points(&r.independent[0]), 16);
    }
}
