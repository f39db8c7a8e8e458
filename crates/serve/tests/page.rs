//! The page and its files, the examples it offers, and the OpenAPI document.

use serde_json::Value;

use crate::support::{repo_file, Server};

#[test]
fn the_page_and_its_files() {
    let server = Server::start();
    let r = server.get("/");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    let html = r.text();
    for asset in ["/assets/app.js", "/assets/style.css"] {
        assert!(html.contains(asset), "{asset}");
        let a = server.get(asset);
        assert_eq!(a.status, 200, "{asset}");
        assert!(!a.body.is_empty());
    }
    // No file from elsewhere: the page works offline.
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "an outside link"
    );
}

#[test]
fn the_examples_are_the_repositorys_files() {
    let server = Server::start();
    let list = server.get("/api/examples").json();
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"dame-parity"), "{names:?}");
    let r = server.get("/api/examples/dame-parity");
    assert_eq!(r.status, 200);
    assert_eq!(r.text(), repo_file("examples/dame-parity.sgf"));
    for name in names {
        assert_eq!(
            server.get(&format!("/api/examples/{name}")).status,
            200,
            "{name}"
        );
    }
}

#[test]
fn the_openapi_document_describes_every_endpoint() {
    let server = Server::start();
    let r = server.get("/api/openapi.json");
    assert_eq!(r.status, 200);
    let v: Value = r.json();
    assert!(v["openapi"].as_str().unwrap().starts_with("3."));
    let paths: Vec<&String> = v["paths"].as_object().unwrap().keys().collect();
    let mut expected = [
        "/api/health",
        "/api/score",
        "/api/annotate",
        "/api/diagram",
        "/api/examples",
        "/api/examples/{name}",
        "/api/rulesets",
        "/api/rulesets/{id}",
        "/api/rulesets/diff",
        "/api/rulesets/check",
        "/api/claims",
        "/api/claims/fuzz",
    ];
    expected.sort();
    let mut got: Vec<&str> = paths.iter().map(|s| s.as_str()).collect();
    got.sort();
    assert_eq!(got, expected);
    // The request types come from the handlers' own: every field of a score request, with
    // the names `gorules score` gives its options.
    let score = &v["components"]["schemas"]["ScoreRequest"]["properties"];
    for field in [
        "sgf",
        "rules",
        "rules_toml",
        "counting",
        "komi",
        "dead",
        "unfinished",
        "strict",
        "move",
        "points",
    ] {
        assert!(score.get(field).is_some(), "{field}: {score}");
    }
    assert!(v["components"]["schemas"]["ErrorBody"].is_object());
}
