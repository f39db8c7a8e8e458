//! Boards one point wide ("Go on a line"): 1x1, a single row (Nx1) and a single column (1xN).
//! Every point has at most two neighbours, and the one point of a 1x1 board has none.
//!
//! Each test that plays runs on a row and on a column: the point numbered `i` along the line
//! is `(i, 0)` on the row and `(0, i)` on the column. Every expected value below was worked out
//! by hand from the diagram (see the comments), not copied from the program's output.

use gorules_board::coords::{gtp_point, parse_gtp_point, parse_sgf_move, parse_sgf_point};
use gorules_board::diagram::{from_diagram, to_diagram};
use gorules_board::handicap::fixed_handicap;
use gorules_board::{pass_alive, Board, Color, Enclosure, Move, PlayError, Point, PointSet, Size};

const B: Color = Color::Black;
const W: Color = Color::White;

/// A line of points, laid out as a row or as a column.
#[derive(Clone, Copy, Debug)]
enum Line {
    Row,
    Column,
}

impl Line {
    const BOTH: [Line; 2] = [Line::Row, Line::Column];

    /// The board of a line diagram written along the line (`"X . O"`, spaces ignored).
    fn board(self, text: &str) -> Board {
        let cells: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let diagram: String = match self {
            Line::Row => cells.iter().collect(),
            Line::Column => cells.iter().map(|c| format!("{c}\n")).collect(),
        };
        let b = from_diagram(&diagram).unwrap_or_else(|e| panic!("{e}\n{diagram}"));
        let n = cells.len() as u32;
        let size = match self {
            Line::Row => Size::new(n, 1),
            Line::Column => Size::new(1, n),
        };
        assert_eq!(b.size(), size.unwrap());
        b
    }

    /// The `i`-th point along the line.
    fn at(self, i: u8) -> Point {
        match self {
            Line::Row => Point::new(i, 0),
            Line::Column => Point::new(0, i),
        }
    }

    /// The set of these points along the line.
    fn set(self, b: &Board, points: &[u8]) -> PointSet {
        let mut s = PointSet::empty(b.size());
        for &i in points {
            s.insert(self.at(i));
        }
        s
    }
}

/// Plays through `preview` then `play`, checking that they agree and that the incremental
/// hash is the hash computed from scratch.
fn play(b: &mut Board, c: Color, p: Point) -> gorules_board::Placed {
    let pre = b.preview(c, p).expect("preview of a legal play");
    assert_eq!(pre.suicide, 0, "{c} {p:?} is not meant to be a suicide");
    let placed = b.play(c, p).expect("legal play");
    assert_eq!(pre.captures, placed.captured);
    assert_eq!(pre.hash, b.hash());
    assert_eq!(b.hash(), b.compute_hash());
    placed
}

#[test]
fn sizes_one_point_wide_exist() {
    for n in 1..=25 {
        assert_eq!(Size::new(1, n).unwrap().area(), n as usize);
        assert_eq!(Size::new(n, 1).unwrap().area(), n as usize);
    }
    assert!(Size::new(1, 0).is_err());
    assert!(Size::new(0, 1).is_err());
    assert!(Size::new(1, 26).is_err());
    let e = Size::new(0, 9).unwrap_err();
    assert_eq!(
        e.to_string(),
        "board size 0x9 is not supported: each side must be from 1 to 25"
    );
}

#[test]
fn the_neighbours_of_a_line() {
    // On a row of 3, the middle point has two neighbours (left, right), the ends one each;
    // on a column the same, up and down. The point of 1x1 has none.
    let row = Size::new(3, 1).unwrap();
    let n = |s: Size, p: Point| s.neighbors(p).collect::<Vec<_>>();
    assert_eq!(
        n(row, Point::new(1, 0)),
        [Point::new(0, 0), Point::new(2, 0)]
    );
    assert_eq!(n(row, Point::new(0, 0)), [Point::new(1, 0)]);
    let column = Size::new(1, 3).unwrap();
    assert_eq!(
        n(column, Point::new(0, 1)),
        [Point::new(0, 0), Point::new(0, 2)]
    );
    assert_eq!(n(column, Point::new(0, 2)), [Point::new(0, 1)]);
    assert!(n(Size::new(1, 1).unwrap(), Point::new(0, 0)).is_empty());
}

