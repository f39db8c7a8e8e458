//! Every clause of the Concord Go Rules, and the claims of the Concord Rules of Go Commentary.
//! Expected scores are worked out by hand in the comments.

use crate::common::*;
use gorules_board::{Color, Move, Point};
use gorules_rules::{Counting, Illegal, MoveKind, SettlementReport, Status};

/// Dame parity: 5x5, Black owns column a, White column e, the middle column filled in turn.
const DAME_PARITY: &str = "B b3 W d3 B b2 W d2 B b4 W d4 B b1 W d1 B b5 W d5 B c1 W c2 B c3 W c4";

#[test]
fn pass_play_hands_a_pass_stone_to_the_opponent() {
    // Concord Go Rules, "Pass play": "The player puts the stone in the opponent's prisoner container."
    let concord = rules("concord");
    let mut g = empty_game(&concord, 5, 0.0);
    play(&mut g, "B pass");
    assert_eq!(g.state().prisoners(Color::White).pass_stones, 1);
    assert_eq!(g.state().prisoners(Color::Black).pass_stones, 0);
}

#[test]
fn board_play_captures_into_the_players_container() {
    // Concord Go Rules, "Board play": captured stones go to the player's prisoner container.
    let concord = rules("concord");
    let mut g = empty_game(&concord, 5, 0.0);
    let r = play(&mut g, "B a2 W a1 B b1");
    assert_eq!(r[2].captured, 1);
    assert_eq!(g.state().prisoners(Color::Black).captures, 1);
    assert_eq!(g.state().board().get(Point::new(0, 4)), None);
}

#[test]
fn suicide_is_illegal_and_replaced_by_a_pass() {
    // Concord Go Rules, "Suicide is illegal" + "Illegal play handling": the play is taken back and the
    // player must pass (a pass stone goes to the opponent).
    let concord = rules("concord");
    let mut g = empty_game(&concord, 5, 0.0);
    let r = play(&mut g, "B a2 W c3 B b1 W a1");
    assert_eq!(r[3].illegal, Some(Illegal::Suicide { stones: 1 }));
    assert_eq!(g.state().moves()[3].kind, MoveKind::ReplacedIllegal);
    assert_eq!(g.state().moves()[3].applied, Move::Pass);
    assert_eq!(g.state().prisoners(Color::Black).pass_stones, 1);
    assert_eq!(g.state().board().get(Point::new(0, 4)), None);
    // Alternation goes on: Black to move.
    assert_eq!(g.to_move(), Color::Black);
}

/// The 12x3 triple ko (three top-edge kos side by side). Black can capture in kos 1 and 3,
/// White in ko 2; six captures in turn return to this position with Black to move.
const TRIPLE_KO: &str = "
X O . O X . X O X O . O
X X O O X X O O X X O O
. . . . . . . . . . . .";
/// B takes ko 1, W ko 2, B ko 3, W ko 1, B ko 2, W ko 3 (SGF coordinates, row a on top).
const TRIPLE_KO_CYCLE: &str = "B ca W fa B ka W ba B ga W ja";

#[test]
fn repetition_is_illegal_triple_ko() {
    // Concord Go Rules, "Repetition is illegal" (situational superko): the sixth capture of the triple
    // ko recreates the starting position with Black to move.
    let concord = rules("concord");
    let mut g = diagram_game(&concord, TRIPLE_KO, 0.0, Color::Black);
    let r = play_sgf(&mut g, TRIPLE_KO_CYCLE);
    for report in &r[..5] {
        assert_eq!(report.illegal, None);
        assert_eq!(report.captured, 1);
    }
    assert_eq!(
        r[5].illegal,
        Some(Illegal::Superko(
            gorules_rules::ruleset::KoRule::SituationalSuperko
        ))
    );
    // Taken back and replaced by a pass with a pass stone to Black.
    assert_eq!(g.state().prisoners(Color::Black).pass_stones, 1);
}

