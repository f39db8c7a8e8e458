//! The board: stones, chains, liberties, captures, suicide and the Zobrist hash.
//!
//! Chains are kept incrementally: every stone points at its chain's representative ("head"),
//! the stones of a chain form a circular linked list, and the head stores the chain's size and
//! its *pseudo-liberties* (one per stone/empty-neighbour pair) with their sum and sum of
//! squares. A chain has no liberties when its pseudo-liberty count is 0, and exactly one
//! liberty when all its pseudo-liberties name the same point, which holds exactly when
//! `count * sum_of_squares == sum * sum`.
//!
//! The board is split by concern: chains and their liberties ([`chains`]), previews and
//! plays ([`play`]), empty regions, eyes and territory ([`regions`]); this module holds the
//! board itself, its layout and its setup.

use std::fmt;
use std::sync::OnceLock;

use crate::pointset::PointSet;
use crate::zobrist::{self, PADDED_CELLS, SLOTS};
use crate::{Color, Point, Size};

mod chains;
mod play;
mod regions;
#[cfg(test)]
mod tests;

pub use chains::Chain;
use chains::{ChainData, BORDER_HEAD, EMPTY_HEAD};
pub use play::{Placed, PlayError, Preview};
pub use regions::{EmptyRegion, Enclosure, Territory};

/// What stands on a padded cell. The values matter: `Border` has both colour bits set
/// (see [`Board::is_eye_like`]), and the stones are 1 and 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    Border = 3,
}

impl Cell {
    #[inline]
    fn of(c: Color) -> Cell {
        match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The stone on the cell, if any: one load from a table indexed by the cell's value (a
    /// `match` compiles to compares and branches on the point-reading paths).
    #[inline]
    fn color(self) -> Option<Color> {
        const COLOR: [Option<Color>; 4] = [None, Some(Color::Black), Some(Color::White), None];
        COLOR[self as usize]
    }
}

/// Storage for one value per padded cell, for every board size.
///
/// It has [`SLOTS`] entries, a power of two, and masks every index with `SLOTS - 1`: the
/// compiler then knows the index is in range and drops the bounds check (valid indices are
/// below [`PADDED_CELLS`] anyway; debug builds assert it). Safe code, no unchecked access.
#[derive(PartialEq, Eq)]
struct Slots<T>(Box<[T; SLOTS]>);

impl<T: Copy> Clone for Slots<T> {
    fn clone(&self) -> Slots<T> {
        Slots(self.0.clone())
    }

    fn clone_from(&mut self, source: &Slots<T>) {
        self.0.copy_from_slice(&source.0[..]);
    }
}

impl<T: Copy + PartialEq> Slots<T> {
    /// Whether the first `n` entries are equal.
    #[inline]
    fn prefix_eq(&self, other: &Slots<T>, n: usize) -> bool {
        self.0[..n] == other.0[..n]
    }
}

impl<T: Copy> Slots<T> {
    /// Copies the first `n` entries of `source`: a board uses only the padded cells of its
    /// size (`n`), and the entries past them are never read.
    #[inline]
    fn copy_prefix(&mut self, source: &Slots<T>, n: usize) {
        self.0[..n].copy_from_slice(&source.0[..n]);
    }

    fn new(fill: T) -> Slots<T> {
        let boxed: Box<[T]> = vec![fill; SLOTS].into_boxed_slice();
        match boxed.try_into() {
            Ok(array) => Slots(array),
            Err(_) => unreachable!("the vector has SLOTS entries"),
        }
    }

    #[inline(always)]
    fn swap(&mut self, a: usize, b: usize) {
        let t = self[a];
        self[a] = self[b];
        self[b] = t;
    }
}

impl<T> std::ops::Index<usize> for Slots<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        debug_assert!(i < PADDED_CELLS, "padded index {i}");
        &self.0[i & (SLOTS - 1)]
    }
}

impl<T> std::ops::IndexMut<usize> for Slots<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        debug_assert!(i < PADDED_CELLS, "padded index {i}");
        &mut self.0[i & (SLOTS - 1)]
    }
}

