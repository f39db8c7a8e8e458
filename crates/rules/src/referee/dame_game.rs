//! The filling of the dame as a game both sides play, read exactly on each part of the board
//! where it can change the count.
//!
//! After the last pass the dame are filled (Japanese Rules of Go, 1989, Article 9 and its
//! commentary), and a point a player must then fill inside his own territory to keep his
//! stones (a teire) is not territory (Article 8 commentary); the living stones that still
//! possess dame once every dame that can be filled is filled are in seki, and their eye points
//! are not territory (Article 8). The rules do not say who fills which dame first. So the
//! count is read as a game:
//!
//! - **Moves.** A side may fill a dame point, or add a stone inside its own territory where a
//!   teire might be needed (a point the worst case, every dame filled by the opponent, makes
//!   it fill); or pass. A fill never leaves the filler's own stones in atari (the opponent
//!   would capture them). Every stone on the board is alive by the dead stones given: a fill
//!   that would capture some says the count cannot be sure ([`DoubtKind::Capturable`]).
//! - **Teire.** A play that leaves the opponent's stones in atari must be answered at once at
//!   their last liberty: a teire when that point is the opponent's territory, a free fill when
//!   it is a dame. Stones in atari that cannot be saved so can be captured: the stones given
//!   alive are not, and the count says it cannot be sure.
//! - **The end.** Two passes in a row. Each side's loss is its teire and the eye points of its
//!   groups that still possess a dame (seki); each plays to lose the fewest points more than
//!   the other.
//!
//! A part of the board is read twice, Black filling first and White first. A point is lost
//! only when its owner loses it even when he fills first (a teire is counted only when that
//! side cannot avoid it whatever the order of filling); where the order changes the count, the
//! count says so ([`DoubtKind::FillingOrder`]). A part too large to read within a bound on
//! work keeps the worst case, every dame filled by the opponent, and says so
//! ([`DoubtKind::TooLarge`]).
//!
//! **Parts.** Most dame touch only chains that keep two liberties in their own territory
//! whatever is filled: filling them changes nothing, and they are left out. The others touch
//! an *active* chain: one of a group short of eyes, one next to a point the worst case makes
//! its owner fill, or one in atari. Dame regions that touch the same active chain, or chains
//! of the same group short of eyes, make one part, read on its own.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use gorules_board::{Color, PointSet};

use super::layout::Layout;

/// Dame points a part may have and still be read.
const MAX_DAME: usize = 12;
/// Points inside a territory a part may fill of its own accord and still be read.
const MAX_TEIRE: usize = 8;
/// Positions a reading of one part may visit.
const MAX_NODES: usize = 4_000;
/// Positions the readings of all the parts of a board may visit: past it, the parts left keep
/// the worst case.
const MAX_BOARD_NODES: usize = 8_000;
/// The loss of stones given alive that the filling captures: more than any board's points.
const CAPTURE: i32 = 10_000;

/// Why the count of some points is not sure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DoubtKind {
    /// Who fills the dame first changes which points count: each point is counted as its
    /// owner keeps it when he fills first.
    FillingOrder,
    /// Filling the dame captures stones the dead stones given call alive: those stones, or
    /// the agreement, are wrong; the points are counted as if the opponent filled every dame
    /// and the stones lived.
    Capturable,
    /// The part has too many dame to read: the points are counted as if the opponent filled
    /// every dame.
    TooLarge,
}

impl DoubtKind {
    /// Its name in JSON: `filling-order`, `capturable` or `too-large`.
    pub fn name(self) -> &'static str {
        match self {
            DoubtKind::FillingOrder => "filling-order",
            DoubtKind::Capturable => "capturable",
            DoubtKind::TooLarge => "too-large",
        }
    }

    /// What it means, in a few words.
    pub fn reason(self) -> &'static str {
        match self {
            DoubtKind::FillingOrder => "who fills the dame first decides",
            DoubtKind::Capturable => "filling the dame captures stones given alive",
            DoubtKind::TooLarge => "too many dame to read",
        }
    }
}

/// A part of the board whose count is not sure (cell indices of the layout).
pub(super) struct FoundDoubt {
    pub kind: DoubtKind,
    /// The points whose count rests on it.
    pub points: Vec<u32>,
    /// The dame of the part.
    pub dame: Vec<u32>,
}

