//! The printers fed a run's entries: at once or piece by piece, a game printer's JSON as
//! `serde_json` lays out an array of the reports, and a run's end without its summary.

use gorules_compare::corpus::{compare_paths, score_columns, GameEntry, RunLimits, Tally};
use gorules_compare::dead::DeadStones;
use gorules_compare::replay::Options;
use gorules_compare::report::compare_game;
use gorules_compare::rules_choice::fixed;
use gorules_printers::corpus::render_corpus;
use gorules_printers::{CorpusPrinter, Format, GamePrinter, Sink};

/// `render_corpus` writes at once what the printer writes piece by piece: a JSON document with
/// every entry and the summary.
#[test]
fn a_whole_run_rendered_at_once() {
    let dir = std::env::temp_dir().join(format!("gorules-corpus-render-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.sgf"), "(;GM[1]SZ[5]KM[0.5];B[cc];W[];B[])").unwrap();
    std::fs::write(dir.join("b.sgf"), "broken").unwrap();
    let rulesets = fixed(vec![gorules_rules::builtin("chinese").unwrap()]);
    let options = Options {
        dead: DeadStones::None,
        ..Options::default()
    };
    let columns = score_columns(&rulesets, &options);
    let mut tally = Tally::new(columns.clone());
    let mut entries = Vec::new();
    compare_paths(
        std::slice::from_ref(&dir),
        &rulesets,
        &options,
        RunLimits::default(),
        &|| {},
        |e| {
            tally.add(&e);
            entries.push(e);
        },
    );
    let _ = std::fs::remove_dir_all(&dir);
    let text = render_corpus(&entries, columns, &tally.summary(), Format::Json);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["games"].as_array().unwrap().len(), 2);
    // Black c3 alone on 5x5 owns the board: 25 points by area counting, komi 0.5: B+24.5.
    assert_eq!(
        v["games"][0]["rulesets"][0]["scores"][0]["result"],
        "B+24.5"
    );
    assert!(v["games"][1]["error"].is_string());
    assert_eq!(v["summary"]["errors"], 1);
}

/// Two games scored under Chinese and Japanese rules, with no dead stones, and the run's
/// score columns.
fn two_reports() -> (Vec<GameEntry>, Vec<String>) {
    let text = "(;GM[1]SZ[5]KM[0.5]RU[a\u{9b}b];B[cc];W[];B[])(;GM[1]SZ[5];B[cc];W[dd];B[];W[])";
    let rulesets = [
        std::sync::Arc::new(gorules_rules::builtin("chinese").unwrap()),
        std::sync::Arc::new(gorules_rules::builtin("japanese").unwrap()),
    ];
    let options = Options {
        dead: DeadStones::None,
        ..Options::default()
    };
    let entries = gorules_sgf::parse_sgf(text, Some("two.sgf"))
        .unwrap()
        .iter()
        .map(|g| GameEntry::Report(Box::new(compare_game(g, &rulesets, &options).unwrap())))
        .collect();
    (
        entries,
        score_columns(
            &fixed(rulesets.iter().map(|r| (**r).clone()).collect()),
            &options,
        ),
    )
}

/// `score --format json` is an array of the reports, laid out as `serde_json` lays out a
/// pretty array (the C1 control of the first record's player name escaped); JSON Lines is a
/// compact object per line; an error has a row in CSV only.
#[test]
fn a_game_printer_writes_an_array_of_the_reports() {
    let (entries, _) = two_reports();
    let print = |format: Format, entries: &[GameEntry]| {
        let mut p = GamePrinter::new(format, Vec::new());
        for e in entries {
            p.game(e).unwrap();
        }
        p.finish(None).unwrap();
        String::from_utf8(p.into_inner()).unwrap()
    };
    let reports: Vec<&GameEntry> = entries.iter().collect();
    let expected = serde_json::to_string_pretty(&reports)
        .unwrap()
        .replace('\u{9b}', "\\u009b")
        + "\n";
    assert!(expected.contains("a\\u009bb"));
    assert_eq!(print(Format::Json, &entries), expected);
    assert_eq!(print(Format::Json, &[]), "[]\n");
    let lines = print(Format::JsonLines, &entries);
    assert_eq!(lines.lines().count(), 2);
    for (line, e) in lines.lines().zip(&entries) {
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(line).unwrap(),
            serde_json::to_value(e).unwrap()
        );
    }
    let error = GameEntry::Error {
        source: "two.sgf".into(),
        game_index: Some(2),
        error: "two.sgf: game 3: no moves".into(),
    };
    let with_error = [entries[0].clone(), error];
    assert_eq!(
        print(Format::Json, &with_error),
        print(Format::Json, &entries[..1])
    );
    let csv = print(Format::Csv, &with_error);
    // The header, a row per score of the first game, the error's row.
    let scores = match &entries[0] {
        GameEntry::Report(r) => r.rulesets.iter().map(|r| r.scores.len()).sum::<usize>(),
        GameEntry::Error { .. } => unreachable!(),
    };
    assert_eq!(csv.lines().count(), 1 + scores + 1);
    assert!(csv
        .lines()
        .last()
        .unwrap()
        .ends_with("two.sgf: game 3: no moves"));
}

/// A printer fed pieces made apart (as on a worker thread) writes what it writes fed the
/// entries; a run ended without a summary closes its JSON document without one.
#[test]
fn pieces_made_apart_and_a_run_without_a_summary() {
    let (entries, columns) = two_reports();
    let mut tally = Tally::new(columns.clone());
    entries.iter().for_each(|e| tally.add(e));
    let summary = tally.summary();
    for format in Format::ALL {
        let mut printer = CorpusPrinter::new(format, columns.clone(), Vec::new());
        let layout = printer.layout().clone();
        for e in &entries {
            printer.write_piece(layout.piece(e)).unwrap();
        }
        printer.finish(Some(&summary)).unwrap();
        let bytes = printer.into_inner();
        if format == Format::Parquet {
            // Binary: the same bytes as a printer fed the entries.
            let mut fed = CorpusPrinter::new(format, columns.clone(), Vec::new());
            entries.iter().for_each(|e| fed.game(e).unwrap());
            fed.finish(Some(&summary)).unwrap();
            assert_eq!(bytes, fed.into_inner());
            assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"));
            continue;
        }
        let text = String::from_utf8(bytes).unwrap();
        assert_eq!(
            text,
            render_corpus(&entries, columns.clone(), &summary, format)
        );
    }
    let mut printer = CorpusPrinter::new(Format::Json, columns, Vec::new());
    for e in &entries {
        printer.game(e).unwrap();
    }
    printer.finish(None).unwrap();
    let v: serde_json::Value = serde_json::from_slice(&printer.into_inner()).unwrap();
    assert_eq!(v["games"].as_array().unwrap().len(), 2);
    assert!(v.get("summary").is_none());
}