/// Index tables for one board size, shared by all boards of that size, and the parts of an
/// empty board that [`Board::new`] copies.
struct Geometry {
    /// The [`PointSet`] bit of each padded index (0 for border cells, never used).
    bit: Slots<u16>,
    /// The point of each padded index (`(0, 0)` for border cells, never used).
    point: Slots<Point>,
    /// Cells of the empty board.
    cells: Slots<Cell>,
    /// Heads of the empty board: [`EMPTY_HEAD`] on the board, [`BORDER_HEAD`] around it.
    heads: Slots<u16>,
    /// With [`Geometry::col`], the padded index of any point, on the board or off it, without
    /// a test: `row[y] + col[x]`. For `y` on the board, `row[y]` is the padded index of
    /// `(0, y)`; for any other `y` (every `u8` has an entry), that of `(0, height)`, a cell
    /// of the bottom border row.
    row: [u16; 256],
    /// `x` for a column of the board, `width` for any other `x`: `row[y] + col[x]` is then
    /// the point's cell for a point on the board, and a border cell for a point off it (the
    /// right border column, or the bottom border row from its column 0 to `width`).
    col: [u16; 256],
}

impl Geometry {
    fn get(size: Size) -> &'static Geometry {
        const SIDES: usize = (crate::MAX_SIDE - crate::MIN_SIDE + 1) as usize;
        static CACHE: [OnceLock<Geometry>; SIDES * SIDES] =
            [const { OnceLock::new() }; SIDES * SIDES];
        let k = (size.width() - crate::MIN_SIDE) as usize * SIDES
            + (size.height() - crate::MIN_SIDE) as usize;
        CACHE[k].get_or_init(|| {
            let stride = size.width() as usize + 2;
            let padded = stride * (size.height() as usize + 2);
            debug_assert!(padded <= PADDED_CELLS);
            let mut bit = Slots::new(0);
            let mut point = Slots::new(Point::new(0, 0));
            let mut cells = Slots::new(Cell::Border);
            let mut heads = Slots::new(BORDER_HEAD);
            for p in size.points() {
                let i = (p.y as usize + 1) * stride + p.x as usize + 1;
                bit[i] = PointSet::bit_index(size, p) as u16;
                point[i] = p;
                cells[i] = Cell::Empty;
                heads[i] = EMPTY_HEAD;
            }
            let (w, h) = (size.width() as usize, size.height() as usize);
            let row = std::array::from_fn(|y| ((y.min(h) + 1) * stride + 1) as u16);
            let col = std::array::from_fn(|x| x.min(w) as u16);
            Geometry {
                bit,
                point,
                cells,
                heads,
                row,
                col,
            }
        })
    }
}

/// Setup stones that do not form a legal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A point is off the board.
    OffBoard(Point),
    /// Two setup stones were given for one point.
    Occupied(Point),
    /// The chain through this point has no liberty.
    NoLiberty(Point),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::OffBoard(p) => write!(f, "setup stone at {p:?} is off the board"),
            SetupError::Occupied(p) => write!(f, "two setup stones at {p:?}"),
            SetupError::NoLiberty(p) => {
                write!(f, "setup stones leave the chain at {p:?} without a liberty")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// A snapshot of which stone stands on each point: compare two to rule out a hash collision.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    size: Size,
    cells: Vec<u8>,
}

/// A Go board of any size from 1x1 to 25x25. It knows captures and suicide, nothing of ko,
/// passes or scoring rules.
pub struct Board {
    size: Size,
    stride: usize,
    geo: &'static Geometry,
    cells: Slots<Cell>,
    head: Slots<u16>,
    next: Slots<u16>,
    /// Chain data at each chain's head, one entry per padded cell. In [`Slots`] like the other
    /// per-cell tables, so that the play path indexes it without bounds checks; only the first
    /// `padded` entries are in use, and copies and resets touch only those.
    chains: Slots<ChainData>,
    /// Number of padded cells of this board's size.
    padded: usize,
    hash: u64,
    on_board: [u32; 2],
    removed: [u32; 2],
    /// The stones of each colour; the empty points are the rest (no list of them is kept:
    /// keeping one cost every play, capture and copy more than its few readers gain).
    stone_bits: [PointSet; 2],
    last_removed: Vec<Point>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            stride: self.stride,
            geo: self.geo,
            cells: self.cells.clone(),
            head: self.head.clone(),
            next: self.next.clone(),
            chains: {
                let mut chains = Slots::new(ChainData::default());
                chains.copy_prefix(&self.chains, self.padded);
                chains
            },
            padded: self.padded,
            hash: self.hash,
            on_board: self.on_board,
            removed: self.removed,
            stone_bits: self.stone_bits,
            last_removed: self.last_removed.clone(),
        }
    }

    /// Copies `source` into this board, reusing its buffers (no allocation once they are
    /// large enough) and copying only the padded cells of its size: cheaper than `clone` for
    /// resetting a board many times.
    fn clone_from(&mut self, source: &Board) {
        let padded = source.padded();
        self.size = source.size;
        self.stride = source.stride;
        self.geo = source.geo;
        self.cells.copy_prefix(&source.cells, padded);
        self.head.copy_prefix(&source.head, padded);
        self.next.copy_prefix(&source.next, padded);
        self.chains.copy_prefix(&source.chains, padded);
        self.padded = padded;
        self.hash = source.hash;
        self.on_board = source.on_board;
        self.removed = source.removed;
        self.stone_bits = source.stone_bits;
        self.last_removed.clone_from(&source.last_removed);
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells.prefix_eq(&other.cells, self.padded())
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board {}\n{}",
            self.size,
            crate::diagram::to_diagram(self)
        )
    }
}

