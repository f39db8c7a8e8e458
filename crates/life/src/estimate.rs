//! The life of every chain of a final position: certain where pass-alive, else estimated by
//! play-outs, with the fraction of play-outs behind each answer.

use gorules_board::{pass_alive, Board, Color, Point};

use crate::playout::{play_out, Rng};

/// How an estimate is made.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Play-outs from the position at most (half of them with each player to move first).
    /// From 64 on, checked every 32, the estimate stops when every chain it estimates is
    /// clearly on one side of both limits of the uncertain band (three standard deviations
    /// away), or when the next 32 would take the play-outs past a budget of 64 times the
    /// board's area in plies: 64 play-outs from a 19x19 final position, more from a position
    /// with few empty points, and a bounded cost for any.
    pub playouts: u32,
    /// The fraction of play-outs (above one half) in which the opponent must own a chain's
    /// points for it to be called dead for sure, or its owner for it to be alive; in between
    /// it is uncertain (and its best answer is the majority's, [`ChainLife::is_dead`]). The
    /// default, 0.8, is the smallest of 0.6, 0.7, 0.8, 0.85, 0.9 and 0.95 at which no chain
    /// called sure disagreed with GNU Go on a tuning set of GNU Go games (docs/dead-stones.md,
    /// "Calibration"; checked there on games kept apart).
    pub threshold: f64,
    /// The seed, mixed with the position: the same position and seed give the same estimate.
    pub seed: u64,
    /// Whether the rules allow suicide of several stones (it changes which regions are vital
    /// in the certain part; see [`gorules_board::pass_alive`]).
    pub multi_stone_suicide_legal: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            playouts: 256,
            threshold: 0.8,
            seed: 0,
            multi_stone_suicide_legal: false,
        }
    }
}

/// What a chain is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Life {
    /// It stays: alive, or in seki.
    Alive,
    /// It is captured: its stones are the opponent's prisoners at the end.
    Dead,
    /// The play-outs do not decide it.
    Uncertain,
}

/// One chain of the position and what the estimate says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainLife {
    /// Its colour.
    pub color: Color,
    /// Its stones, row by row.
    pub stones: Vec<Point>,
    /// Alive, dead or uncertain.
    pub life: Life,
    /// Whether the answer is certain (pass-alive, or inside the opponent's pass-alive
    /// territory) rather than estimated.
    pub certain: bool,
    /// The fraction of play-outs that ended with the opponent owning the chain's points (1 or 0
    /// for a certain answer).
    pub dead_fraction: f64,
}

impl ChainLife {
    /// The best answer, also for an uncertain chain: dead when more than half of the
    /// play-outs (or the certain part) say so.
    pub fn is_dead(&self) -> bool {
        self.dead_fraction > 0.5
    }

    /// How sure the answer is: the fraction of play-outs that agree with it (1 when certain;
    /// for an uncertain chain, the larger of the two fractions).
    pub fn confidence(&self) -> f64 {
        match self.life {
            Life::Dead => self.dead_fraction,
            Life::Alive => 1.0 - self.dead_fraction,
            Life::Uncertain => self.dead_fraction.max(1.0 - self.dead_fraction),
        }
    }
}

/// The life of every chain of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The chains, in the order of their first stone, row by row.
    pub chains: Vec<ChainLife>,
}

impl Estimate {
    /// The stones of the chains that are dead by the best answer ([`ChainLife::is_dead`]:
    /// the dead chains, and the uncertain ones that more than half of the play-outs capture),
    /// row by row. [`Estimate::uncertain_stones`] says which of them, and of the others, are
    /// not sure.
    pub fn dead_stones(&self) -> Vec<Point> {
        self.stones_where(ChainLife::is_dead)
    }

    /// The stones of the uncertain chains, row by row.
    pub fn uncertain_stones(&self) -> Vec<Point> {
        self.stones_where(|c| c.life == Life::Uncertain)
    }

    /// Whether no chain is uncertain.
    pub fn is_decided(&self) -> bool {
        self.chains.iter().all(|c| c.life != Life::Uncertain)
    }

    /// The chain that holds `p`.
    pub fn chain_at(&self, p: Point) -> Option<&ChainLife> {
        self.chains.iter().find(|c| c.stones.contains(&p))
    }

    fn stones_where(&self, keep: impl Fn(&ChainLife) -> bool) -> Vec<Point> {
        let mut v: Vec<Point> = self
            .chains
            .iter()
            .filter(|c| keep(c))
            .flat_map(|c| c.stones.iter().copied())
            .collect();
        v.sort_by_key(|p| (p.y, p.x));
        v
    }
}

