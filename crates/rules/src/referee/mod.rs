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
//! 2. **Groups and false eyes** (`false_eyes`): chains joined through their own eye spaces
//!    make groups. A chain, or chains joined through points to fill, left with one liberty in
//!    its own eye spaces once the opponent fills the dame, must fill that point: a **false
//!    eye** (the "teire"), found again and again until none is added, so that a point that is
//!    false only once another is filled (a chain of false eyes) is found too. False eyes are
//!    not territory where the ruleset says so (`false-eyes = "not-counted"`; Japanese Rules of
//!    Go, 1989, Article 8 commentary: points that must be filled are not territory).
//! 3. **Eye values** (`eye_shape`): a real one-point eye is one eye, a false eye or a point
//!    whose chain is in atari none, a larger space one or two by its shape; a group's eyes are
//!    the sum over its eye spaces, two being enough.
//! 4. **Seki** (`seki`): groups short of eyes that share liberties with a group of the other
//!    colour short of eyes live in seki; their eye spaces are **seki eyes**, not territory
//!    where the ruleset says so (`seki-eyes = "not-counted"`; Japanese Rules of Go, 1989,
//!    Article 8: eye points of stones in seki are not territory). A group with two eyes is
//!    never in seki, however large its eye space: so a region is a seki eye only for a group
//!    short of eyes, next to a shared liberty the report names.
//!
//! Limits, all of them rare at the end of a game: the teire a cut in the middle of a wall
//! needs (a chain with two inner liberties, one of which the opponent may take) is not read; a
//! territory whose wall still has an open gap is dame until the gap is closed; eye values are
//! the classical eye shapes and do not read shortage of liberties; whoever may fill a dame,
//! the opponent is taken to fill it; stones the dead-stone source calls alive are alive, so a
//! group short of eyes that touches another short of eyes is taken to be in seki with it.

mod eye_shape;
mod false_eyes;
mod layout;
mod seki;

use gorules_board::{Board, Color, PointSet, Territory};

use layout::Layout;

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
        let layout = Layout::of_stones([&territory.black_stones, &territory.white_stones]);
        let empty = PointSet::empty(layout.size);
        let mut out = RefereeCount {
            surrounded: [territory.black, territory.white],
            dame: territory.neutral,
            false_eyes: [empty; 2],
            seki_stones: [empty; 2],
            seki_eyes: [empty; 2],
            sekis: Vec::new(),
            short_of_eyes: Vec::new(),
        };
        let conn = false_eyes::connections(&layout);
        // A node per group, black's first (see `seki::GroupNodes`).
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
        let eyes = Eyes::of(&layout, &conn, &chain_node, nodes, &mut out.false_eyes);
        let short: Vec<bool> = eyes.of_group.iter().map(|&e| e < 2).collect();
        if !short.contains(&true) {
            return out;
        }
        let groups = seki::GroupNodes {
            of_chain: &chain_node,
            black,
            short: &short,
        };
        let found = seki::sekis(&layout, &groups);
        let slot = short_groups(&layout, &groups, &eyes, &mut out.short_of_eyes);
        for found in &found.sekis {
            let mut seki = Seki {
                stones: [empty; 2],
                eyes: [empty; 2],
                shared_liberties: layout.set_of(&found.shared),
                in_contact: false,
            };
            for &node in &found.groups {
                let group = &mut out.short_of_eyes[slot[node as usize] as usize];
                let c = group.color.index();
                group.in_seki = true;
                seki.stones[c] = seki.stones[c].union(&group.stones);
                for eye in &group.eyes {
                    seki.eyes[c] = seki.eyes[c].union(&eye.points);
                }
            }
            seki.in_contact = !seki.stones[0]
                .dilate()
                .intersection(&seki.stones[1])
                .is_empty();
            for c in 0..2 {
                out.seki_stones[c] = out.seki_stones[c].union(&seki.stones[c]);
                out.seki_eyes[c] = out.seki_eyes[c].union(&seki.eyes[c]);
            }
            out.sekis.push(seki);
        }
        out
    }
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
    /// them); adds the false eyes to `false_eyes`.
    fn of(
        layout: &Layout,
        conn: &false_eyes::Connections,
        chain_node: &[u32],
        nodes: usize,
        false_eyes: &mut [PointSet; 2],
    ) -> Eyes {
        let nregions = layout.regions.len();
        let mut eyes = Eyes {
            value: vec![0; nregions],
            group: vec![u32::MAX; nregions],
            of_group: vec![0; nodes],
        };
        let mut kept: Vec<u32> = Vec::with_capacity(16);
        for (r, region) in layout.regions.iter().enumerate() {
            let Some(c) = region.owner else { continue };
            // The points of the space that need not be filled make its eyes.
            kept.clear();
            for &i in layout.points_of(r as u32) {
                if conn.false_eye[i as usize] {
                    false_eyes[c.index()].insert(layout.point(i));
                } else {
                    kept.push(i);
                }
            }
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
/// order of their nodes; returns the index in `out` of each node's (`u32::MAX` for a group
/// with two eyes).
fn short_groups(
    layout: &Layout,
    groups: &seki::GroupNodes,
    eyes: &Eyes,
    out: &mut Vec<ShortGroup>,
) -> Vec<u32> {
    let nodes = groups.short.len();
    let if_short = |node: u32| {
        if node != u32::MAX && groups.short[node as usize] {
            node
        } else {
            u32::MAX
        }
    };
    let chains = Buckets::of(groups.of_chain.iter().map(|&node| if_short(node)), nodes);
    let spaces = Buckets::of(eyes.group.iter().map(|&node| if_short(node)), nodes);
    let mut slot = vec![u32::MAX; nodes];
    for node in (0..nodes).filter(|&node| groups.short[node]) {
        let mut stones = PointSet::empty(layout.size);
        for &chain in chains.get(node) {
            for &i in layout.stones_of(chain) {
                stones.insert(layout.point(i));
            }
        }
        slot[node] = out.len() as u32;
        out.push(ShortGroup {
            color: if (node as u32) < groups.black {
                Color::Black
            } else {
                Color::White
            },
            stones,
            eyes: spaces
                .get(node)
                .iter()
                .map(|&r| EyeSpace {
                    points: layout.set_of(layout.points_of(r)),
                    value: eyes.value[r as usize],
                })
                .collect(),
            eye_value: eyes.of_group[node],
            in_seki: false,
        });
    }
    slot
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
