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

/// The groups and false eyes of a position's chains and eye spaces, both colours at once
/// (chains meet only the eye spaces of their own colour).
pub(super) struct Connections {
    /// Per chain: its group, numbered apart for each colour.
    pub chain_group: Vec<u32>,
    /// Number of groups of each colour.
    pub groups: [u32; 2],
    /// Per region: whether it is a one-point eye space that is a cut point.
    pub cut_point: Vec<bool>,
    /// Per cell: whether it is a false eye (a point its colour must fill).
    pub false_eye: Vec<bool>,
    /// Per region: whether it is one point whose neighbouring chain has it as its only
    /// liberty (the opponent could capture by playing there).
    pub atari_eye: Vec<bool>,
}

fn find(parent: &mut [u32], mut a: u32) -> u32 {
    while parent[a as usize] != a {
        parent[a as usize] = parent[parent[a as usize] as usize];
        a = parent[a as usize];
    }
    a
}

/// The groups and false eyes of both colours in `layout`.
pub(super) fn connections(layout: &Layout) -> Connections {
    let nchains = layout.chains.len();
    let nregions = layout.regions.len();
    let is_space = |r: usize| layout.regions[r].owner.is_some();
    // The eye spaces of each chain, by counting sort.
    let mut start = vec![0u32; nchains + 1];
    for r in (0..nregions).filter(|&r| is_space(r)) {
        for &c in layout.chains_of(r as u32) {
            start[c as usize + 1] += 1;
        }
    }
    for c in 0..nchains {
        start[c + 1] += start[c];
    }
    let mut next = start.clone();
    let mut chain_spaces = vec![0u32; start[nchains] as usize];
    for r in (0..nregions).filter(|&r| is_space(r)) {
        for &c in layout.chains_of(r as u32) {
            chain_spaces[next[c as usize] as usize] = r as u32;
            next[c as usize] += 1;
        }
    }
    let spaces_of = |c: usize| &chain_spaces[start[c] as usize..start[c + 1] as usize];

    // Groups: chains joined through the eye spaces they touch (union-find over chains).
    let mut parent: Vec<u32> = (0..nchains as u32).collect();
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
    let mut groups = [0u32; 2];
    for (c, group) in chain_group.iter_mut().enumerate() {
        let root = find(&mut parent, c as u32) as usize;
        if group_of_root[root] == u32::MAX {
            let colour = layout.chains[c].color.index();
            group_of_root[root] = groups[colour];
            groups[colour] += 1;
        }
        *group = group_of_root[root];
    }

    let mut atari_eye = vec![false; nregions];
    for r in (0..nregions).filter(|&r| is_space(r) && layout.regions[r].len() == 1) {
        atari_eye[r] = layout
            .chains_of(r as u32)
            .iter()
            .any(|&c| layout.chains[c as usize].liberties == 1);
    }
    // Cut points: the eye spaces whose removal splits the chains around them, the
    // articulation points of the graph of chains and eye spaces (Tarjan's depth-first search,
    // without recursion). Node `c` is chain `c`, node `nchains + r` eye space `r`.
    let total = nchains + nregions;
    let mut disc = vec![0u32; total];
    let mut low = vec![0u32; total];
    let mut articulation = vec![false; total];
    let mut timer = 0u32;
    // (node, its parent, the next of its neighbours to visit)
    let mut stack: Vec<(usize, usize, usize)> = Vec::with_capacity(64);
    let neighbour = |v: usize, i: usize| -> Option<usize> {
        if v < nchains {
            spaces_of(v).get(i).map(|&r| nchains + r as usize)
        } else {
            layout
                .chains_of((v - nchains) as u32)
                .get(i)
                .map(|&c| c as usize)
        }
    };
    for root in 0..nchains {
        if disc[root] != 0 {
            continue;
        }
        timer += 1;
        disc[root] = timer;
        low[root] = timer;
        stack.push((root, usize::MAX, 0));
        while let Some(top) = stack.last_mut() {
            let (v, parent, i) = *top;
            top.2 += 1;
            match neighbour(v, i) {
                Some(w) if w == parent => {}
                Some(w) if disc[w] == 0 => {
                    timer += 1;
                    disc[w] = timer;
                    low[w] = timer;
                    stack.push((w, v, 0));
                }
                Some(w) => low[v] = low[v].min(disc[w]),
                None => {
                    stack.pop();
                    if let Some(&(u, _, _)) = stack.last() {
                        low[u] = low[u].min(low[v]);
                        if low[v] >= disc[u] && u != root {
                            articulation[u] = true;
                        }
                    }
                }
            }
        }
    }
    let cut_point: Vec<bool> = (0..nregions)
        .map(|r| {
            is_space(r)
                && layout.regions[r].len() == 1
                && layout.chains_of(r as u32).len() >= 2
                && articulation[nchains + r]
        })
        .collect();

    let false_eye = must_fill(layout, &is_space);
    Connections {
        chain_group,
        groups,
        cut_point,
        false_eye,
        atari_eye,
    }
}

