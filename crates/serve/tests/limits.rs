//! The limits of the contract: body size (413), requests at once (503 with `Retry-After`),
//! request time (503), games per collection (422); unknown paths and methods; and a graceful
//! stop that lets the requests at work finish.

use std::time::Duration;

use gorules_serve::Limits;
use serde_json::json;

use crate::support::{repo_file, request, Server};

#[test]
fn a_body_over_the_limit_is_a_413() {
    let server = Server::with(Limits {
        max_body: 1000,
        ..Limits::default()
    });
    let big = json!({"sgf": "x".repeat(2000)});
    let m = server.post("/api/score", &big).error(413);
    assert!(m.contains("larger than the server's limit"), "{m}");
    server
        .post("/api/rulesets/check", &json!({"toml": "#".repeat(5000)}))
        .error(413);
    // Under the limit, the same endpoint answers.
    assert_eq!(
        server
            .post(
                "/api/score",
                &json!({"sgf": "(;SZ[5];B[cc];W[];B[])", "rules": "chinese"})
            )
            .status,
        200
    );
}

#[test]
fn a_collection_over_the_limit_is_a_422() {
    let server = Server::with(Limits {
        max_games: 2,
        ..Limits::default()
    });
    let three = "(;SZ[5];B[cc];W[];B[])".repeat(3);
    let m = server
        .post("/api/score", &json!({"sgf": three, "rules": "chinese"}))
        .error(422);
    assert!(
        m.contains("holds 3 games; the server scores at most 2"),
        "{m}"
    );
    server
        .post("/api/annotate", &json!({"sgf": three}))
        .error(422);
    let two = "(;SZ[5];B[cc];W[];B[])".repeat(2);
    assert_eq!(
        server
            .post("/api/score", &json!({"sgf": two, "rules": "chinese"}))
            .status,
        200
    );
}

#[test]
fn a_request_beyond_the_ones_at_work_is_a_503() {
    let server = Server::with(Limits {
        max_inflight: 1,
        ..Limits::default()
    });
    let addr = server.addr;
    // One request at work for about a second (a fuzz run stops at its budget; 100,000 random
    // games on 19x19 take far longer than that)...
    let busy = std::thread::spawn(move || {
        let body = json!({"claim": "concord-area-territory", "games": 100000, "seconds": 1.0, "sizes": "19"});
        request(
            addr,
            "POST",
            "/api/claims/fuzz",
            Some(body.to_string().as_bytes()),
        )
    });
    std::thread::sleep(Duration::from_millis(300));
    // ... and the next one is turned away at once.
    let r = server.post("/api/score", &json!({"sgf": "(;SZ[5];B[cc];W[];B[])"}));
    let m = r.error(503);
    assert!(m.contains("busy"), "{m}");
    assert_eq!(r.header("retry-after"), Some("1"));
    // Lists that compute nothing are not limited.
    assert_eq!(server.get("/api/health").status, 200);
    assert_eq!(busy.join().unwrap().status, 200);
    // Free again.
    assert_eq!(
        server
            .post(
                "/api/score",
                &json!({"sgf": "(;SZ[5];B[cc];W[];B[])", "rules": "chinese"})
            )
            .status,
        200
    );
}

#[test]
fn a_request_over_its_time_is_a_503() {
    let server = Server::with(Limits {
        timeout: Duration::from_millis(1),
        ..Limits::default()
    });
    // A 19x19 game under every built-in ruleset, its dead stones estimated by play-outs: far
    // more than a millisecond.
    let sgf = repo_file("examples/gnugo/19x19-japanese-52.sgf");
    let m = server
        .post("/api/score", &json!({"sgf": sgf, "dead": "estimate"}))
        .error(503);
    assert!(m.contains("took longer than the server's 0.001 s"), "{m}");
}

#[test]
fn unknown_paths_and_methods() {
    let server = Server::start();
    let m = server.get("/api/nothing").error(404);
    assert!(m.contains("/api/nothing"), "{m}");
    server.get("/api/score").error(405);
    server.post("/api/health", &json!({})).error(405);
    server.get("/api/examples/nosuch").error(404);
    server.get("/assets/nosuch.js").error(404);
}

#[test]
fn health() {
    let server = Server::start();
    let v = server.get("/api/health").json();
    assert_eq!(
        v,
        json!({"status": "ok", "version": env!("CARGO_PKG_VERSION")})
    );
}

#[test]
fn a_stop_lets_the_requests_at_work_finish() {
    let server = Server::start();
    let addr = server.addr;
    let at_work = std::thread::spawn(move || {
        let body = json!({"claim": "concord-area-territory", "games": 100000, "seconds": 1.0, "sizes": "19"});
        request(
            addr,
            "POST",
            "/api/claims/fuzz",
            Some(body.to_string().as_bytes()),
        )
    });
    std::thread::sleep(Duration::from_millis(300));
    // Stops the server, and waits for it.
    drop(server);
    let r = at_work.join().unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["stopped_by_budget"], true);
    // Nobody listens any more.
    assert!(std::net::TcpStream::connect(addr).is_err());
}
