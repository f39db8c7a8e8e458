//! Property tests: random games on every size from 1x1 to 19x19 (and some rectangular, some one
//! point wide, and 25x25 boards), checked after every move against a naive reference board and against the
//! board's own invariants.
//!
//! A game is driven by a vector of random numbers (so proptest can shrink a failing game to a
//! short one): each number picks the next point among the empty ones, occasionally a pass (the
//! colour to move changes, the board does not) or a removal of a chain as if agreed dead.

use std::collections::HashSet;

use gorules_board::{Board, Color, Enclosure, PlayError, Point, PointSet, Size};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// A deliberately simple board: a grid of cells, chains found by flood fill every time.
#[derive(Clone)]
struct Reference {
    size: Size,
    cells: Vec<Option<Color>>,
}

/// What the reference board says a play does.
#[derive(Debug, PartialEq, Eq)]
struct RefOutcome {
    captured: Vec<Point>,
    captured_chains: u32,
    suicided: Vec<Point>,
    ko_point: Option<Point>,
}

impl Reference {
    fn new(size: Size) -> Reference {
        Reference {
            size,
            cells: vec![None; size.area()],
        }
    }

    fn get(&self, p: Point) -> Option<Color> {
        self.cells[self.size.dense_index(p)]
    }

    fn set(&mut self, p: Point, c: Option<Color>) {
        let i = self.size.dense_index(p);
        self.cells[i] = c;
    }

    /// The chain through the stone at `p` and its distinct liberties, both sorted.
    fn chain(&self, p: Point) -> (Vec<Point>, Vec<Point>) {
        let c = self.get(p).expect("a stone");
        let mut seen = HashSet::from([p]);
        let mut stack = vec![p];
        let mut stones = Vec::new();
        let mut libs = HashSet::new();
        while let Some(q) = stack.pop() {
            stones.push(q);
            for n in self.size.neighbors(q) {
                match self.get(n) {
                    None => {
                        libs.insert(n);
                    }
                    Some(d) if d == c && seen.insert(n) => stack.push(n),
                    _ => {}
                }
            }
        }
        (sorted(stones), sorted(libs.into_iter().collect()))
    }

    /// Plays `c` at the empty point `p`: captures first, then suicide (refused unless
    /// `allow_suicide`, leaving the board unchanged).
    fn play(&mut self, c: Color, p: Point, allow_suicide: bool) -> Result<RefOutcome, u32> {
        assert!(self.get(p).is_none());
        let before = self.cells.clone();
        self.set(p, Some(c));
        let mut captured = Vec::new();
        let mut captured_chains = 0;
        for n in self.size.neighbors(p) {
            if self.get(n) == Some(c.opponent()) {
                let (stones, libs) = self.chain(n);
                if libs.is_empty() {
                    captured_chains += 1;
                    for &s in &stones {
                        self.set(s, None);
                    }
                    captured.extend(stones);
                }
            }
        }
        let (own, own_libs) = self.chain(p);
        let mut suicided = Vec::new();
        if own_libs.is_empty() {
            if !allow_suicide {
                self.cells = before;
                return Err(own.len() as u32);
            }
            for &s in &own {
                self.set(s, None);
            }
            suicided = own.clone();
        }
        let ko_point = if captured.len() == 1 && own.len() == 1 && own_libs.len() == 1 {
            Some(captured[0])
        } else {
            None
        };
        Ok(RefOutcome {
            captured: sorted(captured),
            captured_chains,
            suicided,
            ko_point,
        })
    }

    fn count(&self, c: Color) -> u32 {
        self.cells.iter().filter(|&&x| x == Some(c)).count() as u32
    }
}

fn sorted(mut v: Vec<Point>) -> Vec<Point> {
    v.sort_by_key(|p| (p.y, p.x));
    v
}

/// One step of a game, as recorded for the replay.
#[derive(Clone, Copy, Debug)]
enum Step {
    Play(Color, Point, bool),
    Remove(Point),
}

