//! KataGo's rules strings as rulesets. The expected values are read off KataGo's source by
//! hand: KataGo rules.cpp, `parseRulesHelper` (presets, the JSON and compact forms, defaults),
//! `Rules::Rules` (the Tromp-Taylor-like defaults) and `operator<<` (the compact form written),
//! and "KataGo's Supported Go Rules, Version 2" for what each setting means.

use gorules_rules::katago::{katago_ruleset, KataGoRules, Ko, Scoring, WhiteHandicapBonus};
use gorules_rules::ruleset::{
    Counting, DeadStones, EndOfPlay, HandicapCompensation, HandicapPlacement, IllegalMoveRule,
    KoRule, LongCycleRule, ResumptionFirst, SekiEyes, SuicideRule, Tax,
};
use gorules_rules::{builtin, load, Ruleset};
use proptest::prelude::*;

/// One preset's settings as `parseRulesHelper` sets them: (ko, scoring, tax, multi-stone
/// suicide, button, white handicap bonus, friendly pass, komi).
type Settings = (Ko, Scoring, Tax, bool, bool, WhiteHandicapBonus, bool, f32);

fn settings(k: &KataGoRules) -> Settings {
    (
        k.ko,
        k.scoring,
        k.tax,
        k.multi_stone_suicide,
        k.button,
        k.white_handicap_bonus,
        k.friendly_pass_ok,
        k.komi,
    )
}

#[test]
fn every_preset_spelling_has_the_settings_of_parse_rules_helper() {
    use Ko::*;
    use Scoring::*;
    use WhiteHandicapBonus as W;
    let table: &[(&[&str], Settings)] = &[
        (
            &["japanese", "korean"],
            (
                Simple,
                Territory,
                Tax::Seki,
                false,
                false,
                W::Zero,
                false,
                6.5,
            ),
        ),
        (
            &["chinese"],
            (Simple, Area, Tax::None, false, false, W::N, true, 7.5),
        ),
        (
            &[
                "chineseogs",
                "chinese_ogs",
                "chinese-ogs",
                "chinesekgs",
                "chinese_kgs",
                "chinese-kgs",
            ],
            (Positional, Area, Tax::None, false, false, W::N, true, 7.5),
        ),
        (
            &[
                "ancientarea",
                "ancient-area",
                "ancient_area",
                "ancient area",
                "stonescoring",
                "stone-scoring",
                "stone_scoring",
                "stone scoring",
            ],
            (Simple, Area, Tax::All, false, false, W::Zero, true, 7.5),
        ),
        (
            &[
                "ancientterritory",
                "ancient-territory",
                "ancient_territory",
                "ancient territory",
            ],
            (
                Simple,
                Territory,
                Tax::All,
                false,
                false,
                W::Zero,
                false,
                6.5,
            ),
        ),
        (
            &["agabutton", "aga-button", "aga_button", "aga button"],
            (
                Situational,
                Area,
                Tax::None,
                false,
                true,
                W::NMinusOne,
                true,
                7.0,
            ),
        ),
        (
            &["aga", "bga", "french"],
            (
                Situational,
                Area,
                Tax::None,
                false,
                false,
                W::NMinusOne,
                true,
                7.5,
            ),
        ),
        (
            &[
                "nz",
                "newzealand",
                "new zealand",
                "new-zealand",
                "new_zealand",
            ],
            (
                Situational,
                Area,
                Tax::None,
                true,
                false,
                W::Zero,
                true,
                7.0,
            ),
        ),
        (
            &[
                "tromp-taylor",
                "tromp_taylor",
                "tromp taylor",
                "tromptaylor",
            ],
            (
                Positional,
                Area,
                Tax::None,
                true,
                false,
                W::Zero,
                false,
                7.5,
            ),
        ),
        (
            &["goe", "ing"],
            (Positional, Area, Tax::None, true, false, W::Zero, true, 7.5),
        ),
    ];
    let mut spellings = 0;
    for (names, expected) in table {
        for name in *names {
            // Matched trimmed and lower-cased.
            for written in [name.to_string(), format!("  {}\t", name.to_uppercase())] {
                let k = KataGoRules::parse(&written).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(settings(&k), *expected, "{written:?}");
            }
            spellings += 1;
        }
    }
    assert_eq!(
        spellings,
        gorules_rules::katago::PRESETS
            .iter()
            .map(|p| p.names.len())
            .sum::<usize>(),
        "every preset spelling is checked"
    );
}

