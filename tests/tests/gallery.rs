//! The gallery of docs/differences.md: every record is replayed under every built-in ruleset
//! and checked against results worked out by hand from the rules texts (the numbers are derived
//! in the comments). The dead stones are the players' agreement as each record marks it, every
//! stone alive where it marks none (`--dead markup`), as the gallery says.

use std::path::PathBuf;

use gorules_compare::dead::DeadStones;
use gorules_compare::replay::Options;
use gorules_compare::report::{compare_game, GameReport};
use gorules_rules::builtins;
use gorules_sgf::read_sgf_file;

fn report(rel: &str) -> GameReport {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(rel);
    let record = read_sgf_file(&path).unwrap().remove(0);
    let agreed = Options {
        dead: DeadStones::Markup,
        ..Options::default()
    };
    let all: Vec<_> = builtins().into_iter().map(std::sync::Arc::new).collect();
    compare_game(&record, &all, &agreed).unwrap()
}

/// Asserts `ruleset:counting` results; `None` means "not scored".
fn check(rel: &str, expected: &[(&str, Option<&str>)]) {
    let r = report(rel);
    for (column, want) in expected {
        let got = r.score(column).map(|s| s.result.as_str());
        assert_eq!(got, *want, "{rel} {column}");
    }
    // Concord's area and territory counting agree on every gallery record it scores (Concord
    // Rules of Go Commentary, "Equivalence of area and territory scoring").
    if let (Some(a), Some(t)) = (r.score("concord:area"), r.score("concord:territory")) {
        assert_eq!(a.margin, t.margin, "{rel}");
    }
}

#[test]
fn dame_parity() {
    // Dame parity (Black fills the last dame): area 13 - 12; AGA adds White's pass (territory 5+2 vs 5+1); Japanese
    // 5 - 5; Concord area 13 - (12 + 1 first pass); Taiwan 13 - (12 + 1 Black's last play);
    // Two Button Go 5+1+1/2 each; stone scoring, one group each: 8 + 5 - 2 vs 7 + 5 - 2.
    check(
        "examples/dame-parity.sgf",
        &[
            ("chinese:area", Some("B+1")),
            ("new-zealand:area", Some("B+1")),
            ("tromp-taylor:area", Some("B+1")),
            ("ing:area", Some("B+1")),
            ("aga:area", Some("B+1")),
            ("aga:territory", Some("B+1")),
            ("british:territory", Some("B+1")),
            ("japanese:territory", Some("0")),
            ("korean:territory", Some("0")),
            ("concord:area", Some("0")),
            ("concord:territory", Some("0")),
            ("taiwan:area", Some("0")),
            ("two-button:territory", Some("0")),
            ("stone-scoring:stone", Some("B+1")),
        ],
    );
}

#[test]
fn concord_last_pass() {
    // Black a1 a3 a4 a5 = 4 + 1 capture; White e1..e5 = 5. Pass stones 2 each under Concord,
    // AGA, BGA. Area 12 - 12. Taiwan: Black's a2 was the last board play: White +1 -> W+1.
    // Two Button Go: Black first pass 1/2, White last pass 1/2: 7.5 - 7.5. Stone scoring:
    // Black 8 stones, one group around a1 and a3-a5: 8 + 4 - 2; White 7 + 5 - 2: 10 - 10.
    let mut expected = vec![("taiwan:area", Some("W+1"))];
    for c in [
        "concord:area",
        "concord:territory",
        "aga:area",
        "aga:territory",
        "japanese:territory",
        "chinese:area",
        "new-zealand:area",
        "tromp-taylor:area",
        "ing:area",
        "british:territory",
        "two-button:territory",
        "stone-scoring:stone",
    ] {
        expected.push((c, Some("0")));
    }
    check("examples/gallery/01-concord-last-pass.sgf", &expected);
}

