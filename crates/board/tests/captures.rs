//! Hand-made positions: captures, suicide, ko points, errors, removal, regions and territory.
//!
//! Positions are written as diagrams (`X` black, `O` white, `.` empty, top row first). Points
//! are `(x, y)` with `x` the column from the left and `y` the row from the top, both 0-based.
//! Every expected value below was worked out by hand from the diagram (see the comments), not
//! copied from the program's output.

use gorules_board::diagram::{from_diagram, to_diagram};
use gorules_board::{Board, Color, Enclosure, PlayError, Point, PointSet, Size};

const B: Color = Color::Black;
const W: Color = Color::White;

fn board(text: &str) -> Board {
    from_diagram(text).unwrap_or_else(|e| panic!("bad test diagram: {e}\n{text}"))
}

fn pt(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

fn sorted(mut v: Vec<Point>) -> Vec<Point> {
    v.sort_by_key(|p| (p.y, p.x));
    v
}

fn removed(b: &Board) -> Vec<Point> {
    sorted(b.last_removed().to_vec())
}

/// Plays through `preview` then `play`, and checks that they agree and that the incremental
/// hash matches a hash computed from scratch.
fn play(b: &mut Board, c: Color, p: Point) -> gorules_board::Placed {
    let pre = b.preview(c, p).expect("preview of a legal play");
    assert_eq!(pre.suicide, 0, "{c} {p:?} is not meant to be a suicide");
    let placed = b.play(c, p).expect("legal play");
    assert_eq!(pre.captures, placed.captured, "preview captures, {c} {p:?}");
    assert_eq!(pre.hash, b.hash(), "preview hash, {c} {p:?}");
    assert_eq!(b.hash(), b.compute_hash());
    placed
}

/// The board must equal the diagram, hash included.
fn assert_position(b: &Board, text: &str) {
    let expected = board(text);
    assert_eq!(b, &expected, "got\n{}", to_diagram(b));
    assert_eq!(b.hash(), expected.hash());
    for c in Color::ALL {
        assert_eq!(b.stones_on_board(c), expected.stones_on_board(c));
        assert_eq!(b.stones(c), expected.stones(c));
    }
}

#[test]
fn capture_on_the_edge() {
    // The black pair on the top edge has one liberty left, (3,1); White fills it.
    let mut b = board(
        "X O X X O
         . . O . .
         . . . . .
         . . . . .",
    );
    // (0,0) is a lone black stone with liberty (0,1): it stays.
    let placed = play(&mut b, W, pt(3, 1));
    assert_eq!(placed.captured, 2);
    assert_eq!(placed.captured_chains, 1);
    assert_eq!(placed.suicided, 0);
    assert_eq!(placed.ko_point, None);
    assert_eq!(removed(&b), vec![pt(2, 0), pt(3, 0)]);
    assert_eq!(b.stones_removed(B), 2);
    assert_eq!(b.stones_removed(W), 0);
    assert_eq!(b.stones_on_board(B), 1);
    assert_eq!(b.stones_on_board(W), 4);
    assert_position(
        &b,
        "X O . . O
         . . O O .
         . . . . .
         . . . . .",
    );
    // The new white stone (3,1) joined (2,1); the chain has (2,0), (3,0), (1,1), (4,1), (2,2)
    // and (3,2).
    assert_eq!(b.liberty_count(pt(3, 1)), 6);
}

#[test]
fn capture_in_the_corner() {
    // The black corner stone (0,0) has a single liberty, (0,1).
    let mut b = board(
        "X O .
         . . .
         . . .",
    );
    let placed = play(&mut b, W, pt(0, 1));
    assert_eq!(placed.captured, 1);
    assert_eq!(placed.captured_chains, 1);
    // The capturing stone (0,1) has (0,0), (1,1) and (0,2): three liberties, so no ko.
    assert_eq!(placed.ko_point, None);
    assert_eq!(b.last_removed(), &[pt(0, 0)]);
    assert_position(
        &b,
        ". O .
         O . .
         . . .",
    );
    assert_eq!(b.liberty_count(pt(0, 1)), 3);
}

#[test]
fn capture_in_the_far_corner_of_a_rectangular_board() {
    // 9 wide, 7 high: the bottom-right corner is (8,6). A stride mix-up between width and
    // height would show here.
    let mut b = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . O X",
    );
    assert_eq!(b.size(), Size::new(9, 7).unwrap());
    assert_eq!(b.liberty_count(pt(8, 6)), 1);
    let placed = play(&mut b, W, pt(8, 5));
    assert_eq!(placed.captured, 1);
    assert_eq!(b.last_removed(), &[pt(8, 6)]);
    assert_eq!(b.get(pt(8, 6)), None);
    // (8,5) has (7,5), (8,4) and the freed (8,6).
    assert_eq!(b.liberty_count(pt(8, 5)), 3);
}

