//! `gorules diagram` end to end.

use crate::common::*;
use std::process::Output;

/// The command failed cleanly: exit code 2, a message, no panic.
fn assert_refused(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
    let err = stderr(o);
    assert!(err.contains(needle), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn text_diagram_of_the_example_by_default() {
    let o = gorules(&["diagram", "examples/dame-parity.sgf"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Dame parity at the end: column a Black's, column e White's, no neutral point.
    let expected = "\
Dame parity: move 17 of 17 (B pass), rules concord
   A B C D E
 5 x X X O o
 4 x X O O o
 3 x X X O o
 2 x X O O o
 1 x X X O o
";
    let out = stdout(&o);
    assert!(out.starts_with(expected), "{out}");
    assert!(
        out.contains("territory 0 (B 6, W 6); area 0 (B 13, W 13)"),
        "{out}"
    );
}

#[test]
fn move_rules_and_dead_options() {
    // Before Black fills c5, under Japanese rules: c5 is neutral, W C4 the last move.
    let o = gorules(&[
        "diagram",
        "examples/dame-parity.sgf",
        "--move",
        "14",
        "--rules",
        "japanese",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("move 14 of 17 (W C4), rules japanese"),
        "{out}"
    );
    assert!(out.contains(" 5 x X . O o\n 4 x X(O)O o\n"), "{out}");
    // The record's TB/TW markup names a4 dead; --dead names none instead.
    let fixture = "tests/fixtures/sgf/markup_dead_stone.sgf";
    let o = gorules(&["diagram", fixture, "--rules", "japanese"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(" 4 @ x X O o\n"), "{}", stdout(&o));
    // With none dead, the lone a4 and Black's wall share the empty points left of the wall and
    // neither has an eye of its own: both called alive, they can only be living in seki
    // (Japanese Rules of Go, 1989, Article 8 commentary), marked as stones in seki; the points
    // between them are no one's.
    let o = gorules(&["diagram", fixture, "--rules", "japanese", "--dead", ""]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(" 4 s . S O o\n"), "{}", stdout(&o));
}

#[test]
fn svg_to_a_file() {
    let dir = temp_dir("diagram-svg");
    let out = dir.join("dame.svg");
    let o = gorules(&[
        "diagram",
        "examples/dame-parity.sgf",
        "--format",
        "svg",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<?xml"));
    assert!(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("<title>Dame parity: move 17 of 17 (B pass), rules concord</title>"));
    assert!(svg.trim_end().ends_with("</svg>"));
    // A TOML ruleset file works as --rules too.
    let toml = dir.join("mine.toml");
    std::fs::write(&toml, "id = \"mine\"\nextends = \"japanese\"\n").unwrap();
    let o = gorules(&[
        "diagram",
        "examples/dame-parity.sgf",
        "--rules",
        toml.to_str().unwrap(),
        "--format",
        "svg",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("rules mine</title>"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_exit_with_code_2() {
    let o = gorules(&["diagram", "examples/dame-parity.sgf", "--move", "18"]);
    assert_refused(
        &o,
        "move 18 is beyond the end of the record, which has 17 move(s)",
    );
    let o = gorules(&["diagram", "examples/dame-parity.sgf", "--rules", "nope"]);
    assert_refused(&o, "nope");
    let o = gorules(&[
        "diagram",
        "examples/dame-parity.sgf",
        "--rules",
        "concord,aga",
    ]);
    assert_refused(&o, "one built-in id or TOML file");
    let o = gorules(&["diagram", "tests/fixtures/sgf/unterminated.sgf"]);
    assert_refused(&o, "unterminated.sgf");
    let o = gorules(&["diagram", "no/such/file.sgf"]);
    assert_refused(&o, "file.sgf");
    let o = gorules(&["diagram", "examples/dame-parity.sgf", "--dead", "Z9"]);
    assert_refused(&o, "dead stones: bad coordinate \"Z9\": off the 5x5 board");
    let o = gorules(&["diagram", "examples/dame-parity.sgf", "--format", "png"]);
    assert_eq!(o.status.code(), Some(2), "clap refuses an unknown format");
    let dir = temp_dir("diagram-unwritable");
    let target = dir.join("missing-dir").join("x.svg");
    let o = gorules(&[
        "diagram",
        "examples/dame-parity.sgf",
        "-o",
        target.to_str().unwrap(),
    ]);
    assert_refused(&o, "cannot write");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record's names reach the diagram's headline: their control characters (a clear-screen
/// sequence, a set-title sequence, a C1 control) are escaped, in text and in SVG, as in every
/// other output.
#[test]
fn control_characters_in_names_are_escaped() {
    let dir = temp_dir("diagram-controls");
    let path = dir.join("names.sgf");
    std::fs::write(
        &path,
        "(;GM[1]SZ[5]GN[\u{1b}[2Jcleared]PB[\u{1b}\\]0;owned\u{7}]PW[w\u{9b}2J];B[cc];W[];B[])",
    )
    .unwrap();
    for format in ["text", "svg"] {
        let o = gorules(&["diagram", path.to_str().unwrap(), "--format", format]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(
            !out.chars().any(|c| c.is_control() && c != '\n'),
            "{format}: {out:?}"
        );
        assert!(out.contains("cleared"), "{format}: {out}");
    }
    // Without GN, the players name the game.
    std::fs::write(
        &path,
        "(;GM[1]SZ[5]PB[\u{1b}\\]0;owned\u{7}]PW[w\u{9b}2J];B[cc];W[];B[])",
    )
    .unwrap();
    let o = gorules(&["diagram", path.to_str().unwrap()]);
    let out = stdout(&o);
    assert!(
        out.starts_with("\\u{1b}]0;owned\\u{7} (B) vs w\\u{9b}2J (W): "),
        "{out}"
    );
}
