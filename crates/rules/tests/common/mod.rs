//! Helpers for the rules tests: set up a game from a diagram and play moves written as
//! `"B b3 W d3 B pass"` (GTP coordinates, rows from the bottom) or `"B ca W fa"` (SGF).
#![allow(dead_code)]

use gorules_board::coords::{parse_gtp_move, parse_sgf_move};
use gorules_board::diagram::from_diagram;
use gorules_board::{Board, Color, Move, Size};
use gorules_rules::{builtin, Counting, Game, MoveReport, Ruleset, Setup};

/// A built-in ruleset (panics on a typo in the test).
pub fn rules(id: &str) -> Ruleset {
    builtin(id).unwrap_or_else(|| panic!("no built-in ruleset {id}"))
}

/// An even game on an empty square board.
pub fn empty_game(rules: &Ruleset, n: u32, komi: f64) -> Game {
    Game::new(
        rules.clone(),
        Setup::even(
            Board::new(Size::square(n).unwrap()),
            gorules_rules::Komi::new(komi).unwrap(),
        ),
    )
}

/// A game from a diagram position (setup stones, not handicap), `first` to move.
pub fn diagram_game(rules: &Ruleset, diagram: &str, komi: f64, first: Color) -> Game {
    Game::new(
        rules.clone(),
        Setup {
            board: from_diagram(diagram).unwrap(),
            handicap: 0,
            komi: gorules_rules::Komi::new(komi).unwrap(),
            first,
        },
    )
}

fn parse_moves(game: &Game, text: &str, sgf: bool) -> Vec<(Color, Move)> {
    let size = game.state().board().size();
    let tokens: Vec<&str> = text.split_whitespace().collect();
    assert!(tokens.len() % 2 == 0, "moves come in pairs: {text}");
    tokens
        .chunks(2)
        .map(|pair| {
            let color = match pair[0] {
                "B" => Color::Black,
                "W" => Color::White,
                other => panic!("bad colour {other}"),
            };
            let mv = if pair[1] == "pass" {
                Move::Pass
            } else if sgf {
                parse_sgf_move(pair[1], size).unwrap()
            } else {
                parse_gtp_move(pair[1], size).unwrap()
            };
            (color, mv)
        })
        .collect()
}

fn play_parsed(game: &mut Game, moves: Vec<(Color, Move)>) -> Vec<MoveReport> {
    moves
        .into_iter()
        .map(|(c, m)| {
            game.play(c, m)
                .unwrap_or_else(|e| panic!("{c:?} {m:?}: {e}"))
        })
        .collect()
}

/// GTP-coordinate moves (`"B b3 W pass"`) on a square board of side `n`.
pub fn gtp_moves(n: u32, text: &str) -> Vec<(Color, Move)> {
    let concord = rules("concord");
    let g = Game::new(
        concord.clone(),
        Setup::even(
            Board::new(Size::square(n).unwrap()),
            gorules_rules::Komi::ZERO,
        ),
    );
    parse_moves(&g, text, false)
}

/// Plays GTP-coordinate moves; panics on a record error (out of turn, occupied).
pub fn play(game: &mut Game, text: &str) -> Vec<MoveReport> {
    let moves = parse_moves(game, text, false);
    play_parsed(game, moves)
}

/// Plays SGF-coordinate moves.
pub fn play_sgf(game: &mut Game, text: &str) -> Vec<MoveReport> {
    let moves = parse_moves(game, text, true);
    play_parsed(game, moves)
}

/// The result string by `counting`.
pub fn result(game: &Game, counting: Counting) -> String {
    game.score(counting).result()
}

/// (Black total, White total) by `counting`.
pub fn totals(game: &Game, counting: Counting) -> (f64, f64) {
    let s = game.score(counting);
    (s.black.total, s.white.total)
}

/// splitmix64: seeded random numbers for the random-game tests.
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Everything observable of a game.
pub fn snapshot(g: &Game) -> String {
    let st = g.state();
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {} {} {:?} {:?}",
        g.status(),
        g.to_move(),
        st.moves(),
        st.history(),
        st.prisoners(Color::Black),
        st.prisoners(Color::White),
        st.ko_point(),
        st.board().position(),
        st.phase(),
        st.phase_moves().len(),
        g.first_illegal(),
        g.special_outcome(),
    )
}

/// Every built-in ruleset, then KataGo rulesets whose knobs no built-in one has (simple ko
/// with its ending pass and no-result cycles, cleanup phases, pass-alive settlement, the end
/// of play once every point is pass-alive), for tests that hold the fast paths to `Game::play`.
pub fn builtin_and_katago() -> Vec<Ruleset> {
    let mut all = gorules_rules::builtins();
    for rules in [
        "katago:japanese",
        "katago:chinese",
        "katago:tromp-taylor",
        "katago:aga-button",
        "katago:koSIMPLEscoreAREAtaxNONEsui1fpok0",
    ] {
        all.push(gorules_rules::load(rules).unwrap_or_else(|e| panic!("{e}")));
    }
    all
}
