//! The parts of a position the settlement reasons about: chains, empty regions and which touch
//! which, labelled once on a padded grid: the board with a border cell on every side, so that
//! a point's four neighbours are always `i - 1`, `i + 1`, `i - stride`, `i + stride` (a
//! point's index is `(y + 1) * stride + x + 1`, `stride` the board's width plus two).

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
    /// The colour of the only stones it touches, if it touches one colour only: an eye space
    /// (or territory) of that colour.
    pub owner: Option<Color>,
    /// Its points, in [`Layout::region_points`].
    pub points: Range<u32>,
    /// The chains next to it, each once, in [`Layout::region_chains`].
    pub chains: Range<u32>,
}

impl RegionInfo {
    /// Number of points.
    pub fn len(&self) -> usize {
        self.points.len()
    }
}

/// The cell value of the border around the board.
pub(super) const BORDER: u8 = 3;

/// Chains and empty regions of a board.
pub(super) struct Layout {
    pub size: Size,
    /// Cells per row of the padded grid.
    pub stride: usize,
    /// `ceil(2^20 / stride)`: a cell index times it, shifted right by 20, is its row (exact
    /// for every cell of a board up to 25x25, see [`Layout::point`]).
    row_magic: u32,
    /// Per cell: 0 empty, 1 black, 2 white, [`BORDER`].
    pub cell: Vec<u8>,
    /// Per cell: its chain (a stone) or its region (an empty point).
    pub label: Vec<u32>,
    /// Per cell: whether it is an empty point of an eye space (a region that touches one
    /// colour only).
    pub eye: Vec<bool>,
    pub chains: Vec<ChainInfo>,
    pub regions: Vec<RegionInfo>,
    pub chain_points: Vec<u32>,
    pub region_points: Vec<u32>,
    pub region_chains: Vec<u32>,
}

const UNSEEN: u32 = u32::MAX;

/// See [`Layout::point`].
const ROW_SHIFT: u32 = 20;

impl Layout {
    /// Labels the position with these stones, `[black, white]`.
    pub fn of_stones(stones: [&PointSet; 2]) -> Layout {
        let size = stones[0].size();
        let (width, height) = (size.width() as usize, size.height() as usize);
        let stride = width + 2;
        let n = stride * (height + 2);
        let mut cell = vec![BORDER; n];
        for y in 0..height {
            cell[(y + 1) * stride + 1..(y + 1) * stride + 1 + width].fill(0);
        }
        for c in Color::ALL {
            for p in stones[c.index()].iter() {
                cell[(p.y as usize + 1) * stride + p.x as usize + 1] = 1 + c.index() as u8;
            }
        }
        let mut layout = Layout {
            size,
            stride,
            row_magic: (1u32 << ROW_SHIFT).div_ceil(stride as u32),
            cell,
            label: vec![UNSEEN; n],
            eye: vec![false; n],
            chains: Vec::with_capacity(size.area() / 2),
            regions: Vec::with_capacity(size.area() / 4),
            chain_points: Vec::with_capacity(size.area()),
            region_points: Vec::with_capacity(size.area()),
            region_chains: Vec::with_capacity(size.area()),
        };
        layout.label();
        layout
    }

    /// The four neighbours of the point `i`, border cells included (their cell is
    /// [`BORDER`]).
    #[inline]
    pub fn neighbors(&self, i: u32) -> [u32; 4] {
        let s = self.stride as u32;
        [i - 1, i + 1, i - s, i + s]
    }