#[test]
fn snapback_captures_more_stones() {
    // The black group (row 1 plus (0,0) and (3,0)) has two liberties, (1,0) and (2,0).
    let mut b = board(
        "X . . X O
         X X X X O
         O O O O O
         . . . . .",
    );
    // White throws in at (1,0): its only liberty is (2,0); Black keeps only (2,0) too.
    let placed = play(&mut b, W, pt(1, 0));
    assert_eq!(placed.captured, 0);
    assert_eq!(b.liberty_count(pt(1, 0)), 1);
    assert_eq!(b.liberty_count(pt(0, 0)), 1);
    // Black takes the stone at (2,0). The capturing stone joins the 6-stone group, so this
    // single-stone capture is no ko even though the group is left with one liberty, (1,0).
    let placed = play(&mut b, B, pt(2, 0));
    assert_eq!(placed.captured, 1);
    assert_eq!(placed.ko_point, None);
    assert_eq!(b.last_removed(), &[pt(1, 0)]);
    assert_eq!(b.liberty_count(pt(2, 0)), 1);
    // White plays back at (1,0) and takes all 7 black stones.
    let placed = play(&mut b, W, pt(1, 0));
    assert_eq!(placed.captured, 7);
    assert_eq!(placed.captured_chains, 1);
    assert_eq!(placed.ko_point, None);
    assert_eq!(
        removed(&b),
        vec![
            pt(0, 0),
            pt(2, 0),
            pt(3, 0),
            pt(0, 1),
            pt(1, 1),
            pt(2, 1),
            pt(3, 1)
        ]
    );
    assert_eq!(b.stones_removed(B), 7);
    assert_eq!(b.stones_removed(W), 1);
    assert_position(
        &b,
        ". O . . O
         . . . . O
         O O O O O
         . . . . .",
    );
}

#[test]
fn one_stone_captures_four_chains() {
    // Four lone white stones around (2,1), each with (2,1) as its only liberty.
    let mut b = board(
        ". X O X .
         X O . O X
         . X O X .
         . . X . .",
    );
    let pre = b.preview(B, pt(2, 1)).unwrap();
    assert_eq!((pre.captures, pre.suicide), (4, 0));
    let placed = play(&mut b, B, pt(2, 1));
    assert_eq!(placed.captured, 4);
    assert_eq!(placed.captured_chains, 4);
    assert_eq!(placed.ko_point, None);
    assert_eq!(removed(&b), vec![pt(2, 0), pt(1, 1), pt(3, 1), pt(2, 2)]);
    assert_eq!(b.stones_removed(W), 4);
    assert_eq!(b.stones_on_board(W), 0);
    assert_position(
        &b,
        ". X . X .
         X . X . X
         . X . X .
         . . X . .",
    );
    // The lone stone (2,1) touches the four freed points.
    assert_eq!(b.liberty_count(pt(2, 1)), 4);
}

