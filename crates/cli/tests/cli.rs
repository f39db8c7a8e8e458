//! The `gorules` binary end to end.

use crate::common::*;

#[test]
fn score_json_follows_the_contract() {
    let o = gorules(&["score", "examples/dame-parity.sgf", "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = one_game(&o);
    assert_eq!(v["game"]["size"], "5x5");
    // No territory markup: the dead stones are estimated (`--dead auto`). The dame-parity
    // board is settled: Black's wall owns column a, White's column e, both alive.
    assert_eq!(v["game"]["dead_source"], "estimate");
    let chains = v["game"]["dead_estimate"]["chains"].as_array().unwrap();
    assert_eq!(chains.len(), 2);
    assert!(chains.iter().all(|c| c["dead"] == false), "{chains:?}");
    assert_eq!(v["game"]["dead_estimate"]["uncertain"], false);
    let rulesets = v["rulesets"].as_array().unwrap();
    assert_eq!(rulesets.len(), gorules_rules::builtin_ids().len());
    let find = |id: &str| rulesets.iter().find(|r| r["ruleset"] == id).unwrap();
    // Dame parity, worked out by hand: Chinese B+1, Japanese 0, AGA B+1 with White's added
    // pass, Concord 0 both ways.
    assert_eq!(find("chinese")["scores"][0]["result"], "B+1");
    assert_eq!(find("japanese")["scores"][0]["result"], "0");
    let aga = find("aga");
    assert_eq!(aga["added_passes"], serde_json::json!(["white"]));
    assert_eq!(aga["legal"], true);
    assert!(aga["illegal_move"].is_null());
    let concord = find("concord");
    for s in concord["scores"].as_array().unwrap() {
        assert_eq!(s["margin"], 0.0);
        assert!(s["breakdown"]["black"]["prisoners"]["pass_stones"].is_number());
    }
    let area = &concord["scores"][1];
    assert_eq!(area["counting"], "area");
    assert_eq!(area["breakdown"]["white"]["bonus"], 1.0);
    assert_eq!(
        (area["black"].as_f64(), area["white"].as_f64()),
        (Some(13.0), Some(13.0))
    );
    assert!(v["differences"]
        .as_array()
        .unwrap()
        .iter()
        .any(|d| d["other"] == "aga:territory" && d["reasons"][0] == "pass stones +1 B"));
}

#[test]
fn dead_stone_sources_from_the_command_line() {
    // Every stone alive: the source says so and no estimate is made.
    let o = gorules(&[
        "score",
        "examples/dame-parity.sgf",
        "--dead",
        "none",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = one_game(&o);
    assert_eq!(v["game"]["dead_source"], "none");
    assert!(v["game"].get("dead_estimate").is_none());
    // The markup of a record that has some wins over the estimate under `auto`.
    let o = gorules(&[
        "score",
        "examples/gallery/02-dead-stone-agreed.sgf",
        "--format",
        "json",
    ]);
    let v = one_game(&o);
    assert_eq!(v["game"]["dead_source"], "territory-markup");
    assert_eq!(v["game"]["dead_stones"], serde_json::json!(["A3"]));
    // `engine` needs an engine; an engine that cannot start is an error naming it.
    let o = gorules(&["score", "examples/dame-parity.sgf", "--dead", "engine"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--dead engine needs --engine"),
        "{}",
        stderr(&o)
    );
    let o = gorules(&[
        "score",
        "examples/dame-parity.sgf",
        "--dead",
        "engine",
        "--engine",
        "/nonexistent/gtp-engine",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("engine `/nonexistent/gtp-engine`: cannot start it"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn score_options_komi_counting_dead_and_formats() {
    let o = gorules(&[
        "score",
        "examples/dame-parity.sgf",
        "--rules",
        "concord,japanese",
        "--counting",
        "territory",
        "--komi",
        "6.5",
        "--dead",
        "C5",
        "--format",
        "csv",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("source,game,size,"));
    assert!(lines[0].contains(",ruleset,from_record,counting,"));
    assert_eq!(lines.len(), 3, "{out}");
    // C5 is Black's last stone: removed as dead, White gets a prisoner and c5 becomes
    // White's? c5 touches b5 (Black) and d5/c4 (White): neutral. Japanese: 5 vs 5 + 1 + 6.5.
    assert!(
        lines[2].contains("japanese,false,territory") && lines[2].contains(",W+7.5,"),
        "{out}"
    );
    let o = gorules(&["score", "examples/dame-parity.sgf", "--format", "markdown"]);
    assert!(stdout(&o).contains("| ruleset | counting |"));
}

#[test]
fn score_by_stone_counting() {
    // Dame parity under stone scoring (Sensei's Library, "Stone scoring"): one group each, Black 8 stones + 5
    // territory - 2, White 7 + 5 - 2: B+1. Concord allows no stone counting.
    let args = [
        "score",
        "examples/dame-parity.sgf",
        "--rules",
        "stone-scoring,concord",
        "--counting",
        "stone",
    ];
    let o = gorules(&[&args[..], &["--format", "json"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let v = one_game(&o);
    let stone = &v["rulesets"][0]["scores"][0];
    assert_eq!(stone["counting"], "stone");
    assert_eq!(stone["result"], "B+1");
    assert_eq!(stone["breakdown"]["black"]["group_tax"], 2);
    assert_eq!(stone["breakdown"]["white"]["total"], 10.0);
    assert_eq!(v["rulesets"][1]["scores"], serde_json::json!([]));
    let o = gorules(&args);
    let out = stdout(&o);
    assert!(
        out.contains("group tax") && out.contains("-2 / -2"),
        "{out}"
    );
    assert!(
        out.contains("the ruleset allows none of the counting methods asked"),
        "{out}"
    );
}

#[test]
fn a_count_that_rests_on_who_fills_the_dame_first_says_so() {
    // A 9x5 board (rows a to e from the top):
    //
    //   . . . X O O . . .
    //   . . X . X O . . .
    //   . . . X . O . . .
    //   . . . X O . O . .
    //   . . . X X O . . .
    //
    // E3 is the one dame. Black's E4 reaches the wall only through E3 or its eye D4, White's
    // E2 only through E3 or its eye F2. Whoever fills E3 joins his own stone and leaves the
    // other in atari, which must then be filled (Japanese Rules of Go, 1989, Article 8
    // commentary: a point that must be filled is not territory). The rules do not say who
    // fills first: each side's points are counted as it keeps them filling first, 15 each
    // (columns A-C less C4, and D4; columns G-J less G2, and F2), and the count says it
    // rests on the order. Chinese area counting counts both points either way: 7 stones and
    // 15 points each.
    let dir = temp_dir("score-doubt");
    let path = dir.join("two-false-eyes.sgf");
    std::fs::write(
        &path,
        "(;GM[1]FF[4]SZ[9:5]KM[0]AB[da][cb][eb][dc][dd][de][ee]\
         AW[ea][fa][fb][fc][ed][gd][fe];B[];W[])",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let args = [
        "score",
        path,
        "--rules",
        "japanese,chinese",
        "--dead",
        "none",
    ];
    let v = one_game(&gorules(&[&args[..], &["--format", "json"]].concat()));
    let japanese = &v["rulesets"][0]["scores"][0];
    assert_eq!(
        (japanese["black"].as_f64(), japanese["white"].as_f64()),
        (Some(15.0), Some(15.0))
    );
    let doubts = japanese["doubts"].as_array().expect("doubts");
    assert_eq!(doubts.len(), 1, "{doubts:?}");
    assert_eq!(doubts[0]["kind"], "filling-order");
    assert_eq!(doubts[0]["points"], serde_json::json!(["D4", "F2"]));
    assert_eq!(doubts[0]["dame"], serde_json::json!(["E3"]));
    let chinese = &v["rulesets"][1]["scores"][0];
    assert_eq!(chinese["black"].as_f64(), Some(22.0));
    assert!(chinese.get("doubts").is_none(), "{chinese}");
    let table = stdout(&gorules(&args));
    assert!(
        table.contains("territory count not sure (at D4 F2: who fills the dame first decides)"),
        "{table}"
    );
    // Each point's reason: both counted, neither surely, on the one dame E3.
    let unsure = |point: &str, color: &str| {
        serde_json::json!({"point": point, "color": color, "reason": "territory",
                           "dame": ["E3"], "sure": false})
    };
    assert_eq!(
        japanese["points"]["reasons"],
        serde_json::json!([unsure("D4", "black"), unsure("F2", "white")])
    );
    let diagram = stdout(&gorules(&[
        "diagram", path, "--rules", "japanese", "--dead", "none",
    ]));
    assert!(
        diagram.contains(
            "note: territory count not sure at D4 F2: who fills the dame first decides (dame E3)"
        ),
        "{diagram}"
    );
    let svg = stdout(&gorules(&[
        "diagram", path, "--rules", "japanese", "--dead", "none", "--format", "svg",
    ]));
    assert!(
        svg.contains("class=\"unsure\"") && svg.contains("Dashed triangles"),
        "{svg}"
    );
}

#[test]
fn score_says_why_each_point_is_left_out() {
    // A diagonal wall on 5x5 (Japanese Rules of Go, 1989, Article 8 commentary: the points
    // a player must fill once the dame are filled are not territory; Article 9):
    //
    //   . . X . O
    //   . X . O .
    //   X . O . .
    //   . O . . .
    //   O . . . .
    //
    // The dame are C4, D5, B3 and A2. Whoever fills first, each side must fill one end of
    // its wall: Black A4 (it keeps A3 and B4, whose dame are A2, B3 and C4) or B5 (C5 and B4:
    // D5 and C4), White B1 (A1 and B2: B3 and A2) or E4 (E5 and D4: D5 and C4). A teire each,
    // the dame named; which end is the settlement's choice.
    let dir = temp_dir("score-reasons");
    let path = dir.join("diagonal-wall.sgf");
    std::fs::write(
        &path,
        "(;GM[1]FF[4]SZ[5]KM[0]AB[ca][bb][ac]AW[ea][db][cc][bd][ae];B[];W[])",
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let v = one_game(&gorules(&[
        "score", path, "--rules", "japanese", "--dead", "none", "--format", "json",
    ]));
    let reasons = v["rulesets"][0]["scores"][0]["points"]["reasons"]
        .as_array()
        .expect("reasons")
        .clone();
    let teire = |point: &str, color: &str, dame: &[&str]| {
        serde_json::json!({"point": point, "color": color, "reason": "teire",
                           "dame": dame, "sure": true})
    };
    assert_eq!(reasons.len(), 2, "{reasons:?}");
    assert!(
        [
            teire("A4", "black", &["C4", "B3", "A2"]),
            teire("B5", "black", &["D5", "C4"])
        ]
        .contains(&reasons[0]),
        "{reasons:?}"
    );
    assert!(
        [
            teire("B1", "white", &["B3", "A2"]),
            teire("E4", "white", &["D5", "C4"])
        ]
        .contains(&reasons[1]),
        "{reasons:?}"
    );
    let diagram = stdout(&gorules(&[
        "diagram", path, "--rules", "japanese", "--dead", "none",
    ]));
    assert!(
        diagram.contains("note: left out of the territory: ")
            && diagram.contains(" teire of Black (dame "),
        "{diagram}"
    );
}

#[test]
fn score_a_board_one_point_wide() {
    // One column of nine points (SZ[1:9], rows a to i from the top), then the same game on
    // one row (SZ[9:1]). Black plays the third and fourth points, White the eighth and
    // seventh, then both pass:
    //
    //   . . X X . . O O .
    //
    // Every stone alive (`--dead none`). Chinese area counting: Black 2 stones + the 2 empty
    // points before them, which reach only Black = 4; White 2 stones + the last point = 3;
    // the fifth and sixth points reach both colours: neutral. Komi 0: B+1.
    //
    // Concord territory counting: territory 2 against 1, and one pass stone each (each side
    // passed once): 3 against 2, B+1.
    //
    // Japanese territory counting: the two groups are in seki. Black's liberties are the
    // second and fifth points, White's the sixth and ninth. Whoever fills one of the two
    // shared dame points leaves the other, which neither side can then fill without being
    // captured (it leaves the filler one liberty, in the opponent's eye); a play inside the
    // opponent's eye space is captured at once or is a suicide. Eyes in seki are not counted:
    // 0 against 0, a draw.
    let dir = temp_dir("score-line");
    for (size, moves, shown) in [
        ("1:9", ["ac", "ah", "ad", "ag"], "1x9"),
        ("9:1", ["ca", "ha", "da", "ga"], "9x1"),
    ] {
        let path = dir.join(format!("line-{shown}.sgf"));
        let text = format!(
            "(;GM[1]FF[4]SZ[{size}]KM[0];B[{}];W[{}];B[{}];W[{}];B[];W[])",
            moves[0], moves[1], moves[2], moves[3]
        );
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        let args = [
            "score",
            path,
            "--rules",
            "chinese,concord,japanese",
            "--counting",
            "all",
            "--dead",
            "none",
        ];
        let v = one_game(&gorules(&[&args[..], &["--format", "json"]].concat()));
        assert_eq!(v["game"]["size"], shown);
        let chinese = &v["rulesets"][0]["scores"][0];
        assert_eq!(chinese["counting"], "area");
        assert_eq!(
            (chinese["black"].as_f64(), chinese["white"].as_f64()),
            (Some(4.0), Some(3.0))
        );
        assert_eq!(chinese["result"], "B+1");
        let concord = &v["rulesets"][1]["scores"][0];
        assert_eq!(concord["counting"], "territory");
        assert_eq!(
            (concord["black"].as_f64(), concord["white"].as_f64()),
            (Some(3.0), Some(2.0))
        );
        assert_eq!(concord["result"], "B+1");
        let japanese = &v["rulesets"][2]["scores"][0];
        assert_eq!(japanese["counting"], "territory");
        assert_eq!(
            (japanese["black"].as_f64(), japanese["white"].as_f64()),
            (Some(0.0), Some(0.0))
        );
        assert_eq!(japanese["result"], "0");
        let o = gorules(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stdout(&o).contains(&format!("{shown} board")),
            "{}",
            stdout(&o)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rules_list_show_diff() {
    let o = gorules(&["rules", "list"]);
    assert!(o.status.success());
    for id in gorules_rules::builtin_ids() {
        assert!(stdout(&o).contains(id), "{id}");
    }
    let o = gorules(&["rules", "show", "concord"]);
    assert!(
        stdout(&o).contains("end.end-of-play") && stdout(&o).contains("first-and-last-pass-differ")
    );
    let o = gorules(&["rules", "show", "taiwan", "--toml"]);
    assert!(stdout(&o).contains("last-board-play"));
    // Machine-readable: every built-in in JSON and CSV, a ruleset's knobs in JSON.
    let o = gorules(&["rules", "list", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let ids: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, gorules_rules::builtin_ids());
    let o = gorules(&["rules", "list", "--format", "csv"]);
    let out = stdout(&o);
    assert_eq!(out.lines().next(), Some("id,name,description,source"));
    assert_eq!(out.lines().count(), ids.len() + 1);
    let o = gorules(&["rules", "show", "concord", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["id"], "concord");
    assert!(v["knobs"]
        .as_array()
        .unwrap()
        .iter()
        .any(|k| k["knob"] == "end.end-of-play" && k["value"] == "first-and-last-pass-differ"));
    let o = gorules(&["rules", "diff", "concord", "taiwan"]);
    let out = stdout(&o);
    assert!(
        out.contains("scoring.counting") && out.contains("play.pass-stones"),
        "{out}"
    );
    assert!(!out.contains("play.ko "), "{out}");
}

/// A ruleset file's name and description reach no terminal raw: ESC (a TOML escape) and
/// U+009B (C1's one-character escape opener, which serde_json leaves raw) are escaped in every
/// format.
#[test]
fn rules_show_escapes_control_characters_of_a_ruleset_file() {
    let dir = temp_dir("rules-controls");
    let toml = dir.join("c1.toml");
    std::fs::write(
        &toml,
        "id = \"c1\"\nextends = \"concord\"\nname = \"a\u{9b}2J\"\ndescription = \"b\\u001b[2J\"\n",
    )
    .unwrap();
    for format in ["text", "json", "csv"] {
        let o = gorules(&["rules", "show", toml.to_str().unwrap(), "--format", format]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(!out.contains(['\u{9b}', '\u{1b}']), "{format}: {out}");
    }
    let o = gorules(&["rules", "show", toml.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["name"], "a\u{9b}2J");
    assert!(stdout(&o).contains("\"a\\u009b2J\""), "{}", stdout(&o));
}

#[test]
fn a_reader_that_stops_reading_ends_no_command_in_a_panic() {
    // `gorules ... | head -1`: the pipe's read end is closed before the command starts, so its
    // first write finds no reader. The command finishes quietly with its usual status.
    let commands: [&[&str]; 4] = [
        &["fuzz", "--list"],
        &["rules", "list"],
        &["rules", "show", "concord"],
        &["score", "examples/dame-parity.sgf"],
    ];
    for args in commands {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gorules"))
            .args(args)
            .current_dir(repo())
            .stdout(writer)
            .output()
            .expect("the binary runs");
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{args:?}");
    }
}

#[test]
fn bad_input_gives_a_clear_error_and_no_panic() {
    let dir = temp_dir("cli-bad");
    let toml = dir.join("bad.toml");
    std::fs::write(
        &toml,
        "id = \"x\"\nextends = \"concord\"\n[play]\nko = \"sometimes\"\n",
    )
    .unwrap();
    let o = gorules(&["rules", "show", toml.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.toml:4:6:"), "{}", stderr(&o));
    let sgf = dir.join("broken.sgf");
    std::fs::write(&sgf, "(;GM[1]SZ[9]\n;B[ee];W[zz])").unwrap();
    let o = gorules(&["score", sgf.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("broken.sgf:2:") && e.contains("off the 9x9 board"),
        "{e}"
    );
    let o = gorules(&["score", "examples/dame-parity.sgf", "--rules", "conkord"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("built-in ids"));
    let o = gorules(&["score", "examples/dame-parity.sgf", "--dead", "Z9"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("dead stones") && e.contains("\"Z9\"") && e.contains("off the 5x5 board"),
        "{e}"
    );
    let o = gorules(&["score", "examples/dame-parity.sgf", "--komi", "6.3"]);
    assert_eq!(o.status.code(), Some(2));
    let o = gorules(&["score", "no/such/file.sgf"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no/such/file.sgf"));
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn compare_skips_broken_files_and_does_not_depend_on_jobs() {
    let dir = temp_dir("cli-corpus");
    std::fs::copy(repo().join("examples/dame-parity.sgf"), dir.join("a.sgf")).unwrap();
    std::fs::write(dir.join("b.sgf"), "(;GM[1]SZ[5];B[cc];W[dc];B[];W[])").unwrap();
    std::fs::write(dir.join("c.sgf"), "(;GM[1]SZ[5];B[cc];W[cc])").unwrap();
    std::fs::write(dir.join("d.sgf"), "(;GM[1]SZ[5]RE[W+R];B[cc];W[dc])").unwrap();
    let run = |jobs: &str, format: &str| {
        gorules(&[
            "compare",
            dir.to_str().unwrap(),
            "--jobs",
            jobs,
            "--format",
            format,
        ])
    };
    let (one, two) = (run("1", "json"), run("2", "json"));
    assert_eq!(
        one.status.code(),
        Some(1),
        "a broken file makes the exit code 1"
    );
    assert_eq!(one.stdout, two.stdout);
    let v: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    let s = &v["summary"];
    assert_eq!(
        (s["games"].as_u64(), s["errors"].as_u64()),
        (Some(4), Some(1))
    );
    assert_eq!(
        (s["finished"].as_u64(), s["unfinished"].as_u64()),
        (Some(2), Some(1))
    );
    // concord:territory vs aga:territory differ on a.sgf only (dame parity): +1.
    let pair = s["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["a"] == "concord:territory" && p["b"] == "aga:territory")
        .unwrap();
    assert_eq!(pair["winner_changes"], 1);
    assert_eq!(pair["margin_deltas"]["+1"], 1);
    assert!(stderr(&one).contains("c.sgf") && stderr(&one).contains("occupied"));
    let text = gorules(&["compare", dir.to_str().unwrap()]);
    assert!(stdout(&text).contains("winner changes"));
    // The other formats are written as the games are done: the same output on any --jobs.
    for format in ["table", "markdown", "csv"] {
        let (one, three) = (run("1", format), run("3", format));
        assert_eq!(one.stdout, three.stdout, "{format}");
        assert_eq!(one.stderr, three.stderr, "{format}");
        assert_eq!(three.status.code(), Some(1), "{format}");
    }
}

#[test]
fn dead_stones_from_gnu_go_and_from_the_estimate() {
    // White's stone at a3 sits in Black's column a with no room to live: dead, as the record's
    // own markup says. GNU Go (the real engine, `/usr/games/gnugo`, which CI installs) and the
    // estimate both find it without the markup.
    let record = "examples/gallery/02-dead-stone-agreed.sgf";
    let dead_of = |args: &[&str]| {
        let mut all = vec!["score", record, "--format", "json"];
        all.extend_from_slice(args);
        let o = gorules(&all);
        assert!(o.status.success(), "{}", stderr(&o));
        let v = one_game(&o);
        (
            v["game"]["dead_source"].clone(),
            v["game"]["dead_stones"].clone(),
        )
    };
    assert_eq!(
        dead_of(&["--dead", "estimate"]),
        (serde_json::json!("estimate"), serde_json::json!(["A3"]))
    );
    let Some(gnugo) = gorules_tests::environment::gnugo() else {
        return;
    };
    let engine = format!("{gnugo} --mode gtp");
    assert_eq!(
        dead_of(&["--dead", "engine", "--engine", &engine]),
        (serde_json::json!("engine"), serde_json::json!(["A3"]))
    );
}
