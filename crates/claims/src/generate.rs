//! Random games, reproducible from a seed.
//!
//! Each game draws its own style from its seed, so that a run covers very different games:
//!
//! - a board size from the chosen sizes;
//! - a handicap in a quarter of the games (1 to 9 stones where the board allows: fixed star
//!   points when the board has them, otherwise, or at random, free placement) and a komi;
//! - how often a player passes during play (never, in three games of eight, up to four passes
//!   in ten moves), and how often the opponent answers a pass with a pass (a streak, which ends
//!   play);
//! - after play ends, how often the players dispute and resume instead (up to three times;
//!   half of the resumptions are "play until all dead stones are captured", after which every
//!   stone is alive), and whether a resumption opens with a pass when that is safe;
//! - how often a player fills its own eye;
//! - which chains are agreed dead at the end: any set of chains in half of the games, only
//!   chains that look dead (surrounded by the opponent) in the other half (see
//!   [`GenOptions::plausible_dead`]).
//!
//! Moves are uniformly random among the points the player may play: legal under the chosen
//! legality (by default positional superko and no suicide, the strictest, so that every
//! ruleset can replay the game) and, unless the game allows it, not an own eye. A player with
//! no such point passes. Every rule's end-of-play protocol is respected: a pass that one
//! ruleset requires is made; a pass that would finish the game for one ruleset while the record
//! goes on is not; the record ends only when two passes in a row ended play and no ruleset
//! requires another pass, and it ends there if a pass one ruleset required finished the game
//! for another (Concord's third pass that is also AGA's final White pass). After
//! `3 x points + 20` moves the players pass until play ends.

use gorules_board::handicap::fixed_handicap;
use gorules_board::{Color, Move, Point, PointSet, Size};
use std::sync::Arc;

use gorules_rules::ruleset::{EndOfPlay, KoRule, SuicideRule};
use gorules_rules::{builtin, Ruleset};

use crate::driver::Driver;
use crate::game::{sort_points, FuzzGame};
use crate::rng::Rng;

/// Which moves the generated games may contain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Legality {
    /// The ko rule.
    pub ko: KoRule,
    /// The suicide rule.
    pub suicide: SuicideRule,
}

impl Default for Legality {
    /// The strictest: positional superko and no suicide. Every ruleset accepts such games.
    fn default() -> Legality {
        Legality {
            ko: KoRule::PositionalSuperko,
            suicide: SuicideRule::Illegal,
        }
    }
}

impl Legality {
    /// A ruleset that answers legality questions with these rules (its other knobs do not
    /// matter to the generator: two passes end play, no pass is ever required).
    pub fn ruleset(&self) -> Ruleset {
        let mut rs = builtin("concord").expect("concord is built in");
        rs.id = "generator-legality".into();
        rs.name = "Legality of the generated games".into();
        rs.ko = self.ko;
        rs.suicide = self.suicide;
        rs.end_of_play = EndOfPlay::TwoPasses;
        rs
    }

    /// Whether this is the default (strictest) legality.
    pub fn is_strict(&self) -> bool {
        *self == Legality::default()
    }
}

/// What games to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct GenOptions {
    /// Board sizes (square), each from 1 to 25; a game draws one. On 1x1 every play is a
    /// suicide (the point has no neighbour): its games are passes, and suicides where the
    /// legality allows them, which still test komi, pass stones and the end of play.
    pub sizes: Vec<u32>,
    /// The largest handicap (0: even games only).
    pub max_handicap: u32,
    /// Which moves are allowed.
    pub legality: Legality,
    /// Per mille of the games (among those with agreed-dead stones) in which only chains that
    /// look dead are agreed dead (see the module documentation); the others may agree on any
    /// chains. [`crate::run::run`] raises it to 900 for claims with `:playout` scores, which
    /// only games with capturable dead stones test.
    pub plausible_dead: u32,
}

impl Default for GenOptions {
    fn default() -> GenOptions {
        GenOptions {
            sizes: (2..=9).collect(),
            max_handicap: 9,
            legality: Legality::default(),
            plausible_dead: 500,
        }
    }
}