#[test]
fn last_pass_rule_example_from_the_rules() {
    // Concord Go Rules, "Last pass": "..., B pass, W threat, B answer, W pass, B pass, W pass".
    // The Concord Go Rules' example of the last pass, on the dame-parity board stopped before c5 (Black to move). Black passes,
    // White threatens at a1 inside Black's area, Black answers at a2 capturing it.
    let concord = rules("concord");
    let mut g = empty_game(&concord, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B pass W a1 B a2 W pass B pass");
    // Black made the first pass and the last one so far: White must pass a third time.
    assert_eq!(
        g.status(),
        Status::Playing {
            pass_required: Some(Color::White)
        }
    );
    // A board play instead of the required pass is illegal.
    assert_eq!(
        g.check(Color::White, Move::Play(Point::new(2, 0))),
        Ok(Err(Illegal::PassRequired(Color::White)))
    );
    play(&mut g, "W pass");
    assert_eq!(g.status(), Status::Ended);
    g.finish(&[]);
    assert!(g.added_passes().is_empty());
    // Territory: Black a1 a3 a4 a5 = 4, + 1 capture (a1) + 2 pass stones = 7.
    //            White e1..e5 = 5, + 2 pass stones = 7.  -> 0.
    assert_eq!(totals(&g, Counting::Territory), (7.0, 7.0));
    // Area: Black stones b1..b5 c1 c3 a2 = 8, + territory 4 = 12; White stones d1..d5 c2 c4
    // = 7, + 5 = 12; c5 is neutral; the first pass was Black's, so no bonus. -> 0.
    assert_eq!(totals(&g, Counting::Area), (12.0, 12.0));
    assert_eq!(result(&g, Counting::Area), "0");
}

#[test]
fn record_ending_short_of_the_last_pass_gets_it_added() {
    // Concord Go Rules, "End of play": "if the Last pass rule requires a third pass in a row, play
    // continues to include it". A record that stops after W pass, B pass gets White's pass.
    let concord = rules("concord");
    let mut g = empty_game(&concord, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B pass W a1 B a2 W pass B pass");
    g.finish(&[]);
    assert_eq!(g.added_passes(), &[Color::White]);
    assert_eq!(result(&g, Counting::Territory), "0");
}

#[test]
fn dame_parity_first_pass_is_worth_half_a_dame() {
    // Concord Go Rules, "First Pass is Valuable" (dame parity): Black fills the last dame c5, then
    // W pass, B pass. The first pass (White's) and the last (Black's) differ: play ends.
    let concord = rules("concord");
    let mut g = empty_game(&concord, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B c5 W pass B pass");
    g.finish(&[]);
    assert!(g.added_passes().is_empty());
    // Area: Black 8 stones + 5 = 13; White 7 stones + 5 + 1 (White passed first) = 13.
    assert_eq!(totals(&g, Counting::Area), (13.0, 13.0));
    // Territory: 5 + 1 pass stone each.
    assert_eq!(totals(&g, Counting::Territory), (6.0, 6.0));
}

#[test]
fn dead_stones_removed_by_agreement_become_prisoners() {
    // Concord Go Rules, "Dead Stone Removal by Agreement": White's dead stone
    // at a3 is agreed dead and removed.
    let concord = rules("concord");
    let mut g = empty_game(&concord, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B c5 W a3 B pass W pass");
    let a3 = Point::new(0, 2);
    g.finish(&[a3]);
    assert_eq!(
        g.settlement(),
        Some(&SettlementReport::Removed { stones: vec![a3] })
    );
    assert_eq!(g.state().prisoners(Color::Black).dead_stones, 1);
    // Territory: Black a1..a5 = 5 + 1 dead + 1 pass stone = 7; White 5 + 1 = 6 -> B+1.
    assert_eq!(totals(&g, Counting::Territory), (7.0, 6.0));
    // Area: Black 8 + 5 = 13; White 7 + 5 = 12; Black passed first: no bonus -> B+1.
    assert_eq!(totals(&g, Counting::Area), (13.0, 12.0));
}

#[test]
fn play_until_captured_keeps_the_score_of_the_agreement() {
    // Concord Go Rules, "Dispute resolution", and the Concord Rules of Go Commentary, "Play
    // Settles Disputes": instead of agreeing, play resumes (Black first, the opponent of the last
    // passer) and Black captures a3: B a2, W pass, B a4, W pass, B pass, W pass.
    let concord = rules("concord");
    let mut g = empty_game(&concord, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B c5 W a3 B pass W pass");
    g.resume(true).unwrap();
    assert_eq!(g.to_move(), Color::Black);
    let r = play(&mut g, "B a2 W pass B a4 W pass B pass");
    assert_eq!(r[2].captured, 1);
    // The game's first pass was Black's and so is the last: White's third pass is required.
    play(&mut g, "W pass");
    assert_eq!(g.status(), Status::Ended);
    // "When play ends again, all stones left on the board are considered alive": naming a
    // stone dead now has no effect.
    g.finish(&[Point::new(1, 4)]);
    assert!(matches!(
        g.settlement(),
        Some(SettlementReport::Ignored { .. })
    ));
    // Territory: Black a1 a3 a5 = 3, + 1 capture + 4 pass stones (White passed 4 times) = 8;
    // White 5 + 2 pass stones = 7 -> B+1, as with the agreement.
    assert_eq!(totals(&g, Counting::Territory), (8.0, 7.0));
    // Area: Black 10 stones + 3 = 13; White 7 + 5 = 12 -> B+1.
    assert_eq!(totals(&g, Counting::Area), (13.0, 12.0));
}

#[test]
fn territory_intersection_is_defined_by_paths() {
    // Concord Go Rules, "Territory intersection": an empty point belongs to a player when no path
    // through empty points reaches an opponent stone. c5 next to both colours is nobody's.
    let concord = rules("concord");
    let mut g = empty_game(&concord, 5, 0.0);
    play(&mut g, DAME_PARITY);
    play(&mut g, "B pass W pass");
    g.finish(&[]);
    let s = g.score(Counting::Territory);
    assert_eq!((s.black.territory, s.white.territory), (5, 5));
}

#[test]
fn area_counting_handicap_compensation_and_first_pass() {
    // Concord Go Rules, "Area counting": White gets a point per handicap stone except the first, and a
    // point for the very first pass. 9x9, 4 fixed handicap stones, then W pass, B pass.
    let concord = rules("concord");
    let size = gorules_board::Size::square(9).unwrap();
    let mut g = gorules_rules::Game::new(
        concord.clone(),
        gorules_rules::Setup::handicap(size, 4, gorules_rules::Komi::new(0.5).unwrap()).unwrap(),
    );
    play(&mut g, "W pass B pass");
    g.finish(&[]);
    // Area: Black 4 stones + 77 empty points = 81. White 0 + komi 0.5 + 3 (handicap) + 1
    // (first pass) = 4.5 -> B+76.5.
    let area = g.score(Counting::Area);
    assert_eq!(area.black.total, 81.0);
    assert_eq!(area.white.handicap_compensation, 3.0);
    assert_eq!(area.white.bonus, 1.0);
    assert_eq!(area.result(), "B+76.5");
    // Territory: Black 77 + 1 pass stone = 78; White 0 + 1 pass stone + 0.5 = 1.5 -> B+76.5.
    assert_eq!(result(&g, Counting::Territory), "B+76.5");
}

#[test]
fn area_equals_territory_in_the_commentary_examples() {
    // Concord Rules of Go Commentary, "Equivalence of area and territory scoring": both methods give the same margin.
    let concord = rules("concord");
    for tail in [
        "B c5 W pass B pass",
        "B pass W pass",
        "B pass W a1 B a2 W pass B pass",
    ] {
        let mut g = empty_game(&concord, 5, 6.5);
        play(&mut g, DAME_PARITY);
        play(&mut g, tail);
        g.finish(&[]);
        assert_eq!(
            g.score(Counting::Area).margin,
            g.score(Counting::Territory).margin,
            "{tail}"
        );
    }
}
