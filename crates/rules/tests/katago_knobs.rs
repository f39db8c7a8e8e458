//! The knobs that model KataGo's rules, each against its source: KataGo's written rules
//! ("KataGo's Supported Go Rules, Version 2", docs/rules.html) and its code (KataGo
//! boardhistory.cpp, board.cpp; github.com/lightvector/KataGo v1.17.2). Expected values are
//! worked out by hand from those texts.

use crate::common::*;
use gorules_board::{Color, Move, Point};
use gorules_rules::{parse, Counting, Illegal, MoveKind, Ruleset, SettlementReport, Status};

/// A ruleset with KataGo's defaults for the knobs not given, and `knobs` (TOML lines, each
/// `section.key = value`) on top.
fn ruleset(knobs: &[(&str, &str)]) -> Ruleset {
    let mut play = vec![
        ("ko", "\"simple\""),
        ("long-cycle", "\"no-result\""),
        ("suicide", "\"illegal\""),
        ("pass-stones", "false"),
        ("illegal-moves", "\"pass\""),
    ];
    let mut end = vec![
        ("end-of-play", "\"two-passes\""),
        ("dead-stones", "\"pass-alive\""),
        ("resumption-first", "\"opponent-of-last-passer\""),
        ("play-until-captured", "false"),
        ("resumption-double-pass-ends", "false"),
    ];
    let mut scoring = vec![
        ("counting", "[\"area\", \"territory\"]"),
        ("seki-eyes", "\"count\""),
        ("handicap-compensation", "\"none\""),
        ("handicap-placement", "\"free\""),
        ("komi", "0"),
        ("handicap-komi", "0"),
    ];
    for &(key, value) in knobs {
        let (section, name) = key.split_once('.').unwrap();
        let list = match section {
            "play" => &mut play,
            "end" => &mut end,
            "scoring" => &mut scoring,
            _ => panic!("{key}"),
        };
        list.retain(|(k, _)| *k != name);
        list.push((name, value));
    }
    let mut text =
        String::from("id = \"test\"\nname = \"test\"\ndescription = \"test\"\nsource = \"test\"\n");
    for (section, list) in [("play", &play), ("end", &end), ("scoring", &scoring)] {
        text.push_str(&format!("[{section}]\n"));
        for (k, v) in list {
            text.push_str(&format!("{k} = {v}\n"));
        }
    }
    parse(&text, "test.toml").unwrap()
}

fn p(gtp: &str, size: u32) -> Point {
    match gtp_moves(size, &format!("B {gtp}"))[0].1 {
        Move::Play(p) => p,
        Move::Pass => panic!(),
    }
}

/// KataGo boardhistory.cpp (`hasButton`); "KataGo's Supported Go Rules", "Button": the first
/// pass takes the button, worth half a point, and does not count toward the passes that end
/// the game.
#[test]
fn the_button_is_half_a_point_to_the_first_passer_and_its_pass_does_not_end_play() {
    let rules = ruleset(&[("end.button", "true")]);
    let mut game = empty_game(&rules, 5, 0.0);
    play(&mut game, "B c3 W pass B pass");
    assert_eq!(
        game.status(),
        Status::Playing {
            pass_required: None
        },
        "W's pass took the button"
    );
    play(&mut game, "W pass");
    assert_eq!(game.status(), Status::Ended);
    game.finish(&[]);
    let s = game.score(Counting::Area);
    assert_eq!((s.black.total, s.white.total), (25.0, 0.5));
    assert_eq!(s.white.bonus, 0.5);
}

/// A ko shape in the lower left corner: Black to move can take White's b2 at c2, and White
/// can take back at b2.
const KO: &str = "
    . . . . .
    . . . . .
    . X O . .
    X O . O .
    . X O . .";

/// KataGo boardhistory.cpp: "Taking the button clears all ko hash histories": a position from
/// before the button was taken may be made again under positional superko.
#[test]
fn positions_before_the_button_pass_do_not_count_for_superko() {
    let moves = "B c2 W pass B pass";
    for (button, expected) in [
        (
            "false",
            Err(Illegal::Superko(
                gorules_rules::ruleset::KoRule::PositionalSuperko,
            )),
        ),
        ("true", Ok(())),
    ] {
        let rules = ruleset(&[
            ("play.ko", "\"positional-superko\""),
            ("play.long-cycle", "\"continue\""),
            ("end.button", button),
        ]);
        let mut game = diagram_game(&rules, KO, 0.0, Color::Black);
        play(&mut game, moves);
        // Retaking at b2 makes the starting position again.
        let retake = game.check(Color::White, Move::Play(p("b2", 5))).unwrap();
        assert_eq!(retake, expected, "button {button}");
    }
}