/// A game's style, drawn from its seed.
struct Style {
    /// Chance of a pass during play, per mille.
    pass: u32,
    /// Chance of answering a pass with a pass, per mille.
    streak: u32,
    /// Chance of resuming after play ended, per mille.
    resume: u32,
    /// Chance of filling an own eye, per mille.
    eye_fill: u32,
    /// Chance that a chain is agreed dead, per mille (chains that look dead: at least 500).
    dead: u32,
    /// Whether only chains that look dead are agreed dead: chains whose points and liberties
    /// reach only the opponent's stones through empty points (they can usually be captured by
    /// play, which the `:playout` scores need). Otherwise any chain may be.
    plausible: bool,
}

const MAX_RESUMPTIONS: u32 = 3;

fn pick<T: Copy>(rng: &mut Rng, xs: &[T]) -> T {
    xs[rng.below(xs.len())]
}

/// Draws the board, handicap and komi of a game.
fn draw_setup(opts: &GenOptions, rng: &mut Rng) -> FuzzGame {
    let n = pick(rng, &opts.sizes);
    let size = Size::square(n).expect("sizes are checked when the options are made");
    let area = size.area() as u32;
    let max = opts.max_handicap.min(9).min(area / 3);
    let handicap = if max >= 1 && rng.chance(250) {
        1 + rng.below(max as usize) as u32
    } else {
        0
    };
    let mut setup = Vec::new();
    if handicap >= 2 {
        match fixed_handicap(size, handicap) {
            Ok(points) if rng.chance(700) => setup = points,
            _ => {
                let mut taken = PointSet::empty(size);
                while setup.len() < handicap as usize {
                    let p = size.point_at(rng.below(size.area()));
                    if !taken.contains(p) {
                        taken.insert(p);
                        setup.push(p);
                    }
                }
            }
        }
        sort_points(&mut setup);
    }
    let points = if handicap >= 2 {
        pick(rng, &[0.0, 0.5])
    } else {
        pick(rng, &[0.0, 0.5, 5.5, 6.5, 7.0, 7.5])
    };
    let komi = gorules_rules::Komi::new(points).expect("every komi listed is whole or half");
    FuzzGame {
        size,
        komi,
        handicap,
        setup,
        moves: Vec::new(),
        dead: Vec::new(),
    }
}

fn draw_style(opts: &GenOptions, rng: &mut Rng) -> Style {
    Style {
        pass: pick(rng, &[0, 0, 0, 5, 20, 60, 150, 400]),
        streak: pick(rng, &[0, 100, 300, 600]),
        resume: pick(rng, &[0, 0, 300, 700]),
        eye_fill: pick(rng, &[0, 0, 0, 20, 100]),
        dead: pick(rng, &[0, 100, 300, 600]),
        plausible: rng.chance(opts.plausible_dead),
    }
}

/// The empty points of the position, in an order that only this module decides (so that a
/// seed gives the same game whatever the board engine's internals), with O(1) removal of the
/// point played (its index is known where it was drawn).
#[derive(Default)]
struct Empties {
    points: Vec<Point>,
    /// Every point of the board size `full_size`, row by row: the list of an empty board,
    /// copied at the start of most games.
    full: Vec<Point>,
    full_size: Option<Size>,
}

impl Empties {
    fn new(board: &gorules_board::Board) -> Empties {
        let mut e = Empties::default();
        e.refill(board);
        e
    }

    /// The empty points of `board`, row by row (as `Size::points` lists them).
    fn refill(&mut self, board: &gorules_board::Board) {
        let size = board.size();
        if board.empty_count() == size.area() {
            // No stone (most games start so): every point.
            if self.full_size != Some(size) {
                self.full.clear();
                self.full.extend(size.points());
                self.full_size = Some(size);
            }
            self.points.clone_from(&self.full);
            return;
        }
        self.points.clear();
        let empty = board
            .stones(Color::Black)
            .union(board.stones(Color::White))
            .complement();
        self.points.extend(empty.iter());
    }

    /// Follows the position after the point `points[k]` was played on `board`: the point
    /// played leaves the list (the last point takes its place), the stones it captured join
    /// it at the end, in the order the board removed them.
    #[inline]
    fn played(&mut self, board: &gorules_board::Board, k: usize) {
        self.points.swap_remove(k);
        // Pushed one by one: a capture takes a few stones, too few for a call to `memcpy`.
        for &p in board.last_removed() {
            self.points.push(p);
        }
        self.follow(board);
    }