/// The knobs every KataGo ruleset shares (the module documentation's mapping).
fn assert_common(rs: &Ruleset) {
    assert!(!rs.pass_stones, "{}", rs.id);
    assert_eq!(rs.illegal_moves, IllegalMoveRule::Pass);
    assert_eq!(rs.resumption_first, ResumptionFirst::OpponentOfLastPasser);
    assert!(!rs.play_until_captured);
    assert!(!rs.resumption_double_pass_ends);
    assert_eq!(rs.seki_eyes, SekiEyes::Count);
    assert_eq!(rs.handicap_placement, HandicapPlacement::Free);
    assert!(rs.bonuses.is_empty());
    assert_eq!(rs.komi, rs.handicap_komi);
    assert!(rs.source.contains("KataGo rules.cpp and boardhistory.cpp"));
    assert!(rs.source.contains("KataGo's Supported Go Rules, Version 2"));
    assert!(rs.description.contains("KataGo v1.17"));
}

#[test]
fn japanese_maps_to_simple_ko_cleanup_phases_and_pass_alive_dead_stones() {
    let rs = load("katago:japanese").unwrap();
    assert_common(&rs);
    assert_eq!(rs.id, "katago:japanese");
    assert_eq!(rs.name, "KataGo japanese");
    assert_eq!(rs.ko, KoRule::Simple);
    assert_eq!(rs.long_cycle, LongCycleRule::NoResult);
    assert!(rs.repeated_pass_ends);
    assert_eq!(rs.suicide, SuicideRule::Illegal);
    assert_eq!(rs.counting, vec![Counting::Territory]);
    assert_eq!(rs.end_of_play, EndOfPlay::CleanupPhases);
    assert_eq!(rs.dead_stones, DeadStones::PassAlive);
    assert_eq!(rs.tax, Tax::Seki);
    assert!(!rs.button);
    assert_eq!(rs.handicap_compensation, HandicapCompensation::None);
    assert_eq!(rs.komi.points(), 6.5);
}

#[test]
fn area_presets_map_their_ko_suicide_bonus_and_friendly_pass() {
    // chinese: SIMPLE, AREA, sui0, whbN, friendly pass, 7.5.
    let rs = load("katago:chinese").unwrap();
    assert_common(&rs);
    assert_eq!(
        (rs.ko, rs.long_cycle, rs.repeated_pass_ends),
        (KoRule::Simple, LongCycleRule::NoResult, true)
    );
    assert_eq!(rs.counting, vec![Counting::Area]);
    assert_eq!(rs.end_of_play, EndOfPlay::TwoPasses);
    assert_eq!(rs.suicide, SuicideRule::Illegal);
    assert_eq!(rs.handicap_compensation, HandicapCompensation::N);
    assert_eq!(rs.dead_stones, DeadStones::Agreement);
    assert_eq!((rs.tax, rs.komi.points()), (Tax::None, 7.5));

    // tromp-taylor: POSITIONAL, sui1, no friendly pass.
    let rs = load("katago:tromp-taylor").unwrap();
    assert_common(&rs);
    assert_eq!(
        (rs.ko, rs.long_cycle, rs.repeated_pass_ends),
        (KoRule::PositionalSuperko, LongCycleRule::Continue, false)
    );
    assert_eq!(rs.suicide, SuicideRule::MultiStone);
    assert_eq!(rs.dead_stones, DeadStones::PassAlive);
    assert_eq!(rs.handicap_compensation, HandicapCompensation::None);

    // aga-button: SITUATIONAL, button, whbN-1, komi 7.
    let rs = load("katago:aga-button").unwrap();
    assert_common(&rs);
    assert_eq!(rs.ko, KoRule::SituationalSuperko);
    assert!(rs.button);
    assert_eq!(rs.handicap_compensation, HandicapCompensation::NMinusOne);
    assert_eq!(rs.komi.points(), 7.0);

    // stone-scoring: tax ALL under area scoring.
    let rs = load("katago:stone-scoring").unwrap();
    assert_eq!(
        (rs.tax, rs.counting.clone()),
        (Tax::All, vec![Counting::Area])
    );

    // ancient-territory: tax ALL under territory scoring, komi 6.5.
    let rs = load("katago:ancient-territory").unwrap();
    assert_eq!(
        (rs.tax, rs.end_of_play, rs.komi.points()),
        (Tax::All, EndOfPlay::CleanupPhases, 6.5)
    );
    assert_eq!(rs.dead_stones, DeadStones::PassAlive);

    // new-zealand: multi-stone suicide (KataGo has no single-stone suicide), komi 7.
    let rs = load("katago:nz").unwrap();
    assert_eq!(
        (rs.suicide, rs.komi.points(), rs.ko),
        (SuicideRule::MultiStone, 7.0, KoRule::SituationalSuperko)
    );
}