#[test]
fn capture_makes_an_apparent_suicide_legal() {
    // (0,0) has no empty neighbour, but both white stones next to it are in atari there.
    let mut b = board(
        ". O X .
         O X . .
         X . . .",
    );
    let pre = b.preview(B, pt(0, 0)).unwrap();
    assert_eq!((pre.captures, pre.suicide), (2, 0));
    let placed = play(&mut b, B, pt(0, 0));
    assert_eq!(placed.captured, 2);
    assert_eq!(placed.captured_chains, 2);
    assert_eq!(placed.ko_point, None, "two stones captured: not a ko");
    assert_eq!(removed(&b), vec![pt(1, 0), pt(0, 1)]);
    assert_position(
        &b,
        "X . X .
         . X . .
         X . . .",
    );
    // The same point is a 3-stone suicide for White: (0,0) joins (1,0) and (0,1), whose only
    // liberty was (0,0), and no black stone is in atari.
    let b0 = board(
        ". O X .
         O X . .
         X . . .",
    );
    let pre = b0.preview(W, pt(0, 0)).unwrap();
    assert_eq!((pre.captures, pre.suicide), (0, 3));
}

#[test]
fn single_stone_suicide() {
    let start = board(
        ". O .
         O . .
         . . .",
    );
    let mut b = start.clone();
    let pre = b.preview(B, pt(0, 0)).unwrap();
    assert_eq!(pre.captures, 0);
    assert_eq!(pre.suicide, 1);
    // A single-stone suicide leaves the stones as they were.
    assert_eq!(pre.hash, start.hash());
    assert_eq!(b.play(B, pt(0, 0)), Err(PlayError::Suicide { stones: 1 }));
    assert_eq!(b, start);
    assert_eq!(b.hash(), start.hash());
    assert_eq!(b.stones_removed(B), 0);
    assert_eq!(
        PlayError::Suicide { stones: 1 }.to_string(),
        "single-stone suicide"
    );

    // Applied, it removes just the new stone, booked as a removed black stone.
    let placed = b.play_allowing_suicide(B, pt(0, 0)).unwrap();
    assert_eq!(placed.suicided, 1);
    assert_eq!(placed.captured, 0);
    assert_eq!(b.last_removed(), &[pt(0, 0)]);
    assert_eq!(b.stones_removed(B), 1);
    assert_eq!(b.stones_on_board(B), 0);
    assert_eq!(b, start);
    assert_eq!(b.hash(), start.hash());
    assert_eq!(b.hash(), b.compute_hash());
}

#[test]
fn multi_stone_suicide() {
    // White at (2,1) would join the four white stones around it; none has another liberty and
    // no black stone is in atari there: a 5-stone suicide.
    let start = board(
        ". X O X .
         X O . O X
         . X O X .
         . . X . .",
    );
    let mut b = start.clone();
    let pre = b.preview(W, pt(2, 1)).unwrap();
    assert_eq!((pre.captures, pre.suicide), (0, 5));
    let err = b.play(W, pt(2, 1)).unwrap_err();
    assert_eq!(err, PlayError::Suicide { stones: 5 });
    assert_eq!(err.to_string(), "suicide of 5 stones");
    assert_eq!(b, start);
    assert_eq!(b.hash(), start.hash());

    let placed = b.play_allowing_suicide(W, pt(2, 1)).unwrap();
    assert_eq!(placed.suicided, 5);
    assert_eq!(placed.captured, 0);
    assert_eq!(placed.ko_point, None);
    assert_eq!(
        removed(&b),
        vec![pt(2, 0), pt(1, 1), pt(2, 1), pt(3, 1), pt(2, 2)]
    );
    assert_eq!(b.stones_removed(W), 5);
    assert_eq!(b.stones_removed(B), 0);
    assert_eq!(b.stones_on_board(W), 0);
    assert_eq!(b.stones_on_board(B), 7);
    assert_position(
        &b,
        ". X . X .
         X . . . X
         . X . X .
         . . X . .",
    );
    assert_eq!(pre.hash, b.hash());
    // (1,0) now has (0,0), (2,0) and (1,1).
    assert_eq!(b.liberty_count(pt(1, 0)), 3);
}

