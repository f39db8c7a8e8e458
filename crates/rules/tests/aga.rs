//! AGA Concise Rules of Go (1991), rules 3 to 12. Expected scores are worked out
//! by hand in the comments.

use crate::common::*;
use gorules_board::{Color, Move, Point, Size};
use gorules_rules::{Counting, Game, Illegal, MoveError, SettlementReport, Setup, Status};

const DAME_PARITY: &str = "B b3 W d3 B b2 W d2 B b4 W d4 B b1 W d1 B b5 W d5 B c1 W c2 B c3 W c4";

fn handicap_game(rules: &gorules_rules::Ruleset, n: u32, komi: f64) -> Game {
    let size = Size::square(9).unwrap();
    Game::new(
        rules.clone(),
        Setup::handicap(size, n, gorules_rules::Komi::new(komi).unwrap()).unwrap(),
    )
}

#[test]
fn rule_3_komi() {
    // Rule 3: 7.5 in an even game (the 2004 revision), 0.5 in handicap games.
    let aga = rules("aga");
    assert_eq!(aga.default_komi(0).points(), 7.5);
    assert_eq!(aga.default_komi(1).points(), 7.5);
    assert_eq!(aga.default_komi(4).points(), 0.5);
}

#[test]
fn rule_4_handicap_compensation_under_area_only() {
    // Rule 4: under area counting White gets a point per handicap stone after the first.
    // 9x9, 4 stones, komi 0.5; W pass, B pass, and White's last pass (rule 11) is added.
    let aga = rules("aga");
    let mut g = handicap_game(&aga, 4, 0.5);
    play(&mut g, "W pass B pass");
    g.finish(&[]);
    assert_eq!(g.added_passes(), &[Color::White]);
    // Area: Black 4 + 77 = 81; White 0.5 + 3 = 3.5 -> B+77.5.
    let area = g.score(Counting::Area);
    assert_eq!(area.white.handicap_compensation, 3.0);
    assert_eq!(area.result(), "B+77.5");
    // Territory: Black 77 + 2 pass stones = 79; White 1 pass stone + 0.5 = 1.5 -> B+77.5, and
    // no compensation under territory counting.
    let terr = g.score(Counting::Territory);
    assert_eq!(terr.white.handicap_compensation, 0.0);
    assert_eq!((terr.black.total, terr.white.total), (79.0, 1.5));
}

#[test]
fn rule_5_capture_and_no_suicide() {
    // Rule 5: a string without liberties is captured; creating one's own string without
    // liberties is illegal. On 5x5: White a1 next to Black a2 and b1 is suicide.
    let aga = rules("aga");
    let mut g = empty_game(&aga, 5, 7.5);
    let r = play(&mut g, "B a2 W c3 B b1 W a1");
    assert_eq!(r[3].illegal, Some(Illegal::Suicide { stones: 1 }));
    let mut g = empty_game(&aga, 5, 7.5);
    let r = play(&mut g, "B a2 W a1 B b1");
    assert_eq!(r[2].captured, 1);
}

/// "Sending two returning one" (Sensei's Library, SendingTwoReturningOne) on a 5x3 board (SGF coordinates).
const SEND_TWO: &str = "
. X . X .
O O X X .
. . . . .";

#[test]
fn rule_6_situational_superko_allows_returning_one() {
    // Rule 6 forbids recreating a position "with the same player to move". Black throws in a
    // second stone (aa), White takes two (ca), Black takes one back (ba): the board is the
    // starting one, but now White is to move, so the retake is legal.
    let aga = rules("aga");
    let mut g = diagram_game(&aga, SEND_TWO, 7.5, Color::Black);
    let r = play_sgf(&mut g, "B aa W ca B ba");
    assert_eq!(r[1].captured, 2);
    assert_eq!(r[2].illegal, None);
    assert_eq!(r[2].captured, 1);
    assert_eq!(g.state().board(), g.state().initial_board());
}

#[test]
fn rule_7_and_8_pass_stones_and_illegal_moves() {
    // Rule 7: a pass hands the opponent a stone. Rule 8: an illegal move is taken back, treated
    // as a pass, and a pass stone exchanged.
    let aga = rules("aga");
    let mut g = empty_game(&aga, 5, 7.5);
    play(&mut g, "B pass");
    assert_eq!(g.state().prisoners(Color::White).pass_stones, 1);
    play(&mut g, "W c3 B a2 W d4 B b1 W a1");
    assert_eq!(g.state().prisoners(Color::Black).pass_stones, 1);
    assert_eq!(g.state().board().get(Point::new(0, 4)), None);
}

