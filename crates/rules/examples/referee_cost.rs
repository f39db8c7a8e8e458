//! Scores the benchmark's 19x19 final position (`benches/support/final_position.rs`) many
//! times by territory under one ruleset, for counting instructions with callgrind: the
//! difference between `japanese` (which settles the position) and `concord` (flood fill), over
//! the number of scores, is what the settlement adds to a score.
//!
//! ```text
//! cargo build --release -p gorules-rules --example referee_cost
//! valgrind --tool=callgrind target/release/examples/referee_cost japanese 1000
//! valgrind --tool=callgrind target/release/examples/referee_cost concord 1000
//! ```

#[path = "../benches/support/final_position.rs"]
mod final_position;

use gorules_rules::{builtin, Counting, Game, Setup};

fn main() {
    let mut args = std::env::args().skip(1);
    let id = args.next().unwrap_or_else(|| "japanese".into());
    let n: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1000);
    let Some(rules) = builtin(&id) else {
        eprintln!("referee_cost: no built-in ruleset `{id}`");
        std::process::exit(2);
    };
    let board = final_position::final_position(11);
    let game = Game::new(
        rules.clone(),
        Setup::even(board, gorules_rules::Komi::new(6.5).unwrap()),
    );
    let mut margin = 0.0;
    for _ in 0..n {
        margin += std::hint::black_box(&game)
            .score(Counting::Territory)
            .margin;
    }
    println!("{id}: {n} scores, margin {}", margin / n as f64);
}
