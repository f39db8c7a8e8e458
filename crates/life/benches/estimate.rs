//! The dead-stone estimate on real 19x19 final positions: games that ended in two passes.
//!
//! Positions:
//!
//! - `selfplay-19x19.txt` beside this file: final positions of GNU Go 3.8 self-play games
//!   (levels 1, 5 and 10; see docs/dead-stones.md), always present;
//! - every 19x19 record that ended in two passes among GNU Go's regression games, when the
//!   corpus is beside the repository (`../shared/corpus/gnugo-regression`; skipped with a note
//!   otherwise). Records with territory markup are estimated as well: the benchmark times the
//!   estimate, not the choice of source.
//!
//! Before Criterion's runs, each position is estimated five times and its fastest time kept:
//! the median and the slowest positions are printed (on a noisy machine, the fastest of five
//! is the position's own cost). Criterion then times every position in turn
//! (`estimate_19x19/all_positions`) and the slowest position alone
//! (`estimate_19x19/slowest_position`).
//!
//! Run: `cargo bench -p gorules-life --bench estimate`.
//!
//! `ESTIMATE_ONLY=all` (or a position's name, or `none`) estimates those positions once each,
//! printing their numbers and names, and exits, for instruction counts:
//!
//! ```sh
//! ESTIMATE_ONLY=all valgrind --tool=callgrind \
//!     --toggle-collect=gorules_life::estimate::estimate \
//!     --dump-after=gorules_life::estimate::estimate \
//!     --callgrind-out-file=cg.out target/release/deps/estimate-HASH
//! ```
//!
//! counts the instructions of the estimate alone, one file per position: `cg.out.K` (its
//! `totals:` line) is position `K + 1` of the list printed.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use gorules_board::coords::parse_gtp_move;
use gorules_board::{Board, Color, Move, Size};
use gorules_life::{estimate, Options};
use gorules_sgf::parse_sgf_bytes;

/// A final position and the player to move there.
struct Position {
    name: String,
    board: Board,
    to_move: Color,
}

/// The self-play positions: a line per game, its name then its moves (GTP, Black first).
fn selfplay() -> Vec<Position> {
    let size = Size::square(19).expect("19x19");
    include_str!("selfplay-19x19.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut words = line.split_whitespace();
            let name = words.next().expect("a name").to_string();
            let mut board = Board::new(size);
            let mut color = Color::Black;
            for w in words {
                if let Move::Play(p) = parse_gtp_move(w, size).expect("a GTP move") {
                    board.play(color, p).expect("a legal move");
                }
                color = color.opponent();
            }
            Position {
                name,
                board,
                to_move: color,
            }
        })
        .collect()
}

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            sgf_files(&p, out);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
            out.push(p);
        }
    }
}

/// GNU Go's regression games beside the repository: their 19x19 records that ended in two
/// passes, at their final position.
fn records() -> Vec<Position> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/gnugo-regression");
    let mut files = Vec::new();
    sgf_files(&dir, &mut files);
    files.sort();
    if files.is_empty() {
        eprintln!(
            "note: no GNU Go regression games at {}; self-play positions only",
            dir.display()
        );
    }
    let mut out = Vec::new();
    for f in files {
        let Ok(bytes) = std::fs::read(&f) else {
            continue;
        };
        let stem = f
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Ok(records) = parse_sgf_bytes(&bytes, Some(&stem)) else {
            continue;
        };
        for (k, r) in records.iter().enumerate() {
            if r.size != Size::square(19).expect("19x19") || !r.ended_by_two_passes() {
                continue;
            }
            let Ok(board) = r.final_board() else { continue };
            let to_move = r.moves.last().map_or(Color::Black, |m| m.color.opponent());
            let name = if records.len() > 1 {
                format!("{stem}#{k}")
            } else {
                stem.clone()
            };
            out.push(Position {
                name,
                board,
                to_move,
            });
        }
    }
    out
}

fn run(p: &Position) -> usize {
    estimate(&p.board, p.to_move, &Options::default())
        .chains
        .len()
}

fn main() {
    let mut positions = selfplay();
    let n_selfplay = positions.len();
    positions.extend(records());
    if let Ok(only) = std::env::var("ESTIMATE_ONLY") {
        let mut chains = 0;
        let mut count = 0;
        for p in positions.iter().filter(|p| only == "all" || p.name == only) {
            // The names in order, to match callgrind's dumps (`--dump-after`) to positions.
            println!("{count} {}", p.name);
            chains += run(p);
            count += 1;
        }
        eprintln!("{count} positions estimated, {chains} chains");
        return;
    }
    let quick = std::env::args().any(|a| ["--profile-time", "--list", "--test"].contains(&&*a));
    // The fastest of five runs of each position.
    let mut times: Vec<(Duration, usize)> = Vec::new();
    if !quick {
        for (k, p) in positions.iter().enumerate() {
            let best = (0..5)
                .map(|_| {
                    let t = Instant::now();
                    black_box(run(p));
                    t.elapsed()
                })
                .min()
                .expect("five runs");
            times.push((best, k));
        }
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let median = times[times.len() / 2].0;
        println!(
            "estimate_19x19: {} positions ({} self-play, {} records); fastest of five runs each: median {:.2} ms, slowest {:.2} ms",
            positions.len(),
            n_selfplay,
            positions.len() - n_selfplay,
            ms(median),
            ms(times.last().expect("some position").0)
        );
        for &(d, k) in times.iter().rev().take(25) {
            println!("  {:>8.2} ms  {}", ms(d), positions[k].name);
        }
    }
    let slowest = times.last().map_or(0, |&(_, k)| k);
    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("estimate_19x19");
    g.sample_size(10);
    g.throughput(Throughput::Elements(positions.len() as u64));
    g.bench_function("all_positions", |b| {
        b.iter(|| positions.iter().map(run).sum::<usize>())
    });
    g.throughput(Throughput::Elements(1));
    g.bench_function("slowest_position", |b| b.iter(|| run(&positions[slowest])));
    g.finish();
    c.final_summary();
}
