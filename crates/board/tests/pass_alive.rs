//! Pass-alive stones and territory (Benson, "Life in the game of Go", 1976; KataGo board.cpp,
//! `calculateAreaForPla`). Expected sets are worked out by hand in the comments; the random
//! test checks the defining property: no sequence of opponent moves captures a pass-alive
//! stone while its owner passes.

use gorules_board::diagram::from_diagram;
use gorules_board::{pass_alive, Board, Color, Point, PointSet};

/// The points of `set` in GTP notation, row by row from the top.
fn gtp(board: &Board, set: &PointSet) -> Vec<String> {
    let mut v: Vec<Point> = set.iter().collect();
    v.sort_by_key(|p| (p.y, p.x));
    v.iter()
        .map(|&p| gorules_board::coords::gtp_point(p, board.size()))
        .collect()
}

#[test]
fn a_chain_with_two_eyes_is_pass_alive_and_its_eyes_are_territory() {
    // One black chain (b5, d5 and the fourth row) around three one-point eyes a5, c5, e5: each
    // eye is a vital region, so the chain lives; the eyes border only it, with no point away
    // from it: territory. The lower three rows are a region with points away from the chain
    // (rows 1 and 2), not vital, not territory.
    let b = from_diagram(
        ". X . X .
         X X X X X
         . . . . .
         . . . . .
         . . . . .",
    )
    .unwrap();
    for suicide in [false, true] {
        let pa = pass_alive(&b, suicide);
        assert_eq!(pa.stones[Color::Black.index()], *b.stones(Color::Black));
        assert_eq!(
            gtp(&b, &pa.territory[Color::Black.index()]),
            ["A5", "C5", "E5"]
        );
        assert!(pa.stones[Color::White.index()].is_empty());
        assert!(pa.territory[Color::White.index()].is_empty());
    }
}

#[test]
fn a_chain_with_one_eye_is_not_pass_alive() {
    // The same wall with one eye (a5): one vital region only.
    let b = from_diagram(
        ". X X X X
         X X X X X
         . . . . .
         . . . . .
         . . . . .",
    )
    .unwrap();
    let pa = pass_alive(&b, false);
    assert!(pa.stones.iter().all(PointSet::is_empty));
    assert!(pa.territory.iter().all(PointSet::is_empty));
}

#[test]
fn a_stone_inside_pass_alive_territory_is_dead() {
    // White a5 sits in Black's two-point eye {a5, b5}. Its only empty point b5 is a liberty of
    // the black chain, so the region is vital either way (a5 itself is next to a4 too); with
    // d5 that makes two: Black lives, and a5 is dead under any rules.
    let b = from_diagram(
        "O . X . X
         X X X X X
         . . . . .
         . . . . .
         . . . . .",
    )
    .unwrap();
    for suicide in [false, true] {
        let pa = pass_alive(&b, suicide);
        assert_eq!(pa.stones[Color::Black.index()], *b.stones(Color::Black));
        assert_eq!(
            gtp(&b, &pa.territory[Color::Black.index()]),
            ["A5", "B5", "D5"]
        );
        assert_eq!(gtp(&b, &pa.dead_stones_of(&b, Color::White)), ["A5"]);
        assert!(pa.dead_stones_of(&b, Color::Black).is_empty());
        assert!(pa.stones[Color::White.index()].is_empty());
    }
}

