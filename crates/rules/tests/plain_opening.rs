//! `FastReplay::plain_opening` plays exactly the games `Game::new` then `Game::play` play, for the
//! leading plain plays (in turn, on free points, not the ko point, no suicide, no position seen
//! before), and stops at the first play that is not plain. Random walks on small boards, where
//! captures, ko points, suicides and repetitions come early, under every built-in ruleset.

use crate::common::{snapshot, Rng};

use gorules_board::{Board, Color, Move, Point, Size};
use gorules_rules::fast::FastReplay;
use gorules_rules::{Game, Setup, Status};

/// Whether `color` playing at `p` is plain in `game`, by the definition.
fn plain(game: &Game, color: Color, p: Point) -> bool {
    let st = game.state();
    let board = st.board();
    game.status()
        == (Status::Playing {
            pass_required: None,
        })
        && color == st.to_move()
        && board.size().contains(p)
        && board.get(p).is_none()
        && st.ko_point() != Some(p)
        && board
            .preview(color, p)
            .is_ok_and(|pv| pv.suicide == 0 && st.board_occurrences(pv.hash) == 0)
}

/// A random walk: mostly the player to move on an empty point of the walker's board, now and
/// then the wrong colour, an occupied point or a point off the board.
fn walk(size: Size, first: Color, setup: &Board, rng: &mut Rng) -> Vec<(Color, Point)> {
    let mut board = setup.clone();
    let mut color = first;
    let mut plays = Vec::new();
    for _ in 0..(2 * size.area()) {
        let odd = rng.below(40);
        let mover = if odd == 0 { color.opponent() } else { color };
        let p = match odd {
            1 => Point::new(size.width() + 1, 0),
            2 | 3 => Point::new(rng.below(usize::from(size.width())) as u8, 0),
            _ if board.empty_count() == 0 => break,
            _ => board.empty_point(rng.below(board.empty_count())),
        };
        let _ = board.play_allowing_suicide(mover, p);
        plays.push((mover, p));
        color = mover.opponent();
    }
    plays
}

#[test]
fn plain_opening_plays_the_games_that_play_plays() {
    let mut rng = Rng(11);
    let mut longest = 0;
    // KataGo's rulesets too: under `all-pass-alive-ends` a plain play may end play.
    for rules in crate::common::builtin_and_katago() {
        for n in [2, 3, 4, 5, 7] {
            for _ in 0..40 {
                let size = Size::square(n).unwrap();
                let mut setup = Board::new(size);
                if rng.below(3) == 0 {
                    let stones = (0..rng.below(4)).map(|_| {
                        let p = setup.empty_point(rng.below(setup.empty_count()));
                        (Color::Black, p)
                    });
                    let stones: Vec<_> = stones.collect();
                    let _ = setup.add_stones(stones);
                }
                let first = if rng.below(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let plays = walk(size, first, &setup, &mut rng);
                let start = Setup {
                    board: setup.clone(),
                    handicap: 0,
                    komi: gorules_rules::Komi::new(0.5).unwrap(),
                    first,
                };
                let mut reference = Game::new(rules.clone(), start.clone());
                let mut expected = 0;
                for &(color, p) in &plays {
                    if !plain(&reference, color, p) {
                        break;
                    }
                    let report = reference.play(color, Move::Play(p)).unwrap();
                    assert!(report.illegal.is_none() && !report.resumed);
                    expected += 1;
                }
                let (game, played) = FastReplay::plain_opening(
                    std::sync::Arc::new(rules.clone()),
                    start,
                    plays.iter().copied(),
                );
                assert_eq!(played, expected, "{} {n}x{n}: {plays:?}", rules.id);
                assert_eq!(snapshot(game.game()), snapshot(&reference), "{}", rules.id);
                longest = longest.max(played);
            }
        }
    }
    assert!(
        longest >= 20,
        "the walks reach past the first captures ({longest})"
    );
}
