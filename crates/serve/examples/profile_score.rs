//! A harness for profilers (`valgrind --tool=callgrind`): the work of one `POST /api/score`
//! request of `scripts/serve-bench.sh`, in-process and without the HTTP exchange, `N` times:
//! the request's JSON body read, the SGF read, the record compared under every built-in ruleset (dead stones `auto`, point
//! maps included), the answer built and written as JSON.
//!
//! `cargo run --release -p gorules-serve --example profile_score -- FILE N [MODE]`, where MODE
//! is `all` (the default: the answer and its JSON) or `answer` (the answer without its JSON).
//! Subtract a run with `N = 0` to leave out start-up (which reads the built-in rulesets once,
//! as the server does).
//!
//! Allocator: mimalloc, as in the `gorules` binary.

use gorules_serve::api::score::{score_text, ScoreRequest};
use gorules_serve::api::JsonText;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args
        .get(1)
        .map_or("examples/gnugo/19x19-norules-54.sgf", String::as_str);
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let mode = args.get(3).map_or("all", String::as_str);
    let sgf = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let body = serde_json::json!({"sgf": sgf, "rules": "all", "dead": "auto", "points": true});
    let body = serde_json::to_vec(&body).expect("JSON");
    let read = || -> ScoreRequest { serde_json::from_slice(&body).expect("a score request") };
    // The built-in rulesets are read once per process, as in the server: read them here.
    score_text(&read(), 1).expect("the request is answered");
    let mut bytes = 0usize;
    for _ in 0..n {
        let req = read();
        let answer = score_text(&req, 1).expect("the request is answered");
        bytes += match mode {
            "all" => JsonText::of(&answer).expect("JSON").0.len(),
            "answer" => answer.games.len(),
            other => panic!("unknown mode {other}"),
        };
    }
    println!("{mode} x{n}: {bytes} (a record of {} bytes)", sgf.len());
}