    /// Follows the position of `board` after a move that changed nothing in the list (a
    /// pass): refills it only if the position read from changed (another ruleset's game
    /// diverged), which the number of empty points tells.
    #[inline]
    fn follow(&mut self, board: &gorules_board::Board) {
        if self.points.len() != board.empty_count() {
            self.refill(board);
        }
    }
}

/// Plays a random point the player to move may play (not an own eye unless `eyes`) and
/// returns it, or returns `None` (nothing played): uniform among the acceptable points (draws
/// without replacement from the empty points). `empties` follows the play.
fn random_play(
    driver: &mut Driver,
    rng: &mut Rng,
    eyes: bool,
    empties: &mut Empties,
) -> Option<Point> {
    if driver.pass_required() {
        return None;
    }
    let n = empties.points.len();
    // Partial Fisher-Yates: points[..tried] have been tried and refused.
    for tried in 0..n {
        let k = tried + rng.below(n - tried);
        let p = empties.points[k];
        // `Driver::try_play`, its cheap test made here with the eye test (no pass is required:
        // checked above).
        if !driver.refuses_at_once(p, eyes) && driver.try_play_tested(p) {
            empties.played(driver.board(), k);
            return Some(p);
        }
        empties.points.swap(tried, k);
    }
    None
}

/// The chance (per mille) that a chain is agreed dead in `style`, as it looks dead or not.
fn dead_chance(style: &Style, looks_dead: bool) -> u32 {
    match (looks_dead, style.plausible) {
        (true, _) => style.dead.max(500),
        (false, true) => 0,
        (false, false) => style.dead,
    }
}

/// Draws the agreed-dead stones, chain by chain in row-major order of their first stone, each
/// with the style's chance. Chains that look dead (their points and liberties reach only the
/// opponent's stones through empty points) are chosen more often; in a "plausible" style only
/// those are. Chains are found with bitboard floods: in one 128-bit word on boards up to 10x10
/// ([`Small`]), otherwise in [`PointSet`]s; both give the same stones and draws.
fn draw_dead(board: &gorules_board::Board, style: &Style, rng: &mut Rng) -> Vec<Point> {
    match Small::new(board.size()) {
        Some(small) => small.draw_dead(board, style, rng),
        None => draw_dead_sets(board, style, rng),
    }
}

/// Bitboards in one `u128`, for boards whose rows of `width + 1` bits fit in it (up to 10x10):
/// the layout of [`PointSet`], bit `y * (width + 1) + x`, the extra column of each row empty.
#[derive(Clone, Copy, Debug)]
struct Small {
    /// Bits per row: the width plus the empty guard column.
    stride: u32,
    /// The bits of the board's points.
    board: u128,
}

impl Small {
    /// The bitboards of `size`, if they fit.
    fn new(size: Size) -> Option<Small> {
        let (w, h) = (size.width() as u32, size.height() as u32);
        let stride = w + 1;
        if h * stride > 128 {
            return None;
        }
        let row = (1u128 << w) - 1;
        let board = (0..h).fold(0, |acc, y| acc | row << (y * stride));
        Some(Small { stride, board })
    }

    /// The set's bits: its words ([`PointSet::words`]) have this very layout.
    fn bits(&self, set: &PointSet) -> u128 {
        set.words()
            .iter()
            .take(2)
            .enumerate()
            .fold(0, |acc, (k, &w)| acc | (w as u128) << (64 * k))
    }

    /// The set plus its orthogonal neighbours; bits may land off the board.
    #[inline]
    fn dilate_unmasked(&self, x: u128) -> u128 {
        // A stride is at most 11: saying it is below 64 spares the shifts the code for a
        // shift by 64 or more.
        let s = self.stride & 63;
        x | x << 1 | x >> 1 | x << s | x >> s
    }

