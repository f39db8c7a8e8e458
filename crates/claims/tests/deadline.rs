//! A run with a deadline (`run_until`): it stops beginning games at the deadline and reports
//! the games it played; with no deadline it is `run`.

use std::time::{Duration, Instant};

use gorules_claims::{run, run_until, Claim, RunOptions};

fn opts(games: u64) -> RunOptions {
    RunOptions {
        games,
        seed: 5,
        jobs: 2,
        max_counterexamples: 1,
        ..RunOptions::default()
    }
}

#[test]
fn a_deadline_already_past_plays_no_game() {
    let claim = Claim::from_text("concord-area-territory").unwrap();
    let r = run_until(&claim, &opts(10_000), Some(Instant::now()), &|_| {});
    assert_eq!((r.games, r.failures), (0, 0));
    assert!(r.holds && r.counterexamples.is_empty());
}

#[test]
fn a_far_deadline_or_none_is_the_whole_run() {
    // Japanese territory and Chinese area counting differ by more than a point on some small
    // game (a dame filled is a point under area counting only, and prisoners count under
    // territory counting only): the run fails, the same way each time.
    let claim = Claim::from_text("abs(japanese:territory - chinese:area) <= 1").unwrap();
    let whole = run(&claim, &opts(600), &|_| {});
    let far = run_until(
        &claim,
        &opts(600),
        Some(Instant::now() + Duration::from_secs(3600)),
        &|_| {},
    );
    assert_eq!(whole.games, 600);
    assert!(!whole.holds);
    assert_eq!(
        (far.games, far.failures, far.holds),
        (whole.games, whole.failures, whole.holds)
    );
    assert_eq!(
        far.counterexamples[0].sgf_text,
        whole.counterexamples[0].sgf_text
    );
}

#[test]
fn a_deadline_midway_reports_the_games_played() {
    let claim = Claim::from_text("concord-area-territory").unwrap();
    // Far more games than 50 ms allow: the run stops early, with whole chunks played.
    let r = run_until(
        &claim,
        &opts(100_000_000),
        Some(Instant::now() + Duration::from_millis(50)),
        &|_| {},
    );
    assert!(r.games < 100_000_000, "{}", r.games);
    assert_eq!(r.games % 256, 0, "whole chunks of 256 games: {}", r.games);
}
