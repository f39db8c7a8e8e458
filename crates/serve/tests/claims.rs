//! `/api/claims`: the named claims, a claim fuzzed within its games and time, its shrunk
//! counterexample replayed by `/api/score`, and the errors.

use serde_json::json;

use crate::support::Server;

#[test]
fn the_named_claims() {
    let server = Server::start();
    let v = server.get("/api/claims").json();
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    let expected: Vec<&str> = gorules_claims::NAMED_CLAIMS
        .iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(names, expected);
}

#[test]
fn a_claim_that_holds() {
    let server = Server::start();
    // Concord Rules of Go Commentary: area and territory counting give the same result.
    let r = server.post(
        "/api/claims/fuzz",
        &json!({"claim": "concord-area-territory", "games": 300, "seed": 3}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(
        (v["holds"].as_bool(), v["games"].as_u64()),
        (Some(true), Some(300))
    );
    assert_eq!(v["stopped_by_budget"], false);
    assert_eq!(v["counterexamples"], json!([]));
}

#[test]
fn a_failing_claim_gives_its_shrunk_counterexample_which_score_replays() {
    let server = Server::start();
    let claim = "abs(japanese:territory - chinese:area) <= 1";
    let r = server.post(
        "/api/claims/fuzz",
        &json!({"claim": claim, "games": 500, "seed": 1}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    // The library's run of the same claim, games and seed.
    let c = gorules_claims::Claim::from_text(claim).unwrap();
    let opts = gorules_claims::RunOptions {
        games: 500,
        seed: 1,
        jobs: 2,
        max_counterexamples: 1,
        ..gorules_claims::RunOptions::default()
    };
    let report = gorules_claims::run(&c, &opts, &|_| {});
    assert_eq!(v["holds"], false);
    assert_eq!(v["failures"].as_u64(), Some(report.failures));
    let ce = &v["counterexamples"][0];
    assert_eq!(ce["sgf_text"], report.counterexamples[0].sgf_text);
    assert_eq!(ce["rechecked"], true);
    assert!(
        v["explanation"]
            .as_str()
            .unwrap()
            .contains("counterexample"),
        "{}",
        v["explanation"]
    );
    // Replayed by the score endpoint with its markup's dead stones, the two scores differ by
    // more than a point, as the counterexample says.
    let sgf = ce["sgf_text"].as_str().unwrap();
    let s = server.post(
        "/api/score",
        &json!({"sgf": sgf, "rules": "japanese,chinese", "dead": "markup", "unfinished": true}),
    );
    assert_eq!(s.status, 200, "{}", s.text());
    let s = s.json();
    let margin = |i: usize| {
        s["games"][0]["rulesets"][i]["scores"][0]["margin"]
            .as_f64()
            .unwrap()
    };
    let lines = ce["scores"].as_array().unwrap();
    assert_eq!(margin(0), lines[0]["margin"].as_f64().unwrap());
    assert_eq!(margin(1), lines[1]["margin"].as_f64().unwrap());
    assert!((margin(0) - margin(1)).abs() > 1.0);
}

#[test]
fn a_run_over_its_time_budget_answers_with_the_games_it_played() {
    let server = Server::start();
    let r = server.post(
        "/api/claims/fuzz",
        &json!({"claim": "concord-area-territory", "games": 100000, "seconds": 0.2, "sizes": "9..13"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(v["stopped_by_budget"], true);
    assert_eq!(v["games_asked"], 100000);
    let played = v["games"].as_u64().unwrap();
    assert!(played < 100000, "{played}");
    assert!(v["seconds"].as_f64().unwrap() < 3.0, "{v}");
}

#[test]
fn fuzz_errors() {
    let server = Server::start();
    // A parse error at its column.
    let r = server.post("/api/claims/fuzz", &json!({"claim": "concord:area == "}));
    r.error(422);
    assert_eq!(r.json()["line"], 1);
    assert!(r.json()["column"].as_u64().is_some());
    // A file named in a claim is refused before anything is read: at its column.
    let r = server.post(
        "/api/claims/fuzz",
        &json!({"claim": "concord:area == my.toml:area"}),
    );
    let m = r.error(422);
    assert!(m.contains("not read here"), "{m}");
    assert_eq!(r.json()["column"], 17);
    // An unknown ruleset, a counting it does not allow.
    server
        .post(
            "/api/claims/fuzz",
            &json!({"claim": "nosuch:area == concord:area"}),
        )
        .error(422);
    server
        .post(
            "/api/claims/fuzz",
            &json!({"claim": "japanese:area == concord:area"}),
        )
        .error(422);
    for (extra, words) in [
        (json!({"games": 0}), "games 0"),
        (json!({"games": 100_000_000u64}), "games 100000000"),
        (json!({"counterexamples": 4}), "counterexamples 4"),
        (json!({"sizes": "0..3"}), "sizes"),
        (json!({"seconds": 0}), "seconds 0"),
        (json!({"seconds": -1.5}), "seconds -1.5"),
    ] {
        let mut body = json!({"claim": "concord-area-territory"});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        let m = server.post("/api/claims/fuzz", &body).error(422);
        assert!(m.contains(words), "{body}: {m}");
    }
    server
        .post("/api/claims/fuzz", &json!({"games": 10}))
        .error(400);
}