#[test]
fn occupied_and_off_board() {
    let start = board(
        "X . .
         . O .",
    );
    let mut b = start.clone();
    assert_eq!(b.play(W, pt(0, 0)), Err(PlayError::Occupied));
    assert_eq!(b.play(B, pt(1, 1)), Err(PlayError::Occupied));
    assert_eq!(b.preview(B, pt(0, 0)), Err(PlayError::Occupied));
    assert_eq!(
        b.play_allowing_suicide(B, pt(1, 1)),
        Err(PlayError::Occupied)
    );
    // 3 wide, 2 high: x = 3 and y = 2 are off the board.
    assert_eq!(b.play(B, pt(3, 0)), Err(PlayError::OffBoard));
    assert_eq!(b.play(B, pt(0, 2)), Err(PlayError::OffBoard));
    assert_eq!(b.preview(W, pt(200, 200)), Err(PlayError::OffBoard));
    assert_eq!(
        b.play_allowing_suicide(W, pt(0, 2)),
        Err(PlayError::OffBoard)
    );
    assert_eq!(b.get(pt(3, 0)), None);
    assert!(!b.is_eye_like(B, pt(3, 0)));
    assert!(!b.is_eye_like(B, pt(25, 1)));
    assert_eq!(b, start);
    assert_eq!(b.hash(), start.hash());
    // The bottom-right corner (2,1) is on the board.
    assert!(b.play(B, pt(2, 1)).is_ok());
}

#[test]
fn ko_point_for_a_real_ko() {
    // White (1,0) is in atari at (2,0). After Black takes it, (2,0) touches the freed (1,0),
    // White (3,0) and White (2,1): one liberty, one stone captured: a ko.
    let mut b = board(
        "X O . O
         . X O .
         . . . .",
    );
    let before = b.hash();
    let placed = play(&mut b, B, pt(2, 0));
    assert_eq!(placed.captured, 1);
    assert_eq!(placed.ko_point, Some(pt(1, 0)));
    assert_eq!(b.liberty_count(pt(2, 0)), 1);
    // The board itself knows no ko rule: White may retake, which is a ko capture in turn.
    let placed = play(&mut b, W, pt(1, 0));
    assert_eq!(placed.captured, 1);
    assert_eq!(placed.ko_point, Some(pt(2, 0)));
    assert_eq!(b.hash(), before, "the retake repeats the position");
    assert_position(
        &b,
        "X O . O
         . X O .
         . . . .",
    );
}

#[test]
fn ko_point_for_the_classic_ko_shape() {
    // Black surrounds (1,1); Black (2,1) is in atari there. White's stone at (1,1) captures
    // (2,1) and is left with that single liberty.
    let mut b = board(
        ". X O .
         X . X O
         . X O .",
    );
    let placed = play(&mut b, W, pt(1, 1));
    assert_eq!(placed.captured, 1);
    assert_eq!(placed.ko_point, Some(pt(2, 1)));
    let placed = play(&mut b, B, pt(2, 1));
    assert_eq!(placed.ko_point, Some(pt(1, 1)));
}

#[test]
fn no_ko_point_when_the_capturing_stone_has_two_liberties() {
    // The shape of `ko_point_for_a_real_ko` without White (3,0): after the capture (2,0) has
    // the freed (1,0) and the empty (3,0).
    let mut b = board(
        "X O . .
         . X O .
         . . . .",
    );
    let placed = play(&mut b, B, pt(2, 0));
    assert_eq!(placed.captured, 1);
    assert_eq!(placed.ko_point, None);
    assert_eq!(b.liberty_count(pt(2, 0)), 2);
}

#[test]
fn no_ko_point_when_two_stones_are_captured() {
    // The white pair has one liberty, (3,0). Black's stone there captures both and is left
    // with the single liberty (2,0) (White (3,1) is below it), but two stones is no ko.
    let mut b = board(
        "X O O .
         . X X O
         . . . .",
    );
    let placed = play(&mut b, B, pt(3, 0));
    assert_eq!(placed.captured, 2);
    assert_eq!(placed.ko_point, None);
    assert_eq!(b.liberty_count(pt(3, 0)), 1, "only (2,0): (3,1) is white");
}

