//! Unit tests of the board's internals (pseudo-chains, removal, reset, setup).

use super::*;

#[test]
fn pseudo_chains_stay_untouched() {
    // `preview_at` reads the pseudo-chains of empty and border cells and relies on their
    // data: plays change them on the way and must restore them.
    for n in [2, 3, 5] {
        let size = Size::square(n).unwrap();
        let mut b = Board::new(size);
        for (k, p) in size.points().enumerate() {
            let c = if k % 3 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let _ = b.play_allowing_suicide(c, p);
        }
        let zero = b.chains[EMPTY_HEAD as usize];
        let border = b.chains[BORDER_HEAD as usize];
        for (ch, color) in [(zero, Cell::Empty), (border, Cell::Border)] {
            let expected = ChainData::pseudo(color);
            assert_eq!(
                (
                    ch.size,
                    ch.libs,
                    ch.lib_sum,
                    ch.lib_sum_sq,
                    ch.hash,
                    ch.color
                ),
                (0, 0, 1, 0, 0, expected.color)
            );
            assert!(!ch.in_atari());
        }
        // Heads say what stands on each cell.
        for i in 0..b.padded() {
            let expected = match b.cells[i] {
                Cell::Empty => Some(EMPTY_HEAD),
                Cell::Border => Some(BORDER_HEAD),
                _ => None,
            };
            if let Some(h) = expected {
                assert_eq!(b.head[i], h, "cell {i}");
            } else {
                assert_eq!(b.chains[b.head[i] as usize].color, b.cells[i] as u8);
            }
        }
    }
}

#[test]
fn removing_whole_chains_equals_rebuilding() {
    let size = Size::square(7).unwrap();
    let mut next = crate::test_rng(12345u64);
    for _ in 0..200 {
        let mut b = Board::new(size);
        for k in 0..60 {
            let p = size.point_at(next() as usize % size.area());
            let c = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let _ = b.play(c, p);
        }
        // A random set of whole chains.
        let mut gone = PointSet::empty(size);
        for ch in b.chains() {
            if next() % 3 == 0 {
                for &p in &ch.stones {
                    gone.insert(p);
                }
            }
        }
        let mut fast = b.clone();
        let mut slow = b.clone();
        assert!(fast.whole_chains(&gone));
        let counts = fast.remove_stones(gone.iter());
        assert_eq!(counts, slow.remove_by_rebuilding(&gone));
        assert_eq!(fast.position(), slow.position());
        assert_eq!(fast.hash(), slow.hash());
        assert_eq!(fast.hash(), fast.compute_hash());
        assert_eq!(fast.chains(), slow.chains());
        assert_eq!(fast.last_removed(), slow.last_removed());
        assert_eq!(fast.territory(), slow.territory());
        assert_eq!(fast.empty_count(), slow.empty_count());
        for c in Color::ALL {
            assert_eq!(fast.stones_removed(c), slow.stones_removed(c));
            assert_eq!(fast.stones_on_board(c), slow.stones_on_board(c));
        }
        // Play goes on the same way.
        for _ in 0..20 {
            let p = size.point_at(next() as usize % size.area());
            assert_eq!(fast.play(Color::Black, p), slow.play(Color::Black, p));
            assert_eq!(fast.chains(), slow.chains());
        }
    }
}

#[test]
fn reset_makes_a_new_board() {
    let sizes = [(9, 9), (3, 5), (19, 19), (2, 2), (9, 9)];
    let mut b = Board::new(Size::square(7).unwrap());
    for (w, h) in sizes {
        let size = Size::new(w, h).unwrap();
        b.reset(size);
        let n = Board::new(size);
        assert_eq!(b.size, n.size);
        assert_eq!(b.stride, n.stride);
        assert!(std::ptr::eq(b.geo, n.geo));
        // Only the padded cells of the size are in use (and reset).
        let padded = n.padded();
        assert!(
            b.cells.prefix_eq(&n.cells, padded)
                && b.head.prefix_eq(&n.head, padded)
                && b.next.prefix_eq(&n.next, padded)
        );
        assert_eq!(b.padded, n.padded);
        for (x, y) in b.chains.0[..padded].iter().zip(&n.chains.0[..padded]) {
            assert_eq!(format!("{x:?}"), format!("{y:?}"));
        }
        assert_eq!(b.hash, n.hash);
        assert_eq!((b.on_board, b.removed), (n.on_board, n.removed));
        assert_eq!(b.stone_bits, n.stone_bits);
        assert!(b.last_removed.is_empty());
        // A board of another size copied over a used one plays like the original.
        let mut copy = b.clone();
        let mut original = Board::new(size);
        for (k, p) in size.points().enumerate().filter(|(k, _)| k % 4 != 1) {
            let c = [Color::Black, Color::White][k % 2];
            let _ = original.play(c, p);
        }
        copy.clone_from(&original);
        assert_eq!(copy, original);
        for p in size.points() {
            for c in Color::ALL {
                assert_eq!(copy.preview(c, p), original.preview(c, p));
            }
        }
        // Fill it for the next round.
        for (k, p) in size.points().enumerate() {
            let c = if k % 3 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let _ = b.play(c, p);
        }
    }
}