/// What the filling decides, for the whole board.
pub(super) struct Filling {
    /// Per cell: a point its owner must fill (a teire, a false eye).
    pub must_fill: Vec<bool>,
    /// Per group node: in seki (its stones possess a dame no one fills).
    pub in_seki: Vec<bool>,
    /// Dame cells left unfilled next to groups in seki, with a node of a group that possesses
    /// each.
    pub possessed: Vec<(u32, u32)>,
    /// Group nodes whose seki was not read (a part kept its worst case): the caller decides
    /// them as before.
    pub unread: Vec<bool>,
    pub doubts: Vec<FoundDoubt>,
}

/// The groups of the position as the filling sees them.
pub(super) struct Groups<'a> {
    /// Per chain: its group node.
    pub of_chain: &'a [u32],
    /// Number of black groups: the nodes below it are black's, the others white's.
    pub black: u32,
    /// Per group node: fewer than two eyes.
    pub short: &'a [bool],
    /// Per region: the group node whose eye space it is (`u32::MAX` for a dame region).
    pub of_region: &'a [u32],
}

/// Reads the filling of every part of `layout` (`worst`: per cell, whether the worst case makes
/// its owner fill it).
pub(super) fn settle(layout: &Layout, groups: &Groups, worst: &[bool]) -> Filling {
    let nchains = layout.chains.len();
    let nodes = groups.short.len();
    let mut out = Filling {
        must_fill: worst.to_vec(),
        in_seki: vec![false; nodes],
        possessed: Vec::new(),
        unread: vec![false; nodes],
        doubts: Vec::new(),
    };
    // Active chains: of a group short of eyes, in atari, or next to a point the worst case
    // fills with fewer than two other liberties inside their own territory.
    let mut active: Vec<bool> = (0..nchains)
        .map(|c| groups.short[groups.of_chain[c] as usize] || layout.chains[c].liberties == 1)
        .collect();
    for (i, &w) in worst.iter().enumerate() {
        if w {
            for q in layout.neighbors(i as u32) {
                if is_stone(layout.cell[q as usize]) {
                    let c = layout.label[q as usize] as usize;
                    active[c] = active[c] || !anchored(layout, c as u32, worst, 2);
                }
            }
        }
    }
    let is_dame = |r: usize| {
        let region = &layout.regions[r];
        region.owner.is_none() && region.touches[0] && region.touches[1]
    };
    let dame_regions: Vec<u32> = (0..layout.regions.len())
        .filter(|&r| {
            is_dame(r)
                && layout
                    .chains_of(r as u32)
                    .iter()
                    .any(|&c| active[c as usize])
        })
        .map(|r| r as u32)
        .collect();
    if dame_regions.is_empty() {
        return out;
    }
    // Parts: dame regions joined through a shared active chain or group short of eyes.
    let mut parent: Vec<u32> = (0..dame_regions.len() as u32).collect();
    let mut by_chain = vec![u32::MAX; nchains];
    let mut by_node = vec![u32::MAX; nodes];
    for (k, &r) in dame_regions.iter().enumerate() {
        for &c in layout.chains_of(r) {
            if !active[c as usize] {
                continue;
            }
            let node = groups.of_chain[c as usize] as usize;
            let slot = if groups.short[node] {
                &mut by_node[node]
            } else {
                &mut by_chain[c as usize]
            };
            if *slot == u32::MAX {
                *slot = k as u32;
            } else {
                let (a, b) = (find(&mut parent, *slot), find(&mut parent, k as u32));
                parent[a as usize] = b;
            }
        }
    }
    let mut parts: Vec<Vec<u32>> = Vec::new();
    let mut part_of_root = vec![u32::MAX; dame_regions.len()];
    for (k, &r) in dame_regions.iter().enumerate() {
        let root = find(&mut parent, k as u32) as usize;
        if part_of_root[root] == u32::MAX {
            part_of_root[root] = parts.len() as u32;
            parts.push(Vec::new());
        }
        parts[part_of_root[root] as usize].push(r);
    }
    // Parts that may fill the same point inside a territory are one part.
    let mut joined: Vec<u32> = (0..parts.len() as u32).collect();
    let mut part_of_cell: HashMap<u32, u32> = HashMap::new();
    for (k, regions) in parts.iter().enumerate() {
        for t in teire_scope(layout, regions, worst, &active).0 {
            match part_of_cell.get(&t) {
                Some(&other) => {
                    let (a, b) = (find(&mut joined, other), find(&mut joined, k as u32));
                    joined[a as usize] = b;
                }
                None => {
                    part_of_cell.insert(t, k as u32);
                }
            }
        }
    }
    let mut merged: Vec<Vec<u32>> = vec![Vec::new(); parts.len()];
    for (k, regions) in parts.iter().enumerate() {
        let root = find(&mut joined, k as u32) as usize;
        merged[root].extend_from_slice(regions);
    }
    let mut reader = Reader::new(layout, groups, worst);
    for regions in merged.iter().filter(|r| !r.is_empty()) {
        reader.read_part(regions, worst, &active, &mut out);
    }
    out
}

