//! The fast path of [`compare_game`] (the opening every ruleset plays alike is played once and
//! forked for each ruleset; each final board is analysed once for the rulesets that end on it)
//! must give exactly what replaying and scoring the record from the start under each ruleset
//! gives ([`replay`], the reference): the same `RulesetReport`s, or the same error.
//!
//! Records are random walks on small boards, where captures, ko recaptures, superko
//! repetitions and suicides are frequent, with passes anywhere, moves out of turn or onto
//! stones now and then, handicap and setup stones, dead stones from the command line or from
//! territory markup, and every option of a comparison. The built-in rulesets and a few KataGo
//! rulesets (whose end of play once every point is pass-alive can come in the middle of the
//! opening) are given in a random order, so that each of them in turn plays the shared
//! opening.

use std::sync::Arc;

use gorules_board::{Board, Color, ColoredMove, Move, Point, Size};
use gorules_compare::replay::{dead_stones, replay, Options};
use gorules_compare::report::compare_game;
use gorules_rules::{builtins, Counting, Ruleset};
use gorules_sgf::{GameRecord, TerritoryMarkup};
use proptest::prelude::*;

const CASES: u32 = 3_000;

/// One step of the walk, decided by a few random numbers.
#[derive(Clone, Debug)]
struct Step {
    /// 0..100: below `pass_rate` a pass.
    kind: u8,
    /// Picks the point: among the empty points of the walker's board, or (rarely) any point.
    pick: u16,
    /// 0..100: below 3 the move is played by the wrong colour; below 8 onto any point.
    oddity: u8,
}

fn step() -> impl Strategy<Value = Step> {
    (0u8..100, any::<u16>(), 0u8..100).prop_map(|(kind, pick, oddity)| Step { kind, pick, oddity })
}

#[derive(Clone, Debug)]
struct Spec {
    size: u32,
    steps: Vec<Step>,
    pass_rate: u8,
    trailing_passes: usize,
    handicap: Vec<u16>,
    white_setup: Vec<u16>,
    declare_handicap: bool,
    record_komi: Option<i8>,
    option_komi: Option<i8>,
    dead: Vec<u16>,
    dead_from: u8,
    countings: u8,
    score_unfinished: bool,
    order: Vec<usize>,
}

fn spec() -> impl Strategy<Value = Spec> {
    (
        (
            prop_oneof![Just(2u32), Just(3), Just(4), Just(5), Just(7), Just(9)],
            prop::collection::vec(step(), 0..90),
            prop_oneof![Just(0u8), Just(3), Just(10), Just(30)],
            0usize..5,
            prop::collection::vec(any::<u16>(), 0..4),
            prop::collection::vec(any::<u16>(), 0..2),
            any::<bool>(),
        ),
        (
            prop::option::of(-10i8..20),
            prop::option::of(-10i8..20),
            prop::collection::vec(any::<u16>(), 0..8),
            0u8..3,
            0u8..4,
            any::<bool>(),
            Just((0..rulesets().len()).collect::<Vec<_>>()).prop_shuffle(),
        ),
    )
        .prop_map(
            |(
                (size, steps, pass_rate, trailing_passes, handicap, white_setup, declare_handicap),
                (record_komi, option_komi, dead, dead_from, countings, score_unfinished, order),
            )| Spec {
                size,
                steps,
                pass_rate,
                trailing_passes,
                handicap,
                white_setup,
                declare_handicap,
                record_komi,
                option_komi,
                dead,
                dead_from,
                countings,
                score_unfinished,
                order,
            },
        )
}

/// The rulesets compared: every built-in one, and KataGo's with rules no built-in one has.
fn rulesets() -> Vec<Ruleset> {
    let mut all = builtins();
    for rules in ["katago:japanese", "katago:chinese", "katago:tromp-taylor"] {
        all.push(gorules_rules::load(rules).unwrap());
    }
    all
}

fn point(size: Size, k: u16) -> Point {
    let i = k as usize % size.area();
    let w = usize::from(size.width());
    Point::new((i % w) as u8, (i / w) as u8)
}

