//! Random 9x9 games generated and checked against the Concord claim
//! (`concord:area == concord:territory`), games per second on one core, and the same through
//! [`run`] on one and two threads.
//!
//! Each game is what `gorules fuzz --claim concord-area-territory --sizes 9` makes: a style
//! drawn from its seed (passes during play, resumptions, handicaps, any set of dead stones),
//! uniformly random legal moves under positional superko (own eyes avoided), played in the
//! Concord rules as they are generated, ended by Concord's protocol, dead stones removed, both
//! countings scored and compared. Seeds are the run's game seeds, so every iteration of a batch
//! plays different games; a batch is 1,000 games.
//!
//! Run: `cargo bench -p gorules-claims --bench claims` (add e.g. `-- --warm-up-time 1
//! --measurement-time 5` to shorten it, or `-- nomatch` for the summary alone). Before the
//! criterion runs it prints the best and the median of ten interleaved batches of each kind:
//! on a shared machine the best batch is the one least disturbed by other work, while the
//! median and criterion's mean count the disturbances too. For a measure that load does not
//! change, count instructions with the `profile_claims` example (docs/performance.md).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gorules_claims::eval::evaluate_in;
use gorules_claims::generate::{GenOptions, Generator};
use gorules_claims::rng::game_seed;
use gorules_claims::{run, Claim, RunOptions};

const BATCH: u64 = 1_000;

fn options() -> GenOptions {
    GenOptions {
        sizes: vec![9],
        ..GenOptions::default()
    }
}

/// Generates and checks games `first..first + BATCH` on this thread; returns the number of
/// moves played (and panics if the claim fails, which would be a bug).
fn batch(
    claim: &Claim,
    gen: &GenOptions,
    legality: &std::sync::Arc<gorules_rules::Ruleset>,
    first: u64,
) -> usize {
    let mut moves = 0;
    // As `run` does: one generator, its buffers reused from game to game.
    let mut generator = Generator::new(claim.rulesets(), legality);
    for i in first..first + BATCH {
        let (game, driver) = generator.generate(gen, game_seed(7, i));
        moves += game.moves.len();
        let e = evaluate_in(claim, &game, driver).expect("Concord scores every game");
        assert!(e.holds(), "Concord area = territory failed on game {i}");
        black_box(e);
    }
    moves
}

fn run_batch(claim: &Claim, jobs: usize, seed: u64) {
    let opts = RunOptions {
        games: 4 * BATCH,
        first_game: 0,
        seed,
        gen: options(),
        jobs,
        max_counterexamples: 0,
        shrink: false,
        out_dir: None,
    };
    let r = run(claim, &opts, &|_| {});
    assert!(r.holds);
}

/// The best and the median of batch times, in seconds.
fn best_and_median(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    (times[0], times[times.len() / 2])
}

fn summary(claim: &Claim) {
    let gen = options();
    let legality = std::sync::Arc::new(gen.legality.ruleset());
    let (mut one, mut run1, mut run2) = (Vec::new(), Vec::new(), Vec::new());
    let mut moves = 0;
    for k in 0..10u64 {
        let t = Instant::now();
        moves = batch(claim, &gen, &legality, k * BATCH);
        one.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        run_batch(claim, 1, k);
        run1.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        run_batch(claim, 2, k);
        run2.push(t.elapsed().as_secs_f64());
    }
    // The best batch is the one least disturbed by other work on the machine; the median (and
    // criterion's mean below) count the disturbances too.
    let (best, median) = best_and_median(one);
    let per_s = BATCH as f64 / best;
    println!("claims: best (median) of 10 interleaved batches");
    println!(
        "  one core, generate + check: {per_s:.0} ({:.0}) games/s ({:.1} moves per game, {:.1} us per game); target 50000 games/s: {:.2}x",
        BATCH as f64 / median,
        moves as f64 / BATCH as f64,
        1e6 / per_s,
        per_s / 50_000.0
    );
    let games = 4.0 * BATCH as f64;
    let ((b1, m1), (b2, m2)) = (best_and_median(run1), best_and_median(run2));
    println!(
        "  run(), --jobs 1: {:.0} ({:.0}) games/s; --jobs 2: {:.0} ({:.0}) games/s (scaling {:.2}x)",
        games / b1,
        games / m1,
        games / b2,
        games / m2,
        b1 / b2
    );
}

fn bench(c: &mut Criterion) {
    let claim = Claim::from_text("concord-area-territory").expect("a named claim");
    summary(&claim);
    let gen = options();
    let legality = std::sync::Arc::new(gen.legality.ruleset());
    let mut g = c.benchmark_group("claims");
    g.throughput(Throughput::Elements(BATCH));
    g.measurement_time(Duration::from_secs(10));
    let mut first = 0;
    g.bench_function("concord-area-territory/9x9/one core", |b| {
        b.iter(|| {
            first += BATCH;
            batch(&claim, &gen, &legality, first)
        })
    });
    let mut seed = 100;
    g.throughput(Throughput::Elements(4 * BATCH));
    for jobs in [1, 2] {
        g.bench_function(
            format!("concord-area-territory/9x9/run --jobs {jobs}"),
            |b| {
                b.iter(|| {
                    seed += 1;
                    run_batch(&claim, jobs, seed)
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
