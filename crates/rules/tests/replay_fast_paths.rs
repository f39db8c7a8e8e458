//! The fast paths of `FastReplay` play what `Game` plays. `FastReplay::step_if` (one preview for the
//! caller's test, the rules and the play) plays exactly what `Game::check` then `Game::play`
//! play, and refuses without changing the game. Random games under every built-in ruleset;
//! the rules' check from the game's preview answers as the check without it. And a replay
//! started over with `FastReplay::restart` plays like a new game, and `FastReplay::step_plain` plays
//! exactly the plain plays, as `Game::play` plays them.

use crate::common::{snapshot, Rng};

use gorules_board::{Board, Color, Move, Point, Preview, Size};
use gorules_rules::fast::{check_play, FastReplay};
use gorules_rules::{builtins, Game, Setup, Status};

/// Plays the same random game in `a` (check, then play) and `b` (`step_if`, and `Game::play`
/// for passes), comparing them after every move; returns how many stones `step_if` played and
/// refused.
fn lockstep(a: &mut Game, b: &mut FastReplay, rng: &mut Rng) -> (u32, u32) {
    let (mut played, mut refused) = (0, 0);
    let size = a.state().board().size();
    for _ in 0..(3 * size.area() + 30) {
        match a.status() {
            Status::Finished => break,
            Status::Ended if rng.below(3) == 0 => break,
            _ => {}
        }
        let c = match a.status() {
            // After play ended, a board play by the player allowed to resume (if any) resumes it.
            Status::Ended => a.rules().resumption_first(a.state()).unwrap_or(a.to_move()),
            _ => a.to_move(),
        };
        let p = Point::new(
            rng.below(size.width() as usize) as u8,
            rng.below(size.height() as usize) as u8,
        );
        if rng.below(8) == 0 || a.state().board().get(p).is_some() {
            let ra = a.play(c, Move::Pass);
            let rb = b.game_mut().play(c, Move::Pass);
            assert_eq!(ra, rb);
        } else {
            let legal = matches!(a.check(c, Move::Play(p)), Ok(Ok(())));
            // The caller's own test sees the game's preview; it refuses one play in five.
            let veto = rng.below(5) == 0;
            let expected_preview: Preview = b.game().state().board().preview(c, p).unwrap();
            let mut seen = None;
            let before = snapshot(b.game());
            let rb = b
                .step_if(c, p, |st, pv| {
                    assert_eq!(st.moves().len(), a.state().moves().len());
                    seen = Some(*pv);
                    !veto
                })
                .unwrap();
            assert_eq!(seen, Some(expected_preview));
            if legal && !veto {
                a.play(c, Move::Play(p)).unwrap();
                assert!(rb, "{p:?}");
                played += 1;
            } else {
                assert!(!rb, "{p:?} legal {legal} veto {veto}");
                assert_eq!(
                    snapshot(b.game()),
                    before,
                    "a refused play changed the game"
                );
                refused += 1;
            }
        }
        assert_eq!(snapshot(a), snapshot(b.game()));
    }
    (played, refused)
}

fn setup(n: u32) -> Setup {
    Setup::even(
        Board::new(Size::square(n).unwrap()),
        gorules_rules::Komi::new(6.5).unwrap(),
    )
}

#[test]
fn step_if_plays_what_check_then_play_play() {
    let rulesets = builtins();
    let (mut played, mut refused) = (0, 0);
    for rs in &rulesets {
        for seed in 0..40u64 {
            let n = 2 + (seed % 6) as u32;
            let mut rng = Rng(seed * 7919 + 1);
            let mut a = Game::new(rs.clone(), setup(n));
            let mut b = FastReplay::new(rs.clone(), setup(n));
            let (p, r) = lockstep(&mut a, &mut b, &mut rng);
            played += p;
            refused += r;
            a.finish(&[]);
            b.game_mut().finish(&[]);
            assert_eq!(a.scores(), b.game().scores(), "{} seed {seed}", rs.id);
        }
    }
    assert!(
        played > 1000 && refused > 500,
        "{played} played, {refused} refused"
    );
}

#[test]
fn check_play_with_the_games_preview_answers_as_check() {
    // The rules' answer from the game's own preview of a play is their answer without it.
    for rs in &builtins() {
        for seed in 0..10u64 {
            let mut rng = Rng(seed + 100);
            let mut a = Game::new(rs.clone(), setup(5));
            let mut b = FastReplay::new(rs.clone(), setup(5));
            lockstep(&mut a, &mut b, &mut rng);
            let state = a.state();
            let c = a.to_move();
            for p in state.board().empty_points() {
                let Ok(preview) = state.board().preview(c, p) else {
                    continue;
                };
                assert_eq!(
                    check_play(rs, state, c, p, &preview),
                    rs.check(state, c, Move::Play(p)),
                    "{} seed {seed} {p:?}",
                    rs.id
                );
            }
        }
    }
}

