//! The finished games a corpus summary counts apart: those whose estimated dead stones are
//! uncertain, and those (dead stones sure) where some score's territory count is not sure
//! (its `doubts`). Neither is in the pairs, the groups' pairs or the record agreement; a game
//! with both is counted once, under uncertain dead stones.

use gorules_compare::corpus::{
    compare_paths, score_columns, GameEntry, RunLimits, Tally, TallyGame, TallyRow,
};
use gorules_compare::dead::DeadStones;
use gorules_compare::replay::{Breakdown, DoubtReport, Options, ScoreReport};
use gorules_compare::rules_choice::fixed;
use gorules_rules::{Counting, SideScore};

/// A score of `margin` (Black's), with a `filling-order` doubt when `unsure`.
fn score(counting: Counting, margin: f64, unsure: bool) -> ScoreReport {
    let result = if margin > 0.0 {
        format!("B+{margin}")
    } else if margin < 0.0 {
        format!("W+{}", -margin)
    } else {
        "0".to_string()
    };
    ScoreReport {
        counting,
        black: margin.max(0.0),
        white: (-margin).max(0.0),
        margin,
        result,
        breakdown: Breakdown {
            black: SideScore::default(),
            white: SideScore::default(),
        },
        points: None,
        doubts: if unsure {
            vec![DoubtReport {
                kind: "filling-order",
                reason: "who fills the dame first decides",
                points: vec!["D4".into(), "F2".into()],
                dame: vec!["E3".into()],
            }]
        } else {
            Vec::new()
        },
    }
}

/// The columns of these tallies.
fn columns() -> Vec<String> {
    vec!["japanese:territory".into(), "chinese:area".into()]
}

/// A 9x9 game with no handicap, `RE[B+1]`, and these scores.
fn game<'a>(
    source: &'a str,
    finished: bool,
    uncertain: bool,
    scores: &'a [ScoreReport; 2],
) -> TallyGame<'a> {
    TallyGame {
        source,
        game_index: 0,
        size: "9x9",
        handicap: 0,
        result: Some("B+1"),
        finished,
        uncertain,
        unsure: scores.iter().any(|s| !s.doubts.is_empty()),
        illegal: false,
        scores: vec![
            ("japanese", "territory", &scores[0]),
            ("chinese", "area", &scores[1]),
        ],
    }
}

/// The rows of five games, worked out by hand below: a sure one whose two scores agree with
/// each other and with the record (B+1); one whose Japanese count is not sure and names the
/// other winner; one with uncertain dead stones and a count not sure (counted once, as
/// uncertain); one with uncertain dead stones only; and an unfinished one, scored as it
/// stands, with a count not sure (unfinished, nothing more).
fn rows() -> Vec<TallyRow> {
    let j = Counting::Territory;
    let c = Counting::Area;
    let sure = [score(j, 1.0, false), score(c, 1.0, false)];
    let unsure = [score(j, -1.0, true), score(c, 1.0, false)];
    let both = [score(j, -2.0, true), score(c, 1.0, false)];
    let uncertain = [score(j, -3.0, false), score(c, 1.0, false)];
    let unfinished = [score(j, -4.0, true), score(c, 1.0, false)];
    let games = [
        game("sure.sgf", true, false, &sure),
        game("unsure.sgf", true, false, &unsure),
        game("both.sgf", true, true, &both),
        game("uncertain.sgf", true, true, &uncertain),
        game("unfinished.sgf", false, false, &unfinished),
    ];
    assert!(games[1].unsure && games[2].unsure && !games[0].unsure);
    games
        .iter()
        .map(|g| TallyRow::of_game(&columns(), g, true))
        .collect()
}

fn tally(rows: &[TallyRow]) -> Tally {
    let mut t = Tally::new(columns()).examples(3);
    for row in rows {
        t.add_row(row);
    }
    t
}

#[test]
fn a_finished_game_with_a_doubt_is_counted_apart_once() {
    let s = tally(&rows()).summary();
    assert_eq!(s.games, 5);
    assert_eq!(s.finished, 4);
    assert_eq!(s.unfinished, 1);
    assert_eq!(s.errors, 0);
    // both.sgf is counted under uncertain dead stones only.
    assert_eq!(s.uncertain_dead_stones, 2);
    assert_eq!(s.unsure_territory_counts, 1);
    // The pair has only sure.sgf, whose two scores agree: no winner change kept, though
    // unsure.sgf's two scores name different winners.
    let pair = &s.pairs[0];
    assert_eq!(
        (pair.games, pair.winner_changes, pair.margin_changes),
        (1, 0, 0)
    );
    assert!(pair.examples.is_empty(), "{:?}", pair.examples);
    // The groups count every game read, and every finished one, but their pairs only
    // sure.sgf: no pair differs there.
    for g in &s.groups {
        assert_eq!((g.games, g.finished), (5, 4), "{}", g.group);
        assert!(g.pairs.is_empty(), "{:?}", g.pairs);
    }
    // The record agreement: sure.sgf alone, B+1 under both scores.
    for a in &s.record_agreement {
        assert_eq!(
            (a.games, a.same_result, a.same_winner),
            (1, 1, 1),
            "{}",
            a.score
        );
        assert!(a.examples.is_empty());
    }
}

