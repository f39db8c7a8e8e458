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
    // e1. Neither side can fill e1 without putting its own chain in atari.
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
    let e = estimate(&b, Color::Black, &Options::default());
    for p in ["B1", "F1"] {
        let c = e.chain_at(at(&b, p)).unwrap();
        assert_ne!(c.life, Life::Dead, "{p}: {c:?}");
        assert!(c.dead_fraction < 0.2, "{p}: {c:?}");
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
