//! Properties of the referee's settlement (`gorules_rules::referee`) on random settled
//! positions.
//!
//! Japanese Rules of Go (1989), Article 8 and its commentary: dame are no one's, and the
//! points a player must still fill (false eyes, teire) are not territory. Area counting, which
//! counts a filled own point like an empty one, never changes when the false eyes are filled.
//! The settlement reads the filling of the dame as a game in which each side keeps what it
//! keeps filling first: so no fill, of a false eye by its owner or of a dame by either side,
//! gives either side more. (A fill may give less: it spends a move the filling game would
//! have spent elsewhere.)
//!
//! The positions: random play-outs to the end (no play into one's own eye-like point, no
//! suicide), settled by play like a finished game, then a few stones lifted off points where
//! every neighbour is a stone and some an opponent's: the dame and the broken connections an
//! unfinished end leaves. Those where every group has two eyes or lives in seki are settled
//! and kept; in the others some group short of eyes has no partner, a fight the players left
//! open, where filling the dame would be playing it. Positions whose count the settlement says
//! rests on the order of filling are left out.

use gorules_board::{Board, Color, Point, PointSet, Size};
use gorules_rules::{builtin, Counting, Game, Ruleset, Setup};

/// splitmix64, a deterministic source of choices.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random game played to its end: random legal plays that are not suicide and do not fill
/// the player's own eye-like points, until neither player has one.
fn played_out(size: Size, rng: &mut Rng) -> Board {
    let mut board = Board::new(size);
    let mut color = Color::Black;
    let mut passes = 0;
    for _ in 0..size.area() * 6 {
        let candidates: Vec<Point> = board
            .empty_points()
            .filter(|&p| !board.is_eye_like(color, p))
            .filter(|&p| board.preview(color, p).is_ok_and(|pv| pv.suicide == 0))
            .collect();
        if candidates.is_empty() {
            passes += 1;
            if passes == 2 {
                break;
            }
        } else {
            passes = 0;
            let p = candidates[rng.below(candidates.len())];
            board.play(color, p).unwrap();
        }
        color = color.opponent();
    }
    board
}

/// Lifts up to `n` stones whose every neighbour is a stone, one of them the opponent's: the
/// points become dame, and the connections they made are broken.
fn lift(board: &mut Board, n: usize, rng: &mut Rng) {
    let size = board.size();
    for _ in 0..n {
        let liftable: Vec<Point> = size
            .points()
            .filter(|&p| {
                let Some(c) = board.get(p) else { return false };
                size.neighbors(p).all(|q| board.get(q).is_some())
                    && size
                        .neighbors(p)
                        .any(|q| board.get(q) == Some(c.opponent()))
            })
            .collect();
        if liftable.is_empty() {
            return;
        }
        board.remove_stones([liftable[rng.below(liftable.len())]]);
    }
}

/// Territory as the Japanese rules count it: `[black, white]`.
fn territory(japanese: &Ruleset, board: &Board) -> [usize; 2] {
    let t = japanese.counted_territory_by(board, Counting::Territory);
    [t.counted[0].len(), t.counted[1].len()]
}

/// Area as Chinese area counting scores it: `[black, white]`.
fn area(chinese: &Ruleset, board: &Board) -> [f64; 2] {
    let s = Game::new(
        chinese.clone(),
        Setup::even(board.clone(), gorules_rules::Komi::new(0.0).unwrap()),
    )
    .score(Counting::Area);
    [s.black.total, s.white.total]
}

/// Whether `c` at the dame point `p` is a neutral fill: legal, capturing nothing, no
/// self-atari, joining no two of its own chains, and leaving every empty neighbour in a region
/// that still touches both colours (no point turns into anyone's territory).
fn neutral_fill(board: &Board, c: Color, p: Point) -> bool {
    let size = board.size();
    let Ok(preview) = board.preview(c, p) else {
        return false;
    };
    if preview.suicide > 0 || preview.captures > 0 || board.is_self_atari(c, p) != Ok(false) {
        return false;
    }
    // It extends exactly one chain of its colour: it joins none, and makes no lone stone.
    let own: Vec<Point> = size
        .neighbors(p)
        .filter(|&q| board.get(q) == Some(c))
        .collect();
    let Some(chain) = own.first().and_then(|&q| board.chain_at(q)) else {
        return false;
    };
    if own.iter().any(|q| !chain.stones.contains(q)) {
        return false;
    }
    let mut after = board.clone();
    after.play(c, p).unwrap();
    let t = after.territory();
    size.neighbors(p)
        .all(|q| after.get(q).is_some() || t.neutral.contains(q))
}

