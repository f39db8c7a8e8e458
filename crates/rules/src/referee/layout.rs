//! The parts of a position the settlement reasons about: chains, empty regions and which touch
//! which, labelled once on dense arrays (a point's index is [`Size::dense_index`]).

use std::ops::Range;

use gorules_board::{Color, Point, PointSet, Size};

/// A chain of stones.
#[derive(Clone, Debug)]
pub(super) struct ChainInfo {
    pub color: Color,
    /// Distinct liberties.
    pub liberties: u32,
    /// Its stones, in [`Layout::chain_points`].
    pub points: Range<u32>,
}

/// A maximal connected set of empty points.
#[derive(Clone, Debug)]
pub(super) struct RegionInfo {
    /// Whether it touches black, white stones.
    pub touches: [bool; 2],
    /// Its points, in [`Layout::region_points`].
    pub points: Range<u32>,
    /// The chains next to it, each once, in [`Layout::region_chains`].
    pub chains: Range<u32>,
}

impl RegionInfo {
    /// The colour of the only stones it touches, if it touches one colour only: an eye space
    /// (or territory) of that colour.
    pub fn owner(&self) -> Option<Color> {
        match self.touches {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        }
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.points.len()
    }
}

/// Chains and empty regions of a board.
pub(super) struct Layout {
    pub size: Size,
    width: usize,
    height: usize,
    /// Per point: 0 empty, 1 black, 2 white.
    pub cell: Vec<u8>,
    /// Per point: its chain (a stone) or its region (an empty point).
    pub label: Vec<u32>,
    pub chains: Vec<ChainInfo>,
    pub regions: Vec<RegionInfo>,
    pub chain_points: Vec<u32>,
    pub region_points: Vec<u32>,
    pub region_chains: Vec<u32>,
}

const UNSEEN: u32 = u32::MAX;

impl Layout {
    /// Labels the position with these stones, `[black, white]`.
    pub fn of_stones(stones: [&PointSet; 2]) -> Layout {
        let size = stones[0].size();
        let (width, height) = (size.width() as usize, size.height() as usize);
        let n = width * height;
        let mut cell = vec![0u8; n];
        for c in Color::ALL {
            for p in stones[c.index()].iter() {
                cell[size.dense_index(p)] = 1 + c.index() as u8;
            }
        }
        let mut layout = Layout {
            size,
            width,
            height,
            cell,
            label: vec![UNSEEN; n],
            chains: Vec::new(),
            regions: Vec::new(),
            chain_points: Vec::with_capacity(n),
            region_points: Vec::with_capacity(n),
            region_chains: Vec::new(),
        };
        layout.label_chains();
        layout.label_regions();
        layout
    }

    /// The on-board neighbours of point `i`.
    #[inline]
    pub fn neighbors(&self, i: u32) -> Neighbors {
        let i = i as usize;
        let (x, y) = (i % self.width, i / self.width);
        let mut out = Neighbors {
            items: [0; 4],
            len: 0,
        };
        let mut push = |j: usize| {
            out.items[out.len as usize] = j as u32;
            out.len += 1;
        };
        if x > 0 {
            push(i - 1);
        }
        if x + 1 < self.width {
            push(i + 1);
        }
        if y > 0 {
            push(i - self.width);
        }
        if y + 1 < self.height {
            push(i + self.width);
        }
        out
    }

    /// The point of index `i`.
    #[inline]
    pub fn point(&self, i: u32) -> Point {
        self.size.point_at(i as usize)
    }

    /// The stones of a chain.
    pub fn stones_of(&self, chain: u32) -> &[u32] {
        let r = &self.chains[chain as usize].points;
        &self.chain_points[r.start as usize..r.end as usize]
    }

    /// The points of a region.
    pub fn points_of(&self, region: u32) -> &[u32] {
        let r = &self.regions[region as usize].points;
        &self.region_points[r.start as usize..r.end as usize]
    }

    /// The chains next to a region.
    pub fn chains_of(&self, region: u32) -> &[u32] {
        let r = &self.regions[region as usize].chains;
        &self.region_chains[r.start as usize..r.end as usize]
    }

    /// The points of `indices` as a set.
    pub fn set_of(&self, indices: &[u32]) -> PointSet {
        let mut set = PointSet::empty(self.size);
        for &i in indices {
            set.insert(self.point(i));
        }
        set
    }

    fn label_chains(&mut self) {
        let n = self.cell.len();
        // The chain that last counted each empty point as its liberty.
        let mut counted = vec![UNSEEN; n];
        let mut stack: Vec<u32> = Vec::new();
        for start in 0..n {
            let cell = self.cell[start];
            if cell == 0 || self.label[start] != UNSEEN {
                continue;
            }
            let id = self.chains.len() as u32;
            let first = self.chain_points.len() as u32;
            let mut liberties = 0;
            self.label[start] = id;
            stack.push(start as u32);
            while let Some(i) = stack.pop() {
                self.chain_points.push(i);
                for j in self.neighbors(i) {
                    let ju = j as usize;
                    match self.cell[ju] {
                        0 if counted[ju] != id => {
                            counted[ju] = id;
                            liberties += 1;
                        }
                        c if c == cell && self.label[ju] == UNSEEN => {
                            self.label[ju] = id;
                            stack.push(j);
                        }
                        _ => {}
                    }
                }
            }
            self.chains.push(ChainInfo {
                color: if cell == 1 {
                    Color::Black
                } else {
                    Color::White
                },
                liberties,
                points: first..self.chain_points.len() as u32,
            });
        }
    }

    fn label_regions(&mut self) {
        let n = self.cell.len();
        // The region that last listed each chain as its neighbour.
        let mut listed = vec![UNSEEN; self.chains.len()];
        let mut stack: Vec<u32> = Vec::new();
        for start in 0..n {
            if self.cell[start] != 0 || self.label[start] != UNSEEN {
                continue;
            }
            let id = self.regions.len() as u32;
            let first = self.region_points.len() as u32;
            let first_chain = self.region_chains.len() as u32;
            let mut touches = [false; 2];
            self.label[start] = id;
            stack.push(start as u32);
            while let Some(i) = stack.pop() {
                self.region_points.push(i);
                for j in self.neighbors(i) {
                    let ju = j as usize;
                    match self.cell[ju] {
                        0 if self.label[ju] == UNSEEN => {
                            self.label[ju] = id;
                            stack.push(j);
                        }
                        0 => {}
                        c => {
                            touches[c as usize - 1] = true;
                            let chain = self.label[ju];
                            if listed[chain as usize] != id {
                                listed[chain as usize] = id;
                                self.region_chains.push(chain);
                            }
                        }
                    }
                }
            }
            self.regions.push(RegionInfo {
                touches,
                points: first..self.region_points.len() as u32,
                chains: first_chain..self.region_chains.len() as u32,
            });
        }
    }
}

/// Up to four neighbour indices.
pub(super) struct Neighbors {
    items: [u32; 4],
    len: u8,
}

impl Iterator for Neighbors {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len as usize])
    }
}