/// Two ko shapes: in the left one Black takes at c2 and White takes back at b2; in the right
/// one White takes at h2 and Black takes back at g2.
const DOUBLE_KO: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . X O . . . O X .
    X O . O . O X . X
    . X O . . . O X .";

/// KataGo boardhistory.cpp, `wouldBeSpightlikeEndingPass`: under simple ko a pass from a
/// state (position, player to move) from which the same player already passed in the phase
/// ends it, without two passes in a row.
#[test]
fn a_pass_from_a_state_already_passed_from_ends_the_phase() {
    // B c2, W h2, B passes from P2; W b2, B g2 bring back the start; W passes; B c2, W h2
    // give P2 again with Black to move, and Black passes from it a second time.
    let moves = "B c2 W h2 B pass W b2 B g2 W pass B c2 W h2 B pass";
    for (knob, expected) in [
        (
            "false",
            Status::Playing {
                pass_required: None,
            },
        ),
        ("true", Status::Ended),
    ] {
        let rules = ruleset(&[("end.repeated-pass-ends", knob)]);
        let mut game = diagram_game(&rules, DOUBLE_KO, 0.0, Color::Black);
        play(&mut game, moves);
        assert_eq!(game.status(), expected, "repeated-pass-ends {knob}");
        assert_eq!(game.special_outcome(), None);
    }
}

fn cleanup_rules() -> Ruleset {
    ruleset(&[
        ("end.end-of-play", "\"cleanup-phases\""),
        ("scoring.counting", "[\"territory\"]"),
    ])
}

/// "KataGo's Supported Go Rules", "Cleanup Phases": two passes end the main phase, then two
/// cleanup phases follow, each ended by two passes; a board play in the second one costs
/// nothing ("+1 for every move made by that player during the second cleanup phase").
#[test]
fn cleanup_phases_follow_the_main_phase_and_second_phase_plays_are_free() {
    let border = "
        . X O . .
        . X O . .
        . X O . .
        . X O . .
        . X O . .";
    let rules = cleanup_rules();
    let mut game = diagram_game(&rules, border, 0.0, Color::Black);
    play(&mut game, "B pass W pass");
    assert_eq!(
        (game.status(), game.state().phase()),
        (
            Status::Playing {
                pass_required: None
            },
            1
        )
    );
    play(&mut game, "B pass W pass");
    assert_eq!(game.state().phase(), 2);
    // Black fills a point of his own territory in the second phase.
    play(&mut game, "B a1 W pass B pass");
    assert_eq!(game.status(), Status::Ended);
    game.finish(&[]);
    let s = game.score(Counting::Territory);
    // Black: territory a2-a5 (4) + 1 for the play; White: territory d1-e5 (10).
    assert_eq!((s.black.territory, s.black.cleanup_plays), (4, 1));
    assert_eq!((s.black.total, s.white.total), (5.0, 10.0));

    // The same fill in the main phase costs its point.
    let mut game = diagram_game(&rules, border, 0.0, Color::Black);
    play(&mut game, "B a1 W pass B pass W pass B pass W pass B pass");
    assert_eq!(game.status(), Status::Ended);
    game.finish(&[]);
    let s = game.score(Counting::Territory);
    assert_eq!((s.black.total, s.white.total), (4.0, 10.0));
}

/// "KataGo's Supported Go Rules", "Cleanup Phases": a game stopped before anyone passed
/// ends, when the players pass it out, after six passes: two for the main phase and two for
/// each cleanup phase.
#[test]
fn finishing_a_game_passes_out_the_main_phase_and_both_cleanup_phases() {
    let rules = cleanup_rules();
    let mut game = diagram_game(&rules, KO, 0.0, Color::Black);
    game.finish(&[]);
    assert_eq!(game.added_passes().len(), 6);
    assert_eq!(game.state().phase(), 2);
    assert_eq!(game.state().consecutive_passes(), 2);
}

