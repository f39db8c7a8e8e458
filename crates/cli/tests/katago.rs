//! KataGo's rules named on the command line (`katago:...`) and in records' `RU`. Expected
//! knob values come from KataGo rules.cpp, `parseRulesHelper`, and the mapping documented in
//! `gorules_rules::katago`; expected scores are worked out by hand from the positions.

use crate::common::*;

/// The knob lines of `rules show` text: `(key, value)`.
fn knob_lines(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| {
            let mut parts = l.split_whitespace();
            let key = parts.next()?;
            let value = parts.next()?;
            (key.contains('.') && parts.next().is_none()).then(|| (key.into(), value.into()))
        })
        .collect()
}

#[test]
fn rules_show_katago_japanese() {
    // KataGo's japanese: SIMPLE ko, TERRITORY, tax SEKI, no suicide, no friendly pass, 6.5.
    let o = gorules(&["rules", "show", "katago:japanese"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("KataGo japanese (katago:japanese)"),
        "{out}"
    );
    let knobs = knob_lines(&out);
    for (key, value) in [
        ("play.ko", "simple"),
        ("play.long-cycle", "no-result"),
        ("play.suicide", "illegal"),
        ("play.pass-stones", "false"),
        ("end.end-of-play", "cleanup-phases"),
        ("end.dead-stones", "pass-alive"),
        ("end.repeated-pass-ends", "true"),
        ("end.button", "false"),
        ("scoring.counting", "territory"),
        ("scoring.tax", "seki"),
        ("scoring.seki-eyes", "count"),
        ("scoring.handicap-compensation", "none"),
        ("scoring.komi", "6.5"),
    ] {
        assert!(
            knobs.contains(&(key.to_string(), value.to_string())),
            "{key} = {value}: {out}"
        );
    }
    let v = json_ok(&gorules(&[
        "rules",
        "show",
        "katago:japanese",
        "--format",
        "json",
    ]));
    assert_eq!(v["id"], "katago:japanese");
}

#[test]
fn rules_diff_katago_japanese_japanese_lists_the_knobs_that_differ() {
    let o = gorules(&["rules", "diff", "katago:japanese", "japanese"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains("katago:japanese") && lines[0].contains("japanese"));
    // gorules' japanese (Japanese Rules of Go, 1989): illegal move loses, two passes,
    // agreement, either player resumes, seki eyes not counted, fixed handicaps, handicap komi
    // 0. KataGo's: an illegal move is a pass, cleanup phases, pass-alive dead stones, the
    // repeated-pass and all-pass-alive endings, tax SEKI, free handicaps, handicap komi 6.5.
    for key in [
        "play.illegal-moves",
        "end.end-of-play",
        "end.dead-stones",
        "end.resumption-first",
        "end.repeated-pass-ends",
        "end.all-pass-alive-ends",
        "scoring.seki-eyes",
        "scoring.tax",
        "scoring.handicap-placement",
        "scoring.handicap-komi",
    ] {
        assert!(
            out.lines().any(|l| l.starts_with(key)),
            "{key} differs: {out}"
        );
    }
    // Both: simple ko, no-result cycles, no suicide, territory counting, komi 6.5.
    for key in [
        "play.ko",
        "play.long-cycle",
        "play.suicide",
        "scoring.counting",
        "scoring.komi",
    ] {
        assert!(
            !out.lines().any(|l| l.starts_with(&format!("{key} "))),
            "{key} is the same: {out}"
        );
    }
    // Those ten and no other: a header and ten rows.
    assert_eq!(lines.len(), 11, "{out}");
}

#[test]
fn score_under_a_katago_compact_string() {
    // Dame parity (examples/dame-parity.sgf, komi 0): Black 8 stones and column a (5 points),
    // White 7 stones and column e (5 points), every stone alive. KataGo's area scoring with
    // no tax counts stones and territory: 13 to 12, B+1.
    let v = one_game(&gorules(&[
        "score",
        "examples/dame-parity.sgf",
        "--rules",
        "katago:koSIMPLEscoreAREAtaxNONEsui1,chinese",
        "--format",
        "json",
    ]));
    let r = &v["rulesets"][0];
    assert_eq!(r["ruleset"], "katago:koSIMPLEscoreAREAtaxNONEsui1");
    let s = &r["scores"][0];
    assert_eq!(s["counting"], "area");
    assert_eq!(
        (s["black"].as_f64(), s["white"].as_f64()),
        (Some(13.0), Some(12.0))
    );
    assert_eq!(s["result"], "B+1");
    assert_eq!(v["rulesets"][1]["ruleset"], "chinese");

    // The JSON form, whose commas do not split the --rules list.
    let v = one_game(&gorules(&[
        "score",
        "examples/dame-parity.sgf",
        "--rules",
        r#"katago:{"ko":"SIMPLE","scoring":"AREA","suicide":false},concord"#,
        "--format",
        "json",
    ]));
    let ids: Vec<&str> = v["rulesets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["ruleset"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            r#"katago:{"ko":"SIMPLE","scoring":"AREA","suicide":false}"#,
            "concord"
        ]
    );
}

#[test]
fn a_malformed_katago_string_is_an_error_with_its_position() {
    for args in [
        &[
            "score",
            "examples/dame-parity.sgf",
            "--rules",
            "katago:koFOO",
        ][..],
        &["rules", "show", "katago:koFOO"],
        &[
            "diagram",
            "examples/dame-parity.sgf",
            "--rules",
            "katago:koFOO",
        ],
    ] {
        let o = gorules(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(
            err.contains(
                "katago rules \"koFOO\": at character 3: expected SIMPLE, POSITIONAL, SITUATIONAL or SPIGHT after \"ko\""
            ),
            "{err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    // What no knob expresses, with the reason.
    let o = gorules(&["rules", "show", "katago:koSPIGHT"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("SPIGHT is not modelled"),
        "{}",
        stderr(&o)
    );
    // Control characters in the string are escaped.
    let o = gorules(&["rules", "show", "katago:ko\u{1b}[2J"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains('\u{1b}'), "{:?}", stderr(&o));
}

#[test]
fn a_claim_between_a_katago_preset_and_its_compact_string() {
    // KataGo's tromp-taylor preset is koPOSITIONALscoreAREAtaxNONEsui1 with KataGo's defaults
    // (no button, whb0, no friendly pass, komi 7.5): the same ruleset under two names.
    let o = gorules(&[
        "fuzz",
        "--claim",
        "katago:tromp-taylor:area == katago:koPOSITIONALscoreAREAtaxNONEsui1komi7.5:area",
        "--games",
        "300",
        "--sizes",
        "2..6",
        "--format",
        "json",
    ]);
    let v = json_ok(&o);
    assert_eq!(
        v["claim"],
        "katago:tromp-taylor:area == katago:koPOSITIONALscoreAREAtaxNONEsui1komi7.5:area"
    );
    assert_eq!(v["holds"], true);

    // A ruleset that differs: KataGo's chinese has simple ko and no suicide, gorules'
    // chinese positional superko; the claim parses and runs (exit 0 or 1, never 2).
    let o = gorules(&[
        "fuzz",
        "--claim",
        "winner(katago:chinese:area) == winner(chinese:area)",
        "--games",
        "50",
        "--sizes",
        "2..5",
        "--out",
        temp_dir("katago-claim").to_str().unwrap(),
    ]);
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", stderr(&o));

    let o = gorules(&["fuzz", "--claim", "katago:koFOO:area == concord:area"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("at character 3"), "{}", stderr(&o));
}

/// A 5x5 record that ends in two passes, with `RU[ru]`: the dame-parity game.
fn record_with_rules(dir: &std::path::Path, name: &str, ru: &str) -> String {
    let text = std::fs::read_to_string(repo().join("examples/dame-parity.sgf")).unwrap();
    let text = text.replacen("KM[0]", &format!("KM[0]RU[{ru}]"), 1);
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn rules_record_replays_each_record_under_the_ruleset_its_ru_names() {
    let dir = temp_dir("katago-record");
    let kata = record_with_rules(&dir, "kata.sgf", "koSIMPLEscoreAREAtaxNONEsui1");
    let v = one_game(&gorules(&[
        "score",
        &kata,
        "--rules",
        "record,concord",
        "--format",
        "json",
    ]));
    assert_eq!(
        v["game"]["rules_katago"],
        "katago:koSIMPLEscoreAREAtaxNONEsui1"
    );
    // KataGo's rules here are not exactly any built-in ruleset.
    assert!(v["game"]["rules_builtin"].is_null());
    assert_eq!(
        v["rulesets"][0]["ruleset"],
        "katago:koSIMPLEscoreAREAtaxNONEsui1"
    );
    assert_eq!(v["rulesets"][0]["scores"][0]["result"], "B+1");
    assert_eq!(v["rulesets"][1]["ruleset"], "concord");

    // A common name is the built-in ruleset of that name, even where KataGo has a preset of
    // the same name.
    let jp = record_with_rules(&dir, "jp.sgf", "Japanese");
    let v = one_game(&gorules(&[
        "score", &jp, "--rules", "record", "--format", "json",
    ]));
    assert_eq!(v["rulesets"][0]["ruleset"], "japanese");
    assert_eq!(v["game"]["rules_builtin"], "japanese");
    assert!(v["game"].get("rules_katago").is_none());

    // An RU that names nothing: an error for that record, not a guess.
    let unknown = record_with_rules(&dir, "unknown.sgf", "Cambodian");
    let o = gorules(&["score", &unknown, "--rules", "record"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("RU[Cambodian] names no ruleset"),
        "{}",
        stderr(&o)
    );
    let bad = record_with_rules(&dir, "bad.sgf", "koSIMPLEscoreAREAtaxFOO");
    let o = gorules(&["score", &bad, "--rules", "record"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("at character 21"), "{}", stderr(&o));
    // Under the default rules, the same record is scored under the built-in rulesets, and the
    // user is told why its own is missing (KataGo rules.cpp reads no tax called FOO).
    let o = gorules(&["score", &bad, "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("at character 21")
            && stderr(&o).contains("scored under the other rulesets only"),
        "{}",
        stderr(&o)
    );
    let v = one_game(&o);
    assert_eq!(v["rulesets"][0]["ruleset"], "concord");

    // `record:NAME`: NAME for a record whose RU names no ruleset, and the report says why.
    let v = one_game(&gorules(&[
        "score",
        &unknown,
        "--rules",
        "record:japanese",
        "--format",
        "json",
    ]));
    let r = &v["rulesets"][0];
    assert_eq!(r["ruleset"], "japanese");
    assert!(r.get("from_record").is_none(), "{r}");
    assert!(
        r["record_fallback"]
            .as_str()
            .unwrap()
            .contains("RU[Cambodian] names no ruleset"),
        "{r}"
    );
    let table = stdout(&gorules(&["score", &unknown, "--rules", "record:japanese"]));
    assert!(table.contains(": scored under japanese"), "{table}");
    // A record whose RU names one is scored under its own, not the fallback.
    let v = one_game(&gorules(&[
        "score",
        &kata,
        "--rules",
        "record:japanese",
        "--format",
        "json",
    ]));
    assert_eq!(
        v["rulesets"][0]["ruleset"],
        "katago:koSIMPLEscoreAREAtaxNONEsui1"
    );
    assert_eq!(v["rulesets"][0]["from_record"], true);

    // The diagram of the record under its own rules.
    let o = gorules(&["diagram", &kata, "--rules", "record"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("katago:koSIMPLEscoreAREAtaxNONEsui1"),
        "{}",
        stdout(&o)
    );

    // `compare` replays each record under its own ruleset too: its scores are the columns
    // `record:COUNTING`, whatever ruleset that is; a record whose RU names none is an error
    // entry, and the other records are still compared.
    let o = gorules(&[
        "compare",
        dir.to_str().unwrap(),
        "--rules",
        "record,concord",
        "--format",
        "jsonl",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let own: Vec<(&str, &str)> = lines
        .iter()
        .filter(|v| v.get("rulesets").is_some())
        .map(|v| {
            assert_eq!(v["rulesets"][0]["from_record"], true);
            assert!(v["rulesets"][1].get("from_record").is_none());
            (
                v["game"]["source"].as_str().unwrap(),
                v["rulesets"][0]["ruleset"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(own.len(), 2, "{own:?}");
    assert!(own[0].0.ends_with("jp.sgf") && own[0].1 == "japanese");
    assert!(own[1].0.ends_with("kata.sgf") && own[1].1 == "katago:koSIMPLEscoreAREAtaxNONEsui1");
    let errors: Vec<&str> = lines
        .iter()
        .filter_map(|v| v.get("error").and_then(|e| e.as_str()))
        .collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].contains("at character 21"), "{errors:?}");
    assert!(
        errors[1].contains("RU[Cambodian] names no ruleset"),
        "{errors:?}"
    );
    let summary = &lines.last().unwrap()["summary"];
    assert_eq!(summary["games"], 4);
    assert_eq!(summary["errors"], 2);
    // With a fallback, the record whose RU names no ruleset is scored under it (in the
    // record's columns); the malformed KataGo string names none either.
    let o = gorules(&[
        "compare",
        dir.to_str().unwrap(),
        "--rules",
        "record:japanese,concord",
        "--format",
        "jsonl",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let fallbacks = lines
        .iter()
        .filter(|l| l["rulesets"][0].get("record_fallback").is_some())
        .count();
    assert_eq!(fallbacks, 2);
    assert_eq!(lines.last().unwrap()["summary"]["errors"], 0);
    // Japanese counts territory and KataGo's string area: the record's own area and
    // territory scores are never both there, and the summary says so instead of calling
    // them agreeing. The dame-parity record is 0 by territory and B+1 by area.
    let o = gorules(&[
        "compare",
        dir.to_str().unwrap(),
        "--rules",
        "record,concord",
    ]);
    let text = stdout(&o);
    assert!(
        text.contains(
            "1 pair has no finished game scored both ways: record:area vs record:territory."
        ),
        "{text}"
    );
    assert!(text.contains("record:area  concord:area"), "{text}");
    // In CSV the record's own ruleset is told apart from the same ruleset asked by name.
    let o = gorules(&[
        "compare",
        &jp,
        "--rules",
        "record,japanese",
        "--format",
        "csv",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows: Vec<String> = stdout(&o)
        .lines()
        .map(|l| l.split(',').skip(13).take(3).collect::<Vec<_>>().join(","))
        .collect();
    assert_eq!(
        rows,
        [
            "ruleset,from_record,counting",
            "japanese,true,territory",
            "japanese,false,territory"
        ]
    );

    // Compare's report names the KataGo ruleset of a record.
    let only = temp_dir("katago-compare");
    record_with_rules(&only, "kata.sgf", "koSIMPLEscoreAREAtaxNONEsui1");
    let o = gorules(&[
        "compare",
        only.to_str().unwrap(),
        "--rules",
        "chinese",
        "--format",
        "jsonl",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let first: serde_json::Value =
        serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(
        first["game"]["rules_katago"],
        "katago:koSIMPLEscoreAREAtaxNONEsui1"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&only);
}

#[test]
fn a_katago_ruleset_written_as_toml_reads_back_the_same() {
    let dir = temp_dir("katago-toml");
    let o = gorules(&["rules", "show", "katago:aga-button", "--toml"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let file = dir.join("aga-button.toml");
    std::fs::write(&file, &o.stdout).unwrap();
    let o = gorules(&["rules", "diff", file.to_str().unwrap(), "katago:aga-button"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("set every knob alike"),
        "{}",
        stdout(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