/// Territory by the naive rule over [`Board::empty_regions`], after checking each region
/// against the reference board.
fn naive_territory(b: &Board, r: &Reference) -> (PointSet, PointSet, PointSet) {
    let size = b.size();
    let (mut black, mut white, mut neutral) = (
        PointSet::empty(size),
        PointSet::empty(size),
        PointSet::empty(size),
    );
    let mut covered = 0;
    for region in b.empty_regions() {
        assert!(!region.points.is_empty());
        assert_eq!(region.points, sorted(region.points.clone()));
        let inside: HashSet<Point> = region.points.iter().copied().collect();
        let (mut tb, mut tw) = (false, false);
        for &p in &region.points {
            assert_eq!(r.get(p), None, "region point {p:?} is empty");
            for n in size.neighbors(p) {
                match r.get(n) {
                    Some(Color::Black) => tb = true,
                    Some(Color::White) => tw = true,
                    // Maximal: every empty neighbour is in the same region.
                    None => assert!(inside.contains(&n), "region is maximal at {n:?}"),
                }
            }
        }
        assert_eq!((region.touches_black, region.touches_white), (tb, tw));
        covered += region.points.len();
        let target = match (tb, tw) {
            (true, false) => &mut black,
            (false, true) => &mut white,
            _ => &mut neutral,
        };
        for &p in &region.points {
            target.insert(p);
        }
    }
    let empties = r.cells.iter().filter(|c| c.is_none()).count();
    assert_eq!(covered, empties, "regions cover every empty point once");
    (black, white, neutral)
}

/// Every check that holds after any move.
fn check_invariants(b: &Board, r: &Reference, placed: [u32; 2]) {
    let size = b.size();
    // The stones agree with the reference board.
    for p in size.points() {
        assert_eq!(b.get(p), r.get(p), "stone at {p:?}\n{b:?}");
    }
    for c in Color::ALL {
        assert_eq!(b.stones_on_board(c), r.count(c));
        assert_eq!(b.stones(c).len() as u32, r.count(c));
        assert!(b.stones(c).iter().all(|p| r.get(p) == Some(c)));
        // Stones placed = stones on board + stones removed, per colour.
        assert_eq!(
            placed[c.index()],
            b.stones_on_board(c) + b.stones_removed(c),
            "{c}: placed = on board + removed"
        );
    }
    // No chain without a liberty, and the chains are the reference's.
    let chains = b.chains();
    let mut stones_in_chains = 0;
    for ch in &chains {
        assert!(!ch.liberties.is_empty(), "chain without liberty: {ch:?}");
        let (stones, libs) = r.chain(ch.stones[0]);
        assert_eq!(ch.stones, stones);
        assert_eq!(ch.liberties, libs);
        assert_eq!(ch.color, r.get(ch.stones[0]).unwrap());
        assert_eq!(b.liberty_count(ch.stones[0]), libs.len());
        stones_in_chains += stones.len();
    }
    assert_eq!(
        stones_in_chains as u32,
        r.count(Color::Black) + r.count(Color::White)
    );
    // The empty points, row by row, and the count.
    let empties: Vec<Point> = b.empty_points().collect();
    assert_eq!(empties.len(), b.empty_count());
    assert_eq!(
        empties,
        size.points()
            .filter(|&p| r.get(p).is_none())
            .collect::<Vec<_>>()
    );
    for (k, &p) in empties.iter().enumerate() {
        assert_eq!(b.empty_point(k), p);
    }
    // The incremental hash.
    assert_eq!(b.hash(), b.compute_hash());
    // Territory against the naive rule.
    let t = b.territory();
    let (black, white, neutral) = naive_territory(b, r);
    assert_eq!(t.black, black, "black territory\n{b:?}");
    assert_eq!(t.white, white, "white territory\n{b:?}");
    assert_eq!(t.neutral, neutral, "neutral points\n{b:?}");
    assert_eq!(&t.black_stones, b.stones(Color::Black));
    assert_eq!(&t.white_stones, b.stones(Color::White));
}

