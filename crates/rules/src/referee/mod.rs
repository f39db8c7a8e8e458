//! A final position as a referee settles it for territory counting, whether or not the dame
//! are filled: which empty points are dame, which are false eyes that must still be filled,
//! which groups live in seki and which of their points are seki eyes, and how many eyes each
//! group short of eyes has. The dead stones are removed before (they come from the players'
//! agreement, `--dead`); the settlement never takes a living stone for dead.
//!
//! The steps, on the board after the dead stones are removed:
//!
//! 1. **Regions.** Each maximal connected set of empty points touches black stones, white
//!    stones, both or none. One that touches both, or none, is **dame**: no side's living
//!    stones surround it (Japanese Rules of Go, 1989, Article 8: points not surrounded by the
//!    living stones of one player; AGA Concise Rules, rule 12, "neutral points"). Filling
//!    dame changes no territory. One that touches a single colour is an **eye space** of that
//!    colour (its territory, where it is not left out below).
//! 2. **Groups and the worst case** (`false_eyes`): chains joined through their own eye spaces
//!    make groups. A chain, or chains joined through points to fill, left with one liberty in
//!    its own eye spaces once the opponent fills every dame, would have to fill that point;
//!    found again and again until none is added (a chain of false eyes). The worst case picks
//!    the chains the filling must read and makes the eye values; it is not the count.
//! 3. **Eye values** (`eye_shape`): a real one-point eye is one eye, a worst-case point to fill
//!    or a point whose chain is in atari none, a larger space one or two by its shape; a
//!    group's eyes are the sum over its eye spaces, two being enough.
//! 4. **The filling of the dame** (`dame_game`): read as a game both sides play, on each part
//!    of the board where it can change the count, Black filling first and White first. A point
//!    its owner must fill even when he fills first is a **false eye** (a teire), not territory
//!    where the ruleset says so (`false-eyes = "not-counted"`; Japanese Rules of Go, 1989,
//!    Article 8 commentary: points that must be filled are not territory).
//! 5. **Seki**: the groups that still possess a dame once the filling is over (Japanese Rules
//!    of Go, 1989, Article 8: stones alive that possess dame are in seki), and groups short of
//!    eyes in contact where one has a ko (a double-ko seki); their eye spaces are **seki
//!    eyes**, not territory where the ruleset says so (`seki-eyes = "not-counted"`).
//! 6. **Doubts** ([`RefereeCount::doubts`]): where one order of filling cannot give both sides
//!    their best, where the filling captures stones given alive, or where a part is too large
//!    to read (those parts keep the worst case, with seki as groups short of eyes sharing a
//!    dame, `seki`).
//!
//! Limits: the opponent never plays inside a territory, so the teire a cut in the middle of a
//! wall needs (a chain with two inner liberties, one of which the opponent may take) is not
//! read; a territory whose wall still has an open gap is dame until the gap is closed; eye
//! values are the classical eye shapes and do not read shortage of liberties; each part is
//! read on its own; stones the dead-stone source calls alive are alive.

mod dame_game;
mod eye_shape;
mod false_eyes;
mod layout;
mod seki;

use std::collections::HashMap;

use gorules_board::{Board, Color, PointSet, Territory};

use layout::Layout;

pub use dame_game::DoubtKind;

/// A final position as a referee settles it for territory counting (see the module
/// documentation for the steps and their sources).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefereeCount {
    /// Empty points that reach stones of one colour only, `[black, white]` (index with
    /// [`Color::index`]): what territory counting counts before false eyes and seki eyes are
    /// left out (the flood fill of [`Board::territory`]).
    pub surrounded: [PointSet; 2],
    /// Empty points that reach both colours, or none.
    pub dame: PointSet,
    /// False eyes, by the colour around them: points that colour must still fill.
    pub false_eyes: [PointSet; 2],
    /// Stones of the groups alive in seki.
    pub seki_stones: [PointSet; 2],
    /// The eye points of the groups alive in seki (their false eyes included).
    pub seki_eyes: [PointSet; 2],
    /// Every seki.
    pub sekis: Vec<Seki>,
    /// The groups short of eyes (fewer than two), in seki or not, with their eye spaces.
    pub short_of_eyes: Vec<ShortGroup>,
    /// The parts of the board whose count is not sure, and why (empty when the count is).
    pub doubts: Vec<Doubt>,
}

