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
        stderr(&o).contains("game 1 is not scored"),
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
