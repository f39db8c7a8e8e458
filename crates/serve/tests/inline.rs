//! Work that runs inline, on the thread that reads the request (`gorules_serve::inline`): a
//! bounded request is answered while long ones work on the blocking pool, even with a single
//! such thread; and what is judged bounded never estimates dead stones by play-outs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use gorules_serve::api::score::{read, score_work, ScoreRequest};
use gorules_serve::Limits;
use serde_json::json;

use crate::support::{repo_file, request, Server};

#[test]
fn a_bounded_request_is_answered_while_long_ones_work() {
    // One thread reads and answers every connection.
    let server = Server::on_threads(Limits::default(), 1);
    let addr = server.addr;
    // A fuzz run of two seconds (it stops at its budget) for each core, up to four: the
    // blocking pool's turns are all taken.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let long: Vec<_> = (0..cores.min(4))
        .map(|_| {
            std::thread::spawn(move || {
                let body =
                    json!({"claim": "concord-area-territory", "games": 100000, "seconds": 2.0, "sizes": "19"});
                request(
                    addr,
                    "POST",
                    "/api/claims/fuzz",
                    Some(body.to_string().as_bytes()),
                )
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    // A 9x9 record under every ruleset, its stones all alive: bounded work, answered now
    // rather than after a turn on the pool.
    let sgf = repo_file("examples/dame-parity.sgf");
    let r = server.post("/api/score", &json!({"sgf": sgf, "dead": "none"}));
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(
        long.iter().all(|t| !t.is_finished()),
        "the score was answered only after the long requests"
    );
    for t in long {
        let r = t.join().unwrap();
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["stopped_by_budget"], true);
    }
}

fn records(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            records(&path, into);
        } else if path.extension().is_some_and(|e| e == "sgf") {
            into.push(path);
        }
    }
}

#[test]
fn bounded_work_never_estimates_dead_stones() {
    let mut files = Vec::new();
    records(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples"),
        &mut files,
    );
    let (mut inline, mut pool) = (0, 0);
    for file in &files {
        let sgf = std::fs::read_to_string(file).unwrap();
        for dead in ["auto", "estimate", "markup", "none"] {
            for unfinished in [false, true] {
                let req: ScoreRequest = serde_json::from_value(
                    json!({"sgf": sgf, "dead": dead, "unfinished": unfinished, "points": false}),
                )
                .unwrap();
                let Ok(work) = read(&req, 16) else { continue };
                if !work.bounded() {
                    pool += 1;
                    continue;
                }
                inline += 1;
                let Ok(answer) = score_work(&req, &work) else {
                    continue;
                };
                let text = gorules_rules::json::to_string(&answer).unwrap();
                assert!(
                    !text.contains(r#""dead_source":"estimate""#),
                    "{} with dead {dead}, unfinished {unfinished}: judged bounded, but estimated",
                    file.display()
                );
            }
        }
    }
    // Both kinds are met: records without markup ended in passes estimate under `auto`.
    assert!(
        inline > 0 && pool > 0,
        "{inline} inline, {pool} on the pool"
    );
}