/// Plays the same random game in `a` (`Game::play`) and `b` (`FastReplay::step_plain` first,
/// then `Replay::step` when it cannot answer or the play is not plain), comparing them after every
/// move; returns how many stones `step_plain` played and found not plain.
fn lockstep_plain(a: &mut Game, b: &mut FastReplay, rng: &mut Rng, answers: bool) -> (u32, u32) {
    let (mut played, mut not_plain) = (0, 0);
    let size = a.state().board().size();
    for _ in 0..(3 * size.area() + 30) {
        if a.status() == Status::Finished {
            break;
        }
        let c = match a.status() {
            // After play ended, the player allowed to resume it (if any) moves.
            Status::Ended => a.rules().resumption_first(a.state()).unwrap_or(a.to_move()),
            _ => a.to_move(),
        };
        let p = Point::new(
            rng.below(size.width() as usize) as u8,
            rng.below(size.height() as usize) as u8,
        );
        if rng.below(8) == 0 || a.state().board().get(p).is_some() {
            assert_eq!(a.play(c, Move::Pass).is_ok(), b.step(c, Move::Pass).is_ok());
        } else {
            let st = b.game().state();
            let preview = st.board().preview(c, p).unwrap();
            let plain = preview.suicide == 0
                && st.board_occurrences(preview.hash) == 0
                && st.ko_point() != Some(p);
            // In a cleanup phase (KataGo's territory scoring) a play may block a ko: the fast
            // path does not answer there.
            let cleanup = st.phase() > 0 && b.game().rules().end_of_play.cleanup_phases() > 0;
            let asked = b.game().status()
                == (Status::Playing {
                    pass_required: None,
                })
                && answers
                && !cleanup;
            let before = snapshot(b.game());
            let answer = b.step_plain(c, p);
            assert_eq!(answer, asked.then_some(plain), "{p:?}");
            if answer == Some(true) {
                assert_eq!(a.check(c, Move::Play(p)), Ok(Ok(())));
                a.play(c, Move::Play(p)).unwrap();
                played += 1;
            } else {
                assert_eq!(snapshot(b.game()), before, "step_plain changed the game");
                not_plain += u32::from(answer.is_some());
                let ra = a.play(c, Move::Play(p));
                assert_eq!(ra.is_ok(), b.step(c, Move::Play(p)).is_ok());
            }
        }
        assert_eq!(snapshot(a), snapshot(b.game()));
    }
    (played, not_plain)
}

#[test]
fn step_plain_plays_the_plain_plays_as_play_does() {
    let (mut played, mut not_plain) = (0, 0);
    // KataGo's rulesets too: under `all-pass-alive-ends` a plain play may end play.
    for rs in &crate::common::builtin_and_katago() {
        for seed in 0..30u64 {
            let n = 2 + (seed % 6) as u32;
            let mut rng = Rng(seed * 104_729 + 3);
            let mut a = Game::new(rs.clone(), setup(n));
            let mut b = FastReplay::new(rs.clone(), setup(n));
            let (p, r) = lockstep_plain(&mut a, &mut b, &mut rng, true);
            played += p;
            not_plain += r;
            a.finish(&[]);
            b.game_mut().finish(&[]);
            assert_eq!(a.scores(), b.game().scores(), "{} seed {seed}", rs.id);
        }
    }
    assert!(
        played > 1000 && not_plain > 300,
        "{played} played, {not_plain} not plain"
    );
}

#[test]
fn step_if_reports_errors_before_changing_anything() {
    let rs = &builtins()[0];
    let mut g = FastReplay::new(rs.clone(), setup(3));
    let off = Point::new(5, 5);
    assert!(g.step_if(Color::Black, off, |_, _| true).is_err());
    assert!(g
        .step_if(Color::White, Point::new(0, 0), |_, _| true)
        .is_err());
    g.step(Color::Black, Move::Play(Point::new(1, 1))).unwrap();
    assert!(g
        .step_if(Color::White, Point::new(1, 1), |_, _| true)
        .is_err());
    assert_eq!(g.game().state().moves().len(), 1);
    assert_eq!(g.track(), gorules_rules::Track::Live);
}

#[test]
fn a_restarted_replay_plays_like_a_new_game() {
    for rs in &builtins() {
        // `a` plays a game, then restarts on another board size (with setup stones) and plays
        // the same moves as a new game `b`.
        let mut a = FastReplay::new(rs.clone(), setup(6));
        let mut scratch = Game::new(rs.clone(), setup(6));
        lockstep(&mut scratch, &mut a, &mut Rng(3));
        a.game_mut().finish(&[]);
        for (n, seed) in [(4u32, 5u64), (7, 6), (4, 7)] {
            let board =
                Board::with_stones(Size::square(n).unwrap(), [(Color::Black, Point::new(1, 1))])
                    .unwrap();
            let s = Setup {
                board,
                handicap: 1,
                komi: gorules_rules::Komi::new(0.5).unwrap(),
                first: Color::White,
            };
            a.restart(&s);
            let mut b = Game::new(rs.clone(), s.clone());
            assert_eq!(snapshot(a.game()), snapshot(&b));
            assert_eq!(a.game().state().initial_board(), b.state().initial_board());
            assert_eq!(a.track(), gorules_rules::Track::Live);
            lockstep(&mut b, &mut a, &mut Rng(seed));
            let a = a.game_mut();
            a.finish(&[]);
            b.finish(&[]);
            assert_eq!(a.scores(), b.scores());
            assert_eq!(a.added_passes(), b.added_passes());
            assert_eq!(a.settlement(), b.settlement());
        }
    }
}
