//! Shrinking a counterexample to a small one, by delta debugging over the game.
//!
//! A candidate is any change of the game; it is normalised ([`normalize`]: moves that no longer
//! fit are dropped, passes added so that the record ends properly, dead stones made whole
//! chains) and kept if the claim still fails on it. In turn, until nothing changes:
//!
//! 1. smaller boards (the game's points in the top-left corner, or shifted there; or the rows
//!    and columns where no stone was placed taken out);
//! 2. no handicap, then komi 0;
//! 3. removing runs of moves, halving the run length down to single moves (ddmin), then
//!    every pair of consecutive moves;
//! 4. no dead stones, then one dead chain fewer at a time.
//!
//! The result is 1-minimal for moves: removing any single move makes the claim hold (or makes
//! the game say nothing about the claim). Candidates are compared by (moves, board points,
//! dead stones, handicap stones), so every accepted step makes the game strictly smaller and
//! shrinking ends; it also stops after a bounded number of evaluations.

use gorules_board::{Board, Color, Move, Point, Size};
use std::sync::Arc;

use gorules_rules::Ruleset;

use crate::claim::Claim;
use crate::eval::{evaluate_games, Evaluation};
use crate::game::FuzzGame;
use crate::generate::normalize;

/// The most candidates one shrink evaluates.
pub const MAX_EVALUATIONS: usize = 20_000;

/// A shrunk counterexample.
#[derive(Clone, Debug)]
pub struct Shrunk {
    /// The smallest failing game found.
    pub game: FuzzGame,
    /// The claim evaluated on it (it fails).
    pub evaluation: Evaluation,
    /// Candidates evaluated.
    pub evaluations: usize,
}

struct Shrinker<'a> {
    claim: &'a Claim,
    legality: &'a Arc<Ruleset>,
    best: FuzzGame,
    best_eval: Evaluation,
    evaluations: usize,
}

fn measure(g: &FuzzGame) -> (usize, usize, usize, usize) {
    (g.moves.len(), g.size.area(), g.dead.len(), g.setup.len())
}

