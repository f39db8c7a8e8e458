//! The estimate on positions whose answer is clear by hand, on seki (which must not be called
//! dead), and on degenerate boards (which must get an answer, not a panic).

use gorules_board::diagram::from_diagram;
use gorules_board::{Board, Color, Point, Size};
use gorules_life::{estimate, Life, Options};

/// GTP-style point on a board read by `from_diagram` (`y` 0 is the top row).
fn at(board: &Board, gtp: &str) -> Point {
    gorules_board::coords::parse_gtp_point(gtp, board.size()).unwrap()
}

#[test]
fn a_lone_stone_in_a_living_corner_is_dead_and_the_corner_alive() {
    // Black's two-eyed wall (certain) encloses the top three rows' corner; White e8 is alone
    // inside a closed black area of 7x2 points with no room for two eyes.
    let b = from_diagram(
        ". . . . . . . X .
         . . . . O . . X X
         X X X X X X X X .
         . X . X . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    )
    .unwrap();
    let e = estimate(&b, Color::Black, &Options::default());
    let white = e.chain_at(at(&b, "E8")).unwrap();
    assert_eq!(white.life, Life::Dead, "{white:?}");
    assert!(!white.certain);
    assert!(white.confidence() >= 0.8);
    assert_eq!(e.dead_stones(), vec![at(&b, "E8")]);
}

#[test]
fn a_pass_alive_chain_and_the_stone_in_its_eye_are_certain() {
    // Black's chain has the eyes {a9, b9} (holding White a9) and d9: pass-alive; a9 is dead
    // under any rules, without play-outs.
    let b = from_diagram(
        "O . X . X
         X X X X X
         . . . . .
         . . . . .
         . . . . .",
    )
    .unwrap();
    let e = estimate(
        &b,
        Color::White,
        &Options {
            playouts: 0,
            ..Options::default()
        },
    );
    let white = e.chain_at(Point::new(0, 0)).unwrap();
    assert_eq!(
        (white.life, white.certain, white.confidence()),
        (Life::Dead, true, 1.0)
    );
    let black = e.chain_at(Point::new(2, 0)).unwrap();
    assert_eq!((black.life, black.certain), (Life::Alive, true));
    assert!(e.is_decided());
}

#[test]
fn seki_is_not_dead() {
    // The classic seki: Black's and White's inner chains have one eye each (c1, g1) and share
    // e1. Neither side can fill e1 without putting its own chain in atari. The outer walls
    // have two eyes each (a9 and c9, g9 and j9): pass-alive, so the play-outs' invasions of
    // the open sides cannot kill them, and only the seki decides the inner chains.
    let b = from_diagram(
        ". O . O O X . X .
         O O O O O X X X X
         . . . . O X . . .
         . . . . O X . . .
         . . . . O X . . .
         . . . . O X . . .
         O O O O O X X X X
         O X X X X O O O X
         O X . X . O . O X",
    )
    .unwrap();
    let e = estimate(&b, Color::Black, &Options::default());
    for p in ["B1", "F1"] {
        let c = e.chain_at(at(&b, p)).unwrap();
        assert!(!c.certain, "{p}: {c:?}");
        assert_eq!((c.life, c.dead_fraction), (Life::Alive, 0.0), "{p}: {c:?}");
    }
}

#[test]
fn the_same_position_gives_the_same_estimate() {
    let b = from_diagram(
        ". X . O .
         X X O O O
         . X O . .
         X X X O O
         . . X O .",
    )
    .unwrap();
    let o = Options::default();
    assert_eq!(
        estimate(&b, Color::Black, &o),
        estimate(&b, Color::Black, &o)
    );
    let other_seed = Options {
        seed: 7,
        ..o.clone()
    };
    // Another seed may give other fractions, but the same chains.
    assert_eq!(
        estimate(&b, Color::Black, &other_seed).chains.len(),
        estimate(&b, Color::Black, &o).chains.len()
    );
}