impl Board {
    /// An empty board.
    pub fn new(size: Size) -> Board {
        let stride = size.width() as usize + 2;
        let padded = stride * (size.height() as usize + 2);
        let geo = Geometry::get(size);
        Board {
            size,
            stride,
            geo,
            cells: geo.cells.clone(),
            head: geo.heads.clone(),
            next: Slots::new(0),
            chains: {
                let mut chains = Slots::new(ChainData::default());
                chains[EMPTY_HEAD as usize] = ChainData::pseudo(Cell::Empty);
                chains[BORDER_HEAD as usize] = ChainData::pseudo(Cell::Border);
                chains
            },
            padded,
            hash: 0,
            on_board: [0; 2],
            removed: [0; 2],
            stone_bits: [PointSet::empty(size); 2],
            last_removed: Vec::new(),
        }
    }

    /// Makes this board an empty board of `size`, as [`Board::new`] makes one, but reusing its
    /// buffers (no allocation once they are large enough): for starting many games.
    pub fn reset(&mut self, size: Size) {
        let geo = Geometry::get(size);
        self.size = size;
        self.stride = size.width() as usize + 2;
        self.geo = geo;
        let padded = self.stride * (size.height() as usize + 2);
        self.cells.copy_prefix(&geo.cells, padded);
        self.head.copy_prefix(&geo.heads, padded);
        self.next.0[..padded].fill(0);
        self.chains.0[..padded].fill(ChainData::default());
        self.chains[EMPTY_HEAD as usize] = ChainData::pseudo(Cell::Empty);
        self.chains[BORDER_HEAD as usize] = ChainData::pseudo(Cell::Border);
        self.padded = padded;
        self.hash = 0;
        self.on_board = [0; 2];
        self.removed = [0; 2];
        self.stone_bits = [PointSet::empty(size); 2];
        self.last_removed.clear();
    }

    /// A board holding the given stones (e.g. handicap or SGF `AB`/`AW` setup). The stones are
    /// placed together, without captures; a chain left without a liberty is an error.
    pub fn with_stones(
        size: Size,
        stones: impl IntoIterator<Item = (Color, Point)>,
    ) -> Result<Board, SetupError> {
        let mut b = Board::new(size);
        b.add_stones(stones)?;
        Ok(b)
    }

    /// Adds setup stones to this board, placed together without captures; on error the board
    /// is left unchanged.
    pub fn add_stones(
        &mut self,
        stones: impl IntoIterator<Item = (Color, Point)>,
    ) -> Result<(), SetupError> {
        let stones: Vec<(Color, Point)> = stones.into_iter().collect();
        if self.empty_count() == self.size.area() && self.each_stone_has_a_liberty(&stones) {
            // On an empty board, stones that each touch an empty point leave every chain a
            // liberty: place them directly (the usual handicap setup), no copy of the board.
            for &(c, p) in &stones {
                let i = self.idx(p);
                self.put_stone(c, i);
            }
            return Ok(());
        }
        self.add_stones_checked(&stones)
    }

    /// [`Board::add_stones`] for any board and stones: placed on a copy, each checked, and the
    /// copy kept if no chain is left without a liberty.
    fn add_stones_checked(&mut self, stones: &[(Color, Point)]) -> Result<(), SetupError> {
        let mut b = self.clone();
        let mut placed = Vec::new();
        for &(c, p) in stones {
            if !self.size.contains(p) {
                return Err(SetupError::OffBoard(p));
            }
            let i = b.idx(p);
            if b.cells[i] != Cell::Empty {
                return Err(SetupError::Occupied(p));
            }
            b.put_stone(c, i);
            placed.push(p);
        }
        // A new stone can also take the last liberty of a chain that was already there.
        let touched = placed
            .iter()
            .flat_map(|&p| self.size.neighbors(p).chain([p]));
        for p in touched.collect::<Vec<_>>() {
            let i = b.idx(p);
            if b.cells[i].color().is_some() && b.chains[b.head[i] as usize].libs == 0 {
                return Err(SetupError::NoLiberty(p));
            }
        }
        *self = b;
        Ok(())
    }