/// A part of the board whose count the rules leave open, or that the settlement could not
/// read: the count of its points is not sure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doubt {
    /// Why.
    pub kind: DoubtKind,
    /// The points whose count rests on it.
    pub points: PointSet,
    /// The dame that decide it.
    pub dame: PointSet,
}

/// Groups of both colours alive together in seki.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seki {
    /// Their stones, `[black, white]`.
    pub stones: [PointSet; 2],
    /// Their eye points, `[black, white]`.
    pub eyes: [PointSet; 2],
    /// The liberties they share, which neither side can fill: the reason they are in seki.
    pub shared_liberties: PointSet,
    /// Whether stones of the two colours touch: the reason, with or instead of shared
    /// liberties (a double-ko seki has none).
    pub in_contact: bool,
}

/// A living group with fewer than two eyes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortGroup {
    /// Its colour.
    pub color: Color,
    /// Its stones.
    pub stones: PointSet,
    /// Its eye spaces and what each is worth.
    pub eyes: Vec<EyeSpace>,
    /// Its eyes in all (0 or 1).
    pub eye_value: u8,
    /// Whether it is in seki ([`RefereeCount::sekis`]); if not, it is alive only by the dead
    /// stones given.
    pub in_seki: bool,
}

/// An eye space of a group and the number of eyes it is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeSpace {
    /// Its points.
    pub points: PointSet,
    /// Eyes it is worth: 0 (a false eye, or a point whose chain is in atari), 1 or 2.
    pub value: u8,
}

impl RefereeCount {
    /// The settlement of `board` (dead stones already removed).
    pub fn of(board: &Board) -> RefereeCount {
        RefereeCount::of_territory(&board.territory())
    }

    /// The settlement of the position `territory` describes ([`Board::territory`]: its stones
    /// and who reaches each empty point).
    pub(crate) fn of_territory(territory: &Territory) -> RefereeCount {
        let analysis = Analysis::of(territory);
        let sekis = analysis.sekis();
        let settled = Settled::of_analysis(&analysis);
        let mut out = RefereeCount {
            surrounded: [territory.black, territory.white],
            dame: territory.neutral,
            false_eyes: settled.false_eyes,
            seki_stones: settled.seki_stones,
            seki_eyes: settled.seki_eyes,
            sekis,
            short_of_eyes: Vec::new(),
            doubts: analysis.doubts(),
        };
        if analysis.short.contains(&true) {
            short_groups(&analysis, &mut out.short_of_eyes);
        }
        out
    }
}

/// What territory counting leaves out of the flood-fill territory, from the referee's
/// settlement ([`RefereeCount`]'s fields of the same names), without the report of the groups
/// short of eyes and of each seki.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Settled {
    /// False eyes, by the colour around them.
    pub false_eyes: [PointSet; 2],
    /// Stones of the groups alive in seki.
    pub seki_stones: [PointSet; 2],
    /// The eye points of the groups alive in seki.
    pub seki_eyes: [PointSet; 2],
    /// Where the count is not sure ([`RefereeCount::doubts`]).
    pub doubts: Vec<Doubt>,
}

impl Settled {
    /// The counting part of [`RefereeCount::of_territory`]: the same sets.
    pub(crate) fn of_territory(territory: &Territory) -> Settled {
        Settled::of_analysis(&Analysis::of(territory))
    }

    /// The false eyes of `analysis`, and the stones and eye points of its groups in seki.
    fn of_analysis(analysis: &Analysis) -> Settled {
        let size = analysis.layout.size;
        let mut out = Settled {
            false_eyes: analysis.false_eyes,
            seki_stones: [PointSet::empty(size); 2],
            seki_eyes: [PointSet::empty(size); 2],
            doubts: analysis.doubts(),
        };
        for (_, c, part, cells) in analysis.seki_members() {
            let set = match part {
                Part::Stones => &mut out.seki_stones[c],
                Part::Eyes => &mut out.seki_eyes[c],
            };
            for &i in cells {
                set.insert(analysis.layout.point(i));
            }
        }
        out
    }
}

