//! Claims that must fail (the rulesets' known differences): each produces a counterexample, shrunk,
//! written as SGF, read back from the file and re-checked by replaying it, and small. The
//! lower bounds on the number of moves are worked out by hand in the comments; the upper ones
//! allow one move more than that minimum.

use std::path::{Path, PathBuf};

use gorules_claims::eval::evaluate_record;
use gorules_claims::game::FuzzGame;
use gorules_claims::{run, Claim, Counterexample, RunOptions};
use gorules_sgf::read_sgf_file;

fn out_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gorules-claims-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Runs `text` until it fails; returns the first counterexample, after checking that its SGF
/// file replays to the same failure.
fn counterexample(text: &str, name: &str) -> (Claim, Counterexample) {
    let claim = Claim::from_text(text).unwrap_or_else(|e| panic!("{e}"));
    let dir = out_dir(name);
    let opts = RunOptions {
        games: 2_000,
        seed: 11,
        jobs: 2,
        max_counterexamples: 1,
        out_dir: Some(dir.clone()),
        ..RunOptions::default()
    };
    let r = run(&claim, &opts, &|_| {});
    assert!(!r.holds, "{text} held in {} games", r.games);
    let c = r.counterexamples[0].clone();
    eprintln!(
        "{text}: {} failures in {} games; first: game {}, {} moves on {} shrunk to {} moves on {}\n{}",
        r.failures, r.games, c.game, c.original_moves, c.original_size, c.moves, c.size, c.sgf_text
    );
    assert!(c.rechecked, "{:?}", c.recheck_error);
    // Re-check here too, from the file: read it, replay it under every ruleset of the claim.
    let path = c.sgf.clone().expect("written");
    assert!(path.starts_with(&dir));
    let records = read_sgf_file(&path).unwrap();
    assert_eq!(records.len(), 1);
    let rec = &records[0];
    let comment = rec.comment.clone().unwrap();
    assert!(
        comment.contains(&format!("claim: {}", claim.text())),
        "{comment}"
    );
    assert!(comment.contains("seed: run 11"), "{comment}");
    let e = evaluate_record(&claim, rec).unwrap();
    let w = e.verdict.expect_err("the SGF still breaks the claim");
    assert_eq!(w.text, c.failed);
    assert_eq!(FuzzGame::from_record(rec).unwrap(), c.fuzz_game);
    let _ = std::fs::remove_dir_all(&dir);
    (claim, c)
}

fn num(v: &serde_json::Value) -> f64 {
    v.as_f64().expect("a number")
}

#[test]
fn concord_without_its_last_pass_rule_fails() {
    // The ruleset exists only as a user TOML file, named by its path.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/rulesets/concord-two-passes.toml")
        .canonicalize()
        .unwrap();
    let p = path.display();
    let text = format!("\"{p}\":area == \"{p}\":territory");
    let (_, c) = counterexample(&text, "two-passes");
    // Area - territory = (moves by Black - moves by White) - [White passed first] (the proof
    // in the Concord Rules of Go Commentary, steps 1-5, without the last-pass rule). Two passes end play, so the difference is
    // 0 unless the first and last passes are by the same player. With Black moving first, the
    // shortest such games are B pass, W play, B play, W pass, B pass (5 moves, difference -1)
    // and B play, W pass, B play, W play, B pass, W pass (6): a counterexample has at least 5
    // moves.
    assert!((5..=6).contains(&c.moves), "{} moves", c.moves);
    let (l, r) = (num(&c.left.value), num(&c.right.as_ref().unwrap().value));
    assert_eq!((l - r).abs(), 1.0);
}

#[test]
fn japanese_and_chinese_differ_by_more_than_one_point() {
    let (_, c) = counterexample("japanese-chinese-within-one", "jp-cn");
    // Chinese - Japanese = (board plays by Black - by White) - N [handicap >= 2] + seki eyes
    // (N handicap stones count as plays and are compensated). Without seki (which takes many
    // moves) the plays must differ by 2: B play, W pass, B play, W pass, B pass is the
    // shortest (5 moves).
    assert!((5..=6).contains(&c.moves), "{} moves", c.moves);
    assert!(num(&c.left.value) >= 2.0);
}

#[test]
fn taiwan_differs_from_concord_area_once_a_pass_is_made_during_play() {
    let (claim, c) = counterexample("taiwan-concord-area", "taiwan");
    // Taiwan - Concord area = [White passed first] - [Black made the last board play]
    // (Taiwan rules count a last-play point, Concord a first-pass point). Without a pass
    // during play they agree: the first pass follows the last
    // board play, by the other player. The shortest games where they differ: B pass, W play,
    // B play, W pass, B pass, then Concord's third pass (first and last pass were Black's),
    // which the record holds: 6 moves (White making the last play needs 6 moves before the
    // passes).
    assert!((6..=7).contains(&c.moves), "{} moves", c.moves);
    let facts = c.fuzz_game.facts();
    assert!(facts.midgame_passes > 0, "{facts:?}");
    assert_eq!(
        (num(&c.left.value) - num(&c.right.as_ref().unwrap().value)).abs(),
        1.0
    );
    assert_eq!(claim.rulesets()[0].id, "taiwan");
}

#[test]
fn play_does_not_settle_disputes_under_japanese_rules() {
    let (_, c) = counterexample("play-settles-disputes-japanese", "jp-playout");
    // Capturing a dead stone by play costs the capturer a point of territory for every stone
    // played inside it (no pass stones pay it back). The shortest game: a stone of each colour
    // and two passes (4 moves), the owner's stone agreed dead.
    assert!((4..=5).contains(&c.moves), "{} moves", c.moves);
    assert!(!c.fuzz_game.dead.is_empty());
    let (l, r) = (num(&c.left.value), num(&c.right.as_ref().unwrap().value));
    assert!(l != r);
    assert!(
        c.sgf_text.contains("play-out under japanese"),
        "{}",
        c.sgf_text
    );
}

#[test]
fn a_winner_claim_reports_winners() {
    // Concord gives White a point for passing first, AGA does not; with a
    // half-point komi the winner can change.
    let (_, c) = counterexample("winner(concord:area) == winner(aga:area)", "winner");
    assert!(matches!(
        c.left.value.as_str(),
        Some("black") | Some("white") | Some("draw")
    ));
}

/// A claim with a KataGo ruleset: every failing game the generator finds must fail again when
/// its record is replayed (`gorules score`'s way). KataGo's games end as soon as every point is
/// pass-alive (as KataGo's self-play and match games end: "KataGo's Supported Go Rules,
/// Version 2", "SelfPlayOpts"), which a board play can bring about: the generator's fast path
/// for plain plays once missed it, and went on with a game its own replay of the record ends
/// there.
#[test]
fn katago_counterexamples_replay_as_generated() {
    let claim = Claim::from_text("katago:japanese:territory < concord:area").unwrap();
    let opts = RunOptions {
        games: 600,
        seed: 0,
        jobs: 2,
        max_counterexamples: 600,
        shrink: false,
        out_dir: None,
        ..RunOptions::default()
    };
    let r = run(&claim, &opts, &|_| {});
    assert!(r.counterexamples.len() > 100, "{}", r.counterexamples.len());
    let unconfirmed: Vec<_> = r
        .counterexamples
        .iter()
        .filter(|c| !c.rechecked)
        .map(|c| (c.game, c.recheck_error.clone()))
        .collect();
    assert!(unconfirmed.is_empty(), "{unconfirmed:?}");
}