/// KataGo boardhistory.cpp (`isLegal`, `isPassForKo`, `koCapturesInEncore`): in a cleanup
/// phase a ko capture blocks the capturing stone; a play at the blocked ko is a pass for ko
/// that lifts the block and leaves the board unchanged; the same ko capture from the same
/// position is allowed once a phase.
#[test]
fn in_a_cleanup_phase_a_ko_capture_blocks_its_recapture_and_a_play_there_is_a_pass_for_ko() {
    let rules = cleanup_rules();
    let mut game = diagram_game(&rules, KO, 0.0, Color::Black);
    play(&mut game, "B pass W pass");
    assert_eq!(game.state().phase(), 1);
    let (b2, c2) = (p("b2", 5), p("c2", 5));
    play(&mut game, "B c2");
    let board_after_capture = game.state().board().position();
    // White's retake at b2 is a pass for ko: the board does not change.
    play(&mut game, "W b2");
    assert_eq!(
        game.state().moves().last().unwrap().kind,
        MoveKind::PassForKo
    );
    assert_eq!(game.state().board().position(), board_after_capture);
    assert_eq!(game.state().board().get(b2), None);
    // Not a pass: two passes are still needed to end the phase.
    play(&mut game, "B pass");
    assert_eq!(game.state().phase(), 1);
    // The block is lifted: White takes back, and that capture is blocked in turn; Black's
    // play on the blocked stone itself is a pass for ko.
    play(&mut game, "W b2");
    assert_eq!(game.state().board().get(c2), None);
    assert_eq!(game.state().prisoners(Color::White).captures, 1);
    play(&mut game, "B b2");
    assert_eq!(
        game.state().moves().last().unwrap().kind,
        MoveKind::PassForKo
    );
    assert_eq!(game.state().board().get(b2), Some(Color::White));
    // Black already took at c2 from this very position in this phase.
    play(&mut game, "W pass");
    assert_eq!(
        game.check(Color::Black, Move::Play(c2)).unwrap(),
        Err(Illegal::KoCaptureRepeated { point: c2 })
    );
}

/// KataGo board.cpp (`calculateAreaForPla`) and boardhistory.cpp (`countAreaScoreWhiteMinus
/// Black`): opponent stones inside a player's pass-alive territory count for him without
/// any agreement; every other stone stays.
#[test]
fn stones_inside_pass_alive_territory_are_dead_without_agreement() {
    // White's chain has two vital regions, a2 and c1-c2-d2, so it is pass-alive, and the
    // region holding Black's c2 is its pass-alive territory.
    let board = "
        . . . . .
        . . . . .
        O O O O O
        . O X . O
        O O . O O";
    let rules = ruleset(&[]);
    let mut game = diagram_game(&rules, board, 0.0, Color::Black);
    play(&mut game, "B pass W pass");
    game.finish(&[]);
    assert_eq!(
        game.settlement(),
        Some(&SettlementReport::RulesNamed {
            stones: vec![p("c2", 5)],
            kept: vec![]
        })
    );
    let area = game.score(Counting::Area);
    // White: 11 stones, 14 empty points (a2, c1, c2, d2 and the 10 of rows 4-5).
    assert_eq!((area.black.total, area.white.total), (0.0, 25.0));
    let territory = game.score(Counting::Territory);
    assert_eq!(territory.white.prisoners.dead_stones, 1);
    assert_eq!(territory.white.total, 15.0);

    // As they stand: c2 stays, c1 and d2 are dame.
    let rules = ruleset(&[("end.dead-stones", "\"as-they-stand\"")]);
    let mut game = diagram_game(&rules, board, 0.0, Color::Black);
    play(&mut game, "B pass W pass");
    game.finish(&[]);
    let area = game.score(Counting::Area);
    assert_eq!((area.black.total, area.white.total), (1.0, 22.0));
}

