//! `POST /api/annotate` and `POST /api/diagram`: the library's annotation and diagram of the
//! same input, and their errors.

use gorules_compare::dead::DeadStones;
use gorules_compare::diagram::{render, view, Format};
use gorules_compare::replay::Options;
use gorules_sgf::parse_sgf;
use serde_json::json;

use crate::support::{repo_file, Server};

#[test]
fn annotate_writes_what_the_library_writes() {
    let server = Server::start();
    let sgf = repo_file("examples/dame-parity.sgf");
    let r = server.post(
        "/api/annotate",
        &json!({"sgf": sgf, "rules": "chinese", "dead": "none"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    let rules = gorules_rules::load("chinese").unwrap();
    let options = Options {
        dead: DeadStones::None,
        ..Options::default()
    };
    let expected =
        gorules_compare::annotate::annotate(&sgf, "request.sgf", &rules, &options).unwrap();
    assert_eq!(v["sgf"], expected.text);
    assert_eq!(v["left"], json!([]));
    // The result by hand (see score.rs): Chinese area counting B+1, written as RE.
    assert!(expected.text.contains("RE[B+1]"), "{}", expected.text);
    // Black's territory, column A, as TB.
    assert!(expected.text.contains("TB["), "{}", expected.text);
}

#[test]
fn annotate_leaves_an_unfinished_game_and_says_why() {
    let server = Server::start();
    let r = server.post(
        "/api/annotate",
        &json!({"sgf": "(;SZ[5];B[cc])", "rules": "aga"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(v["sgf"], "(;SZ[5];B[cc])");
    assert_eq!(v["left"][0]["game"], 0);
    assert_eq!(v["left"][0]["refused"], false);
}

#[test]
fn annotate_errors() {
    let server = Server::start();
    let sgf = repo_file("examples/dame-parity.sgf");
    for (body, words) in [
        (
            json!({"sgf": sgf, "rules": "aga,chinese"}),
            "one ruleset's count",
        ),
        (json!({"sgf": sgf, "rules": "all"}), "one ruleset's count"),
        (json!({"sgf": sgf, "rules": "x.toml"}), "not read here"),
        (json!({"sgf": sgf, "dead": "engine"}), "not offered"),
        (json!({"sgf": sgf, "rules_toml": "id = 5"}), "rules_toml:1:"),
        (json!({"sgf": "(;SZ[5];B[zz])"}), "off the 5x5 board"),
    ] {
        let m = server.post("/api/annotate", &body).error(422);
        assert!(m.contains(words), "{body}: {m}");
    }
    server
        .post("/api/annotate", &json!({"rules": "aga"}))
        .error(400);
}

#[test]
fn diagram_draws_what_the_library_draws() {
    let server = Server::start();
    let sgf = repo_file("examples/dame-parity.sgf");
    let games = parse_sgf(&sgf, Some("request.sgf")).unwrap();
    let rules = gorules_rules::load("chinese").unwrap();
    let options = Options {
        dead: DeadStones::None,
        ..Options::default()
    };
    for (format, kind, f) in [
        ("svg", "image/svg+xml", Format::Svg),
        ("text", "text/plain; charset=utf-8", Format::Text),
    ] {
        let r = server.post(
            "/api/diagram",
            &json!({"sgf": sgf, "rules": "chinese", "dead": "none", "move": 9, "format": format}),
        );
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.header("content-type"), Some(kind));
        let expected = render(&view(&games[0], &rules, &options, Some(9)).unwrap(), f);
        assert_eq!(r.text(), expected);
    }
    // The end, by hand (score.rs): the text diagram's last line gives Chinese area B+1.
    let r = server.post(
        "/api/diagram",
        &json!({"sgf": sgf, "rules": "chinese", "dead": "none", "format": "text"}),
    );
    assert!(r.text().contains("area B+1 (B 13, W 12)"), "{}", r.text());
    // `record`: the ruleset the record's RU names (GNU Go's game: Japanese).
    let gnugo = repo_file("examples/gnugo-selfplay-9x9.sgf");
    let r = server.post(
        "/api/diagram",
        &json!({"sgf": gnugo, "rules": "record", "format": "text"}),
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.text().contains("rules japanese"), "{}", r.text());
}

#[test]
fn diagram_errors() {
    let server = Server::start();
    let sgf = repo_file("examples/dame-parity.sgf");
    for (body, words) in [
        (
            json!({"sgf": sgf, "move": 99}),
            "beyond the end of the record",
        ),
        (json!({"sgf": sgf, "format": "png"}), "format `png`"),
        (
            json!({"sgf": sgf, "rules": "aga,chinese"}),
            "one ruleset's count",
        ),
        (json!({"sgf": sgf, "rules": "../x.toml"}), "not read here"),
        (json!({"sgf": sgf, "rules": "record"}), "RU"),
        (json!({"sgf": sgf, "komi": 1e9}), "komi"),
        (json!({"sgf": "(;SZ[5];B[cc];W[cc])"}), "occupied"),
    ] {
        let m = server.post("/api/diagram", &body).error(422);
        assert!(m.contains(words), "{body}: {m}");
    }
}