/// The play-outs after which the estimate may stop, and the step between later checks.
const FIRST_CHECK: u32 = 64;
const CHECK_EVERY: u32 = 32;

/// The plies the play-outs of one estimate may take, in play-outs as long as the board has
/// points: past [`FIRST_CHECK`] play-outs, the estimate stops before a batch that would take it
/// beyond this many times the board's area (at the mean length of its play-outs so far). A
/// play-out from a final position lasts about two to three times its empty points, so the
/// play-outs from a 19x19 final position stop after 64 of them, those from a position with few
/// empty points go on (up to [`Options::playouts`]), and no position costs much more than
/// another: the worst case is bounded.
const PLY_BUDGET_PLAYOUTS: u64 = 64;

/// How many standard deviations a chain's fraction must lie from both limits of the uncertain
/// band for the play-outs to stop before the budget does.
const CLEAR_BY: f64 = 3.0;

/// Whether a chain captured in `dead` of `done` play-outs is clearly on one side of both
/// limits of the uncertain band (`threshold` and `1 - threshold`): more play-outs would not
/// move it across either. The standard deviation is that of a fraction of `done` draws whose
/// true value lies on a limit, sqrt(t (1 - t) / done), the same for both limits.
fn is_clear(dead: u32, done: u32, threshold: f64) -> bool {
    let n = f64::from(done);
    let f = f64::from(dead) / n;
    let margin = CLEAR_BY * (threshold * (1.0 - threshold) / n).sqrt();
    (f - threshold).abs() >= margin && (f - (1.0 - threshold)).abs() >= margin
}

/// Estimates the life of every chain of `board`, `to_move` to play (see the crate
/// documentation). Never fails: an empty board has no chain, a full one ends its play-outs at
/// once, and a position that is still in a fight gets uncertain chains.
pub fn estimate(board: &Board, to_move: Color, options: &Options) -> Estimate {
    let certain = pass_alive(board, options.multi_stone_suicide_legal);
    let chains = board.chains();
    let mut dead_in = vec![0u32; chains.len()];
    let known = |color: Color, p: Point| -> Option<bool> {
        if certain.stones[color.index()].contains(p) {
            Some(false)
        } else if certain.territory[color.opponent().index()].contains(p) {
            Some(true)
        } else {
            None
        }
    };
    let open: Vec<bool> = chains
        .iter()
        .map(|c| known(c.color, c.stones[0]).is_none())
        .collect();
    let playouts = if open.contains(&true) {
        options.playouts.max(1)
    } else {
        0
    };
    let mut rng = Rng::new(options.seed ^ board.hash().rotate_left(17));
    let mut empties = Vec::with_capacity(board.size().area());
    let mut scratch = board.clone();
    let threshold = options.threshold.clamp(0.5, 1.0);
    let budget = PLY_BUDGET_PLAYOUTS * board.size().area() as u64;
    let mut done = 0;
    let mut plies_so_far = 0u64;
    while done < playouts {
        scratch.clone_from(board);
        let first = if done % 2 == 0 {
            to_move
        } else {
            to_move.opponent()
        };
        let (owned, plies) = play_out(&mut scratch, first, &mut rng, &mut empties);
        plies_so_far += u64::from(plies);
        for (chain, dead) in chains.iter().zip(dead_in.iter_mut()) {
            // A chain is captured whole or not at all, so one stone tells.
            if owned[chain.color.opponent().index()].contains(chain.stones[0]) {
                *dead += 1;
            }
        }
        done += 1;
        if done >= FIRST_CHECK && done % CHECK_EVERY == 0 && done < playouts {
            // The next batch would pass the budget, at the mean length so far.
            let next = u64::from(done + CHECK_EVERY);
            let over = plies_so_far * next > budget * u64::from(done);
            let clear = dead_in
                .iter()
                .zip(&open)
                .all(|(&d, &open)| !open || is_clear(d, done, threshold));
            if over || clear {
                break;
            }
        }
    }
    let playouts = done;
    let chains = chains
        .into_iter()
        .zip(dead_in)
        .map(|(chain, dead)| {
            let (life, certain, dead_fraction) = match known(chain.color, chain.stones[0]) {
                Some(true) => (Life::Dead, true, 1.0),
                Some(false) => (Life::Alive, true, 0.0),
                None => {
                    let f = f64::from(dead) / f64::from(playouts);
                    let life = if f >= threshold {
                        Life::Dead
                    } else if 1.0 - f >= threshold {
                        Life::Alive
                    } else {
                        Life::Uncertain
                    };
                    (life, false, f)
                }
            };
            ChainLife {
                color: chain.color,
                stones: chain.stones,
                life,
                certain,
                dead_fraction,
            }
        })
        .collect();
    Estimate { chains }
}
