//! Positions where rulesets disagree, scored under every
//! ruleset concerned. Expected scores are worked out by hand in the comments; komi 0 unless
//! stated.

use crate::common::*;
use gorules_board::{Color, Point, Size};
use gorules_rules::ruleset::KoRule;
use gorules_rules::seki::CLASSIC_SEKI as SEKI;
use gorules_rules::{parse, Counting, Game, Illegal, Outcome, SettlementReport, Setup};

const DAME_PARITY: &str = "B b3 W d3 B b2 W d2 B b4 W d4 B b1 W d1 B b5 W d5 B c1 W c2 B c3 W c4";

fn dame_parity(id: &str, tail: &str) -> Vec<(Counting, String)> {
    let rs = rules(id);
    let mut g = empty_game(&rs, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, tail);
    g.finish(&[]);
    g.scores()
        .into_iter()
        .map(|s| (s.counting, s.result()))
        .collect()
}

#[test]
fn dame_parity_area_and_territory_differ_by_one() {
    // Black fills the last dame (c5), then W pass, B pass. Final board: Black 8 stones + a1..a5,
    // White 7 stones + e1..e5, no prisoners.
    use Counting::*;
    let t = "B c5 W pass B pass";
    // Plain area: 13 - 12.
    for id in ["chinese", "new-zealand", "tromp-taylor", "ing"] {
        assert_eq!(dame_parity(id, t), vec![(Area, "B+1".into())], "{id}");
    }
    // AGA and BGA: White passes last -> Black gets 2 pass stones: territory 5+2 vs 5+1.
    assert_eq!(
        dame_parity("aga", t),
        vec![(Area, "B+1".into()), (Territory, "B+1".into())]
    );
    assert_eq!(
        dame_parity("british", t),
        vec![(Territory, "B+1".into()), (Area, "B+1".into())]
    );
    // Japanese / Korean: 5 vs 5.
    assert_eq!(dame_parity("japanese", t), vec![(Territory, "0".into())]);
    assert_eq!(dame_parity("korean", t), vec![(Territory, "0".into())]);
    // Concord: area 13 - (12 + 1 first pass); territory 5+1 vs 5+1.
    assert_eq!(
        dame_parity("concord", t),
        vec![(Territory, "0".into()), (Area, "0".into())]
    );
    // Taiwan: Black made the last board play: 13 - (12 + 1).
    assert_eq!(dame_parity("taiwan", t), vec![(Area, "0".into())]);
    // Two Button Go: White took the first button (1/2), Black the last (1/2): 6.5 vs 6.5.
    assert_eq!(dame_parity("two-button", t), vec![(Territory, "0".into())]);
}

#[test]
fn dame_parity_variation_black_passes_instead() {
    // Dame parity, a variation: Black passes instead of filling c5: every ruleset gives 0.
    for id in gorules_rules::builtin_ids() {
        for (counting, r) in dame_parity(id, "B pass W pass") {
            assert_eq!(r, "0", "{id} {counting:?}");
        }
    }
}

