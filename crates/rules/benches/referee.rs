//! What the referee's settlement (`gorules_rules::referee`) costs when a 19x19 final position
//! is scored by territory: the settlement alone, and the score of the same finished game under
//! Japanese rules (which settle the position: false eyes and seki eyes left out) and under
//! Concord's territory counting (which counts by flood fill and does not settle), so that the
//! difference is what the settlement adds.
//!
//! The position is generated here: a seeded random game played to its end (no play into one's
//! own eye-like point, no suicide), then a few stones lifted off points surrounded by stones,
//! for dame and false eyes; every stone is alive, as the dead stones given leave it.
//!
//! Run: `cargo bench -p gorules-rules --bench referee`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use gorules_board::Color;
use gorules_rules::{builtin, Counting, Game, RefereeCount, Setup};

#[path = "support/final_position.rs"]
mod final_position;
use final_position::final_position;

fn settlement(c: &mut Criterion) {
    let board = final_position(11);
    let japanese = builtin("japanese").unwrap();
    let concord = builtin("concord").unwrap();
    let count = RefereeCount::of(&board);
    eprintln!(
        "position: {} stones, {} dame, {} false eyes, {} sekis, {} groups short of eyes",
        board.stones(Color::Black).len() + board.stones(Color::White).len(),
        count.dame.len(),
        count.false_eyes[0].len() + count.false_eyes[1].len(),
        count.sekis.len(),
        count.short_of_eyes.len()
    );
    let japanese_game = Game::new(
        japanese.clone(),
        Setup::even(board.clone(), gorules_rules::Komi::new(6.5).unwrap()),
    );
    let concord_game = Game::new(
        concord.clone(),
        Setup::even(board.clone(), gorules_rules::Komi::new(6.5).unwrap()),
    );
    let mut g = c.benchmark_group("referee_19x19_final_position");
    g.bench_function("settlement", |b| {
        b.iter(|| RefereeCount::of(black_box(&board)))
    });
    g.bench_function("score_japanese_territory", |b| {
        b.iter(|| black_box(&japanese_game).score(Counting::Territory))
    });
    g.bench_function("score_concord_territory", |b| {
        b.iter(|| black_box(&concord_game).score(Counting::Territory))
    });
    g.finish();
}

criterion_group!(benches, settlement);
criterion_main!(benches);
