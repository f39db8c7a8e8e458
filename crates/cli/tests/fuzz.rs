//! `gorules fuzz` end to end: the list of named claims, a claim that holds (JSON), a claim
//! that fails (an SGF counterexample in the --out directory, which `gorules score` replays),
//! and bad claims (exit code 2, the column and what was expected).

use crate::common::*;
use std::path::PathBuf;

#[test]
fn list_shows_the_named_claims() {
    let o = gorules(&["fuzz", "--list"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for name in [
        "concord-area-territory",
        "aga-area-territory",
        "play-settles-disputes",
        "taiwan-concord-area",
        "two-button-concord-territory",
        "concord-two-passes",
        "japanese-chinese-within-one",
    ] {
        assert!(out.contains(name), "{name} missing:\n{out}");
    }
    assert!(out.contains("concord:area == concord:territory"));
    let o = gorules(&["fuzz", "--list", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let first = &v.as_array().unwrap()[0];
    assert_eq!(first["name"], "concord-area-territory");
    assert_eq!(first["expected"], "holds");
}

#[test]
fn a_holding_claim_in_json() {
    let dir = temp_dir("fuzz-holds");
    // Absent, so that the test sees whether the run creates it.
    std::fs::remove_dir(&dir).unwrap();
    let o = gorules(&[
        "fuzz",
        "--claim",
        "concord-area-territory",
        "--games",
        "2000",
        "--seed",
        "5",
        "--sizes",
        "2..7",
        "--jobs",
        "2",
        "--format",
        "json",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["claim"], "concord:area == concord:territory");
    assert_eq!(v["name"], "concord-area-territory");
    assert_eq!(v["games"], 2000);
    assert_eq!(v["seed"], 5);
    assert_eq!(v["holds"], true);
    assert_eq!(v["sizes"], serde_json::json!([2, 3, 4, 5, 6, 7]));
    assert_eq!(v["counterexamples"], serde_json::json!([]));
    assert!(!dir.exists(), "nothing written when the claim holds");
}

#[test]
fn a_failing_claim_writes_an_sgf_that_score_replays() {
    let dir = temp_dir("fuzz-fails");
    let o = gorules(&[
        "fuzz",
        "--claim",
        "abs(japanese:territory - chinese:area) <= 1",
        "--games",
        "500",
        "--counterexamples",
        "1",
        "--format",
        "json",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["holds"], false);
    assert!(v["failures"].as_u64().unwrap() > 0);
    let c = &v["counterexamples"][0];
    assert_eq!(c["rechecked"], true);
    assert_eq!(c["left"]["expr"], "abs(japanese:territory - chinese:area)");
    assert!(c["left"]["value"].as_f64().unwrap() > 1.0);
    assert_eq!(c["right"]["expr"], "1");
    assert_eq!(c["right"]["value"], 1.0);
    let sgf = PathBuf::from(c["sgf"].as_str().unwrap());
    assert!(sgf.starts_with(&dir));
    let text = std::fs::read_to_string(&sgf).unwrap();
    assert!(text.contains("claim: abs(japanese:territory - chinese:area) <= 1"));
    assert!(text.contains("japanese:territory: Black"));
    assert!(text.contains("seed: run 0"));

    // `gorules score` replays the counterexample to the same two scores.
    let o = gorules(&[
        "score",
        sgf.to_str().unwrap(),
        "--rules",
        "japanese,chinese",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let s = one_game(&o);
    let margin = |id: &str| {
        s["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["ruleset"] == id)
            .unwrap()["scores"][0]["margin"]
            .as_f64()
            .unwrap()
    };
    let diff = (margin("japanese") - margin("chinese")).abs();
    assert_eq!(diff, c["left"]["value"].as_f64().unwrap());

    // The text report names the file and the values.
    let o = gorules(&[
        "fuzz",
        "--claim",
        "japanese-chinese-within-one",
        "--games",
        "300",
        "--counterexamples",
        "1",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("FAILS in"), "{out}");
    assert!(out.contains("re-checked by replaying it"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_claims_and_options_are_refused_with_exit_code_2() {
    let o = gorules(&["fuzz", "--claim", "concord:area == concord:teritory"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("column 25"), "{err}");
    assert!(
        err.contains("expected `area`, `territory` or `stone`"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    // The claim on its own line, and a caret under column 25 on the next.
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines[1], "  concord:area == concord:teritory", "{err}");
    assert_eq!(lines[2], format!("  {}^", " ".repeat(24)), "{err}");

    let o = gorules(&["fuzz", "--claim", "nosuch:area == concord:area"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("cannot load the ruleset `nosuch`"),
        "{}",
        stderr(&o)
    );

    let o = gorules(&[
        "fuzz",
        "--claim",
        "concord-area-territory",
        "--sizes",
        "0..5",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--sizes"), "{}", stderr(&o));
    assert!(stderr(&o).contains("from 1 to 25"), "{}", stderr(&o));

    let o = gorules(&["fuzz"]);
    assert_eq!(o.status.code(), Some(2));

    // A claim nested thousands of brackets deep: an error, not a stack overflow.
    let deep = format!(
        "{}concord:area{} == concord:territory",
        "(".repeat(5_100),
        ")".repeat(5_100)
    );
    let o = gorules(&["fuzz", "--claim", &deep, "--games", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("nests more than 100 levels"), "{err}");
    assert!(!err.contains("overflow"), "{err}");
    // Only the text around column 101 is shown: 40 characters each side, cut with "...".
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert_eq!(lines[1], format!("  ...{}...", "(".repeat(80)));
    assert_eq!(lines[2], format!("  {}^", " ".repeat(43)));
}

/// `--ko` and `--suicide` take the values of the rules' own knobs, as a ruleset file writes
/// them, and refuse others with the list.
#[test]
fn legality_options_take_the_knob_values() {
    let o = gorules(&[
        "fuzz",
        "--claim",
        "concord-area-territory",
        "--games",
        "50",
        "--ko",
        "natural-situational-superko",
        "--suicide",
        "multi-stone",
    ]);
    assert!(
        o.status.code() == Some(0) || o.status.code() == Some(1),
        "{}",
        stderr(&o)
    );
    let o = gorules(&["fuzz", "--claim", "concord-area-territory", "--ko", "loose"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("positional-superko"), "{}", stderr(&o));
}

/// `--first-game N`: the run tests games N to N + games - 1 of the seed, and names its failing
/// games by those indices: the failures of the range are those of a run from game 0 at or
/// after N.
#[test]
fn first_game_runs_a_range_of_the_seed() {
    let run = |first: &str, games: &str| {
        let o = gorules(&[
            "fuzz",
            "--claim",
            "japanese-chinese-within-one",
            "--games",
            games,
            "--first-game",
            first,
            "--seed",
            "3",
            "--counterexamples",
            "1000",
            "--no-shrink",
            "--format",
            "json",
            "--out",
            temp_dir("fuzz-first-game").to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()
    };
    let whole = run("0", "400");
    let part = run("250", "150");
    assert_eq!(part["first_game"], 250);
    assert_eq!(part["games"], 150);
    let games = |v: &serde_json::Value| -> Vec<u64> {
        v["counterexamples"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["game"].as_u64().unwrap())
            .collect()
    };
    let after: Vec<u64> = games(&whole).into_iter().filter(|&g| g >= 250).collect();
    assert!(!after.is_empty());
    assert_eq!(games(&part), after);
    let o = gorules(&[
        "fuzz",
        "--claim",
        "concord-area-territory",
        "--first-game",
        &u64::MAX.to_string(),
        "--games",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--first-game"), "{}", stderr(&o));
}
