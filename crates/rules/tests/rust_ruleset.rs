//! A ruleset written in Rust by implementing the `Ruleset` trait (issue 3: "A user can write a
//! ruleset in Rust by implementing the trait"), run through the same `Game` as the TOML ones.
//!
//! "Reverse komi button": Chinese rules, except that the player who makes the game's last pass
//! gets half a point (a reverse button, research note 2.3). Everything else is delegated to the
//! built-in Chinese ruleset.

mod common;

use common::*;
use gorules_board::{Color, Move};
use gorules_rules::params::IllegalMoveRule;
use gorules_rules::{
    builtin, Counting, GameState, Illegal, PlayStatus, RuleSet, Ruleset, Score, Settlement,
};

struct ReverseButton {
    base: RuleSet,
}

impl Ruleset for ReverseButton {
    fn id(&self) -> &str {
        "reverse-button"
    }
    fn name(&self) -> &str {
        "Chinese with a reverse button"
    }
    fn check(&self, state: &GameState, color: Color, mv: Move) -> Result<(), Illegal> {
        self.base.check(state, color, mv)
    }
    fn illegal_moves(&self) -> IllegalMoveRule {
        self.base.illegal_moves()
    }
    fn pass_stones(&self) -> bool {
        false
    }
    fn play_status(&self, state: &GameState) -> PlayStatus {
        self.base.play_status(state)
    }
    fn final_pass(&self, state: &GameState) -> Option<Color> {
        self.base.final_pass(state)
    }
    fn long_cycle_ends_game(&self, state: &GameState) -> bool {
        self.base.long_cycle_ends_game(state)
    }
    fn resumption_first(&self, state: &GameState) -> Option<Color> {
        self.base.resumption_first(state)
    }
    fn settlement(&self, state: &GameState) -> Settlement {
        self.base.settlement(state)
    }
    fn countings(&self) -> Vec<Counting> {
        vec![Counting::Area]
    }
    fn score(&self, state: &GameState, counting: Counting) -> Score {
        let mut s = self.base.score(state, counting);
        if let Some(last) = state.last_pass() {
            let side = match last {
                Color::Black => &mut s.black,
                Color::White => &mut s.white,
            };
            side.bonus += 0.5;
            side.total += 0.5;
        }
        s.margin = s.black.total - s.white.total;
        s.outcome = gorules_rules::Outcome::Points { margin: s.margin };
        s
    }
}

#[test]
fn a_rust_ruleset_runs_through_the_same_game() {
    // Dame parity (research §2.1), Black fills c5 and passes last: area 13 - 12, and Black's
    // last pass is worth half a point: 13.5 - 12 -> B+1.5.
    let rules = ReverseButton {
        base: builtin("chinese").unwrap(),
    };
    let mut g = gorules_rules::Game::new(
        &rules,
        gorules_rules::Setup::even(
            gorules_board::Board::new(gorules_board::Size::square(5).unwrap()),
            0.0,
        ),
    );
    play(
        &mut g,
        "B b3 W d3 B b2 W d2 B b4 W d4 B b1 W d1 B b5 W d5 B c1 W c2 B c3 W c4 B c5 W pass B pass",
    );
    g.finish(&[]);
    let s = g.score(Counting::Area);
    assert_eq!((s.black.total, s.white.total), (13.5, 12.0));
    assert_eq!(s.result(), "B+1.5");
}
