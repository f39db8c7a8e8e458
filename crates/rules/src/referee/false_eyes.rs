//! Groups, and the points a group must still fill: false eyes and other teire.
//!
//! Chains of one colour and the eye spaces of that colour (empty regions that touch its stones
//! only) make a graph: a chain is joined to each eye space it touches. A **group** is a
//! connected part of it: its chains are connected through their own eye spaces, which the
//! opponent cannot fill. Two chains that only meet at a dame are not joined: the opponent may
//! fill the dame.
//!
//! **Points to fill.** Once the opponent has filled the dame, the liberties a chain keeps are
//! its *inner liberties*, the points of its own eye spaces next to it. A chain left with a
//! single inner liberty is in atari there: the opponent could capture it, so its owner must
//! fill that point (Japanese Rules of Go, 1989, Article 8 commentary: such points, the "teire",
//! are not territory). That is the false eye: an eye point whose neighbours are connected only
//! through it, where the opponent holds the diagonal points that would join them (one on the
//! edge or in the corner, two in the centre), and where the cut-off side has no other eye. The
//! rule reads the whole position instead of the four diagonal points: a diagonal point that is
//! the owner's own eye space joins the chains beside it, and chains joined elsewhere need
//! nothing. It finds the teire a stone pushed into the dame needs too. Chains joined through a
//! point to fill count as one piece, so a point that must be filled only once another is (a
//! chain of false eyes) is found on a later round.
//!
//! **Cut points**, for counting eyes: a one-point eye space next to two chains or more that
//! fall apart without it. Even when nothing must fill it (each side keeps an eye of its own),
//! it adds no eye to the group.

use super::layout::Layout;

/// The groups and false eyes of one colour's chains and eye spaces.
pub(super) struct Connections {
    /// Per chain (of this colour): its group. Other chains: `u32::MAX`.
    pub chain_group: Vec<u32>,
    /// Number of groups.
    pub groups: u32,
    /// Per region (eye spaces of this colour): whether it is a cut point.
    pub cut_point: Vec<bool>,
    /// Per point: whether it is a false eye of this colour (a point it must fill).
    pub false_eye: Vec<bool>,
    /// Per region: whether it is one point whose neighbouring chain has it as its only
    /// liberty (the opponent could capture by playing there).
    pub atari_eye: Vec<bool>,
}

/// The groups and false eyes of colour `owner` (`0` black, `1` white) in `layout`.
pub(super) fn connections(layout: &Layout, owner: usize) -> Connections {
    let nchains = layout.chains.len();
    let nregions = layout.regions.len();
    let is_space = |r: usize| layout.regions[r].owner().map(|c| c.index()) == Some(owner);
    // The eye spaces of each chain (of this colour), by counting sort.
    let mut start = vec![0u32; nchains + 1];
    for r in (0..nregions).filter(|&r| is_space(r)) {
        for &c in layout.chains_of(r as u32) {
            start[c as usize + 1] += 1;
        }
    }
    for c in 0..nchains {
        start[c + 1] += start[c];
    }
    let mut fill = start.clone();
    let mut chain_spaces = vec![0u32; start[nchains] as usize];
    for r in (0..nregions).filter(|&r| is_space(r)) {
        for &c in layout.chains_of(r as u32) {
            chain_spaces[fill[c as usize] as usize] = r as u32;
            fill[c as usize] += 1;
        }
    }
    let spaces_of =
        |c: u32| &chain_spaces[start[c as usize] as usize..start[c as usize + 1] as usize];

    // Groups: chains joined through the eye spaces they touch (union-find over chains).
    let mut parent: Vec<u32> = (0..nchains as u32).collect();
    fn find(parent: &mut [u32], mut a: u32) -> u32 {
        while parent[a as usize] != a {
            parent[a as usize] = parent[parent[a as usize] as usize];
            a = parent[a as usize];
        }
        a
    }
    for r in (0..nregions).filter(|&r| is_space(r)) {
        let chains = layout.chains_of(r as u32);
        let first = find(&mut parent, chains[0]);
        for &c in &chains[1..] {
            let root = find(&mut parent, c);
            parent[root as usize] = first;
        }
    }
    let mut chain_group = vec![u32::MAX; nchains];
    let mut group_of_root = vec![u32::MAX; nchains];
    let mut groups = 0;
    for (c, group) in chain_group.iter_mut().enumerate() {
        if layout.chains[c].color.index() != owner {
            continue;
        }
        let root = find(&mut parent, c as u32) as usize;
        if group_of_root[root] == u32::MAX {
            group_of_root[root] = groups;
            groups += 1;
        }
        *group = group_of_root[root];
    }

    let mut atari_eye = vec![false; nregions];
    let mut cut_point = vec![false; nregions];
    // Marks for the searches: the search that last reached each chain and each region.
    let mut chain_seen = vec![u32::MAX; nchains];
    let mut region_seen = vec![u32::MAX; nregions];
    let mut stack: Vec<u32> = Vec::new();
    for r in (0..nregions).filter(|&r| is_space(r) && layout.regions[r].len() == 1) {
        let around = layout.chains_of(r as u32);
        atari_eye[r] = around
            .iter()
            .any(|&c| layout.chains[c as usize].liberties == 1);
        if around.len() < 2 {
            continue;
        }
        let search = r as u32;
        region_seen[r] = search;
        let mut parts = 0;
        for &c0 in around {
            if chain_seen[c0 as usize] == search {
                continue;
            }
            chain_seen[c0 as usize] = search;
            stack.push(c0);
            while let Some(c) = stack.pop() {
                for &s in spaces_of(c) {
                    if region_seen[s as usize] == search {
                        continue;
                    }
                    region_seen[s as usize] = search;
                    for &d in layout.chains_of(s) {
                        if chain_seen[d as usize] != search {
                            chain_seen[d as usize] = search;
                            stack.push(d);
                        }
                    }
                }
            }
            parts += 1;
        }
        cut_point[r] = parts >= 2;
    }

    let false_eye = must_fill(layout, owner, &is_space);
    Connections {
        chain_group,
        groups,
        cut_point,
        false_eye,
        atari_eye,
    }
}

