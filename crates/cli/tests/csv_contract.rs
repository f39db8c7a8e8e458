//! The CSV of `compare` (and `score`) read as a data tool reads it, and checked cell by cell
//! against the JSON of the same run: every game has its rows (finished or not, and every
//! error), and each column holds what docs/json.md ("CSV") says.

use std::collections::HashMap;

use crate::common::*;
use serde_json::Value;

/// The rows of a CSV text (RFC 4180: fields separated by commas, quoted where they hold a
/// comma, a quote or a line break, a quote doubled inside quotes), each a map from the
/// header's names.
fn read_csv(text: &str) -> (Vec<String>, Vec<HashMap<String, String>>) {
    let mut records: Vec<Vec<String>> = Vec::new();
    let (mut record, mut field) = (Vec::new(), String::new());
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    assert!(
        field.is_empty() && record.is_empty(),
        "no line break at the end"
    );
    let header = records.remove(0);
    let rows = records
        .into_iter()
        .map(|r| {
            assert_eq!(r.len(), header.len(), "{r:?}");
            header.iter().cloned().zip(r).collect()
        })
        .collect();
    (header, rows)
}

/// A JSON value as its CSV cell: text as it is, null as empty, numbers as written.
fn cell(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Number(n) => n
            .as_f64()
            .filter(|f| f.fract() == 0.0)
            .map_or_else(|| n.to_string(), |f| format!("{}", f as i64)),
        other => other.to_string(),
    }
}

/// A small corpus with every kind of entry: finished games (one with a ruleset that refuses
/// a move), a resigned one, a collection with a broken game, a file that is not SGF, a KataGo
/// record.
fn corpus() -> std::path::PathBuf {
    let dir = temp_dir("csv-contract");
    let files = [
        // Black c3 and passes: Black's whole board.
        ("a-finished.sgf", "(;GM[1]SZ[5]KM[0.5]RU[Chinese]RE[B+24.5];B[cc];W[];B[])"),
        // Resigned.
        ("b-resigned.sgf", "(;GM[1]SZ[5]RE[W+R]PB[=cmd];B[cc];W[dd])"),
        // A collection: a finished game, then one whose move lands on a stone.
        (
            "c-collection.sgf",
            "(;GM[1]SZ[5]KM[6.5];B[cc];W[dd];B[];W[])(;GM[1]SZ[5];B[cc];W[cc])",
        ),
        ("d-not-sgf.sgf", "this is not SGF"),
        // A suicide of two stones (B b5): Chinese rules replay it as a pass, after which
        // W a5 no longer fits (diverged, not scored); Japanese rules make it a loss (forfeit).
        (
            "e-suicide.sgf",
            "(;GM[1]SZ[5]KM[0.5];B[aa];W[ab];B[dd];W[bb];B[ee];W[ca];B[ba];W[aa];B[];W[])",
        ),
        (
            "f-katago.sgf",
            "(;GM[1]SZ[5]KM[7]RU[koSIMPLEscoreAREAtaxNONEsui1]RE[W+1];B[cc];W[dc];B[cd];W[dd];B[];W[])",
        ),
        // Two false eyes hanging on one dame (E3): the Japanese count rests on who fills it
        // first (a `filling-order` doubt).
        (
            "g-two-false-eyes.sgf",
            "(;GM[1]FF[4]SZ[9:5]KM[0]AB[da][cb][eb][dc][dd][de][ee]\
             AW[ea][fa][fb][fc][ed][gd][fe];B[];W[])",
        ),
    ];
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir
}

