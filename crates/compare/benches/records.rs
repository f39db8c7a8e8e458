//! Reading and comparing records: one 250-move 19x19 record under every built-in ruleset (parse, replay,
//! score), and a corpus of 10,000 records compared on one and two threads the way `gorules
//! compare` runs (entries streamed in input order and dropped).
//!
//! The records are generated here (seeded random legal play), so the benchmark needs no
//! outside files: `cargo bench -p gorules-compare --bench records`. They carry no territory
//! markup and are read with the dead stones of their markup (`--dead markup`: every stone
//! alive), as the corpus scripts run them: the default `auto` would estimate each final
//! position's dead stones, the dead-stone estimate's own workload (benchmark `estimate` of
//! gorules-life).
//!
//! Allocator: mimalloc, the global allocator of the `gorules` binary (as in the product).

mod support;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use gorules_compare::corpus::{compare_paths, GameEntry, RunLimits};
use gorules_compare::dead::DeadStones;
use gorules_compare::replay::Options;
use gorules_compare::report::compare_game;
use gorules_rules::builtins;
use gorules_sgf::{parse_sgf, to_sgf};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The records' options: the dead stones of their markup (none).
fn options() -> Options {
    Options {
        dead: DeadStones::Markup,
        ..Options::default()
    }
}

fn one_record(c: &mut Criterion) {
    let rulesets: Vec<_> = builtins().into_iter().map(std::sync::Arc::new).collect();
    let text = to_sgf(&support::random_record(19, 250, 7));
    let options = options();
    let mut g = c.benchmark_group("record_19x19_250_moves");
    g.throughput(Throughput::Elements(1));
    g.bench_function("parse_replay_score_all_rulesets", |b| {
        b.iter(|| {
            let rec = &parse_sgf(&text, Some("bench.sgf")).unwrap()[0];
            compare_game(rec, &rulesets, &options).unwrap()
        })
    });
    g.bench_function("parse_only", |b| {
        b.iter(|| parse_sgf(&text, Some("bench.sgf")).unwrap())
    });
    g.finish();
}

fn corpus(c: &mut Criterion) {
    let rulesets = gorules_compare::rules_choice::fixed(builtins());
    let dir = std::env::temp_dir().join(format!("gorules-bench-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files = support::write_corpus(&dir, 10_000);
    let paths = [dir.clone()];
    let options = options();
    let mut g = c.benchmark_group("compare_10000_records");
    g.sample_size(10);
    g.throughput(Throughput::Elements(files.len() as u64));
    for jobs in [1, 2] {
        g.bench_function(format!("jobs_{jobs}"), |b| {
            b.iter_batched(
                || (),
                |_| {
                    // As `gorules compare` runs: entries handed over in order as they are
                    // done, each dropped once used (here, counted).
                    let mut games = 0usize;
                    let limits = RunLimits {
                        jobs,
                        ..RunLimits::default()
                    };
                    compare_paths(&paths, &rulesets, &options, limits, &|| {}, |e| {
                        games += matches!(std::hint::black_box(&e), GameEntry::Report(_)) as usize
                    });
                    games
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, one_record, corpus);
criterion_main!(benches);
