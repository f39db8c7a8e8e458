//! Stone counting's group tax: two points per group, the eyes it must keep unfilled.
//!
//! Under stone scoring only stones on the board count; players fill their own territory until
//! each group keeps the two eyes it needs to live (Sensei's Library, "Stone scoring"). Scoring a board
//! where territory is still empty, stone counting counts what the filled board would hold:
//! stones plus counted territory, less 2 points per group (the two eyes it keeps empty).
//!
//! Definition used: a colour's groups are the connected sets of its stones and its counted
//! territory points (stones joined through the eyes they share are one group). Each group pays
//! 2 points, or its counted territory if that is smaller: a group with a single one-point eye
//! cannot leave two eyes empty, and one with no counted territory (a group in seki whose eyes
//! are not counted under `seki-eyes = "not-counted"`, or stones with only dame around) pays
//! nothing. On a finished stone-scoring board, where every living group has exactly two
//! one-point eyes, the tax equals the territory and the count is the stones on the board, as
//! the rule says.
//!
//! KataGo's "tax ALL" differs in one way: a region touching an unfilled dame counts as seki
//! there (no territory, no tax), here it keeps its territory and pays. The two agree once the
//! dame are filled.

use gorules_board::{Board, Color, PointSet};

/// Points taken off per group that has at least that much territory.
pub const POINTS_PER_GROUP: u32 = 2;

/// The group tax of each colour, `[black, white]`, given the territory the ruleset counts for
/// each (`counted`, as in [`crate::CountedTerritory::counted`]): the sum over its groups of
/// [`POINTS_PER_GROUP`] or the group's counted territory, whichever is smaller.
pub fn group_tax(board: &Board, counted: &[PointSet; 2]) -> [u32; 2] {
    Color::ALL.map(|c| {
        let territory = &counted[c.index()];
        let owned = board.stones(c).union(territory);
        let mut left = *territory;
        let mut tax = 0;
        loop {
            let Some(p) = left.iter().next() else {
                return tax;
            };
            let mut start = PointSet::empty(board.size());
            start.insert(p);
            let group = start.flood_into(&owned);
            let eyes = group.intersection(territory).len() as u32;
            tax += eyes.min(POINTS_PER_GROUP);
            left = left.difference(&group);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gorules_board::diagram::from_diagram;

    fn tax(text: &str) -> [u32; 2] {
        let board = from_diagram(text).unwrap();
        let t = board.territory();
        group_tax(&board, &[t.black, t.white])
    }

    #[test]
    fn a_group_with_two_eyes_or_more_pays_two() {
        // One black chain with two one-point eyes (a4, a2); one white chain with the d column
        // (4 points) as territory: 2 each.
        assert_eq!(
            tax(". X O .
                 X X O .
                 . X O .
                 X X O ."),
            [2, 2]
        );
    }

    #[test]
    fn separate_groups_pay_each() {
        // Two black chains cut apart by White's stones a5 b5, each around two eyes (a9 a7 and
        // a3 a1): 2 + 2; White's chain with the d and e columns: 2.
        assert_eq!(
            tax(". X O . .
                 X X O . .
                 . X O . .
                 X X O . .
                 O O O . .
                 X X O . .
                 . X O . .
                 X X O . .
                 . X O . ."),
            [4, 2]
        );
    }

    #[test]
    fn chains_joined_through_a_shared_eye_are_one_group() {
        // Black's chains b5-b4-a4-b3 and a2-a1-b1 both touch the eye a3: one group with the
        // eyes a5 and a3 (b2 touches White's c2 and is dame): 2, not 4. White: 2.
        assert_eq!(
            tax(". X O .
                 X X O .
                 . X O .
                 X . O .
                 X X O ."),
            [2, 2]
        );
    }

    #[test]
    fn a_group_with_a_single_eye_point_pays_one() {
        // With a White stone on b3, a3 reaches White and is dame: Black's two chains are two
        // groups with one eye point each (a5, a1), 1 + 1. White: 2.
        assert_eq!(
            tax(". X O .
                 X X O .
                 . O O .
                 X X O .
                 . X O ."),
            [2, 2]
        );
    }

    #[test]
    fn stones_without_territory_pay_nothing() {
        // Every empty point touches both colours: nobody has territory, nobody pays.
        assert_eq!(
            tax("X . O
                 X . O"),
            [0, 0]
        );
    }
}
