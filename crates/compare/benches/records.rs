//! Issue 4 speed: one 250-move 19x19 record under every built-in ruleset (parse, replay,
//! score), and a corpus of 10,000 records compared on two threads.
//!
//! The records are generated here (seeded random legal play), so the benchmark needs no
//! outside files: `cargo bench -p gorules-compare --bench records`.
//!
//! Allocator: mimalloc, the global allocator of the `gorules` binary (as in the product).

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use gorules_board::{Board, Color, ColoredMove, Move, Size};
use gorules_compare::corpus::compare_files;
use gorules_compare::record::{parse_sgf, to_sgf, GameRecord};
use gorules_compare::replay::Options;
use gorules_compare::report::compare_game;
use gorules_rules::builtins;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// splitmix64.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// A record of `plies` random board plays (no suicide, no immediate single-stone recapture,
/// no filling own eyes, no repeated position), then two passes.
fn random_record(n: u32, plies: usize, seed: u64) -> GameRecord {
    let size = Size::square(n).unwrap();
    let mut rng = Rng(seed);
    let mut board = Board::new(size);
    let mut seen = std::collections::HashSet::new();
    seen.insert(board.hash());
    let mut rec = GameRecord::new(size);
    rec.komi = Some(6.5);
    let mut color = Color::Black;
    while rec.moves.len() < plies {
        let mut played = false;
        for _ in 0..50 {
            let p = board.empty_point(rng.below(board.empty_count()));
            if board.is_eye_like(color, p) {
                continue;
            }
            match board.preview(color, p) {
                Ok(pv) if pv.suicide == 0 && !seen.contains(&pv.hash) => {
                    board.play(color, p).unwrap();
                    seen.insert(board.hash());
                    rec.moves.push(ColoredMove::play(color, p));
                    played = true;
                    break;
                }
                _ => {}
            }
        }
        if !played {
            rec.moves.push(ColoredMove::pass(color));
        }
        color = color.opponent();
    }
    rec.moves.push(ColoredMove {
        color,
        mv: Move::Pass,
    });
    rec.moves.push(ColoredMove::pass(color.opponent()));
    rec
}

fn one_record(c: &mut Criterion) {
    let rulesets = builtins();
    let text = to_sgf(&random_record(19, 250, 7));
    let mut g = c.benchmark_group("record_19x19_250_moves");
    g.throughput(Throughput::Elements(1));
    g.bench_function("parse_replay_score_all_rulesets", |b| {
        b.iter(|| {
            let rec = &parse_sgf(&text, Some("bench.sgf")).unwrap()[0];
            compare_game(rec, &rulesets, &Options::default()).unwrap()
        })
    });
    g.bench_function("parse_only", |b| {
        b.iter(|| parse_sgf(&text, Some("bench.sgf")).unwrap())
    });
    g.finish();
}

fn corpus(c: &mut Criterion) {
    let rulesets = builtins();
    let dir = std::env::temp_dir().join(format!("gorules-bench-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let files: Vec<PathBuf> = (0..10_000u64)
        .map(|i| {
            // A mix like public collections: mostly 19x19, some 9x9 and 13x13.
            let (n, plies) = match i % 4 {
                0 => (9, 60),
                1 => (13, 120),
                _ => (19, 220),
            };
            let path = dir.join(format!("{i:05}.sgf"));
            std::fs::write(&path, to_sgf(&random_record(n, plies, i))).unwrap();
            path
        })
        .collect();
    let mut g = c.benchmark_group("compare_10000_records");
    g.sample_size(10);
    g.throughput(Throughput::Elements(files.len() as u64));
    for jobs in [1, 2] {
        g.bench_function(format!("jobs_{jobs}"), |b| {
            b.iter_batched(
                || (),
                |_| compare_files(&files, &rulesets, &Options::default(), jobs, &|| {}),
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, one_record, corpus);
criterion_main!(benches);