    /// The point of index `i`. The row is `i / stride`, computed as a multiply and a shift:
    /// with `m = ceil(2^20 / stride) = (2^20 + d) / stride`, `d < stride`, `i * m / 2^20` is
    /// `i / stride` plus `i * d / (stride * 2^20)`, which stays below `1 / stride` (the
    /// distance from `i / stride` to the next whole number or more) while `i * d < 2^20`: at
    /// most 729 cells of stride 27 give 19,683.
    #[inline]
    pub fn point(&self, i: u32) -> Point {
        let row = (i * self.row_magic) >> ROW_SHIFT;
        let column = i - row * self.stride as u32;
        Point::new((column - 1) as u8, (row - 1) as u8)
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

    /// Labels chains, then regions, by flood fill (an explicit stack over a preallocated
    /// array), and lists their points, the chains next to each region, each chain's
    /// liberties and the colours each region touches. The loops read and write local slices,
    /// not the fields, so that the compiler keeps them in registers.
    fn label(&mut self) {
        let n = self.cell.len();
        let (width, height, stride) = (
            self.size.width() as usize,
            self.size.height() as usize,
            self.stride,
        );
        let s = stride as u32;
        // One allocation for the flood's stack and the per-cell marks: `stack` then `counted`
        // (the chain that last counted each empty point as its liberty).
        let mut scratch = vec![UNSEEN; 2 * n];
        let (stack, counted) = scratch.split_at_mut(n);
        let cell = &self.cell[..];
        let label = &mut self.label[..];
        let total = self.size.area();
        self.chain_points.resize(total, 0);
        let chain_points = &mut self.chain_points[..];
        let chains = &mut self.chains;
        let mut stones = 0usize;
        for y in 1..=height {
            for start in y * stride + 1..y * stride + 1 + width {
                let colour = cell[start];
                if colour == 0 || label[start] != UNSEEN {
                    continue;
                }
                let id = chains.len() as u32;
                let first = stones;
                let mut liberties = 0;
                label[start] = id;
                stack[0] = start as u32;
                let mut top = 1;
                while top > 0 {
                    top -= 1;
                    let i = stack[top];
                    chain_points[stones] = i;
                    stones += 1;
                    for j in [i - 1, i + 1, i - s, i + s] {
                        let ju = j as usize;
                        let c = cell[ju];
                        if c == 0 {
                            if counted[ju] != id {
                                counted[ju] = id;
                                liberties += 1;
                            }
                        } else if c == colour && label[ju] == UNSEEN {
                            label[ju] = id;
                            stack[top] = j;
                            top += 1;
                        }
                    }
                }
                chains.push(ChainInfo {
                    color: if colour == 1 {
                        Color::Black
                    } else {
                        Color::White
                    },
                    liberties,
                    points: first as u32..stones as u32,
                });
            }
        }
        self.chain_points.truncate(stones);
        // The region that last listed each chain as its neighbour.
        let mut listed = vec![UNSEEN; self.chains.len()];
        self.region_points.resize(total - stones, 0);
        let region_points = &mut self.region_points[..];
        let region_chains = &mut self.region_chains;
        let regions = &mut self.regions;
        let eye = &mut self.eye[..];
        let mut empties = 0usize;
        for y in 1..=height {
            for start in y * stride + 1..y * stride + 1 + width {
                if cell[start] != 0 || label[start] != UNSEEN {
                    continue;
                }
                let id = regions.len() as u32;
                let first = empties;
                let first_chain = region_chains.len() as u32;
                let mut touches = [false; 2];
                label[start] = id;
                stack[0] = start as u32;
                let mut top = 1;
                while top > 0 {
                    top -= 1;
                    let i = stack[top];
                    region_points[empties] = i;
                    empties += 1;
                    for j in [i - 1, i + 1, i - s, i + s] {
                        let ju = j as usize;
                        match cell[ju] {
                            0 => {
                                if label[ju] == UNSEEN {
                                    label[ju] = id;
                                    stack[top] = j;
                                    top += 1;
                                }
                            }
                            BORDER => {}
                            c => {
                                touches[c as usize - 1] = true;
                                let chain = label[ju];
                                if listed[chain as usize] != id {
                                    listed[chain as usize] = id;
                                    region_chains.push(chain);
                                }
                            }
                        }
                    }
                }
                let owner = match touches {
                    [true, false] => Some(Color::Black),
                    [false, true] => Some(Color::White),
                    _ => None,
                };
                if owner.is_some() {
                    for &i in &region_points[first..empties] {
                        eye[i as usize] = true;
                    }
                }
                regions.push(RegionInfo {
                    touches,
                    owner,
                    points: first as u32..empties as u32,
                    chains: first_chain..region_chains.len() as u32,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_point_of_every_cell() {
        // Every board size, every on-board cell: the multiply-and-shift row is the division's.
        for width in gorules_board::MIN_SIDE..=gorules_board::MAX_SIDE {
            for height in gorules_board::MIN_SIDE..=gorules_board::MAX_SIDE {
                let size = Size::new(width.into(), height.into()).unwrap();
                let empty = PointSet::empty(size);
                let layout = Layout::of_stones([&empty, &empty]);
                for p in size.points() {
                    let i = (p.y as usize + 1) * layout.stride + p.x as usize + 1;
                    assert_eq!(layout.point(i as u32), p, "{width}x{height}");
                }
            }
        }
    }
}
