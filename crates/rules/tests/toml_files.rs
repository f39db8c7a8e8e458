//! Ruleset files: every built-in one loads; bad files are refused with file, line, column,
//! what is wrong and what is allowed.

use gorules_rules::ruleset::*;
use gorules_rules::{builtin_ids, builtins, load, parse, BUILTIN_FILES};

const CONCORD_LIKE: &str = r#"id = "mine"
name = "Mine"
description = "test"
source = "test"

[play]
ko = "situational-superko"
long-cycle = "continue"
suicide = "illegal"
pass-stones = true
illegal-moves = "pass"

[end]
end-of-play = "first-and-last-pass-differ"
dead-stones = "agreement"
resumption-first = "opponent-of-last-passer"
play-until-captured = true
resumption-double-pass-ends = false

[scoring]
counting = ["territory", "area"]
seki-eyes = "count"
handicap-compensation = "n-1"
handicap-placement = "free"
komi = 6.5
handicap-komi = 0.5

[[scoring.bonus]]
event = "first-pass"
by = "white"
to = "white"
points = 1
counting = ["area"]
"#;

#[test]
fn every_builtin_loads_and_matches_its_file_name() {
    let all = builtins();
    assert_eq!(all.len(), BUILTIN_FILES.len());
    for (rs, id) in all.iter().zip(builtin_ids()) {
        assert_eq!(rs.id, id);
        assert!(!rs.source.is_empty() && !rs.description.is_empty(), "{id}");
    }
}

#[test]
fn the_issue_fixes_some_choices() {
    // Handicap compensation under area: N-1 for concord, aga, taiwan; N for chinese; 0 for
    // new-zealand, tromp-taylor and ing. Tromp-Taylor has no agreement; NZ allows all suicide.
    let hc = |id| load(id).unwrap().handicap_compensation;
    for id in ["concord", "aga", "taiwan"] {
        assert_eq!(hc(id), HandicapCompensation::NMinusOne, "{id}");
    }
    assert_eq!(hc("chinese"), HandicapCompensation::N);
    for id in ["new-zealand", "tromp-taylor", "ing"] {
        assert_eq!(hc(id), HandicapCompensation::None, "{id}");
    }
    assert_eq!(
        load("tromp-taylor").unwrap().dead_stones,
        DeadStones::AsTheyStand
    );
    assert_eq!(load("new-zealand").unwrap().suicide, SuicideRule::All);
}

#[test]
fn a_complete_file_parses() {
    let rs = parse(CONCORD_LIKE, "mine.toml").unwrap();
    let mut concord = load("concord").unwrap();
    concord.id = "mine".into();
    concord.name = "Mine".into();
    concord.description = "test".into();
    concord.source = "test".into();
    assert_eq!(rs, concord);
}

#[test]
fn extends_overrides_only_what_it_sets() {
    let rs = parse(
        "id = \"concord-no-last-pass\"\nextends = \"concord\"\n[end]\nend-of-play = \"two-passes\"\n",
        "x.toml",
    )
    .unwrap();
    assert_eq!(rs.end_of_play, EndOfPlay::TwoPasses);
    assert_eq!(rs.ko, KoRule::SituationalSuperko);
    assert_eq!(rs.bonuses.len(), 1);
}

fn err(text: &str) -> String {
    parse(text, "bad.toml").unwrap_err().to_string()
}

#[test]
fn syntax_error_names_file_line_and_column() {
    let text = CONCORD_LIKE.replace("komi = 6.5", "komi = = 6.5");
    let e = err(&text);
    assert!(e.starts_with("bad.toml:25:"), "{e}");
}

#[test]
fn unknown_key_is_refused_with_the_allowed_keys() {
    let text = CONCORD_LIKE.replace("suicide = \"illegal\"", "suicid = \"illegal\"");
    let e = err(&text);
    assert!(e.starts_with("bad.toml:9:1:"), "{e}");
    assert!(e.contains("suicid") && e.contains("suicide"), "{e}");
}

#[test]
fn wrong_value_is_refused_with_the_allowed_values() {
    let text = CONCORD_LIKE.replace("\"situational-superko\"", "\"superko\"");
    let e = err(&text);
    assert!(e.starts_with("bad.toml:7:6:"), "{e}");
    assert!(e.contains("positional-superko"), "{e}");
    let text = CONCORD_LIKE.replace("komi = 6.5", "komi = \"six\"");
    assert!(err(&text).starts_with("bad.toml:25:"));
    let text = CONCORD_LIKE.replace("komi = 6.5", "komi = 6.25");
    let e = err(&text);
    assert!(e.starts_with("bad.toml:25:8:") && e.contains("half"), "{e}");
}

