//! Groups short of eyes that share a dame, as the worst case finds them: the seki of a part of
//! the board whose filling the settlement could not read (`super::dame_game`; elsewhere seki is
//! what the filling leaves, stones that possess a dame).
//!
//! The stones on the board at the count are alive (the dead ones were removed). A group with
//! two eyes lives on its own; a living group **short of eyes** (fewer than two) lives only
//! because the opponent cannot approach it: in seki (Japanese Rules of Go, 1989, Article 7
//! commentary; Article 8: stones alive but "possessing dame" are in seki). Its partner is a
//! group of the other colour short of eyes too, with which it shares liberties that neither
//! side can fill: a dame point next to a group of each colour short of eyes and to no group
//! with two eyes (a group with two eyes could fill it safely), or a dame region that touches
//! only groups short of eyes, of both colours; or it is in contact with it (in a double-ko
//! seki the partners share no empty point, only the two kos). Groups linked so, with all the
//! groups they link in turn, make one seki. That holds with every dame unfilled: the dame
//! that divide the living groups are next to a group with two eyes, and the shared liberties
//! are not.
//!
//! Both groups are alive by the dead stones given, so seki is the one way both live: the count
//! does not play out who would win a capturing race between them. Where one of them is in
//! fact dead (the dead stones given are wrong), its partner's eyes are left out as seki eyes;
//! those are small, since a group with two eyes is never in seki.
//!
//! A group short of eyes with no such partner is not in seki: it is alive only by the dead
//! stones given (the count never turns stones dead by itself), and its eye spaces count as
//! territory.

use super::layout::Layout;

/// One seki: the groups in it (their nodes, see [`GroupNodes`]) and its shared liberties
/// (cell indices).
pub(super) struct FoundSeki {
    pub groups: Vec<u32>,
    pub shared: Vec<u32>,
}

/// The sekis of a position.
pub(super) struct Sekis {
    pub sekis: Vec<FoundSeki>,
}

/// The groups of a position as nodes: black's groups first, then white's.
pub(super) struct GroupNodes<'a> {
    /// Per chain: the node of its group.
    pub of_chain: &'a [u32],
    /// Number of black groups: node `k` is black's group `k` below it, white's group
    /// `k - black` from it on.
    pub black: u32,
    /// Per node: whether the group is short of eyes.
    pub short: &'a [bool],
}

/// Sets of nodes that only grow (union-find, union by rank: a root's tree is at most its
/// rank high, so a find takes a few steps).
struct Sets {
    parent: Vec<u32>,
    rank: Vec<u8>,
}

impl Sets {
    fn new(n: usize) -> Sets {
        Sets {
            parent: (0..n as u32).collect(),
            rank: vec![0; n],
        }
    }

    fn find(&mut self, mut a: u32) -> u32 {
        let parent = &mut self.parent;
        while parent[a as usize] != a {
            parent[a as usize] = parent[parent[a as usize] as usize];
            a = parent[a as usize];
        }
        a
    }

    /// Joins the sets of `a` and `b`.
    fn join(&mut self, a: u32, b: u32) {
        let (a, b) = (self.find(a), self.find(b));
        if a == b {
            return;
        }
        let (low, high) = if self.rank[a as usize] < self.rank[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        self.parent[low as usize] = high;
        if self.rank[low as usize] == self.rank[high as usize] {
            self.rank[high as usize] += 1;
        }
    }

    /// Joins the sets of every node of `nodes` into one.
    fn join_all(&mut self, nodes: &[u32]) {
        for &node in &nodes[1..] {
            self.join(nodes[0], node);
        }
    }
}

/// The sekis among the groups of `layout` (`groups`: the group of each chain and which groups
/// are short of eyes).
pub(super) fn sekis(layout: &Layout, groups: &GroupNodes) -> Sekis {
    let nodes = groups.short.len();
    let is_black = |node: u32| node < groups.black;
    let mut sets = Sets::new(nodes);
    // Shared liberties, with a node of the set of groups they link: whole regions, and points.
    let mut shared_regions: Vec<(u32, u32)> = Vec::new();
    let mut shared_points: Vec<(u32, u32)> = Vec::new();
    let mut around: Vec<u32> = Vec::with_capacity(16);
    for r in 0..layout.regions.len() as u32 {
        let region = &layout.regions[r as usize];
        if region.owner.is_some() || !(region.touches[0] && region.touches[1]) {
            continue;
        }
        // The whole region, when it touches groups short of eyes only (of both colours, as
        // it touches both).
        around.clear();
        around.extend(
            layout
                .chains_of(r)
                .iter()
                .map(|&c| groups.of_chain[c as usize]),
        );
        if around.iter().all(|&node| groups.short[node as usize]) {
            sets.join_all(&around);
            shared_regions.push((r, around[0]));
            continue;
        }
        // Else each point next to a group short of eyes of each colour and no other group.
        for &p in layout.points_of(r) {
            let mut next_to = [0u32; 4];
            let mut n = 0;
            let mut colours = [false; 2];
            let mut all_short = true;
            for q in layout.neighbors(p) {
                if matches!(layout.cell[q as usize], 1 | 2) {
                    let node = groups.of_chain[layout.label[q as usize] as usize];
                    all_short &= groups.short[node as usize];
                    colours[usize::from(!is_black(node))] = true;
                    next_to[n] = node;
                    n += 1;
                }
            }
            if all_short && colours == [true, true] {
                sets.join_all(&next_to[..n]);
                shared_points.push((p, next_to[0]));
            }
        }
    }
    // Groups short of eyes in contact: neither could be captured without the other being
    // captured first (a double-ko seki shares no empty point).
    for (chain, info) in layout.chains.iter().enumerate() {
        if info.color.index() != 0 {
            continue;
        }
        let black = groups.of_chain[chain];
        if !groups.short[black as usize] {
            continue;
        }
        // The white chain joined last: a chain's stones often touch the same one again.
        let mut last = u32::MAX;
        for &i in layout.stones_of(chain as u32) {
            for q in layout.neighbors(i) {
                if layout.cell[q as usize] == 2 && layout.label[q as usize] != last {
                    last = layout.label[q as usize];
                    let white = groups.of_chain[last as usize];
                    if groups.short[white as usize] {
                        sets.join(black, white);
                    }
                }
            }
        }
    }
    // The sets of linked groups holding both colours.
    let mut colours = vec![[false; 2]; nodes];
    for node in 0..nodes as u32 {
        let root = sets.find(node) as usize;
        colours[root][usize::from(!is_black(node))] = true;
    }
    let mut seki_of_root = vec![u32::MAX; nodes];
    let mut out: Vec<FoundSeki> = Vec::new();
    for node in 0..nodes as u32 {
        let root = sets.find(node) as usize;
        if colours[root] != [true, true] {
            continue;
        }
        if seki_of_root[root] == u32::MAX {
            seki_of_root[root] = out.len() as u32;
            out.push(FoundSeki {
                groups: Vec::new(),
                shared: Vec::new(),
            });
        }
        out[seki_of_root[root] as usize].groups.push(node);
    }
    for (r, node) in shared_regions {
        let root = sets.find(node) as usize;
        if seki_of_root[root] != u32::MAX {
            out[seki_of_root[root] as usize]
                .shared
                .extend_from_slice(layout.points_of(r));
        }
    }
    for (p, node) in shared_points {
        let root = sets.find(node) as usize;
        if seki_of_root[root] != u32::MAX {
            out[seki_of_root[root] as usize].shared.push(p);
        }
    }
    Sekis { sekis: out }
}