/// The steps of the settlement up to the sekis found, which the report and the count share.
struct Analysis {
    layout: Layout,
    /// A node per group, black's first (see `seki::GroupNodes`): the node of each chain.
    chain_node: Vec<u32>,
    /// Number of black groups.
    black: u32,
    eyes: Eyes,
    /// Per node: whether the group is short of eyes.
    short: Vec<bool>,
    false_eyes: [PointSet; 2],
    /// The sekis, and for each node the one it is in (`u32::MAX` if none); `None` when no
    /// group is in seki.
    found: Option<(seki::Sekis, Vec<u32>)>,
    doubts: Vec<dame_game::FoundDoubt>,
}

impl Analysis {
    fn of(territory: &Territory) -> Analysis {
        let layout = Layout::of_stones([&territory.black_stones, &territory.white_stones]);
        let conn = false_eyes::connections(&layout);
        let black = conn.groups[0];
        let nodes = (conn.groups[0] + conn.groups[1]) as usize;
        let chain_node: Vec<u32> = layout
            .chains
            .iter()
            .zip(&conn.chain_group)
            .map(|(chain, &g)| match chain.color {
                Color::Black => g,
                Color::White => black + g,
            })
            .collect();
        let eyes = Eyes::of(&layout, &conn, &chain_node, nodes);
        let short: Vec<bool> = eyes.of_group.iter().map(|&e| e < 2).collect();
        let filling = dame_game::settle(
            &layout,
            &dame_game::Groups {
                of_chain: &chain_node,
                black,
                short: &short,
                of_region: &eyes.group,
            },
            &conn.false_eye,
        );
        let mut false_eyes = [PointSet::empty(layout.size); 2];
        for (i, &fill) in filling.must_fill.iter().enumerate() {
            if fill && layout.eye[i] {
                if let Some(c) = layout.regions[layout.label[i] as usize].owner {
                    false_eyes[c.index()].insert(layout.point(i as u32));
                }
            }
        }
        let found = seki_found(&layout, &conn, &chain_node, black, &eyes, &short, &filling);
        Analysis {
            layout,
            chain_node,
            black,
            eyes,
            short,
            false_eyes,
            found,
            doubts: filling.doubts,
        }
    }

    /// The doubts found, as point sets.
    fn doubts(&self) -> Vec<Doubt> {
        self.doubts
            .iter()
            .map(|d| Doubt {
                kind: d.kind,
                points: self.layout.set_of(&d.points),
                dame: self.layout.set_of(&d.dame),
            })
            .collect()
    }

