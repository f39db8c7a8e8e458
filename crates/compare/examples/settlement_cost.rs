//! The cost of the referee's settlement (`gorules_rules::RefereeCount::of`) on the final
//! position of every record under the paths given, the dead stones of the record's markup
//! removed: the median of `REPS` runs (default 20) per position, the slowest `TOP` (default
//! 10), and the median over all positions and over the 19x19 ones. docs/performance.md ("The
//! referee's settlement") says how it is run.
//!
//! ```sh
//! cargo run --release -p gorules-compare --example settlement_cost -- ../shared/corpus/gnugo-regression examples
//! ```

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

use gorules_rules::RefereeCount;

/// The `.sgf` files under `p`, in name order.
fn walk(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for e in entries {
            walk(&e, out);
        }
    } else if p.extension().is_some_and(|e| e == "sgf") {
        out.push(p.to_path_buf());
    }
}

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let reps = setting("REPS", 20).max(1);
    let top = setting("TOP", 10);
    let mut files = Vec::new();
    for a in std::env::args().skip(1) {
        walk(Path::new(&a), &mut files);
    }
    // (median nanoseconds, the position, whether 19x19)
    let mut rows: Vec<(f64, String, bool)> = Vec::new();
    for f in &files {
        let name = f.display().to_string();
        let bytes = std::fs::read(f).unwrap_or_else(|e| panic!("{name}: {e}"));
        let Ok(records) = gorules_sgf::parse_sgf_bytes(&bytes, Some(&name)) else {
            continue;
        };
        for (k, r) in records.iter().enumerate() {
            let Ok(mut board) = r.final_board() else {
                continue;
            };
            let dead = r
                .territory_markup
                .as_ref()
                .map(|m| m.dead_stones(&board))
                .unwrap_or_default();
            board.remove_stones(dead);
            let mut times: Vec<f64> = (0..reps + 2)
                .map(|_| {
                    let start = Instant::now();
                    black_box(RefereeCount::of(black_box(&board)));
                    start.elapsed().as_nanos() as f64
                })
                .skip(2)
                .collect();
            times.sort_by(f64::total_cmp);
            let size = board.size();
            rows.push((
                times[times.len() / 2],
                format!("{name}#{k} [{}x{}]", size.width(), size.height()),
                size.width() == 19 && size.height() == 19,
            ));
        }
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0) / 1000.0
    };
    println!("{} positions, the median of {reps} runs each", rows.len());
    println!(
        "median {:.1} us, 19x19 median {:.1} us",
        median(rows.iter().map(|r| r.0).collect()),
        median(rows.iter().filter(|r| r.2).map(|r| r.0).collect())
    );
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (t, what, _) in rows.iter().take(top) {
        println!("{:>10.1} us  {what}", t / 1000.0);
    }
}
