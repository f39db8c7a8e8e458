//! `parse_sgf(to_sgf(r)) == r` for generated records: every size from 1x1 to 25x25
//! (rectangles too), komi, handicap, setup, plays and passes, rules, results of every kind,
//! names and comments full of `]` and `\`, and territory markup.

use std::collections::BTreeMap;

use gorules_board::{Color, ColoredMove, Point, Size};
use gorules_sgf::{parse_sgf, to_sgf, GameRecord, GameResult, TerritoryMarkup};
use proptest::prelude::*;

const CASES: u32 = 1_000;

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

/// A trimmed, non-empty one-line text with SGF's special characters, or nothing.
fn text() -> impl Strategy<Value = Option<String>> {
    proptest::option::of("[ -~éü漢]{0,16}")
        .prop_map(|o| o.map(|s| s.trim().to_string()).filter(|s| !s.is_empty()))
}

fn result() -> impl Strategy<Value = Option<GameResult>> {
    let margin = prop_oneof![
        (0u32..400).prop_map(|n| n as f64 / 2.0),
        (0.0f64..1e6).prop_filter("finite", |m| m.is_finite()),
    ];
    let r = prop_oneof![
        (color(), margin).prop_map(|(winner, margin)| GameResult::Score { winner, margin }),
        color().prop_map(|winner| GameResult::Resign { winner }),
        color().prop_map(|winner| GameResult::Time { winner }),
        color().prop_map(|winner| GameResult::Forfeit { winner }),
        color().prop_map(|winner| GameResult::Win { winner }),
        Just(GameResult::Draw),
        Just(GameResult::Void),
        Just(GameResult::Unknown),
        "[ -~]{1,12}".prop_filter_map("reads as itself", |s| {
            let t = s.trim().to_string();
            (!t.is_empty() && GameResult::parse(&t) == GameResult::Other(t.clone()))
                .then_some(GameResult::Other(t))
        }),
    ];
    proptest::option::of(r)
}

fn record() -> impl Strategy<Value = GameRecord> {
    (1u32..=25, 1u32..=25, any::<bool>())
        .prop_flat_map(|(w, h, square)| {
            let size = if square {
                Size::square(w).unwrap()
            } else {
                Size::new(w, h).unwrap()
            };
            let (w, h) = (size.width(), size.height());
            let point = (0..w, 0..h).prop_map(|(x, y)| Point::new(x, y));
            let mv = (color(), proptest::option::of(point.clone())).prop_map(|(c, p)| match p {
                Some(p) => ColoredMove::play(c, p),
                None => ColoredMove::pass(c),
            });
            (
                Just(size),
                // Every komi a record can hold: whole or half points within ±1000.
                proptest::option::of(prop_oneof![
                    (-20i32..40).prop_map(|k| k as f64 / 2.0),
                    (-2000i32..=2000).prop_map(|k| k as f64 / 2.0),
                ]),
                0u32..12,
                proptest::collection::vec((color(), point.clone()), 0..12),
                proptest::collection::vec(mv, 0..60),
                (text(), text(), text(), text(), text()),
                result(),
                proptest::option::of(proptest::collection::vec((any::<bool>(), point), 0..20)),
                proptest::option::of("(\\PC|\n|\r|\t){0,40}"),
            )
        })
        .prop_map(
            |(size, komi, handicap, setup, moves, texts, result, markup, comment)| {
                // Setup as the reader returns it: one stone per point, Black's first, then
                // White's, each in row-major order.
                let by_point: BTreeMap<(u8, u8), Color> =
                    setup.into_iter().map(|(c, p)| ((p.y, p.x), c)).collect();
                let mut setup: Vec<(Color, Point)> = Vec::new();
                for want in Color::ALL {
                    setup.extend(
                        by_point
                            .iter()
                            .filter(|(_, &c)| c == want)
                            .map(|(&(y, x), &c)| (c, Point::new(x, y))),
                    );
                }
                // HA of two or more needs as many black stones in AB.
                let black = setup.iter().filter(|s| s.0 == Color::Black).count() as u32;
                let handicap = if handicap >= 2 && black != handicap {
                    0
                } else {
                    handicap
                };
                let territory_markup = markup.map(|pts| {
                    let mut m = TerritoryMarkup::default();
                    for (black, p) in pts {
                        if black {
                            m.black.push(p);
                        } else {
                            m.white.push(p);
                        }
                    }
                    for side in [&mut m.black, &mut m.white] {
                        side.sort_by_key(|p| (p.y, p.x));
                        side.dedup();
                    }
                    m
                });
                let (rules, black_player, white_player, game_name, date) = texts;
                let mut r = GameRecord::new(size);
                r.komi = komi.map(|k| gorules_rules::Komi::new(k).unwrap());
                r.handicap = handicap;
                r.setup = setup;
                r.move_nodes = (1..=moves.len()).collect();
                // As the reader returns them: colours alternate (a colour moving twice is read
                // with the other's pass between).
                let first = moves.first().map_or(Color::Black, |m| m.color);
                r.moves = moves
                    .into_iter()
                    .enumerate()
                    .map(|(i, m)| ColoredMove {
                        color: if i % 2 == 0 { first } else { first.opponent() },
                        mv: m.mv,
                    })
                    .collect();
                r.rules = rules;
                r.result = result;
                r.black_player = black_player;
                r.white_player = white_player;
                r.game_name = game_name;
                r.date = date;
                r.territory_markup = territory_markup;
                r.comment = comment;
                r
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn written_records_read_back_unchanged(r in record()) {
        let text = to_sgf(&r);
        let back = parse_sgf(&text, None);
        prop_assert!(back.is_ok(), "{:?}\n{}", back, text);
        let back = back.unwrap();
        prop_assert_eq!(back.len(), 1);
        prop_assert_eq!(&back[0], &r, "{}", text);
    }
}