#[test]
fn degenerate_positions_get_an_answer() {
    // No stone at all.
    let empty = Board::new(Size::square(19).unwrap());
    assert!(estimate(&empty, Color::Black, &Options::default())
        .chains
        .is_empty());
    // Filled to the last point: one black chain with one liberty, which White can take.
    let mut full = Board::new(Size::square(3).unwrap());
    full.add_stones(
        Size::square(3)
            .unwrap()
            .points()
            .skip(1)
            .map(|p| (Color::Black, p)),
    )
    .unwrap();
    let e = estimate(&full, Color::White, &Options::default());
    assert_eq!(e.chains.len(), 1);
    // A position in the middle of a fight: some answer for every chain, never a panic.
    let mid = from_diagram(
        ". . X O . . .
         . X O . O . .
         X O . O . . .
         . X O X . . .
         . . X . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    let e = estimate(&mid, Color::Black, &Options::default());
    assert_eq!(e.chains.len(), mid.chains().len());
}

#[test]
fn a_group_with_one_eye_behind_a_false_eye_is_dead() {
    // White's chain (B3-E3, B2, D2-F2, B1-D1) has one eye, C2, and one outside liberty, E1.
    // Black's F1 has the liberties E1 and G1; G1 is surrounded by Black (F1, G2, H1) but is a
    // false eye: White's F2 holds one of its diagonals and it is on the edge. Black's wall
    // (eyes A5, C5, G3) is pass-alive. Black at E1 at once would be a self-atari of E1-F1 (only
    // G1 left) that captures nothing; after Black fills G1, which joins F1 to the wall, E1 puts
    // White in atari and C2 captures. White has no move that helps (E1 is a self-atari, C2 its
    // eye, G1 a suicide). So White's chain is captured in every play-out. Play-outs that never
    // fill an eye-like point leave both E1 and G1 empty to the end, and the chain alive: the
    // cause of a confident wrong answer on a real record (a 2001 European championship game,
    // GNU Go against TurboGo, whose dead stones GNU Go counts as here).
    let b = from_diagram(
        ". X . X X X X X
         X X X X X X X X
         X O O O O X . X
         X O . O O O X X
         X O O O . X . X",
    )
    .unwrap();
    let e = estimate(&b, Color::Black, &Options::default());
    let white = e.chain_at(at(&b, "B3")).unwrap();
    assert!(!white.certain, "{white:?}");
    assert_eq!(
        (white.life, white.dead_fraction),
        (Life::Dead, 1.0),
        "{white:?}"
    );
    let f1 = e.chain_at(at(&b, "F1")).unwrap();
    assert_eq!(f1.life, Life::Alive, "{f1:?}");
}

#[test]
fn a_group_whose_liberties_only_a_sacrifice_can_fill_is_not_sure_to_live() {
    // White's D5-D4-E4-F4-E3-F3-G3-G2 has no eye; its two liberties, E5 and G4, are also the
    // only liberties of Black's F5-G5 in the corner. Black's wall (eyes A5, A3, A1, C1, E1) is
    // pass-alive. It looks like seki, but it is not: Black plays E5 (or G4), a self-atari of
    // three stones that leaves White in atari on the same point, White must capture the three,
    // and its eye space is then a straight (or bent) three, which Black kills at its middle.
    // In the play-outs White never has a move (both liberties are self-ataris of its chain),
    // so Black's first move is the sacrifice in every play-out; after the capture Black takes
    // one of the three points, and only the middle one kills. White dies in some play-outs and
    // lives in others: the estimate must not call it alive for sure. Play-outs that refuse
    // every self-atari of several stones see a seki and call White alive in all of them: sure,
    // and wrong (GNU Go, on the real game this is cut from, a game of GNU Go's regression suite
    // against Handtalk, calls it dead).
    let b = from_diagram(
        ". X X O . X X
         X X X O O O .
         . X X X O O O
         X X X X X X O
         . X . X . X X",
    )
    .unwrap();
    let e = estimate(&b, Color::Black, &Options::default());
    let white = e.chain_at(at(&b, "D5")).unwrap();
    assert!(!white.certain, "{white:?}");
    assert_ne!(white.life, Life::Alive, "{white:?}");
    assert!(white.dead_fraction > 0.2, "{white:?}");
}

#[test]
fn a_group_that_a_sacrifice_leaves_with_a_bent_four_in_the_corner_is_not_sure_to_live() {
    // White's D5-D4-E4-F4-E3-F3-F2-G2 has no eye; its two liberties, E5 and G3, are also the
    // only liberties of Black's F5-G5-G4 in the corner. Black's wall (eyes A5, A3, A1, C1) is
    // pass-alive. Black at E5 (or G3) is a self-atari of four stones that leaves White in atari
    // on the same point; White must capture, and its eye space is then E5-F5-G5-G4 (or
    // F5-G5-G4-G3): the bent four in the corner, the corner point G5 and both its neighbours.
    // Played out it is a ko that Black starts when it likes. The Japanese Rules of Go (1989),
    // Article 7, paragraph 2, let a player retake a ko in the confirmation of life and death
    // only after passing once for it, so Black wins that ko and the group is dead (Sensei's
    // Library, "Bent four in the corner is dead"): White is not alive for sure. Play-outs that refuse this sacrifice (a self-atari of several stones
    // that captures nothing, in a shape they take for a living one) see a seki and call White
    // alive in all of them.
    let b = from_diagram(
        ". X X O . X X
         X X X O O O X
         . X X X O O .
         X X X X X O O
         . X . X X X X",
    )
    .unwrap();
    let e = estimate(&b, Color::Black, &Options::default());
    let wall = e.chain_at(at(&b, "B5")).unwrap();
    assert_eq!((wall.life, wall.certain), (Life::Alive, true), "{wall:?}");
    let white = e.chain_at(at(&b, "D5")).unwrap();
    assert!(!white.certain, "{white:?}");
    assert_ne!(white.life, Life::Alive, "{white:?}");
    assert!(white.dead_fraction > 0.2, "{white:?}");
}
