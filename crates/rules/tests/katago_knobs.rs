//! The knobs that model KataGo's rules, each against its source: KataGo's written rules
//! ("KataGo's Supported Go Rules, Version 2", docs/rules.html) and its code (KataGo
//! boardhistory.cpp, board.cpp; github.com/lightvector/KataGo v1.17.2). Expected values are
//! worked out by hand from those texts.

mod common;

use common::*;
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
                gorules_rules::params::KoRule::PositionalSuperko,
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
        Some(&SettlementReport::Removed {
            stones: vec![p("c2", 5)]
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