#[test]
fn rule_9_agreement_removes_dead_stones_as_prisoners() {
    // Rule 9: agreed dead stones are removed as prisoners of the player who could capture
    // them. White's a3 is dead.
    let aga = rules("aga");
    let mut g = empty_game(&aga, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B c5 W a3 B pass W pass");
    g.finish(&[Point::new(0, 2)]);
    // White passed last: no extra pass. Territory: Black 5 + 1 dead + 1 pass stone = 7; White
    // 5 + 1 = 6 -> B+1. Area: 13 - 12 -> B+1.
    assert!(g.added_passes().is_empty());
    assert_eq!(totals(&g, Counting::Territory), (7.0, 6.0));
    assert_eq!(result(&g, Counting::Area), "B+1");
}

#[test]
fn rule_10_disputes_resume_with_the_opponent_of_the_last_passer() {
    // Rule 10: after W pass... B pass W pass, Black (the opponent of the last passer) resumes.
    let aga = rules("aga");
    let mut g = empty_game(&aga, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B c5 W a3 B pass W pass");
    assert_eq!(g.status(), Status::Ended);
    assert_eq!(
        g.play(Color::White, Move::Play(Point::new(0, 3))),
        Err(MoveError::OutOfTurn {
            expected: Color::Black
        })
    );
    let r = play(&mut g, "B a2");
    assert!(r[0].resumed);
    // The resumption ends with two more passes; without agreement every stone is alive.
    play(&mut g, "W pass B pass");
    assert_eq!(g.status(), Status::Ended);
    g.finish(&[]);
    assert_eq!(
        g.settlement(),
        Some(&SettlementReport::Removed { stones: vec![] })
    );
    // Black passed last: White adds the last pass (rule 11).
    assert_eq!(g.added_passes(), &[Color::White]);
    // a3 stays alive, so a4 and a5 (next to a3 and to b4, b5) are neutral; a1 (next to a2
    // and b1 only) is Black's.
    // Territory: Black a1 = 1, + 3 pass stones (White passed 3 times) = 4; White e1..e5 = 5,
    // + 2 pass stones = 7 -> W+3. Area: Black 9 stones + 1 = 10; White 8 stones + 5 = 13
    // -> W+3.
    assert_eq!(totals(&g, Counting::Territory), (4.0, 7.0));
    assert_eq!(totals(&g, Counting::Area), (10.0, 13.0));
}

#[test]
fn rule_11_white_makes_the_last_move() {
    // Rule 11: if Black made the final pass, White adds one. A record that already shows
    // White's third pass uses it as that last move, not as a resumption.
    let aga = rules("aga");
    let mut g = empty_game(&aga, 5, 0.0);
    play(&mut g, DAME_PARITY);
    let r = play(&mut g, "B c5 W pass B pass W pass");
    assert!(r[3].final_pass);
    assert_eq!(g.status(), Status::Finished);
    g.finish(&[]);
    assert!(g.added_passes().is_empty());
    // Territory: Black 5 + 2 pass stones = 7, White 5 + 1 = 6 -> B+1 (dame parity: Black filled the last dame).
    assert_eq!(totals(&g, Counting::Territory), (7.0, 6.0));
}

#[test]
fn rule_12_area_and_territory_give_the_same_margin() {
    // Rule 12: "the difference in their scores, and the game result, will be the same".
    let aga = rules("aga");
    for tail in [
        "B c5 W pass B pass",
        "B pass W pass",
        "B pass W a1 B a2 W pass B pass",
        "B c5 W a3 B pass W pass",
    ] {
        let mut g = empty_game(&aga, 5, 7.5);
        play(&mut g, DAME_PARITY);
        play(&mut g, tail);
        g.finish(&[]);
        let (a, t) = (g.score(Counting::Area), g.score(Counting::Territory));
        assert_eq!(a.margin, t.margin, "{tail}");
    }
    // Neutral points count for nobody: c5 left open.
    let mut g = empty_game(&aga, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B pass W pass");
    g.finish(&[]);
    let a = g.score(Counting::Area);
    assert_eq!((a.black.total, a.white.total), (12.0, 12.0));
}