/// Whether `c` at `p` is an inert fill: every chain next to it (the filler's included) keeps two
/// liberties inside its own colour's territory, so that the fill threatens nothing, now or
/// after any other fill. Other fills are moves of the filling game (a fill that makes the
/// opponent connect inside his territory gains a point), which the settlement reads as the
/// players would play them, not in any order.
fn inert_fill(board: &Board, c: Color, p: Point) -> bool {
    let mut after = board.clone();
    if after.play(c, p).is_err() {
        return false;
    }
    let t = after.territory();
    std::iter::once(p)
        .chain(board.size().neighbors(p))
        .filter_map(|q| after.chain_at(q))
        .all(|chain| {
            let own = [&t.black, &t.white][chain.color.index()];
            chain.liberties.iter().filter(|&&l| own.contains(l)).count() >= 2
        })
}

#[test]
fn filling_dame_and_false_eyes_changes_no_count() {
    let japanese = builtin("japanese").unwrap();
    let chinese = builtin("chinese").unwrap();
    let mut rng = Rng(7);
    let (mut with_false_eyes, mut with_dame, mut with_seki, mut settled_boards) = (0, 0, 0, 0);
    let mut with_doubts = 0;
    for case in 0..1500 {
        let n = [5, 6, 7, 9][case % 4];
        let size = Size::square(n).unwrap();
        let mut board = played_out(size, &mut rng);
        lift(&mut board, 1 + rng.below(6), &mut rng);
        // Settled: every group has two eyes or lives in seki. A group short of eyes with no
        // partner is a fight the players left open (or wrong dead stones), where filling the
        // dame is playing it out.
        let referee = gorules_rules::RefereeCount::of(&board);
        if referee.short_of_eyes.iter().any(|g| !g.in_seki) {
            continue;
        }
        with_seki += usize::from(!referee.sekis.is_empty());
        // A count that rests on who fills the dame first changes with the order of filling.
        if !referee.doubts.is_empty() {
            with_doubts += 1;
            continue;
        }
        settled_boards += 1;
        let before = territory(&japanese, &board);
        let area_before = area(&chinese, &board);
        let settled = japanese.counted_territory_by(&board, Counting::Territory);
        with_false_eyes += usize::from(settled.false_eyes.iter().any(|s| !s.is_empty()));
        with_dame += usize::from(!settled.neutral.is_empty());
        // The false eyes, each by its owner: area counting does not move.
        let mut filled = board.clone();
        for c in Color::ALL {
            for p in settled.false_eyes[c.index()].iter() {
                let pv = filled
                    .preview(c, p)
                    .unwrap_or_else(|e| panic!("{e:?} filling {p:?}\n{board:?}"));
                assert_eq!(pv.suicide, 0, "filling the false eye {p:?}\n{board:?}");
                filled.play(c, p).unwrap();
            }
        }
        assert_eq!(area(&chinese, &filled), area_before, "{board:?}");
        let after = territory(&japanese, &filled);
        assert!(
            after[0] <= before[0] && after[1] <= before[1],
            "{before:?} became {after:?}\n{board:?}\n{filled:?}"
        );
        // Then the dame, neutrally, and any false eye that shows, until nothing is left to
        // fill.
        loop {
            let mut played = false;
            let now = japanese.counted_territory_by(&filled, Counting::Territory);
            for c in Color::ALL {
                for p in now.false_eyes[c.index()].iter() {
                    filled.play(c, p).unwrap();
                    played = true;
                }
            }
            let referee = gorules_rules::RefereeCount::of(&filled);
            let shared = referee
                .sekis
                .iter()
                .fold(PointSet::empty(size), |a, s| a.union(&s.shared_liberties));
            let dame: Vec<Point> = now
                .neutral
                .iter()
                .filter(|p| !shared.contains(*p))
                .collect();
            for p in dame {
                if filled.get(p).is_some() {
                    continue;
                }
                let colours: Vec<Color> = Color::ALL
                    .into_iter()
                    .filter(|&c| neutral_fill(&filled, c, p) && inert_fill(&filled, c, p))
                    .collect();
                if !colours.is_empty() {
                    let c = colours[rng.below(colours.len())];
                    filled.play(c, p).unwrap();
                    played = true;
                }
            }
            if !played {
                break;
            }
        }
        // A fill is a move of the filling game, and each side's count is what it keeps
        // filling first: no fill by either side gives either more.
        let after = territory(&japanese, &filled);
        assert!(
            after[0] <= before[0] && after[1] <= before[1],
            "case {case}: {before:?} became {after:?}\n{board:?}\nfilled:\n{filled:?}"
        );
    }
    assert!(settled_boards >= 500, "{settled_boards} settled boards");
    eprintln!(
        "{settled_boards} settled boards: {with_false_eyes} with false eyes, {with_dame} with \
         dame; {with_doubts} left out, their count resting on the order; {with_seki} of all \
         with seki"
    );
    assert!(
        with_doubts >= 20,
        "{with_doubts} boards whose count rests on the order"
    );
    assert!(
        with_false_eyes >= 60,
        "{with_false_eyes} boards with false eyes"
    );
    assert!(with_dame >= 300, "{with_dame} boards with dame");
    assert!(with_seki >= 20, "{with_seki} boards with seki");
}
