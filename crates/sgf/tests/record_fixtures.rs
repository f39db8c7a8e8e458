//! The hand-written SGF fixtures in `tests/fixtures/sgf/` (at the repository root) read as
//! expected.

use std::path::PathBuf;

use gorules_board::handicap::fixed_handicap;
use gorules_board::{Color, ColoredMove, Move, Point, Size};
use gorules_sgf::{parse_sgf, read_sgf_file, to_sgf, GameRecord, GameResult, RulesHint};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/sgf")
        .join(name)
}

fn one(name: &str) -> GameRecord {
    let mut games = read_sgf_file(fixture(name)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 1, "{name}");
    games.remove(0)
}

/// The SGF point `s` (two letters).
fn pt(s: &str) -> Point {
    let b = s.as_bytes();
    Point::new(b[0] - b'a', b[1] - b'a')
}

/// `parse(to_sgf(r)) == r`, apart from the node numbers, the source name and the game index.
fn assert_round_trip(r: &GameRecord) {
    let text = to_sgf(r);
    let mut back = parse_sgf(&text, None)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .remove(0);
    let mut want = r.clone();
    want.move_nodes = (1..=r.moves.len()).collect();
    want.source_name = None;
    want.game_index = 0;
    back.game_index = 0;
    assert_eq!(back, want, "{text}");
}

#[test]
fn tiny_game_ending_in_two_passes() {
    let r = one("tiny_5x5_two_passes.sgf");
    assert_eq!(r.size, Size::square(5).unwrap());
    assert_eq!(r.komi.map(f64::from), Some(0.5));
    assert_eq!(r.handicap, 0);
    assert!(r.setup.is_empty());
    assert_eq!(r.rules.as_deref(), Some("Japanese"));
    assert_eq!(r.rules_hint(), Some(RulesHint::Ruleset("japanese")));
    assert_eq!(
        r.result,
        Some(GameResult::Score {
            winner: Color::Black,
            margin: 4.5
        })
    );
    assert_eq!(r.black_player.as_deref(), Some("Alice"));
    assert_eq!(r.white_player.as_deref(), Some("Bob"));
    assert_eq!(r.game_name.as_deref(), Some("Tiny two-pass game"));
    assert_eq!(r.date.as_deref(), Some("2024-05-01"));
    assert!(r
        .comment
        .as_deref()
        .unwrap()
        .starts_with("A hand-made 5x5 game"));
    assert_eq!(r.moves.len(), 12);
    assert_eq!(r.move_nodes, (1..=12).collect::<Vec<_>>());
    assert_eq!(r.moves[0], ColoredMove::play(Color::Black, pt("cc")));
    assert_eq!(r.moves[11], ColoredMove::pass(Color::White));
    assert!(r.ended_by_two_passes());
    assert_eq!(r.territory_markup, None);
    assert_eq!(r.dead_stones_from_markup(), None);
    assert!(r
        .source_name
        .as_deref()
        .unwrap()
        .ends_with("tiny_5x5_two_passes.sgf"));

    // The fixture's claims: columns a-c are Black's, d-e White's.
    let board = r.final_board().unwrap();
    let t = board.territory();
    assert_eq!((t.black.len(), t.white.len()), (10, 5));
    assert_eq!(
        (
            board.stones_on_board(Color::Black),
            board.stones_on_board(Color::White)
        ),
        (5, 5)
    );
    assert_round_trip(&r);
}

#[test]
fn handicap_game_with_setup_stones() {
    let r = one("handicap_ab.sgf");
    assert_eq!(r.handicap, 2);
    assert_eq!(r.komi.map(f64::from), Some(0.5));
    assert_eq!(r.rules_hint(), Some(RulesHint::Ruleset("aga")));
    // Row-major order: gc (row 2) before cg (row 6).
    assert_eq!(
        r.setup,
        vec![(Color::Black, pt("gc")), (Color::Black, pt("cg"))]
    );
    let mut fixed = fixed_handicap(r.size, 2).unwrap();
    fixed.sort_by_key(|p| (p.y, p.x));
    assert_eq!(r.setup.iter().map(|s| s.1).collect::<Vec<_>>(), fixed);
    assert_eq!(
        r.moves[0].color,
        Color::White,
        "White moves first after a handicap"
    );
    assert_eq!(
        r.result,
        Some(GameResult::Resign {
            winner: Color::White
        })
    );
    assert!(!r.ended_by_two_passes());
    let board = r.final_board().unwrap();
    assert_eq!(board.get(pt("gc")), Some(Color::Black));
    assert_eq!(board.get(pt("fg")), Some(Color::White));
    assert_round_trip(&r);
}

#[test]
fn variations_follow_the_first_child() {
    let r = one("variations.sgf");
    let want = [
        ColoredMove::play(Color::Black, pt("ee")),
        ColoredMove::play(Color::White, pt("cc")),
        ColoredMove::play(Color::Black, pt("gg")),
        ColoredMove::play(Color::White, pt("gc")),
    ];
    assert_eq!(r.moves, want);
    assert_eq!(r.move_nodes, vec![1, 2, 3, 4]);
    assert_eq!(r.rules_hint(), Some(RulesHint::Ruleset("chinese")));
    assert_eq!(r.komi.map(f64::from), Some(7.0));
    assert_round_trip(&r);
}

