//! KataGo's own rules tests (KataGo cpp/tests/testrules.cpp), ported: each test below plays
//! the position and moves of one of KataGo's tests under the knobs its rules map to
//! (docs/rules-model.md, "KataGo's rules in the model") and asserts what KataGo's test
//! asserts: scores (White minus Black), winners, no-result endings, which moves are legal,
//! the cleanup phase reached and the boards KataGo prints.
//!
//! Points are written as KataGo writes them, `x,y` with `y = 0` the top row, which is
//! gorules' own [`Point`] orientation; boards are KataGo's diagrams (`x` Black, `o` White).

use crate::common::*;
use gorules_board::diagram::from_diagram;
use gorules_board::{Color, Move, Point};
use gorules_rules::owned_regions::owned_regions;
use gorules_rules::{parse, Game, Illegal, MoveKind, Outcome, Ruleset, Status};

/// KataGo's `koRule`.
#[derive(Clone, Copy, Debug)]
enum Ko {
    Simple,
    Positional,
    Situational,
}

/// KataGo's `scoringRule`.
#[derive(Clone, Copy, Debug)]
enum Scoring {
    Area,
    Territory,
}

/// KataGo's `taxRule`.
#[derive(Clone, Copy, Debug)]
enum Tax {
    None,
    Seki,
    All,
}

const TAXES: [Tax; 3] = [Tax::None, Tax::Seki, Tax::All];

/// The ruleset KataGo's rules map to: `ko`, `scoring`, `tax`, `multiStoneSuicideLegal`,
/// `hasButton`; dead stones by pass-aliveness, as KataGo scores.
fn kata(ko: Ko, scoring: Scoring, tax: Tax, multi_stone_suicide: bool, button: bool) -> Ruleset {
    let (ko, long_cycle, repeated_pass) = match ko {
        Ko::Simple => ("simple", "no-result", true),
        Ko::Positional => ("positional-superko", "continue", false),
        Ko::Situational => ("situational-superko", "continue", false),
    };
    let (counting, end_of_play) = match scoring {
        Scoring::Area => ("area", "two-passes"),
        Scoring::Territory => ("territory", "cleanup-phases"),
    };
    let tax = match tax {
        Tax::None => "none",
        Tax::Seki => "seki",
        Tax::All => "all",
    };
    let suicide = if multi_stone_suicide {
        "multi-stone"
    } else {
        "illegal"
    };
    let text = format!(
        "id = \"kata\"\nname = \"kata\"\ndescription = \"kata\"\nsource = \"kata\"\n\
         [play]\nko = \"{ko}\"\nlong-cycle = \"{long_cycle}\"\nsuicide = \"{suicide}\"\n\
         pass-stones = false\nillegal-moves = \"pass\"\n\
         [end]\nend-of-play = \"{end_of_play}\"\ndead-stones = \"pass-alive\"\n\
         resumption-first = \"opponent-of-last-passer\"\nplay-until-captured = false\n\
         resumption-double-pass-ends = false\nrepeated-pass-ends = {repeated_pass}\n\
         button = {button}\nall-pass-alive-ends = false\n\
         [scoring]\ncounting = [\"{counting}\"]\nseki-eyes = \"count\"\ntax = \"{tax}\"\n\
         handicap-compensation = \"none\"\nhandicap-placement = \"free\"\n\
         komi = 0\nhandicap-komi = 0\n"
    );
    parse(&text, "kata.toml").unwrap()
}

/// Moves written as KataGo's tests make them: `"B 5,1 W pass"`, points as `x,y` from the
/// top left.
fn moves(text: &str) -> Vec<(Color, Move)> {
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
            let mv = match pair[1] {
                "pass" => Move::Pass,
                xy => {
                    let (x, y) = xy.split_once(',').unwrap();
                    Move::Play(Point::new(x.parse().unwrap(), y.parse().unwrap()))
                }
            };
            (color, mv)
        })
        .collect()
}

/// Plays `text`, each move asserted legal first (KataGo's `makeMoveAssertLegal`).
fn play_legal(game: &mut Game, text: &str) {
    for (c, m) in moves(text) {
        assert_eq!(game.check(c, m), Ok(Ok(())), "{c:?} {m:?} should be legal");
        let report = game.play(c, m).unwrap();
        assert_eq!(report.illegal, None, "{c:?} {m:?}");
    }
}

/// A position of a test: rules, board, who moves first, komi.
struct Case<'r> {
    rules: &'r Ruleset,
    board: &'r str,
    first: Color,
    komi: f64,
}

impl<'r> Case<'r> {
    /// The game after `text`, every move asserted legal.
    fn game(&self, text: &str) -> Game {
        let mut game = diagram_game(self.rules, self.board, self.komi, self.first);
        play_legal(&mut game, text);
        game
    }

    /// KataGo's `finalScoreIfGameEndedNow`: the game after `text` scored as it stands
    /// (`endAndScoreGameNow`), which must equal the score once both players pass it out.
    fn score_now(&self, text: &str) -> f64 {
        let mut now = self.game(text);
        now.finish_as_it_stands(&[]);
        let mut passed_out = self.game(text);
        for _ in 0..8 {
            if !matches!(passed_out.status(), Status::Playing { .. }) {
                break;
            }
            let c = passed_out.to_move();
            passed_out.play(c, Move::Pass).unwrap();
        }
        assert!(finished(&passed_out), "passes end the game after {text:?}");
        passed_out.finish(&[]);
        let score = white_minus_black(&now);
        assert_eq!(
            score,
            white_minus_black(&passed_out),
            "scored now and passed out after {text:?}"
        );
        score
    }
}

/// KataGo's `isGameFinished`.
fn finished(game: &Game) -> bool {
    matches!(game.status(), Status::Ended | Status::Finished)
}

/// KataGo's `finalWhiteMinusBlackScore`, by the ruleset's counting.
fn white_minus_black(game: &Game) -> f64 {
    let s = game.score(game.rules().counting[0]);
    s.white.total - s.black.total
}

/// KataGo's `winner` of a game that ended on points (`None`: a draw).
fn winner(game: &Game) -> Option<Color> {
    let s = game.score(game.rules().counting[0]);
    match s.outcome {
        Outcome::Points { margin } if margin > 0.0 => Some(Color::Black),
        Outcome::Points { margin } if margin < 0.0 => Some(Color::White),
        _ => None,
    }
}

/// KataGo's `printIllegalMoves` "Illegal:" lines: the empty points where the player to move
/// may not play, illegal suicides left out, as `(x, y)` row by row from the top.
fn illegal(game: &Game) -> Vec<(u8, u8)> {
    let c = game.to_move();
    let board = game.state().board();
    board
        .size()
        .points()
        .filter(|&p| board.get(p).is_none())
        .filter(|&p| {
            matches!(game.check(c, Move::Play(p)),
                Ok(Err(e)) if !matches!(e, Illegal::Suicide { .. }))
        })
        .map(|p| (p.x, p.y))
        .collect()
}

/// KataGo's "Ko-recap-blocked" lines as far as a move shows them: a play of the player to
/// move on a blocked opponent stone that is a single stone in atari is a pass for ko, legal
/// on an occupied point. Asserts that, of all opponent stones, exactly those of the blocked
/// points `katago` lists that are such stones take such a play (a block on a stone of the
/// player to move, or on a stone not in atari, shows in no move and is not checked).
fn assert_blocks(game: &Game, katago: &[(u8, u8)]) {
    let c = game.to_move();
    let board = game.state().board();
    let probeable = |p: Point| {
        board.get(p) == Some(c.opponent())
            && board.liberty_count(p) == 1
            && board
                .size()
                .neighbors(p)
                .all(|q| board.get(q) != Some(c.opponent()))
    };
    let expected: Vec<(u8, u8)> = katago
        .iter()
        .copied()
        .filter(|&(x, y)| probeable(Point::new(x, y)))
        .collect();
    let seen: Vec<(u8, u8)> = board
        .size()
        .points()
        .filter(|&p| board.get(p) == Some(c.opponent()))
        .filter(|&p| game.check(c, Move::Play(p)) == Ok(Ok(())))
        .map(|p| (p.x, p.y))
        .collect();
    assert_eq!(
        seen, expected,
        "ko-recapture blocks (KataGo lists {katago:?})"
    );
}

/// Whether the last move was a pass for ko.
fn last_was_pass_for_ko(game: &Game) -> bool {
    game.state().moves().last().unwrap().kind == MoveKind::PassForKo
}

/// Asserts the board is KataGo's printed one.
fn assert_board(game: &Game, diagram: &str) {
    assert_eq!(
        game.state().board().position(),
        from_diagram(diagram).unwrap().position(),
        "board"
    );
}

/// KataGo cpp/tests/testrules.cpp, "Area rules" (all but one assertion: see the pass after
/// the end)
#[test]
fn area_rules() {
    let rules = kata(Ko::Positional, Scoring::Area, Tax::None, true, false);
    let case = Case {
        rules: &rules,
        board: "
            ....
            ....
            ....
            ....",
        first: Color::Black,
        komi: 0.5,
    };
    let fill = "B 1,1 W 2,2 B 1,2 W 2,1 B 1,3 W 2,3 B 1,0 W 2,0";
    let mut game = case.game(fill);
    assert!(!finished(&game));
    play_legal(&mut game, "B pass");
    assert!(!finished(&game));
    play_legal(&mut game, "W pass");
    assert!(finished(&game));
    let mut ended = case.game(&format!("{fill} B pass W pass"));
    ended.finish(&[]);
    assert_eq!(white_minus_black(&ended), 0.5);
    assert_eq!(winner(&ended), Some(Color::White));
    // KataGo plays on after the end. Its pass there keeps the game over (boardhistory.cpp,
    // `makeBoardMoveAssumeLegal`: the passes in a row go on counting across the end, three
    // now); in gorules a move after the end resumes play, and the passes that end it again
    // are counted from there, so this pass alone does not. Not asserted here.
    play_legal(&mut game, "B pass");
    play_legal(&mut game, "W 3,2");
    assert!(!finished(&game));
    play_legal(&mut game, "B pass");
    assert!(!finished(&game));
    play_legal(&mut game, "W pass");
    assert!(finished(&game));
    game.finish(&[]);
    assert_eq!(white_minus_black(&game), 0.5);
    assert_eq!(winner(&game), Some(Color::White));
    assert_board(
        &game,
        "
        . X O .
        . X O .
        . X O O
        . X O .",
    );
}

