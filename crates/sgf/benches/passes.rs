//! Reading records whose passes are written as empty nodes (GNU Go's way): ten games of
//! 100,000 nodes each (2.5 MB; the root and 99,998 more, within `MAX_TREE_DEPTH`), `;;B[]` repeated (Black passes with an empty node, White's
//! pass, between each two), against the same games with every pass written out (`;B[];W[]`).
//! Reading the passes a record implies must take time in proportion to the record, not to its
//! square.
//!
//!     cargo bench -p gorules-sgf --bench passes

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gorules_sgf::parse_sgf;

/// `games` games of `nodes` nodes after the root, each two nodes `unit`.
fn collection(games: usize, nodes: usize, unit: &str) -> String {
    let game = format!("(;GM[1]SZ[19]{})", unit.repeat(nodes / 2));
    game.repeat(games)
}

fn passes(c: &mut Criterion) {
    let mut g = c.benchmark_group("read_10_games_of_100000_nodes");
    g.sample_size(10);
    for (name, unit) in [
        ("written_passes", ";B[];W[]"),
        ("empty_node_passes", ";;B[]"),
    ] {
        let text = collection(10, 99_998, unit);
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function(name, |b| {
            b.iter(|| {
                let games = parse_sgf(&text, Some("bench.sgf")).unwrap();
                assert!(games[0].moves.len() >= 99_990);
                games
            })
        });
    }
    g.finish();
}

criterion_group!(benches, passes);
criterion_main!(benches);
