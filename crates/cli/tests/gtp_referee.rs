//! `gorules gtp` as the referee of real games: GNU Go (Debian's `gnugo` package,
//! `/usr/games/gnugo`, which CI installs) plays short 9x9 games against itself under Chinese
//! rules, every move is relayed to `gorules gtp --rules chinese` as a GTP referee receives it,
//! and at the end both engines' `final_score` must be the same.

use std::time::Duration;

use gorules_life::Engine;

/// GNU Go's command line, or `None` where it is not installed (the test says it is skipped).
fn gnugo() -> Option<String> {
    gorules_tests::environment::gnugo()
        .map(|path| format!("{path} --mode gtp --level 1 --chinese-rules"))
}

#[test]
fn gorules_scores_gnugo_self_play_as_gnugo_does_under_chinese_rules() {
    let Some(player) = gnugo() else { return };
    let timeout = Duration::from_secs(60);
    let mut player = Engine::start(&player, timeout).expect("GNU Go starts");
    let referee = format!("{} gtp --rules chinese", env!("CARGO_BIN_EXE_gorules"));
    let mut referee = Engine::start(&referee, timeout).expect("gorules gtp starts");
    let mut compared = 0;
    for seed in 1..=4 {
        for cmd in ["boardsize 9", "clear_board", "komi 7.5"] {
            player.send(cmd).unwrap();
            referee.send(cmd).unwrap();
        }
        player.send(&format!("set_random_seed {seed}")).unwrap();
        let mut passes = 0;
        let mut resigned = false;
        for ply in 0..300 {
            let color = if ply % 2 == 0 { "black" } else { "white" };
            let mv = player.send(&format!("genmove {color}")).unwrap();
            if mv.eq_ignore_ascii_case("resign") {
                resigned = true;
                break;
            }
            // The referee takes every move GNU Go makes: GNU Go plays legal moves only.
            referee
                .send(&format!("play {color} {mv}"))
                .unwrap_or_else(|e| panic!("seed {seed}, ply {ply}: {color} {mv}: {e}"));
            passes = if mv.eq_ignore_ascii_case("pass") {
                passes + 1
            } else {
                0
            };
            if passes == 2 {
                break;
            }
        }
        if resigned || passes < 2 {
            continue;
        }
        let expected = player.send("final_score").unwrap();
        let got = referee.send("final_score").unwrap();
        eprintln!("seed {seed}: GNU Go {expected}, gorules {got}");
        assert_eq!(got, expected, "seed {seed}");
        compared += 1;
    }
    assert!(compared >= 2, "only {compared} games ended in two passes");
}