#[test]
fn no_ko_point_when_the_capturing_stone_joins_a_chain() {
    // Black (2,0) captures White (1,0) and joins the chain (1,1)+(2,1); the chain then has
    // (0,1), (1,0), (1,2), (3,1) and (2,2).
    let mut b = board(
        "X O . O
         . X X .
         . . . .",
    );
    let placed = play(&mut b, B, pt(2, 0));
    assert_eq!(placed.captured, 1);
    assert_eq!(placed.ko_point, None);
    assert_eq!(b.liberty_count(pt(2, 0)), 5);
}

#[test]
fn remove_stones_like_dead_stones() {
    let mut b = board(
        "X X . O
         . X . O
         . . . O",
    );
    // Remove the black chain, the middle white stone, an empty point and an off-board point
    // (the last two are ignored).
    let counts = b.remove_stones([pt(0, 0), pt(1, 0), pt(1, 1), pt(3, 1), pt(2, 2), pt(9, 9)]);
    assert_eq!(counts, [3, 1]);
    assert_eq!(removed(&b), vec![pt(0, 0), pt(1, 0), pt(1, 1), pt(3, 1)]);
    assert_eq!(b.stones_removed(B), 3);
    assert_eq!(b.stones_removed(W), 1);
    assert_position(
        &b,
        ". . . O
         . . . .
         . . . O",
    );
    assert_eq!(b.hash(), b.compute_hash());
    // The white column is cut in two: (3,0) has (2,0) and (3,1); (3,2) has (2,2) and (3,1).
    assert_eq!(b.chains().len(), 2);
    assert_eq!(b.liberty_count(pt(3, 0)), 2);
    assert_eq!(b.liberty_count(pt(3, 2)), 2);
    // Removal adds to earlier captures.
    b.play(B, pt(2, 0)).unwrap();
    assert_eq!(b.play(B, pt(3, 1)).unwrap().captured, 1);
    let placed = b.play(B, pt(2, 2)).unwrap();
    // (2,0) left (3,0) with the liberty (3,1); Black (3,1) took it (one stone) and left (3,2)
    // with (2,2) only; Black (2,2) takes that one.
    assert_eq!(placed.captured, 1);
    assert_eq!(b.stones_removed(W), 3);
    assert_eq!(b.remove_stones([pt(2, 0)]), [1, 0]);
    assert_eq!(b.stones_removed(B), 4);
}

#[test]
fn empty_regions_and_territory() {
    let b = board(
        ". X . O .
         X X . O .
         . . X O O
         X X X O .
         . . . O .",
    );
    // Regions, by first point row by row:
    //   {(0,0)}                 touches black only
    //   {(2,0),(2,1)}           (1,0)/(1,1)/(2,2) black, (3,0)/(3,1) white: both
    //   {(4,0),(4,1)}           (3,0)/(3,1)/(4,2) white only
    //   {(0,2),(1,2)}           (0,1)/(1,1)/(2,2)/(0,3)/(1,3) black only
    //   {(4,3),(4,4)}           (3,3)/(4,2)/(3,4) white only
    //   {(0,4),(1,4),(2,4)}     (0,3)/(1,3)/(2,3) black, (3,4) white: both
    let regions = b.empty_regions();
    let got: Vec<(Vec<Point>, bool, bool)> = regions
        .iter()
        .map(|r| (r.points.clone(), r.touches_black, r.touches_white))
        .collect();
    assert_eq!(
        got,
        vec![
            (vec![pt(0, 0)], true, false),
            (vec![pt(2, 0), pt(2, 1)], true, true),
            (vec![pt(4, 0), pt(4, 1)], false, true),
            (vec![pt(0, 2), pt(1, 2)], true, false),
            (vec![pt(4, 3), pt(4, 4)], false, true),
            (vec![pt(0, 4), pt(1, 4), pt(2, 4)], true, true),
        ]
    );
    let t = b.territory();
    let set = |pts: &[Point]| {
        let mut s = PointSet::empty(b.size());
        for &p in pts {
            s.insert(p);
        }
        s
    };
    assert_eq!(t.black, set(&[pt(0, 0), pt(0, 2), pt(1, 2)]));
    assert_eq!(t.white, set(&[pt(4, 0), pt(4, 1), pt(4, 3), pt(4, 4)]));
    assert_eq!(
        t.neutral,
        set(&[pt(2, 0), pt(2, 1), pt(0, 4), pt(1, 4), pt(2, 4)])
    );
    // 7 black stones, 6 white stones.
    assert_eq!(t.black_stones.len(), 7);
    assert_eq!(t.white_stones.len(), 6);
    // Area: black 7 + 3 = 10, white 6 + 4 = 10.
    assert_eq!(t.black_stones.len() + t.black.len(), 10);
    assert_eq!(t.white_stones.len() + t.white.len(), 10);
}