#[test]
fn every_preset_is_a_ruleset_and_comes_back() {
    for p in gorules_rules::katago::PRESETS {
        for name in p.names {
            let rs = load(&format!("katago:{name}")).unwrap();
            assert_common(&rs);
            assert_eq!(rs.id, format!("katago:{name}"));
            assert_eq!(KataGoRules::from_ruleset(&rs), Some(p.rules), "{name}");
        }
    }
}

#[test]
fn compact_form_fields_in_any_order_with_spaces() {
    let k =
        KataGoRules::parse(" sui0 scoreAREA  koSITUATIONAL whbN-1 fpok1 button1 komi 7 ").unwrap();
    assert_eq!(
        settings(&k),
        (
            Ko::Situational,
            Scoring::Area,
            Tax::None,
            false,
            true,
            WhiteHandicapBonus::NMinusOne,
            true,
            7.0
        )
    );
    // "scoring" is a spelling of "score"; the later setting of a field wins.
    let k = KataGoRules::parse("scoringTERRITORYkoSIMPLEkoPOSITIONAL").unwrap();
    assert_eq!((k.scoring, k.ko), (Scoring::Territory, Ko::Positional));
    // whbN and whb0.
    let k = KataGoRules::parse("whbN").unwrap();
    assert_eq!(k.white_handicap_bonus, WhiteHandicapBonus::N);
    let k = KataGoRules::parse("whbNwhb0").unwrap();
    assert_eq!(k.white_handicap_bonus, WhiteHandicapBonus::Zero);
}