    /// As [`PointSet::flood_into`].
    #[inline]
    fn flood(&self, from: u128, through: u128) -> u128 {
        let mut reach = self.dilate_unmasked(from) & through;
        loop {
            let next = self.dilate_unmasked(reach) & through;
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }

    /// [`draw_dead_sets`] in these bitboards.
    fn draw_dead(&self, board: &gorules_board::Board, style: &Style, rng: &mut Rng) -> Vec<Point> {
        let black = self.bits(board.stones(Color::Black));
        let white = self.bits(board.stones(Color::White));
        let empty = self.board & !(black | white);
        let mut left = black | white;
        let mut dead = 0u128;
        while left != 0 {
            let first = 1u128 << left.trailing_zeros();
            let (own, opp) = if black & first != 0 {
                (black, white)
            } else {
                (white, black)
            };
            let chain = self.flood(first, own);
            let region = self.flood(chain, chain | empty);
            let border = self.dilate_unmasked(region) & self.board & !region;
            let looks_dead = border & !opp == 0 && opp != 0;
            if rng.chance(dead_chance(style, looks_dead)) {
                dead |= chain;
            }
            left &= !chain;
        }
        let mut out = Vec::with_capacity(dead.count_ones() as usize);
        while dead != 0 {
            let b = dead.trailing_zeros();
            dead &= dead - 1;
            out.push(Point::new((b % self.stride) as u8, (b / self.stride) as u8));
        }
        sort_points(&mut out);
        out
    }
}

/// [`draw_dead`] in [`PointSet`]s, for every board size.
fn draw_dead_sets(board: &gorules_board::Board, style: &Style, rng: &mut Rng) -> Vec<Point> {
    let size = board.size();
    let black = *board.stones(Color::Black);
    let white = *board.stones(Color::White);
    let empty = black.union(&white).complement();
    let mut left = black.union(&white);
    let mut dead = PointSet::empty(size);
    loop {
        let first = left.iter().next();
        let Some(p) = first else { break };
        let (own, opp) = if black.contains(p) {
            (&black, &white)
        } else {
            (&white, &black)
        };
        let mut start = PointSet::empty(size);
        start.insert(p);
        let chain = start.flood_into(own);
        // The chain's points and the empty points they reach, and what borders them.
        let region = chain.flood_into(&chain.union(&empty));
        let looks_dead = region
            .dilate()
            .difference(&region)
            .difference(opp)
            .is_empty()
            && !opp.is_empty();
        if rng.chance(dead_chance(style, looks_dead)) {
            dead = dead.union(&chain);
        }
        left = left.difference(&chain);
    }
    let mut out: Vec<Point> = dead.iter().collect();
    sort_points(&mut out);
    out
}

/// Generates the game of `seed`, played in `driver`'s rulesets as it goes (the driver is
/// returned at the end of the record, ready to finish and score). `rulesets` are the claim's,
/// `legality` the ruleset made by [`Legality::ruleset`].
pub fn generate<'r>(
    opts: &GenOptions,
    seed: u64,
    rulesets: &'r [Arc<Ruleset>],
    legality: &'r Arc<Ruleset>,
) -> (FuzzGame, Driver<'r>) {
    let mut rng = Rng::new(seed);
    let game = draw_setup(opts, &mut rng);
    let style = draw_style(opts, &mut rng);
    let mut driver = Driver::new(rulesets, legality, &game);
    let mut empties = Empties::new(driver.board());
    let game = play_game(game, &style, &mut rng, &mut driver, &mut empties);
    (game, driver)
}

/// Generates games one after the other, as [`generate`] does, reusing one [`Driver`] (its
/// games, boards and tables) and the generator's own buffers: no allocation per game once
/// they are large enough. The games are the same as [`generate`]'s.
pub struct Generator<'r> {
    rulesets: &'r [Arc<Ruleset>],
    legality: &'r Arc<Ruleset>,
    driver: Option<Driver<'r>>,
    empties: Empties,
}

impl<'r> Generator<'r> {
    /// A generator of games in `rulesets` (the claim's) under `legality` (made by
    /// [`Legality::ruleset`]).
    pub fn new(rulesets: &'r [Arc<Ruleset>], legality: &'r Arc<Ruleset>) -> Generator<'r> {
        Generator {
            rulesets,
            legality,
            driver: None,
            empties: Empties::default(),
        }
    }

    /// The game of `seed`, and the driver at the end of its record as [`generate`] returns it
    /// (until the next call, which restarts it).
    pub fn generate(&mut self, opts: &GenOptions, seed: u64) -> (FuzzGame, &mut Driver<'r>) {
        let mut rng = Rng::new(seed);
        let game = draw_setup(opts, &mut rng);
        let style = draw_style(opts, &mut rng);
        let driver = match &mut self.driver {
            Some(d) => {
                d.restart(&game);
                d
            }
            slot => slot.insert(Driver::new(self.rulesets, self.legality, &game)),
        };
        self.empties.refill(driver.board());
        let game = play_game(game, &style, &mut rng, driver, &mut self.empties);
        (game, driver)
    }
}

