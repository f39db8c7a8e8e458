//! What a record's move means to a replay (`Replay::step`), the one answer the comparison of
//! records and the fuzzing of claims share: a move after the game finished is ignored, a move
//! that no longer fits after an illegal move was replaced by a pass makes the replay diverge,
//! and any other move that is no move of the game is an error in the record. The positions and
//! what the rules do with them are worked out by hand from the AGA Concise Rules of Go (1991).

use crate::common::{gtp_moves, rules};
use gorules_board::{Board, Color, Move, Point, Size};
use gorules_rules::fast::FastReplay;
use gorules_rules::{MoveError, Replay, Setup, Status, Track};

fn empty(n: u32) -> Setup {
    Setup::even(
        Board::new(Size::square(n).unwrap()),
        gorules_rules::Komi::new(0.5).unwrap(),
    )
}

/// Steps every move, stopping at the first error.
fn step_all(r: &mut Replay, n: u32, text: &str) -> Result<(), MoveError> {
    gtp_moves(n, text)
        .into_iter()
        .try_for_each(|(c, m)| r.step(c, m))
}

#[test]
fn a_move_after_the_game_finished_is_ignored() {
    // AGA Concise Rules, rule 11: play ends after two passes in a row, and White passes last.
    // Black's pass after White's ends play; White's next pass is that last move, and the game
    // is over: the record's later move is not played.
    let aga = rules("aga");
    let mut r = Replay::new(aga.clone(), empty(5));
    step_all(&mut r, 5, "B c3 W pass B pass W pass").unwrap();
    assert_eq!(r.game().status(), Status::Finished);
    assert_eq!(r.track(), Track::Live);
    step_all(&mut r, 5, "B d4 W b2").unwrap();
    assert_eq!(r.track(), Track::Stopped);
    assert_eq!(r.moves_ignored(), 2);
    let d4 = Point::new(3, 3);
    assert_eq!(r.game().state().board().get(d4), None);
    assert_eq!(r.game().state().moves().len(), 4);
}

#[test]
fn a_move_that_no_longer_fits_after_an_illegal_move_diverges() {
    // AGA Concise Rules, rule 5: suicide is illegal; rule 8: an illegal move is taken back and
    // treated as a pass. White's b1 would leave {a1, b1} without liberties (Black holds a2, b2
    // and c1): a two-stone suicide, which a New Zealand record plays (its stones are removed),
    // so the record goes on with Black at a1. Under AGA White's a1 is still there.
    let aga = rules("aga");
    let mut r = Replay::new(aga.clone(), empty(5));
    step_all(&mut r, 5, "B a2 W a1 B c1 W e5 B b2 W b1").unwrap();
    assert_eq!(r.track(), Track::Live);
    let (k, color, _, _) = r.game().first_illegal().expect("b1 is an illegal suicide");
    assert_eq!((k, color), (5, Color::White));
    step_all(&mut r, 5, "B a1 W e4").unwrap();
    assert_eq!(r.track(), Track::Diverged);
    assert_eq!(r.moves_ignored(), 2);
    // The same record under New Zealand rules (multi-stone suicide is legal) replays whole.
    let nz = rules("new-zealand");
    let mut r = Replay::new(nz.clone(), empty(5));
    step_all(&mut r, 5, "B a2 W a1 B c1 W e5 B b2 W b1 B a1 W e4").unwrap();
    assert_eq!((r.track(), r.moves_ignored()), (Track::Live, 0));
    assert!(r.game().first_illegal().is_none());
}

#[test]
fn a_move_that_is_no_move_of_the_game_is_an_error_and_stops_the_replay() {
    // AGA Concise Rules, rule 2: the players alternate, and a move puts a stone on an empty
    // intersection. A stone on an occupied point, with no illegal move before it, is an error
    // in the record.
    let aga = rules("aga");
    let mut r = Replay::new(aga.clone(), empty(5));
    let c3 = Point::new(2, 2);
    assert_eq!(
        step_all(&mut r, 5, "B c3 W c3"),
        Err(MoveError::Occupied(c3))
    );
    assert_eq!(r.track(), Track::Refused(MoveError::Occupied(c3)));
    assert_eq!(r.game().state().moves().len(), 1);
    // Later moves are ignored.
    r.step(Color::White, Move::Play(Point::new(3, 3))).unwrap();
    assert_eq!(r.moves_ignored(), 2);

    // Out of turn: Black twice.
    let mut r = Replay::new(aga.clone(), empty(5));
    assert_eq!(
        step_all(&mut r, 5, "B c3 B d3"),
        Err(MoveError::OutOfTurn {
            expected: Color::White
        })
    );
    assert!(matches!(r.track(), Track::Refused(_)));
}

#[test]
fn a_fork_of_a_stopped_or_refused_replay_is_refused() {
    // A fork stands for the same moves replayed under other rules; a replay that did not play
    // them all cannot stand for that.
    let aga = rules("aga");
    let concord = rules("concord");
    let concord = std::sync::Arc::new(concord);
    let mut r = FastReplay::new(aga.clone(), empty(5));
    step_all(&mut r, 5, "B c3 W d3").unwrap();
    assert!(r
        .fork(&concord, gorules_rules::Komi::new(7.5).unwrap())
        .is_some());
    let _ = step_all(&mut r, 5, "B d3");
    assert!(r
        .fork(&concord, gorules_rules::Komi::new(7.5).unwrap())
        .is_none());
}