/// The position of KataGo's ko rules tests: Black takes at 5,1; a "sending two returning
/// one" shape in the top left.
const SEND_TWO: &str = "
    .o.xxo
    oxxxo.
    o.x.oo
    xx.oo.
    oooo.o";

fn send_two(ko: Ko) -> Ruleset {
    kata(ko, Scoring::Territory, Tax::Seki, false, false)
}

/// KataGo cpp/tests/testrules.cpp, "Simple ko rules"
#[test]
fn simple_ko_rules() {
    let rules = send_two(Ko::Simple);
    let case = Case {
        rules: &rules,
        board: SEND_TWO,
        first: Color::Black,
        komi: 0.5,
    };
    let mut game = case.game("B 5,1");
    assert_eq!(illegal(&game), [(5, 0)], "after Black's ko capture");
    play_legal(&mut game, "W pass");
    assert_eq!(illegal(&game), []);
    // A pass now would end the main phase, not the game.
    let tmp = case.game("B 5,1 W pass B pass");
    assert_eq!(tmp.state().phase(), 1);
    assert!(!finished(&tmp));
    play_legal(&mut game, "B 2,3");
    assert_eq!(game.state().phase(), 0);
    assert!(!finished(&game));
    assert_eq!(illegal(&game), []);
    play_legal(&mut game, "W 5,0");
    assert_eq!(illegal(&game), [(5, 1)], "White's recapture");
    play_legal(&mut game, "B 3,2");
    // Sending two returning one.
    for (mv, after) in [
        ("W 2,0", "B"),
        ("B 0,0", "W"),
        ("W 1,0", "B"),
        ("B pass", "W"),
        ("W 2,0", "B"),
        ("B 0,0", "W"),
        ("W 1,0", "B"),
    ] {
        play_legal(&mut game, mv);
        assert_eq!(illegal(&game), [], "after {mv}, {after} to move");
    }
    assert_eq!(game.state().phase(), 0);
    assert!(!finished(&game));
    // Black passes again from a state he passed from: the main phase ends.
    play_legal(&mut game, "B pass");
    assert_eq!(illegal(&game), []);
    assert_eq!(game.state().phase(), 1);
    assert!(!finished(&game));
    play_legal(&mut game, "W pass B pass W pass B pass");
    assert_eq!(game.state().phase(), 2);
    assert!(finished(&game));
    game.finish(&[]);
    assert_eq!(game.special_outcome(), None);
    assert_eq!(winner(&game), Some(Color::Black));
    assert_eq!(white_minus_black(&game), -1.5);
}

/// The moves of "Positional ko rules" and "Situational ko rules" after Black's capture and
/// White's pass, with what KataGo lists as illegal after each: under positional superko,
/// then under situational superko.
/// Points as `(x, y)`.
type Points = &'static [(u8, u8)];

const SUPERKO_CYCLE: [(&str, Points, Points); 7] = [
    ("B 3,2", &[], &[]),
    ("W 2,0", &[], &[]),
    ("B 0,0", &[(1, 0)], &[]),
    ("W 5,0", &[(5, 1)], &[(5, 1)]),
    ("B pass", &[], &[]),
    ("W 1,0", &[(5, 1)], &[(5, 1)]),
    ("B pass", &[], &[]),
];

fn superko_ko_rules(ko: Ko, positional: bool) {
    let rules = send_two(ko);
    let case = Case {
        rules: &rules,
        board: SEND_TWO,
        first: Color::Black,
        komi: 0.5,
    };
    let mut game = case.game("B 5,1");
    assert_eq!(illegal(&game), [(5, 0)], "after Black's ko capture");
    play_legal(&mut game, "W pass");
    assert_eq!(illegal(&game), []);
    let tmp = case.game("B 5,1 W pass B pass");
    assert_eq!(tmp.state().phase(), 1);
    assert!(!finished(&tmp));
    for (mv, pos, sit) in SUPERKO_CYCLE {
        play_legal(&mut game, mv);
        let expected = if positional { pos } else { sit };
        assert_eq!(illegal(&game), expected, "after {mv}");
    }
    play_legal(&mut game, "W 2,0");
    let expected: &[(u8, u8)] = if positional {
        &[(0, 0), (5, 1)]
    } else {
        &[(0, 0)]
    };
    assert_eq!(illegal(&game), expected, "after White sends two again");
    assert_eq!(game.state().phase(), 0);
    assert!(!finished(&game));
}

/// KataGo cpp/tests/testrules.cpp, "Positional ko rules"
#[test]
fn positional_ko_rules() {
    superko_ko_rules(Ko::Positional, true);
}

/// KataGo cpp/tests/testrules.cpp, "Situational ko rules"
#[test]
fn situational_ko_rules() {
    superko_ko_rules(Ko::Situational, false);
}

/// KataGo cpp/tests/testrules.cpp, "Suicide ko testing" (positional and situational superko;
/// the test's last steps play moves KataGo asserts illegal, which a gorules game replaces by
/// passes, and are left out)
#[test]
fn suicide_ko_testing() {
    let board = "
        .oxo.x
        oxxooo
        xx....
        ......
        ......";
    for (ko, after_suicide) in [
        (Ko::Positional, &[(5u8, 0u8)][..]),
        (Ko::Situational, &[][..]),
    ] {
        let rules = kata(ko, Scoring::Area, Tax::None, true, false);
        let case = Case {
            rules: &rules,
            board,
            first: Color::Black,
            komi: 0.5,
        };
        let mut game = case.game("B 4,0 W pass");
        assert_eq!(illegal(&game), after_suicide, "{ko:?}: after the suicide");
        play_legal(&mut game, "B 4,0 W 0,0 B 5,0 W 1,0 B pass");
        assert_eq!(illegal(&game), [(0, 1)], "{ko:?}: after a little looping");
        play_legal(&mut game, "W 0,0 B 4,0");
        assert_eq!(illegal(&game), [(0, 1)], "{ko:?}: filling in a bit more");
    }
}

/// KataGo cpp/tests/testrules.cpp, "Eternal life"
#[test]
fn eternal_life() {
    let rules = kata(Ko::Simple, Scoring::Area, Tax::None, false, false);
    let case = Case {
        rules: &rules,
        board: "
            ........
            oooooo..
            xxxxxo..
            xoooxxoo
            .o.x.ox.",
        first: Color::Black,
        komi: 0.5,
    };
    let mut game = case.game("B 2,4 W 4,4 B 3,4 W 5,4 B 2,4 W 4,4 B 3,4");
    assert!(!finished(&game));
    play_legal(&mut game, "W 5,4");
    assert!(finished(&game));
    assert_eq!(game.special_outcome(), Some(Outcome::NoResult));
    assert_eq!(winner(&game), None);
    // No result: KataGo's score is 0.
    assert_eq!(game.score(game.rules().counting[0]).margin, 0.0);
}

const TRIPLE_KO: &str = "
    ooooooo
    oxo.o.o
    x.xoxox
    xxxxxxx
    ooooooo
    .......";

/// KataGo cpp/tests/testrules.cpp, "Triple ko simple"
#[test]
fn triple_ko_simple() {
    let rules = kata(Ko::Simple, Scoring::Area, Tax::None, false, false);
    let case = Case {
        rules: &rules,
        board: TRIPLE_KO,
        first: Color::Black,
        komi: 0.5,
    };
    let cycle = "B 3,1 W 1,2 B 5,1 W 3,2 B 1,1 W 5,2";
    let mut game = case.game(&format!("{cycle} B 3,1 W 1,2 B 5,1 W 3,2 B 1,1"));
    assert!(!finished(&game));
    play_legal(&mut game, "W 5,2");
    assert!(finished(&game));
    assert_eq!(game.special_outcome(), Some(Outcome::NoResult));
    assert_eq!(winner(&game), None);
    // No result: KataGo's score is 0.
    assert_eq!(game.score(game.rules().counting[0]).margin, 0.0);
}

/// KataGo cpp/tests/testrules.cpp, "Triple ko superko"
#[test]
fn triple_ko_superko() {
    let rules = kata(Ko::Positional, Scoring::Area, Tax::None, false, false);
    let case = Case {
        rules: &rules,
        board: TRIPLE_KO,
        first: Color::Black,
        komi: 0.5,
    };
    let game = case.game("B 3,1 W 1,2 B 5,1 W 3,2 B 1,1");
    assert_eq!(illegal(&game), [(1, 2), (5, 2)]);
}

/// KataGo cpp/tests/testrules.cpp, "Triple ko encore"
#[test]
fn triple_ko_encore() {
    let rules = kata(Ko::Positional, Scoring::Territory, Tax::Seki, false, false);
    let case = Case {
        rules: &rules,
        board: TRIPLE_KO,
        first: Color::Black,
        komi: 0.5,
    };
    let mut game = case.game("B pass W pass B 3,1 W 1,2 B 5,1");
    play_legal(&mut game, "W 3,2");
    assert!(last_was_pass_for_ko(&game), "White's 3,2 is a pass for ko");
    // A complete capture.
    play_legal(&mut game, "B 1,1");
    assert_board(
        &game,
        "
        . . . . . . .
        . X . X . X .
        X . X . X . X
        X X X X X X X
        O O O O O O O
        . . . . . . .",
    );
    // KataGo: "Ko recap blocked at F5", Black's 5,1, which has three liberties.
    assert_blocks(&game, &[(5, 1)]);
}

