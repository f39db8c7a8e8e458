//! `gorules annotate` end to end: the settlement written into the record, read back.

use crate::common::*;

/// GNU Go's dead stones, written into the record as territory markup, come back from the
/// markup: the same dead stones and every ruleset's same score.
#[test]
fn the_engine_settlement_reads_back_the_same() {
    let Some(gnugo) = gorules_tests::environment::gnugo() else {
        return;
    };
    let engine = format!("{gnugo} --mode gtp");
    let dir = temp_dir("annotate-engine");
    let out = dir.join("annotated.sgf");
    let record = "examples/gnugo-selfplay-9x9.sgf";
    let o = gorules(&[
        "annotate",
        record,
        "--rules",
        "japanese",
        "--dead",
        "engine",
        "--engine",
        &engine,
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    // Everything the record had is kept: the comment, the players, the moves.
    let original = std::fs::read_to_string(repo().join(record)).unwrap();
    for kept in [
        "C[GNU Go self-play",
        "PB[GNU Go 3.8 --level 1]",
        ";B[ee];W[de]",
    ] {
        assert!(original.contains(kept) && text.contains(kept), "{kept}");
    }
    assert!(text.contains("TB[") && text.contains("TW["), "{text}");

    let before = one_game(&gorules(&[
        "score", record, "--dead", "engine", "--engine", &engine, "--format", "json",
    ]));
    let after = one_game(&gorules(&[
        "score",
        out.to_str().unwrap(),
        "--dead",
        "markup",
        "--format",
        "json",
    ]));
    // The record's comment holds GNU Go's own answer when the game was played.
    let expected: Vec<&str> = "B6 B5 C5 D5 H5 D4 G4 H4 B3 D3".split(' ').collect();
    assert_eq!(before["game"]["dead_stones"], serde_json::json!(expected));
    assert_eq!(after["game"]["dead_source"], "territory-markup");
    assert_eq!(after["game"]["dead_stones"], before["game"]["dead_stones"]);
    assert_eq!(after["rulesets"], before["rulesets"]);
    // The record had no result: Japanese counting's is written.
    let japanese = before["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleset"] == "japanese")
        .unwrap();
    assert_eq!(
        after["game"]["result"], japanese["scores"][0]["result"],
        "{text}"
    );
}

/// A collection: a scored game gets markup, a resigned one is left as it is (with a note), an
/// existing result is kept, variations stay.
#[test]
fn only_scored_games_are_annotated_and_nothing_else_changes() {
    let dir = temp_dir("annotate-collection");
    let input = dir.join("two.sgf");
    // Game 1, 3x3: Black b2, then passes: the whole board is Black's (8 points), a variation
    // after the first move. Game 2: resigned.
    let text = "(;GM[1]FF[4]SZ[3]KM[0.5]RE[B+7.5]C[first];B[bb](;W[];B[])(;W[aa]))\n\
                (;GM[1]FF[4]SZ[3]RE[W+R];B[bb];W[aa])\n";
    std::fs::write(&input, text).unwrap();
    let o = gorules(&["annotate", input.to_str().unwrap(), "--rules", "chinese"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("game 1 is left as it is: not scored: it does not end in two passes"),
        "{}",
        stderr(&o)
    );
    let expected = "(;GM[1]FF[4]SZ[3]KM[0.5]RE[B+7.5]C[first];B[bb](;W[];B[]\
                    TB[aa][ba][ca][ab][cb][ac][bc][cc])(;W[aa]))\n\
                    (;GM[1]FF[4]SZ[3]RE[W+R];B[bb];W[aa])\n";
    assert_eq!(stdout(&o), expected);
}

#[test]
fn bad_requests_are_refused() {
    let o = gorules(&["annotate", "examples/dame-parity.sgf", "--rules", "all"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("one ruleset"), "{}", stderr(&o));
    let o = gorules(&["annotate", "no/such/file.sgf"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no/such/file.sgf"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("panicked"));
}

/// The scores of `path` under `rules` (JSON), as `score` gives them with these options.
fn scores(path: &str, rules: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["score", path, "--rules", rules, "--format", "json"];
    args.extend_from_slice(extra);
    let report = one_game(&gorules(&args));
    report["rulesets"][0]["scores"].clone()
}

/// A record that writes passes as empty nodes (GNU Go does) and ends in two of them: the
/// markup goes after the final pass, not into it, so the annotated game still ends in passes
/// and scores as the record did.
#[test]
fn a_game_ending_in_empty_node_passes_stays_finished() {
    let dir = temp_dir("annotate-empty-passes");
    let input = dir.join("passes.sgf");
    // B c3, an empty node (White's pass: Black plays twice around it), B d3, W b4, then two
    // empty nodes: White's move is followed by Black's and White's passes.
    std::fs::write(&input, "(;GM[1]FF[4]SZ[5]KM[0.5];B[cc];;B[dc];W[bb];;)").unwrap();
    let out = dir.join("annotated.sgf");
    let o = gorules(&[
        "annotate",
        input.to_str().unwrap(),
        "--rules",
        "chinese",
        "--dead",
        "B4",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains(";W[bb];;;TB["), "{text}");
    let report = one_game(&gorules(&[
        "score",
        out.to_str().unwrap(),
        "--rules",
        "chinese",
        "--format",
        "json",
    ]));
    assert_eq!(report["game"]["ended_by_passes"], true, "{text}");
    assert_eq!(report["game"]["dead_stones"], serde_json::json!(["B4"]));
    // Chinese area counting with W b4 dead: Black's two stones and the other 23 points, less
    // komi 0.5: B+24.5, the result written.
    let written = &report["rulesets"][0]["scores"][0]["result"];
    assert_eq!(written, "B+24.5");
    assert_eq!(report["game"]["result"], *written);
    assert_eq!(
        scores(input.to_str().unwrap(), "chinese", &["--dead", "B4"]),
        report["rulesets"][0]["scores"]
    );
}

/// British rules refuse a suicide and replay it as a pass (BGA rules: self-capture is an
/// illegal move, unwound and replaced by a pass with a pass stone): the board British counts
/// still has the black stone the record's move removed with it, so markup for it would be read
/// on another board. The game is refused, with the reason, and left as it is.
#[test]
fn a_move_the_ruleset_refuses_is_not_annotated() {
    let dir = temp_dir("annotate-refused");
    let input = dir.join("suicide.sgf");
    // Black's a5 is surrounded by White's a4 and b4 and c5: B b5 (move 7) takes the last
    // liberty of its own two stones.
    let text = "(;GM[1]FF[4]SZ[5]KM[0.5];B[aa];W[ab];B[dd];W[bb];B[ee];W[ca];B[ba];W[cb];\
                B[de];W[cc];B[ed];W[];B[])";
    std::fs::write(&input, text).unwrap();
    let out = dir.join("annotated.sgf");
    let o = gorules(&[
        "annotate",
        input.to_str().unwrap(),
        "--rules",
        "british",
        "--dead",
        "A5",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(
            "game 0 is left as it is: not annotated: move 7 (B B5) is illegal under british \
             (suicide of 2 stones)"
        ),
        "{err}"
    );
    assert!(err.contains("not the one a reader rebuilds"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    // Tromp-Taylor rules allow suicide: the board counted is the record's, and the markup
    // reads back as the same scores.
    let o = gorules(&[
        "annotate",
        input.to_str().unwrap(),
        "--rules",
        "tromp-taylor",
        "--dead",
        "none",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        scores(out.to_str().unwrap(), "tromp-taylor", &[]),
        scores(input.to_str().unwrap(), "tromp-taylor", &["--dead", "none"])
    );
}

/// A replay that diverges (a refused move, then a record move that no longer fits) is said
/// to be so, not taken for a game that does not end in passes.
#[test]
fn a_diverged_replay_is_named() {
    let dir = temp_dir("annotate-diverged");
    let input = dir.join("suicide.sgf");
    // As above, B b5 (move 7) is a suicide of two stones, which Chinese rules do not allow:
    // replayed as a pass, a5 keeps its black stone, and W a5 (move 8), which the record plays
    // on the point the suicide emptied, no longer fits.
    let text = "(;GM[1]FF[4]SZ[5]KM[0.5];B[aa];W[ab];B[dd];W[bb];B[ee];W[ca];B[ba];W[aa];B[];W[])";
    std::fs::write(&input, text).unwrap();
    let o = gorules(&["annotate", input.to_str().unwrap(), "--rules", "chinese"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("move 7 (B B5) is illegal under chinese (suicide of 2 stones)"),
        "{err}"
    );
    assert!(err.contains("no longer fits the position"), "{err}");
    assert!(!err.contains("does not end in two passes"), "{err}");
}

/// False eyes and seki are written as crosses (`MA`) and squares (`SQ`), points whose count
/// is not sure as triangles (`TR`), which SGF editors draw, and the annotated record reads
/// back to the same dead stones and scores.
#[test]
fn false_eyes_and_seki_are_marked_and_read_back() {
    let dir = temp_dir("annotate-marks");
    // The edge false eye D1 (White's E2 cuts E1 off; Japanese Rules of Go, 1989, Article 8
    // commentary) and the classic seki (shared E1, eyes C1 and G1; Article 8), each ended by
    // two passes; and two false eyes hanging on the one dame E3, whose count rests on who fills
    // it first (Article 8 commentary): D4 and F2, `db` and `fd` on a board five rows high.
    let cases = [
        (
            "false-eye.sgf",
            "(;GM[1]FF[4]SZ[9:5]KM[0]AB[da][db][dc][dd][ce][ee]AW[ea][eb][ec][ed][fe];W[];B[])",
            "MA[de]",
            "",
            "",
        ),
        (
            "two-false-eyes.sgf",
            "(;GM[1]FF[4]SZ[9:5]KM[0]AB[da][cb][eb][dc][dd][de][ee]\
             AW[ea][fa][fb][fc][ed][gd][fe];B[];W[])",
            "",
            "",
            "TR[db][fd]",
        ),
        (
            "seki.sgf",
            "(;GM[1]FF[4]SZ[9]KM[0]AW[ea][eb][ec][ed][ee][ef][ag][bg][cg][dg][eg][ah][ai][fh][gh][hh][fi][hi]\
             AB[fa][fb][fc][fd][fe][ff][fg][gg][hg][ig][ih][ii][bh][ch][dh][eh][bi][di];W[];B[])",
            "",
            "SQ[bh][ch][dh][eh][fh][gh][hh][bi][ci][di][fi][gi][hi]",
            "",
        ),
    ];
    for (name, sgf, crosses, squares, triangles) in cases {
        let record = dir.join(name);
        std::fs::write(&record, sgf).unwrap();
        let out = dir.join(format!("annotated-{name}"));
        let o = gorules(&[
            "annotate",
            record.to_str().unwrap(),
            "--rules",
            "japanese",
            "--dead",
            "none",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.contains(crosses), "{text}");
        assert!(text.contains(squares), "{text}");
        assert_eq!(text.contains("MA["), !crosses.is_empty(), "{text}");
        assert_eq!(text.contains("SQ["), !squares.is_empty(), "{text}");
        assert!(text.contains(triangles), "{text}");
        assert_eq!(text.contains("TR["), !triangles.is_empty(), "{text}");
        let score = |path: &std::path::Path, dead: &str| {
            one_game(&gorules(&[
                "score",
                path.to_str().unwrap(),
                "--dead",
                dead,
                "--format",
                "json",
            ]))
        };
        let before = score(&record, "none");
        let after = score(&out, "markup");
        assert_eq!(after["game"]["dead_source"], "territory-markup");
        assert_eq!(after["game"]["dead_stones"], before["game"]["dead_stones"]);
        assert_eq!(after["rulesets"], before["rulesets"], "{name}");
    }
}