#[test]
fn a_stone_at_the_end_is_captured_by_one_stone_and_the_reply_is_a_suicide() {
    for line in Line::BOTH {
        let mut b = line.board(". . .");
        // Black at 0: its only neighbour is 1, its one liberty.
        assert_eq!(play(&mut b, B, line.at(0)).captured, 0);
        assert_eq!(b.atari_liberty(line.at(0)), Some(line.at(1)));
        // White at 1 takes that liberty: Black's stone is captured. White's stone then has
        // the liberties 0 and 2, so this is no ko.
        let placed = play(&mut b, W, line.at(1));
        assert_eq!((placed.captured, placed.captured_chains), (1, 1));
        assert_eq!(placed.ko_point, None);
        assert_eq!(b.last_removed(), [line.at(0)]);
        assert_eq!(b.liberty_count(line.at(1)), 2);
        // Black at 2: its only neighbour is White's stone at 1, which keeps the liberty 0, so
        // nothing is captured and the stone has no liberty: a single-stone suicide.
        assert!(b.is_single_stone_suicide(B, line.at(2)));
        assert_eq!(b.enclosure(B, line.at(2)), Enclosure::SingleStoneSuicide);
        assert_eq!(b.play(B, line.at(2)), Err(PlayError::Suicide { stones: 1 }));
        // For White, 2 is an eye-like point (its one neighbour is White's).
        assert!(b.is_eye_like(W, line.at(2)));
        assert_eq!(b.stones_removed(B), 1);
        assert_eq!(b.stones_on_board(W), 1);
    }
}

#[test]
fn a_suicide_of_two_stones() {
    for line in Line::BOTH {
        // X . O .: Black at 1 joins the stone at 0; the chain's neighbours are then 2 (White,
        // which keeps the liberty 3) and nothing else: no liberty, no capture, a suicide of
        // the two black stones.
        let mut b = line.board("X . O .");
        assert!(!b.is_single_stone_suicide(B, line.at(1)));
        assert_eq!(b.liberties_after(B, line.at(1)), Ok(0));
        assert_eq!(b.preview(B, line.at(1)).unwrap().suicide, 2);
        assert_eq!(b.play(B, line.at(1)), Err(PlayError::Suicide { stones: 2 }));
        let placed = b.play_allowing_suicide(B, line.at(1)).unwrap();
        assert_eq!((placed.captured, placed.suicided), (0, 2));
        assert_eq!(b, line.board(". . O ."));
        assert_eq!(b.hash(), line.board(". . O .").hash());
        assert_eq!(b.stones_removed(B), 2);
    }
}

#[test]
fn a_ko_on_a_line() {
    for line in Line::BOTH {
        // . X O . O .  Black at 3: White's 2 has the one liberty 3 and is captured; White's 4
        // keeps 5. Black's new stone then touches 2 (now empty) and 4 (White): one liberty,
        // a single stone that took a single stone: the ko point is 2.
        let start = line.board(". X O . O .");
        let mut b = line.board(". X O . O .");
        let placed = play(&mut b, B, line.at(3));
        assert_eq!(placed.captured, 1);
        assert_eq!(placed.ko_point, Some(line.at(2)));
        assert_eq!(b, line.board(". X . X O ."));
        // White retakes at 2: Black's 3 has the one liberty 2 and is captured (Black's 1 keeps
        // 0); White's 2 then touches 1 (Black) and 3 (empty): one liberty again, ko point 3.
        let placed = play(&mut b, W, line.at(2));
        assert_eq!(placed.captured, 1);
        assert_eq!(placed.ko_point, Some(line.at(3)));
        // Back to the first position: the same stones and the same hash.
        assert_eq!(b, start);
        assert_eq!(b.hash(), start.hash());
        assert_eq!(b.position(), start.position());
        assert_ne!(b.hash(), line.board(". X . X O .").hash());
    }
}

#[test]
fn one_stone_captures_two_chains() {
    for line in Line::BOTH {
        // . O X . X O .  Each black stone has the one liberty 3 (its other neighbour is
        // White's). White at 3 takes it from both: two chains of one stone, and White's stone
        // then has the liberties 2 and 4, no ko.
        let mut b = line.board(". O X . X O .");
        let placed = play(&mut b, W, line.at(3));
        assert_eq!((placed.captured, placed.captured_chains), (2, 2));
        assert_eq!(placed.ko_point, None);
        assert_eq!(b, line.board(". O . O . O ."));
    }
}