/// The position of KataGo's main-phase and encore scoring tests.
const SCORING_BOARD: &str = "
    ox.ooo.
    oxxxxxx
    ooooooo
    .xoxx..
    ooox...
    x.oxxxx
    .xox...";

/// The scores KataGo prints in a scoring test, one row per tax rule (none, seki, all), at
/// each point of `stops` in the moves.
fn scores_along(
    scoring: Scoring,
    board: &str,
    first: Color,
    komi: f64,
    stops: &[&str],
    expected: [[f64; 8]; 3],
) {
    for (tax, expected) in TAXES.into_iter().zip(expected) {
        let rules = kata(Ko::Positional, scoring, tax, false, false);
        let case = Case {
            rules: &rules,
            board,
            first,
            komi,
        };
        let mut text = String::new();
        let mut got = Vec::new();
        for stop in stops {
            text.push(' ');
            text.push_str(stop);
            got.push(case.score_now(&text));
        }
        assert_eq!(got, expected, "{scoring:?}, tax {tax:?}");
    }
}

const SCORING_MOVES: [&str; 8] = [
    "", "B 5,3", "W 6,3", "B 6,4", "W 5,4", "B 4,4", "W 0,3", "B 6,6",
];

/// KataGo cpp/tests/testrules.cpp, "Area scoring in the main phase"
#[test]
fn area_scoring_in_the_main_phase() {
    scores_along(
        Scoring::Area,
        SCORING_BOARD,
        Color::Black,
        0.5,
        &SCORING_MOVES,
        [
            [-3.5, -4.5, -3.5, -6.5, -6.5, -6.5, -3.5, -3.5],
            [0.5, -0.5, 0.5, -5.5, -5.5, -5.5, -3.5, -3.5],
            [0.5, -0.5, 0.5, -3.5, -3.5, -3.5, -1.5, -1.5],
        ],
    );
}

/// KataGo cpp/tests/testrules.cpp, "Territory scoring in the main phase"
#[test]
fn territory_scoring_in_the_main_phase() {
    scores_along(
        Scoring::Territory,
        SCORING_BOARD,
        Color::Black,
        0.5,
        &SCORING_MOVES,
        [
            [-3.5, -3.5, -3.5, -5.5, -6.5, -5.5, -3.5, -2.5],
            [0.5, 0.5, 0.5, -4.5, -5.5, -4.5, -3.5, -2.5],
            [0.5, 0.5, 0.5, -2.5, -3.5, -2.5, -1.5, -0.5],
        ],
    );
}

/// KataGo cpp/tests/testrules.cpp, "Territory scoring in encore 1"
#[test]
fn territory_scoring_in_encore_1() {
    let mut stops = SCORING_MOVES;
    stops[4] = "W pass B pass W 5,4";
    scores_along(
        Scoring::Territory,
        SCORING_BOARD,
        Color::Black,
        0.5,
        &stops,
        [
            [-3.5, -3.5, -3.5, -5.5, -6.5, -5.5, -3.5, -2.5],
            [0.5, 0.5, 0.5, -4.5, -5.5, -4.5, -3.5, -2.5],
            [0.5, 0.5, 0.5, -2.5, -3.5, -2.5, -1.5, -0.5],
        ],
    );
}

/// KataGo cpp/tests/testrules.cpp, "Territory scoring in encore 2"
#[test]
fn territory_scoring_in_encore_2() {
    let mut stops = SCORING_MOVES;
    stops[4] = "W pass B pass W pass B pass W 5,4";
    scores_along(
        Scoring::Territory,
        SCORING_BOARD,
        Color::Black,
        0.5,
        &stops,
        [
            [-3.5, -3.5, -3.5, -5.5, -5.5, -5.5, -3.5, -3.5],
            [0.5, 0.5, 0.5, -4.5, -4.5, -4.5, -3.5, -3.5],
            [0.5, 0.5, 0.5, -2.5, -2.5, -2.5, -1.5, -1.5],
        ],
    );
}

/// The position of KataGo's seki-liberty tests.
const SEKI_BOARD: &str = "
    ...oxx.
    oooox.x
    xxxxoxx
    o.xoooo
    .oxox.o
    oxxo.x.
    o.xoo.x";

const SEKI_MOVES: [&str; 8] = [
    "", "W 6,5", "B 5,6", "W 0,4", "B 6,0", "W 1,0", "B 4,5", "W 5,4",
];

/// KataGo cpp/tests/testrules.cpp, "Fill seki liberties in main phase"
#[test]
fn fill_seki_liberties_in_main_phase() {
    scores_along(
        Scoring::Territory,
        SEKI_BOARD,
        Color::White,
        -0.5,
        &SEKI_MOVES,
        [
            [1.5, 1.5, 1.5, 0.5, 1.5, 0.5, 0.5, 10.5],
            [0.5, 0.5, 0.5, 0.5, 2.5, 1.5, 1.5, 11.5],
            [0.5, 0.5, 0.5, 0.5, 0.5, -0.5, -0.5, 7.5],
        ],
    );
}

/// KataGo cpp/tests/testrules.cpp, "Fill seki liberties in encore 2"
#[test]
fn fill_seki_liberties_in_encore_2() {
    let mut stops = SEKI_MOVES;
    stops[0] = "W pass B pass W pass B pass";
    scores_along(
        Scoring::Territory,
        SEKI_BOARD,
        Color::White,
        -0.5,
        &stops,
        [
            [1.5, 1.5, 1.5, 0.5, 1.5, 1.5, 1.5, 11.5],
            [0.5, 0.5, 0.5, 0.5, 2.5, 2.5, 2.5, 12.5],
            [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 8.5],
        ],
    );
}

/// KataGo cpp/tests/testrules.cpp, "Area scoring with button"
#[test]
fn area_scoring_with_button() {
    let board = "
        ..x.xo.
        ..xxoo.
        ...xo..
        ..xxo..
        ..x.o..
        ..xxo..
        ...xo..";
    let stops = [
        "", "B 3,4", "W 3,0", "B 1,2", "W 4,0", "B pass", "W 6,2", "B pass", "W pass",
    ];
    for (button, expected) in [
        (
            false,
            [-5.5, -6.5, -2.5, -2.5, -2.5, -2.5, -2.5, -2.5, -2.5],
        ),
        (true, [-6.0, -6.0, -3.0, -2.0, -3.0, -3.0, -3.0, -3.0, -3.0]),
    ] {
        let rules = kata(Ko::Simple, Scoring::Area, Tax::None, false, button);
        let case = Case {
            rules: &rules,
            board,
            first: Color::Black,
            komi: 2.5,
        };
        let mut text = String::new();
        let mut got = Vec::new();
        for stop in stops {
            text.push(' ');
            text.push_str(stop);
            got.push(case.score_now(&text));
        }
        assert_eq!(got, expected, "button {button}");
        assert!(finished(&case.game(&text)), "button {button}");
    }
}

/// KataGo cpp/tests/testrules.cpp, "Pass for ko"
#[test]
fn pass_for_ko() {
    let rules = kata(Ko::Positional, Scoring::Territory, Tax::Seki, false, false);
    let case = Case {
        rules: &rules,
        board: "
            ..ox.oo
            ..oxxxo
            ...oox.
            ....oxx
            ..o.oo.
            .......
            .......",
        first: Color::Black,
        komi: 0.5,
    };
    let mut game = case.game("B pass W pass");
    assert_eq!(game.state().phase(), 1);
    play_legal(&mut game, "B pass W 6,2 B 4,0 W 6,1 B 6,0 W 5,0");
    // Black can't retake.
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(5, 0)]);
    play_legal(&mut game, "B 2,2 W 1,2");
    // A ko threat does not work in the cleanup phases.
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(5, 0)]);
    play_legal(&mut game, "B pass W 0,6");
    // Nor does a plain pass.
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(5, 0)]);
    // A pass for ko does not change the board.
    play_legal(&mut game, "B 6,0");
    assert!(last_was_pass_for_ko(&game));
    assert_board(
        &game,
        "
        . . O X X O .
        . . O X X X O
        . O X O O X .
        . . . . O X X
        . . O . O O .
        . . . . . . .
        O . . . . . .",
    );
    // Now Black can retake, and White's retake is blocked.
    play_legal(&mut game, "W 0,5 B 6,0");
    assert!(!last_was_pass_for_ko(&game));
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(6, 0)]);
    play_legal(&mut game, "W 5,0");
    assert!(last_was_pass_for_ko(&game));
    play_legal(&mut game, "B pass");
    // White's retake is legal after passing for ko.
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[]);
    play_legal(&mut game, "W 5,0");
    assert!(!last_was_pass_for_ko(&game));
    // Black's retake is blocked again.
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(5, 0)]);
    play_legal(&mut game, "B 6,0 W pass");
    // And is still illegal, by the once-only rule.
    assert_eq!(illegal(&game), [(6, 0)]);
    play_legal(&mut game, "B 1,1 W 2,3");
    // But a ko threat changes the position.
    assert_eq!(illegal(&game), []);
    play_legal(&mut game, "B 6,0");
    assert!(!last_was_pass_for_ko(&game));
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(6, 0)]);
    assert_eq!(game.state().phase(), 1);
    play_legal(&mut game, "W pass B pass");
    assert_eq!(game.state().phase(), 2);
    // Legal again in the second cleanup phase.
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[]);
    play_legal(&mut game, "W 5,0 B 1,0 W 2,2");
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(5, 0)]);
    play_legal(&mut game, "B 6,0");
    assert!(last_was_pass_for_ko(&game));
    play_legal(&mut game, "W pass");
    assert_eq!(illegal(&game), []);
    // And repeat with White.
    play_legal(&mut game, "B 6,0 W 5,0 B pass W 5,0 B 6,0 W pass");
    // The once-only rule for Black.
    assert_eq!(illegal(&game), [(6, 0)]);
}

