//! A harness for profilers (`valgrind --tool=callgrind`, `perf stat -e instructions`): the
//! records benchmark's 250-move 19x19 record, parsed and/or compared `N` times.
//!
//! `cargo run --release -p gorules-compare --example profile_record -- MODE N`, where MODE is
//! `all` (parse, replay and score under every built-in ruleset, as the benchmark does),
//! `parse` (our `parse_sgf`), `sgf-parse` (the `sgf-parse` crate alone, on the same text) or
//! `compare` (replay and score a record parsed once). Subtract a run with `N = 0` to leave out
//! start-up.
//!
//! `... --example profile_record -- corpus DIR` writes the corpus benchmark's 10,000 records to
//! `DIR`, for timing the whole command (`gorules compare DIR --jobs 1`).
//!
//! Allocator: mimalloc, as in the `gorules` binary and the benchmark.

use gorules_board::{Board, Color, ColoredMove, Move, Size};
use gorules_compare::record::{parse_sgf, to_sgf, GameRecord};
use gorules_compare::replay::Options;
use gorules_compare::report::compare_game;
use gorules_rules::builtins;

/// splitmix64 (the benchmark's).
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

/// The benchmark's record generator (`benches/records.rs`), unchanged.
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

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("all", String::as_str);
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    if mode == "corpus" {
        let dir = std::path::PathBuf::from(args.get(2).expect("a folder"));
        std::fs::create_dir_all(&dir).unwrap();
        // As in benches/records.rs: mostly 19x19, some 9x9 and 13x13.
        for i in 0..10_000u64 {
            let (n, plies) = match i % 4 {
                0 => (9, 60),
                1 => (13, 120),
                _ => (19, 220),
            };
            let path = dir.join(format!("{i:05}.sgf"));
            std::fs::write(&path, to_sgf(&random_record(n, plies, i))).unwrap();
        }
        return;
    }
    let rulesets = builtins();
    let text = to_sgf(&random_record(19, 250, 7));
    let parsed = parse_sgf(&text, Some("bench.sgf")).unwrap();
    let mut sink = 0usize;
    for _ in 0..n {
        sink += match mode {
            "all" => {
                let rec = &parse_sgf(&text, Some("bench.sgf")).unwrap()[0];
                compare_game(rec, &rulesets, &Options::default())
                    .unwrap()
                    .rulesets
                    .len()
            }
            "parse" => parse_sgf(&text, Some("bench.sgf")).unwrap().len(),
            "sgf-parse" => sgf_parse::parse(&text).unwrap().len(),
            "compare" => compare_game(&parsed[0], &rulesets, &Options::default())
                .unwrap()
                .rulesets
                .len(),
            other => panic!("unknown mode {other}"),
        };
    }
    println!("{mode} x{n}: {sink} ({} bytes of SGF)", text.len());
}