#[test]
fn the_board_of_one_point() {
    let size = Size::new(1, 1).unwrap();
    let mut b = Board::new(size);
    let p = Point::new(0, 0);
    for c in Color::ALL {
        // No neighbour at all: a stone there has no liberty and captures nothing, a suicide
        // of that stone alone for either colour; no eye of either (no one can play there).
        assert!(!b.is_eye_like(c, p));
        assert_eq!(b.enclosure(c, p), Enclosure::SingleStoneSuicide);
        assert!(b.is_single_stone_suicide(c, p));
        assert_eq!(b.liberties_after(c, p), Ok(0));
        assert_eq!(b.is_self_atari(c, p), Ok(true));
        assert_eq!(b.play(c, p), Err(PlayError::Suicide { stones: 1 }));
    }
    // The one point touches no stone: neutral, no territory, no pass-alive anything.
    let t = b.territory();
    assert_eq!(t.neutral.len(), 1);
    assert!(t.black.is_empty() && t.white.is_empty());
    let pa = pass_alive(&b, true);
    assert!(pa
        .stones
        .iter()
        .chain(&pa.territory)
        .all(PointSet::is_empty));
    // A suicide the caller allows takes the stone off again: the empty board, hash 0.
    let placed = b.play_allowing_suicide(B, p).unwrap();
    assert_eq!(placed.suicided, 1);
    assert_eq!(b.hash(), 0);
    assert_eq!(b, Board::new(size));
    assert_eq!(b.stones_removed(B), 1);
    // Setting up a stone there is refused: it would have no liberty.
    assert!(Board::with_stones(size, [(W, p)]).is_err());
    assert_eq!(to_diagram(&b), "   A\n 1 .\n");
}

#[test]
fn territory_and_empty_regions_on_a_line() {
    for line in Line::BOTH {
        // . X . O O . .  0 reaches only Black's 1: Black's. 2 reaches 1 and 3: neutral.
        // 5 and 6 reach only White's 4: White's. Area: Black 1 stone + 1, White 2 + 2.
        let b = line.board(". X . O O . .");
        let t = b.territory();
        assert_eq!(t.black, line.set(&b, &[0]));
        assert_eq!(t.white, line.set(&b, &[5, 6]));
        assert_eq!(t.neutral, line.set(&b, &[2]));
        assert_eq!(t.black_stones.len() + t.black.len(), 2);
        assert_eq!(t.white_stones.len() + t.white.len(), 4);
        let regions = b.empty_regions();
        let summary: Vec<(usize, bool, bool)> = regions
            .iter()
            .map(|r| (r.points.len(), r.touches_black, r.touches_white))
            .collect();
        assert_eq!(
            summary,
            [(1, true, false), (1, true, true), (2, false, true)]
        );
        // An empty line touches no stone: every point neutral.
        let e = line.board(". . . .");
        assert_eq!(e.territory().neutral.len(), 4);
    }
}

#[test]
fn pass_alive_on_a_line() {
    for line in Line::BOTH {
        // . X . X .  Black's two stones share the eye 2 and each has one more (0 and 4). Each
        // one-point region's empty point is a liberty of the stones beside it, so each stone
        // has two vital regions: both pass-alive, and the three eyes (each next to Black) are
        // Black's pass-alive territory. Indeed White has no legal play: each point is a
        // suicide. White has no stones and no territory.
        let b = line.board(". X . X .");
        for suicide in [false, true] {
            let pa = pass_alive(&b, suicide);
            assert_eq!(pa.stones[B.index()], line.set(&b, &[1, 3]));
            assert_eq!(pa.territory[B.index()], line.set(&b, &[0, 2, 4]));
            assert!(pa.stones[W.index()].is_empty() && pa.territory[W.index()].is_empty());
        }
        // . X X .  One chain, two eyes (0 and 3): pass-alive, the eyes its territory.
        let b = line.board(". X X .");
        let pa = pass_alive(&b, false);
        assert_eq!(pa.stones[B.index()], line.set(&b, &[1, 2]));
        assert_eq!(pa.territory[B.index()], line.set(&b, &[0, 3]));
        // X . X  Two stones, one shared eye: each has one vital region, both given up (White
        // at 1 captures both).
        let b = line.board("X . X");
        let pa = pass_alive(&b, false);
        assert!(pa.stones[B.index()].is_empty() && pa.territory[B.index()].is_empty());
        // . O . X . X .  Black's 3 has the vital region {4} only (the region {0, 1, 2} has
        // the empty 0, no liberty of 3): given up. Black's 5 then has {6} only among the
        // regions that border no given-up chain: given up too. Nothing is pass-alive (White
        // can play 2, then 4 capturing 3, then 0 ...).
        let b = line.board(". O . X . X .");
        let pa = pass_alive(&b, false);
        assert!(pa.stones[B.index()].is_empty() && pa.territory[B.index()].is_empty());
        assert!(pa.stones[W.index()].is_empty() && pa.territory[W.index()].is_empty());
    }
}