/// KataGo cpp/tests/testrules.cpp, "Two step ko in encore"
#[test]
fn two_step_ko_in_encore() {
    let rules = kata(Ko::Situational, Scoring::Territory, Tax::Seki, true, false);
    let case = Case {
        rules: &rules,
        board: "
            x.x....
            .xx....
            xox....
            ooo....
            .......",
        first: Color::White,
        komi: 0.5,
    };
    let mut game = case.game("W pass B pass");
    assert_eq!(game.state().phase(), 1);
    play_legal(&mut game, "W 0,1");
    // After the first capture.
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(0, 1)]);
    play_legal(&mut game, "B pass W 1,0");
    // After the second capture.
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(1, 0), (0, 1)]);
    play_legal(&mut game, "B 0,0");
    assert!(last_was_pass_for_ko(&game));
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(0, 1)]);
    let after_second_capture = "
        . O X . . . .
        O X X . . . .
        . O X . . . .
        O O O . . . .
        . . . . . . .";
    assert_board(&game, after_second_capture);
    play_legal(&mut game, "W pass");
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(0, 1)]);
    play_legal(&mut game, "B 0,0");
    assert!(!last_was_pass_for_ko(&game));
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(0, 0), (0, 1)]);
    let black_retook = "
        X . X . . . .
        O X X . . . .
        . O X . . . .
        O O O . . . .
        . . . . . . .";
    assert_board(&game, black_retook);
    play_legal(&mut game, "W pass B 0,2");
    assert!(last_was_pass_for_ko(&game));
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(0, 0)]);
    assert_board(&game, black_retook);
    play_legal(&mut game, "W pass B 0,2");
    assert!(!last_was_pass_for_ko(&game));
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(0, 0), (0, 2)]);
    let black_took_two = "
        X . X . . . .
        . X X . . . .
        X O X . . . .
        O O O . . . .
        . . . . . . .";
    assert_board(&game, black_took_two);
    play_legal(&mut game, "W 0,1");
    assert!(last_was_pass_for_ko(&game));
    play_legal(&mut game, "B pass");
    assert_eq!(illegal(&game), [(0, 1)]);
    assert_blocks(&game, &[(0, 0)]);
    assert_board(&game, black_took_two);
}

/// KataGo cpp/tests/testrules.cpp, "Throw in that destroys the ko momentarily does not clear
/// ko recap block"
#[test]
fn throw_in_that_destroys_the_ko_momentarily_does_not_clear_ko_recap_block() {
    let rules = kata(Ko::Situational, Scoring::Territory, Tax::Seki, true, false);
    let case = Case {
        rules: &rules,
        board: "
            x......
            oxx....
            .o.....
            oo.....
            .......",
        first: Color::Black,
        komi: 0.5,
    };
    let mut game = case.game("B pass W pass B pass W pass");
    assert_eq!(game.state().phase(), 2);
    play_legal(&mut game, "B 0,2");
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(0, 2)]);
    play_legal(&mut game, "W 1,0 B 2,0");
    assert_board(
        &game,
        "
        X . X . . . .
        . X X . . . .
        X O . . . . .
        O O . . . . .
        . . . . . . .",
    );
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(0, 2)]);
}

/// The positions of KataGo's group tax tests.
fn group_tax_results(board: &str, expected: [f64; 6]) {
    let mut got = Vec::new();
    for (scoring, passes) in [
        (Scoring::Area, "B pass W pass"),
        (
            Scoring::Territory,
            "B pass W pass B pass W pass B pass W pass",
        ),
    ] {
        for tax in TAXES {
            let rules = kata(Ko::Positional, scoring, tax, false, false);
            let case = Case {
                rules: &rules,
                board,
                first: Color::Black,
                komi: 0.5,
            };
            let mut game = case.game(passes);
            assert!(finished(&game), "{scoring:?} {tax:?}");
            game.finish(&[]);
            let score = white_minus_black(&game);
            let expected_winner = if score > 0.0 {
                Color::White
            } else {
                Color::Black
            };
            assert_eq!(winner(&game), Some(expected_winner));
            got.push(score);
        }
    }
    assert_eq!(got, expected);
}

/// KataGo cpp/tests/testrules.cpp, "GroupTaxSekiScoring"
#[test]
fn group_tax_seki_scoring() {
    group_tax_results(
        "
        .x.xo.o.x
        ...xooox.
        .xxxxxxoo
        xoooooxo.
        xo.o.oxoo
        xoooooxxx
        xxxo...oo
        .xxxoooo.
        .x.xo.o.o",
        [4.5, 6.5, 6.5, -1.5, 0.5, 0.5],
    );
}

/// KataGo cpp/tests/testrules.cpp, "GroupTaxSekiScoring2"
#[test]
fn group_tax_seki_scoring_2() {
    group_tax_results(
        "
        .x.xo.o.x
        ...xooox.
        .xxxxxxoo
        xoooooxo.
        xo.o.oxoo
        xoooooxxx
        xxxoxxxoo
        .xxxoooo.
        .x.xo.o.o",
        [1.5, -0.5, -2.5, -1.5, -3.5, -5.5],
    );
}

/// The position of KataGo's "Sending two returning one" tests, with Black's 2,2 still to
/// play (the "initial pass" tests) or already played.
const SENDING_TWO_OPEN: &str = "
    .....
    ..xxx
    xx.oo
    xooo.
    xo.ox
    xoxx.";

const SENDING_TWO_CLOSED: &str = "
    .....
    ..xxx
    xxxoo
    xooo.
    xo.ox
    xoxx.";

/// KataGo cpp/tests/testrules.cpp, "Sending two returning one initial pass WITHOUT button,
/// simple"
#[test]
fn sending_two_returning_one_initial_pass_without_button_simple() {
    let rules = kata(Ko::Simple, Scoring::Area, Tax::Seki, false, false);
    let case = Case {
        rules: &rules,
        board: SENDING_TWO_OPEN,
        first: Color::Black,
        komi: 0.0,
    };
    let mut game = case.game("B 2,2 W pass B 4,3 W 4,5 B 4,4");
    assert!(!finished(&game));
    play_legal(&mut game, "W pass");
    assert!(finished(&game));
    game.finish(&[]);
    assert_eq!(winner(&game), Some(Color::Black));
    assert_eq!(white_minus_black(&game), -11.0);
}

/// KataGo cpp/tests/testrules.cpp, "Sending two returning one initial pass WITH button,
/// simple"
#[test]
fn sending_two_returning_one_initial_pass_with_button_simple() {
    let rules = kata(Ko::Simple, Scoring::Area, Tax::Seki, false, true);
    let case = Case {
        rules: &rules,
        board: SENDING_TWO_OPEN,
        first: Color::Black,
        komi: 0.5,
    };
    let mut game = case.game("B 2,2 W pass B 4,3 W 4,5 B 4,4");
    assert!(!finished(&game));
    play_legal(&mut game, "W pass");
    assert!(!finished(&game));
    play_legal(&mut game, "B 4,3 W 4,5 B 4,4");
    assert!(!finished(&game));
    play_legal(&mut game, "W pass");
    assert!(finished(&game));
    game.finish(&[]);
    assert_eq!(winner(&game), Some(Color::Black));
    assert_eq!(white_minus_black(&game), -10.0);
}

/// KataGo cpp/tests/testrules.cpp, "Sending two returning one NO initial pass WITHOUT button,
/// SSK"
#[test]
fn sending_two_returning_one_no_initial_pass_without_button_ssk() {
    let rules = kata(Ko::Situational, Scoring::Area, Tax::Seki, false, false);
    let case = Case {
        rules: &rules,
        board: SENDING_TWO_CLOSED,
        first: Color::Black,
        komi: 0.0,
    };
    let game = case.game("B 4,3 W 4,5 B 4,4 W pass");
    assert_eq!(illegal(&game), [(4, 3)]);
    assert!(!finished(&game));
}

/// KataGo cpp/tests/testrules.cpp, "Sending two returning one NO initial pass WITH button,
/// SSK"
#[test]
fn sending_two_returning_one_no_initial_pass_with_button_ssk() {
    let rules = kata(Ko::Situational, Scoring::Area, Tax::Seki, false, true);
    let case = Case {
        rules: &rules,
        board: SENDING_TWO_CLOSED,
        first: Color::Black,
        komi: 0.5,
    };
    let mut game = case.game("B 4,3 W 4,5 B 4,4 W pass");
    assert_eq!(illegal(&game), []);
    assert!(!finished(&game));
    play_legal(&mut game, "B 4,3 W 4,5 B 4,4 W pass");
    assert_eq!(illegal(&game), [(4, 3)]);
}

/// KataGo cpp/tests/testrules.cpp, "Sending two returning one initial pass WITH button, SSK"
#[test]
fn sending_two_returning_one_initial_pass_with_button_ssk() {
    let rules = kata(Ko::Situational, Scoring::Area, Tax::Seki, false, true);
    let case = Case {
        rules: &rules,
        board: SENDING_TWO_OPEN,
        first: Color::Black,
        komi: 0.5,
    };
    let game = case.game("B 2,2 W pass B 4,3 W 4,5 B 4,4 W pass");
    assert_eq!(illegal(&game), [(4, 3)]);
    assert!(!finished(&game));
}

