//! Groups alive in seki, found whether or not the dame are filled.
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

/// One seki: the groups in it (`(colour index, group)`) and its shared liberties (dense
/// indices).
pub(super) struct FoundSeki {
    pub groups: Vec<(usize, u32)>,
    pub shared: Vec<u32>,
}

/// The sekis of a position.
pub(super) struct Sekis {
    pub sekis: Vec<FoundSeki>,
}

/// The sekis among the groups of `layout`, given the group of each chain (`chain_group`,
/// numbered apart for each colour) and which groups are short of eyes
/// (`short[colour][group]`).
pub(super) fn sekis(layout: &Layout, chain_group: &[u32], short: [&[bool]; 2]) -> Sekis {
    let offset = short[0].len() as u32;
    let nodes = offset as usize + short[1].len();
    // A node per group: black's first, then white's.
    let node_of = |chain: u32| -> (u32, usize, bool) {
        let color = layout.chains[chain as usize].color.index();
        let g = chain_group[chain as usize];
        (
            g + if color == 1 { offset } else { 0 },
            color,
            short[color][g as usize],
        )
    };
    let mut parent: Vec<u32> = (0..nodes as u32).collect();
    fn find(parent: &mut [u32], mut a: u32) -> u32 {
        while parent[a as usize] != a {
            parent[a as usize] = parent[parent[a as usize] as usize];
            a = parent[a as usize];
        }
        a
    }
    let mut shared: Vec<(u32, u32)> = Vec::new(); // (point, a node it links)
    let mut around: Vec<(u32, usize, bool)> = Vec::new();
    let link = |parent: &mut Vec<u32>, around: &[(u32, usize, bool)]| -> Option<u32> {
        let mut linked = None;
        for b in around.iter().filter(|a| a.1 == 0) {
            for w in around.iter().filter(|a| a.1 == 1) {
                let (x, y) = (find(parent, b.0), find(parent, w.0));
                parent[y as usize] = x;
                linked = Some(b.0);
            }
        }
        linked
    };
    for r in 0..layout.regions.len() as u32 {
        let region = &layout.regions[r as usize];
        if region.owner.is_some() || !(region.touches[0] && region.touches[1]) {
            continue;
        }
        // The whole region, when it touches groups short of eyes only, of both colours.
        around.clear();
        around.extend(layout.chains_of(r).iter().map(|&c| node_of(c)));
        if around.iter().all(|a| a.2) {
            if let Some(node) = link(&mut parent, &around) {
                shared.extend(layout.points_of(r).iter().map(|&p| (p, node)));
            }
            continue;
        }
        // Else each point next to a group short of eyes of each colour and no other group.
        for &p in layout.points_of(r) {
            around.clear();
            for q in layout.neighbors(p) {
                if matches!(layout.cell[q as usize], 1 | 2) {
                    around.push(node_of(layout.label[q as usize]));
                }
            }
            if around.iter().all(|a| a.2) {
                if let Some(node) = link(&mut parent, &around) {
                    shared.push((p, node));
                }
            }
        }
    }
    // Groups short of eyes in contact: neither could be captured without the other being
    // captured first (a double-ko seki shares no empty point).
    for (chain, info) in layout.chains.iter().enumerate() {
        if info.color.index() != 0 {
            continue;
        }
        let black = node_of(chain as u32);
        if !black.2 {
            continue;
        }
        for &i in layout.stones_of(chain as u32) {
            for q in layout.neighbors(i) {
                if layout.cell[q as usize] == 2 {
                    let white = node_of(layout.label[q as usize]);
                    if white.2 {
                        link(&mut parent, &[black, white]);
                    }
                }
            }
        }
    }
    // The sets of linked groups holding both colours.
    let mut colours = vec![[false; 2]; nodes];
    for node in 0..nodes as u32 {
        let root = find(&mut parent, node) as usize;
        colours[root][usize::from(node >= offset)] = true;
    }
    let mut seki_of_root = vec![u32::MAX; nodes];
    let mut out: Vec<FoundSeki> = Vec::new();
    for node in 0..nodes as u32 {
        let root = find(&mut parent, node) as usize;
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
        let member = if node >= offset {
            (1, node - offset)
        } else {
            (0, node)
        };
        out[seki_of_root[root] as usize].groups.push(member);
    }
    for (p, node) in shared {
        let root = find(&mut parent, node) as usize;
        if seki_of_root[root] != u32::MAX {
            out[seki_of_root[root] as usize].shared.push(p);
        }
    }
    Sekis { sekis: out }
}