#[test]
fn defaults_for_what_a_string_leaves_out() {
    // Rules::Rules: positional superko, area, no tax, suicide legal, no button, whb0, no
    // friendly pass, komi 7.5.
    let k = KataGoRules::parse("koPOSITIONAL").unwrap();
    assert_eq!(
        settings(&k),
        (
            Ko::Positional,
            Scoring::Area,
            Tax::None,
            true,
            false,
            WhiteHandicapBonus::Zero,
            false,
            7.5
        )
    );
    // Tax: SEKI under territory scoring, NONE under area, unless given.
    assert_eq!(KataGoRules::parse("scoreTERRITORY").unwrap().tax, Tax::Seki);
    assert_eq!(
        KataGoRules::parse("scoreTERRITORYtaxNONE").unwrap().tax,
        Tax::None
    );
    assert_eq!(KataGoRules::parse("taxALLscoreAREA").unwrap().tax, Tax::All);
    // Komi: 6.5 under territory, 7 with the button, else 7.5, unless given; the same in JSON.
    for (text, komi) in [
        ("scoreTERRITORY", 6.5),
        ("scoreTERRITORYbutton1", 6.5),
        ("scoreAREAbutton1", 7.0),
        ("scoreAREA", 7.5),
        ("scoreAREAbutton1komi7.5", 7.5),
        ("scoreTERRITORYkomi0", 0.0),
        (r#"{"scoring":"TERRITORY"}"#, 6.5),
        (r#"{"scoring":"AREA","hasButton":true}"#, 7.0),
        (r#"{"ko":"SIMPLE"}"#, 7.5),
        (r#"{"scoring":"TERRITORY","komi":-3}"#, -3.0),
    ] {
        assert_eq!(KataGoRules::parse(text).unwrap().komi, komi, "{text}");
    }
    assert_eq!(
        KataGoRules::parse(r#"{"scoring":"TERRITORY"}"#)
            .unwrap()
            .tax,
        Tax::Seki
    );
}

#[test]
fn json_form() {
    let k = KataGoRules::parse(
        r#"{"ko":"SITUATIONAL","score":"AREA","tax":"ALL","suicide":false,"hasButton":true,
            "whiteHandicapBonus":"N-1","friendlyPassOk":true,"komi":6}"#,
    )
    .unwrap();
    assert_eq!(
        settings(&k),
        (
            Ko::Situational,
            Scoring::Area,
            Tax::All,
            false,
            true,
            WhiteHandicapBonus::NMinusOne,
            true,
            6.0
        )
    );
    // KataGo's own writing reads back (rules.cpp, `toJsonString`).
    assert_eq!(KataGoRules::parse(&k.to_json(true)).unwrap(), k);
    assert_eq!(
        KataGoRules::parse("japanese").unwrap().to_json(false),
        r#"{"friendlyPassOk":false,"hasButton":false,"ko":"SIMPLE","scoring":"TERRITORY","suicide":false,"tax":"SEKI","whiteHandicapBonus":"0"}"#
    );
}

#[test]
fn malformed_compact_strings_say_what_was_expected_at_which_character() {
    for (text, expected) in [
        (
            "koSIMPLEscoreAREAtaxFOOsui1",
            "katago rules \"koSIMPLEscoreAREAtaxFOOsui1\": at character 21: expected NONE, SEKI or ALL after \"tax\"",
        ),
        (
            "koFOO",
            "katago rules \"koFOO\": at character 3: expected SIMPLE, POSITIONAL, SITUATIONAL or SPIGHT after \"ko\"",
        ),
        (
            "koSIMPLEsui2",
            "katago rules \"koSIMPLEsui2\": at character 12: expected 1 or 0 after \"sui\"",
        ),
        (
            "scoreAREAwhbM",
            "katago rules \"scoreAREAwhbM\": at character 13: expected 0, N or N-1 after \"whb\"",
        ),
        (
            "koSIMPLEfoo1",
            "katago rules \"koSIMPLEfoo1\": at character 9: expected a setting (ko, score, tax, sui, button, whb, fpok or komi)",
        ),
        (
            "scoreAREAkomiX",
            "katago rules \"scoreAREAkomiX\": at character 14: expected a number after \"komi\"",
        ),
        // The compact form's komi: KataGo's bound for that form (rules.cpp,
        // `parseRulesHelper`: finite, at most 1e5 either way).
        (
            "  scoringAREA komi 1000000",
            "katago rules \"  scoringAREA komi 1000000\": at character 20: komi 1000000 is out of range: at most 100000 either way",
        ),
        // Presets match in any case, settings only as KataGo writes them.
        (
            "kosimple",
            "katago rules \"kosimple\": at character 3: expected SIMPLE, POSITIONAL, SITUATIONAL or SPIGHT after \"ko\"",
        ),
    ] {
        assert_eq!(
            KataGoRules::parse(text).unwrap_err().to_string(),
            expected
        );
    }
    let e = KataGoRules::parse("Japanesee").unwrap_err();
    assert_eq!(e.position, Some(1));
    assert!(e.message.contains("japanese"), "{e}");
    assert!(KataGoRules::parse("   ")
        .unwrap_err()
        .to_string()
        .contains("empty"));
    // Characters, not bytes.
    assert_eq!(
        KataGoRules::parse("koSIMPLEéé").unwrap_err().position,
        Some(9)
    );
    // Control characters are escaped in the message.
    let e = KataGoRules::parse("ko\u{1b}[2J").unwrap_err().to_string();
    assert!(!e.contains('\u{1b}'), "{e:?}");
}

#[test]
fn malformed_json_names_the_key_and_what_was_expected() {
    for (text, expected) in [
        (
            r#"{"ko":"simple"}"#,
            r#""ko": expected "SIMPLE", "POSITIONAL", "SITUATIONAL" or "SPIGHT", found "simple""#,
        ),
        (
            r#"{"tax":"FOO"}"#,
            r#""tax": expected "NONE", "SEKI" or "ALL", found "FOO""#,
        ),
        (
            r#"{"suicide":1}"#,
            r#""suicide": expected true or false, found 1"#,
        ),
        (
            r#"{"whiteHandicapBonus":1}"#,
            r#""whiteHandicapBonus": expected "0", "N" or "N-1", found 1"#,
        ),
        (
            r#"{"komi":7.25}"#,
            r#""komi": expected an integer or half-integer number from -400 to 400, found 7.25"#,
        ),
        (
            r#"{"komi":400.5}"#,
            r#""komi": expected an integer or half-integer number from -400 to 400, found 400.5"#,
        ),
        (r#"{"bogus":true}"#, r#"unknown key "bogus""#),
    ] {
        let e = KataGoRules::parse(text).unwrap_err();
        assert!(e.message.starts_with(expected), "{text}: {e}");
    }
    let e = KataGoRules::parse(r#"{"ko": SIMPLE}"#).unwrap_err();
    assert!(e.message.starts_with("not valid JSON"), "{e}");
    assert_eq!(e.position, Some(8), "{e}");
    assert!(KataGoRules::parse(r#"{"komi":-400}"#).is_ok());
    assert_eq!(
        KataGoRules::parse("scoreAREAkomi-400").unwrap().komi,
        -400.0
    );
    assert_eq!(KataGoRules::parse("scoreAREAkomi400").unwrap().komi, 400.0);
}

#[test]
fn without_komi_refuses_a_komi_and_keeps_the_one_given() {
    let k = KataGoRules::parse_without_komi("koSIMPLEscoreTERRITORY", 0.5).unwrap();
    assert_eq!(k.komi, 0.5);
    let k = KataGoRules::parse_without_komi("japanese", 0.5).unwrap();
    assert_eq!(k.komi, 0.5);
    assert!(KataGoRules::parse_without_komi("koSIMPLEkomi7", 0.5).is_err());
    assert!(KataGoRules::parse_without_komi(r#"{"komi":7}"#, 0.5).is_err());
}

#[test]
fn what_no_knob_expresses_is_refused_with_the_reason() {
    let e = katago_ruleset("koSPIGHTscoreAREA").unwrap_err().to_string();
    assert!(e.contains("SPIGHT") && e.contains("not modelled"), "{e}");
    // KataGo adds the handicap bonus under territory scoring too; the knob does not.
    for text in ["scoreTERRITORYwhbN", "scoreTERRITORYwhbN-1"] {
        let e = katago_ruleset(text).unwrap_err().to_string();
        assert!(e.contains("territory scoring"), "{e}");
    }
    assert!(katago_ruleset("scoreTERRITORYwhb0").is_ok());
    // A komi gorules cannot count with.
    let e = katago_ruleset("scoreAREAkomi7.3").unwrap_err().to_string();
    assert!(e.contains("komi 7.3"), "{e}");
    // Through `load`: the same message, with no file name.
    let e = load("katago:koFOO").unwrap_err().to_string();
    assert_eq!(
        e,
        "katago rules \"koFOO\": at character 3: expected SIMPLE, POSITIONAL, SITUATIONAL or SPIGHT after \"ko\""
    );
}

#[test]
fn ids_name_what_was_written() {
    let rs = load("katago:koSIMPLEscoreAREAtaxNONEsui1").unwrap();
    assert_eq!(rs.id, "katago:koSIMPLEscoreAREAtaxNONEsui1");
    assert_eq!(rs.name, "KataGo koSIMPLEscoreAREAtaxNONEsui1");
    let rs = load("katago:koSIMPLE\tscoreAREA").unwrap();
    assert_eq!(rs.id, "katago:koSIMPLE\\u{9}scoreAREA");
}

#[test]
fn built_in_rulesets_are_katago_rules_only_where_every_knob_matches() {
    for rs in gorules_rules::builtins() {
        // No built-in ruleset has KataGo's pass-alive or cleanup-phase knobs with the rest
        // of a KataGo ruleset: pass stones, bonuses, fixed handicaps, single-stone suicide,
        // resumption by either player or dead stones as they stand set each of them apart.
        assert_eq!(KataGoRules::from_ruleset(&rs), None, "{}", rs.id);
    }
    // KataGo's japanese is not gorules' japanese.
    let kata = load("katago:japanese").unwrap();
    assert_eq!(gorules_rules::katago::exact_builtin(&kata), None);
    // A built-in ruleset is its own exact built-in, whatever its name.
    let mut b = builtin("chinese").unwrap();
    b.id = "mine".into();
    assert_eq!(gorules_rules::katago::exact_builtin(&b), Some("chinese"));
    // A KataGo ruleset changed in one knob is no KataGo rules.
    let mut changed = load("katago:chinese").unwrap();
    changed.pass_stones = true;
    assert_eq!(KataGoRules::from_ruleset(&changed), None);
    let mut changed = load("katago:chinese").unwrap();
    changed.handicap_komi = gorules_rules::Komi::new(0.5).unwrap();
    assert_eq!(KataGoRules::from_ruleset(&changed), None);
}

#[test]
fn round_trip_string_ruleset_string() {
    for text in [
        "koSIMPLEscoreTERRITORYtaxSEKIsui0komi6.5",
        "koPOSITIONALscoreAREAtaxNONEsui1komi7.5",
        "koSITUATIONALscoreAREAtaxALLsui0button1whbN-1fpok1komi7",
        "koSIMPLEscoreAREAtaxSEKIsui1whbNkomi-2.5",
        "koPOSITIONALscoreTERRITORYtaxNONEsui1fpok1komi0",
    ] {
        let rs = katago_ruleset(text).unwrap();
        let back = KataGoRules::from_ruleset(&rs).unwrap();
        assert_eq!(back.to_string(), text);
    }
}

fn any_rules() -> impl Strategy<Value = KataGoRules> {
    (
        prop_oneof![
            Just(Ko::Simple),
            Just(Ko::Positional),
            Just(Ko::Situational),
            Just(Ko::Spight)
        ],
        prop_oneof![Just(Scoring::Area), Just(Scoring::Territory)],
        prop_oneof![Just(Tax::None), Just(Tax::Seki), Just(Tax::All)],
        any::<bool>(),
        any::<bool>(),
        prop_oneof![
            Just(WhiteHandicapBonus::Zero),
            Just(WhiteHandicapBonus::N),
            Just(WhiteHandicapBonus::NMinusOne)
        ],
        any::<bool>(),
        (-800i32..=800).prop_map(|h| h as f32 / 2.0),
    )
        .prop_map(
            |(ko, scoring, tax, sui, button, whb, fpok, komi)| KataGoRules {
                ko,
                scoring,
                tax,
                multi_stone_suicide: sui,
                button,
                white_handicap_bonus: whb,
                friendly_pass_ok: fpok,
                komi,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,40}") {
        let _ = KataGoRules::parse(&text).map(|k| k.ruleset(&text));
        let _ = load(&format!("katago:{text}"));
    }

    #[test]
    fn near_miss_compact_strings_never_panic(
        parts in proptest::collection::vec(
            prop_oneof![
                Just("ko"), Just("score"), Just("scoring"), Just("tax"), Just("sui"),
                Just("button"), Just("whb"), Just("fpok"), Just("komi"), Just("SIMPLE"),
                Just("AREA"), Just("TERRITORY"), Just("SEKI"), Just("N-1"), Just("N"),
                Just("0"), Just("1"), Just("7.5"), Just("-"), Just(" "), Just("é"), Just("{"),
                Just("\""), Just(":"), Just("}"),
            ],
            0..12,
        )
    ) {
        let text: String = parts.concat();
        if let Err(e) = KataGoRules::parse(&text) {
            if let Some(p) = e.position {
                prop_assert!(p >= 1 && p <= text.chars().count() + 1, "{e}");
            }
        }
    }

    #[test]
    fn written_rules_read_back(k in any_rules()) {
        prop_assert_eq!(KataGoRules::parse(&k.to_string()).unwrap(), k);
        prop_assert_eq!(KataGoRules::parse(&k.to_json(true)).unwrap(), k);
        if let Ok(rs) = k.ruleset("x") {
            prop_assert_eq!(KataGoRules::from_ruleset(&rs), Some(k));
        }
    }
}

/// KataGo rules.cpp, `parseRulesHelper`: the JSON form is taken only when the string's first
/// character is `{`; its komi is read with nlohmann's `get<float>`, which reads `true` as 1;
/// the compact form's komi is any number within 100000 either way, with no check that it is
/// whole or half. gorules reads each as KataGo does, and then refuses, saying why, a komi its
/// half-point scores cannot hold.
#[test]
fn strings_are_read_exactly_as_katago_reads_them() {
    // A space before the brace: not the JSON form, and no compact setting either.
    assert!(KataGoRules::parse(r#" {"ko":"SIMPLE"}"#).is_err());
    assert_eq!(
        KataGoRules::parse(r#"{"ko":"SIMPLE"} "#).unwrap().ko,
        Ko::Simple
    );
    // `true` as a komi is 1, `false` 0; a string is no number.
    assert_eq!(KataGoRules::parse(r#"{"komi":true}"#).unwrap().komi, 1.0);
    assert_eq!(KataGoRules::parse(r#"{"komi":false}"#).unwrap().komi, 0.0);
    assert!(KataGoRules::parse(r#"{"komi":"7"}"#).is_err());
    // The compact komi: KataGo's bounds, no half-point check.
    for (text, komi) in [
        ("koSIMPLEkomi7.25", 7.25),
        ("koSIMPLEkomi1000.5", 1000.5),
        ("koSIMPLEkomi-100000", -100000.0),
    ] {
        assert_eq!(KataGoRules::parse(text).unwrap().komi, komi, "{text}");
        let e = katago_ruleset(text).unwrap_err().to_string();
        assert!(
            e.contains("KataGo reads it, but gorules does not model it"),
            "{e}"
        );
        assert!(e.contains("half"), "{e}");
    }
    assert!(KataGoRules::parse("koSIMPLEkomi-100000.5").is_err());
    assert!(KataGoRules::parse("koSIMPLEkomi100001").is_err());
}
