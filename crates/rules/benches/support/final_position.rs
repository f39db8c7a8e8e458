//! A 19x19 final position for measuring the settlement: a seeded random game played to its
//! end (no play into one's own eye-like point, no suicide), then a few stones lifted off
//! points surrounded by stones, for dame and false eyes; every stone is alive.

use gorules_board::{Board, Color, Point, Size};

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

/// A 19x19 final position with a few dame and false eyes left unfilled.
pub fn final_position(seed: u64) -> Board {
    let size = Size::square(19).unwrap();
    let mut rng = Rng(seed);
    let mut board = Board::new(size);
    let mut color = Color::Black;
    let mut passes = 0;
    for _ in 0..size.area() * 6 {
        let candidates: Vec<Point> = board
            .empty_points()
            .filter(|&p| !board.is_eye_like(color, p))
            .filter(|&p| board.preview(color, p).is_ok_and(|pv| pv.suicide == 0))
            .collect();
        if candidates.is_empty() {
            passes += 1;
            if passes == 2 {
                break;
            }
        } else {
            passes = 0;
            board
                .play(color, candidates[rng.below(candidates.len())])
                .unwrap();
        }
        color = color.opponent();
    }
    for _ in 0..8 {
        let liftable: Vec<Point> = size
            .points()
            .filter(|&p| {
                board.get(p).is_some_and(|c| {
                    size.neighbors(p).all(|q| board.get(q).is_some())
                        && size
                            .neighbors(p)
                            .any(|q| board.get(q) == Some(c.opponent()))
                })
            })
            .collect();
        if liftable.is_empty() {
            break;
        }
        board.remove_stones([liftable[rng.below(liftable.len())]]);
    }
    board
}