/// KataGo cpp/tests/testrules.cpp, "Various komis" (KataGo changes the komi of the finished
/// game and passes twice more each time; here each komi is its own game)
#[test]
fn various_komis() {
    let rules = kata(Ko::Simple, Scoring::Area, Tax::None, false, false);
    for (komi, expected_winner, score) in [
        (0.5, Some(Color::White), 0.5),
        (0.0, None, 0.0),
        (-0.5, Some(Color::Black), -0.5),
    ] {
        let case = Case {
            rules: &rules,
            board: "
                .......
                .......
                ooooooo
                xxxxxxx
                .......
                .......",
            first: Color::Black,
            komi,
        };
        let mut game = case.game("B pass W pass");
        assert!(finished(&game));
        game.finish(&[]);
        assert_eq!(game.special_outcome(), None);
        assert_eq!(winner(&game), expected_winner, "komi {komi}");
        assert_eq!(white_minus_black(&game), score, "komi {komi}");
    }
}

/// SGF moves (`"B di W pass"`, SGF points from the top left) as `x,y` moves.
fn from_sgf(text: &str) -> String {
    text.split_whitespace()
        .map(|t| match t.as_bytes() {
            [x, y] if t != "pass" && x.is_ascii_lowercase() => {
                format!("{},{}", x - b'a', y - b'a')
            }
            _ => t.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// KataGo cpp/tests/testrules.cpp, "Test basic game": a 12x12 game under simple ko,
/// territory scoring, tax SEKI, multi-stone suicide legal, komi 7.5, ended in the second
/// cleanup phase after 14 moves of it; KataGo gives Black the win by 1.5.
#[test]
fn test_basic_game() {
    let rules = kata(Ko::Simple, Scoring::Territory, Tax::Seki, true, false);
    let case = Case {
        rules: &rules,
        board: "
            ............
            ............
            ............
            ............
            ............
            ............
            ............
            ............
            ............
            ............
            ............
            ............",
        first: Color::Black,
        komi: 7.5,
    };
    let record = "B di W ii B dd W id B gj W fc B jg W hh B jj W ji B ij W if B ec W fd B cf W cj \
        B ci W dj B ej W ek B fk W ei B fj W bi B bh W bj B dk W cc B fb W ck B cd W gb B el \
        W eb B db W fa B ki W kh B kj W kg B jf W je B eg W cb B dc W da B bc W bb B bd W ef \
        B fg W dg B cg W df B dh W ff B gg W eh B ch W gf B gh W gi B fi W hi B jh W kf B hg \
        W ig B ab W hf B fh W ca B de W li B lj W lh B ee W fe B hj W ih B aa W ed B ac W pass \
        B ba W ea B pass W pass B pass W pass B ai W pass B cl W bl B ak W pass B aj W pass \
        B bk W pass B cj W jb B pass W pass";
    let mut game = case.game(&from_sgf(record));
    assert!(finished(&game));
    assert_eq!(game.state().phase(), 2);
    assert_eq!(game.state().phase_moves().len(), 14);
    assert_board(
        &game,
        "
        X X O O O O . . . . . .
        X O O X O . O . . O . .
        X X O X X O . . . . . .
        . X X X O O . . O . . .
        . . . X X O . . . O . .
        . . X O O O O O O . O .
        . . X O X X X X O . O .
        . X X X . X X O O . O O
        X . X X . X O O O O X O
        X . X . X X X X X X X X
        X X . X . X . . . . . .
        . O X . X . . . . . . .",
    );
    game.finish(&[]);
    assert_eq!(game.special_outcome(), None);
    assert_eq!(winner(&game), Some(Color::Black));
    assert_eq!(white_minus_black(&game), -1.5);
}

/// KataGo cpp/tests/testrules.cpp, "Double ko death 1a"
#[test]
fn double_ko_death_1a() {
    let rules = kata(Ko::Situational, Scoring::Territory, Tax::None, false, false);
    let case = Case {
        rules: &rules,
        board: "
            . . . . X O X . X
            . . . . X O O X X
            . . X . X X O X O
            . . . . O X O O .
            . . . O O X X O O
            . X X X X . X O .
            X X O O O X X O O
            O O O X O O X X X
            . . . . . O O O O",
        first: Color::White,
        komi: 6.5,
    };
    let mut game = case.game("");
    play_legal(&mut game, "W pass B pass W pass B 8,3 W 7,0");
    assert_board(
        &game,
        "
        . . . . X O . O X
        . . . . X O O X X
        . . X . X X O X .
        . . . . O X O O X
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[(7, 0), (8, 3)]);
    play_legal(&mut game, "B 7,0");
    assert_board(
        &game,
        "
        . . . . X O . O X
        . . . . X O O X X
        . . X . X X O X .
        . . . . O X O O X
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[(8, 3)]);
    play_legal(&mut game, "W 8,3");
    assert_board(
        &game,
        "
        . . . . X O . O X
        . . . . X O O X X
        . . X . X X O X .
        . . . . O X O O X
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[]);
    assert!(!finished(&game));
    assert_board(
        &game,
        "
        . . . . X O . O X
        . . . . X O O X X
        . . X . X X O X .
        . . . . O X O O X
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_eq!(game.state().phase(), 1);
    assert_eq!(game.to_move(), Color::Black);
    assert!(!finished(&game));
}

/// KataGo cpp/tests/testrules.cpp, "Double ko death 1b"
#[test]
fn double_ko_death_1b() {
    let rules = kata(Ko::Situational, Scoring::Territory, Tax::None, false, false);
    let case = Case {
        rules: &rules,
        board: "
            . . . . X O X . X
            . . . . X O O X X
            . . X . X X O X O
            . . . . O X O O .
            . . . O O X X O O
            . X X X X . X O .
            X X O O O X X O O
            O O O X O O X X X
            . . . . . O O O O",
        first: Color::White,
        komi: 6.5,
    };
    let mut game = case.game("");
    play_legal(&mut game, "W pass B pass W pass B 8,3 W 7,0");
    assert_board(
        &game,
        "
        . . . . X O . O X
        . . . . X O O X X
        . . X . X X O X .
        . . . . O X O O X
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[(7, 0), (8, 3)]);
    play_legal(&mut game, "B 7,0");
    assert_board(
        &game,
        "
        . . . . X O . O X
        . . . . X O O X X
        . . X . X X O X .
        . . . . O X O O X
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[(8, 3)]);
    play_legal(&mut game, "W 8,2");
    assert_board(
        &game,
        "
        . . . . X O . O .
        . . . . X O O . .
        . . X . X X O . O
        . . . . O X O O .
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[]);
    assert!(!finished(&game));
    assert_board(
        &game,
        "
        . . . . X O . O .
        . . . . X O O . .
        . . X . X X O . O
        . . . . O X O O .
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_eq!(game.state().phase(), 1);
    assert_eq!(game.to_move(), Color::Black);
    assert!(!finished(&game));
}

/// KataGo cpp/tests/testrules.cpp, "Double ko death 1c"
#[test]
fn double_ko_death_1c() {
    let rules = kata(Ko::Situational, Scoring::Territory, Tax::None, false, false);
    let case = Case {
        rules: &rules,
        board: "
            . . . . X O X . X
            . . . . X O O X X
            . . X . X X O X O
            . . . . O X O O .
            . . . O O X X O O
            . X X X X . X O .
            X X O O O X X O O
            O O O X O O X X X
            . . . . . O O O O",
        first: Color::White,
        komi: 6.5,
    };
    let mut game = case.game("");
    play_legal(&mut game, "W pass B pass W pass B 8,3 W 7,0");
    assert_board(
        &game,
        "
        . . . . X O . O X
        . . . . X O O X X
        . . X . X X O X .
        . . . . O X O O X
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[(7, 0), (8, 3)]);
    play_legal(&mut game, "B 7,0");
    assert_board(
        &game,
        "
        . . . . X O . O X
        . . . . X O O X X
        . . X . X X O X .
        . . . . O X O O X
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[(8, 3)]);
    play_legal(&mut game, "W 8,3");
    assert_board(
        &game,
        "
        . . . . X O . O X
        . . . . X O O X X
        . . X . X X O X .
        . . . . O X O O X
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[]);
    play_legal(&mut game, "B 6,0");
    assert_board(
        &game,
        "
        . . . . X O X . X
        . . . . X O O X X
        . . X . X X O X .
        . . . . O X O O X
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[(6, 0)]);
    play_legal(&mut game, "W 8,2");
    assert_board(
        &game,
        "
        . . . . X O X . X
        . . . . X O O X X
        . . X . X X O X O
        . . . . O X O O .
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[(6, 0), (8, 2)]);
    play_legal(&mut game, "B 8,3");
    assert_board(
        &game,
        "
        . . . . X O X . X
        . . . . X O O X X
        . . X . X X O X O
        . . . . O X O O .
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[(6, 0)]);
    play_legal(&mut game, "W pass");
    assert_board(
        &game,
        "
        . . . . X O X . X
        . . . . X O O X X
        . . X . X X O X O
        . . . . O X O O .
        . . . O O X X O O
        . X X X X . X O .
        X X O O O X X O O
        O O O X O O X X X
        . . . . . O O O O",
    );
    assert_blocks(&game, &[(6, 0)]);
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(illegal(&game), [(8, 3)]);
    assert_blocks(&game, &[(6, 0)]);
}

/// KataGo cpp/tests/testrules.cpp, "Double ko death 2a"
#[test]
fn double_ko_death_2a() {
    let rules = kata(Ko::Simple, Scoring::Territory, Tax::All, true, false);
    let case = Case {
        rules: &rules,
        board: "
            . . . X O X . X .
            . . . X O O X O X
            . . . X X O O . O
            . . . . X X O O .
            . . . . . X X O O
            . . . . . . X X X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        first: Color::Black,
        komi: 6.5,
    };
    let mut game = case.game("");
    play_legal(&mut game, "B pass W pass B 7,2");
    assert_board(
        &game,
        "
        . . . X O X . X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(7, 2)]);
    play_legal(&mut game, "W 6,0");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2)]);
    play_legal(&mut game, "B 8,3");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2), (8, 3)]);
    play_legal(&mut game, "W 7,1");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 1), (7, 2), (8, 3)]);
    play_legal(&mut game, "B 6,1");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2), (8, 3)]);
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(
        game.check(Color::White, Move::Play(Point::new(7, 2))),
        Ok(Ok(()))
    );
    play_legal(&mut game, "W 8,2");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O . O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0)]);
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O . O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_eq!(game.state().phase(), 1);
    assert_eq!(game.to_move(), Color::Black);
    assert!(!finished(&game));
}