#[test]
fn empty_board_is_one_neutral_region() {
    let b = Board::new(Size::new(4, 3).unwrap());
    let regions = b.empty_regions();
    assert_eq!(regions.len(), 1);
    assert_eq!(regions[0].points.len(), 12);
    assert!(!regions[0].touches_black && !regions[0].touches_white);
    let t = b.territory();
    assert_eq!(t.neutral.len(), 12);
    assert!(t.black.is_empty() && t.white.is_empty());
    assert_eq!(t.neutral, PointSet::full(b.size()));
}

#[test]
fn territory_on_a_rectangular_board() {
    // 9 wide, 7 high. Black wall on column 2, white wall on column 6.
    let rows = ". . X . . . O . .\n".repeat(7);
    let b = board(&rows);
    assert_eq!(b.size(), Size::new(9, 7).unwrap());
    let t = b.territory();
    // Columns 0-1: 2 x 7 = 14 black points; columns 3-5: 3 x 7 = 21 neutral; columns 7-8: 14
    // white.
    assert_eq!(t.black.len(), 14);
    assert_eq!(t.neutral.len(), 21);
    assert_eq!(t.white.len(), 14);
    assert!(t.black.contains(pt(0, 6)) && t.black.contains(pt(1, 0)));
    assert!(t.white.contains(pt(8, 6)) && t.white.contains(pt(7, 0)));
    assert!(t.neutral.contains(pt(3, 3)) && t.neutral.contains(pt(5, 6)));
    assert_eq!(b.empty_regions().len(), 3);
}

#[test]
fn two_by_three_board() {
    // 2 wide, 3 high. Black (0,0) has the single liberty (0,1).
    let mut b = board(
        "X O
         . O
         . .",
    );
    let placed = play(&mut b, W, pt(0, 1));
    assert_eq!(placed.captured, 1);
    // The white chain (1,0),(1,1),(0,1) joined: no ko.
    assert_eq!(placed.ko_point, None);
    // Empty: (0,0) (touches white (1,0),(0,1)) and {(0,2),(1,2)} (touches white (0,1),(1,1)).
    let t = b.territory();
    assert_eq!(t.white.len(), 3);
    assert_eq!(
        t.white_stones.len() + t.white.len(),
        6,
        "White owns the whole board"
    );
    assert!(t.black.is_empty() && t.neutral.is_empty());
}

#[test]
fn two_by_two_board() {
    let mut b = Board::new(Size::square(2).unwrap());
    play(&mut b, B, pt(0, 0));
    play(&mut b, W, pt(1, 1));
    // Black (0,0)+(1,0) have only (0,1) left; White (1,1) has only (0,1) too.
    play(&mut b, B, pt(1, 0));
    assert_eq!(b.liberty_count(pt(0, 0)), 1);
    // White (0,1) joins (1,1) and takes the black pair: the chain then has (0,0) and (1,0).
    let placed = play(&mut b, W, pt(0, 1));
    assert_eq!(placed.captured, 2);
    assert_eq!(placed.ko_point, None);
    assert_eq!(b.liberty_count(pt(1, 1)), 2);
    assert_eq!(b.territory().white.len(), 2);
    // Black (0,0) has the liberty (1,0); White fills it, joining its chain, and captures it.
    play(&mut b, B, pt(0, 0));
    let placed = play(&mut b, W, pt(1, 0));
    assert_eq!(placed.captured, 1);
    assert_eq!(placed.ko_point, None, "the capturing stone joined a chain");
    // Black (0,0) now takes the 3 white stones, whose last liberty it is.
    let pre = b.preview(B, pt(0, 0)).unwrap();
    assert_eq!((pre.captures, pre.suicide), (3, 0));
    let placed = play(&mut b, B, pt(0, 0));
    assert_eq!(placed.captured, 3);
    assert_eq!(b.stones_removed(W), 3);
    assert_eq!(b.stones_removed(B), 3);
    assert_eq!(b.liberty_count(pt(0, 0)), 2);
    assert_eq!(b.territory().black.len(), 3);
    // White anywhere now would join nothing and have liberties: (1,1) touches (1,0) and
    // (0,1), both empty.
    assert_eq!(b.preview(W, pt(1, 1)).unwrap().suicide, 0);
}

