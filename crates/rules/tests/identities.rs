//! The identities behind the equivalence claims, checked on random games: Concord area margin =
//! Concord territory margin (Concord Rules of Go Commentary, "Equivalence of area and territory
//! scoring"); AGA area = AGA territory (AGA Concise Rules of Go, rule 12: White makes the last
//! move); and the hinge of the Concord proof, that Black made the last move exactly when White
//! passed first. Random legal play with passes anywhere, handicaps,
//! and a random set of chains agreed dead.

use crate::common::Rng;

use gorules_board::{handicap::fixed_handicap, Board, Color, Move, Point, Size};
use gorules_rules::fast::score_each;
use gorules_rules::{builtin, Counting, Game, Ruleset, Setup, Status};
use proptest::prelude::*;

/// Plays a random game to the end of play under `rules`, then agrees a random set of chains
/// dead and finishes. Returns None if the ply cap cut it off.
fn random_game(rules: &Ruleset, seed: u64, n: u32) -> Option<Game> {
    let mut rng = Rng(seed);
    let size = Size::square(n).unwrap();
    let handicap = if n >= 7 && rng.below(3) == 0 {
        2 + rng.below(3) as u32
    } else {
        0
    };
    let setup = if handicap >= 2 {
        let stones = fixed_handicap(size, handicap).unwrap();
        Setup {
            board: Board::with_stones(size, stones.into_iter().map(|p| (Color::Black, p))).unwrap(),
            handicap,
            komi: gorules_rules::Komi::new(0.5).unwrap(),
            first: Color::White,
        }
    } else {
        Setup::even(Board::new(size), gorules_rules::Komi::new(6.5).unwrap())
    };
    let mut g = Game::new(rules.clone(), setup);
    let pass_rate = 2 + rng.below(20);
    for _ in 0..(4 * size.area() + 20) {
        match g.status() {
            Status::Ended => {
                // Sometimes dispute and resume.
                if rng.below(4) == 0 {
                    g.resume(rng.below(2) == 0).unwrap();
                } else {
                    break;
                }
            }
            Status::Finished => break,
            Status::Playing { .. } => {}
        }
        let c = g.to_move();
        let mut mv = Move::Pass;
        if rng.below(pass_rate) != 0 {
            for _ in 0..10 {
                let b = g.state().board();
                if b.empty_count() == 0 {
                    break;
                }
                let p = b.empty_point(rng.below(b.empty_count()));
                if b.is_eye_like(c, p) {
                    continue;
                }
                if let Ok(Ok(())) = g.check(c, Move::Play(p)) {
                    mv = Move::Play(p);
                    break;
                }
            }
        }
        if let Status::Playing {
            pass_required: Some(_),
        } = g.status()
        {
            mv = Move::Pass;
        }
        g.play(c, mv).unwrap();
    }
    if !matches!(g.status(), Status::Ended | Status::Finished) {
        return None;
    }
    let dead: Vec<Point> = g
        .state()
        .board()
        .chains()
        .into_iter()
        .filter(|_| rng.below(4) == 0)
        .flat_map(|c| c.stones)
        .collect();
    g.finish(&dead);
    Some(g)
}

fn margins(g: &Game) -> (f64, f64) {
    (
        g.score(Counting::Area).margin,
        g.score(Counting::Territory).margin,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn concord_area_equals_territory(seed in any::<u64>(), n in 2u32..=9) {
        let concord = builtin("concord").unwrap();
        if let Some(g) = random_game(&concord, seed, n) {
            let (a, t) = margins(&g);
            prop_assert_eq!(a, t);
            // The hinge of the Concord proof: Black made the last move exactly when White made the first pass.
            let last_black = g.state().moves().last().map(|m| m.color) == Some(Color::Black);
            prop_assert_eq!(last_black, g.state().first_pass() == Some(Color::White));
        }
    }

    #[test]
    fn aga_area_equals_territory(seed in any::<u64>(), n in 2u32..=9) {
        let aga = builtin("aga").unwrap();
        if let Some(g) = random_game(&aga, seed, n) {
            let (a, t) = margins(&g);
            prop_assert_eq!(a, t);
        }
    }
}

#[test]
fn random_games_are_real_games() {
    // Guard against a generator that makes the identities trivially true: most games finish,
    // and they contain captures, passes by both sides, and dead stones.
    let concord = builtin("concord").unwrap();
    let (mut finished, mut moves, mut captures, mut dead, mut third_passes) = (0, 0, 0, 0, 0);
    for seed in 0..300u64 {
        if let Some(g) = random_game(&concord, seed, 2 + (seed % 8) as u32) {
            finished += 1;
            moves += g.state().moves().len();
            captures += Color::ALL
                .iter()
                .map(|&c| g.state().prisoners(c).captures)
                .sum::<u32>();
            dead += Color::ALL
                .iter()
                .map(|&c| g.state().prisoners(c).dead_stones)
                .sum::<u32>();
            let m = g.state().moves();
            if m.len() >= 3 && m[m.len() - 3..].iter().all(|e| e.applied == Move::Pass) {
                third_passes += 1;
            }
        }
    }
    eprintln!("finished {finished}/300, moves {moves}, captures {captures}, dead {dead}, 3-pass endings {third_passes}");
    assert!(finished > 250, "finished {finished}");
    assert!(moves > 300 * 15, "moves {moves}");
    assert!(captures > 300 && dead > 300 && third_passes > 20);
}

#[test]
fn concord_without_its_last_pass_rule_breaks_the_identity() {
    // Concord Rules of Go Commentary, "Pass fights": the last-pass rule is what ties the move difference to the first
    // pass. Without it (two passes end play), some random game has area != territory.
    let broken = gorules_rules::parse(
        "id = \"concord-two-passes\"\nextends = \"concord\"\n[end]\nend-of-play = \"two-passes\"\n",
        "concord-two-passes.toml",
    )
    .unwrap();
    let found = (0..500u64).any(|seed| {
        random_game(&broken, seed, 2 + (seed % 6) as u32).is_some_and(|g| {
            let (a, t) = margins(&g);
            a != t
        })
    });
    assert!(found);
}

#[test]
fn scoring_several_countings_at_once_gives_each_score() {
    // `fast::score_each` analyses the board once (one `Ownership` for every counting);
    // the scores must be those `Ruleset::score` gives one by one, in the order asked.
    let countings = [Counting::Territory, Counting::Stone, Counting::Area];
    let mut games = 0;
    for rules in gorules_rules::builtins() {
        for seed in 0..30u64 {
            if let Some(g) = random_game(&rules, seed, 2 + (seed % 8) as u32) {
                games += 1;
                let st = g.state();
                let one_by_one: Vec<_> = countings.iter().map(|&c| rules.score(st, c)).collect();
                assert_eq!(
                    score_each(&rules, st, &countings),
                    one_by_one,
                    "{} {seed}",
                    rules.id
                );
                assert_eq!(score_each(&rules, st, &countings[2..]), one_by_one[2..]);
                assert!(score_each(&rules, st, &[]).is_empty());
            }
        }
    }
    assert!(games > 200, "{games} games");
}
