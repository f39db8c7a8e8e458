//! The fuzzer's own machinery: the fast evaluation agrees with replaying the record as
//! `gorules score` does, generated games are already normal, runs do not depend on the number
//! of threads, and the games are varied (passes during play, resumptions, handicaps, captures,
//! dead stones, Concord's third pass).

use gorules_board::Move;
use gorules_claims::eval::{evaluate_games, evaluate_in, evaluate_record};
use gorules_claims::game::FuzzGame;
use gorules_claims::generate::{generate, normalize, GenOptions, Generator, Legality};
use gorules_claims::rng::game_seed;
use gorules_claims::run::run_one;
use gorules_claims::{run, Claim, RunOptions};
use gorules_rules::ruleset::{KoRule, SuicideRule};
use gorules_sgf::{parse_sgf, to_sgf};

const CLAIMS: [&str; 8] = [
    "concord-area-territory",
    "japanese-chinese-within-one",
    "play-settles-disputes",
    "play-settles-disputes-japanese",
    "taiwan-concord-area",
    "two-button-concord-territory",
    "concord-two-passes",
    "winner(aga:area) == winner(new-zealand:area) && ing:area - tromp-taylor:area >= -100 && british:territory == korean:territory",
];

/// The record as SGF text, read back.
fn through_sgf(g: &FuzzGame) -> gorules_sgf::GameRecord {
    parse_sgf(&to_sgf(&g.to_record()), None).unwrap().remove(0)
}

/// The two legalities the games are generated under: the default one (no suicide, positional
/// superko) and the loosest (simple ko, every suicide).
fn legalities() -> [Legality; 2] {
    [
        Legality::default(),
        Legality {
            ko: KoRule::Simple,
            suicide: SuicideRule::All,
        },
    ]
}

#[test]
fn fast_evaluation_agrees_with_replaying_the_record() {
    for (k, text) in CLAIMS.iter().enumerate() {
        let claim = Claim::from_text(text).unwrap();
        for legality in legalities() {
            let gen = GenOptions {
                legality,
                ..GenOptions::default()
            };
            let legal = std::sync::Arc::new(gen.legality.ruleset());
            let (mut scored, mut skipped) = (0, 0);
            for i in 0..400 {
                let (g, fast) = run_one(&claim, &gen, &legal, k as u64, i);
                let slow = evaluate_record(&claim, &through_sgf(&g));
                match (fast, slow) {
                    (Ok(f), Ok(s)) => {
                        assert_eq!(f, s, "{text}, game {i}: {g:?}");
                        scored += 1;
                    }
                    (Err(_), Err(_)) => skipped += 1,
                    (f, s) => panic!("{text}, game {i}: fast {f:?}, replayed {s:?}: {g:?}"),
                }
            }
            eprintln!("{text} ({legality:?}): {scored} agree, {skipped} skipped by both");
            // Looser games often hold a move some ruleset replaces by a pass, after which the
            // record no longer fits its position (skipped by both ways of evaluating).
            assert!(
                scored > if legality.is_strict() { 250 } else { 40 },
                "{scored}"
            );
        }
    }
}

#[test]
fn generated_games_are_normal_and_round_trip_through_sgf() {
    let claim = Claim::from_text("taiwan:area == concord:area && aga:area == ing:area").unwrap();
    let gen = GenOptions::default();
    let legal = std::sync::Arc::new(gen.legality.ruleset());
    for i in 0..1_000 {
        let (g, _) = generate(&gen, game_seed(5, i), claim.rulesets(), &legal);
        let (n, _) = normalize(&g, claim.rulesets(), &legal);
        assert_eq!(n, g, "game {i}");
        assert_eq!(
            FuzzGame::from_record(&through_sgf(&g)).unwrap(),
            g,
            "game {i}"
        );
        assert!(g.moves.len() >= 2 && g.moves[g.moves.len() - 2..] == [Move::Pass, Move::Pass]);
    }
}

#[test]
fn a_run_does_not_depend_on_the_number_of_threads() {
    let claim = Claim::from_text("japanese-chinese-within-one").unwrap();
    let opts = |jobs| RunOptions {
        games: 1_500,
        seed: 99,
        jobs,
        max_counterexamples: 2,
        ..RunOptions::default()
    };
    let mut a = run(&claim, &opts(1), &|_| {});
    let mut b = run(&claim, &opts(2), &|_| {});
    a.seconds = 0.0;
    b.seconds = 0.0;
    assert_eq!(a, b);
    assert_eq!(a.counterexamples.len(), 2);
}