#[test]
fn dead_stone_agreed_and_played_out() {
    // A dead stone removed by agreement: every ruleset B+1, except Tromp-Taylor, which ignores the
    // agreement: a3 stays, a1-a2 and a4-a5 are neutral: 8 - (8 + 5) = W+5. Stone scoring:
    // 8 + 5 - 2 vs 7 + 5 - 2.
    check(
        "examples/gallery/02-dead-stone-agreed.sgf",
        &[
            ("concord:area", Some("B+1")),
            ("concord:territory", Some("B+1")),
            ("aga:territory", Some("B+1")),
            ("japanese:territory", Some("B+1")),
            ("chinese:area", Some("B+1")),
            ("taiwan:area", Some("B+1")),
            ("tromp-taylor:area", Some("W+5")),
            ("stone-scoring:stone", Some("B+1")),
        ],
    );
    // Played out: Japanese 3 + 1 capture vs 5 = W+1; Concord 3 + 1 + 4 pass stones vs 5 + 2;
    // area 13 - 12; Taiwan 13 - (12 + 1, Black's a4 was the last board play) = 0; stone
    // scoring 10 + a1 a3 a5 - 2 vs 7 + 5 - 2 = B+1.
    check(
        "examples/gallery/03-dead-stone-played-out.sgf",
        &[
            ("japanese:territory", Some("W+1")),
            ("korean:territory", Some("W+1")),
            ("concord:area", Some("B+1")),
            ("concord:territory", Some("B+1")),
            ("aga:territory", Some("B+1")),
            ("chinese:area", Some("B+1")),
            ("tromp-taylor:area", Some("B+1")),
            ("taiwan:area", Some("0")),
            ("stone-scoring:stone", Some("B+1")),
        ],
    );
}

#[test]
fn handicap_four() {
    // Handicap compensation: area 81 - 0, komi 0.5. AGA/BGA/Taiwan N-1 = 3 -> B+77.5; Chinese N = 4
    // -> B+76.5; none -> B+80.5; Concord 3 + 1 (White passed first) -> B+76.5; territory
    // 77 - 0.5 (Japanese), 77+1 - (1+0.5) (Concord, pass stones), 77+2 - (1+0.5) (AGA).
    // Stone scoring, no compensation: the four stones and the 77 points are one group,
    // 4 + 77 - 2 = 79 vs 0.5.
    check(
        "examples/gallery/04-handicap-four.sgf",
        &[
            ("aga:area", Some("B+77.5")),
            ("aga:territory", Some("B+77.5")),
            ("british:area", Some("B+77.5")),
            ("taiwan:area", Some("B+77.5")),
            ("chinese:area", Some("B+76.5")),
            ("tromp-taylor:area", Some("B+80.5")),
            ("new-zealand:area", Some("B+80.5")),
            ("ing:area", Some("B+80.5")),
            ("concord:area", Some("B+76.5")),
            ("concord:territory", Some("B+76.5")),
            ("japanese:territory", Some("B+76.5")),
            ("stone-scoring:stone", Some("B+78.5")),
        ],
    );
}

#[test]
fn seki_with_eyes() {
    // Seki with eyes: 37 - 43 by area; Japanese 18 - 24; margins W+6 everywhere.
    let r = report("examples/gallery/05-seki-with-eyes.sgf");
    for (name, s) in r.scores() {
        assert_eq!(s.result, "W+6", "{name}");
    }
    let j = r.score("japanese:territory").unwrap();
    assert_eq!((j.black, j.white), (18.0, 24.0));
    let c = r.score("concord:area").unwrap();
    assert_eq!((c.black, c.white), (37.0, 43.0));
    // Stone scoring: seki eyes not counted, the seki chains pay no tax: 18 + 18 - 2 vs
    // 18 + 24 - 2.
    let st = r.score("stone-scoring:stone").unwrap();
    assert_eq!((st.black, st.white), (34.0, 40.0));
}

#[test]
fn triple_ko() {
    // Japanese/Korean: the 12th move makes the start occur a third time: Void. Superko: the
    // 6th capture is illegal (natural situational superko: the 7th), and the record no longer
    // fits the position afterwards. Stone scoring (simple ko, long cycles go on): every move
    // is legal and the record stops without passes: unfinished, not scored.
    let r = report("examples/gallery/06-triple-ko.sgf");
    for rr in &r.rulesets {
        match rr.ruleset.as_str() {
            "japanese" | "korean" => {
                assert_eq!(rr.end.state, "no-result");
                assert_eq!(rr.scores[0].result, "Void");
            }
            "british" => assert_eq!(rr.illegal_move.as_ref().unwrap().move_number, 7),
            "stone-scoring" => {
                assert!(rr.legal);
                assert_eq!(rr.end.state, "unfinished");
                assert!(rr.scores.is_empty());
            }
            other => {
                assert_eq!(rr.illegal_move.as_ref().unwrap().move_number, 6, "{other}");
                assert!(rr.scores.is_empty(), "{other}");
            }
        }
    }
}