/// The record, and the options of the comparison.
fn build(spec: &Spec) -> (GameRecord, Options) {
    let size = Size::square(spec.size).unwrap();
    let mut rec = GameRecord::new(size);
    rec.komi = spec
        .record_komi
        .map(|k| gorules_rules::Komi::new(f64::from(k) / 2.0).unwrap());
    // Setup stones: Black's (a handicap when there are two or more), then White's.
    let mut taken = Vec::new();
    for (color, list) in [
        (Color::Black, &spec.handicap),
        (Color::White, &spec.white_setup),
    ] {
        for &k in list {
            let p = point(size, k);
            if !taken.contains(&p) {
                taken.push(p);
                rec.setup.push((color, p));
            }
        }
    }
    let black_setup = rec.setup.iter().filter(|(c, _)| *c == Color::Black).count();
    if spec.declare_handicap && black_setup >= 2 {
        rec.handicap = black_setup as u32;
    }
    // The walk: the walker keeps the record's own position (suicide allowed, no ko check) to
    // pick empty points, so most moves are on free points and many repeat positions.
    let mut board = Board::with_stones(size, rec.setup.iter().copied()).unwrap_or(Board::new(size));
    let mut color = if black_setup >= 2 && rec.setup.len() == black_setup {
        Color::White
    } else {
        Color::Black
    };
    for s in &spec.steps {
        let mover = if s.oddity < 3 {
            color.opponent()
        } else {
            color
        };
        let mv = if s.kind < spec.pass_rate || board.empty_count() == 0 {
            Move::Pass
        } else if s.oddity < 8 {
            Move::Play(point(size, s.pick))
        } else {
            Move::Play(board.empty_point(s.pick as usize % board.empty_count()))
        };
        if let Move::Play(p) = mv {
            let _ = board.play_allowing_suicide(mover, p);
        }
        rec.moves.push(ColoredMove { color: mover, mv });
        color = mover.opponent();
    }
    for _ in 0..spec.trailing_passes {
        rec.moves.push(ColoredMove::pass(color));
        color = color.opponent();
    }
    rec.move_nodes = (1..=rec.moves.len()).collect();
    let dead: Vec<Point> = {
        let mut d: Vec<Point> = spec.dead.iter().map(|&k| point(size, k)).collect();
        d.sort_by_key(|p| (p.y, p.x));
        d.dedup();
        d
    };
    let mut options = Options {
        komi: spec
            .option_komi
            .map(|k| gorules_rules::Komi::new(f64::from(k) / 2.0).unwrap()),
        dead: gorules_compare::dead::DeadStones::Markup,
        countings: match spec.countings {
            0 => None,
            1 => Some(vec![Counting::Area]),
            2 => Some(vec![Counting::Territory]),
            _ => Some(Vec::new()),
        },
        score_unfinished: spec.score_unfinished,
        strict: false,
        // Point maps in about half the runs: the shared analysis must give the same ones.
        point_maps: spec.trailing_passes % 2 == 0,
    };
    match spec.dead_from {
        // Dead stones from the command line (points that may hold no stone at all).
        0 => options.dead = gorules_compare::dead::DeadStones::Stones(dead),
        // From territory markup: the points go to the side that does not hold them now.
        1 => {
            let mut markup = TerritoryMarkup::default();
            for p in dead {
                match board.get(p) {
                    Some(Color::Black) => markup.white.push(p),
                    _ => markup.black.push(p),
                }
            }
            rec.territory_markup = Some(markup);
        }
        _ => {}
    }
    (rec, options)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn compare_game_matches_replaying_each_ruleset(spec in spec()) {
        let all = rulesets();
        let rulesets: Vec<Arc<Ruleset>> =
            spec.order.iter().map(|&i| Arc::new(all[i].clone())).collect();
        let (record, options) = build(&spec);
        let dead = dead_stones(&record, &options).unwrap().stones;
        let reference: Result<Vec<_>, _> = rulesets
            .iter()
            .map(|rs| replay(&record, rs, &options, &dead))
            .collect();
        match (compare_game(&record, &rulesets, &options), reference) {
            (Ok(report), Ok(reference)) => prop_assert_eq!(report.rulesets, reference),
            (Err(fast), Err(slow)) => prop_assert_eq!(fast, slow),
            (fast, slow) => prop_assert!(
                false,
                "fast {:?}\nslow {:?}",
                fast.map(|r| r.rulesets),
                slow
            ),
        }
    }
}

/// Rulesets that end with the same board score it from one shared analysis; one that keeps the
/// dead stones (Tromp-Taylor scores the board as it stands) ends with another board, and gets
/// its own. A seki board with a dead stone: the shared analysis must give each ruleset what its
/// own would (seki eyes left out or counted, the dead stone removed or not).
#[test]
fn rulesets_that_end_on_one_board_share_its_analysis_and_score_it_as_alone() {
    let seki = gorules_board::diagram::from_diagram(gorules_rules::seki::CLASSIC_SEKI).unwrap();
    let size = seki.size();
    let mut record = GameRecord::new(size);
    for p in size.points() {
        if let Some(c) = seki.get(p) {
            record.setup.push((c, p));
        }
    }
    // A white stone in Black's area, dead.
    let dead = Point::new(7, 2);
    record.setup.push((Color::White, dead));
    record.setup.sort_by_key(|&(c, p)| (c.index(), p.y, p.x));
    record.moves = vec![
        ColoredMove::pass(Color::Black),
        ColoredMove::pass(Color::White),
    ];
    record.move_nodes = vec![1, 2];
    let options = Options {
        dead: gorules_compare::dead::DeadStones::Stones(vec![dead]),
        ..Options::default()
    };
    let rulesets: Vec<_> = builtins().into_iter().map(Arc::new).collect();
    let reports = compare_game(&record, &rulesets, &options).unwrap().rulesets;
    let reference: Vec<_> = rulesets
        .iter()
        .map(|rs| replay(&record, rs, &options, &[dead]).unwrap())
        .collect();
    assert_eq!(reports, reference);
    let scores = || reports.iter().flat_map(|r| &r.scores);
    assert!(scores().any(|s| s.breakdown.black.seki_eyes_not_counted == 1));
    assert!(scores().any(|s| s.breakdown.black.seki_eyes_not_counted == 0));
    assert!(reports
        .iter()
        .any(|r| r.end.settlement.starts_with("ignored")));
    assert!(reports
        .iter()
        .any(|r| r.end.settlement.starts_with("removed")));
}