#[test]
fn contradictory_settings_are_refused() {
    // Territory counting only, with the area-only first-pass bonus.
    let text = CONCORD_LIKE
        .replace(
            "counting = [\"territory\", \"area\"]",
            "counting = [\"territory\"]",
        )
        .replace(
            "handicap-compensation = \"n-1\"",
            "handicap-compensation = \"none\"",
        );
    let e = err(&text);
    assert!(e.contains("contradictory") && e.contains("area"), "{e}");
    assert!(e.starts_with("bad.toml:28:1:"), "{e}");
    // Handicap compensation without area counting.
    let text = CONCORD_LIKE
        .replace(
            "counting = [\"territory\", \"area\"]",
            "counting = [\"territory\"]",
        )
        .replace("counting = [\"area\"]", "counting = [\"territory\"]");
    let e = err(&text);
    assert!(
        e.starts_with("bad.toml:23:") && e.contains("handicap-compensation"),
        "{e}"
    );
    // A no-result cycle rule with superko.
    let text = CONCORD_LIKE.replace("long-cycle = \"continue\"", "long-cycle = \"no-result\"");
    let e = err(&text);
    assert!(e.starts_with("bad.toml:8:") && e.contains("simple"), "{e}");
    // Playing until captured with no agreement at all.
    let text = CONCORD_LIKE.replace(
        "dead-stones = \"agreement\"",
        "dead-stones = \"as-they-stand\"",
    );
    assert!(err(&text).contains("contradictory"));
}

#[test]
fn missing_keys_and_bad_ids() {
    let text = CONCORD_LIKE.replace("ko = \"situational-superko\"\n", "");
    let e = err(&text);
    assert!(e.contains("play.ko") && e.contains("extends"), "{e}");
    let e = err(&CONCORD_LIKE.replace("id = \"mine\"", "id = \"My Rules\""));
    assert!(e.starts_with("bad.toml:1:6:"), "{e}");
    let e = err("id = \"x\"\nextends = \"nope\"\n");
    assert!(
        e.starts_with("bad.toml:2:11:") && e.contains("no built-in"),
        "{e}"
    );
}

#[test]
fn load_reports_unknown_ids_and_unreadable_files() {
    let e = load("conkord").unwrap_err().to_string();
    assert!(e.contains("concord") && e.contains("no built-in"), "{e}");
    let e = load("/nonexistent/rules.toml").unwrap_err().to_string();
    assert!(e.starts_with("/nonexistent/rules.toml: cannot read"), "{e}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        let _ = parse(&text, "fuzz.toml");
    }

    #[test]
    fn mutated_files_never_panic(pos in 0usize..900, junk in "[\\[\\]=\"a-z0-9.,\n -]{0,8}") {
        let mut text = CONCORD_LIKE.to_string();
        let at = pos.min(text.len());
        let at = (0..=at).rev().find(|&i| text.is_char_boundary(i)).unwrap();
        text.insert_str(at, &junk);
        let _ = parse(&text, "fuzz.toml");
    }
}

#[test]
fn every_knob_is_documented_with_every_value() {
    use gorules_rules::knob::KNOBS;
    for rs in builtins() {
        for (key, value) in rs.knobs() {
            let doc = KNOBS
                .iter()
                .find(|d| d.key == key)
                .unwrap_or_else(|| panic!("{key} is not documented"));
            if !doc.values.is_empty() && key != "scoring.counting" {
                assert!(
                    doc.values.iter().any(|(v, _)| *v == value),
                    "{key} = {value} is not documented"
                );
            }
        }
    }
}

/// `printer::toml` writes a file that reads back as the same ruleset, KataGo's included
/// (whose ids, `katago:` and a rules string, a file cannot hold: the file's id is made of it).
#[test]
fn every_ruleset_written_as_toml_reads_back() {
    let katago = [
        "katago:japanese",
        "katago:chinese",
        "katago:aga-button",
        "katago:koSIMPLEscoreAREAtaxNONEsui1fpok0komi-3.5",
        r#"katago:{"ko":"SITUATIONAL","scoring":"TERRITORY","tax":"ALL"}"#,
    ];
    let all = builtins()
        .into_iter()
        .chain(katago.iter().map(|s| load(s).unwrap()));
    for rs in all {
        let text = gorules_rules::printer::toml(&rs);
        let back =
            parse(&text, "written.toml").unwrap_or_else(|e| panic!("{}: {e}\n{text}", rs.id));
        assert_eq!(back.id, gorules_rules::printer::file_id(&rs.id));
        assert_eq!(
            gorules_rules::Ruleset {
                id: rs.id.clone(),
                ..back
            },
            rs,
            "{text}"
        );
    }
    assert_eq!(
        gorules_rules::printer::file_id("katago:koSIMPLEscoreAREA"),
        "katago-kosimplescorearea"
    );
    assert_eq!(gorules_rules::printer::file_id("concord"), "concord");
    assert_eq!(gorules_rules::printer::file_id("::"), "ruleset");
}