/// Plays the game the random numbers describe, checking everything after every move; then
/// replays it and compares.
fn check_game(size: Size, choices: &[u32], allow_suicide: bool) {
    let mut b = Board::new(size);
    let mut r = Reference::new(size);
    let mut placed = [0u32; 2];
    let mut steps = Vec::new();
    let mut color = Color::Black;
    for &choice in choices {
        let n = b.empty_count();
        if choice % 32 == 0 || n == 0 {
            color = color.opponent();
            continue;
        }
        if choice % 61 == 1 && b.stones_on_board(color.opponent()) > 0 {
            // Remove an opponent chain as if it were agreed dead.
            let stones: Vec<Point> = b.stones(color.opponent()).iter().collect();
            let at = stones[(choice as usize / 61) % stones.len()];
            let chain = b.chain_at(at).unwrap().stones;
            let counts = b.remove_stones([at].into_iter().chain(chain.iter().copied()));
            let mut expected = [0; 2];
            expected[color.opponent().index()] = chain.len() as u32;
            assert_eq!(counts, expected);
            assert_eq!(sorted(b.last_removed().to_vec()), chain);
            for &p in &chain {
                r.set(p, None);
            }
            steps.push(Step::Remove(at));
            check_invariants(&b, &r, placed);
            continue;
        }
        // Try the empty points from a random start until one is playable; with `choice & 64`
        // skip own eye-like points, as playouts do.
        let avoid_eyes = choice & 64 != 0;
        let start = (choice as usize >> 7) % n;
        let mut chosen = None;
        for k in 0..n {
            let p = b.empty_point((start + k) % n);
            if avoid_eyes && b.is_eye_like(color, p) {
                continue;
            }
            let pre = b.preview(color, p).unwrap();
            assert_eq!(b.is_single_stone_suicide(color, p), pre.suicide == 1);
            // The one-look answer agrees with the two separate tests.
            let expected = if b.is_eye_like(color, p) {
                Enclosure::EyeLike
            } else if pre.suicide == 1 {
                Enclosure::SingleStoneSuicide
            } else {
                Enclosure::Open
            };
            assert_eq!(b.enclosure(color, p), expected);
            assert_eq!(
                b.enclosure(color.opponent(), p) == Enclosure::EyeLike,
                b.is_eye_like(color.opponent(), p)
            );
            if pre.suicide > 0 && !allow_suicide {
                // `play` refuses it and leaves the board as it was.
                let before = b.clone();
                let hash = b.hash();
                assert_eq!(
                    b.play(color, p),
                    Err(PlayError::Suicide {
                        stones: pre.suicide
                    })
                );
                assert_eq!(r.clone().play(color, p, false), Err(pre.suicide));
                assert_eq!(b, before);
                assert_eq!(b.hash(), hash);
                continue;
            }
            chosen = Some((p, pre));
            break;
        }
        let Some((p, pre)) = chosen else {
            color = color.opponent();
            continue;
        };
        let expected = r.play(color, p, allow_suicide).expect("reference agrees");
        let out = if choice & 256 != 0 {
            // The preview just taken, handed back: the same play without a second search; or
            // the preview of the other colour's play there, which is not trusted.
            let handed = if choice & 1024 != 0 {
                b.preview(color.opponent(), p).unwrap()
            } else {
                pre
            };
            b.play_previewed(color, p, &handed).unwrap()
        } else if pre.suicide > 0 {
            b.play_allowing_suicide(color, p).unwrap()
        } else if choice & 128 != 0 {
            // `play_if` hands the same preview to the closure, and plays when it says yes.
            let mut seen = None;
            let out = b.play_if(color, p, |q| {
                seen = Some(*q);
                true
            });
            assert_eq!(seen, Some(pre));
            out.unwrap().expect("accepted")
        } else {
            b.play(color, p).unwrap()
        };
        placed[color.index()] += 1;
        steps.push(Step::Play(color, p, pre.suicide > 0));
        // The preview agrees with the play, and both with the reference.
        assert_eq!(pre.captures, out.captured);
        assert_eq!(pre.suicide, out.suicided);
        assert_eq!(pre.hash, b.hash());
        assert_eq!(out.captured as usize, expected.captured.len());
        assert_eq!(out.captured_chains, expected.captured_chains);
        assert_eq!(out.suicided as usize, expected.suicided.len());
        assert_eq!(
            out.ko_point, expected.ko_point,
            "ko point after {color} {p:?}"
        );
        let mut gone = expected.captured.clone();
        gone.extend(&expected.suicided);
        assert_eq!(sorted(b.last_removed().to_vec()), sorted(gone));
        check_invariants(&b, &r, placed);
        color = color.opponent();
    }

    // Replaying the same steps gives an equal board, hash and counts.
    let mut again = Board::new(size);
    for step in steps {
        match step {
            Step::Play(c, p, true) => {
                again.play_allowing_suicide(c, p).unwrap();
            }
            Step::Play(c, p, false) => {
                again.play(c, p).unwrap();
            }
            Step::Remove(p) => {
                let chain = again.chain_at(p).unwrap().stones;
                again.remove_stones(chain);
            }
        }
    }
    assert_eq!(again, b);
    assert_eq!(again.hash(), b.hash());
    assert_eq!(again.position(), b.position());
    for c in Color::ALL {
        assert_eq!(again.stones_removed(c), b.stones_removed(c));
        assert_eq!(again.stones_on_board(c), b.stones_on_board(c));
    }

    // `clone_from` into a board of another size (its buffers are reused) gives the same board,
    // which then plays on the same way.
    let mut copy = Board::new(Size::new(size.height() as u32, 2).unwrap());
    copy.clone_from(&b);
    assert_eq!(copy, b);
    assert_eq!(copy.size(), b.size());
    assert_eq!(copy.hash(), b.hash());
    assert_eq!(copy.chains(), b.chains());
    assert_eq!(
        copy.empty_points().collect::<Vec<_>>(),
        b.empty_points().collect::<Vec<_>>()
    );
    for c in Color::ALL {
        assert_eq!(copy.stones_removed(c), b.stones_removed(c));
        assert_eq!(copy.stones(c), b.stones(c));
    }
    for k in 0..b.empty_count().min(3) {
        let p = b.empty_point(k);
        let mut x = b.clone();
        let mut y = copy.clone();
        assert_eq!(
            x.play_allowing_suicide(Color::Black, p),
            y.play_allowing_suicide(Color::Black, p)
        );
        assert_eq!((x == y, x.hash()), (true, y.hash()));
    }
}

