//! Who owns each empty point of a board, where the seki eyes are and how a referee settles the
//! position, worked out once per board: rulesets that score the same position (one record
//! replayed under many rulesets) share one [`Ownership`] instead of each flooding the board and
//! looking for seki again.

use std::cell::OnceCell;

use gorules_board::{Board, Color, PointSet, Territory};

use crate::referee::{RefereeCount, Settled};
use crate::seki::seki_eyes_in;

/// The analysis of one board that scoring starts from: the flood-fill territory
/// ([`Board::territory`]) at once, the seki eyes ([`crate::seki::seki_eyes`]) and the
/// referee's settlement ([`RefereeCount`], or only what territory counting takes from it) when
/// first asked for.
///
/// It knows which stones it was made from: [`Ownership::is_of`] tells whether it describes a
/// given board, and [`crate::fast::score_with`] checks that before using it.
#[derive(Clone, Debug)]
pub struct Ownership {
    territory: Territory,
    seki_eyes: OnceCell<[PointSet; 2]>,
    referee: OnceCell<RefereeCount>,
    settled: OnceCell<Settled>,
}

impl Ownership {
    /// The analysis of `board` (its territory; the seki eyes wait until asked for).
    pub fn of(board: &Board) -> Ownership {
        Ownership {
            territory: board.territory(),
            seki_eyes: OnceCell::new(),
            referee: OnceCell::new(),
            settled: OnceCell::new(),
        }
    }

    /// Whether this is the analysis of `board`: the same size and the same stones.
    pub fn is_of(&self, board: &Board) -> bool {
        self.territory.black_stones == *board.stones(Color::Black)
            && self.territory.white_stones == *board.stones(Color::White)
    }

    /// Who owns each empty point.
    pub fn territory(&self) -> &Territory {
        &self.territory
    }

    /// The seki eyes of each colour, `[black, white]`, found on `board` the first time.
    /// `board` must be the analysed one ([`Ownership::is_of`]).
    pub(crate) fn seki_eyes(&self, board: &Board) -> &[PointSet; 2] {
        debug_assert!(self.is_of(board));
        self.seki_eyes
            .get_or_init(|| seki_eyes_in(board, &self.territory))
    }

    /// The position as a referee settles it for territory counting ([`RefereeCount::of`] of
    /// the analysed board), worked out the first time.
    pub fn referee(&self) -> &RefereeCount {
        self.referee
            .get_or_init(|| RefereeCount::of_territory(&self.territory))
    }

    /// What territory counting takes from the referee's settlement (its false eyes, seki
    /// stones and seki eyes), worked out the first time without the rest of the report
    /// (taken from [`Ownership::referee`] when that was asked for first).
    pub(crate) fn settled(&self) -> &Settled {
        self.settled.get_or_init(|| match self.referee.get() {
            Some(referee) => Settled {
                false_eyes: referee.false_eyes,
                seki_stones: referee.seki_stones,
                seki_eyes: referee.seki_eyes,
                doubts: referee.doubts.clone(),
            },
            None => Settled::of_territory(&self.territory),
        })
    }
}

#[cfg(test)]
mod tests {
    use gorules_board::diagram::from_diagram;
    use gorules_board::Point;

    use super::*;
    use crate::seki::CLASSIC_SEKI;

    #[test]
    fn knows_the_board_it_describes() {
        let board = from_diagram(CLASSIC_SEKI).unwrap();
        let ownership = Ownership::of(&board);
        assert!(ownership.is_of(&board));
        assert_eq!(*ownership.territory(), board.territory());
        assert_eq!(*ownership.seki_eyes(&board), crate::seki::seki_eyes(&board));
        let referee = RefereeCount::of(&board);
        let settled = ownership.settled();
        assert_eq!(settled.false_eyes, referee.false_eyes);
        assert_eq!(settled.seki_stones, referee.seki_stones);
        assert_eq!(settled.seki_eyes, referee.seki_eyes);
        assert!(!referee.seki_eyes[0].is_empty() || !referee.seki_eyes[1].is_empty());
        let mut other = board.clone();
        other.remove_stones([Point::new(4, 0)]);
        assert!(!ownership.is_of(&other));
        let smaller = from_diagram(". X\nO .").unwrap();
        assert!(!Ownership::of(&smaller).is_of(&board));
    }
}