#[test]
fn large_capture_on_25x25() {
    let size = Size::square(25).unwrap();
    // Black fills row 0; White fills row 1 except its last point (24,1).
    let stones = (0..25)
        .map(|x| (B, pt(x, 0)))
        .chain((0..24).map(|x| (W, pt(x, 1))));
    let mut b = Board::with_stones(size, stones).unwrap();
    assert_eq!(b.liberty_count(pt(0, 0)), 1);
    // White (0..23, 1) has row 2's 24 points and (24,1).
    assert_eq!(b.liberty_count(pt(0, 1)), 25);
    let placed = play(&mut b, W, pt(24, 1));
    assert_eq!(placed.captured, 25);
    assert_eq!(placed.captured_chains, 1);
    assert_eq!(b.stones_removed(B), 25);
    assert_eq!(b.stones_on_board(W), 25);
    assert_eq!(b.last_removed().len(), 25);
    // Row 0 (25 points) and row 2 (25 points) are now the white chain's liberties.
    assert_eq!(b.liberty_count(pt(0, 1)), 50);
    // The far corner works too.
    let placed = play(&mut b, B, pt(24, 24));
    assert_eq!(placed.captured, 0);
    play(&mut b, W, pt(23, 24));
    let placed = play(&mut b, W, pt(24, 23));
    assert_eq!(placed.captured, 1);
    assert_eq!(b.last_removed(), &[pt(24, 24)]);
    let t = b.territory();
    // Every empty point touches only white: 625 - 27 white stones.
    assert_eq!(t.white.len(), 625 - 27);
}

#[test]
fn diagrams_round_trip_on_large_boards() {
    // GTP column letters include `O` from the 14th column and `X` from the 22nd: the letter
    // row of such a diagram must still be read as labels.
    for n in [13u32, 14, 19, 25] {
        let size = Size::square(n).unwrap();
        let last = n as u8 - 1;
        let b = Board::with_stones(
            size,
            [
                (B, pt(0, 0)),
                (W, pt(last, 0)),
                (B, pt(last, last)),
                (W, pt(3, 2)),
            ],
        )
        .unwrap();
        let text = to_diagram(&b);
        let back = from_diagram(&text).unwrap_or_else(|e| panic!("{n}x{n}: {e}\n{text}"));
        assert_eq!(back, b, "{n}x{n}");
    }
}

#[test]
fn preview_agrees_with_play_along_a_sequence() {
    // A short 5x5 game with a capture, a ko capture and a suicide preview; `play` checks
    // preview against play at each step.
    let mut b = Board::new(Size::square(5).unwrap());
    for (c, x, y) in [
        (B, 1, 0),
        (W, 2, 0),
        (B, 0, 1),
        (W, 3, 1),
        (B, 2, 1),
        (W, 2, 2),
        (B, 1, 2),
        (W, 1, 1), // captures (2,1): a ko
    ] {
        play(&mut b, c, pt(x, y));
    }
    assert_eq!(b.get(pt(2, 1)), None);
    assert_eq!(b.stones_removed(B), 1);
    // Black (2,1) would now take (1,1) back.
    let pre = b.preview(B, pt(2, 1)).unwrap();
    assert_eq!((pre.captures, pre.suicide), (1, 0));
    let placed = play(&mut b, B, pt(2, 1));
    assert_eq!(placed.ko_point, Some(pt(1, 1)));
}