/// Plays the game set up in `game` and `driver` in the given style (see [`generate`]).
fn play_game(
    mut game: FuzzGame,
    style: &Style,
    rng: &mut Rng,
    driver: &mut Driver,
    empties: &mut Empties,
) -> FuzzGame {
    let cap = 3 * game.size.area() + 20;
    let mut resumptions = 0;
    let mut all_alive = false;
    loop {
        if driver.all_stopped() {
            break;
        }
        if driver.pass_required() {
            driver.apply(Move::Pass);
            continue;
        }
        let plies = driver.moves().len();
        if driver.can_end() {
            let may_resume = !driver.any_finished();
            if may_resume
                && plies < cap
                && resumptions < MAX_RESUMPTIONS
                && rng.chance(style.resume)
            {
                // A dispute: play resumes, usually with a board play (any legal one, eyes
                // included), sometimes with a pass.
                let mv = if rng.chance(250) && driver.pass_ok() {
                    driver.apply(Move::Pass);
                    Some(Move::Pass)
                } else {
                    random_play(driver, rng, true, empties).map(Move::Play)
                };
                if let Some(mv) = mv {
                    resumptions += 1;
                    all_alive |= rng.chance(500);
                    if mv == Move::Pass {
                        empties.follow(driver.board());
                    }
                    continue;
                }
            }
            break;
        }
        if play_on(driver, style, rng, empties, cap) {
            // Before play has ended, a pass never finishes a game (no ruleset owes a final
            // pass).
            driver.apply(Move::Pass);
            empties.follow(driver.board());
        }
    }
    game.moves = driver.moves().to_vec();
    if !all_alive && style.dead > 0 {
        game.dead = draw_dead(driver.board(), style, rng);
    }
    game
}

/// Plays the moves of a game in play (no pass required, play cannot end yet) as long as they
/// are board plays, one after another as [`play_game`]'s loop would, without its checks while
/// they cannot change (a board play that leaves every game live, no pass required and play
/// unable to end). Returns `true` when the player to move passes (decided so, or with no point
/// to play), `false` when the loop must look at the game again.
fn play_on(
    driver: &mut Driver,
    style: &Style,
    rng: &mut Rng,
    empties: &mut Empties,
    cap: usize,
) -> bool {
    loop {
        if driver.moves().len() >= cap {
            return true;
        }
        let pass_chance = if driver.passes_in_a_row() > 0 {
            style.streak
        } else {
            style.pass
        };
        if rng.chance(pass_chance) {
            return true;
        }
        let eyes = rng.chance(style.eye_fill);
        if random_play(driver, rng, eyes, empties).is_none() {
            return true;
        }
        if driver.pass_required() || driver.can_end() || driver.all_stopped() {
            return false;
        }
    }
}

/// Replays `game`'s moves in `driver`'s rulesets, dropping what the generator would never
/// have played: a board play on an occupied point or off the board, one the legality forbids,
/// one where a ruleset requires a pass, and a pass that would finish the game for a ruleset
/// while the record goes on. Then adds passes until the record may end, and keeps only whole
/// chains of the final position as dead stones. Returns the normalised game and the driver at
/// its end. For a generated game this changes nothing.
pub fn normalize<'r>(
    game: &FuzzGame,
    rulesets: &'r [Arc<Ruleset>],
    legality: &'r Arc<Ruleset>,
) -> (FuzzGame, Driver<'r>) {
    let mut out = FuzzGame {
        moves: Vec::new(),
        ..game.clone()
    };
    out.setup.retain(|&p| game.size.contains(p));
    let mut driver = Driver::new(rulesets, legality, &out);
    for &mv in &game.moves {
        if driver.all_stopped() || driver.any_finished() {
            break;
        }
        let keep = match mv {
            Move::Pass => driver.pass_required() || driver.pass_ok(),
            Move::Play(p) => game.size.contains(p) && driver.play_ok(p),
        };
        if keep {
            driver.apply(mv);
        }
    }
    let mut guard = 0;
    while !driver.can_end() && !driver.all_stopped() && guard < 8 {
        driver.apply(Move::Pass);
        guard += 1;
    }
    out.moves = driver.moves().to_vec();
    out.dead.retain(|&p| game.size.contains(p));
    out.normalize_dead();
    (out, driver)
}