#[test]
fn collection_returns_every_game() {
    let games = read_sgf_file(fixture("collection_two_games.sgf")).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].size, Size::square(9).unwrap());
    assert_eq!(games[0].black_player.as_deref(), Some("First B"));
    assert_eq!(
        games[0].result,
        Some(GameResult::Resign {
            winner: Color::Black
        })
    );
    assert_eq!(games[0].game_index, 0);
    assert_eq!(games[1].size, Size::square(13).unwrap());
    assert_eq!(games[1].white_player.as_deref(), Some("Second W"));
    assert_eq!(games[1].game_index, 1);
    assert_eq!(games[1].moves.len(), 6);
    assert!(games[1].ended_by_two_passes());
    assert!(!games[0].ended_by_two_passes());
}

#[test]
fn territory_markup_gives_the_dead_stone() {
    let r = one("markup_dead_stone.sgf");
    let m = r.territory_markup.as_ref().unwrap();
    assert_eq!(m.black.len(), 10);
    assert_eq!(m.white.len(), 5);
    assert!(m.black.contains(&pt("ab")));
    assert_eq!(r.dead_stones_from_markup(), Some(vec![pt("ab")]));
    assert!(r.ended_by_two_passes());
    // The moves: the pass by Black then White's stone at ab (move 12, node 12).
    assert_eq!(r.moves[10], ColoredMove::pass(Color::Black));
    assert_eq!(r.moves[11], ColoredMove::play(Color::White, pt("ab")));

    // The recorded result B+5.5 is the territory count the markup implies: Black's 10 marked
    // points and the dead stone, against White's 5 points and komi.
    let board = r.final_board().unwrap();
    assert_eq!(board.get(pt("ab")), Some(Color::White));
    let black = m.black.len() + 1 + board.stones_removed(Color::White) as usize;
    let white = m.white.len() + board.stones_removed(Color::Black) as usize;
    let margin = black as f64 - white as f64 - f64::from(r.komi.unwrap());
    assert_eq!(Some(margin), r.result.as_ref().unwrap().black_margin());
    assert_round_trip(&r);
}

#[test]
fn old_ff3_file_with_tt_passes_and_prose_around_it() {
    let r = one("ff3_tt_passes.sgf");
    assert_eq!(r.size, Size::square(9).unwrap());
    assert_eq!(r.komi.map(f64::from), Some(5.5));
    assert_eq!(r.handicap, 0);
    assert_eq!(r.moves.len(), 4);
    assert_eq!(r.moves[2].mv, Move::Pass, "tt is a pass on 9x9");
    assert!(r.ended_by_two_passes());
    assert_eq!(
        r.result,
        Some(GameResult::Time {
            winner: Color::White
        })
    );
    assert_round_trip(&r);
}

#[test]
fn tt_is_a_point_on_boards_above_19() {
    let r = &parse_sgf("(;SZ[21];B[tt];W[])", None).unwrap()[0];
    assert_eq!(
        r.moves[0],
        ColoredMove::play(Color::Black, Point::new(19, 19))
    );
    let r = &parse_sgf("(;SZ[19];B[tt])", None).unwrap()[0];
    assert_eq!(r.moves[0], ColoredMove::pass(Color::Black));
    let r = &parse_sgf("(;SZ[9:7]B[tt])", None).unwrap()[0];
    assert_eq!(r.moves[0], ColoredMove::pass(Color::Black));
}

#[test]
fn sizes_komi_and_handicap_forms() {
    let r = &parse_sgf("(;GM[1]SZ[9:7]KM[6,5]HA[0])", None).unwrap()[0];
    assert_eq!((r.size.width(), r.size.height()), (9, 7));
    assert_eq!(r.komi.map(f64::from), Some(6.5));
    assert_eq!(r.handicap, 0);
    let r = &parse_sgf("(;GM[1]KM[]HA[1])", None).unwrap()[0];
    assert_eq!(r.size, Size::square(19).unwrap(), "no SZ means 19x19");
    assert_eq!(r.komi, None);
    assert_eq!(r.handicap, 1);
    let r = &parse_sgf("(;SZ[ 13 ]KM[-2.5]HA[4]AB[dd][jj][dj][jd])", None).unwrap()[0];
    assert_eq!(r.size, Size::square(13).unwrap());
    assert_eq!(r.komi.map(f64::from), Some(-2.5));
    assert_eq!(r.handicap, 4);
    // HA without the stones (AB) would compensate White for stones that are not there; a
    // replay does not take handicap stones written as moves (Black would move twice).
    assert!(parse_sgf("(;SZ[ 13 ]KM[-2.5]HA[4])", None).is_err());
}

