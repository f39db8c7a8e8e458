//! `POST /api/score`: the same reports as the library (`gorules_request` + `gorules_compare`,
//! which `gorules score --format json` prints) for the same input, hand-worked scores, the
//! position at a move, and every error path.

use gorules_compare::rules_choice::compare_chosen;
use gorules_request::Request;
use gorules_sgf::parse_sgf;
use serde_json::{json, Value};

use crate::support::{repo_file, Server};

/// The library's report of the first game of `sgf` under `request`, as JSON.
fn library(sgf: &str, request: Request) -> Value {
    let games = parse_sgf(sgf, Some("request.sgf")).unwrap();
    let report = compare_chosen(&games[0], &request.rules, &request.options).unwrap();
    serde_json::to_value(report).unwrap()
}

/// The totals of one score of a report: (black, white, result).
fn totals(report: &Value, ruleset: &str, counting: &str) -> (f64, f64, String) {
    let r = report["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleset"] == ruleset)
        .unwrap_or_else(|| panic!("no {ruleset} in {report}"));
    let s = r["scores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["counting"] == counting)
        .unwrap();
    (
        s["black"].as_f64().unwrap(),
        s["white"].as_f64().unwrap(),
        s["result"].as_str().unwrap().to_string(),
    )
}

#[test]
fn a_record_is_scored_as_the_library_scores_it_and_as_counted_by_hand() {
    let server = Server::start();
    let sgf = repo_file("examples/dame-parity.sgf");
    let r = server.post(
        "/api/score",
        &json!({"sgf": sgf, "rules": "aga,chinese,japanese", "dead": "none"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.header("content-type"), Some("application/json"));
    let v = r.json();
    let expected = library(
        &sgf,
        Request::new()
            .rules("aga,chinese,japanese")
            .unwrap()
            .dead("none", None)
            .unwrap()
            .point_maps(true),
    );
    assert_eq!(v["games"][0], expected);
    assert_eq!(v["errors"], json!([]));
    // The final board as the record's comment describes it: Black's wall on column B and
    // C5, C3, C1; White's on column D and C4, C2; no capture.
    assert_eq!(
        v["positions"][0],
        json!({"move": 17, "moves": 17, "last_move": "B pass",
               "board": [".XXO.", ".XOO.", ".XXO.", ".XOO.", ".XXO."], "captures": [0, 0]})
    );
    // By hand, from the final 5x5 board (Chinese Rules, area counting: stones plus surrounded
    // points): Black has B1-B5, C5, C3 and C1 (8 stones) and column A (5 points), 13; White
    // D1-D5, C4 and C2 (7 stones) and column E (5 points), 12; komi 0 (KM[0]): B+1.
    assert_eq!(
        totals(&v["games"][0], "chinese", "area"),
        (13.0, 12.0, "B+1".into())
    );
    // Japanese Rules of Go (1989), Article 10: territory and prisoners only: 5 points each, no
    // prisoner: a draw.
    assert_eq!(
        totals(&v["games"][0], "japanese", "territory"),
        (5.0, 5.0, "0".into())
    );
}

#[test]
fn dead_stones_named_by_point_are_scored_as_the_library_and_by_hand() {
    let server = Server::start();
    let sgf = repo_file("examples/dame-parity.sgf");
    let r = server.post(
        "/api/score",
        &json!({"sgf": sgf, "rules": "chinese,japanese", "dead": "C4"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    let expected = library(
        &sgf,
        Request::new()
            .rules("chinese,japanese")
            .unwrap()
            .dead("C4", None)
            .unwrap()
            .point_maps(true),
    );
    assert_eq!(v["games"][0], expected);
    // By hand: the white stone at C4 removed as dead leaves an empty point touching Black
    // (C5, B4, C3) and White (D4): a dame under either count. Chinese area: Black 8 stones and
    // 5 points, 13; White 6 stones and 5 points, 11: B+2. Japanese territory (Article 10: a
    // dead stone is a prisoner): Black 5 points and 1 prisoner, 6; White 5: B+1.
    assert_eq!(
        totals(&v["games"][0], "chinese", "area"),
        (13.0, 11.0, "B+2".into())
    );
    assert_eq!(
        totals(&v["games"][0], "japanese", "territory"),
        (6.0, 5.0, "B+1".into())
    );
    // The report names it, and its point map shows it counted for nobody (`.`, docs/json.md,
    // "Point maps"): row 4 from the top is the second string, column C its third.
    assert_eq!(v["games"][0]["game"]["dead_stones"], json!(["C4"]));
    let rows = &v["games"][0]["rulesets"][0]["scores"][0]["points"]["rows"];
    assert_eq!(
        rows[1].as_str().unwrap().chars().nth(2),
        Some('.'),
        "{rows}"
    );
}

#[test]
fn a_position_before_the_end_is_the_record_cut_there() {
    let server = Server::start();
    let sgf = repo_file("examples/dame-parity.sgf");
    let r = server.post(
        "/api/score",
        &json!({"sgf": sgf, "rules": "chinese", "move": 0, "unfinished": true, "dead": "none"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(
        v["positions"][0],
        json!({"move": 0, "moves": 17, "last_move": null,
               "board": [".....", ".....", ".....", ".....", "....."], "captures": [0, 0]})
    );
    // By hand: the empty board belongs to nobody (Concord's definition of territory, which
    // the README states for every count): 0 to 0, komi 0, a draw.
    assert_eq!(
        totals(&v["games"][0], "chinese", "area"),
        (0.0, 0.0, "0".into())
    );

    let r = server.post(
        "/api/score",
        &json!({"sgf": sgf, "rules": "chinese", "move": 4, "unfinished": true, "dead": "none"}),
    );
    let v = r.json();
    // The fourth move, W[dd]: column d, row d from the top of 5, D2.
    assert_eq!(v["positions"][0]["last_move"], "W D2");
    let mut games = parse_sgf(&sgf, Some("request.sgf")).unwrap();
    let g = &mut games[0];
    g.moves.truncate(4);
    g.move_nodes.truncate(4);
    g.territory_markup = None;
    g.result = None;
    let request = Request::new()
        .rules("chinese")
        .unwrap()
        .dead("none", None)
        .unwrap()
        .unfinished(true)
        .point_maps(true);
    let expected = compare_chosen(g, &request.rules, &request.options).unwrap();
    assert_eq!(v["games"][0], serde_json::to_value(expected).unwrap());
}

#[test]
fn a_ruleset_of_ones_own_is_scored_from_its_toml_text() {
    let server = Server::start();
    let sgf = repo_file("examples/dame-parity.sgf");
    // Concord without its last-pass rule (the README's example file).
    let toml = "id = \"concord-no-last-pass\"\nname = \"Concord without its last-pass rule\"\nextends = \"concord\"\n\n[end]\nend-of-play = \"two-passes\"\n";
    let r = server.post(
        "/api/score",
        &json!({"sgf": sgf, "rules": "", "rules_toml": [toml], "dead": "none", "counting": "area"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    let rulesets = v["games"][0]["rulesets"].as_array().unwrap();
    assert_eq!(rulesets.len(), 1);
    assert_eq!(rulesets[0]["ruleset"], "concord-no-last-pass");
    let expected = library(
        &sgf,
        Request::new()
            .rule_choices(vec![gorules_compare::rules_choice::RulesetChoice::Fixed(
                std::sync::Arc::new(gorules_rules::parse(toml, "rules_toml[0]").unwrap()),
            )])
            .countings("area")
            .unwrap()
            .dead("none", None)
            .unwrap()
            .point_maps(true),
    );
    assert_eq!(v["games"][0], expected);
}

#[test]
fn all_puts_a_katago_records_own_ruleset_first_as_score_does() {
    let server = Server::start();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/katago");
    let file = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .min()
        .unwrap();
    let sgf = std::fs::read_to_string(file).unwrap();
    let r = server.post(
        "/api/score",
        &json!({"sgf": sgf, "unfinished": true, "points": false}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let first = &r.json()["games"][0]["rulesets"][0];
    assert!(
        first["ruleset"].as_str().unwrap().starts_with("katago:"),
        "{first}"
    );
}

#[test]
fn a_collection_scores_each_game_and_gives_the_errors_of_the_others() {
    let server = Server::start();
    let sgf = "(;SZ[5];B[cc];W[];B[])(;SZ[5];B[cc];W[cc])";
    let r = server.post(
        "/api/score",
        &json!({"sgf": sgf, "rules": "chinese", "dead": "none"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(v["games"].as_array().unwrap().len(), 1);
    let e = &v["errors"][0];
    assert!(e["error"].as_str().unwrap().contains("occupied"), "{e}");
    // W[cc] of the second game: the first game is 22 characters, and the W of the second is
    // its 15th: line 1, column 37.
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64()),
        (Some(1), Some(37)),
        "{e}"
    );
}

#[test]
fn bad_input_is_a_4xx_with_the_place_of_the_problem() {
    let server = Server::start();
    let good = repo_file("examples/dame-parity.sgf");
    // Not JSON: 400 at serde's line and column.
    let r = server.post_bytes("/api/score", b"{\n  \"sgf\": ");
    let m = r.error(400);
    assert!(m.contains("not the JSON asked for"), "{m}");
    assert_eq!(r.json()["line"], 2);
    // A field of the wrong type, a missing one, an unknown one: 400.
    for body in [
        json!({"sgf": 5}),
        json!({"rules": "all"}),
        json!({"sgf": good, "colour": "black"}),
        json!({"sgf": good, "move": -1}),
    ] {
        server.post("/api/score", &body).error(400);
    }
    // The SGF: 422 at its line and column.
    let r = server.post("/api/score", &json!({"sgf": "(;SZ[9]\n;B[zz])"}));
    let m = r.error(422);
    assert!(m.contains("off the 9x9 board"), "{m}");
    assert_eq!(
        (r.json()["line"].as_u64(), r.json()["column"].as_u64()),
        (Some(2), Some(2))
    );
    server
        .post("/api/score", &json!({"sgf": "no game here"}))
        .error(422);
    server
        .post("/api/score", &json!({"sgf": "(;SZ[9];B[aa]"}))
        .error(422);
    // Every choice, in the request layer's words.
    let cases = [
        (
            json!({"rules": "rulesets/aga.toml"}),
            "a ruleset file is not read here",
        ),
        (
            json!({"rules": "record:/etc/passwd"}),
            "a ruleset file is not read here",
        ),
        (json!({"rules": "japanse"}), "did you mean `japanese`?"),
        (json!({"rules": " , "}), "names no ruleset"),
        (json!({"rules": "katago:nonsense"}), "katago"),
        (json!({"counting": "teritory"}), "did you mean `territory`?"),
        (json!({"komi": 0.3}), "whole or half"),
        (json!({"dead": "engine"}), "not offered here"),
        (json!({"dead": "estimated"}), "did you mean `estimate`?"),
        (json!({"dead": "Z99"}), "dead stones `Z99`"),
        (json!({"move": 18}), "beyond the end of the record"),
        (json!({"strict": true, "sgf": "(;SZ[5];B[aa];B[bb])"}), ""),
    ];
    for (extra, words) in cases {
        let mut body = json!({"sgf": good});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        let m = server.post("/api/score", &body).error(422);
        assert!(m.contains(words), "{body}: {m}");
    }
    // A ruleset's TOML: at its line and column.
    let toml = "id = \"mine\"\nname = \"Mine\"\nextends = \"concord\"\n[end]\nend-of-play = \"three-passes\"\n";
    let r = server.post("/api/score", &json!({"sgf": good, "rules_toml": [toml]}));
    let m = r.error(422);
    assert!(m.starts_with("rules_toml[0]:5:"), "{m}");
    assert_eq!(r.json()["line"], 5);
    assert!(r.json()["column"].as_u64().is_some());
    // A control character sent comes back escaped.
    let m = server
        .post(
            "/api/score",
            &json!({"sgf": good, "rules": "bad\u{1b}[31m"}),
        )
        .error(422);
    assert!(!m.contains('\u{1b}'), "{m:?}");
}

#[test]
fn the_position_counts_captures() {
    let server = Server::start();
    // By hand: Black B5, White A5, Black A4 takes A5's last liberty: one white stone captured.
    let sgf = "(;SZ[5];B[ba];W[aa];B[ab])";
    let r = server.post(
        "/api/score",
        &json!({"sgf": sgf, "rules": "japanese", "unfinished": true, "dead": "none"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(v["positions"][0]["captures"], json!([1, 0]));
    assert_eq!(v["positions"][0]["board"][0], ".X...");
    assert_eq!(v["positions"][0]["last_move"], "B A4");
    // Japanese Rules of Go (1989), Article 10: the captured stone is a prisoner of Black's.
    assert_eq!(
        v["games"][0]["rulesets"][0]["scores"][0]["breakdown"]["black"]["prisoners"]["captures"],
        1
    );
}