/// Parses board sizes: `2..9` or `2..=9` (both inclusive), `9`, or a list such as `5,7,9`
/// (items may be ranges). Each from 1 to 25 (1: the 1x1 board, see [`GenOptions::sizes`]);
/// the result is sorted and without repeats.
pub fn parse_sizes(text: &str) -> Result<Vec<u32>, String> {
    let bad = |s: &str| format!("`{s}` is not a board size; write e.g. `2..9`, `9` or `5,7,9`");
    let mut out = Vec::new();
    for item in text.split(',').map(str::trim) {
        if item.is_empty() {
            return Err(bad(text));
        }
        let (a, b) = match item.split_once("..") {
            Some((a, b)) => {
                let b = b.strip_prefix('=').unwrap_or(b);
                (a.trim(), b.trim())
            }
            None => (item, item),
        };
        let a: u32 = a.parse().map_err(|_| bad(item))?;
        let b: u32 = b.parse().map_err(|_| bad(item))?;
        if a > b {
            return Err(format!("`{item}`: the range is empty"));
        }
        for n in a..=b {
            if !(gorules_board::MIN_SIDE as u32..=gorules_board::MAX_SIDE as u32).contains(&n) {
                return Err(format!(
                    "board size {n} is not supported: each side must be from {} to {}",
                    gorules_board::MIN_SIDE,
                    gorules_board::MAX_SIDE
                ));
            }
            out.push(n);
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_sizes("2..9").unwrap(), (2..=9).collect::<Vec<_>>());
        assert_eq!(parse_sizes("2..=4").unwrap(), vec![2, 3, 4]);
        assert_eq!(parse_sizes("9").unwrap(), vec![9]);
        assert_eq!(parse_sizes("9, 5,7,5").unwrap(), vec![5, 7, 9]);
        assert_eq!(parse_sizes("1..3").unwrap(), vec![1, 2, 3]);
        assert_eq!(parse_sizes("1").unwrap(), vec![1]);
        assert!(parse_sizes("0..3").unwrap_err().contains("from 1 to 25"));
        assert!(parse_sizes("25..26").unwrap_err().contains("board size 26"));
        assert!(parse_sizes("9..2").is_err());
        assert!(parse_sizes("x").is_err());
        assert!(parse_sizes("").is_err());
    }

    #[test]
    fn dead_stones_drawn_in_small_bitboards_are_those_of_point_sets() {
        let mut rng = Rng::new(11);
        let mut small_boards = 0;
        for n in 2..=12u32 {
            let size = Size::square(n).unwrap();
            assert_eq!(Small::new(size).is_some(), n <= 10);
            let Some(small) = Small::new(size) else {
                continue;
            };
            for _ in 0..60 {
                // A random position: random plays, legal ones kept.
                let mut board = gorules_board::Board::new(size);
                let plays = rng.below(3 * size.area());
                for k in 0..plays {
                    let c = if k % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let p = size.point_at(rng.below(size.area()));
                    let _ = board.play(c, p);
                }
                for (dead, plausible) in [(100, false), (300, true), (600, false), (1000, true)] {
                    let style = Style {
                        pass: 0,
                        streak: 0,
                        resume: 0,
                        eye_fill: 0,
                        dead,
                        plausible,
                    };
                    let seed = rng.next_u64();
                    let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
                    let sets = draw_dead_sets(&board, &style, &mut a);
                    assert_eq!(small.draw_dead(&board, &style, &mut b), sets, "{board:?}");
                    assert_eq!(a.next_u64(), b.next_u64(), "as many draws");
                    small_boards += 1;
                }
            }
        }
        assert_eq!(small_boards, 9 * 60 * 4);
    }
}