/// A run split into ranges of games (`first_game`), cut anywhere, tests exactly the games of
/// the whole run: the same failures, skipped games and games with dead stones, summed, and the
/// same failing games, in game order (every failure kept, as counterexamples not shrunk).
#[test]
fn a_run_split_into_ranges_fails_in_the_games_the_whole_run_does() {
    let claim = Claim::from_text("japanese-chinese-within-one").unwrap();
    let opts = |first_game, games| RunOptions {
        games,
        first_game,
        seed: 7,
        jobs: 2,
        max_counterexamples: usize::MAX,
        shrink: false,
        ..RunOptions::default()
    };
    let whole = run(&claim, &opts(0, 700), &|_| {});
    assert!(whole.failures > 10, "{}", whole.failures);
    let cuts = [0, 1, 300, 301, 555, 700];
    let parts: Vec<_> = cuts
        .windows(2)
        .map(|w| run(&claim, &opts(w[0], w[1] - w[0]), &|_| {}))
        .collect();
    for (part, w) in parts.iter().zip(cuts.windows(2)) {
        assert_eq!((part.first_game, part.games), (w[0], w[1] - w[0]));
        assert!(part
            .counterexamples
            .iter()
            .all(|c| (w[0]..w[1]).contains(&c.game)));
    }
    let sum = |f: fn(&gorules_claims::RunReport) -> u64| parts.iter().map(f).sum::<u64>();
    assert_eq!(sum(|r| r.failures), whole.failures);
    assert_eq!(sum(|r| r.skipped_total()), whole.skipped_total());
    assert_eq!(
        sum(|r| r.tested_with_dead_stones),
        whole.tested_with_dead_stones
    );
    let failing: Vec<_> = parts
        .iter()
        .flat_map(|r| r.counterexamples.clone())
        .collect();
    assert_eq!(failing.len() as u64, whole.failures);
    assert_eq!(failing, whole.counterexamples);
}

/// `--sizes 1`: on the board of one point every play is a suicide (no neighbour). Under the
/// strict legality (no suicide) every move is a pass and there is no handicap (no room for
/// two stones); where suicide is allowed the plays are suicides, which leave the board empty.
/// The fast evaluation still agrees with the replayed record, and a theorem holds there too.
#[test]
fn games_on_the_board_of_one_point() {
    let one = gorules_board::Size::square(1).unwrap();
    for text in CLAIMS {
        let claim = Claim::from_text(text).unwrap();
        for legality in legalities() {
            let gen = GenOptions {
                sizes: vec![1],
                legality,
                ..GenOptions::default()
            };
            let legal = std::sync::Arc::new(gen.legality.ruleset());
            for i in 0..100 {
                let (g, fast) = run_one(&claim, &gen, &legal, 3, i);
                assert_eq!((g.size, g.handicap, g.setup.len()), (one, 0, 0));
                if legality.is_strict() {
                    assert!(g.moves.iter().all(|m| *m == Move::Pass), "{g:?}");
                }
                assert_eq!(g.final_board().empty_count(), 1, "{g:?}");
                let slow = evaluate_record(&claim, &through_sgf(&g));
                match (fast, slow) {
                    (Ok(f), Ok(s)) => assert_eq!(f, s, "{text}, game {i}: {g:?}"),
                    (Err(_), Err(_)) => {}
                    (f, s) => panic!("{text}, game {i}: fast {f:?}, replayed {s:?}: {g:?}"),
                }
            }
        }
    }
    // Concord's area and territory counts agree (a theorem of its rules) on 1x1 as anywhere.
    let claim = Claim::from_text("concord-area-territory").unwrap();
    let opts = RunOptions {
        games: 300,
        gen: GenOptions {
            sizes: vec![1],
            ..GenOptions::default()
        },
        ..RunOptions::default()
    };
    let r = run(&claim, &opts, &|_| {});
    assert!(r.holds, "{:?}", r.counterexamples);
    assert_eq!(r.games, 300);
}

#[test]
fn generated_games_are_varied() {
    let claim = Claim::from_text("concord-area-territory").unwrap();
    let gen = GenOptions::default();
    let legal = std::sync::Arc::new(gen.legality.ruleset());
    let n = 3_000;
    let (mut midgame, mut resumed, mut handicap, mut fixed, mut dead, mut captures, mut third) =
        (0, 0, 0, 0, 0, 0, 0);
    let mut sizes = [0; 10];
    for i in 0..n {
        let (g, driver) = generate(&gen, game_seed(1, i), claim.rulesets(), &legal);
        let f = g.facts();
        sizes[f.size as usize] += 1;
        midgame += (f.midgame_passes > 0) as u32;
        resumed += (f.resumptions > 0) as u32;
        handicap += (g.handicap > 0) as u32;
        if let Ok(mut points) = gorules_board::handicap::fixed_handicap(g.size, g.handicap) {
            points.sort_by_key(|p| (p.y, p.x));
            fixed += (points == g.setup) as u32;
        }
        dead += (!g.dead.is_empty()) as u32;
        let board = g.final_board();
        let on_board = board.stones_on_board(gorules_board::Color::Black)
            + board.stones_on_board(gorules_board::Color::White);
        captures += (f.plays as usize + g.setup.len() > on_board as usize) as u32;
        // Concord's third pass: the record ends in three passes.
        let m = &g.moves;
        third += (m.len() >= 3 && m[m.len() - 3..].iter().all(|x| *x == Move::Pass)) as u32;
        drop(driver);
    }
    eprintln!(
        "{n} games: sizes {sizes:?}, passes during play {midgame}, resumptions {resumed}, \
         handicap {handicap} (fixed {fixed}), dead stones {dead}, captures {captures}, \
         three final passes {third}"
    );
    for s in 2..=9 {
        assert!(sizes[s] > 250, "{sizes:?}");
    }
    assert!(midgame > n as u32 / 4 && resumed > n as u32 / 10);
    assert!(handicap > n as u32 / 8 && fixed > 50);
    assert!(dead > n as u32 / 5 && captures > n as u32 / 2 && third > 50);
}

