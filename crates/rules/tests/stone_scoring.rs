//! Stone counting (Sensei's Library, "Stone scoring": stones on the board only, that is area
//! less two points per independent living group, seki eyes not counted). Expected scores are
//! worked out by hand in the comments; komi 0 unless stated.

use crate::common::*;
use gorules_board::diagram::from_diagram;
use gorules_board::{Color, Point};
use gorules_rules::seki::CLASSIC_SEKI as SEKI;
use gorules_rules::{parse, Counting, Game, Score, Setup};

/// Two black groups (columns a-b and f-g, three eyes each) and one white group (columns c-e,
/// three eyes), 7 wide and 5 high.
const TWO_BLACK_GROUPS: &str = "
. X O . O X .
X X O O O X X
. X O . O X .
X X O O O X X
. X O . O X .";

fn stone_score(game: &Game) -> Score {
    game.score(Counting::Stone)
}

#[test]
fn every_living_group_keeps_two_eyes() {
    // Black: stones 7 + 7 = 14, territory a5 a3 a1 g5 g3 g1 = 6, two living groups: tax 4,
    // total 16 (filled down to two eyes each, Black would have 14 + 1 + 1 = 16 stones).
    // White: stones c1..c5, e1..e5, d4, d2 = 12, territory d5 d3 d1 = 3, one group: tax 2,
    // total 13 (12 + 1 filled eye). Stone margin B+3.
    let rs = rules("stone-scoring");
    let mut g = diagram_game(&rs, TWO_BLACK_GROUPS, 0.0, Color::Black);
    play(&mut g, "B pass W pass");
    g.finish(&[]);
    let s = stone_score(&g);
    assert_eq!(
        (s.black.stones, s.black.territory, s.black.group_tax),
        (14, 6, 4)
    );
    assert_eq!(
        (s.white.stones, s.white.territory, s.white.group_tax),
        (12, 3, 2)
    );
    assert_eq!((s.black.total, s.white.total), (16.0, 13.0));
    assert_eq!(s.result(), "B+3");
    // Area counting of the same board (Chinese): 14 + 6 = 20 vs 12 + 3 = 15: B+5, two points
    // more for Black, who has one group more (area − 2 × (Black's groups − White's groups), as KataGo's "tax ALL" defines it).
    let chinese = rules("chinese");
    let mut g = diagram_game(&chinese, TWO_BLACK_GROUPS, 0.0, Color::Black);
    play(&mut g, "B pass W pass");
    g.finish(&[]);
    assert_eq!(g.score(Counting::Area).result(), "B+5");
}

#[test]
fn a_filled_board_scores_its_stones() {
    // The same board filled down to two eyes per group (a3, g3 and d3 filled): only stones
    // remain to count. Black 16 stones, White 13: B+3 again; territory 4 and 2 exactly pay
    // the tax.
    let filled = "
. X O . O X .
X X O O O X X
X X O O O X X
X X O O O X X
. X O . O X .";
    let rs = rules("stone-scoring");
    let mut g = diagram_game(&rs, filled, 0.0, Color::Black);
    play(&mut g, "B pass W pass");
    g.finish(&[]);
    let s = stone_score(&g);
    assert_eq!((s.black.stones, s.white.stones), (16, 13));
    assert_eq!((s.black.territory, s.black.group_tax), (4, 4));
    assert_eq!((s.white.territory, s.white.group_tax), (2, 2));
    assert_eq!((s.black.total, s.white.total), (16.0, 13.0));
}

#[test]
fn dame_parity() {
    // Dame parity, Black fills the last dame: Black 8 stones (one chain) + a1..a5, White 7
    // stones (one chain) + e1..e5. Stone: 8 + 5 - 2 = 11 vs 7 + 5 - 2 = 10: B+1, the same
    // margin as plain area counting (one group each).
    let rs = rules("stone-scoring");
    let mut g = empty_game(&rs, 5, 0.0);
    play(
        &mut g,
        "B b3 W d3 B b2 W d2 B b4 W d4 B b1 W d1 B b5 W d5 B c1 W c2 B c3 W c4 B c5 W pass B pass",
    );
    g.finish(&[]);
    let s = stone_score(&g);
    assert_eq!((s.black.total, s.white.total), (11.0, 10.0));
    assert_eq!(s.result(), "B+1");
    // Stone scoring is the ruleset's only counting method.
    assert_eq!(
        g.scores().iter().map(|s| s.counting).collect::<Vec<_>>(),
        [Counting::Stone]
    );
}

/// The dame-parity board with a dead White stone at a3.
const DEAD_STONE: &str = "
. X X O .
. X O O .
O X X O .
. X O O .
. X X O .";

