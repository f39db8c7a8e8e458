//! Malformed records: every error names the file, the line (and column), the node and move
//! where they apply, and the problem.

use std::path::PathBuf;

use gorules_board::Color;
use gorules_sgf::{
    parse_sgf, place_error, read_sgf_file, Location, RecordError, RecordErrorKind, MAX_TREE_DEPTH,
};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/sgf")
        .join(name)
}

/// Reads a fixture that must fail; checks the message names the file and the line.
fn fails(name: &str, line: usize) -> RecordError {
    let path = fixture(name);
    let e = read_sgf_file(&path).expect_err(name);
    let msg = e.to_string();
    assert!(msg.contains(name), "{msg}");
    assert!(
        msg.starts_with(&format!("{}:{line}:", path.display())),
        "expected line {line}: {msg}"
    );
    assert_eq!(e.location.map(|l| l.line), Some(line), "{msg}");
    e
}

fn inline(text: &str) -> RecordError {
    parse_sgf(text, Some("inline.sgf")).expect_err(text)
}

#[test]
fn board_size_beyond_25() {
    let e = fails("bad_sz.sgf", 2);
    assert!(
        matches!(
            *e.kind,
            RecordErrorKind::SizeOutOfRange {
                width: 30,
                height: 30,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(e.location, Some(Location { line: 2, column: 1 }));
    assert_eq!(e.node, Some(0));
    assert!(e.to_string().contains("SZ[30]"), "{e}");
}

#[test]
fn board_size_not_a_number() {
    let e = fails("bad_sz_text.sgf", 3);
    assert!(matches!(*e.kind, RecordErrorKind::SizeNotNumeric { ref value } if value == "nine"));
}

#[test]
fn other_bad_sizes() {
    for (text, w, h) in [
        ("(;SZ[0])", 0, 0),
        ("(;SZ[26])", 26, 26),
        ("(;SZ[0:9])", 0, 9),
        ("(;SZ[9:0])", 9, 0),
        ("(;SZ[1:26])", 1, 26),
        ("(;SZ[26:1])", 26, 1),
        ("(;SZ[9:30])", 9, 30),
        ("(;SZ[300])", 300, 300),
        ("(;SZ[99999999999])", 99999999999, 99999999999),
    ] {
        let e = inline(text);
        match *e.kind {
            RecordErrorKind::SizeOutOfRange { width, height, .. } => {
                assert_eq!((width, height), (w, h), "{text}")
            }
            _ => panic!("{text}: {e}"),
        }
    }
    // The file, the line and column, the node and the problem, the range named.
    for (text, shown) in [
        ("(;SZ[0])", "SZ[0]: board size 0x0"),
        ("(;SZ[26])", "SZ[26]: board size 26x26"),
    ] {
        assert_eq!(
            inline(text).to_string(),
            format!(
                "inline.sgf:1:3: node 0: {shown} is not supported: each side must be from 1 to 25"
            )
        );
    }
    for text in [
        "(;SZ[-9])",
        "(;SZ[9:])",
        "(;SZ[9:9:9])",
        "(;SZ[19][19])",
        "(;SZ[])",
    ] {
        let e = inline(text);
        assert!(
            matches!(*e.kind, RecordErrorKind::SizeNotNumeric { .. }),
            "{text}: {e}"
        );
        assert!(e.to_string().starts_with("inline.sgf:1:3: node 0:"), "{e}");
    }
}

#[test]
fn komi_not_a_number() {
    let e = fails("bad_km.sgf", 3);
    assert!(
        matches!(*e.kind, RecordErrorKind::KomiNotNumber { ref value } if value == "six and a half")
    );
    for text in ["(;KM[inf])", "(;KM[NaN])", "(;KM[6.5][7])", "(;KM[6.5pts])"] {
        let e = inline(text);
        assert!(
            matches!(*e.kind, RecordErrorKind::KomiNotNumber { .. }),
            "{text}: {e}"
        );
    }
}

#[test]
fn komi_that_no_score_can_use() {
    // A komi is a whole or half number within ±1000, in a record as on the command line:
    // KM[0.3] would make margins no count can produce, KM[1e20] overflows every total.
    for (text, value) in [
        ("(;KM[0.3])", "0.3"),
        ("(;KM[1e20])", "1e20"),
        ("(;KM[-1000.5])", "-1000.5"),
        ("(;KM[6,25])", "6,25"),
    ] {
        let e = inline(text);
        assert!(
            matches!(*e.kind, RecordErrorKind::KomiOutOfRange { value: ref v } if v == value),
            "{text}: {e}"
        );
        assert!(e.to_string().starts_with("inline.sgf:1:3: node 0:"), "{e}");
        assert!(
            e.to_string()
                .ends_with("komi must be a whole or half number from -1000 to 1000"),
            "{e}"
        );
    }
    for text in ["(;KM[7.50])", "(;KM[-3.5])", "(;KM[1000])", "(;KM[6,5])"] {
        gorules_sgf::parse_sgf(text, Some("inline.sgf")).unwrap();
    }
}

#[test]
fn handicap_disagrees_with_setup() {
    let e = fails("ha_ab_mismatch.sgf", 2);
    assert!(matches!(
        *e.kind,
        RecordErrorKind::HandicapMismatch {
            handicap: 3,
            black_stones: 2
        }
    ));
    let e = inline("(;SZ[9]HA[two]AB[cc][gg])");
    assert!(
        matches!(*e.kind, RecordErrorKind::HandicapNotNumber { .. }),
        "{e}"
    );
    let e = inline("(;SZ[9]HA[-2])");
    assert!(
        matches!(*e.kind, RecordErrorKind::HandicapNotNumber { .. }),
        "{e}"
    );
    // Five hundred stones do not fit on 81 points; two stones that are not placed would be
    // compensated all the same.
    let e = inline("(;SZ[9]HA[500];B[ee])");
    assert!(
        matches!(
            *e.kind,
            RecordErrorKind::HandicapTooLarge { handicap: 500, .. }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("1:8"), "{e}");
    let e = inline("(;SZ[9]HA[2];W[ee])");
    assert!(
        matches!(
            *e.kind,
            RecordErrorKind::HandicapWithoutStones { handicap: 2 }
        ),
        "{e}"
    );
    // Territory markup off the board is refused like setup stones off the board.
    let e = inline("(;GM[1]SZ[5];B[cc];W[];B[]TB[zz])");
    assert!(e.to_string().contains("TB[zz] is off the 5x5 board"), "{e}");
    assert!(e.to_string().contains("1:27"), "{e}");
    // HA[1] is no handicap stone (a game without komi), HA[0] none.
    for text in ["(;SZ[9]HA[1];B[ee])", "(;SZ[9]HA[0];B[ee])"] {
        gorules_sgf::parse_sgf(text, Some("inline.sgf")).unwrap();
    }
}

#[test]
fn move_off_the_board() {
    let e = fails("move_off_board.sgf", 4);
    assert!(matches!(
        *e.kind,
        RecordErrorKind::MoveOffBoard {
            color: Color::White,
            ..
        }
    ));
    assert_eq!(e.location, Some(Location { line: 4, column: 2 }));
    assert_eq!((e.node, e.move_number), (Some(4), Some(4)));
    let msg = e.to_string();
    assert!(
        msg.contains("node 4, move 4: W[zz] is off the 9x9 board"),
        "{msg}"
    );

    // B[zz] on 9x9, on a rectangular board, and a value that is no point at all.
    let e = inline("(;SZ[9]\n;B[zz])");
    assert!(
        e.to_string()
            .starts_with("inline.sgf:2:2: node 1, move 1: B[zz]"),
        "{e}"
    );
    let e = inline("(;SZ[9:7];B[ah])");
    assert!(
        matches!(*e.kind, RecordErrorKind::MoveOffBoard { .. }),
        "{e}"
    );
    let e = inline("(;SZ[9];B[ee];W[e5])");
    assert!(matches!(*e.kind, RecordErrorKind::BadMove { .. }), "{e}");
    assert_eq!(e.move_number, Some(2));
}

#[test]
fn setup_stones_on_the_same_point() {
    let e = fails("setup_conflict.sgf", 3);
    assert!(matches!(*e.kind, RecordErrorKind::SetupConflict { ref point, .. } if point == "cc"));
    let e = inline("(;SZ[9]AB[cc];AB[aa:cc])");
    assert!(
        matches!(*e.kind, RecordErrorKind::SetupConflict { .. }),
        "{e}"
    );
    assert_eq!(e.node, Some(1));
    let e = inline("(;SZ[9]AB[jj])");
    assert!(
        matches!(*e.kind, RecordErrorKind::PointOffBoard { .. }),
        "{e}"
    );
    let e = inline("(;SZ[9]AB[c])");
    assert!(
        matches!(*e.kind, RecordErrorKind::BadPointList { .. }),
        "{e}"
    );
    let e = inline("(;SZ[9];B[cc];AW[dd])");
    assert!(
        matches!(*e.kind, RecordErrorKind::SetupAfterMoves { .. }),
        "{e}"
    );
    assert_eq!(e.node, Some(2));
}

#[test]
fn not_a_go_game() {
    let e = fails("not_go.sgf", 2);
    assert!(
        matches!(*e.kind, RecordErrorKind::NotGo { ref gm } if gm == "2"),
        "{e}"
    );
    let e = inline("(;GM[chess])");
    assert!(matches!(*e.kind, RecordErrorKind::Malformed { .. }), "{e}");
    assert!(e.to_string().contains("GM[chess]"), "{e}");
}

#[test]
fn unterminated_property() {
    let e = fails("unterminated.sgf", 3);
    assert!(matches!(*e.kind, RecordErrorKind::Malformed { .. }));
    assert_eq!(e.location, Some(Location { line: 3, column: 7 }));
    assert!(e.to_string().contains("C[ is never closed"), "{e}");
}

#[test]
fn unclosed_game_tree() {
    let e = read_sgf_file(fixture("unclosed_tree.sgf")).unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("unclosed_tree.sgf:"), "{msg}");
    assert!(
        msg.contains("opened at line 1, column 1 is never closed"),
        "{msg}"
    );
}

#[test]
fn other_malformed_text() {
    for (text, line, col) in [
        ("(;SZ[9]\n;B[ee]\n((;W[cc])))", 3, 2),
        ("(;SZ[9]\n(;B[ee])\n  W[cc])", 3, 3),
        ("(;GM[1]GM[1])", 1, 8),
        ("(;SZ[9];Bé[ee])", 1, 10),
        ("(;SZ[9];B[ee]XY", 1, 14),
    ] {
        let e = inline(text);
        assert!(
            matches!(*e.kind, RecordErrorKind::Malformed { .. }),
            "{text}: {e}"
        );
        assert_eq!(
            e.location,
            Some(Location { line, column: col }),
            "{text}: {e}"
        );
    }
    for text in ["", "no game here", "()", "(B[aa])"] {
        let e = inline(text);
        assert!(matches!(*e.kind, RecordErrorKind::NoGame), "{text:?}: {e}");
        assert!(e.to_string().starts_with("inline.sgf: "), "{e}");
    }
}

#[test]
fn second_game_of_a_collection_is_named() {
    let e = inline("(;SZ[9];B[ee])\n(;SZ[9]\n;B[zz])");
    assert_eq!(e.game, Some(1));
    assert!(
        e.to_string()
            .starts_with("inline.sgf:3:2: game 2, node 1, move 1:"),
        "{e}"
    );
}

/// A replay error is placed at its move's property, in the right game of a collection, and at
/// the node when the move is an empty node read as a pass.
#[test]
fn replay_errors_are_placed_in_the_text() {
    let text = "(;SZ[9];B[ee])\n(;SZ[9]\n;B[aa]\n;B[bb]W[aa])";
    let games = parse_sgf(text, Some("two.sgf")).unwrap();
    // Game 2: B a9 (node 1), White's pass implied, then node 2 holds B b9 and W a9 onto
    // Black's stone, move 4: its `W` is on line 4, column 7.
    let e = games[1].final_board().unwrap_err();
    let e = place_error(text.as_bytes(), e);
    assert_eq!(e.game, Some(1));
    assert_eq!(e.location, Some(Location { line: 4, column: 7 }));
    assert!(
        e.to_string()
            .starts_with("two.sgf:4:7: game 2, node 2, move 4:"),
        "{e}"
    );
    // An error that is already placed keeps its place.
    let placed = parse_sgf("(;SZ[9]\n;B[zz])", None).unwrap_err();
    let again = place_error(b"(;SZ[9]\n;B[zz])", placed.clone());
    assert_eq!(again.location, placed.location);
}

#[test]
fn replay_errors_name_the_move() {
    let games = parse_sgf("(;SZ[9];B[ee];W[cc];B[cc])", Some("replay.sgf")).unwrap();
    let e = games[0].final_board().unwrap_err();
    assert!(matches!(*e.kind, RecordErrorKind::Occupied { .. }), "{e}");
    assert_eq!((e.node, e.move_number), (Some(3), Some(3)));
    assert_eq!(
        e.to_string(),
        "replay.sgf: node 3, move 3: Black plays at cc (C7), which is already occupied"
    );
    assert_eq!(games[0].dead_stones_from_markup(), None);
    // Placed in the text it was read from: the `B` of node 3 is the 21st character.
    let text = "(;SZ[9];B[ee];W[cc];B[cc])";
    assert_eq!(
        place_error(text.as_bytes(), e).location,
        Some(Location {
            line: 1,
            column: 21
        })
    );

    // Setup stones with no liberty.
    let games = parse_sgf("(;SZ[9]AB[aa]AW[ab][ba])", None).unwrap();
    let e = games[0].final_board().unwrap_err();
    assert!(
        matches!(*e.kind, RecordErrorKind::SetupWithoutLiberty { .. }),
        "{e}"
    );

    // Suicide is allowed in the replay: the record is what was played.
    let games = parse_sgf("(;SZ[9]AW[ab][ba];B[aa])", None).unwrap();
    let board = games[0].final_board().unwrap();
    assert_eq!(board.stones_on_board(Color::Black), 0);
}

#[test]
fn missing_file() {
    let e = read_sgf_file(fixture("no_such_file.sgf")).unwrap_err();
    assert!(matches!(*e.kind, RecordErrorKind::Io { .. }));
    assert!(e.to_string().contains("no_such_file.sgf"), "{e}");
}

#[test]
fn deep_trees_parse_or_fail_cleanly() {
    // Deeper than the caller's stack would take: parsed on a thread with a bigger stack.
    let n = 20_000;
    let text = format!("(;SZ[9]{})", ";B[];W[]".repeat(n / 2));
    let games = parse_sgf(&text, None).unwrap();
    assert_eq!(games[0].moves.len(), n);
    // Nested variations count too.
    let text = format!(
        "(;SZ[9]{}{})",
        "(;B[](;W[]".repeat(2_500),
        ")".repeat(5_000)
    );
    assert_eq!(parse_sgf(&text, None).unwrap()[0].moves.len(), 5_000);
    // Beyond the limit: an error, not a stack overflow.
    let text = format!("(\n{})", ";".repeat(MAX_TREE_DEPTH + 1));
    let e = inline(&text);
    assert!(matches!(*e.kind, RecordErrorKind::TooDeep { .. }), "{e}");
    assert_eq!(e.location, Some(Location { line: 1, column: 1 }));
}