/// The false eyes of both colours: per cell, whether it must be filled.
///
/// Once the opponent has filled the dame, the liberties a chain keeps are its *inner
/// liberties*: the points of its colour's eye spaces next to it. Chains joined through a point
/// that must be filled count as one piece. A piece with a single inner liberty is in atari
/// there: its owner must fill that point (the teire) when filling it saves the piece, that is
/// when the stone there would join chains or empty points that leave it an inner liberty. If
/// not (a chain whose one eye is also its last liberty), it is captured or lives in seki, and
/// the point is not a false eye. Repeated until nothing changes: a point that must be filled
/// only once another is (a chain of false eyes) is found on a later round.
fn must_fill(layout: &Layout, is_space: &dyn Fn(usize) -> bool) -> Vec<bool> {
    let n = layout.cell.len();
    let nchains = layout.chains.len();
    let inner = |i: u32| layout.eye[i as usize];
    // The inner liberties of each chain, each once: read from the eye spaces' points, fewer
    // than the stones. Counting sort: first the number per chain.
    let mut lib_start = vec![0u32; nchains + 1];
    let each_inner = |f: &mut dyn FnMut(usize, u32)| {
        for r in (0..layout.regions.len()).filter(|&r| is_space(r)) {
            for &q in layout.points_of(r as u32) {
                let mut last = [u32::MAX; 4];
                for (k, s) in layout.neighbors(q).into_iter().enumerate() {
                    if matches!(layout.cell[s as usize], 1 | 2) {
                        let c = layout.label[s as usize];
                        if !last[..k].contains(&c) {
                            f(c as usize, q);
                        }
                        last[k] = c;
                    }
                }
            }
        }
    };
    each_inner(&mut |c, _| lib_start[c + 1] += 1);
    for c in 0..nchains {
        lib_start[c + 1] += lib_start[c];
    }
    let mut next = lib_start.clone();
    let mut lib_points = vec![0u32; lib_start[nchains] as usize];
    each_inner(&mut |c, q| {
        lib_points[next[c] as usize] = q;
        next[c] += 1;
    });
    let mut fill = vec![false; n];
    let mut filled: Vec<u32> = Vec::new();
    // Pieces: chains joined through the points to fill, a union-find that only grows.
    let mut parent: Vec<u32> = (0..nchains as u32).collect();
    // Per piece (its root chain): its inner liberties, up to two distinct ones.
    let mut libs: Vec<[u32; 2]> = vec![[u32::MAX; 2]; nchains];
    let mut count = vec![0u8; nchains];
    let mut joined = 0;
    let stone = |q: u32| matches!(layout.cell[q as usize], 1 | 2);
    loop {
        for &i in &filled[joined..] {
            let mut first = None;
            for q in layout.neighbors(i) {
                if stone(q) {
                    let root = find(&mut parent, layout.label[q as usize]);
                    match first {
                        None => first = Some(root),
                        Some(f) if f != root => parent[root as usize] = f,
                        Some(_) => {}
                    }
                }
            }
        }
        joined = filled.len();
        count.iter_mut().for_each(|k| *k = 0);
        // Counts distinct liberties up to two: while fewer than two are counted, all of them
        // are kept, which is all that telling a new one from a known one needs.
        let add = |root: usize, q: u32, count: &mut [u8], libs: &mut [[u32; 2]]| {
            if fill[q as usize] || count[root] >= 2 {
                return;
            }
            if count[root] == 1 && libs[root][0] == q {
                return;
            }
            libs[root][count[root] as usize] = q;
            count[root] += 1;
        };
        for c in 0..nchains {
            let root = find(&mut parent, c as u32) as usize;
            for &q in &lib_points[lib_start[c] as usize..lib_start[c + 1] as usize] {
                add(root, q, &mut count, &mut libs);
            }
        }
        // A point to fill will hold a stone of the piece: its empty neighbours are liberties.
        for &i in &filled {
            let Some(q0) = layout.neighbors(i).into_iter().find(|&q| stone(q)) else {
                continue;
            };
            let root = find(&mut parent, layout.label[q0 as usize]) as usize;
            for q in layout.neighbors(i) {
                if inner(q) {
                    add(root, q, &mut count, &mut libs);
                }
            }
        }
        let mut changed = false;
        for root in 0..nchains {
            if count[root] != 1 || parent[root] != root as u32 {
                continue;
            }
            let p = libs[root][0];
            if fill[p as usize] {
                continue;
            }
            // What a stone at `p` would keep: its empty inner neighbours, and the other inner
            // liberties of the pieces it would join.
            let saves = layout.neighbors(p).into_iter().any(|q| {
                if fill[q as usize] {
                    return false;
                }
                if layout.cell[q as usize] == 0 {
                    return inner(q);
                }
                if !stone(q) {
                    return false;
                }
                let other = find(&mut parent, layout.label[q as usize]) as usize;
                count[other] >= 2 || (count[other] == 1 && libs[other][0] != p)
            });
            if saves {
                fill[p as usize] = true;
                filled.push(p);
                changed = true;
            }
        }
        if !changed {
            return fill;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gorules_board::{Board, Color, Size};

    /// Cut points by definition: a one-point eye space whose chains, searched from each of them
    /// through chains and the other eye spaces, fall into two parts or more.
    fn cut_points_by_search(layout: &Layout, owner: usize) -> Vec<bool> {
        let is_space = |r: usize| layout.regions[r].owner.map(|c| c.index()) == Some(owner);
        (0..layout.regions.len())
            .map(|r| {
                if !is_space(r) || layout.regions[r].len() != 1 {
                    return false;
                }
                let around = layout.chains_of(r as u32);
                let mut part = vec![usize::MAX; layout.chains.len()];
                let mut parts = 0;
                for &c0 in around {
                    if part[c0 as usize] != usize::MAX {
                        continue;
                    }
                    let mut stack = vec![c0];
                    part[c0 as usize] = parts;
                    while let Some(c) = stack.pop() {
                        for s in (0..layout.regions.len()).filter(|&s| s != r && is_space(s)) {
                            let chains = layout.chains_of(s as u32);
                            if chains.contains(&c) {
                                for &d in chains {
                                    if part[d as usize] == usize::MAX {
                                        part[d as usize] = parts;
                                        stack.push(d);
                                    }
                                }
                            }
                        }
                    }
                    parts += 1;
                }
                parts >= 2
            })
            .collect()
    }

    #[test]
    fn cut_points_are_the_articulation_points() {
        // splitmix64
        let mut state = 3u64;
        let mut next = move |n: usize| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            ((z ^ (z >> 31)) % n as u64) as usize
        };
        let mut found = 0;
        for k in 0..400 {
            let size = Size::square([5, 7, 9, 13][k % 4]).unwrap();
            let mut board = Board::new(size);
            for _ in 0..size.area() * 2 {
                if board.empty_count() == 0 {
                    break;
                }
                let p = board.empty_point(next(board.empty_count()));
                let c = if next(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                if !board.is_eye_like(c, p) && board.preview(c, p).is_ok_and(|pv| pv.suicide == 0) {
                    board.play(c, p).unwrap();
                }
            }
            let layout =
                Layout::of_stones([board.stones(Color::Black), board.stones(Color::White)]);
            let got = connections(&layout).cut_point;
            let by_search: Vec<bool> = cut_points_by_search(&layout, 0)
                .iter()
                .zip(cut_points_by_search(&layout, 1))
                .map(|(a, b)| *a || b)
                .collect();
            assert_eq!(got, by_search, "{board:?}");
            found += got.iter().filter(|&&b| b).count();
        }
        assert!(found >= 100, "{found} cut points");
    }
}