#[test]
fn play_if_asks_before_playing() {
    // The ko shape of `ko_point_for_a_real_ko`: Black (2,0) captures (1,0).
    let start = board(
        "X O . O
         . X O .
         . . . .",
    );
    let mut b = start.clone();
    let expected = b.preview(B, pt(2, 0)).unwrap();
    // Refused: the board is unchanged and nothing is reported.
    let mut asked = None;
    let out = b.play_if(B, pt(2, 0), |pre| {
        asked = Some(*pre);
        false
    });
    assert_eq!(out, Ok(None));
    assert_eq!(asked, Some(expected));
    assert_eq!(b, start);
    assert_eq!(b.hash(), start.hash());
    // Accepted: the same as `play`.
    let placed = b.play_if(B, pt(2, 0), |_| true).unwrap().unwrap();
    assert_eq!(placed.captured, 1);
    assert_eq!(placed.ko_point, Some(pt(1, 0)));
    assert_eq!(b.hash(), expected.hash);
    // Errors come before the question.
    let mut called = false;
    assert_eq!(
        b.play_if(W, pt(2, 0), |_| {
            called = true;
            true
        }),
        Err(PlayError::Occupied)
    );
    assert_eq!(b.play_if(W, pt(4, 0), |_| true), Err(PlayError::OffBoard));
    // So does a suicide (the corner of `single_stone_suicide`).
    let mut corner = board(
        ". O .
         O . .
         . . .",
    );
    assert_eq!(
        corner.play_if(B, pt(0, 0), |_| {
            called = true;
            true
        }),
        Err(PlayError::Suicide { stones: 1 })
    );
    assert!(!called, "the closure is not asked about errors");
}

#[test]
fn single_stone_suicide_without_a_preview() {
    // The white chain (1,0), (0,1), (1,1), (2,1) has the liberties (0,0), (2,0) and (3,1).
    let b = board(
        ". O . . .
         O O O . .
         X X X X .",
    );
    // (0,0): both neighbours white, the chain has 3 liberties: a single-stone suicide.
    assert!(b.is_single_stone_suicide(B, pt(0, 0)));
    assert_eq!(b.preview(B, pt(0, 0)).unwrap().suicide, 1);
    // (2,0) touches the empty (3,0): a liberty, no suicide.
    assert!(!b.is_single_stone_suicide(B, pt(2, 0)));
    // White playing its own eye is no suicide.
    assert!(!b.is_single_stone_suicide(W, pt(0, 0)));
    // Occupied and off-board points are not.
    assert!(!b.is_single_stone_suicide(B, pt(1, 0)));
    assert!(!b.is_single_stone_suicide(B, pt(5, 0)));
    // `enclosure` gives both answers in one look.
    assert_eq!(b.enclosure(B, pt(0, 0)), Enclosure::SingleStoneSuicide);
    assert_eq!(b.enclosure(W, pt(0, 0)), Enclosure::EyeLike);
    assert_eq!(b.enclosure(B, pt(2, 0)), Enclosure::Open);
    assert_eq!(b.enclosure(B, pt(1, 0)), Enclosure::Open);
    assert_eq!(b.enclosure(B, pt(5, 0)), Enclosure::Open);

    // Black in atari: White's play at (0,0) captures (1,0) through its last liberty.
    let c = board(
        ". X O .
         X O . .
         O . . .",
    );
    // (0,0) is surrounded by black stones: (1,0) has the liberty (0,0) only, (0,1) has (0,0)
    // only too. White captures both: no suicide.
    assert!(!c.is_single_stone_suicide(W, pt(0, 0)));
    assert_eq!(c.preview(W, pt(0, 0)).unwrap().captures, 2);
    // Black at (0,0) would join its own stones: not a single-stone play.
    assert!(!c.is_single_stone_suicide(B, pt(0, 0)));
}