/// KataGo cpp/tests/testrules.cpp, "Double ko death 2b"
#[test]
fn double_ko_death_2b() {
    let rules = kata(Ko::Simple, Scoring::Territory, Tax::All, true, false);
    let case = Case {
        rules: &rules,
        board: "
            . . . X O X . X .
            . . . X O O X O X
            . . . X X O O . O
            . . . . X X O O .
            . . . . . X X O O
            . . . . . . X X X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        first: Color::Black,
        komi: 6.5,
    };
    let mut game = case.game("");
    play_legal(&mut game, "B pass W pass B 7,2");
    assert_board(
        &game,
        "
        . . . X O X . X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(7, 2)]);
    play_legal(&mut game, "W 6,0");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2)]);
    play_legal(&mut game, "B 8,3");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2), (8, 3)]);
    play_legal(&mut game, "W 7,1");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 1), (7, 2), (8, 3)]);
    play_legal(&mut game, "B 7,1");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2), (8, 3)]);
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(
        game.check(Color::White, Move::Play(Point::new(7, 2))),
        Ok(Ok(()))
    );
    play_legal(&mut game, "W 8,3");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2)]);
    play_legal(&mut game, "B 6,1");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (6, 1), (7, 2)]);
    play_legal(&mut game, "W 8,2");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (6, 1), (7, 2), (8, 2)]);
    play_legal(&mut game, "B 5,0");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 1), (7, 2), (8, 2)]);
    play_legal(&mut game, "W 7,2");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 1), (8, 2)]);
    play_legal(&mut game, "B 5,0");
    assert_board(
        &game,
        "
        . . . X O X . X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(5, 0), (6, 1), (8, 2)]);
    play_legal(&mut game, "W 7,1");
    assert_board(
        &game,
        "
        . . . X O X . X .
        . . . X O O X O X
        . . . X X O O . O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(5, 0), (6, 1), (7, 1), (8, 2)]);
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(illegal(&game), []);
    assert_blocks(&game, &[(5, 0), (6, 1), (7, 1), (8, 2)]);
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(
        game.check(Color::Black, Move::Play(Point::new(7, 1))),
        Ok(Ok(()))
    );
    play_legal(&mut game, "B 7,2");
    assert_board(
        &game,
        "
        . . . X O X . X .
        . . . X O O X O X
        . . . X X O O . O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(5, 0), (6, 1), (8, 2)]);
    play_legal(&mut game, "W pass");
    assert_board(
        &game,
        "
        . . . X O X . X .
        . . . X O O X O X
        . . . X X O O . O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(5, 0), (6, 1), (8, 2)]);
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(illegal(&game), [(7, 2)]);
    assert_blocks(&game, &[(5, 0), (6, 1), (8, 2)]);
    assert_board(
        &game,
        "
        . . . X O X . X .
        . . . X O O X O X
        . . . X X O O . O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_eq!(game.state().phase(), 1);
    assert_eq!(game.to_move(), Color::Black);
    assert!(!finished(&game));
}

/// KataGo cpp/tests/testrules.cpp, "Double ko death 2c"
#[test]
fn double_ko_death_2c() {
    let rules = kata(Ko::Simple, Scoring::Territory, Tax::All, true, false);
    let case = Case {
        rules: &rules,
        board: "
            . . . X O X . X .
            . . . X O O X O X
            . . . X X O O . O
            . . . . X X O O .
            . . . . . X X O O
            . . . . . . X X X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        first: Color::Black,
        komi: 6.5,
    };
    let mut game = case.game("");
    play_legal(&mut game, "B pass W pass B pass W pass B 7,2");
    assert_board(
        &game,
        "
        . . . X O X . X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(7, 2)]);
    play_legal(&mut game, "W 6,0");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2)]);
    play_legal(&mut game, "B 8,3");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2), (8, 3)]);
    play_legal(&mut game, "W 7,1");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 1), (7, 2), (8, 3)]);
    assert_eq!(game.to_move(), Color::Black);
    assert_ne!(
        game.check(Color::Black, Move::Play(Point::new(6, 0))),
        Ok(Ok(()))
    );
    play_legal(&mut game, "B 7,1");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_eq!(game.state().phase(), 2);
    assert_eq!(game.to_move(), Color::White);
    assert!(!finished(&game));
}

/// KataGo cpp/tests/testrules.cpp, "Double ko death 2d"
#[test]
fn double_ko_death_2d() {
    let rules = kata(Ko::Simple, Scoring::Territory, Tax::All, true, false);
    let case = Case {
        rules: &rules,
        board: "
            . . . X O X . X .
            . . . X O O X O X
            . . . X X O O . O
            . . . . X X O O .
            . . . . . X X O O
            . . . . . . X X X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        first: Color::Black,
        komi: 6.5,
    };
    let mut game = case.game("");
    play_legal(&mut game, "B pass W pass B 7,2");
    assert_board(
        &game,
        "
        . . . X O X . X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(7, 2)]);
    play_legal(&mut game, "W 6,0");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2)]);
    play_legal(&mut game, "B 8,3");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2), (8, 3)]);
    play_legal(&mut game, "W 7,1");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 1), (7, 2), (8, 3)]);
    play_legal(&mut game, "B 6,1");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2), (8, 3)]);
    play_legal(&mut game, "W 7,2");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (8, 3)]);
    play_legal(&mut game, "B 6,1");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (6, 1), (8, 3)]);
    play_legal(&mut game, "W 8,2");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X .
        . . . . X X O O X
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (6, 1)]);
    play_legal(&mut game, "B 5,0");
    assert_board(
        &game,
        "
        . . . X . X . X .
        . . . X . . X . X
        . . . X X . . X .
        . . . . X X . . X
        . . . . . X X . .
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 1)]);
    assert_board(
        &game,
        "
        . . . X . X . X .
        . . . X . . X . X
        . . . X X . . X .
        . . . . X X . . X
        . . . . . X X . .
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_eq!(game.state().phase(), 1);
    assert_eq!(game.to_move(), Color::White);
    assert!(!finished(&game));
}

/// KataGo cpp/tests/testrules.cpp, "Double ko death 2e"
#[test]
fn double_ko_death_2e() {
    let rules = kata(Ko::Simple, Scoring::Territory, Tax::All, true, false);
    let case = Case {
        rules: &rules,
        board: "
            . . . X O X . X .
            . . . X O O X O X
            . . . X X O O . O
            . . . . X X O O .
            . . . . . X X O O
            . . . . . . X X X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        first: Color::Black,
        komi: 6.5,
    };
    let mut game = case.game("");
    play_legal(&mut game, "B pass W pass B pass W pass B 7,2");
    assert_board(
        &game,
        "
        . . . X O X . X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(7, 2)]);
    play_legal(&mut game, "W 6,0");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2)]);
    play_legal(&mut game, "B 5,0");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(7, 2)]);
    play_legal(&mut game, "W 7,1");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O . O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[]);
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O . O X
        . . . X X O O . O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_eq!(game.state().phase(), 2);
    assert_eq!(game.to_move(), Color::Black);
    assert!(!finished(&game));
}

/// KataGo cpp/tests/testrules.cpp, "Double ko death 2f"
#[test]
fn double_ko_death_2f() {
    let rules = kata(Ko::Simple, Scoring::Territory, Tax::All, true, false);
    let case = Case {
        rules: &rules,
        board: "
            . . . X O X . X .
            . . . X O O X O X
            . . . X X O O . O
            . . . . X X O O .
            . . . . . X X O O
            . . . . . . X X X
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        first: Color::Black,
        komi: 6.5,
    };
    let mut game = case.game("");
    play_legal(&mut game, "B pass W pass B pass W pass B 7,2");
    assert_board(
        &game,
        "
        . . . X O X . X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(7, 2)]);
    play_legal(&mut game, "W 6,0");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(6, 0), (7, 2)]);
    play_legal(&mut game, "B 5,0");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[(7, 2)]);
    play_legal(&mut game, "W 7,2");
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_blocks(&game, &[]);
    assert_board(
        &game,
        "
        . . . X O . O X .
        . . . X O O X . X
        . . . X X O O X O
        . . . . X X O O .
        . . . . . X X O O
        . . . . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
    );
    assert_eq!(game.state().phase(), 2);
    assert_eq!(game.to_move(), Color::Black);
    assert!(!finished(&game));
}

/// KataGo cpp/tests/testrules.cpp, "Test case failing in search before"
#[test]
fn test_case_failing_in_search_before() {
    let rules = kata(Ko::Simple, Scoring::Territory, Tax::Seki, false, false);
    let case = Case {
        rules: &rules,
        board: "
            XXXXXXXXX
            X.OXXXXXX
            XXXXOXXXX
            XXX.OOXX.
            OXXXOOXXX
            .OXXXXXXO
            XXXX.XOOO
            XXXOXOOOO
            XXXOO.OOO",
        first: Color::Black,
        komi: 0.5,
    };
    let mut game = case.game("B pass W pass");
    assert_eq!(game.state().phase(), 1);
    play_legal(&mut game, "B 8,3 W 4,6 B 4,7 W 4,7");
    assert_board(
        &game,
        "
        X X X X X X X X X
        X . O X X X X X X
        X X X X O X X X X
        X X X . O O X X X
        O X X X O O X X X
        . O X X X X X X O
        X X X X O X O O O
        X X X O O O O O O
        X X X O O . O O O",
    );
}