    /// Whether `stones` are on distinct empty points of the board and each has an on-board
    /// neighbour that is empty once they are all placed. On an empty board, such stones can
    /// be placed together: every chain they make touches an empty point. (`false` says
    /// nothing: [`Board::add_stones`] then checks them one by one.)
    fn each_stone_has_a_liberty(&self, stones: &[(Color, Point)]) -> bool {
        let mut taken = self.stone_bits[0].union(&self.stone_bits[1]);
        for &(_, p) in stones {
            if !self.size.contains(p) || taken.contains(p) {
                return false;
            }
            taken.insert(p);
        }
        stones
            .iter()
            .all(|&(_, p)| self.size.neighbors(p).any(|q| !taken.contains(q)))
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// Number of padded cells of this board's size: the entries of the per-cell tables in use.
    #[inline]
    fn padded(&self) -> usize {
        self.padded
    }

    #[inline]
    fn idx(&self, p: Point) -> usize {
        (p.y as usize + 1) * self.stride + p.x as usize + 1
    }

    #[inline]
    fn point(&self, i: usize) -> Point {
        self.geo.point[i]
    }

    #[inline]
    fn neighbors(&self, i: usize) -> [usize; 4] {
        [i - 1, i + 1, i - self.stride, i + self.stride]
    }

    /// The stone on `p`, if any (`None` also for a point off the board). To list the empty
    /// points, [`Board::empty_points`] reads the bitboards instead of asking every point.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        // No test: a point off the board reads a border cell (see `Geometry::row`), which
        // holds no stone.
        self.cells[self.cell_index(p)].color()
    }

    /// The padded index of `p` if it is on the board, else that of a border cell; from two
    /// table reads, without a test or a multiplication.
    #[inline]
    fn cell_index(&self, p: Point) -> usize {
        self.geo.row[p.y as usize] as usize + self.geo.col[p.x as usize] as usize
    }

    /// The Zobrist hash of the stone configuration (0 for the empty board).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch from the stones on the board; equal to [`Board::hash`]
    /// unless the incremental bookkeeping is broken.
    pub fn compute_hash(&self) -> u64 {
        self.size
            .points()
            .filter_map(|p| self.get(p).map(|c| zobrist::stone_key(c, self.idx(p))))
            .fold(0, |h, k| h ^ k)
    }

    /// A snapshot of the stones, for checking that two equal hashes are really one position.
    pub fn position(&self) -> Position {
        Position {
            size: self.size,
            cells: self
                .size
                .points()
                .map(|p| self.cells[self.idx(p)] as u8)
                .collect(),
        }
    }

    /// Stones of colour `c` on the board.
    #[inline]
    pub fn stones_on_board(&self, c: Color) -> u32 {
        self.on_board[c.index()]
    }

    /// Stones of colour `c` removed from the board so far (captured or suicided).
    #[inline]
    pub fn stones_removed(&self, c: Color) -> u32 {
        self.removed[c.index()]
    }

    /// The stones of colour `c` as a set.
    #[inline]
    pub fn stones(&self, c: Color) -> &PointSet {
        &self.stone_bits[c.index()]
    }

    /// The stones removed by the last play or removal, sorted as removed.
    pub fn last_removed(&self) -> &[Point] {
        &self.last_removed
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.size.area() - (self.on_board[0] + self.on_board[1]) as usize
    }

    /// The empty points as a set: the board's points without a stone.
    #[inline]
    fn empty_set(&self) -> PointSet {
        self.stone_bits[0].union(&self.stone_bits[1]).complement()
    }

    /// The `k`-th empty point, row by row from the top left (the order of
    /// [`Board::empty_points`]); for drawing a random empty point. `k` must be below
    /// [`Board::empty_count`]. Counts through the bitboard's words, a few steps on any board;
    /// a caller drawing many points from one position can list them once instead.
    pub fn empty_point(&self, k: usize) -> Point {
        self.empty_set()
            .nth(k)
            .expect("k is below the number of empty points")
    }

    /// All empty points, row by row from the top left (the order of [`Size::points`]), read
    /// from the bitboards a word at a time: a few instructions a point listed, nothing for the
    /// points that hold a stone.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> {
        self.empty_set().into_points()
    }
}