/// The points inside territories that the part made of the dame `regions` may fill, from the
/// worst case's points to fill (`worst`): those next to its active chains, and on through the
/// chains next to those (a chain of false eyes); and the chains it reaches so. Stops once there
/// are more than [`MAX_TEIRE`].
fn teire_scope(
    layout: &Layout,
    regions: &[u32],
    worst: &[bool],
    active: &[bool],
) -> (Vec<u32>, Vec<u32>) {
    let mut chains: Vec<u32> = Vec::new();
    for &r in regions {
        for &c in layout.chains_of(r) {
            if active[c as usize] && !chains.contains(&c) {
                chains.push(c);
            }
        }
    }
    let mut teire: Vec<u32> = Vec::new();
    let mut k = 0;
    while k < chains.len() && teire.len() <= MAX_TEIRE {
        let c = chains[k];
        k += 1;
        for &s in layout.stones_of(c) {
            for q in layout.neighbors(s) {
                if worst[q as usize] && !teire.contains(&q) {
                    teire.push(q);
                    for t in layout.neighbors(q) {
                        if is_stone(layout.cell[t as usize]) {
                            let d = layout.label[t as usize];
                            if !chains.contains(&d) {
                                chains.push(d);
                            }
                        }
                    }
                }
            }
        }
    }
    (teire, chains)
}

/// Whether `chain` has `n` liberties (2 or 3) inside its own colour's territory that the worst
/// case (`worst`) does not fill: with two, no filling of the dame can put it in atari; with
/// three, not even once an answer inside its territory takes one of them.
fn anchored(layout: &Layout, chain: u32, worst: &[bool], n: usize) -> bool {
    let mut found = [u32::MAX; 3];
    let mut k = 0;
    for &s in layout.stones_of(chain) {
        for q in layout.neighbors(s) {
            if layout.eye[q as usize] && !worst[q as usize] && !found[..k].contains(&q) {
                found[k] = q;
                k += 1;
                if k == n {
                    return true;
                }
            }
        }
    }
    false
}

fn find(parent: &mut [u32], mut a: u32) -> u32 {
    while parent[a as usize] != a {
        parent[a as usize] = parent[parent[a as usize] as usize];
        a = parent[a as usize];
    }
    a
}

fn is_stone(cell: u8) -> bool {
    matches!(cell, 1 | 2)
}

/// The cell value of a colour's stone.
fn stone_of(c: Color) -> u8 {
    1 + c.index() as u8
}

