//! The records benchmark's seeded records, shared by `benches/records.rs` and the profiling
//! harness `examples/profile_record.rs`, so that both time the same records.

use std::path::{Path, PathBuf};

use gorules_board::{Board, Color, ColoredMove, Move, Size};
use gorules_sgf::{to_sgf, GameRecord};

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
pub fn random_record(n: u32, plies: usize, seed: u64) -> GameRecord {
    let size = Size::square(n).unwrap();
    let mut rng = Rng(seed);
    let mut board = Board::new(size);
    let mut seen = std::collections::HashSet::new();
    seen.insert(board.hash());
    let mut rec = GameRecord::new(size);
    rec.komi = Some(gorules_rules::Komi::new(6.5).unwrap());
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

/// Writes `count` records to `dir` (`00000.sgf`, ...), a mix like public collections: half
/// 19x19 (220 plies), a quarter each 9x9 (60) and 13x13 (120); returns their paths.
#[allow(dead_code)]
pub fn write_corpus(dir: &Path, count: u64) -> Vec<PathBuf> {
    (0..count)
        .map(|i| {
            let (n, plies) = match i % 4 {
                0 => (9, 60),
                1 => (13, 120),
                _ => (19, 220),
            };
            let path = dir.join(format!("{i:05}.sgf"));
            std::fs::write(&path, to_sgf(&random_record(n, plies, i))).unwrap();
            path
        })
        .collect()
}

/// Writes `count` records of the same mix as [`write_corpus`] to `dir`, a thousand to a folder
/// (`000/000000.sgf`, `000/000001.sgf`, ..., `001/001000.sgf`), as archives are kept.
#[allow(dead_code)]
pub fn write_corpus_in_folders(dir: &Path, count: u64) {
    for i in 0..count {
        let (n, plies) = match i % 4 {
            0 => (9, 60),
            1 => (13, 120),
            _ => (19, 220),
        };
        let folder = dir.join(format!("{:03}", i / 1000));
        if i % 1000 == 0 {
            std::fs::create_dir_all(&folder).unwrap();
        }
        let path = folder.join(format!("{i:06}.sgf"));
        std::fs::write(&path, to_sgf(&random_record(n, plies, i))).unwrap();
    }
}