#[test]
fn diagrams_of_a_row_and_of_a_column() {
    // A row: one line of letters, the row number 1. (Each stone has the liberty 1.)
    let row = from_diagram("X . O").unwrap();
    assert_eq!(row.size(), Size::new(3, 1).unwrap());
    assert_eq!(to_diagram(&row), "   A B C\n 1 X . O\n");
    assert_eq!(from_diagram(&to_diagram(&row)).unwrap(), row);
    // A column: the letter A, rows numbered from the bottom.
    let column = from_diagram("X\n.\nO").unwrap();
    assert_eq!(column.size(), Size::new(1, 3).unwrap());
    assert_eq!(column.get(Point::new(0, 0)), Some(B));
    assert_eq!(column.get(Point::new(0, 2)), Some(W));
    assert_eq!(to_diagram(&column), "   A\n 3 X\n 2 .\n 1 O\n");
    assert_eq!(from_diagram(&to_diagram(&column)).unwrap(), column);
    // Ten rows: the numbers take two digits.
    let tall = from_diagram(&".\n".repeat(10)).unwrap();
    assert_eq!(
        to_diagram(&tall).lines().take(3).collect::<Vec<_>>(),
        ["    A", " 10 .", "  9 ."]
    );
    // A lone stone at the end of a row of two has its neighbour as liberty; filled, none.
    assert!(from_diagram("X .").is_ok());
    let e = from_diagram("X O").unwrap_err();
    assert!(e.reason.contains("without a liberty"), "{}", e.reason);
}

#[test]
fn coordinates_on_a_line() {
    let column = Size::new(1, 9).unwrap();
    let row = Size::new(9, 1).unwrap();
    // GTP rows count from the bottom: the top of a column of 9 is A9, its bottom A1; a row
    // is row 1 from A to J (no I).
    assert_eq!(gtp_point(Point::new(0, 0), column), "A9");
    assert_eq!(gtp_point(Point::new(0, 8), column), "A1");
    assert_eq!(gtp_point(Point::new(8, 0), row), "J1");
    assert_eq!(parse_gtp_point("a1", column), Ok(Point::new(0, 8)));
    assert!(parse_gtp_point("B1", column).is_err());
    assert!(parse_gtp_point("A2", row).is_err());
    assert_eq!(parse_gtp_point("J1", row), Ok(Point::new(8, 0)));
    // SGF: column letter then row letter from the top.
    assert_eq!(parse_sgf_point("ai", column), Ok(Point::new(0, 8)));
    assert_eq!(parse_sgf_point("ia", row), Ok(Point::new(8, 0)));
    assert!(parse_sgf_point("ba", column).is_err());
    // `tt` is a pass on boards up to 19x19, these among them.
    assert_eq!(parse_sgf_move("tt", column), Ok(Move::Pass));
    assert_eq!(
        parse_gtp_point("A1", Size::new(1, 1).unwrap()),
        Ok(Point::new(0, 0))
    );
}

#[test]
fn no_fixed_handicap_on_a_line() {
    // Fixed handicaps exist only on square boards of 7x7 and larger: 2x2 has none today, and
    // neither has a board one point wide, long or not, nor 1x1.
    for (w, h) in [(2, 2), (1, 1), (1, 9), (9, 1), (1, 25), (25, 1)] {
        let size = Size::new(w, h).unwrap();
        for stones in 2..=9 {
            let e = fixed_handicap(size, stones).unwrap_err();
            assert!(
                e.to_string().contains("square boards of 7x7 and larger"),
                "{e}"
            );
        }
    }
}

#[test]
fn reset_and_clone_between_a_line_and_a_square() {
    // A board reused for another size (its buffers kept) is the board of that size.
    let mut b = Line::Column.board("X . O .");
    b.reset(Size::square(9).unwrap());
    assert_eq!(b, Board::new(Size::square(9).unwrap()));
    b.reset(Size::new(25, 1).unwrap());
    assert_eq!(b, Board::new(Size::new(25, 1).unwrap()));
    let line = Line::Row.board(". X . O");
    let mut copy = Board::new(Size::square(19).unwrap());
    copy.clone_from(&line);
    assert_eq!(copy, line);
    assert_eq!(copy.hash(), line.hash());
    assert_eq!(copy.chains(), line.chains());
}
