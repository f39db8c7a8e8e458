//! A harness for profilers (`valgrind --tool=callgrind`, `perf stat -e instructions`): the
//! records benchmark's 250-move 19x19 record, parsed and/or compared `N` times.
//!
//! `cargo run --release -p gorules-compare --example profile_record -- MODE N`, where MODE is
//! `all` (parse, replay and score under every built-in ruleset, as the benchmark does),
//! `parse` (`gorules_sgf::parse_sgf`) or `compare` (replay and score a record parsed once).
//! Subtract a run with `N = 0` to leave out start-up. The record is read with the dead stones
//! of its markup (none: every stone alive), as in the benchmark.
//!
//! `... --example profile_record -- corpus DIR` writes the corpus benchmark's 10,000 records to
//! `DIR`, for timing the whole command (`gorules compare DIR --jobs 1 --dead markup`).
//!
//! Allocator: mimalloc, as in the `gorules` binary and the benchmark.

#[path = "../benches/support/mod.rs"]
mod support;

use gorules_compare::dead::DeadStones;
use gorules_compare::replay::Options;
use gorules_compare::report::compare_game;
use gorules_rules::builtins;
use gorules_sgf::{parse_sgf, to_sgf};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("all", String::as_str);
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    if mode == "corpus" {
        let dir = std::path::PathBuf::from(args.get(2).expect("a folder"));
        std::fs::create_dir_all(&dir).unwrap();
        support::write_corpus(&dir, 10_000);
        return;
    }
    let rulesets: Vec<_> = builtins().into_iter().map(std::sync::Arc::new).collect();
    let text = to_sgf(&support::random_record(19, 250, 7));
    let parsed = parse_sgf(&text, Some("bench.sgf")).unwrap();
    let options = Options {
        dead: DeadStones::Markup,
        ..Options::default()
    };
    let mut sink = 0usize;
    for _ in 0..n {
        sink += match mode {
            "all" => {
                let rec = &parse_sgf(&text, Some("bench.sgf")).unwrap()[0];
                compare_game(rec, &rulesets, &options)
                    .unwrap()
                    .rulesets
                    .len()
            }
            "parse" => parse_sgf(&text, Some("bench.sgf")).unwrap().len(),
            "compare" => compare_game(&parsed[0], &rulesets, &options)
                .unwrap()
                .rulesets
                .len(),
            other => panic!("unknown mode {other}"),
        };
    }
    println!("{mode} x{n}: {sink} ({} bytes of SGF)", text.len());
}