#[test]
fn sending_two_returning_one() {
    // Start: Black b3 d3 c2 d2, White a2 b2 d1 e1. Legal retake (SSK, NSSK, simple ko): the
    // start again; Black area 4 + c3 = 5, White 4; captures 1 - 2. Concord: 5 - (4 + 1 first
    // pass) and 1+1+1 - (0+2+1); AGA adds White's pass: 5 - 4, 1+1+2 - (2+1). Japanese: every
    // stone alive (the record marks none dead); neither Black's stones nor White's a2 b2 have an
    // eye (c3 only joins b3 to Black's other stones) and they share the dame a3, so with both
    // alive they live in seki and c3 is a seki eye (Japanese Rules of Go, 1989, Article 8): 1 - 2;
    // Taiwan 5 - (4 + 1, Black's retake was the last board play).
    // Positional superko: the retake becomes a pass; White's c3 stone stays: Black 3 stones,
    // White 5 + a3 b3 = 7 -> W+4. Stone scoring (simple ko allows the retake; White's capture
    // took two stones): Black 4 stones + c3, one group with one eye point, taxed 1: 4 - 4.
    check(
        "examples/gallery/07-sending-two-returning-one.sgf",
        &[
            ("concord:area", Some("0")),
            ("concord:territory", Some("0")),
            ("aga:area", Some("B+1")),
            ("aga:territory", Some("B+1")),
            ("japanese:territory", Some("W+1")),
            ("taiwan:area", Some("0")),
            ("new-zealand:area", Some("B+1")),
            ("chinese:area", Some("W+4")),
            ("tromp-taylor:area", Some("W+4")),
            ("ing:area", Some("W+4")),
            ("stone-scoring:stone", Some("0")),
        ],
    );
}

#[test]
fn multi_stone_suicide() {
    // Legal (NZ, TT, Ing): Black loses a1 a2: Black 3 stones; White 4 + a1 a2 = 6 -> W+3.
    // Illegal and replaced by a pass: the setup stays, 4 - 4, pass stones equal -> 0.
    // Japanese/Korean: an illegal move loses -> W+F.
    check(
        "examples/gallery/08-multi-stone-suicide.sgf",
        &[
            ("new-zealand:area", Some("W+3")),
            ("tromp-taylor:area", Some("W+3")),
            ("ing:area", Some("W+3")),
            ("concord:area", Some("0")),
            ("concord:territory", Some("0")),
            ("aga:territory", Some("0")),
            ("chinese:area", Some("0")),
            ("stone-scoring:stone", Some("0")),
            ("japanese:territory", Some("W+F")),
            ("korean:territory", Some("W+F")),
        ],
    );
}

/// The rulesets a phrase of a gallery comment names: `(ruleset id, counting or None for
/// every counting it allows)`.
fn named_scores(phrase: &str) -> Option<Vec<(&'static str, Option<&'static str>)>> {
    const NAMES: [(&str, &str); 12] = [
        ("concord", "concord"),
        ("aga", "aga"),
        ("japanese", "japanese"),
        ("korean", "korean"),
        ("chinese", "chinese"),
        ("taiwan", "taiwan"),
        ("new zealand", "new-zealand"),
        ("tromp-taylor", "tromp-taylor"),
        ("ing", "ing"),
        ("british", "british"),
        ("two button go", "two-button"),
        ("stone scoring", "stone-scoring"),
    ];
    let phrase = phrase.trim().to_lowercase();
    let phrase = phrase.strip_prefix("under ").unwrap_or(&phrase);
    if let Some(rest) = phrase.strip_prefix("every ruleset") {
        let but: Vec<&str> = match rest.trim().strip_prefix("but ") {
            Some(names) => names.split(" and ").map(str::trim).collect(),
            None if rest.trim().is_empty() => Vec::new(),
            None => return None,
        };
        let mut all: Vec<_> = NAMES.iter().map(|&(_, id)| (id, None)).collect();
        for b in but {
            let (_, id) = NAMES.iter().find(|(name, _)| *name == b)?;
            all.retain(|(other, _)| other != id);
        }
        return Some(all);
    }
    let mut scores = Vec::new();
    for part in phrase.split(" and ") {
        let part = part.trim();
        let part = part.strip_suffix(" rules").unwrap_or(part);
        let (name, counting) = if let Some(n) = part.strip_suffix(" area counting") {
            (n, Some("area"))
        } else if let Some(n) = part.strip_suffix(" territory counting") {
            (n, Some("territory"))
        } else {
            (part.strip_suffix(" counting").unwrap_or(part), None)
        };
        let (_, id) = NAMES.iter().find(|(n, _)| *n == name)?;
        scores.push((*id, counting));
    }
    Some(scores)
}

