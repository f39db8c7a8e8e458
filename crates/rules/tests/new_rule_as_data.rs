//! A rule no built-in ruleset has, written as data: "reverse komi button", Chinese rules except
//! that the player who makes the game's last pass gets half a point (a reverse of the button of
//! Sensei's Library, ButtonGo). A ruleset file that extends a built-in one and adds a bonus is
//! enough; the same `Game` plays it.

use crate::common::*;
use gorules_rules::Counting;

const REVERSE_BUTTON: &str = r#"
id = "reverse-button"
name = "Chinese with a reverse button"
description = "Chinese rules; half a point to the player who makes the last pass."
source = "Sensei's Library, ButtonGo"
extends = "chinese"

[[scoring.bonus]]
event = "last-pass"
by = "either"
to = "maker"
points = 0.5
counting = ["area"]
"#;

#[test]
fn a_new_rule_is_a_ruleset_file() {
    let rules = gorules_rules::parse(REVERSE_BUTTON, "reverse-button.toml").unwrap();
    // Dame parity: Black fills c5 and passes last. Area 13 - 12 (Chinese), and Black's last
    // pass is worth half a point: 13.5 - 12 -> B+1.5.
    let mut g = gorules_rules::Game::new(
        rules.clone(),
        gorules_rules::Setup::even(
            gorules_board::Board::new(gorules_board::Size::square(5).unwrap()),
            gorules_rules::Komi::ZERO,
        ),
    );
    play(
        &mut g,
        "B b3 W d3 B b2 W d2 B b4 W d4 B b1 W d1 B b5 W d5 B c1 W c2 B c3 W c4 B c5 W pass B pass",
    );
    g.finish(&[]);
    let s = g.score(Counting::Area);
    assert_eq!((s.black.total, s.white.total), (13.5, 12.0));
    assert_eq!(s.black.bonus, 0.5);
    assert_eq!(s.result(), "B+1.5");
}