/// KataGo's rules without `friendlyPassOk` (KataGo rules.h, `friendlyPassOk`: "if false,
/// ... all stones must be captured"): stones named dead outside pass-alive territory stay on
/// the board, and the settlement says so instead of passing over them in silence.
#[test]
fn stones_named_dead_outside_pass_alive_territory_stay_and_the_settlement_says_why() {
    // The pass-alive White chain of the test above, and a Black stone b4 in the open top
    // rows: the top region has points away from White's chain, so it is not pass-alive
    // territory, and b4 stays however dead the players call it; c2 is removed as before.
    let board = "
        . . . . .
        . X . . .
        O O O O O
        . O X . O
        O O . O O";
    let rules = ruleset(&[]);
    let mut game = diagram_game(&rules, board, 0.0, Color::Black);
    play(&mut game, "B pass W pass");
    game.finish(&[p("b4", 5), p("c2", 5)]);
    let report = game.settlement().unwrap();
    assert_eq!(
        report,
        &SettlementReport::RulesNamed {
            stones: vec![p("c2", 5)],
            kept: vec![p("b4", 5)]
        }
    );
    let text = report.to_string();
    assert!(
        text.starts_with("removed 1 dead stone(s) inside pass-alive territory; 1 stone(s) named dead left on the board"),
        "{text}"
    );
    assert!(text.contains("captured by play"), "{text}");
    // b4 still counts for Black under area counting: 1 stone, no territory (the top region
    // touches White too).
    let area = game.score(Counting::Area);
    assert_eq!(area.black.total, 1.0);
}

/// "KataGo's Supported Go Rules", "Taxation": under tax `seki` empty points count only in
/// regions of independent life (an open dame leaves none); under `all` each such region
/// costs its owner 2 points.
#[test]
fn the_tax_counts_only_regions_of_independent_life_and_all_charges_two_per_region() {
    let open_dame = "
        . X O . .
        . X O . .
        . X . O .
        . X O . .
        . X O . .";
    let closed = "
        . X O . .
        . X O . .
        . X O . .
        . X O . .
        . X O . .";
    let area = |tax: &str, board: &str| {
        let rules = ruleset(&[("scoring.tax", tax)]);
        let mut game = diagram_game(&rules, board, 0.0, Color::Black);
        play(&mut game, "B pass W pass");
        game.finish(&[]);
        let s = game.score(Counting::Area);
        (s.black.total, s.white.total)
    };
    // No tax: Black 5 stones + 5, White 5 stones + 9 (c3 is dame).
    assert_eq!(area("\"none\"", open_dame), (10.0, 14.0));
    // Both regions touch the dame c3: stones only.
    assert_eq!(area("\"seki\"", open_dame), (5.0, 5.0));
    // Closed: one region each, Black 5 + 5, White 5 + 10, less 2 each under `all`.
    assert_eq!(area("\"seki\"", closed), (10.0, 15.0));
    assert_eq!(area("\"all\"", closed), (8.0, 13.0));
}

/// "KataGo's Supported Go Rules", "SelfPlayOpts": the phase ends at the end of a turn when
/// every point belongs to a pass-alive group or pass-alive territory, and the game is scored
/// as if both players had passed.
#[test]
fn play_ends_when_every_point_is_pass_alive() {
    let start = "
        . . .
        O O .
        . . .";
    for (knob, expected) in [
        (
            "false",
            Status::Playing {
                pass_required: None,
            },
        ),
        ("true", Status::Ended),
    ] {
        let rules = ruleset(&[("end.all-pass-alive-ends", knob)]);
        let mut game = diagram_game(&rules, start, 0.0, Color::Black);
        play(&mut game, "B pass");
        assert_eq!(
            game.status(),
            Status::Playing {
                pass_required: None
            }
        );
        // The middle row closes: both rows are eyes of one pass-alive chain.
        play(&mut game, "W c2");
        assert_eq!(game.status(), expected, "all-pass-alive-ends {knob}");
    }
}

/// KataGo's own test "Territory rules" (KataGo cpp/tests/testrules.cpp): a 4x4 game under
/// positional superko, territory scoring, tax SEKI, multi-stone suicide legal, komi 0.5,
/// ended by the cleanup phases, then moved on after its end three times; KataGo asserts the
/// final White-minus-Black score each time: -0.5, -0.5, 3.5, -0.5.
#[test]
fn katago_territory_rules_test_scores_as_katago_asserts() {
    let rules = ruleset(&[
        ("play.ko", "\"positional-superko\""),
        ("play.long-cycle", "\"continue\""),
        ("play.suicide", "\"multi-stone\""),
        ("end.end-of-play", "\"cleanup-phases\""),
        ("scoring.counting", "[\"territory\"]"),
        ("scoring.tax", "\"seki\""),
    ]);
    // KataGo's (x, y) from the top left, in GTP coordinates.
    let main = "B b3 W c2 B b2 W c3 B b1 W c1 B b4 W c4 B pass W d2 B pass W pass \
                B pass W pass B pass W pass";
    let stages = [
        (main.to_string(), -0.5),
        // Black throws in a dead stone in the second phase: no difference.
        (format!("{main} B d3 W pass B pass"), -0.5),
        // White's junk stone makes Black's area unclear: its region is in seki.
        (format!("{main} B d3 W pass B pass W a3 B pass W pass"), 3.5),
        // Black makes his group pass-alive; White captures the throw-in.
        (
            format!("{main} B d3 W pass B pass W a3 B pass W pass B a2 W d4 B pass W pass"),
            -0.5,
        ),
    ];
    for (moves, white_minus_black) in stages {
        let mut game = empty_game(&rules, 4, 0.5);
        play(&mut game, &moves);
        assert_eq!(game.status(), Status::Ended, "{moves}");
        assert_eq!(game.state().phase(), 2);
        game.finish(&[]);
        let s = game.score(Counting::Territory);
        assert_eq!(s.white.total - s.black.total, white_minus_black, "{moves}");
    }
}