#[test]
fn boards_one_point_wide() {
    // SZ[1:9] is one column of nine points (SGF's width:height), SZ[9:1] one row; SZ[1] is
    // the board of one point.
    let r = &parse_sgf("(;GM[1]SZ[1:9];B[ac];W[ad];B[];W[])", None).unwrap()[0];
    assert_eq!(r.size, Size::new(1, 9).unwrap());
    assert_eq!(
        r.moves[..2],
        [
            ColoredMove::play(Color::Black, Point::new(0, 2)),
            ColoredMove::play(Color::White, Point::new(0, 3)),
        ]
    );
    assert_round_trip(r);
    let r = &parse_sgf("(;GM[1]SZ[9:1]AB[ca]AW[da];B[ea])", None).unwrap()[0];
    assert_eq!(r.size, Size::new(9, 1).unwrap());
    assert_eq!(r.setup.len(), 2);
    assert_eq!(r.moves, [ColoredMove::play(Color::Black, Point::new(4, 0))]);
    assert_round_trip(r);
    let r = &parse_sgf("(;GM[1]SZ[1];B[];W[])", None).unwrap()[0];
    assert_eq!(r.size, Size::new(1, 1).unwrap());
    assert_eq!(r.moves.len(), 2);
    assert_round_trip(r);
    // `tt` is still a pass on a board this small; a point past the line is off the board.
    let r = &parse_sgf("(;SZ[1:9];B[tt])", None).unwrap()[0];
    assert_eq!(r.moves[0], ColoredMove::pass(Color::Black));
    assert!(parse_sgf("(;SZ[1:9];B[ba])", None).is_err());
    // No fixed handicap exists on a line: HA[2] needs its stones written (AB), as anywhere.
    assert!(fixed_handicap(Size::new(1, 9).unwrap(), 2).is_err());
    assert!(parse_sgf("(;SZ[1:9]HA[2])", None).is_err());
    let r = &parse_sgf("(;SZ[1:9]HA[2]AB[ab][ah])", None).unwrap()[0];
    assert_eq!(r.handicap, 2);
}

#[test]
fn setup_forms() {
    // Compressed point lists, setup in the node after the root, AE removing a stone.
    let r = &parse_sgf("(;SZ[9]AB[aa:bb];AW[ee]AE[ba];B[cc])", None).unwrap()[0];
    assert_eq!(
        r.setup,
        vec![
            (Color::Black, pt("aa")),
            (Color::Black, pt("ab")),
            (Color::Black, pt("bb")),
            (Color::White, pt("ee")),
        ]
    );
    assert_eq!(r.move_nodes, vec![2]);
    // HA agrees with AB once the stones of both nodes are counted.
    let r = &parse_sgf("(;SZ[9]HA[3];AB[cc][gg];AB[ee])", None).unwrap()[0];
    assert_eq!(r.setup.len(), 3);
    // An empty list is no stones.
    let r = &parse_sgf("(;SZ[9]AB[])", None).unwrap()[0];
    assert!(r.setup.is_empty());
}

#[test]
fn two_moves_in_one_node_are_both_kept() {
    // As in buzco1.sgf of the corpus: `B[tt]W[tt]` ends the game in one node.
    let r = &parse_sgf("(;SZ[19];B[dd];W[pp];B[tt]W[tt])", None).unwrap()[0];
    assert_eq!(r.moves.len(), 4);
    assert_eq!(r.move_nodes, vec![1, 2, 3, 3]);
    assert!(r.ended_by_two_passes());
}

#[test]
fn odd_results_never_fail() {
    for re in [
        "B+Illegal",
        "has adjourned.",
        "W+",
        "?",
        "Void",
        "B+1.5 ? W+timeout",
        "]",
    ] {
        let text = format!("(;SZ[9]RE[{}])", re.replace(']', "\\]"));
        let r = &parse_sgf(&text, None).unwrap()[0];
        assert_eq!(r.result, Some(GameResult::parse(re)), "{re}");
    }
    let r = &parse_sgf("(;SZ[9]RE[])", None).unwrap()[0];
    assert_eq!(r.result, None);
}

#[test]
fn katago_rules_string() {
    let r = &parse_sgf(
        "(;FF[4]GM[1]SZ[9:8]KM[7]RU[koSITUATIONALscoreTERRITORYtaxSEKIsui0button1]RE[0])",
        None,
    )
    .unwrap()[0];
    let Some(RulesHint::KataGo { rules, .. }) = r.rules_hint() else {
        panic!("{:?}", r.rules_hint())
    };
    assert!(rules.button);
    assert_eq!(r.result, Some(GameResult::Draw));
}

#[test]
fn latin1_bytes_and_bom() {
    let bytes = b"(;SZ[9]PB[Ren\xe9]C[caf\xe9];B[ee])";
    let r = &gorules_sgf::parse_sgf_bytes(bytes, Some("latin1.sgf")).unwrap()[0];
    assert_eq!(r.black_player.as_deref(), Some("René"));
    let r = &parse_sgf("\u{feff}(;SZ[9];B[ee])", None).unwrap()[0];
    assert_eq!(r.moves.len(), 1);
}