#[test]
fn evaluate_games_matches_run_one() {
    // run_one is generate + evaluate_games.
    let claim = Claim::from_text("concord-area-territory").unwrap();
    let gen = GenOptions::default();
    let legal = std::sync::Arc::new(gen.legality.ruleset());
    for i in 0..50 {
        let (g, d) = generate(&gen, game_seed(3, i), claim.rulesets(), &legal);
        let e = evaluate_games(&claim, &g, d).unwrap();
        let (g2, e2) = run_one(&claim, &gen, &legal, 3, i);
        assert_eq!((g, e), (g2, e2.unwrap()));
    }
}

#[test]
fn a_reused_generator_makes_the_same_games_and_evaluations() {
    // One Generator (one driver, its buffers reused) against a fresh driver per game, for
    // claims with one, several and no ruleset games, the default and a looser legality, and
    // every board size in turn (the reused boards change size).
    let loose = GenOptions {
        legality: Legality {
            ko: KoRule::Simple,
            suicide: SuicideRule::All,
        },
        ..GenOptions::default()
    };
    for gen in [GenOptions::default(), loose] {
        let legal = std::sync::Arc::new(gen.legality.ruleset());
        for text in CLAIMS {
            let claim = Claim::from_text(text).unwrap();
            let mut generator = Generator::new(claim.rulesets(), &legal);
            for i in 0..60 {
                let seed = game_seed(11, i);
                let (g, d) = generate(&gen, seed, claim.rulesets(), &legal);
                let e = evaluate_games(&claim, &g, d);
                let (g2, d2) = generator.generate(&gen, seed);
                assert_eq!(g, g2, "{text} game {i}");
                let e2 = evaluate_in(&claim, &g2, d2);
                assert_eq!(e, e2, "{text} game {i}");
            }
        }
    }
}

#[test]
fn trying_a_play_leaves_the_driver_as_applying_it_does() {
    // `Driver::try_play` (its shortcuts: the single-stone-suicide test, the plain play of the
    // lead game, the single-ruleset record) against `Driver::apply`, the reference path, move
    // by move on generated games, for claims with one and several ruleset games.
    use gorules_board::Color;
    use gorules_claims::driver::Driver;
    let gen = GenOptions::default();
    let legal = std::sync::Arc::new(gen.legality.ruleset());
    for text in ["concord-area-territory", "japanese-chinese-within-one"] {
        let claim = Claim::from_text(text).unwrap();
        let mut plays = 0;
        for i in 0..150 {
            let (g, _) = generate(&gen, game_seed(5, i), claim.rulesets(), &legal);
            let mut tried = Driver::new(claim.rulesets(), &legal, &g);
            let mut applied = Driver::new(claim.rulesets(), &legal, &g);
            for (k, &mv) in g.moves.iter().enumerate() {
                match mv {
                    Move::Play(p) => {
                        assert!(tried.try_play(p), "{text} game {i} move {k}");
                        plays += 1;
                    }
                    Move::Pass => tried.apply(mv),
                }
                applied.apply(mv);
                let snapshot = |d: &Driver| {
                    (
                        d.board().hash(),
                        d.board().stones_on_board(Color::Black),
                        d.board().stones_on_board(Color::White),
                        d.moves().to_vec(),
                        d.to_move(),
                        d.pass_required(),
                        d.passes_in_a_row(),
                        d.can_end(),
                        d.any_finished(),
                        d.state().history().to_vec(),
                        d.state().moves().to_vec(),
                    )
                };
                assert_eq!(
                    snapshot(&tried),
                    snapshot(&applied),
                    "{text} game {i} move {k}"
                );
            }
            // A refused play changes nothing: every occupied point, and the empty points the
            // legality refuses.
            let before = tried.state().history().len();
            for p in g.size.points() {
                if !tried.play_ok(p) || tried.board().get(p).is_some() {
                    assert!(!tried.try_play(p), "{text} game {i}: {p:?}");
                }
            }
            assert_eq!(tried.state().history().len(), before);
        }
        assert!(plays > 2_000, "{text}: {plays} plays");
    }
}