/// The position of KataGo's encore ko tests (KataGo cpp/tests/testrules.cpp, "Encore - ..."):
/// White to move; White's play at D3 takes Black's D4 as a ko.
const ENCORE_KO: &str = "
    . . O . . . .
    . . . O . . .
    . X O X O . .
    . . X . X . .
    . . . X . . .
    . . . . . . .";

fn encore_ko_game(rules: &Ruleset) -> gorules_rules::Game {
    let mut game = diagram_game(rules, ENCORE_KO, 0.5, Color::White);
    play(&mut game, "W pass B pass W d3");
    game
}

/// KataGo cpp/tests/testrules.cpp, "Encore - own throwin that temporarily breaks the ko shape
/// should not clear the ko recap block", "Encore - ko recap block does not stop
/// non-ko-capture" and "Encore - once only rule doesn't prevent the opponent moving there
/// (filling ko)": the boards and blocks KataGo prints.
#[test]
fn katago_encore_ko_tests_give_the_boards_katago_prints() {
    let rules = ruleset(&[
        ("play.ko", "\"positional-superko\""),
        ("play.long-cycle", "\"continue\""),
        ("end.end-of-play", "\"cleanup-phases\""),
        ("scoring.counting", "[\"territory\"]"),
        ("scoring.tax", "\"seki\""),
    ]);
    let at = |s: &str| p(s, 7);
    let board_of = |game: &gorules_rules::Game, rows: &str| {
        assert_eq!(
            game.state().board().position(),
            gorules_board::diagram::from_diagram(rows)
                .unwrap()
                .position()
        );
    };

    // Black's throw-in at C5, taken by White at B5, leaves the block at D3: Black's D4 is
    // still a pass for ko.
    let mut game = encore_ko_game(&rules);
    assert_eq!(game.state().phase(), 1);
    play(&mut game, "B c5 W b5");
    board_of(
        &game,
        "
        . . O . . . .
        . O . O . . .
        . X O . O . .
        . . X O X . .
        . . . X . . .
        . . . . . . .",
    );
    play(&mut game, "B d4");
    assert_eq!(
        game.state().moves().last().unwrap().kind,
        MoveKind::PassForKo
    );

    // With C4 in atari too, D4 takes two stones: no ko capture, not a pass for ko.
    let mut game = encore_ko_game(&rules);
    play(&mut game, "B c5 W a6 B d4");
    board_of(
        &game,
        "
        O . O . . . .
        . . X O . . .
        . X . X O . .
        . . X . X . .
        . . . X . . .
        . . . . . . .",
    );

    // A pass for ko, a pass, Black takes the ko (blocked at D4), a pass, and Black fills at
    // D3: the once-only rule does not stop a play that is no ko capture.
    let mut game = encore_ko_game(&rules);
    play(&mut game, "B d4");
    assert_eq!(
        game.state().moves().last().unwrap().kind,
        MoveKind::PassForKo
    );
    play(&mut game, "W pass B d4");
    board_of(
        &game,
        "
        . . O . . . .
        . . . O . . .
        . X O X O . .
        . . X . X . .
        . . . X . . .
        . . . . . . .",
    );
    assert_eq!(game.state().moves().last().unwrap().kind, MoveKind::Normal);
    play(&mut game, "W pass B d3");
    assert_eq!(game.state().board().get(at("d3")), Some(Color::Black));
}