#[test]
fn the_count_apart_merges_and_crosses_processes() {
    let rows = rows();
    let whole = tally(&rows);
    for cut in 0..=rows.len() {
        let mut first = Tally::from_state(tally(&rows[..cut]).to_state().as_bytes()).unwrap();
        let second = Tally::from_state(tally(&rows[cut..]).to_state().as_bytes()).unwrap();
        first.merge(&second).unwrap();
        assert_eq!(first.summary(), whole.summary(), "cut at {cut}");
    }
    let back = Tally::from_state(whole.to_state().as_bytes()).unwrap();
    assert_eq!(back, whole);
    assert_eq!(back.summary().unsure_territory_counts, 1);
    let state: serde_json::Value = serde_json::from_str(&whole.to_state()).unwrap();
    assert_eq!(state["tally"]["unsure"], 1);
    assert_eq!(
        state["gorules_tally"],
        gorules_compare::corpus::TALLY_STATE_VERSION
    );
    // More games apart than finished ones (4): refused.
    let mut more = state.clone();
    more["tally"]["unsure"] = serde_json::json!(3);
    let err = Tally::from_state(more.to_string().as_bytes()).unwrap_err();
    assert!(
        err.contains("2 uncertain and 3 unsure of 4 finished"),
        "{err}"
    );
    let mut huge = state.clone();
    huge["tally"]["unsure"] = serde_json::json!(usize::MAX);
    let err = Tally::from_state(huge.to_string().as_bytes()).unwrap_err();
    assert!(err.contains("unsure"), "{err}");
    // A state without the count (the previous version's form) is refused.
    let mut older = state.clone();
    older["tally"].as_object_mut().unwrap().remove("unsure");
    assert!(Tally::from_state(older.to_string().as_bytes()).is_err());
    // As many apart as finished: the pair and the agreement may then count no game, which
    // this state's do (sure.sgf), so it is refused too.
    let mut all = state;
    all["tally"]["unsure"] = serde_json::json!(2);
    let err = Tally::from_state(all.to_string().as_bytes()).unwrap_err();
    assert!(err.contains("pair 0"), "{err}");
}

#[test]
fn a_replayed_game_whose_territory_count_rests_on_the_filling_order_is_counted_apart() {
    // Two false eyes hanging on one dame (E3): who fills it first saves his own, so the
    // Japanese count is not sure (its doubts say so); the Chinese one is. Beside it, a game
    // whose counts are sure.
    let dir = std::env::temp_dir().join(format!("gorules-counted-apart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("a-two-false-eyes.sgf"),
        "(;GM[1]FF[4]SZ[9:5]KM[0]AB[da][cb][eb][dc][dd][de][ee]\
         AW[ea][fa][fb][fc][ed][gd][fe];B[];W[])",
    )
    .unwrap();
    std::fs::write(
        dir.join("b-sure.sgf"),
        "(;GM[1]SZ[5]KM[0.5];B[cc];W[dd];B[];W[])",
    )
    .unwrap();
    let rulesets = fixed(
        ["japanese", "chinese"]
            .iter()
            .map(|id| gorules_rules::builtin(id).unwrap())
            .collect(),
    );
    let options = Options {
        dead: DeadStones::None,
        ..Options::default()
    };
    let columns = score_columns(&rulesets, &options);
    let mut tally = Tally::new(columns);
    let mut flags = Vec::new();
    compare_paths(
        std::slice::from_ref(&dir),
        &rulesets,
        &options,
        RunLimits::default(),
        &|| {},
        |e| {
            if let GameEntry::Report(r) = &e {
                flags.push(TallyGame::of_report(r).unsure);
            }
            tally.add(&e);
        },
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(flags, [true, false]);
    let s = tally.summary();
    assert_eq!((s.games, s.finished), (2, 2));
    assert_eq!((s.uncertain_dead_stones, s.unsure_territory_counts), (0, 1));
    assert_eq!(s.pairs[0].games, 1);
}