    /// The colour of the group of `node`.
    fn color(&self, node: usize) -> Color {
        if (node as u32) < self.black {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The chains and the eye spaces of the groups in seki, each as its seki (an index in
    /// the sekis found), its colour's index, which it is and its cells: a pass over the chains,
    /// then one over the regions.
    fn seki_members(&self) -> impl Iterator<Item = (usize, usize, Part, &[u32])> + '_ {
        let layout = &self.layout;
        let seki_of: &[u32] = self.found.as_ref().map_or(&[], |(_, of)| of);
        // The seki of a group node, if any (dame regions have no node: `u32::MAX`).
        let seki = move |node: u32| {
            seki_of
                .get(node as usize)
                .filter(|&&k| k != u32::MAX)
                .map(|&k| (k as usize, self.color(node as usize).index()))
        };
        let stones = self
            .chain_node
            .iter()
            .enumerate()
            .filter_map(move |(chain, &node)| {
                seki(node).map(|(k, c)| (k, c, Part::Stones, layout.stones_of(chain as u32)))
            });
        let eyes = self
            .eyes
            .group
            .iter()
            .enumerate()
            .filter_map(move |(r, &node)| {
                seki(node).map(|(k, c)| (k, c, Part::Eyes, layout.points_of(r as u32)))
            });
        stones.chain(eyes)
    }

    /// Every seki: the stones of its groups (one pass over the chains) and their eye spaces
    /// (one pass over the regions).
    fn sekis(&self) -> Vec<Seki> {
        let layout = &self.layout;
        let Some((found, _)) = &self.found else {
            return Vec::new();
        };
        let empty = PointSet::empty(layout.size);
        let mut sekis: Vec<Seki> = found
            .sekis
            .iter()
            .map(|found| Seki {
                stones: [empty; 2],
                eyes: [empty; 2],
                shared_liberties: layout.set_of(&found.shared),
                in_contact: false,
            })
            .collect();
        for (k, c, part, cells) in self.seki_members() {
            let set = match part {
                Part::Stones => &mut sekis[k].stones[c],
                Part::Eyes => &mut sekis[k].eyes[c],
            };
            for &i in cells {
                set.insert(layout.point(i));
            }
        }
        for seki in &mut sekis {
            seki.in_contact = !seki.stones[0]
                .dilate()
                .intersection(&seki.stones[1])
                .is_empty();
        }
        sekis
    }
}

/// The groups in seki and the sekis they make: the groups that possess a dame no one fills
/// (`filling`, Japanese Rules of Go, 1989, Article 8); groups short of eyes in contact where one
/// of them has a ko, as in a double-ko seki, which shares no dame; and, where a part of the
/// board was too large to read, the groups short of eyes that share a dame as the worst case
/// finds them.
fn seki_found(
    layout: &Layout,
    conn: &false_eyes::Connections,
    chain_node: &[u32],
    black: u32,
    eyes: &Eyes,
    short: &[bool],
    filling: &dame_game::Filling,
) -> Option<(seki::Sekis, Vec<u32>)> {
    let nodes = short.len();
    let mut in_seki = filling.in_seki.clone();
    let mut sets: Vec<u32> = (0..nodes as u32).collect();
    let join = |sets: &mut Vec<u32>, a: u32, b: u32| {
        let (a, b) = (find(sets, a), find(sets, b));
        sets[a as usize] = b;
    };
    let mut shared: Vec<(u32, u32)> = filling.possessed.clone();
    // Groups that possess the same dame are in one seki.
    let mut first_of_cell: HashMap<u32, u32> = HashMap::new();
    for &(cell, node) in &filling.possessed {
        match first_of_cell.get(&cell) {
            Some(&other) => join(&mut sets, other, node),
            None => {
                first_of_cell.insert(cell, node);
            }
        }
    }
    // A ko: a one-point eye space whose chain is in atari there.
    let mut has_ko = vec![false; nodes];
    for (r, &node) in eyes.group.iter().enumerate() {
        if node != u32::MAX && conn.atari_eye[r] {
            has_ko[node as usize] = true;
        }
    }
    for (chain, info) in layout.chains.iter().enumerate() {
        if info.color != Color::Black {
            continue;
        }
        let b = chain_node[chain];
        if !short[b as usize] {
            continue;
        }
        for &i in layout.stones_of(chain as u32) {
            for q in layout.neighbors(i) {
                if layout.cell[q as usize] != 2 {
                    continue;
                }
                let w = chain_node[layout.label[q as usize] as usize];
                if short[w as usize] && (has_ko[b as usize] || has_ko[w as usize]) {
                    in_seki[b as usize] = true;
                    in_seki[w as usize] = true;
                    join(&mut sets, b, w);
                }
            }
        }
    }
    if filling.unread.contains(&true) {
        let worst = seki::sekis(
            layout,
            &seki::GroupNodes {
                of_chain: chain_node,
                black,
                short,
            },
        );
        for found in &worst.sekis {
            if found.groups.iter().any(|&g| filling.unread[g as usize]) {
                for &g in &found.groups {
                    in_seki[g as usize] = true;
                    join(&mut sets, found.groups[0], g);
                }
                shared.extend(found.shared.iter().map(|&cell| (cell, found.groups[0])));
            }
        }
    }
    if !in_seki.contains(&true) {
        return None;
    }
    let is_black = |node: u32| node < black;
    let mut colours = vec![[false; 2]; nodes];
    for node in (0..nodes as u32).filter(|&n| in_seki[n as usize]) {
        let root = find(&mut sets, node) as usize;
        colours[root][usize::from(!is_black(node))] = true;
    }
    let mut seki_of = vec![u32::MAX; nodes];
    let mut seki_of_root = vec![u32::MAX; nodes];
    let mut out: Vec<seki::FoundSeki> = Vec::new();
    for node in (0..nodes as u32).filter(|&n| in_seki[n as usize]) {
        let root = find(&mut sets, node) as usize;
        if colours[root] != [true, true] {
            continue;
        }
        if seki_of_root[root] == u32::MAX {
            seki_of_root[root] = out.len() as u32;
            out.push(seki::FoundSeki {
                groups: Vec::new(),
                shared: Vec::new(),
            });
        }
        seki_of[node as usize] = seki_of_root[root];
        out[seki_of_root[root] as usize].groups.push(node);
    }
    for (cell, node) in shared {
        let k = seki_of[node as usize];
        if k != u32::MAX && !out[k as usize].shared.contains(&cell) {
            out[k as usize].shared.push(cell);
        }
    }
    if out.is_empty() {
        return None;
    }
    Some((seki::Sekis { sekis: out }, seki_of))
}

fn find(parent: &mut [u32], mut a: u32) -> u32 {
    while parent[a as usize] != a {
        parent[a as usize] = parent[parent[a as usize] as usize];
        a = parent[a as usize];
    }
    a
}

/// Which cells of a group in seki ([`Analysis::seki_members`]).
#[derive(Clone, Copy)]
enum Part {
    Stones,
    Eyes,
}

/// The eye values of the eye spaces and the eyes of each group.
struct Eyes {
    /// Per region: the eyes it is worth (0 for a dame region).
    value: Vec<u8>,
    /// Per region: the node of the group whose eye space it is, `u32::MAX` for a dame region.
    group: Vec<u32>,
    /// Per group node: its eyes, the sum over its eye spaces.
    of_group: Vec<u8>,
}

impl Eyes {
    /// The eye values in `layout` (`chain_node`: the group node of each chain, `nodes` of
    /// them), the worst case's points to fill (every dame filled by the opponent) making no
    /// eye.
    fn of(
        layout: &Layout,
        conn: &false_eyes::Connections,
        chain_node: &[u32],
        nodes: usize,
    ) -> Eyes {
        let nregions = layout.regions.len();
        let mut eyes = Eyes {
            value: vec![0; nregions],
            group: vec![u32::MAX; nregions],
            of_group: vec![0; nodes],
        };
        let mut kept: Vec<u32> = Vec::with_capacity(16);
        for (r, region) in layout.regions.iter().enumerate() {
            if region.owner.is_none() {
                continue;
            }
            // The points of the space that need not be filled make its eyes.
            kept.clear();
            kept.extend(
                layout
                    .points_of(r as u32)
                    .iter()
                    .filter(|&&i| !conn.false_eye[i as usize]),
            );
            let value = match kept.len() {
                0 => 0,
                1 if region.len() == 1 => u8::from(!(conn.cut_point[r] || conn.atari_eye[r])),
                1 => 1,
                _ => eye_shape::eye_value(&kept, layout.stride),
            };
            let g = chain_node[layout.chains_of(r as u32)[0] as usize];
            eyes.value[r] = value;
            eyes.group[r] = g;
            eyes.of_group[g as usize] = eyes.of_group[g as usize].saturating_add(value);
        }
        eyes
    }
}

/// Lists the groups short of eyes into `out`, black's then white's, each colour's in the
/// order of their nodes.
fn short_groups(analysis: &Analysis, out: &mut Vec<ShortGroup>) {
    let seki_of: &[u32] = analysis.found.as_ref().map_or(&[], |(_, of)| of);
    let layout = &analysis.layout;
    let short = &analysis.short;
    let nodes = short.len();
    let if_short = |node: u32| {
        if node != u32::MAX && short[node as usize] {
            node
        } else {
            u32::MAX
        }
    };
    let chains = Buckets::of(
        analysis.chain_node.iter().map(|&node| if_short(node)),
        nodes,
    );
    let spaces = Buckets::of(
        analysis.eyes.group.iter().map(|&node| if_short(node)),
        nodes,
    );
    for node in (0..nodes).filter(|&node| short[node]) {
        let mut stones = PointSet::empty(layout.size);
        for &chain in chains.get(node) {
            for &i in layout.stones_of(chain) {
                stones.insert(layout.point(i));
            }
        }
        out.push(ShortGroup {
            color: analysis.color(node),
            stones,
            eyes: spaces
                .get(node)
                .iter()
                .map(|&r| EyeSpace {
                    points: layout.set_of(layout.points_of(r)),
                    value: analysis.eyes.value[r as usize],
                })
                .collect(),
            eye_value: analysis.eyes.of_group[node],
            in_seki: seki_of.get(node).is_some_and(|&k| k != u32::MAX),
        });
    }
}

/// Items (`0..n`) sorted into buckets by a key each, in increasing order within a bucket (a
/// counting sort).
struct Buckets {
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Buckets {
    /// The items whose key (`keys`, one per item) is below `nkeys`, by key; other keys
    /// leave their item out.
    fn of(keys: impl Iterator<Item = u32> + Clone, nkeys: usize) -> Buckets {
        let mut start = vec![0u32; nkeys + 1];
        for key in keys.clone().filter(|&k| (k as usize) < nkeys) {
            start[key as usize + 1] += 1;
        }
        for k in 0..nkeys {
            start[k + 1] += start[k];
        }
        let mut next = start.clone();
        let mut items = vec![0u32; start[nkeys] as usize];
        for (item, key) in keys.enumerate().filter(|&(_, k)| (k as usize) < nkeys) {
            items[next[key as usize] as usize] = item as u32;
            next[key as usize] += 1;
        }
        Buckets { start, items }
    }

    /// The items of key `k`.
    fn get(&self, k: usize) -> &[u32] {
        &self.items[self.start[k] as usize..self.start[k + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use gorules_board::Size;

    /// A position on a `side` x `side` board: the cells played in order, row by row, 1 black,
    /// 2 white, other values left empty (more empty points, for regions of several points);
    /// a play that is suicide is left out, captures are made.
    fn position(side: usize, cells: &[u8]) -> Board {
        let size = Size::square(side as u32).unwrap();
        let mut board = Board::new(size);
        for (p, &c) in size.points().zip(cells) {
            let color = match c {
                1 => Color::Black,
                2 => Color::White,
                _ => continue,
            };
            let _ = board.play(color, p);
        }
        board
    }

    proptest! {
        /// The report against its definitions, read from point sets alone: a group's eye spaces
        /// are the regions of its colour's territory next to its stones; the seki stones and
        /// eyes are those of the sekis listed, among them every group short of eyes the report
        /// puts in seki; and the count's settlement
        /// ([`Settled`]) is the report's.
        #[test]
        fn the_report_agrees_with_its_definitions(side in 3usize..10, cells in proptest::collection::vec(0u8..4, 81)) {
            let board = position(side, &cells);
            let territory = board.territory();
            let report = RefereeCount::of_territory(&territory);
            let settled = Settled::of_territory(&territory);
            prop_assert_eq!(settled.false_eyes, report.false_eyes);
            prop_assert_eq!(settled.seki_stones, report.seki_stones);
            prop_assert_eq!(settled.seki_eyes, report.seki_eyes);
            let size = board.size();
            let mut in_seki = [PointSet::empty(size); 2];
            let mut seki_eyes = [PointSet::empty(size); 2];
            for group in &report.short_of_eyes {
                let c = group.color.index();
                let own = [territory.black, territory.white][c];
                // Its eye spaces: the regions of `own` that touch its stones.
                let touching = group.stones.dilate().intersection(&own);
                let spaces = touching.flood_into(&own).union(&touching);
                let listed = group
                    .eyes
                    .iter()
                    .fold(PointSet::empty(size), |a, e| a.union(&e.points));
                prop_assert_eq!(listed, spaces);
                prop_assert_eq!(
                    group.eye_value,
                    group.eyes.iter().map(|e| e.value).fold(0u8, u8::saturating_add)
                );
                prop_assert!(group.eye_value < 2);
                if group.in_seki {
                    in_seki[c] = in_seki[c].union(&group.stones);
                    seki_eyes[c] = seki_eyes[c].union(&listed);
                }
            }
            // Groups short of eyes in seki are in the report's seki; so may be other groups that
            // possess a dame no one can fill (Article 8 asks for dame, not for a shortage of
            // eyes), each in one of the sekis listed, with its eye spaces.
            let listed = |sets: [PointSet; 2]| {
                report.sekis.iter().fold(sets, |a, s| [a[0].union(&s.stones[0]), a[1].union(&s.stones[1])])
            };
            let empty = [PointSet::empty(size); 2];
            prop_assert_eq!(listed(empty), report.seki_stones);
            for c in 0..2 {
                prop_assert!(in_seki[c].difference(&report.seki_stones[c]).is_empty());
                prop_assert!(seki_eyes[c].difference(&report.seki_eyes[c]).is_empty());
                let eyes = report.sekis.iter().fold(PointSet::empty(size), |a, s| a.union(&s.eyes[c]));
                prop_assert_eq!(eyes, report.seki_eyes[c]);
            }
            for seki in &report.sekis {
                prop_assert!(!seki.stones[0].is_empty() && !seki.stones[1].is_empty());
                prop_assert!(!seki.shared_liberties.is_empty() || seki.in_contact);
            }
        }
    }
}
