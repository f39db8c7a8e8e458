//! The engine keeps its game between commands (a `play` steps one move, the comparison of a
//! position is kept until it changes). Whatever a session does, it must answer as an engine
//! that replays the game from scratch: after each command of a random session of `play` (of
//! either colour, in turn or not, legal or not), `undo`, `clear_board`, `komi` and
//! `gorules-legal`, a fresh engine given the same board size, komi and moves shows the same
//! board, the same dead stones and the same score.

use gorules_gtp::protocol::parse_line;
use gorules_gtp::Engine;
use proptest::prelude::*;

const CASES: u32 = 200;

fn engine() -> Engine {
    Engine::new(gorules_rules::builtin("chinese").expect("built in"))
}

fn ask(engine: &mut Engine, line: &str) -> Result<String, String> {
    engine.answer(&parse_line(line).expect("a command"))
}

/// A fresh engine set up as `kept`'s game: the board size, the komi and the moves, each
/// played again (the implied passes are moves of the record).
fn replayed(kept: &Engine, side: u32) -> Engine {
    let mut fresh = engine();
    let record = kept.record();
    ask(&mut fresh, &format!("boardsize {side}")).expect("a board size");
    if let Some(k) = record.komi {
        ask(&mut fresh, &format!("komi {}", k.points())).expect("a komi");
    }
    for m in &record.moves {
        let color = if m.color == gorules_board::Color::Black {
            "b"
        } else {
            "w"
        };
        let vertex = gorules_board::coords::gtp_move(m.mv, record.size);
        ask(&mut fresh, &format!("play {color} {vertex}"))
            .unwrap_or_else(|e| panic!("the kept game's move {color} {vertex} replays: {e}"));
    }
    fresh
}

fn command(side: u32) -> impl Strategy<Value = String> {
    let vertex = (0..side + 1, 1..side + 1).prop_map(move |(x, y)| {
        if x == side {
            "pass".to_string()
        } else {
            // GTP columns skip I.
            let letter = b"ABCDEFGHJKLMNOPQRST"[x as usize] as char;
            format!("{letter}{y}")
        }
    });
    let color = proptest::sample::select(&["b", "w"][..]);
    prop_oneof![
        12 => (color.clone(), vertex.clone()).prop_map(|(c, v)| format!("play {c} {v}")),
        2 => Just("undo".to_string()),
        1 => Just("clear_board".to_string()),
        1 => proptest::sample::select(&["0", "0.5", "6.5", "-3", "7.5"][..])
            .prop_map(|k| format!("komi {k}")),
        2 => (color, vertex).prop_map(|(c, v)| format!("gorules-legal {c} {v}")),
    ]
}

fn session() -> impl Strategy<Value = (u32, Vec<String>)> {
    proptest::sample::select(&[5u32, 7][..])
        .prop_flat_map(|side| (Just(side), proptest::collection::vec(command(side), 1..40)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn the_kept_game_answers_as_a_replayed_one((side, commands) in session()) {
        let mut kept = engine();
        ask(&mut kept, &format!("boardsize {side}")).expect("a board size");
        for (i, line) in commands.iter().enumerate() {
            let _ = ask(&mut kept, line);
            let mut fresh = replayed(&kept, side);
            let context = format!("after {:?}", &commands[..=i]);
            prop_assert_eq!(ask(&mut kept, "showboard"), ask(&mut fresh, "showboard"), "{}", context);
            // Every few commands (the estimate is the slow part), the dead stones and the
            // score, asked in either order.
            if i % 4 == 3 || i + 1 == commands.len() {
                let kept_dead = ask(&mut kept, "final_status_list dead");
                let kept_score = ask(&mut kept, "final_score");
                let fresh_score = ask(&mut fresh, "final_score");
                let fresh_dead = ask(&mut fresh, "final_status_list dead");
                prop_assert_eq!(kept_dead, fresh_dead, "{}", context);
                prop_assert_eq!(kept_score, fresh_score, "{}", context);
                prop_assert_eq!(
                    ask(&mut kept, "gorules-score"),
                    ask(&mut fresh, "gorules-score"),
                    "{}",
                    context
                );
            }
        }
    }
}