impl Shrinker<'_> {
    /// Evaluates `candidate`; keeps it if the claim still fails and, once normalised, it is
    /// smaller (or, when `equal_ok`, not larger: for simplifications such as komi 0).
    fn try_candidate_with(&mut self, candidate: &FuzzGame, equal_ok: bool) -> bool {
        if self.evaluations >= MAX_EVALUATIONS {
            return false;
        }
        self.evaluations += 1;
        let (g, driver) = normalize(candidate, self.claim.rulesets(), self.legality);
        let (new, old) = (measure(&g), measure(&self.best));
        if new > old || (new == old && !equal_ok) || g == self.best {
            return false;
        }
        match evaluate_games(self.claim, &g, driver) {
            Ok(e) if !e.holds() => {
                self.best = g;
                self.best_eval = e;
                true
            }
            _ => false,
        }
    }

    fn try_candidate(&mut self, candidate: &FuzzGame) -> bool {
        self.try_candidate_with(candidate, false)
    }

    fn shrink_size(&mut self) -> bool {
        let n = self.best.size.width() as u32;
        // Down to 2x2, not 1x1 (a board the generator draws only when asked): there every
        // play is a suicide, and a game of passes fails on 2x2 just as well.
        for s in 2..n {
            let size = Size::square(s).expect("2..25");
            let shifts = self.shifts(s);
            for (dx, dy) in shifts {
                let c = self.moved(size, dx, dy);
                if self.try_candidate(&c) {
                    return true;
                }
            }
        }
        self.collapse_lines()
    }

    /// Removes the rows and columns no stone was ever placed on (all of them, else one at a
    /// time), moving the rest together, on a board as much smaller.
    fn collapse_lines(&mut self) -> bool {
        let g = &self.best;
        let n = g.size.width();
        let mut used_x = vec![false; n as usize];
        let mut used_y = vec![false; n as usize];
        let placed = g.moves.iter().filter_map(|m| match m {
            Move::Play(p) => Some(*p),
            Move::Pass => None,
        });
        for p in placed.chain(g.setup.iter().copied()) {
            used_x[p.x as usize] = true;
            used_y[p.y as usize] = true;
        }
        let unused_x: Vec<u8> = (0..n).filter(|&x| !used_x[x as usize]).collect();
        let unused_y: Vec<u8> = (0..n).filter(|&y| !used_y[y as usize]).collect();
        let k = unused_x.len().min(unused_y.len());
        if k == 0 || n as usize - k < 2 {
            return false;
        }
        // The board stays square: drop as many unused columns as rows.
        let mut choices = vec![(unused_x[..k].to_vec(), unused_y[..k].to_vec())];
        for i in 0..k.min(4) {
            choices.push((vec![unused_x[i]], vec![unused_y[i]]));
        }
        for (xs, ys) in choices {
            let c = self.collapsed(&xs, &ys);
            if self.try_candidate(&c) {
                return true;
            }
        }
        false
    }

    fn collapsed(&self, xs: &[u8], ys: &[u8]) -> FuzzGame {
        let size = Size::square(self.best.size.width() as u32 - xs.len() as u32).expect("2..25");
        self.remapped(size, |p| map_point(p, xs, ys))
    }

    /// The best game on a board of `size`, every point sent through `map` (`None`: dropped,
    /// and a play on it with it).
    fn remapped(&self, size: Size, map: impl Fn(Point) -> Option<Point>) -> FuzzGame {
        let g = &self.best;
        let setup: Vec<Point> = g.setup.iter().filter_map(|&p| map(p)).collect();
        let (handicap, setup) = checked_setup(size, g.handicap, setup, g.setup.len());
        FuzzGame {
            size,
            komi: g.komi,
            handicap,
            setup,
            moves: g
                .moves
                .iter()
                .filter_map(|&m| match m {
                    Move::Pass => Some(Move::Pass),
                    Move::Play(p) => map(p).map(Move::Play),
                })
                .collect(),
            dead: g.dead.iter().filter_map(|&p| map(p)).collect(),
        }
    }

    /// Offsets that bring the used part of the board into an `s` x `s` board.
    fn shifts(&self, s: u32) -> Vec<(i32, i32)> {
        let pts: Vec<Point> = self
            .best
            .moves
            .iter()
            .filter_map(|m| match m {
                Move::Play(p) => Some(*p),
                Move::Pass => None,
            })
            .chain(self.best.setup.iter().copied())
            .collect();
        let mut out = vec![(0, 0)];
        if let (Some(minx), Some(miny)) =
            (pts.iter().map(|p| p.x).min(), pts.iter().map(|p| p.y).min())
        {
            out.push((-(minx as i32), -(miny as i32)));
        }
        let n = self.best.size.width() as i32;
        out.push((s as i32 - n, s as i32 - n));
        out.dedup();
        out
    }

    fn moved(&self, size: Size, dx: i32, dy: i32) -> FuzzGame {
        self.remapped(size, |p: Point| {
            let (x, y) = (p.x as i32 + dx, p.y as i32 + dy);
            (x >= 0 && y >= 0 && x < size.width() as i32 && y < size.height() as i32)
                .then(|| Point::new(x as u8, y as u8))
        })
    }

    fn shrink_setup(&mut self) -> bool {
        let mut changed = false;
        if self.best.handicap > 0 {
            let c = FuzzGame {
                handicap: 0,
                setup: Vec::new(),
                ..self.best.clone()
            };
            changed |= self.try_candidate_with(&c, true);
        }
        if self.best.komi != gorules_rules::Komi::ZERO {
            let c = FuzzGame {
                komi: gorules_rules::Komi::ZERO,
                ..self.best.clone()
            };
            changed |= self.try_candidate_with(&c, true);
        }
        changed
    }

    fn shrink_moves(&mut self) -> bool {
        let mut changed = false;
        let mut chunk = self.best.moves.len().div_ceil(2).max(1);
        loop {
            let mut start = 0;
            while start < self.best.moves.len() {
                let end = (start + chunk).min(self.best.moves.len());
                let mut c = self.best.clone();
                c.moves.drain(start..end);
                if self.try_candidate(&c) {
                    changed = true;
                } else {
                    start += chunk;
                }
                if self.evaluations >= MAX_EVALUATIONS {
                    return changed;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
        // Two moves in a row at every offset: removing a pair keeps the colours of the moves
        // after it, which removing one move does not.
        let mut start = 0;
        while start + 2 <= self.best.moves.len() && self.evaluations < MAX_EVALUATIONS {
            let mut c = self.best.clone();
            c.moves.drain(start..start + 2);
            if self.try_candidate(&c) {
                changed = true;
            } else {
                start += 1;
            }
        }
        changed
    }

    fn shrink_dead(&mut self) -> bool {
        if self.best.dead.is_empty() {
            return false;
        }
        let c = FuzzGame {
            dead: Vec::new(),
            ..self.best.clone()
        };
        if self.try_candidate(&c) {
            return true;
        }
        let board = self.best.final_board();
        let mut changed = false;
        let mut i = 0;
        while i < self.best.dead.len() {
            let p = self.best.dead[i];
            let chain: Vec<Point> = board.chain_at(p).map(|c| c.stones).unwrap_or_default();
            let mut c = self.best.clone();
            c.dead.retain(|q| !chain.contains(q));
            if self.try_candidate(&c) {
                changed = true;
            } else {
                i += 1;
            }
        }
        changed
    }
}

/// `p` with the columns `xs` and rows `ys` taken out of the board (`None` if it is on one).
fn map_point(p: Point, xs: &[u8], ys: &[u8]) -> Option<Point> {
    if xs.contains(&p.x) || ys.contains(&p.y) {
        return None;
    }
    let x = p.x - xs.iter().filter(|&&x| x < p.x).count() as u8;
    let y = p.y - ys.iter().filter(|&&y| y < p.y).count() as u8;
    Some(Point::new(x, y))
}

/// The handicap of a moved or cut board: kept if every stone is still there and the stones
/// leave each chain a liberty, otherwise none.
fn checked_setup(size: Size, handicap: u32, setup: Vec<Point>, before: usize) -> (u32, Vec<Point>) {
    let ok = setup.len() == before
        && Board::with_stones(size, setup.iter().map(|&p| (Color::Black, p))).is_ok();
    if ok {
        (handicap, setup)
    } else {
        (0, Vec::new())
    }
}

/// Shrinks a game on which `claim` fails (evaluated as `evaluation`) to a small one on which it
/// still fails. `legality` is the generator's ([`crate::generate::Legality::ruleset`]).
pub fn shrink(
    claim: &Claim,
    legality: &Arc<Ruleset>,
    game: FuzzGame,
    evaluation: Evaluation,
) -> Shrunk {
    let mut s = Shrinker {
        claim,
        legality,
        best: game,
        best_eval: evaluation,
        evaluations: 0,
    };
    loop {
        let mut changed = false;
        changed |= s.shrink_size();
        changed |= s.shrink_setup();
        changed |= s.shrink_moves();
        changed |= s.shrink_dead();
        if !changed || s.evaluations >= MAX_EVALUATIONS {
            break;
        }
    }
    Shrunk {
        game: s.best,
        evaluation: s.best_eval,
        evaluations: s.evaluations,
    }
}