/// Runs `cases` random games on each size.
fn run(sizes: &[(u32, u32)], cases: u32, allow_suicide: bool) {
    for &(w, h) in sizes {
        let size = Size::new(w, h).unwrap();
        let max_plies = 3 * size.area();
        let mut runner = TestRunner::new(Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        });
        let games = prop::collection::vec(any::<u32>(), 1..=max_plies);
        if let Err(e) = runner.run(&games, |choices| {
            check_game(size, &choices, allow_suicide);
            Ok(())
        }) {
            panic!("{size}, suicide allowed: {allow_suicide}: {e}");
        }
    }
}

fn squares(range: std::ops::RangeInclusive<u32>) -> Vec<(u32, u32)> {
    range.map(|n| (n, n)).collect()
}

#[test]
fn random_games_small_boards() {
    run(&squares(1..=7), 64, false);
}

#[test]
fn random_games_medium_boards() {
    run(&squares(8..=13), 12, false);
}

#[test]
fn random_games_large_boards() {
    run(&squares(14..=19), 4, false);
}

#[test]
fn random_games_rectangular_boards() {
    run(
        &[(2, 3), (3, 2), (9, 7), (7, 9), (5, 13), (19, 4), (2, 25)],
        16,
        false,
    );
}

#[test]
fn random_games_one_point_wide_boards() {
    // Go on a line: every point has at most two neighbours.
    let mut sizes: Vec<(u32, u32)> = (1..=25).flat_map(|n| [(1, n), (n, 1)]).collect();
    sizes.dedup();
    run(&sizes, 16, false);
    run(&[(1, 2), (1, 5), (9, 1), (25, 1)], 16, true);
}

#[test]
fn random_games_25x25() {
    run(&[(25, 25)], 2, false);
}

#[test]
fn random_games_with_suicide_allowed() {
    let mut sizes = squares(1..=9);
    sizes.extend([(3, 5), (9, 7)]);
    run(&sizes, 16, true);
    run(&[(13, 13), (19, 19)], 4, true);
}