#[test]
fn the_csv_of_a_run_is_its_json_row_by_row() {
    let dir = corpus();
    let d = dir.to_str().unwrap();
    let args = [
        "compare",
        d,
        "--rules",
        "chinese,japanese",
        "--dead",
        "estimate",
    ];
    let csv = gorules(&[&args[..], &["--format", "csv"]].concat());
    let json = gorules(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(csv.status.code(), Some(1), "{}", stderr(&csv));
    assert_eq!(json.status.code(), Some(1), "{}", stderr(&json));
    let json: Value = serde_json::from_slice(&json.stdout).unwrap();
    let (header, rows) = read_csv(&stdout(&csv));
    assert_eq!(header.first().map(String::as_str), Some("source"));
    assert_eq!(header.last().map(String::as_str), Some("error"));

    let games = json["games"].as_array().unwrap();
    let summary = &json["summary"];
    assert_eq!(games.len() as u64, summary["games"].as_u64().unwrap());
    let mut rows = rows.into_iter();
    let (mut errors, mut unfinished, mut unsure) = (0, 0, 0);
    let mut agreeing: HashMap<String, u64> = HashMap::new();
    for entry in games {
        let guarded = |s: &str| {
            if s.starts_with(['=', '+', '-', '@']) {
                format!("'{s}")
            } else {
                s.to_string()
            }
        };
        if let Some(error) = entry.get("error") {
            errors += 1;
            let row = rows.next().expect("a row per error");
            assert_eq!(row["source"], entry["source"].as_str().unwrap());
            let game = entry
                .get("game_index")
                .map_or(String::new(), |i| (i.as_u64().unwrap() + 1).to_string());
            assert_eq!(row["game"], game);
            assert_eq!(row["error"], error.as_str().unwrap());
            assert!(
                header[2..header.len() - 1]
                    .iter()
                    .all(|c| row[c].is_empty()),
                "{row:?}"
            );
            continue;
        }
        let g = &entry["game"];
        // Whether some score's territory count is not sure: the summary then counts the game
        // apart, out of the record agreement.
        let doubtful = entry["rulesets"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r["scores"].as_array().unwrap())
            .any(|s| s.get("doubts").is_some());
        if g["ended_by_passes"] == true && g["dead_estimate"]["uncertain"] != true && doubtful {
            unsure += 1;
        }
        if g["ended_by_passes"] == false {
            unfinished += 1;
        }
        for r in entry["rulesets"].as_array().unwrap() {
            let scores = r["scores"].as_array().unwrap();
            let no_score = [Value::Null];
            let each: &[Value] = if scores.is_empty() { &no_score } else { scores };
            for s in each {
                let row = rows.next().expect("a row per ruleset and score");
                let same = |col: &str, want: String| {
                    assert_eq!(row[col], want, "{col}: {row:?}");
                };
                same("source", g["source"].as_str().unwrap().to_string());
                same("game", (g["game_index"].as_u64().unwrap() + 1).to_string());
                for (col, field) in [
                    ("size", "size"),
                    ("handicap", "handicap"),
                    ("moves", "moves"),
                    ("ended_by_passes", "ended_by_passes"),
                    ("dead_source", "dead_source"),
                ] {
                    same(col, cell(&g[field]));
                }
                for (col, field) in [
                    ("record_result", "result"),
                    ("record_rules", "rules"),
                    ("record_rules_builtin", "rules_builtin"),
                    ("record_rules_katago", "rules_katago"),
                ] {
                    same(col, guarded(&cell(&g[field])));
                }
                let dead: Vec<String> = g["dead_stones"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(cell)
                    .collect();
                same("dead_stones", dead.join(" "));
                same(
                    "dead_uncertain",
                    (g["dead_estimate"]["uncertain"] == true).to_string(),
                );
                same("ruleset", cell(&r["ruleset"]));
                same("from_record", (r["from_record"] == true).to_string());
                same("legal", cell(&r["legal"]));
                let illegal = match &r["illegal_move"] {
                    Value::Null => String::new(),
                    i => format!(
                        "{} {}: {}",
                        i["move_number"],
                        cell(&i["point"]),
                        cell(&i["reason"])
                    ),
                };
                same("illegal_move", illegal);
                same(
                    "added_passes",
                    r["added_passes"].as_array().unwrap().len().to_string(),
                );
                same("end", cell(&r["end"]["state"]));
                same("settlement", cell(&r["end"]["settlement"]));
                same("komi", cell(&r["komi"]));
                same("error", String::new());
                if s.is_null() {
                    same("counting", String::new());
                    for col in &header[header.iter().position(|c| c == "komi").unwrap() + 1..] {
                        assert!(row[col].is_empty(), "{col}: {row:?}");
                    }
                    continue;
                }
                same("counting", cell(&s["counting"]));
                same("margin", cell(&s["margin"]));
                same("result", cell(&s["result"]));
                // Against the record's RE, when the game ended in passes and RE is a count:
                // worked out here from the JSON's RE and margin.
                let counted = |re: &str| -> Option<f64> {
                    if re == "0" {
                        return Some(0.0);
                    }
                    let (sign, margin) = match re.split_at_checked(2)? {
                        ("B+", m) => (1.0, m),
                        ("W+", m) => (-1.0, m),
                        _ => return None,
                    };
                    margin.parse::<f64>().ok().map(|m| sign * m)
                };
                let re = g["result"].as_str().and_then(counted);
                let (same_result, same_winner) = match re {
                    Some(re) if g["ended_by_passes"] == true => {
                        let margin = s["margin"].as_f64().unwrap();
                        let result = s["result"].as_str().unwrap();
                        let counted = result != "Void" && !result.ends_with("+F");
                        let winner = counted
                            && margin.signum() == re.signum()
                            && (margin == 0.0) == (re == 0.0);
                        ((winner && margin == re).to_string(), winner.to_string())
                    }
                    _ => (String::new(), String::new()),
                };
                same("record_same_result", same_result.clone());
                same("record_same_winner", same_winner);
                let kinds: Vec<String> = s
                    .get("doubts")
                    .map(|d| {
                        d.as_array()
                            .unwrap()
                            .iter()
                            .map(|d| cell(&d["kind"]))
                            .collect()
                    })
                    .unwrap_or_default();
                same("doubt_kinds", kinds.join(" "));
                if g["dead_estimate"]["uncertain"] != true && !doubtful && same_result == "true" {
                    let column = format!("{}:{}", cell(&r["ruleset"]), cell(&s["counting"]));
                    *agreeing.entry(column).or_insert(0u64) += 1;
                }
                for side in ["black", "white"] {
                    let b = &s["breakdown"][side];
                    same(&format!("{side}_total"), cell(&s[side]));
                    for part in [
                        "territory",
                        "seki_eyes_not_counted",
                        "stones",
                        "komi",
                        "handicap_compensation",
                        "bonus",
                        "group_tax",
                        "total",
                    ] {
                        same(&format!("{side}_{part}"), cell(&b[part]));
                    }
                    for part in ["captures", "dead_stones", "suicides", "pass_stones"] {
                        same(&format!("{side}_{part}"), cell(&b["prisoners"][part]));
                    }
                    let cleanup = b.get("cleanup_plays").map_or("0".into(), cell);
                    same(&format!("{side}_cleanup_plays"), cleanup);
                }
            }
        }
    }
    assert!(rows.next().is_none(), "rows beyond the JSON's games");
    // The rows that reproduce their record's result are those the summary counts (the
    // finished Chinese record gives its RE under Chinese rules at least).
    assert!(agreeing.contains_key("chinese:area"), "{agreeing:?}");
    for a in summary["record_agreement"].as_array().unwrap() {
        let column = a["score"].as_str().unwrap();
        assert_eq!(
            agreeing.get(column).copied().unwrap_or(0),
            a["same_result"].as_u64().unwrap(),
            "{column}"
        );
    }
    // The corpus has each kind: the counts are the summary's.
    assert_eq!(errors, summary["errors"].as_u64().unwrap());
    assert_eq!(unfinished, summary["unfinished"].as_u64().unwrap());
    assert_eq!((errors, unfinished), (2, 1));
    assert_eq!(unsure, summary["unsure_territory_counts"].as_u64().unwrap());
    assert_eq!(unsure, 1);
}

/// `score --format csv` on a resigned game: its rows, not a bare header.
#[test]
fn score_csv_has_a_row_for_an_unfinished_game() {
    let dir = temp_dir("csv-resigned");
    let path = dir.join("resigned.sgf");
    std::fs::write(&path, "(;GM[1]SZ[5]RE[W+R];B[cc];W[dd])").unwrap();
    let o = gorules(&[
        "score",
        path.to_str().unwrap(),
        "--rules",
        "japanese,chinese",
        "--format",
        "csv",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (_, rows) = read_csv(&stdout(&o));
    assert_eq!(rows.len(), 2, "{}", stdout(&o));
    for (row, ruleset) in rows.iter().zip(["japanese", "chinese"]) {
        assert_eq!(row["ruleset"], ruleset);
        assert_eq!(row["record_result"], "W+R");
        assert_eq!(row["end"], "unfinished");
        assert_eq!(row["ended_by_passes"], "false");
        assert_eq!((row["counting"].as_str(), row["result"].as_str()), ("", ""));
    }
}