/// One position of KataGo's independent-life tests (KataGo cpp/tests/testboardarea.cpp), with
/// the maps KataGo prints for it (`calculateIndependentLifeArea`), without and with
/// multi-stone suicide: the regions of independent life ("Keep Territories 0 Keep Stones 0"),
/// the same with every stone its owner keeps ("Keep Territories 0 Keep Stones 1", the area
/// KataGo counts under tax SEKI and ALL), and White's regions of independent life less
/// Black's.
struct IndependentLife {
    test: &'static str,
    board: &'static str,
    count_no_suicide: i32,
    independent_no_suicide: &'static str,
    keep_stones_no_suicide: &'static str,
    count_suicide: i32,
    independent_suicide: &'static str,
    keep_stones_suicide: &'static str,
}

/// A map as KataGo prints it, one string per row.
fn map_rows(map: &str) -> Vec<String> {
    map.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// Draws `owned`, `[black, white]`, as KataGo prints an area map.
fn draw(size: gorules_board::Size, owned: [&gorules_board::PointSet; 2]) -> Vec<String> {
    (0..size.height())
        .map(|y| {
            (0..size.width())
                .map(|x| {
                    let p = Point::new(x, y);
                    match (owned[0].contains(p), owned[1].contains(p)) {
                        (true, false) => 'X',
                        (false, true) => 'O',
                        (false, false) => '.',
                        (true, true) => panic!("{p:?} owned by both"),
                    }
                })
                .collect()
        })
        .collect()
}

/// KataGo cpp/tests/testboardarea.cpp, "IndependentLife 1", "IndependentLife 2",
/// "IndependentLife 3,4,5", "IndependentLife 6" to "IndependentLife 10": the regions of
/// independent life and their count; and the area score under tax SEKI and ALL, which
/// KataGo counts from the map with the stones kept (boardhistory.cpp,
/// `countAreaScoreWhiteMinusBlack`).
#[test]
fn independent_life() {
    for case in INDEPENDENT_LIFE {
        let board = from_diagram(case.board).unwrap();
        let size = board.size();
        for (multi, count, independent, keep_stones) in [
            (
                false,
                case.count_no_suicide,
                case.independent_no_suicide,
                case.keep_stones_no_suicide,
            ),
            (
                true,
                case.count_suicide,
                case.independent_suicide,
                case.keep_stones_suicide,
            ),
        ] {
            let what = format!("{}, multi-stone suicide {multi}", case.test);
            let r = owned_regions(&board, multi);
            assert_eq!(
                draw(size, [&r.independent[0], &r.independent[1]]),
                map_rows(independent),
                "{what}: regions of independent life"
            );
            assert_eq!(
                r.independent_regions[1] as i32 - r.independent_regions[0] as i32,
                count,
                "{what}: region count"
            );
            let kept = Color::ALL.map(|c| {
                r.independent[c.index()].union(&r.owned[c.index()].intersection(board.stones(c)))
            });
            let keep_stones = map_rows(keep_stones);
            assert_eq!(
                draw(size, [&kept[0], &kept[1]]),
                keep_stones,
                "{what}: with stones kept"
            );
            let area: i32 = keep_stones
                .iter()
                .flat_map(|row| row.chars())
                .map(|ch| match ch {
                    'O' => 1,
                    'X' => -1,
                    _ => 0,
                })
                .sum();
            for (tax, expected) in [(Tax::Seki, area), (Tax::All, area - 2 * count)] {
                let rules = kata(Ko::Positional, Scoring::Area, tax, multi, false);
                let mut game = diagram_game(&rules, case.board, 0.0, Color::Black);
                game.finish_as_it_stands(&[]);
                assert_eq!(
                    white_minus_black(&game),
                    f64::from(expected),
                    "{what}: area score, tax {tax:?}"
                );
            }
        }
    }
}

const INDEPENDENT_LIFE: &[IndependentLife] = &[
    IndependentLife {
        test: "IndependentLife 1",
        board: "
            .oooxooo.ox..xo.o..
            o.xoxo.xoox..xoooxx
            oooxxxooxxx..xxxxoo
            xxx.xxxxx.x.....xo.
            ..xxx....xx.....xoo
            ................xxx
            xxxxxxxxxxxxxx..xoo
            .............x..xo.
            ..oo.........x.xxox
            oo.o.......ooxxooox
            xoooo...ooooxoox.x.
            .xo.o...o.ox.xoxxxx
            xoooo...ooooxoooooo
            oo.........oooooooo
            xxxxxxxxxxxxxxxxxxx
            oooooox....xooooooo
            xxxo.ox....xo.ooxxx
            ..xooox.xx.xooo.x..
            ..xo.ox....xo.oox..",
        // Suicide 0.
        count_no_suicide: 1,
        independent_no_suicide: "
            OOOO...............
            OOOO...............
            OOO................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            OOOOOO.............
            XXXOOO.............
            XXXOOO.............
            XXXOOO.............",
        keep_stones_no_suicide: "
            OOOOXOOO.OX..XO.O..
            OOOOXO.XOOX..XOOOXX
            OOOXXXOOXXX..XXXXOO
            XXX.XXXXX.X.....XO.
            ..XXX....XX.....XOO
            ................XXX
            XXXXXXXXXXXXXX..XOO
            .............X..XO.
            ..OO.........X.XXOX
            OO.O.......OOXXOOOX
            .OOOO...OOOOXOOX.X.
            ..O.O...O.OX.XOXXXX
            .OOOO...OOOOXOOOOOO
            OO.........OOOOOOOO
            XXXXXXXXXXXXXXXXXXX
            OOOOOOX....XOOOOOOO
            XXXOOOX....XO.OOXXX
            XXXOOOX.XX.XOOO.X..
            XXXOOOX....XO.OOX..",
        // Suicide 1.
        count_suicide: 1,
        independent_suicide: "
            OOOO...............
            OOOO...............
            OOO................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            ...................
            OOOOOO.............
            XXXOOO.............
            XXXOOO.............
            XXXOOO.............",
        keep_stones_suicide: "
            OOOOXOOO.OX..XO.O..
            OOOOXO.XOOX..XOOOXX
            OOOXXXOOXXX..XXXXOO
            XXX.XXXXX.X.....XO.
            ..XXX....XX.....XOO
            ................XXX
            XXXXXXXXXXXXXX..XOO
            .............X..XO.
            ..OO.........X.XXOX
            OO.O.......OOXXOOOX
            .OOOO...OOOOXOOX.X.
            ..O.O...O.OX.XOXXXX
            .OOOO...OOOOXOOOOOO
            OO.........OOOOOOOO
            XXXXXXXXXXXXXXXXXXX
            OOOOOOX....XOOOOOOO
            XXXOOOX....XO.OOXXX
            XXXOOOX.XX.XOOO.X..
            XXXOOOX....XO.OOX..",
    },
    IndependentLife {
        test: "IndependentLife 2",
        board: "
            x.o.ox.......xo.ox.
            xo..ox.......xo..ox
            o..ox.........xo..o
            ..ox.....o.....xo..
            oox.............xoo
            xx...............xx
            ...................
            ..xx.............xx
            xxoox......xxx..xoo
            oo.ox...xxxooox.xo.
            xoooox.xooooxooxxoo
            .xo.ox.xo.ox.xoxoo.
            xoooox.xooooxooxo.x
            ooxxx...xxxoooxxoo.
            xx.........xxx..xoo
            xxx..xxx.......xxxx
            oooxxooox...xxxoooo
            xxoooxxoox.xooo.oxx
            .xo.o.xo.oxxo.ooox.",
        // Suicide 0.
        count_no_suicide: 4,
        independent_no_suicide: "
            ..............OOO..
            ..............OOOO.
            ...............OOOO
            ................OOO
            .................OO
            ...................
            ...................
            ...................
            ..OO.............OO
            OOOO.............OO
            OOOOO............OO
            OOOOO...........OOO
            OOOOO...........OOO
            OO..............OOO
            .................OO
            ...................
            ...............OOOO
            ............OOOOOOO
            ............OOOOOOO",
        keep_stones_no_suicide: "
            X.O.OX.......XOOOX.
            XO..OX.......XOOOOX
            O..OX.........XOOOO
            ..OX.....O.....XOOO
            OOX.............XOO
            XX...............XX
            ...................
            ..XX.............XX
            XXOOX......XXX..XOO
            OOOOX...XXXOOOX.XOO
            OOOOOX.XOOOOXOOXXOO
            OOOOOX.XO.OX.XOXOOO
            OOOOOX.XOOOOXOOXOOO
            OOXXX...XXXOOOXXOOO
            XX.........XXX..XOO
            XXX..XXX.......XXXX
            OOOXXOOOX...XXXOOOO
            XXOOOXXOOX.XOOOOOOO
            .XO.O.XO.OXXOOOOOOO",
        // Suicide 1.
        count_suicide: 3,
        independent_suicide: "
            ..............OOO..
            ..............OOOO.
            ...............OOOO
            ................OOO
            .................OO
            ...................
            ...................
            ...................
            ..OO...............
            OOOO...............
            OOOOO..............
            OOOOO..............
            OOOOO..............
            OO.................
            ...................
            ...................
            ...............OOOO
            ............OOOOOOO
            ............OOOOOOO",
        keep_stones_suicide: "
            X.O.OX.......XOOOX.
            XO..OX.......XOOOOX
            O..OX.........XOOOO
            ..OX.....O.....XOOO
            OOX.............XOO
            XX...............XX
            ...................
            ..XX.............XX
            XXOOX......XXX..XOO
            OOOOX...XXXOOOX.XO.
            OOOOOX.XOOOOXOOXXOO
            OOOOOX.XO.OX.XOXOO.
            OOOOOX.XOOOOXOOXO.X
            OOXXX...XXXOOOXXOO.
            XX.........XXX..XOO
            XXX..XXX.......XXXX
            OOOXXOOOX...XXXOOOO
            XXOOOXXOOX.XOOOOOOO
            .XO.O.XO.OXXOOOOOOO",
    },
    IndependentLife {
        test: "IndependentLife 3,4,5",
        board: "
            oooooox.x.xo...
            xxxxxoxxxxxoooo
            xoooxoooooxxxxx
            x.x.xo...oxx.x.",
        // Suicide 0.
        count_no_suicide: 1,
        independent_no_suicide: "
            OOOOOOXXXXXOOOO
            .....OXXXXXOOOO
            .....OOOOOXXXXX
            .....OOOOOXXXXX",
        keep_stones_no_suicide: "
            OOOOOOXXXXXOOOO
            XXXXXOXXXXXOOOO
            XOOOXOOOOOXXXXX
            X.X.XOOOOOXXXXX",
        // Suicide 1.
        count_suicide: 1,
        independent_suicide: "
            OOOOOOXXXXXOOOO
            .....OXXXXXOOOO
            .....OOOOOXXXXX
            .....OOOOOXXXXX",
        keep_stones_suicide: "
            OOOOOOXXXXXOOOO
            XXXXXOXXXXXOOOO
            XOOOXOOOOOXXXXX
            X.X.XOOOOOXXXXX",
    },
    IndependentLife {
        test: "IndependentLife 3,4,5",
        board: "
            oooooox.x.xo...
            xxxxxoxxxxxoooo
            xoooxooooooxxxx
            x.x.xo...oxx.x.",
        // Suicide 0.
        count_no_suicide: 0,
        independent_no_suicide: "
            OOOOOOXXXXXOOOO
            .....OXXXXXOOOO
            .....OOOOOOXXXX
            .....OOOOOXXXXX",
        keep_stones_no_suicide: "
            OOOOOOXXXXXOOOO
            XXXXXOXXXXXOOOO
            XOOOXOOOOOOXXXX
            X.X.XOOOOOXXXXX",
        // Suicide 1.
        count_suicide: 0,
        independent_suicide: "
            OOOOOOXXXXXOOOO
            .....OXXXXXOOOO
            .....OOOOOOXXXX
            .....OOOOOXXXXX",
        keep_stones_suicide: "
            OOOOOOXXXXXOOOO
            XXXXXOXXXXXOOOO
            XOOOXOOOOOOXXXX
            X.X.XOOOOOXXXXX",
    },
    IndependentLife {
        test: "IndependentLife 3,4,5",
        board: "
            oooooox.x.xo...
            xxxxxoxxxxooooo
            xoooxooooooxxxx
            x.x.xo...oxx.x.",
        // Suicide 0.
        count_no_suicide: 0,
        independent_no_suicide: "
            OOOOOO.....OOOO
            .....O....OOOOO
            .....OOOOOOXXXX
            .....OOOOOXXXXX",
        keep_stones_no_suicide: "
            OOOOOOX.X.XOOOO
            XXXXXOXXXXOOOOO
            XOOOXOOOOOOXXXX
            X.X.XOOOOOXXXXX",
        // Suicide 1.
        count_suicide: 0,
        independent_suicide: "
            OOOOOO.....OOOO
            .....O....OOOOO
            .....OOOOOOXXXX
            .....OOOOOXXXXX",
        keep_stones_suicide: "
            OOOOOOX.X.XOOOO
            XXXXXOXXXXOOOOO
            XOOOXOOOOOOXXXX
            X.X.XOOOOOXXXXX",
    },
    IndependentLife {
        test: "IndependentLife 6",
        board: "
            .xo..ox.x.x.x..
            .xo..o.xoxx.xxx
            .xo...ooooxxooo
            .xo.......oo...",
        // Suicide 0.
        count_no_suicide: -1,
        independent_no_suicide: "
            XX.............
            XX.............
            XX.............
            XX.............",
        keep_stones_no_suicide: "
            XXO..OX.X.X.X..
            XXO..O.XOXX.XXX
            XXO...OOOOXXOOO
            XXO.......OO...",
        // Suicide 1.
        count_suicide: -1,
        independent_suicide: "
            XX.............
            XX.............
            XX.............
            XX.............",
        keep_stones_suicide: "
            XXO..OX.X.X.X..
            XXO..O.XOXX.XXX
            XXO...OOOOXXOOO
            XXO.......OO...",
    },
    IndependentLife {
        test: "IndependentLife 6",
        board: "
            .xo..ox.x.x.x..
            .xo..oxxoxx.xxx
            .xo...ooooxxooo
            .xo.......oo...",
        // Suicide 0.
        count_no_suicide: 0,
        independent_no_suicide: "
            XXOOOO.........
            XXOOOO..O......
            XXOOOOOOOO..OOO
            XXOOOOOOOOOOOOO",
        keep_stones_no_suicide: "
            XXOOOOX.X.X.X..
            XXOOOOXXOXX.XXX
            XXOOOOOOOOXXOOO
            XXOOOOOOOOOOOOO",
        // Suicide 1.
        count_suicide: 0,
        independent_suicide: "
            XXOOOO.........
            XXOOOO..O......
            XXOOOOOOOO..OOO
            XXOOOOOOOOOOOOO",
        keep_stones_suicide: "
            XXOOOOX.X.X.X..
            XXOOOOXXOXX.XXX
            XXOOOOOOOOXXOOO
            XXOOOOOOOOOOOOO",
    },
    IndependentLife {
        test: "IndependentLife 7",
        board: "
            .xo.oox....xo.o
            xxxooox....xoox
            .xo.oxx...xxxo.
            xoooox....xoooo
            ooxxxx....xo.o.",
        // Suicide 0.
        count_no_suicide: -1,
        independent_no_suicide: "
            ......XXXXXX...
            ......XXXXXX...
            .....XXXXXXXX..
            .....XXXXXX....
            ..XXXXXXXXX....",
        keep_stones_no_suicide: "
            .XO.OOXXXXXXO.O
            XXXOOOXXXXXXOOX
            .XO.OXXXXXXXXO.
            XOOOOXXXXXXOOOO
            OOXXXXXXXXXO.O.",
        // Suicide 1.
        count_suicide: -1,
        independent_suicide: "
            ......XXXXXX...
            ......XXXXXX...
            .....XXXXXXXX..
            .....XXXXXX....
            ..XXXXXXXXX....",
        keep_stones_suicide: "
            .XO.OOXXXXXXO.O
            XXXOOOXXXXXXOOX
            .XO.OXXXXXXXXO.
            XOOOOXXXXXXOOOO
            OOXXXXXXXXXO.O.",
    },
    IndependentLife {
        test: "IndependentLife 8",
        board: "
            ooo.ox.........
            .o.oox......xx.
            .ooox......x.ox
            oxxxx......x.oo
            oooox......x...",
        // Suicide 0.
        count_no_suicide: 0,
        independent_no_suicide: "
            ...............
            ...............
            ...............
            ...............
            ...............",
        keep_stones_no_suicide: "
            OOO.OX.........
            .O.OOX......XX.
            .OOOX......X.OX
            OXXXX......X.OO
            OOOOX......X...",
        // Suicide 1.
        count_suicide: 0,
        independent_suicide: "
            ...............
            ...............
            ...............
            ...............
            ...............",
        keep_stones_suicide: "
            OOO.OX.........
            .O.OOX......XX.
            .OOOX......X.OX
            OXXXX......X.OO
            OOOOX......X...",
    },
    IndependentLife {
        test: "IndependentLife 9",
        board: "
            x.x.ox.....oxx.
            oxx.oxx....oxox
            oooooox....oxoo
            ooxx.ox....ox..
            ..ox.ox....oxxx",
        // Suicide 0.
        count_no_suicide: 0,
        independent_no_suicide: "
            ...............
            ...............
            ...............
            ...............
            ...............",
        keep_stones_no_suicide: "
            X.X.OX.....OXX.
            OXX.OXX....OXOX
            OOOOOOX....OXOO
            OOXX.OX....OX..
            ..OX.OX....OXXX",
        // Suicide 1.
        count_suicide: 0,
        independent_suicide: "
            ...............
            ...............
            ...............
            ...............
            ...............",
        keep_stones_suicide: "
            X.X.OX.....OXX.
            OXX.OXX....OXOX
            OOOOOOX....OXOO
            OOXX.OX....OX..
            ..OX.OX....OXXX",
    },
    IndependentLife {
        test: "IndependentLife 10",
        board: "
            ............x.o
            ...........xxx.
            ........xxxx.xx
            ....oxxxxooxxxo
            ....x....xo.xo.",
        // Suicide 0.
        count_no_suicide: 0,
        independent_no_suicide: "
            ...............
            ...............
            ...............
            ...............
            ...............",
        keep_stones_no_suicide: "
            ............X..
            ...........XXX.
            ........XXXX.XX
            ....OXXXXOOXXX.
            ....X....XO.X..",
        // Suicide 1.
        count_suicide: 0,
        independent_suicide: "
            ...............
            ...............
            ...............
            ...............
            ...............",
        keep_stones_suicide: "
            ............X.O
            ...........XXX.
            ........XXXX.XX
            ....OXXXXOOXXXO
            ....X....XO.XO.",
    },
];