/// The false eyes of colour `owner`: per point, whether it must be filled.
///
/// Once the opponent has filled the dame, the liberties a chain keeps are its *inner
/// liberties*: the points of its colour's eye spaces next to it. Chains joined through a point
/// that must be filled count as one piece. A piece with a single inner liberty is in atari
/// there: its owner must fill that point (the teire) when filling it saves the piece, that is
/// when the stone there would join chains or empty points that leave it an inner liberty. If
/// not (a chain whose one eye is also its last liberty), it is captured or lives in seki, and
/// the point is not a false eye. Repeated until nothing changes: a point that must be filled
/// only once another is (a chain of false eyes) is found on a later round.
fn must_fill(layout: &Layout, owner: usize, is_space: &dyn Fn(usize) -> bool) -> Vec<bool> {
    let n = layout.cell.len();
    let nchains = layout.chains.len();
    let own = (owner + 1) as u8;
    let inner =
        |i: u32| layout.cell[i as usize] == 0 && is_space(layout.label[i as usize] as usize);
    let mut fill = vec![false; n];
    let mut parent: Vec<u32> = (0..nchains as u32).collect();
    fn find(parent: &mut [u32], mut a: u32) -> u32 {
        while parent[a as usize] != a {
            parent[a as usize] = parent[parent[a as usize] as usize];
            a = parent[a as usize];
        }
        a
    }
    // Per piece (its root chain): its inner liberties, up to two distinct ones.
    let mut libs: Vec<[u32; 2]> = vec![[u32::MAX; 2]; nchains];
    let mut count = vec![0u8; nchains];
    loop {
        // Pieces: chains joined through the points to fill found so far.
        for (c, p) in parent.iter_mut().enumerate() {
            *p = c as u32;
        }
        // The piece each point to fill joins (a point next to no stone of its colour joins
        // none: it cannot be one to fill).
        let mut fill_piece: Vec<(u32, u32)> = Vec::new();
        for i in (0..n as u32).filter(|&i| fill[i as usize]) {
            let mut first = None;
            for q in layout.neighbors(i) {
                if layout.cell[q as usize] == own {
                    let root = find(&mut parent, layout.label[q as usize]);
                    match first {
                        None => first = Some(root),
                        Some(f) => parent[root as usize] = f,
                    }
                }
            }
            if let Some(f) = first {
                fill_piece.push((i, f));
            }
        }
        count.iter_mut().for_each(|k| *k = 0);
        // Counts distinct liberties up to two: while fewer than two are counted, all of them
        // are kept, which is all that telling a new one from a known one needs.
        let add = |root: usize, q: u32, count: &mut [u8], libs: &mut [[u32; 2]]| {
            if fill[q as usize] || !inner(q) {
                return;
            }
            let known = &libs[root][..usize::from(count[root].min(2))];
            if count[root] >= 2 || known.contains(&q) {
                return;
            }
            libs[root][count[root] as usize] = q;
            count[root] += 1;
        };
        for (c, chain) in layout.chains.iter().enumerate() {
            if chain.color.index() != owner {
                continue;
            }
            let root = find(&mut parent, c as u32) as usize;
            for &s in layout.stones_of(c as u32) {
                for q in layout.neighbors(s) {
                    add(root, q, &mut count, &mut libs);
                }
            }
        }
        // A point to fill will hold a stone of the piece: its empty neighbours are liberties.
        for &(i, f) in &fill_piece {
            let root = find(&mut parent, f) as usize;
            for q in layout.neighbors(i) {
                add(root, q, &mut count, &mut libs);
            }
        }
        let mut changed = false;
        for root in 0..nchains {
            if count[root] != 1 || layout.chains[root].color.index() != owner {
                continue;
            }
            let p = libs[root][0];
            // What a stone at `p` would keep: its empty inner neighbours, and the other inner
            // liberties of the pieces it would join.
            let saves = layout.neighbors(p).any(|q| {
                if fill[q as usize] {
                    return false;
                }
                if layout.cell[q as usize] == 0 {
                    return inner(q);
                }
                if layout.cell[q as usize] != own {
                    return false;
                }
                let other = find(&mut parent, layout.label[q as usize]) as usize;
                count[other] >= 2 || (count[other] == 1 && libs[other][0] != p)
            });
            if saves {
                fill[p as usize] = true;
                changed = true;
            }
        }
        if !changed {
            return fill;
        }
    }
}
