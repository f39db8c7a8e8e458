//! Pass-alive stones and territory (Benson's unconditional life): what no sequence of
//! opponent moves can capture or live in, even if the owner passes every turn. The part of a
//! final position's life and death that is certain under any rules.

use crate::{Board, Color, PointSet};

/// The pass-alive chains and territory of both players, indexed by [`Color::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassAlive {
    /// Each player's stones that belong to pass-alive chains.
    pub stones: [PointSet; 2],
    /// Each player's pass-alive territory: empty points and the opponent stones on them,
    /// which are dead whatever the rules.
    pub territory: [PointSet; 2],
}

impl PassAlive {
    /// The opponent stones inside `color`'s pass-alive territory: dead under any rules.
    pub fn dead_stones_of(&self, board: &Board, color: Color) -> PointSet {
        board
            .stones(color)
            .intersection(&self.territory[color.opponent().index()])
    }
}

/// One region of a player: its points and what the iteration needs to know of it.
struct Region {
    points: PointSet,
    /// Indices of the chains it is vital to.
    vital_to: Vec<usize>,
    /// Whether some point is next to a stone of the player.
    borders_player: bool,
    /// Points not next to any stone of the player, counted up to 2.
    inner_points: usize,
    /// Whether it borders a chain that has been given up.
    borders_given_up: bool,
}

/// The pass-alive chains and territory of both players on `board`.
/// `multi_stone_suicide_legal`: whether the rules let a player remove their own stones by
/// suicide, which makes opponent stones count like empty points in a region.
///
/// The definitions are those of Benson's algorithm (D. B. Benson, "Life in the game of Go",
/// Information Sciences 10, 1976) in the form KataGo's scoring uses (KataGo board.cpp,
/// `calculateAreaForPla`), so that a score built on it matches KataGo's area scoring:
///
/// - a *region* of player P is a maximal connected set of points that are not P's stones and
///   that contains at least one empty point (opponent stones belong to the region around them);
/// - a region is *vital* to a chain of P when each of its empty points (each of its points,
///   where multi-stone suicide is legal, since the opponent's stones there could then be
///   removed by their own move) is a liberty of that chain;
/// - repeatedly, a chain with fewer than two vital regions among the regions that border no
///   chain already given up is given up, until none is: the chains left are *pass-alive*;
/// - a region that borders P, borders only pass-alive chains, and has at most one point that is
///   not next to a stone of P is P's *pass-alive territory*: the opponent cannot make two eyes
///   there, so every opponent stone inside it is dead under any rules.
pub fn pass_alive(board: &Board, multi_stone_suicide_legal: bool) -> PassAlive {
    let size = board.size();
    let mut out = PassAlive {
        stones: [PointSet::empty(size); 2],
        territory: [PointSet::empty(size); 2],
    };
    let occupied = board.stones(Color::Black).union(board.stones(Color::White));
    let empty = occupied.complement();
    for color in Color::ALL {
        let own = *board.stones(color);
        let not_own = own.complement();
        let next_to_own = own.dilate().difference(&own);

        // The chains, each with the points next to it.
        let mut chains: Vec<(PointSet, PointSet)> = Vec::new();
        let mut seen = PointSet::empty(size);
        for p in own.iter() {
            if seen.contains(p) {
                continue;
            }
            let mut seed = PointSet::empty(size);
            seed.insert(p);
            let stones = seed.flood_into(&own);
            seen = seen.union(&stones);
            chains.push((stones, stones.dilate().difference(&stones)));
        }

        // The regions, each grown from an empty point.
        let mut regions: Vec<Region> = Vec::new();
        let mut seen = PointSet::empty(size);
        for p in empty.iter() {
            if seen.contains(p) {
                continue;
            }
            let mut seed = PointSet::empty(size);
            seed.insert(p);
            let points = seed.flood_into(&not_own);
            seen = seen.union(&points);
            let must_be_liberties = if multi_stone_suicide_legal {
                points
            } else {
                points.intersection(&empty)
            };
            let vital_to = chains
                .iter()
                .enumerate()
                .filter(|(_, (_, next_to))| must_be_liberties.difference(next_to).is_empty())
                .map(|(k, _)| k)
                .collect();
            regions.push(Region {
                points,
                vital_to,
                borders_player: !points.intersection(&next_to_own).is_empty(),
                inner_points: points.difference(&next_to_own).len().min(2),
                borders_given_up: false,
            });
        }

        // Benson's iteration.
        let mut given_up = vec![false; chains.len()];
        loop {
            let mut vital_count = vec![0u32; chains.len()];
            for r in regions.iter().filter(|r| !r.borders_given_up) {
                for &k in &r.vital_to {
                    vital_count[k] += 1;
                }
            }
            let mut changed = false;
            for (k, (_, next_to)) in chains.iter().enumerate() {
                if given_up[k] || vital_count[k] >= 2 {
                    continue;
                }
                given_up[k] = true;
                changed = true;
                for r in &mut regions {
                    if !r.points.intersection(next_to).is_empty() {
                        r.borders_given_up = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }

        let c = color.index();
        for (k, (stones, _)) in chains.iter().enumerate() {
            if !given_up[k] {
                out.stones[c] = out.stones[c].union(stones);
            }
        }
        for r in &regions {
            if r.inner_points <= 1 && r.borders_player && !r.borders_given_up {
                out.territory[c] = out.territory[c].union(&r.points);
            }
        }
    }
    out
}