#[test]
fn multi_stone_suicide_makes_an_opponent_stone_count_in_the_eye() {
    // Black's eye {a5, b5, a4} holds White a5, which is not next to any black stone. Without
    // suicide only the empty points b5 and a4 must be liberties of the chain, and they are:
    // the eye is vital, and with d5 Black lives; a5 is the region's one point away from Black,
    // so the eye is territory. Where multi-stone suicide is legal, White could remove a5 by
    // filling b5 and a4 himself, so a5 must be a liberty too: it is not, the eye is not vital,
    // and Black is left with one vital region.
    let b = from_diagram(
        "O . X . X
         . X X X X
         X X . . .
         . . . . .
         . . . . .",
    )
    .unwrap();
    let pa = pass_alive(&b, false);
    assert_eq!(pa.stones[Color::Black.index()], *b.stones(Color::Black));
    assert_eq!(
        gtp(&b, &pa.territory[Color::Black.index()]),
        ["A5", "B5", "D5", "A4"]
    );
    let pa = pass_alive(&b, true);
    assert!(pa.stones.iter().all(PointSet::is_empty));
    assert!(pa.territory.iter().all(PointSet::is_empty));
}

#[test]
fn a_seki_is_not_pass_alive() {
    // Black's and White's inner chains have one eye each (c1, g1) and share the liberty e1:
    // a seki. Each has one vital region (its eye); the region around e1 holds points that are
    // not liberties of either. The outer walls have no vital region at all.
    let b = from_diagram(
        ". . . . O X . . .
         . . . . O X . . .
         . . . . O X . . .
         . . . . O X . . .
         . . . . O X . . .
         . . . . O X . . .
         O O O O O X X X X
         O X X X X O O O X
         O X . X . O . O X",
    )
    .unwrap();
    let pa = pass_alive(&b, false);
    assert!(pa.stones.iter().all(PointSet::is_empty), "{pa:?}");
}

/// xorshift64: the same numbers on every run.
fn rng(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// A position from a random game on a `n`x`n` board where neither player fills its own
/// eye-like points, played until both pass: full of settled groups.
fn random_final_position(n: u32, next: &mut impl FnMut() -> u64) -> Board {
    let mut b = Board::new(gorules_board::Size::square(n).unwrap());
    let mut color = Color::Black;
    let mut passes = 0;
    for _ in 0..4 * n * n {
        let empties: Vec<Point> = b.empty_points().collect();
        let mut played = false;
        for _ in 0..empties.len() {
            let p = empties[(next() % empties.len() as u64) as usize];
            if !b.is_eye_like(color, p) && b.play(color, p).is_ok() {
                played = true;
                break;
            }
        }
        passes = if played { 0 } else { passes + 1 };
        if passes == 2 {
            break;
        }
        color = color.opponent();
    }
    b
}

#[test]
fn no_opponent_sequence_captures_a_pass_alive_stone() {
    let mut next = rng(0x9e37_79b9_7f4a_7c15);
    let mut alive_seen = 0;
    let mut dead_seen = 0;
    for game in 0..300 {
        let n = 5 + game % 5;
        let start = random_final_position(n, &mut next);
        for suicide in [false, true] {
            let pa = pass_alive(&start, suicide);
            for owner in Color::ALL {
                let alive = pa.stones[owner.index()];
                alive_seen += alive.len();
                dead_seen += pa.dead_stones_of(&start, owner.opponent()).len();
                // The owner passes every turn; the opponent plays 3 n^2 random moves, suicides
                // of several stones included where the rules allow them.
                let opp = owner.opponent();
                let mut b = start.clone();
                for _ in 0..3 * n * n {
                    let empties: Vec<Point> = b.empty_points().collect();
                    if empties.is_empty() {
                        break;
                    }
                    let p = empties[(next() % empties.len() as u64) as usize];
                    let _ = if suicide {
                        b.play_allowing_suicide(opp, p)
                    } else {
                        b.play(opp, p)
                    };
                    for q in alive.iter() {
                        assert_eq!(
                            b.get(q),
                            Some(owner),
                            "game {game}: a pass-alive stone was captured\n{}",
                            gorules_board::diagram::to_diagram(&start)
                        );
                    }
                }
            }
        }
    }
    // The games are settled enough for the test to say something.
    assert!(alive_seen > 1000, "{alive_seen}");
    assert!(dead_seen > 0, "{dead_seen}");
}