/// The results a comment states, each with the phrase before it in its clause: a result is
/// `B+N`, `W+N`, `B+F`, `W+F`, `0` or `no result`; its clause runs from the last `,`, `;`,
/// `:` or `.` before it (outside parentheses), and "gives"/"give" is dropped.
fn stated_results(comment: &str) -> Vec<(String, String)> {
    let words: Vec<&str> = comment.split(' ').collect();
    let mut found = Vec::new();
    let mut clause: Vec<&str> = Vec::new();
    let mut depth = 0i32;
    let mut k = 0;
    while k < words.len() {
        let w = words[k];
        let bare = w.trim_end_matches([',', ';', '.', ':', ')']);
        let result = if bare == "no" && words.get(k + 1).is_some_and(|n| n.starts_with("result")) {
            k += 1;
            Some("Void".to_string())
        } else if bare == "0"
            || ((bare.starts_with("B+") || bare.starts_with("W+")) && bare.len() > 2)
        {
            Some(bare.to_string())
        } else {
            None
        };
        match result {
            Some(r) if depth == 0 => {
                let subject: Vec<&str> = clause
                    .iter()
                    .copied()
                    .filter(|w| !matches!(*w, "gives" | "give"))
                    .collect();
                found.push((subject.join(" "), r));
                clause.clear();
            }
            _ => clause.push(w),
        }
        depth += w.matches('(').count() as i32 - w.matches(')').count() as i32;
        if depth == 0 && w.ends_with([',', ';', '.', ':']) {
            clause.clear();
        }
        k += 1;
    }
    found
}

/// Every sentence of a gallery comment (the text docs/differences.md shows above each table)
/// that states a result is checked against the scores, so that the prose cannot say what the
/// table does not show. A result must follow the rulesets it is about ("Japanese territory
/// counting 0", "Every ruleset but Tromp-Taylor gives B+1"); a `B+`/`W+` result that follows
/// no such phrase fails the test.
#[test]
fn every_result_a_gallery_comment_states_is_the_tables() {
    let mut checked = 0;
    for rel in [
        "examples/dame-parity.sgf",
        "examples/gallery/01-concord-last-pass.sgf",
        "examples/gallery/02-dead-stone-agreed.sgf",
        "examples/gallery/03-dead-stone-played-out.sgf",
        "examples/gallery/04-handicap-four.sgf",
        "examples/gallery/05-seki-with-eyes.sgf",
        "examples/gallery/06-triple-ko.sgf",
        "examples/gallery/07-sending-two-returning-one.sgf",
        "examples/gallery/08-multi-stone-suicide.sgf",
    ] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join(rel);
        let record = read_sgf_file(&path).unwrap().remove(0);
        let comment = record.comment.clone().unwrap_or_default();
        let r = report(rel);
        for (phrase, result) in stated_results(&comment) {
            let Some(named) = named_scores(&phrase) else {
                // A `0` may be any number in the prose; a win or no result must be placed.
                assert!(
                    result == "0",
                    "{rel}: {result} follows \"{phrase}\", which names no ruleset"
                );
                continue;
            };
            let mut seen = 0;
            for (column, score) in r.scores() {
                let (ruleset, counting) = column.split_once(':').unwrap();
                if named
                    .iter()
                    .any(|&(id, c)| id == ruleset && c.is_none_or(|c| c == counting))
                {
                    assert_eq!(
                        score.result, result,
                        "{rel}: \"{phrase}\" {result}: {column}"
                    );
                    seen += 1;
                }
            }
            assert!(seen > 0, "{rel}: \"{phrase}\" names no score");
            checked += 1;
        }
    }
    // The statements of the gallery as written (a count, so that a change of wording that
    // hides a statement from this test shows).
    assert_eq!(checked, 10);
}
