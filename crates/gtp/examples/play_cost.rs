//! A GTP session of a seeded random 19x19 game, fed to the engine as `gorules gtp` feeds it,
//! for instruction counts (callgrind): `play_cost N K [score]`.
//!
//! The game (320 plies at most: seeded random plays under Chinese rules, none suicide, none an
//! own eye filled, a pass when 100 draws fail) is always made whole, so that runs differ only
//! in the commands sent:
//!
//! - `play_cost N K`: the first `N + K` plies as `play` commands. The instructions of
//!   `N 10` less those of `N 0`, over 10, are the cost of one `play` after `N` moves.
//! - `play_cost N 0 score`: the first `N` plies, then `final_status_list dead` and
//!   `final_score`; `play_cost N 0 dead` stops after `final_status_list dead`. The difference
//!   is what `final_score` costs once the dead stones are known.
//!
//! Allocator: mimalloc, as in the `gorules` binary.

use gorules_board::coords::gtp_move;
use gorules_board::{Board, Color, Move, Size};
use gorules_rules::{builtin, Game, Komi, Setup};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The most plies the game has.
const PLIES: usize = 320;

/// A seeded random game's moves: see the module's documentation.
fn random_game(seed: u64) -> Vec<(Color, Move)> {
    let rules = builtin("chinese").expect("built in");
    let size = Size::square(19).expect("19 is a board size");
    let komi = Komi::new(7.5).expect("a komi");
    let mut game = Game::new(rules, Setup::even(Board::new(size), komi));
    let mut state = seed;
    let mut next = move || {
        // A 64-bit linear congruential generator (Knuth's MMIX constants).
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize
    };
    let mut moves = Vec::with_capacity(PLIES);
    while moves.len() < PLIES {
        let color = game.to_move();
        let board = game.state().board();
        let empty = board.empty_points().count();
        let mut chosen = Move::Pass;
        for _ in 0..100 {
            if empty == 0 {
                break;
            }
            let p = board.empty_point(next() % empty);
            let own_eye = size.neighbors(p).all(|q| board.get(q) == Some(color));
            // Chinese rules refuse a suicide: `check` answers it illegal.
            if !own_eye && game.check(color, Move::Play(p)) == Ok(Ok(())) {
                chosen = Move::Play(p);
                break;
            }
        }
        if chosen == Move::Pass && moves.last().is_some_and(|&(_, m)| m == Move::Pass) {
            break;
        }
        game.play(color, chosen).expect("a checked move");
        moves.push((color, chosen));
    }
    moves
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| -> usize {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("usage: play_cost N K [score|dead]"))
    };
    let (n, k) = (number(0), number(1));
    let moves = random_game(7);
    assert!(n + k <= moves.len(), "the game has {} plies", moves.len());
    let size = Size::square(19).expect("19 is a board size");
    let mut session = String::from("boardsize 19\nkomi 7.5\n");
    for &(color, mv) in &moves[..n + k] {
        let c = if color == Color::Black { "b" } else { "w" };
        session.push_str(&format!("play {c} {}\n", gtp_move(mv, size)));
    }
    match args.get(2).map(String::as_str) {
        Some("score") => session.push_str("final_status_list dead\nfinal_score\n"),
        Some("dead") => session.push_str("final_status_list dead\n"),
        _ => {}
    }
    let mut engine = gorules_gtp::Engine::new(builtin("chinese").expect("built in"));
    let mut out = Vec::new();
    gorules_gtp::serve(&mut engine, session.as_bytes(), &mut out).expect("in memory");
    let text = String::from_utf8(out).expect("UTF-8");
    let refused = text.matches("\n?").count() + usize::from(text.starts_with('?'));
    assert_eq!(refused, 0, "every command is accepted: {text}");
    eprintln!(
        "{} plays; last answer: {:?}",
        n + k,
        text.trim_end().lines().last()
    );
}
