//! `gorules compare` end to end on real and hostile inputs: the summary's columns, streaming
//! formats, the same output for every `--jobs`, trees that loop or hold pipes, size caps,
//! standard input for `score`, and text from records that must not reach a terminal raw.

use crate::common::*;
use std::io::Write;
use std::process::{Command, Stdio};

/// A resigned game, read first: the summary's pairs still cover every ruleset asked.
const RESIGNED: &str = "(;GM[1]FF[4]SZ[5]KM[0.5]RE[W+R];B[cc];W[dc];B[cd])";

fn dame_parity() -> String {
    std::fs::read_to_string(repo().join("examples/dame-parity.sgf")).unwrap()
}

#[test]
fn the_summary_has_every_pair_when_the_first_record_is_unfinished() {
    let dir = temp_dir("compare-first-unfinished");
    std::fs::write(dir.join("a-resigned.sgf"), RESIGNED).unwrap();
    std::fs::write(dir.join("b-dame-parity.sgf"), dame_parity()).unwrap();
    let o = gorules(&[
        "compare",
        dir.to_str().unwrap(),
        "--rules",
        "concord,chinese",
        "--format",
        "json",
    ]);
    let v = json_ok(&o);
    let s = &v["summary"];
    assert_eq!(
        (&s["games"], &s["finished"], &s["unfinished"], &s["errors"]),
        (
            &serde_json::json!(2),
            &serde_json::json!(1),
            &serde_json::json!(1),
            &serde_json::json!(0)
        )
    );
    // Concord counts territory and area, Chinese area: three columns, three pairs. Dame
    // parity (Concord Go Rules, 'Last pass'): 0 under Concord, B+1 under Chinese area
    // counting, so the Chinese column differs from both Concord columns by +1.
    let pairs = s["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 3, "{pairs:?}");
    let chinese = pairs
        .iter()
        .find(|p| p["a"] == "concord:territory" && p["b"] == "chinese:area")
        .unwrap();
    assert_eq!(chinese["games"], 1);
    assert_eq!(chinese["margin_deltas"], serde_json::json!({"+1": 1}));
    // By board size and handicap: both games are even 5x5 games; the draw under Concord
    // becomes B+1 under Chinese, a winner change in both groups.
    let groups = s["groups"].as_array().unwrap();
    let names: Vec<&str> = groups
        .iter()
        .map(|g| g["group"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["size 5x5", "even"]);
    for g in groups {
        assert_eq!(
            (&g["games"], &g["finished"]),
            (&serde_json::json!(2), &serde_json::json!(1))
        );
        let p = g["pairs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["a"] == "concord:territory" && p["b"] == "chinese:area")
            .unwrap();
        assert_eq!(
            (&p["games"], &p["winner_changes"]),
            (&serde_json::json!(1), &serde_json::json!(1))
        );
    }
}

#[test]
fn every_format_streams_the_same_output_for_every_jobs() {
    for format in ["table", "markdown", "csv", "json", "jsonl"] {
        let run = |jobs: &str| {
            let o = gorules(&[
                "compare", "examples", "--format", format, "--jobs", jobs, "--dead", "markup",
            ]);
            assert!(o.status.success(), "{}", stderr(&o));
            o.stdout
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{format}");
        assert_eq!(one, run("5"), "{format}");
    }
}

#[test]
fn json_lines_are_one_object_per_game_then_the_summary() {
    let o = gorules(&["compare", "examples", "--format", "jsonl", "--jobs", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, games) = lines.split_last().unwrap();
    assert_eq!(summary["summary"]["games"], games.len());
    assert!(games.iter().all(|g| g["game"]["source"].is_string()));
    // The same games as the JSON document.
    let o = gorules(&["compare", "examples", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["games"].as_array().unwrap(), games);
    assert_eq!(&doc["summary"], &summary["summary"]);
}

#[cfg(unix)]
#[test]
fn loops_pipes_and_large_files_are_errors_not_hangs() {
    let dir = temp_dir("compare-hostile");
    std::fs::write(dir.join("game.sgf"), dame_parity()).unwrap();
    std::os::unix::fs::symlink(".", dir.join("self")).unwrap();
    std::os::unix::fs::symlink(".", dir.join("again")).unwrap();
    let fifo = dir.join("pipe.sgf");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let has_fifo = made.is_ok_and(|s| s.success());
    std::fs::write(
        dir.join("big.sgf"),
        "(;GM[1]SZ[9]".to_string() + &" ".repeat(5000) + ")",
    )
    .unwrap();
    let o = gorules(&[
        "compare",
        dir.to_str().unwrap(),
        "--format",
        "json",
        "--max-file-size",
        "4K",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let games = v["games"].as_array().unwrap();
    let reports = games.iter().filter(|g| g.get("game").is_some()).count();
    let errors: Vec<&str> = games.iter().filter_map(|g| g["error"].as_str()).collect();
    // One real game (not one per loop), the two links and the big file as errors, and the
    // pipe refused without being opened for reading.
    assert_eq!(reports, 1, "{errors:?}");
    assert_eq!(
        errors
            .iter()
            .filter(|e| e.contains("a symbolic link back to"))
            .count(),
        2,
        "{errors:?}"
    );
    assert!(errors.iter().any(|e| e.contains("big.sgf")), "{errors:?}");
    if has_fifo {
        assert!(errors.iter().any(|e| e.contains("pipe.sgf")), "{errors:?}");
    }
    assert_eq!(v["summary"]["errors"], errors.len());
}

#[test]
fn an_empty_directory_is_an_error() {
    let dir = temp_dir("compare-empty");
    let o = gorules(&["compare", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no SGF file"), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
}

#[test]
fn text_from_records_never_reaches_the_terminal_raw() {
    let dir = temp_dir("compare-controls");
    // RE and RU hold an escape sequence that would clear the screen.
    let record = "(;GM[1]FF[4]SZ[5]KM[0.5]RU[\u{1b}[2J]RE[\u{1b}[2JW+R];B[cc];W[dc])";
    let path = dir.join("=HYPERLINK(\"x\").sgf");
    std::fs::write(&path, record).unwrap();
    for format in ["table", "markdown"] {
        let o = gorules(&["compare", dir.to_str().unwrap(), "--format", format]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(!o.stdout.contains(&0x1b), "{format}: {}", stdout(&o));
        assert!(
            stdout(&o).contains("\\u{1b}[2J"),
            "{format}: {}",
            stdout(&o)
        );
    }
    let o = gorules(&["score", path.to_str().unwrap(), "--unfinished"]);
    assert!(!o.stdout.contains(&0x1b), "{}", stdout(&o));
    // Named from its own folder, the file's name starts the CSV row: a cell that would start
    // a spreadsheet formula starts with a quote instead.
    let o = Command::new(env!("CARGO_BIN_EXE_gorules"))
        .args([
            "score",
            "=HYPERLINK(\"x\").sgf",
            "--unfinished",
            "--format",
            "csv",
        ])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let csv = stdout(&o);
    let row = csv.lines().nth(1).unwrap();
    assert!(row.starts_with("\"'=HYPERLINK(\"\"x\"\").sgf\","), "{row}");

    // A Latin-1 record (not UTF-8) whose byte 0x9B reads as U+009B, the one-character escape
    // sequence opener of C1, in a bad move and in a player's name: escaped in every format.
    let latin1 = dir.join("latin1.sgf");
    let mut bytes = b"(;GM[1]SZ[5]PB[a\x9b2Jb]RE[B+R];B[cc];W[d\x9bd])".to_vec();
    bytes.extend_from_slice(b"\n(;GM[1]SZ[5]PB[\x9b2J];B[cc];W[];B[])");
    std::fs::write(&latin1, bytes).unwrap();
    for format in ["table", "markdown", "csv", "json", "jsonl"] {
        let o = gorules(&["compare", latin1.to_str().unwrap(), "--format", format]);
        let out = stdout(&o) + &stderr(&o);
        assert!(!out.contains('\u{9b}'), "{format}: {out}");
        assert!(out.contains("9b"), "{format}: {out}");
    }
}

#[test]
fn score_reads_standard_input() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gorules"))
        .args(["score", "-", "--rules", "chinese", "--format", "json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(dame_parity().as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    let v = one_game(&o);
    assert_eq!(v["game"]["source"], "<stdin>");
    // Dame parity under Chinese area counting: B+1 (13 to 12).
    assert_eq!(v["rulesets"][0]["scores"][0]["result"], "B+1");
}

/// A collection whose last game is cut off: the games before it are still scored, the broken
/// one is an error in its place (exit code 1).
#[test]
fn a_truncated_game_does_not_drop_the_others() {
    let dir = temp_dir("compare-truncated");
    let path = dir.join("collection.sgf");
    // Black c3 alone on 5x5, then two passes: Black owns the board, 25 points by area
    // counting (Chinese Rules, area scoring), komi 0.5: B+24.5.
    std::fs::write(
        &path,
        "(;GM[1]SZ[5]KM[0.5];B[cc];W[];B[])\n(;GM[1]SZ[5];B[cc];W[dd",
    )
    .unwrap();
    let o = gorules(&[
        "score",
        path.to_str().unwrap(),
        "--rules",
        "chinese",
        "--format",
        "csv",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    // The result, then (the record has no RE) no comparison with it, no doubt (the count is
    // sure) and no error.
    assert!(stdout(&o).lines().nth(1).unwrap().ends_with(",B+24.5,,,,"));
    assert!(stderr(&o).contains("game 2"), "{}", stderr(&o));
    let o = gorules(&[
        "compare",
        dir.to_str().unwrap(),
        "--rules",
        "chinese",
        "--format",
        "jsonl",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["rulesets"][0]["scores"][0]["result"], "B+24.5");
    assert!(lines[1]["error"].as_str().unwrap().contains("game 2"));
    assert_eq!(lines[2]["summary"]["errors"], 1);
    assert_eq!(lines[2]["summary"]["finished"], 1);
}

/// A move onto a stone makes its game an error placed at the move's line and column, in
/// `score` (one error per line) and in `compare`'s error entry.
#[test]
fn a_move_onto_a_stone_is_an_error_at_its_line_and_column() {
    let dir = temp_dir("compare-occupied");
    let path = dir.join("occupied.sgf");
    // Game 1: W plays onto Black's a9, the `W` on line 2, column 2 (after the `;`). Game 2:
    // Black moves onto its own stone, the second `B` on line 4, column 14.
    std::fs::write(
        &path,
        "(;GM[1]SZ[9];B[aa]\n;W[aa])\n(;GM[1]SZ[9]\n;B[cc];W[dd];B[cc])",
    )
    .unwrap();
    let name = path.to_str().unwrap();
    let o = gorules(&["score", name, "--rules", "chinese"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [
            format!("gorules: {name}:2:2: node 2, move 2: White plays at aa (A9), which is already occupied"),
            format!("gorules: {name}:4:14: game 2, node 3, move 3: Black plays at cc (C7), which is already occupied"),
        ],
        "{err}"
    );
    let o = gorules(&["compare", name, "--rules", "chinese", "--format", "jsonl"]);
    assert_eq!(o.status.code(), Some(1));
    let first: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert!(
        first["error"]
            .as_str()
            .unwrap()
            .starts_with(&format!("{name}:2:2: node 2, move 2:")),
        "{first}"
    );
}

/// A colour moving twice is read with the other's pass between, said in the report; `--strict`
/// refuses the record instead.
#[test]
fn implied_passes_are_reported_and_strict_refuses_them() {
    let dir = temp_dir("compare-implied");
    let path = dir.join("twice.sgf");
    std::fs::write(&path, "(;GM[1]SZ[5]KM[0.5];B[cc];W[dd];W[ee];B[];W[])").unwrap();
    let o = gorules(&[
        "score",
        path.to_str().unwrap(),
        "--rules",
        "chinese",
        "--format",
        "json",
        "--dead",
        "none",
    ]);
    let v = one_game(&o);
    assert_eq!(v["game"]["implied_passes"], 1);
    assert_eq!(v["game"]["moves"], 6);
    let o = gorules(&["score", path.to_str().unwrap(), "--rules", "chinese"]);
    assert!(stdout(&o).contains("1 pass(es) implied"), "{}", stdout(&o));
    let o = gorules(&["score", path.to_str().unwrap(), "--strict"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--strict"), "{}", stderr(&o));
    let o = gorules(&[
        "compare",
        dir.to_str().unwrap(),
        "--strict",
        "--format",
        "jsonl",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("implied but not written"),
        "{}",
        stdout(&o)
    );
}

/// `--examples N` names, for each pair, the first games where the winner changes and why.
#[test]
fn examples_of_winner_changes_with_their_reasons() {
    let o = gorules(&[
        "compare",
        "examples/dame-parity.sgf",
        "--rules",
        "concord,chinese",
        "--examples",
        "1",
        "--format",
        "json",
    ]);
    let v = json_ok(&o);
    let pair = v["summary"]["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["a"] == "concord:territory" && p["b"] == "chinese:area")
        .unwrap();
    // Dame parity: a draw under Concord (Concord Go Rules, 'Last pass'), B+1 under Chinese
    // area counting, because Black has one stone more on the board (8 to 7).
    let e = &pair["examples"][0];
    assert_eq!(e["game"], "examples/dame-parity.sgf");
    assert_eq!(
        (&e["a"], &e["b"]),
        (&serde_json::json!("0"), &serde_json::json!("B+1"))
    );
    assert!(e["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r == "stones on the board +1 B"));
    let o = gorules(&[
        "compare",
        "examples/dame-parity.sgf",
        "--rules",
        "concord,chinese",
        "--examples",
        "1",
    ]);
    assert!(
        stdout(&o).contains("Games where the winner changes"),
        "{}",
        stdout(&o)
    );
    // Without --examples, no example is kept.
    let o = gorules(&["compare", "examples/dame-parity.sgf", "--format", "json"]);
    assert!(!stdout(&o).contains("\"examples\""));
}

#[test]
fn the_table_says_how_many_pairs_agree_in_words_that_count() {
    let dir = temp_dir("compare-agreeing-pairs");
    std::fs::write(dir.join("dame-parity.sgf"), dame_parity()).unwrap();
    let run = |rules: &str| {
        let o = gorules(&[
            "compare",
            dir.to_str().unwrap(),
            "--rules",
            rules,
            "--counting",
            "area",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    // One ruleset with one counting: no pair at all.
    let text = run("chinese");
    assert!(
        text.contains("One score per game: no pair of scores to compare."),
        "{text}"
    );
    // Chinese and Tromp-Taylor both count area, with every dame filled by stones or not
    // (Chinese rules, Tromp-Taylor rules): B+1 both, one pair that agrees.
    let text = run("chinese,tromp-taylor");
    assert!(
        text.contains("The one pair of scores with finished games agrees on every one."),
        "{text}"
    );
    // With Concord (0 by dame parity, Concord Go Rules, 'Last pass') two pairs differ and
    // one agrees.
    let text = run("chinese,tromp-taylor,concord");
    assert!(
        text.contains("1 other pair agrees on every finished game."),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each score against the results the records state: how many it reproduces exactly, how
/// many it gives the same winner, and the first that differ. The dame-parity game is B+1 by
/// area counting (Chinese) and 0 by Japanese territory counting, as its comment works out;
/// it is written here with several `RE` values.
#[test]
fn the_summary_says_how_often_each_score_gives_the_recorded_result() {
    let dir = temp_dir("compare-record-agreement");
    let game = dame_parity();
    for (name, re) in [
        ("a", "B+1"), // Chinese exactly; Japanese names no winner
        ("b", "0"),   // Japanese exactly; Chinese names Black
        ("c", "B+3"), // Chinese the winner only; Japanese neither
        ("d", "W+5"), // neither
        ("e", "B+R"), // not a count: left out
        ("f", "B+"),  // a winner without a margin: left out
    ] {
        let text = game.replacen("GN[", &format!("RE[{re}]GN["), 1);
        std::fs::write(dir.join(format!("{name}.sgf")), text).unwrap();
    }
    let args = |format: &'static str| {
        gorules(&[
            "compare",
            dir.to_str().unwrap(),
            "--rules",
            "chinese,japanese",
            "--dead",
            "none",
            "--examples",
            "2",
            "--format",
            format,
        ])
    };
    let v = json_ok(&args("json"));
    let agreement = v["summary"]["record_agreement"].as_array().unwrap();
    let row = |score: &str| {
        let a = agreement.iter().find(|a| a["score"] == score).unwrap();
        (
            a["games"].as_u64().unwrap(),
            a["same_result"].as_u64().unwrap(),
            a["same_winner"].as_u64().unwrap(),
        )
    };
    assert_eq!(row("chinese:area"), (4, 1, 2));
    assert_eq!(row("japanese:territory"), (4, 1, 1));
    let chinese = agreement
        .iter()
        .find(|a| a["score"] == "chinese:area")
        .unwrap();
    let examples: Vec<(&str, &str)> = chinese["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["recorded"].as_str().unwrap(),
                e["scored"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(examples, [("0", "B+1"), ("B+3", "B+1")]);
    // The table says the same in words.
    let text = stdout(&args("table"));
    assert!(
        text.contains("Agreement with the records' results (RE)"),
        "{text}"
    );
    assert!(
        text.lines().any(|l| l.starts_with("chinese:area")
            && l.contains("1 (25%)")
            && l.contains("2 (50%)")),
        "{text}"
    );
    assert!(text.contains("b.sgf: B+1 (RE 0)"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A mistyped value is refused before the run, with the nearest valid one, instead of failing
/// on every record.
#[test]
fn a_mistyped_option_value_is_refused_before_the_run() {
    let o = gorules(&["compare", "examples/gnugo", "--dead", "estimated"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    assert!(
        stderr(&o)
            .contains("--dead estimated: not a source of dead stones (did you mean `estimate`?)"),
        "{}",
        stderr(&o)
    );
    let o = gorules(&["score", "examples/dame-parity.sgf", "--rules", "japanse"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("(did you mean `japanese`?)"),
        "{}",
        stderr(&o)
    );
    let o = gorules(&["score", "examples/dame-parity.sgf", "--format", "jsn"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("(did you mean `json`?)"),
        "{}",
        stderr(&o)
    );
}

/// `--jobs` takes 1 to 256 threads: more only start slowly and wait for one another (3,000
/// took a minute to start). Refused with the reason, at once, before any file is read.
#[test]
fn jobs_out_of_range_are_refused() {
    for (cmd, extra) in [
        ("compare", vec!["examples"]),
        (
            "fuzz",
            vec!["--claim", "concord-area-territory", "--games", "10"],
        ),
    ] {
        for jobs in ["0", "257", "3000"] {
            let mut args = vec![cmd, "--jobs", jobs];
            args.extend(extra.iter().copied());
            let o = gorules(&args);
            assert_eq!(
                o.status.code(),
                Some(2),
                "{cmd} --jobs {jobs}: {}",
                stderr(&o)
            );
            assert!(stderr(&o).contains("--jobs: "), "{}", stderr(&o));
            assert!(o.stdout.is_empty());
        }
        let mut args = vec![cmd, "--jobs", "3000"];
        args.extend(extra.iter().copied());
        let err = stderr(&gorules(&args));
        assert!(
            err.contains("3000 threads is more than the 256 a run takes"),
            "{err}"
        );
    }
    let o = gorules(&["compare", "examples", "--jobs", "256", "--format", "jsonl"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// The walk stays on the file system of the path it is given: from /proc, `self/root` leads
/// to the whole machine and is not walked (each such directory is reported once).
#[cfg(target_os = "linux")]
#[test]
fn the_walk_does_not_leave_proc() {
    let o = gorules(&["compare", "/proc/self", "--format", "jsonl", "--jobs", "1"]);
    let out = stdout(&o);
    // No record found, and an entry for the way out.
    assert!(!out.contains("\"game\""), "{out}");
    assert!(
        out.contains("/proc/self/root: on another file system than /proc/self: not walked"),
        "{}",
        &out[..out.len().min(2000)]
    );
}

/// The summary says, per pair, how many finished games the false eyes and seki eyes one score
/// leaves out change, in every format that has a summary.
#[test]
fn the_summary_counts_games_changed_by_false_eyes_and_seki() {
    let dir = temp_dir("compare-false-eyes");
    // The edge false eye D1 (Japanese Rules of Go, 1989, Article 8 commentary: not territory);
    // Chinese area counting counts it (its stone or its point is Black's either way).
    std::fs::write(
        dir.join("false-eye.sgf"),
        "(;GM[1]FF[4]SZ[9:5]KM[0]AB[da][db][dc][dd][ce][ee]AW[ea][eb][ec][ed][fe];W[];B[])",
    )
    .unwrap();
    std::fs::write(dir.join("dame-parity.sgf"), dame_parity()).unwrap();
    let run = |format: &str| {
        gorules(&[
            "compare",
            dir.to_str().unwrap(),
            "--rules",
            "japanese,chinese,concord",
            "--dead",
            "none",
            "--format",
            format,
        ])
    };
    let v = json_ok(&run("json"));
    let pairs = v["summary"]["pairs"].as_array().unwrap();
    let changes = |a: &str, b: &str| {
        pairs.iter().find(|p| p["a"] == a && p["b"] == b).unwrap()["false_eye_or_seki_changes"]
            .clone()
    };
    // Japanese leaves D1 out, Chinese and Concord count it: one game of two, per pair.
    assert_eq!(changes("japanese:territory", "chinese:area"), 1);
    assert_eq!(changes("japanese:territory", "concord:territory"), 1);
    assert_eq!(changes("chinese:area", "concord:area"), 0);
    let text = stdout(&run("table"));
    let (_, section) = text
        .split_once("Finished games whose margin difference comes in part from false eyes")
        .unwrap_or_else(|| panic!("{text}"));
    let line = section
        .lines()
        .find(|l| l.starts_with("japanese:territory  chinese:area"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.ends_with(" 2      1"), "{line}");
    let markdown = stdout(&run("markdown"));
    assert!(
        markdown.contains("| japanese:territory | chinese:area | 2 | 1 |"),
        "{markdown}"
    );
    let jsonl = stdout(&run("jsonl"));
    let last: serde_json::Value = serde_json::from_str(jsonl.lines().last().unwrap()).unwrap();
    assert_eq!(
        last["summary"]["pairs"][0]["false_eye_or_seki_changes"],
        serde_json::json!(1)
    );
}

#[test]
fn a_slow_runs_rows_are_written_as_its_games_are_done() {
    use std::io::BufRead;
    // Dead stones from GNU Go take a fraction of a second or more a 19x19 game: each game's
    // line reaches the reader as the game is done, not when 64 KB of output have gathered.
    let Some(gnugo) = gorules_tests::environment::gnugo() else {
        return;
    };
    let mut games: Vec<std::path::PathBuf> = std::fs::read_dir(repo().join("examples/gnugo"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("19x19-")
        })
        .collect();
    games.sort();
    assert!(games.len() >= 3);
    let engine = format!("{gnugo} --mode gtp");
    let start = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gorules"))
        .arg("compare")
        .args(&games)
        .args(["--format", "jsonl", "--dead", "engine", "--engine", &engine])
        .args(["--jobs", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let came: Vec<f64> = std::io::BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(|line| {
            line.unwrap();
            start.elapsed().as_secs_f64()
        })
        .collect();
    assert!(child.wait().unwrap().success());
    assert_eq!(came.len(), games.len() + 1, "a line a game and the summary");
    let (first, last) = (came[0], came[games.len() - 1]);
    assert!(
        first < 0.75 * last,
        "the first game's line came at {first:.2} s, the last game's at {last:.2} s"
    );
}
