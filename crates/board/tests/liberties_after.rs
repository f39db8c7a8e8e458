//! `Board::liberties_after` agrees with playing the move on a copy and counting, and
//! `Board::is_self_atari` with it.

use gorules_board::{Board, Color, PlayError, Size};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]
    #[test]
    fn matches_playing_the_move(n in 2u32..=9, picks in proptest::collection::vec(any::<u16>(), 0..120)) {
        let mut b = Board::new(Size::square(n).unwrap());
        let mut c = Color::Black;
        for pick in picks {
            if b.empty_count() == 0 {
                break;
            }
            let p = b.empty_point(pick as usize % b.empty_count());
            for color in Color::ALL {
                let predicted = b.liberties_after(color, p).unwrap();
                let mut copy = b.clone();
                let placed = copy.play_allowing_suicide(color, p).unwrap();
                let actual = if placed.suicided > 0 { 0 } else { copy.liberty_count(p) as u32 };
                prop_assert_eq!(predicted, actual);
                prop_assert_eq!(b.is_self_atari(color, p), Ok(actual <= 1));
            }
            if b.play(c, p).is_ok() {
                c = c.opponent();
            }
        }
        // Occupied and off-board points are refused, as by `play`.
        if let Some(p) = b.size().points().find(|&p| b.get(p).is_some()) {
            prop_assert_eq!(b.liberties_after(Color::Black, p), Err(PlayError::Occupied));
            prop_assert_eq!(b.is_self_atari(Color::White, p), Err(PlayError::Occupied));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// `Board::atari_liberty` names the one liberty of every chain in atari, and nothing for
    /// the others, as `Board::chain_at` lists them, on every point of random games.
    #[test]
    fn atari_liberty_matches_the_chain(n in 2u32..=19, picks in proptest::collection::vec(any::<u16>(), 0..300)) {
        let mut b = Board::new(Size::square(n).unwrap());
        let mut c = Color::Black;
        for pick in picks {
            if b.empty_count() == 0 {
                break;
            }
            let p = b.empty_point(pick as usize % b.empty_count());
            if b.play(c, p).is_ok() {
                c = c.opponent();
            }
            for q in b.size().points() {
                let expected = b.chain_at(q).and_then(|chain| {
                    (chain.liberties.len() == 1).then(|| chain.liberties[0])
                });
                prop_assert_eq!(b.atari_liberty(q), expected);
            }
        }
        prop_assert_eq!(b.atari_liberty(gorules_board::Point::new(30, 30)), None);
    }
}