/// A 64-bit key for a stone of value `v` (1 or 2) on `cell`.
fn key(cell: u32, v: u8) -> u64 {
    let mut z = (u64::from(cell) << 2 | u64::from(v)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The hasher of the readings' tables, whose keys are already mixed 64-bit keys ([`key`]):
/// the key is its own hash.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A table keyed by position keys.
type Table = HashMap<u64, i32, BuildHasherDefault<KeyHasher>>;

/// What a play leaves for the opponent.
enum After {
    /// Nothing to answer.
    Free,
    /// The opponent must answer at this cell.
    Answer(u32),
    /// The play captures the opponent's stones, or leaves them in atari where no one play
    /// saves them: stones given alive can be captured.
    Captures,
}

/// The end of one line of the filling: each side's lost points and the dame left.
#[derive(Clone)]
struct Outcome {
    lost: [PointSet; 2],
    teire: [Vec<u32>; 2],
    seki_nodes: Vec<u32>,
    possessed: Vec<(u32, u32)>,
}

/// The reading of the parts of one position: the board as it is filled, and what each
/// reading needs again.
struct Reader<'a> {
    layout: &'a Layout,
    groups: &'a Groups<'a>,
    cell: Vec<u8>,
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
    /// Per group node: the points of its eye spaces.
    eyes_of: Vec<PointSet>,
    /// The cells played in the current line, in order.
    played: Vec<u32>,
    hash: u64,
    memo: Table,
    /// [`Reader::own_loss`] of the positions asked.
    own_memo: Table,
    nodes: usize,
    /// Positions visited by the readings of the board so far.
    board_nodes: usize,
    /// The part's dame cells and the cells inside territories it may fill of its own accord.
    dame: Vec<u32>,
    teire: Vec<u32>,
    /// Per chain of the position: three liberties inside its territory that nothing fills
    /// ([`anchored`]), so that any chain it is part of has two.
    strong: Vec<bool>,
    /// The part's cells (dame and teire) next to each chain of the position.
    cells_of_chain: HashMap<u32, Vec<u32>>,
}

impl<'a> Reader<'a> {
    fn new(layout: &'a Layout, groups: &'a Groups<'a>, worst: &[bool]) -> Reader<'a> {
        let mut eyes_of = vec![PointSet::empty(layout.size); groups.short.len()];
        for (r, &node) in groups.of_region.iter().enumerate() {
            if node != u32::MAX {
                for &i in layout.points_of(r as u32) {
                    eyes_of[node as usize].insert(layout.point(i));
                }
            }
        }
        Reader {
            layout,
            groups,
            cell: layout.cell.clone(),
            mark: vec![0; layout.cell.len()],
            stamp: 0,
            stack: Vec::with_capacity(64),
            eyes_of,
            played: Vec::new(),
            hash: 0,
            memo: Table::default(),
            own_memo: Table::default(),
            nodes: 0,
            board_nodes: 0,
            dame: Vec::new(),
            teire: Vec::new(),
            strong: (0..layout.chains.len() as u32)
                .map(|c| anchored(layout, c, worst, 3))
                .collect(),
            cells_of_chain: HashMap::new(),
        }
    }

    /// Reads the part made of the dame `regions`, and writes what it decides into `out`.
    fn read_part(&mut self, regions: &[u32], worst: &[bool], active: &[bool], out: &mut Filling) {
        let layout = self.layout;
        self.dame.clear();
        for &r in regions {
            self.dame.extend_from_slice(layout.points_of(r));
        }
        let (teire, chains) = teire_scope(layout, regions, worst, active);
        self.teire = teire;
        self.cells_of_chain.clear();
        for m in 0..self.dame.len() + self.teire.len() {
            let at = self.candidate(m);
            for q in layout.neighbors(at) {
                if is_stone(layout.cell[q as usize]) {
                    let cells = self
                        .cells_of_chain
                        .entry(layout.label[q as usize])
                        .or_default();
                    if !cells.contains(&at) {
                        cells.push(at);
                    }
                }
            }
        }
        let scope_groups: Vec<u32> = {
            let mut g: Vec<u32> = chains
                .iter()
                .map(|&c| self.groups.of_chain[c as usize])
                .collect();
            g.sort_unstable();
            g.dedup();
            g
        };
        if self.dame.len() > MAX_DAME
            || self.teire.len() > MAX_TEIRE
            || self.board_nodes >= MAX_BOARD_NODES
        {
            self.keep_worst(DoubtKind::TooLarge, &scope_groups, out);
            return;
        }
        self.memo.clear();
        self.nodes = 0;
        // Stones already in atari are saved first by their owner where one play saves them:
        // whatever the order, the opponent could capture them otherwise.
        let before = self.played.len();
        self.save_stones_in_atari();
        if self.capturable_in_own_eye() {
            self.unplay_to(before);
            self.keep_worst(DoubtKind::Capturable, &scope_groups, out);
            return;
        }
        let mut lines: [Option<(i32, Outcome)>; 2] = [None, None];
        for first in Color::ALL {
            let Some(value) = self.value(first, false, None) else {
                self.unplay_to(before);
                self.keep_worst(DoubtKind::TooLarge, &scope_groups, out);
                return;
            };
            if value.abs() >= CAPTURE / 2 {
                self.unplay_to(before);
                self.keep_worst(DoubtKind::Capturable, &scope_groups, out);
                return;
            }
            let outcome = self.principal_line(first);
            lines[first.index()] = Some((value, outcome));
        }
        self.unplay_to(before);
        let [Some((black_first, by_black)), Some((white_first, by_white))] = lines else {
            unreachable!("both orders read");
        };
        // Each side's points as it keeps them when it fills first.
        let mine = [&by_black, &by_white];
        for &t in &self.teire {
            out.must_fill[t as usize] = false;
        }
        for c in Color::ALL {
            for &t in &mine[c.index()].teire[c.index()] {
                out.must_fill[t as usize] = true;
            }
        }
        for (c, outcome) in Color::ALL.into_iter().zip(mine) {
            for &node in &outcome.seki_nodes {
                if self.color_of_node(node) == c {
                    out.in_seki[node as usize] = true;
                }
            }
        }
        // The dame each group in seki possesses, in either line: they join the groups of a
        // seki.
        for outcome in mine {
            for &(cell, node) in &outcome.possessed {
                if out.in_seki[node as usize] && !out.possessed.contains(&(cell, node)) {
                    out.possessed.push((cell, node));
                }
            }
        }
        // The count is sure when one order of filling gives both sides what they keep filling
        // first; else the sides' best cannot both be had, and who fills first decides.
        let counted = by_white.lost[1].len() as i32 - by_black.lost[0].len() as i32;
        if counted != black_first && counted != white_first {
            let mut points: Vec<u32> = Vec::new();
            for c in 0..2 {
                let differ = by_black.lost[c]
                    .difference(&by_white.lost[c])
                    .union(&by_white.lost[c].difference(&by_black.lost[c]));
                for p in differ.iter() {
                    points.push(self.cell_of(p));
                }
            }
            points.sort_unstable();
            out.doubts.push(FoundDoubt {
                kind: DoubtKind::FillingOrder,
                points,
                dame: self.sorted_dame(),
            });
        }
    }

    /// Keeps the worst case for the part: its points to fill stay, and its groups' seki is
    /// decided by the caller; the doubt names them.
    fn keep_worst(&mut self, kind: DoubtKind, scope_groups: &[u32], out: &mut Filling) {
        let mut points: Vec<u32> = self.teire.clone();
        for &node in scope_groups {
            out.unread[node as usize] = true;
            if self.groups.short[node as usize] {
                for p in self.eyes_of[node as usize].iter() {
                    points.push(self.cell_of(p));
                }
            }
        }
        points.sort_unstable();
        points.dedup();
        // With no point in doubt the worst case is the count: nothing rests on the reading.
        if !points.is_empty() {
            out.doubts.push(FoundDoubt {
                kind,
                points,
                dame: self.sorted_dame(),
            });
        }
    }

    fn sorted_dame(&self) -> Vec<u32> {
        let mut dame = self.dame.clone();
        dame.sort_unstable();
        dame
    }

    fn cell_of(&self, p: gorules_board::Point) -> u32 {
        ((p.y as usize + 1) * self.layout.stride + p.x as usize + 1) as u32
    }

    fn color_of_node(&self, node: u32) -> Color {
        if node < self.groups.black {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Plays the saving move of every chain of the part in atari that one play saves, until
    /// none is left.
    fn save_stones_in_atari(&mut self) {
        loop {
            let mut saved = false;
            let cells: Vec<u32> = self.dame.iter().chain(&self.teire).copied().collect();
            for i in cells {
                for q in self.layout.neighbors(i) {
                    let v = self.cell[q as usize];
                    if !is_stone(v) {
                        continue;
                    }
                    let (libs, last) = self.liberties(q);
                    if libs != 1 {
                        continue;
                    }
                    let c = if v == 1 { Color::Black } else { Color::White };
                    match self.try_play(c, last) {
                        Ok(After::Free) => saved = true,
                        // A save that leaves the opponent to answer is read as a move.
                        Ok(_) => self.unplay_to(self.played.len() - 1),
                        Err(()) => {}
                    }
                }
            }
            if !saved {
                return;
            }
        }
    }

    /// Whether stones of the part are still in atari at a point of their own territory, where
    /// the opponent may capture them (a ko, or stones one play cannot save).
    fn capturable_in_own_eye(&mut self) -> bool {
        let layout = self.layout;
        for m in 0..self.dame.len() + self.teire.len() {
            for q in layout.neighbors(self.candidate(m)) {
                let v = self.cell[q as usize];
                if !is_stone(v) {
                    continue;
                }
                let (libs, last) = self.liberties(q);
                if libs == 1
                    && layout.eye[last as usize]
                    && layout.regions[layout.label[last as usize] as usize]
                        .owner
                        .map(stone_of)
                        == Some(v)
                {
                    return true;
                }
            }
        }
        false
    }

    /// The value of the position with `to_move` to play (White's lost points less Black's),
    /// `passed` when the last move was a pass, `answer` the cell `to_move` must play; `None`
    /// when the reading is over its bound.
    fn value(&mut self, to_move: Color, passed: bool, answer: Option<u32>) -> Option<i32> {
        let k = self.state_key(to_move, passed, answer);
        if let Some(&v) = self.memo.get(&k) {
            return Some(v);
        }
        self.nodes += 1;
        self.board_nodes += 1;
        if self.nodes > MAX_NODES || self.board_nodes > MAX_BOARD_NODES {
            return None;
        }
        let loses = |c: Color| match c {
            Color::Black => -CAPTURE,
            Color::White => CAPTURE,
        };
        let value = if let Some(at) = answer {
            match self.play_and_value(to_move, at)? {
                Some(v) => v,
                None => loses(to_move),
            }
        } else {
            let mut best = if passed {
                self.outcome().value()
            } else {
                self.value(to_move.opponent(), true, None)?
            };
            let better = |a: i32, b: i32| match to_move {
                Color::Black => a > b,
                Color::White => a < b,
            };
            for m in 0..self.dame.len() + self.teire.len() {
                let Some(at) = self.playable(to_move, m) else {
                    continue;
                };
                if let Some(v) = self.play_and_value(to_move, at)? {
                    if better(v, best) {
                        best = v;
                    }
                }
            }
            best
        };
        self.memo.insert(k, value);
        Some(value)
    }

    /// The `m`-th cell a side may play of its own accord: the dame, then the teire.
    fn candidate(&self, m: usize) -> u32 {
        if m < self.dame.len() {
            self.dame[m]
        } else {
            self.teire[m - self.dame.len()]
        }
    }

    /// The `m`-th candidate ([`Reader::candidate`]) if it is empty and `c` may play it of its
    /// own accord ([`Reader::may_play`]).
    fn playable(&self, c: Color, m: usize) -> Option<u32> {
        let at = self.candidate(m);
        (self.cell[at as usize] == 0 && self.may_play(c, at)).then_some(at)
    }

    /// Whether `c` may play at the empty cell `at` of its own accord: a dame, or a point of its
    /// own territory (the opponent never plays inside it).
    fn may_play(&self, c: Color, at: u32) -> bool {
        let layout = self.layout;
        if !layout.eye[at as usize] {
            return true;
        }
        layout.regions[layout.label[at as usize] as usize].owner == Some(c)
    }

    /// Plays `c` at `at` and reads on: `Some(Some(value))`, `Some(None)` when the play is not
    /// allowed, `None` over the bound.
    fn play_and_value(&mut self, c: Color, at: u32) -> Option<Option<i32>> {
        let after = match self.try_play(c, at) {
            Ok(after) => after,
            Err(()) => return Some(None),
        };
        let v = match after {
            After::Free => self.value(c.opponent(), false, None),
            After::Answer(l) => self.value(c.opponent(), false, Some(l)),
            After::Captures => Some(match c {
                Color::Black => CAPTURE,
                Color::White => -CAPTURE,
            }),
        };
        self.unplay_to(self.played.len() - 1);
        v.map(Some)
    }

    /// Places `c` at the empty `at` if the filling allows it (it leaves `c`'s stones two
    /// liberties, or it captures: a capture of stones given alive is read as the end, see
    /// [`After::Captures`]), and tells what it leaves the opponent.
    fn try_play(&mut self, c: Color, at: u32) -> Result<After, ()> {
        debug_assert_eq!(self.cell[at as usize], 0);
        let v = stone_of(c);
        self.cell[at as usize] = v;
        let mut answer = None;
        let mut captures = false;
        for q in self.layout.neighbors(at) {
            let w = self.cell[q as usize];
            if is_stone(w) && w != v {
                match self.liberties(q) {
                    // The play captures stones given alive.
                    (0, _) => captures = true,
                    (1, l) => match answer {
                        None => answer = Some(l),
                        Some(a) if a == l => {}
                        Some(_) => captures = true,
                    },
                    _ => {}
                }
            }
        }
        // A play that captures nothing must leave its own stones two liberties.
        if !captures && self.liberties(at).0 < 2 {
            self.cell[at as usize] = 0;
            return Err(());
        }
        self.played.push(at);
        self.hash ^= key(at, v);
        Ok(if captures {
            After::Captures
        } else if let Some(l) = answer {
            After::Answer(l)
        } else {
            After::Free
        })
    }

    /// Takes back the plays after the first `n` of the line.
    fn unplay_to(&mut self, n: usize) {
        while self.played.len() > n {
            let at = self.played.pop().expect("a play to take back");
            self.hash ^= key(at, self.cell[at as usize]);
            self.cell[at as usize] = 0;
        }
    }

    /// Up to two distinct liberties of the chain at `at`: how many (0, 1 or 2) and the last
    /// one found.
    fn liberties(&mut self, at: u32) -> (u32, u32) {
        self.stamp = self.stamp.wrapping_add(1);
        let stamp = self.stamp;
        let v = self.cell[at as usize];
        self.stack.clear();
        self.stack.push(at);
        self.mark[at as usize] = stamp;
        let (mut count, mut last) = (0, u32::MAX);
        while let Some(i) = self.stack.pop() {
            for q in self.layout.neighbors(i) {
                let qu = q as usize;
                if self.mark[qu] == stamp {
                    continue;
                }
                let w = self.cell[qu];
                if w == 0 {
                    self.mark[qu] = stamp;
                    count += 1;
                    last = q;
                    if count == 2 {
                        return (2, last);
                    }
                } else if w == v {
                    if self.layout.cell[qu] == v && self.strong[self.layout.label[qu] as usize] {
                        return (2, last);
                    }
                    self.mark[qu] = stamp;
                    self.stack.push(q);
                }
            }
        }
        (count, last)
    }

    /// Whether the empty cell `at` is still a dame on the filled board: its empty region
    /// touches stones of both colours.
    fn still_dame(&mut self, at: u32) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        let stamp = self.stamp;
        let mut seen = [false; 2];
        self.stack.clear();
        self.stack.push(at);
        self.mark[at as usize] = stamp;
        while let Some(i) = self.stack.pop() {
            for q in self.layout.neighbors(i) {
                let qu = q as usize;
                match self.cell[qu] {
                    0 if self.mark[qu] != stamp => {
                        self.mark[qu] = stamp;
                        self.stack.push(q);
                    }
                    v @ (1 | 2) => {
                        seen[v as usize - 1] = true;
                        if seen == [true, true] {
                            return true;
                        }
                    }
                    _ => {}
                }
            }
        }
        false
    }

    /// The groups whose stones touch the empty cell `at` on the filled board: the group nodes
    /// of the original chains in the chains next to it.
    fn groups_touching(&mut self, at: u32, into: &mut Vec<u32>) {
        self.stamp = self.stamp.wrapping_add(1);
        let stamp = self.stamp;
        let layout = self.layout;
        for q in layout.neighbors(at) {
            let v = self.cell[q as usize];
            if !is_stone(v) || self.mark[q as usize] == stamp {
                continue;
            }
            self.stack.clear();
            self.stack.push(q);
            self.mark[q as usize] = stamp;
            // Through the stones played, and from a chain of the position to the part's cells
            // next to it: a chain's own stones lead nowhere else.
            let mut seen_chains: Vec<u32> = Vec::new();
            while let Some(i) = self.stack.pop() {
                if is_stone(layout.cell[i as usize]) {
                    let chain = layout.label[i as usize];
                    if seen_chains.contains(&chain) {
                        continue;
                    }
                    seen_chains.push(chain);
                    let node = self.groups.of_chain[chain as usize];
                    if !into.contains(&node) {
                        into.push(node);
                    }
                    if let Some(cells) = self.cells_of_chain.get(&chain) {
                        for &r in cells {
                            if self.cell[r as usize] == v && self.mark[r as usize] != stamp {
                                self.mark[r as usize] = stamp;
                                self.stack.push(r);
                            }
                        }
                    }
                    continue;
                }
                for r in layout.neighbors(i) {
                    if self.cell[r as usize] == v && self.mark[r as usize] != stamp {
                        self.mark[r as usize] = stamp;
                        self.stack.push(r);
                    }
                }
            }
        }
    }

    /// The end of the current line: the teire played, the groups that possess a dame left.
    fn outcome(&mut self) -> Outcome {
        let size = self.layout.size;
        let mut out = Outcome {
            lost: [PointSet::empty(size); 2],
            teire: [Vec::new(), Vec::new()],
            seki_nodes: Vec::new(),
            possessed: Vec::new(),
        };
        for k in 0..self.played.len() {
            let at = self.played[k];
            if self.layout.eye[at as usize] {
                let c = (self.cell[at as usize] - 1) as usize;
                out.teire[c].push(at);
                out.lost[c].insert(self.layout.point(at));
            }
        }
        let mut touching = Vec::new();
        for m in 0..self.dame.len() {
            let at = self.dame[m];
            if self.cell[at as usize] != 0 || !self.still_dame(at) {
                continue;
            }
            touching.clear();
            self.groups_touching(at, &mut touching);
            for &node in &touching {
                out.possessed.push((at, node));
                if !out.seki_nodes.contains(&node) {
                    out.seki_nodes.push(node);
                }
            }
        }
        for &node in &out.seki_nodes {
            let c = self.color_index_of(node);
            out.lost[c] = out.lost[c].union(&self.eyes_of[node as usize]);
        }
        out
    }

    fn color_index_of(&self, node: u32) -> usize {
        self.color_of_node(node).index()
    }

    /// `owner`'s lost points at the end of best play from the position (`to_move` to play,
    /// `passed`, `answer`), among the lines of the best value: `owner` choosing the fewest,
    /// the other side the most. Every position reached was read by [`Reader::value`].
    fn own_loss(&mut self, to_move: Color, passed: bool, answer: Option<u32>, owner: Color) -> i32 {
        let k = self.state_key(to_move, passed, answer) ^ key(1, 1 + owner.index() as u8);
        if let Some(&v) = self.own_memo.get(&k) {
            return v;
        }
        let value = self.memo_value(to_move, passed, answer);
        let loss = if let Some(at) = answer {
            match self.try_play(to_move, at) {
                Ok(after) => {
                    let l = self.own_loss(to_move.opponent(), false, after.answer(), owner);
                    self.unplay_to(self.played.len() - 1);
                    l
                }
                Err(()) => 0,
            }
        } else {
            let pick = |best: Option<i32>, l: i32| match best {
                None => Some(l),
                Some(b) if (to_move == owner) == (l < b) && l != b => Some(l),
                Some(b) => Some(b),
            };
            let mut best = None;
            if passed {
                let end = self.outcome();
                if Some(end.value()) == value {
                    best = pick(best, end.lost[owner.index()].len() as i32);
                }
            } else if self.memo_value(to_move.opponent(), true, None) == value {
                let l = self.own_loss(to_move.opponent(), true, None, owner);
                best = pick(best, l);
            }
            for m in 0..self.dame.len() + self.teire.len() {
                let Some(at) = self.playable(to_move, m) else {
                    continue;
                };
                let Ok(after) = self.try_play(to_move, at) else {
                    continue;
                };
                if !matches!(after, After::Captures)
                    && self.memo_value(to_move.opponent(), false, after.answer()) == value
                {
                    let l = self.own_loss(to_move.opponent(), false, after.answer(), owner);
                    best = pick(best, l);
                }
                self.unplay_to(self.played.len() - 1);
            }
            best.unwrap_or(0)
        };
        self.own_memo.insert(k, loss);
        loss
    }

    /// Follows the line of best play from the current position (`first` to play) to its end,
    /// `first` keeping the most of its own points among the lines of the best value (see
    /// [`Reader::own_loss`]), and tells the end; the board is left as it was.
    fn principal_line(&mut self, first: Color) -> Outcome {
        self.own_memo.clear();
        let start = self.played.len();
        let (mut to_move, mut passed, mut answer) = (first, false, None::<u32>);
        loop {
            if let Some(at) = answer {
                match self.try_play(to_move, at) {
                    Ok(after) => {
                        (to_move, passed, answer) = (to_move.opponent(), false, after.answer());
                        continue;
                    }
                    Err(()) => break,
                }
            }
            let want = self.memo_value(to_move, passed, answer);
            let loss = self.own_loss(to_move, passed, answer, first);
            let mut chosen = None;
            for m in 0..self.dame.len() + self.teire.len() {
                let Some(at) = self.playable(to_move, m) else {
                    continue;
                };
                let Ok(after) = self.try_play(to_move, at) else {
                    continue;
                };
                let next = after.answer();
                if !matches!(after, After::Captures)
                    && self.memo_value(to_move.opponent(), false, next) == want
                    && self.own_loss(to_move.opponent(), false, next, first) == loss
                {
                    chosen = Some(next);
                    break;
                }
                self.unplay_to(self.played.len() - 1);
            }
            match chosen {
                Some(next) => (to_move, passed, answer) = (to_move.opponent(), false, next),
                None if passed => break,
                None => (to_move, passed) = (to_move.opponent(), true),
            }
        }
        let outcome = self.outcome();
        self.unplay_to(start);
        outcome
    }

    fn state_key(&self, to_move: Color, passed: bool, answer: Option<u32>) -> u64 {
        self.hash
            ^ key(0, 1 + to_move.index() as u8)
            ^ if passed { key(0, 3) } else { 0 }
            ^ answer.map_or(0, |a| key(a, 3))
    }

    fn memo_value(&self, to_move: Color, passed: bool, answer: Option<u32>) -> Option<i32> {
        self.memo
            .get(&self.state_key(to_move, passed, answer))
            .copied()
    }
}

impl After {
    /// The cell the opponent must answer at, if any.
    fn answer(&self) -> Option<u32> {
        match self {
            After::Answer(l) => Some(*l),
            _ => None,
        }
    }
}

impl Outcome {
    fn value(&self) -> i32 {
        self.lost[1].len() as i32 - self.lost[0].len() as i32
    }
}
