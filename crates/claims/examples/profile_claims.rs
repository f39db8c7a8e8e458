//! A harness for profilers (`valgrind --tool=callgrind`, `perf stat -e instructions`) and a
//! guard for speed work: the claims benchmark's workload, random 9x9 games of run seed 7
//! generated and checked against the Concord claim (`concord:area == concord:territory`), as
//! `gorules fuzz --claim concord-area-territory --sizes 9` makes and checks them.
//!
//! `cargo run --release -p gorules-claims --example profile_claims -- MODE N [SIZES]`, where
//! MODE is
//!
//! - `run`: games `0..N` generated and evaluated on one thread, one [`Generator`] reused as
//!   `run()` and the benchmark do (subtract a run with `N = 0` to leave out start-up);
//! - `checksum`: the same games, printing a checksum of everything that makes them and their
//!   results (size, komi, handicap, moves, dead stones, every score's totals and margin). A
//!   change meant only to make the fuzzer faster must leave it unchanged.
//!
//! SIZES (default `9`) are board sizes as `gorules fuzz --sizes` reads them, e.g. `2..9`.

use gorules_board::Move;
use gorules_claims::eval::evaluate_in;
use gorules_claims::generate::{parse_sizes, GenOptions, Generator};
use gorules_claims::rng::game_seed;
use gorules_claims::Claim;

/// FNV-1a over 64-bit words.
struct Checksum(u64);

impl Checksum {
    fn add(&mut self, word: u64) {
        for b in word.to_le_bytes() {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("run", String::as_str);
    let n: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2_000);
    let checksum = match mode {
        "run" => false,
        "checksum" => true,
        other => panic!("unknown mode {other}: `run` or `checksum`"),
    };
    let claim = Claim::from_text("concord-area-territory").expect("a named claim");
    let gen = GenOptions {
        sizes: parse_sizes(args.get(3).map_or("9", String::as_str)).expect("board sizes"),
        ..GenOptions::default()
    };
    let sizes = format!("{:?}", gen.sizes);
    let legality = std::sync::Arc::new(gen.legality.ruleset());
    let mut generator = Generator::new(claim.rulesets(), &legality);
    let mut sum = Checksum(0xCBF2_9CE4_8422_2325);
    let mut moves = 0;
    for i in 0..n {
        let (game, driver) = generator.generate(&gen, game_seed(7, i));
        moves += game.moves.len();
        let e = evaluate_in(&claim, &game, driver).expect("Concord scores every game");
        assert!(e.holds(), "Concord area = territory failed on game {i}");
        if !checksum {
            continue;
        }
        sum.add(game.size.area() as u64);
        sum.add(game.komi.points().to_bits());
        sum.add(game.handicap as u64);
        for p in &game.setup {
            sum.add((p.x as u64) << 8 | p.y as u64);
        }
        for m in &game.moves {
            sum.add(match *m {
                Move::Pass => u64::MAX,
                Move::Play(p) => (p.x as u64) << 8 | p.y as u64,
            });
        }
        sum.add(u64::MAX - 1);
        for p in &game.dead {
            sum.add((p.x as u64) << 8 | p.y as u64);
        }
        for s in &e.scores {
            sum.add(s.black.to_bits());
            sum.add(s.white.to_bits());
            sum.add(s.margin.to_bits());
        }
    }
    if checksum {
        println!(
            "{n} games of run seed 7 ({sizes}), {moves} moves: checksum {:016x}",
            sum.0
        );
    } else {
        println!("{n} games of run seed 7 ({sizes}), {moves} moves");
    }
}
