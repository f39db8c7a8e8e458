//! The GTP engine source against a real engine (GNU Go, `/usr/games/gnugo` from Debian's
//! `gnugo` package, which CI installs) and against programs that are not GTP engines.

use std::time::{Duration, Instant};

use gorules_board::coords::parse_gtp_point;
use gorules_board::{Color, Move, Point, Size};
use gorules_life::Engine;

/// GNU Go's command line, or `None` where it is not installed (the test says it is skipped).
fn gnugo() -> Option<String> {
    gorules_tests::environment::gnugo().map(|path| format!("{path} --mode gtp --level 1"))
}

fn pts(size: Size, text: &str) -> Vec<Point> {
    text.split_whitespace()
        .map(|w| parse_gtp_point(w, size).unwrap())
        .collect()
}

#[test]
fn gnu_go_names_the_stone_that_cannot_live() {
    let Some(cmd) = gnugo() else { return };
    // Black walls off the top two rows of a 9x9 board with two eyes (A9, C9... D9 region) and
    // White E8 sits alone inside: dead, as worked out for the estimate's own test.
    let size = Size::square(9).unwrap();
    let black = pts(size, "H9 H8 J8 A7 B7 C7 D7 E7 F7 G7 H7 B6 D6");
    let setup: Vec<(Color, Point)> = black
        .iter()
        .map(|&p| (Color::Black, p))
        .chain(pts(size, "E8").into_iter().map(|p| (Color::White, p)))
        .collect();
    let mut engine = Engine::start(&cmd, Duration::from_secs(30)).unwrap();
    let dead = engine
        .dead_stones(
            size,
            6.5,
            &setup,
            &[(Color::Black, Move::Pass), (Color::White, Move::Pass)],
        )
        .unwrap();
    assert_eq!(dead, pts(size, "E8"));
}

#[test]
fn a_missing_program_is_a_clear_error() {
    let e = Engine::start("/nonexistent/engine --gtp", Duration::from_secs(1))
        .err()
        .expect("no such program");
    assert!(
        e.to_string()
            .starts_with("engine `/nonexistent/engine --gtp`: cannot start it"),
        "{e}"
    );
    let e = Engine::start("   ", Duration::from_secs(1)).err().unwrap();
    assert!(e.to_string().contains("empty"), "{e}");
}

#[test]
fn an_engine_that_hangs_times_out_and_is_killed() {
    let mut engine = Engine::start("sleep 30", Duration::from_millis(300)).unwrap();
    let t = Instant::now();
    let e = engine.send("name").unwrap_err();
    assert!(
        e.message.contains("no answer to `name` within 0.3 s"),
        "{e}"
    );
    drop(engine);
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

#[test]
fn garbage_and_failures_are_errors() {
    // `cat` echoes the command: not a GTP answer.
    let mut engine = Engine::start("cat", Duration::from_secs(5)).unwrap();
    let e = engine.send("boardsize 9").unwrap_err();
    assert!(
        e.message
            .contains("not a GTP answer to `boardsize 9`: boardsize 9"),
        "{e}"
    );
    // An engine that ends.
    let mut engine = Engine::start("true", Duration::from_secs(5)).unwrap();
    let e = engine.send("name").unwrap_err();
    assert!(
        e.message.contains("ended while answering") || e.message.contains("cannot send"),
        "{e}"
    );
    // A real engine's failure answer is passed on.
    let Some(cmd) = gnugo() else { return };
    let mut engine = Engine::start(&cmd, Duration::from_secs(30)).unwrap();
    let e = engine.send("boardsize 99").unwrap_err();
    assert!(e.message.starts_with("`boardsize 99` failed:"), "{e}");
    assert_eq!(engine.send("name").unwrap(), "GNU Go");
}