#[test]
fn pass_fight_without_a_last_pass_rule() {
    // Pass stones without a last-pass rule (early AGA; Concord Rules of Go Commentary, "Pass
    // fights") end the game after
    // "W pass, B pass": Black handed over two pass stones, White one. Territory: Black a1 a3
    // a4 a5 = 4 + 1 capture + 1 pass stone = 6; White 5 + 2 = 7 -> W+1. Area 12 - 12 = 0.
    let early_aga = parse(
        "id = \"early-aga\"\nextends = \"aga\"\n[end]\nend-of-play = \"two-passes\"\n",
        "early-aga.toml",
    )
    .unwrap();
    let mut g = empty_game(&early_aga, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B pass W a1 B a2 W pass B pass");
    g.finish(&[]);
    assert_eq!(result(&g, Counting::Territory), "W+1");
    assert_eq!(result(&g, Counting::Area), "0");
    // Japanese: Black 4 + 1 capture = 5, White 5 -> 0 (a2 filled Black's own territory, the
    // capture paid it back).
    let j = rules("japanese");
    let mut g = empty_game(&j, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B pass W a1 B a2 W pass B pass");
    g.finish(&[]);
    assert_eq!(totals(&g, Counting::Territory), (5.0, 5.0));
}

#[test]
fn seki_with_eyes() {
    // Stones: 18 each. Black territory g4..i9 = 18 (+ eye c1), White a4..d9 = 24 (+ eye g1);
    // e1 is neutral. Play: B pass, W pass from the diagram (no prisoners but pass stones).
    let score = |id: &str| {
        let rs = rules(id);
        let mut g = diagram_game(&rs, SEKI, 0.0, Color::Black);
        play(&mut g, "B pass W pass");
        g.finish(&[]);
        g.scores()
    };
    // Area family: Black 18 + 18 + 1 = 37, White 18 + 24 + 1 = 43 -> W+6.
    for id in [
        "chinese",
        "aga",
        "new-zealand",
        "tromp-taylor",
        "ing",
        "concord",
        "taiwan",
    ] {
        let area = score(id)
            .into_iter()
            .find(|s| s.counting == Counting::Area)
            .unwrap();
        assert_eq!((area.black.total, area.white.total), (37.0, 43.0), "{id}");
    }
    // Japanese: the seki eyes are not territory: 18 vs 24 -> W+6.
    let j = &score("japanese")[0];
    assert_eq!((j.black.total, j.white.total), (18.0, 24.0));
    assert_eq!(
        (j.black.seki_eyes_not_counted, j.white.seki_eyes_not_counted),
        (1, 1)
    );
    // Concord territory: 19 + 1 pass stone vs 25 + 1 pass stone -> W+6.
    let c = &score("concord")[0];
    assert_eq!(c.counting, Counting::Territory);
    assert_eq!((c.black.total, c.white.total), (20.0, 26.0));
}

#[test]
fn handicap_compensation() {
    // 9x9, 4 fixed stones, komi 0.5; W pass, B pass. Raw area margin A = 81 - 0 = 81.
    let margin = |id: &str| {
        let rs = rules(id);
        let size = Size::square(9).unwrap();
        let mut g = Game::new(
            rs.clone(),
            Setup::handicap(size, 4, gorules_rules::Komi::new(0.5).unwrap()).unwrap(),
        );
        play(&mut g, "W pass B pass");
        g.finish(&[]);
        g.score(rs.counting[0]).result()
    };
    assert_eq!(margin("aga"), "B+77.5"); // A - 0.5 - 3 (N-1)
    assert_eq!(margin("chinese"), "B+76.5"); // A - 0.5 - 4 (N)
    assert_eq!(margin("tromp-taylor"), "B+80.5"); // A - 0.5 (0)
    assert_eq!(margin("new-zealand"), "B+80.5");
    assert_eq!(margin("ing"), "B+80.5");
    // Territory counting ignores the stones: 77 - 0.5.
    assert_eq!(margin("japanese"), "B+76.5");
}

#[test]
fn filling_own_territory_when_dead_stones_are_played_out() {
    // White's dead stone at a3; instead of agreeing, Black captures it by play:
    // B a2, W pass, B a4 (captures), W pass, B pass (and White's third pass under Concord).
    let played_out = |id: &str| {
        let rs = rules(id);
        let mut g = empty_game(&rs, 5, 0.0);
        play(&mut g, DAME_PARITY);
        play(
            &mut g,
            "B c5 W a3 B pass W pass B a2 W pass B a4 W pass B pass",
        );
        g.finish(&[]);
        g.scores()
            .into_iter()
            .map(|s| s.result())
            .collect::<Vec<_>>()
    };
    // Japanese: Black a1 a3 a5 = 3 + 1 capture = 4 vs White 5 -> W+1 ("B-1").
    assert_eq!(played_out("japanese"), vec!["W+1"]);
    // Concord (both countings), Chinese: B+1 as with the agreement.
    assert_eq!(played_out("concord"), vec!["B+1", "B+1"]);
    assert_eq!(played_out("chinese"), vec!["B+1"]);
    // AGA: White's last pass is added: Black 3 + 1 + 4 = 8, White 5 + 2 = 7 -> B+1.
    assert_eq!(played_out("aga"), vec!["B+1", "B+1"]);
}

/// The 12x3 triple ko of the Concord tests.
const TRIPLE_KO: &str = "
X O . O X . X O X O . O
X X O O X X O O X X O O
. . . . . . . . . . . .";

#[test]
fn triple_ko_no_result_under_japanese_rules() {
    // Japanese Art. 12: the cycle B ko1, W ko2, B ko3, W ko1, B ko2, W ko3 repeats the
    // position; the second time round the starting state occurs a third time: no result.
    let j = rules("japanese");
    let mut g = diagram_game(&j, TRIPLE_KO, 6.5, Color::Black);
    let cycle = "B ca W fa B ka W ba B ga W ja";
    play_sgf(&mut g, cycle);
    play_sgf(&mut g, cycle);
    assert_eq!(g.status(), gorules_rules::Status::Finished);
    assert_eq!(g.special_outcome(), Some(Outcome::NoResult));
    assert_eq!(result(&g, Counting::Territory), "Void");
}

#[test]
fn triple_ko_cut_off_by_superko_elsewhere() {
    // Positional (Chinese, Tromp-Taylor) and situational (AGA) superko: the sixth capture
    // recreates the start and is illegal; it becomes a pass.
    for (id, ko) in [
        ("chinese", KoRule::PositionalSuperko),
        ("tromp-taylor", KoRule::PositionalSuperko),
        ("aga", KoRule::SituationalSuperko),
    ] {
        let rs = rules(id);
        let mut g = diagram_game(&rs, TRIPLE_KO, 0.0, Color::Black);
        let r = play_sgf(&mut g, "B ca W fa B ka W ba B ga W ja");
        assert_eq!(r[5].illegal, Some(Illegal::Superko(ko)), "{id}");
    }
    // Natural situational superko (BGA) only bars positions a player's own board play created:
    // the starting position came from the setup, so White's sixth capture is legal; Black's
    // seventh (ko 1 again) recreates the position Black's first capture created.
    let bga = rules("british");
    let mut g = diagram_game(&bga, TRIPLE_KO, 0.0, Color::Black);
    let r = play_sgf(&mut g, "B ca W fa B ka W ba B ga W ja B ca");
    assert_eq!(r[5].illegal, None);
    assert_eq!(
        r[6].illegal,
        Some(Illegal::Superko(KoRule::NaturalSituationalSuperko))
    );
}

/// Sending two returning one on a 5x3 board (see the AGA tests).
const SEND_TWO: &str = "
. X . X .
O O X X .
. . . . .";

#[test]
fn sending_two_returning_one_positional_vs_situational() {
    // Black's retake (ba) recreates the starting board with White to move: positional superko
    // forbids it, situational and natural situational superko and simple ko allow it.
    for (id, legal) in [
        ("tromp-taylor", false),
        ("chinese", false),
        ("aga", true),
        ("concord", true),
        ("british", true),
        ("japanese", true),
    ] {
        let rs = rules(id);
        let mut g = diagram_game(&rs, SEND_TWO, 0.0, Color::Black);
        let r = play_sgf(&mut g, "B aa W ca B ba");
        assert_eq!(r[2].illegal.is_none(), legal, "{id}");
    }
}

/// Multi-stone suicide: Black a2 suicides {a1, a2}.
const SUICIDE: &str = "
O O .
. O .
X O .";

#[test]
fn multi_stone_suicide_only_where_allowed() {
    for id in ["new-zealand", "tromp-taylor", "ing"] {
        let rs = rules(id);
        let mut g = diagram_game(&rs, SUICIDE, 0.0, Color::Black);
        let r = play(&mut g, "B a2");
        assert_eq!(r[0].illegal, None, "{id}");
        assert_eq!(r[0].suicided, 2, "{id}");
        // The suicided stones are White's prisoners.
        assert_eq!(g.state().prisoners(Color::White).suicides, 2, "{id}");
        assert_eq!(g.state().board().get(Point::new(0, 2)), None, "{id}");
    }
    for id in ["concord", "aga", "chinese", "japanese"] {
        let rs = rules(id);
        let mut g = diagram_game(&rs, SUICIDE, 0.0, Color::Black);
        let r = play(&mut g, "B a2");
        assert_eq!(r[0].illegal, Some(Illegal::Suicide { stones: 2 }), "{id}");
    }
    // Japanese: an illegal move loses.
    let j = rules("japanese");
    let mut g = diagram_game(&j, SUICIDE, 0.0, Color::Black);
    play(&mut g, "B a2");
    assert_eq!(result(&g, Counting::Territory), "W+F");
}

#[test]
fn single_stone_suicide_new_zealand_only() {
    // Black a3 in the corner next to White a2 and b3 removes only itself: legal under New
    // Zealand (situational superko: the board recurs with White to move, which is new),
    // illegal under Tromp-Taylor and Ing (single-stone suicide).
    let corner = ". O .\nO . .\n. . .";
    let nz = rules("new-zealand");
    let mut g = diagram_game(&nz, corner, 0.0, Color::Black);
    let r = play(&mut g, "B a3");
    assert_eq!((r[0].illegal, r[0].suicided), (None, 1));
    for id in ["tromp-taylor", "ing"] {
        let rs = rules(id);
        let mut g = diagram_game(&rs, corner, 0.0, Color::Black);
        let r = play(&mut g, "B a3");
        assert_eq!(r[0].illegal, Some(Illegal::Suicide { stones: 1 }), "{id}");
    }
}

#[test]
fn tromp_taylor_scores_dead_stones_as_they_stand() {
    // White's dead a3 stays on the board, and the agreement is ignored: a2 and a4 touch a3, so
    // the regions a1-a2 and a4-a5 are neutral. Black 8 stones + 0 = 8; White 8 stones + 5 = 13
    // -> W+5.
    let tt = rules("tromp-taylor");
    let mut g = empty_game(&tt, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B c5 W a3 B pass W pass");
    g.finish(&[Point::new(0, 2)]);
    assert!(matches!(
        g.settlement(),
        Some(SettlementReport::Ignored { .. })
    ));
    assert_eq!(totals(&g, Counting::Area), (8.0, 13.0));
}

#[test]
fn ing_needs_four_passes() {
    // A record that stops after two passes gets two more (no pass stones under Ing).
    let ing = rules("ing");
    let mut g = empty_game(&ing, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B c5 W pass B pass");
    g.finish(&[]);
    assert_eq!(g.added_passes(), &[Color::White, Color::Black]);
}

#[test]
fn british_resumption_opening_with_two_passes_ends_with_every_stone_alive() {
    // BGA AGA-style Rules Summary, "Game End": "If the first two moves of a resumption are pass, then the game ends
    // with all stones remaining on the board."
    let bga = rules("british");
    let mut g = empty_game(&bga, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B c5 W a3 B pass W pass");
    g.resume(false).unwrap();
    play(&mut g, "B pass W pass");
    g.finish(&[Point::new(0, 2)]);
    assert!(matches!(
        g.settlement(),
        Some(SettlementReport::Ignored { .. })
    ));
    // Under AGA the same sequence still allows the agreement.
    let aga = rules("aga");
    let mut g = empty_game(&aga, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B c5 W a3 B pass W pass");
    g.resume(false).unwrap();
    play(&mut g, "B pass W pass");
    g.finish(&[Point::new(0, 2)]);
    assert!(matches!(
        g.settlement(),
        Some(SettlementReport::Removed { .. })
    ));
}

#[test]
fn simple_ko_forbids_only_the_immediate_retake() {
    // Japanese Rules of Go (1989), Article 6, "Ko". A ko on the top edge of a 4x3 board.
    let j = rules("japanese");
    let ko = "X O . O\nX X O O\n. . . .";
    let mut g = diagram_game(&j, ko, 0.0, Color::Black);
    let r = play_sgf(&mut g, "B ca");
    assert_eq!(r[0].captured, 1);
    assert_eq!(
        g.check(Color::White, gorules_board::Move::Play(Point::new(1, 0))),
        Ok(Err(Illegal::Ko {
            point: Point::new(1, 0)
        }))
    );
    // After a threat elsewhere and an answer, White may retake.
    play_sgf(&mut g, "W dc B ac");
    let r = play_sgf(&mut g, "W ba");
    assert_eq!((r[0].illegal, r[0].captured), (None, 1));
}