#[test]
fn setup_stones_on_an_empty_board_without_a_copy() {
    // `add_stones` places stones that each touch an empty point directly on an empty
    // board: the same board as the checked path, and the same errors.
    let mut next = crate::test_rng(99u64);
    for n in [2, 3, 5, 9, 13] {
        let size = Size::square(n).unwrap();
        for _ in 0..300 {
            let k = next() as usize % (size.area() + 2);
            let stones: Vec<(Color, Point)> = (0..k)
                .map(|_| {
                    let c = [Color::Black, Color::White][next() as usize % 2];
                    let p = Point::new((next() % (n as u64 + 1)) as u8, (next() % n as u64) as u8);
                    (c, p)
                })
                .collect();
            let mut fast = Board::new(size);
            let mut slow = Board::new(size);
            let r = fast.add_stones(stones.iter().copied());
            assert_eq!(r, slow.add_stones_checked(&stones));
            assert_eq!(fast.position(), slow.position());
            assert_eq!(fast.hash(), slow.hash());
            assert_eq!(fast.chains(), slow.chains());
            assert_eq!(
                fast.empty_points().collect::<Vec<_>>(),
                slow.empty_points().collect::<Vec<_>>()
            );
            assert_eq!(fast.territory(), slow.territory());
            for p in size.points() {
                for c in Color::ALL {
                    assert_eq!(fast.preview(c, p), slow.preview(c, p));
                }
            }
        }
    }
}

#[test]
fn atari_detection_with_pseudo_liberties() {
    // A liberty shared by two stones of a chain is one liberty, counted twice.
    let size = Size::square(5).unwrap();
    let mut b = Board::new(size);
    b.play(Color::Black, Point::new(1, 0)).unwrap();
    b.play(Color::Black, Point::new(1, 1)).unwrap();
    let h = b.head[b.idx(Point::new(1, 0))] as usize;
    assert!(!b.chains[h].in_atari());
    assert_eq!(b.liberty_count(Point::new(1, 0)), 5);
}

#[test]
fn get_reads_every_point_a_u8_pair_names() {
    // `Board::get` finds a point's cell from two tables, with no test of the point: a point
    // on the board must read its own cell, and every other point (any `x` and `y` a `u8`
    // holds) a border cell, which holds no stone. The stones expected come from the
    // bitboards, which `get` does not read.
    let mut next = crate::test_rng(4242u64);
    for (w, h) in [
        (2, 2),
        (3, 7),
        (9, 9),
        (19, 19),
        (25, 25),
        (25, 2),
        (2, 25),
        (13, 21),
    ] {
        let size = Size::new(w, h).unwrap();
        let mut b = Board::new(size);
        for k in 0..size.area() {
            let p = size.point_at(next() as usize % size.area());
            let c = Color::ALL[k % 2];
            let _ = b.play(c, p);
        }
        assert!(
            b.on_board[0] > 0 && b.on_board[1] > 0,
            "{size}: stones of both colours"
        );
        for y in 0..=u8::MAX {
            for x in 0..=u8::MAX {
                let p = Point::new(x, y);
                let i = b.cell_index(p);
                let expected = if size.contains(p) {
                    assert_eq!(i, b.idx(p), "{size} {p:?}");
                    Color::ALL
                        .into_iter()
                        .find(|c| b.stone_bits[c.index()].contains(p))
                } else {
                    assert!(i < b.padded(), "{size} {p:?}: index {i}");
                    assert_eq!(b.cells[i], Cell::Border, "{size} {p:?}");
                    None
                };
                assert_eq!(b.get(p), expected, "{size} {p:?}");
            }
        }
    }
}
