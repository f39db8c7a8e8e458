//! Writes a generated corpus for measuring `gorules compare` at scale (see
//! `scripts/corpus-scale.sh`): `N` records of the records benchmark's mix (seeded random legal
//! play, half 19x19, a quarter each 9x9 and 13x13, each ending in two passes), a thousand to
//! a folder.
//!
//! `cargo run --release -p gorules-compare --example write_corpus -- DIR N`

#[path = "../benches/support/mod.rs"]
mod support;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(dir), Some(n)) = (
        args.first(),
        args.get(1).and_then(|n| n.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: write_corpus DIR N");
        std::process::exit(2);
    };
    support::write_corpus_in_folders(std::path::Path::new(dir), n);
}