#[test]
fn agreed_dead_stones_are_removed_before_counting() {
    // With a3 removed: Black 8 stones + a1..a5 - 2 = 11, White 7 stones + e1..e5 - 2 = 10:
    // B+1. The dead stone is a prisoner, and prisoners do not count under stone scoring.
    let rs = rules("stone-scoring");
    let a3 = Point::new(0, 2);
    let mut g = diagram_game(&rs, DEAD_STONE, 0.0, Color::Black);
    play(&mut g, "B pass W pass");
    g.finish(&[a3]);
    let s = stone_score(&g);
    assert_eq!((s.black.total, s.white.total), (11.0, 10.0));
    assert_eq!(s.white.stones, 7);
    // Left on the board, a3 makes a1 a2 and a4 a5 neutral: Black has no territory and pays no
    // tax (8), White 8 stones + e1..e5 - 2 = 11: W+3.
    let mut g = diagram_game(&rs, DEAD_STONE, 0.0, Color::Black);
    play(&mut g, "B pass W pass");
    g.finish(&[]);
    let s = stone_score(&g);
    assert_eq!((s.black.total, s.white.total), (8.0, 11.0));
    assert_eq!(s.black.group_tax, 0);
}

#[test]
fn groups_in_seki_keep_uncounted_eyes_and_pay_no_tax() {
    // Black: big group f3..f9, g3..i3, i2, i1 = 12 stones with g4..i9 = 18 territory; seki
    // chain b1 b2 c2 d2 e2 d1 = 6 stones around its eye c1, not counted. Stones 18, territory
    // 18, one living group (the seki chain holds no counted territory): 18 + 18 - 2 = 34.
    // White: big group a1..a3, b3..e3, e4..e9 = 13 stones with a4..d9 = 24; seki chain f2 g2
    // h2 f1 h1 = 5 stones around g1: 18 + 24 - 2 = 40. W+6. Filled down to two eyes, Black
    // would have 12 + 16 + 6 = 34 stones and White 13 + 22 + 5 = 40.
    let rs = rules("stone-scoring");
    let mut g = diagram_game(&rs, SEKI, 0.0, Color::Black);
    play(&mut g, "B pass W pass");
    g.finish(&[]);
    let s = stone_score(&g);
    assert_eq!(
        (s.black.seki_eyes_not_counted, s.white.seki_eyes_not_counted),
        (1, 1)
    );
    assert_eq!((s.black.group_tax, s.white.group_tax), (2, 2));
    assert_eq!((s.black.total, s.white.total), (34.0, 40.0));
    assert_eq!(s.result(), "W+6");
}

#[test]
fn handicap_compensation_applies_to_stone_counting() {
    // The two-group board as a 3-stone handicap game. The built-in ruleset gives no
    // compensation (B+3); a ruleset extending it with N-1 gives White 2 points: 16 vs 13 + 2,
    // B+1.
    let setup = |first| Setup {
        board: from_diagram(TWO_BLACK_GROUPS).unwrap(),
        handicap: 3,
        komi: gorules_rules::Komi::ZERO,
        first,
    };
    let builtin = rules("stone-scoring");
    let mut g = Game::new(builtin.clone(), setup(Color::White));
    play(&mut g, "W pass B pass");
    g.finish(&[]);
    assert_eq!(stone_score(&g).result(), "B+3");

    let with_comp = parse(
        "id = \"stone-n-1\"\nextends = \"stone-scoring\"\n[scoring]\nhandicap-compensation = \"n-1\"\n",
        "stone-n-1.toml",
    )
    .unwrap();
    let mut g = Game::new(with_comp.clone(), setup(Color::White));
    play(&mut g, "W pass B pass");
    g.finish(&[]);
    let s = stone_score(&g);
    assert_eq!(s.white.handicap_compensation, 2.0);
    assert_eq!(s.result(), "B+1");
}

#[test]
fn toml_accepts_stone_counting_and_keeps_compensation_to_counts_of_stones() {
    // Compensation with stone counting only: accepted.
    let rs = parse(
        "id = \"s\"\nextends = \"stone-scoring\"\n[scoring]\nhandicap-compensation = \"n\"\n",
        "s.toml",
    )
    .unwrap();
    assert_eq!(rs.counting, [Counting::Stone]);
    // Compensation with territory counting only: refused, naming the line.
    let e = parse(
        "id = \"t\"\nextends = \"stone-scoring\"\n[scoring]\ncounting = [\"territory\"]\nhandicap-compensation = \"n\"\n",
        "t.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with("t.toml:5:") && e.contains("area and stone counting only"),
        "{e}"
    );
    // An unknown counting method lists the three allowed.
    let e = parse(
        "id = \"u\"\nextends = \"stone-scoring\"\n[scoring]\ncounting = [\"stones\"]\n",
        "u.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("area") && e.contains("territory") && e.contains("stone"),
        "{e}"
    );
}
