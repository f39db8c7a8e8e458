//! The board: stones, chains, liberties, captures, suicide and the Zobrist hash.
//!
//! Chains are kept incrementally: every stone points at its chain's representative ("head"),
//! the stones of a chain form a circular linked list, and the head stores the chain's size and
//! its *pseudo-liberties* (one per stone/empty-neighbour pair) with their sum and sum of
//! squares. A chain has no liberties when its pseudo-liberty count is 0, and exactly one
//! liberty when all its pseudo-liberties name the same point, which holds exactly when
//! `count * sum_of_squares == sum * sum`.

use std::fmt;
use std::sync::OnceLock;

use crate::pointset::PointSet;
use crate::zobrist::{self, PADDED_CELLS, SLOTS};
use crate::{Color, Point, Size};

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

    #[inline]
    fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// Per-chain data, kept at the chain's head.
///
/// Bounds that make these widths enough on a 25x25 board: a chain has at most 625 stones; its
/// pseudo-liberties (stone/empty-neighbour pairs) number at most `min(4 * stones, 4 * empty
/// points) <= 1250`; padded indices are below 729, so the sum of liberties stays below
/// 1250 * 729 and the sum of squares below 1250 * 729^2 < 2^32.
#[derive(Clone, Copy, Debug, Default)]
struct ChainData {
    size: u16,
    libs: u16,
    lib_sum: u32,
    lib_sum_sq: u32,
    /// XOR of the Zobrist keys of the chain's stones: what removing the chain does to the
    /// position hash.
    hash: u64,
    /// The stones' [`Cell`] as a number; for the two pseudo-chains [`EMPTY_HEAD`] and
    /// [`BORDER_HEAD`], `Cell::Empty` and `Cell::Border`.
    color: u8,
}

/// The head of every empty point: a pseudo-chain ([`ChainData::pseudo`]), never in atari.
/// Padded index 0 is a border corner, so no real chain has it as head.
const EMPTY_HEAD: u16 = 0;
/// The head of every border cell: a pseudo-chain like [`EMPTY_HEAD`] but of colour
/// `Cell::Border` (padded index 1 is a border cell too). With these two, a neighbour's head
/// alone tells what stands there, and the hot paths read one array instead of two.
const BORDER_HEAD: u16 = 1;

impl ChainData {
    /// The data of the pseudo-chain of empty or border cells (`color`): no stone and no
    /// pseudo-liberty, but a liberty sum of 1, so that [`ChainData::in_atari`] is false for it
    /// without a test of the count.
    const fn pseudo(color: Cell) -> ChainData {
        ChainData {
            size: 0,
            libs: 0,
            lib_sum: 1,
            lib_sum_sq: 0,
            hash: 0,
            color: color as u8,
        }
    }

    /// Exactly one distinct liberty: all pseudo-liberties name the same point (Cauchy-Schwarz
    /// is an equality). Asked of chains with a liberty (a chain without one exists only within
    /// a play, before its capture) and of the pseudo-chains, whose sums make the equality
    /// fail (`0 * 0 != 1 * 1`).
    #[inline]
    fn in_atari(&self) -> bool {
        self.atari_gap() == 0
    }

    /// What [`ChainData::in_atari`] compares, as a number that is 0 exactly when the chain is
    /// in atari: for asking it of several chains with one branch, through the minimum (`|` of
    /// the four answers is compiled into four branches, each mispredicted on its own).
    #[inline]
    fn atari_gap(&self) -> u64 {
        debug_assert!(
            self.libs > 0 || self.lib_sum == 1,
            "a chain without liberties"
        );
        // In 64 bits the products are exact (below 1250 * 2^32 and (1250 * 729)^2), so no
        // bound on the count is needed.
        (self.libs as u64 * self.lib_sum_sq as u64) ^ (self.lib_sum as u64 * self.lib_sum as u64)
    }
}

/// What [`Board::preview_at`] computes of the hash: nothing, ...
const NO_HASH: u8 = 0;
/// ... the hash after a legal play (not after a suicide), ...
const HASH_IF_LEGAL: u8 = 1;
/// ... or the hash in every case.
const FULL_HASH: u8 = 2;

/// All ones if `b`, else zero: selects a value without a branch.
#[inline(always)]
fn mask64(b: bool) -> u64 {
    (b as u64).wrapping_neg()
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
            Geometry {
                bit,
                point,
                cells,
                heads,
            }
        })
    }
}

/// Why a stone cannot be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The point is not on the board.
    OffBoard,
    /// The point already holds a stone.
    Occupied,
    /// The stone (with the own chains it joins) would have no liberty and captures nothing.
    /// `stones` counts the stones that would be removed, the new one included: 1 for a
    /// single-stone suicide, more for a multi-stone suicide.
    Suicide {
        /// Stones that the suicide would remove, the new stone included.
        stones: u32,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::OffBoard => f.write_str("the point is off the board"),
            PlayError::Occupied => f.write_str("the point is occupied"),
            PlayError::Suicide { stones: 1 } => f.write_str("single-stone suicide"),
            PlayError::Suicide { stones } => write!(f, "suicide of {stones} stones"),
        }
    }
}

impl std::error::Error for PlayError {}

/// What a board play did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Placed {
    /// Opponent stones captured (the list is [`Board::last_removed`]).
    pub captured: u32,
    /// Opponent chains captured.
    pub captured_chains: u32,
    /// Own stones removed by a suicide the caller allowed (the new stone included); 0 otherwise.
    pub suicided: u32,
    /// The point of a single stone just captured by a single stone that is now left with exactly
    /// one liberty: the point simple ko forbids the opponent to retake at once.
    pub ko_point: Option<Point>,
}

/// What the neighbours of a point say about a stone there: the answer of
/// [`Board::enclosure`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enclosure {
    /// Neither of the others; also an occupied or off-board point.
    Open,
    /// Every on-board neighbour is a stone of the colour asked about
    /// ([`Board::is_eye_like`]).
    EyeLike,
    /// Every on-board neighbour is an opponent stone and none of their chains is in atari: the
    /// stone would be a suicide of that stone alone ([`Board::is_single_stone_suicide`]).
    SingleStoneSuicide,
}

/// What a board play would do, found without changing the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preview {
    /// Opponent stones it would capture.
    pub captures: u32,
    /// Own stones a suicide would remove (the new stone included), or 0.
    pub suicide: u32,
    /// The position hash after the play (suicide applied if it is one).
    pub hash: u64,
}

/// A chain (string) of stones with its liberties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// Colour of the stones.
    pub color: Color,
    /// The stones, sorted row by row.
    pub stones: Vec<Point>,
    /// The distinct empty points next to the chain, sorted row by row.
    pub liberties: Vec<Point>,
}

/// A maximal connected set of empty points, and which colours it touches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmptyRegion {
    /// The points, sorted row by row.
    pub points: Vec<Point>,
    /// Whether some point of the region is next to a black stone.
    pub touches_black: bool,
    /// Whether some point of the region is next to a white stone.
    pub touches_white: bool,
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

/// Who owns each empty point, by the rule "an empty point belongs to a colour when every path
/// through empty points from it reaches stones of that colour only" (Concord Go Rules,
/// "Territory intersection"). Empty regions that touch no stone at all belong to nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Territory {
    /// Black stones on the board.
    pub black_stones: PointSet,
    /// White stones on the board.
    pub white_stones: PointSet,
    /// Empty points that reach black stones only.
    pub black: PointSet,
    /// Empty points that reach white stones only.
    pub white: PointSet,
    /// Empty points that reach both colours, or none.
    pub neutral: PointSet,
}

/// A Go board of any size from 2x2 to 25x25. It knows captures and suicide, nothing of ko,
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

    /// The stone on `p`, if any (`None` also for a point off the board).
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.size.contains(p) {
            return None;
        }
        self.cells[self.idx(p)].color()
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

    /// All empty points, row by row from the top left.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> {
        self.empty_set().into_points()
    }

    /// Whether every on-board orthogonal neighbour of the empty point `p` is a stone of colour
    /// `c` (an "eye-like" point; the usual playout policy never fills these). False for an
    /// occupied or off-board point.
    #[inline]
    pub fn is_eye_like(&self, c: Color, p: Point) -> bool {
        if !self.size.contains(p) {
            return false;
        }
        let i = self.idx(p);
        // A neighbour qualifies if it holds `want` or is a border cell (Border = 3 has both
        // colour bits set); `&` rather than `&&` keeps it free of branches.
        // The four cells ANDed together keep the colour bit only if every one has it.
        let want = Cell::of(c) as u8;
        let all = self.neighbors(i).map(|n| self.cells[n] as u8);
        let common = all[0] & all[1] & all[2] & all[3];
        (self.cells[i] == Cell::Empty) & (common & want != 0)
    }

    /// Whether a stone of colour `c` at the empty point `p` would be a suicide of that stone
    /// alone ([`Preview::suicide`] would be 1): every on-board neighbour is an opponent stone
    /// and none of their chains is in atari, so the play captures nothing. Much cheaper than a
    /// preview, for rejecting the opponent's eyes. False for an occupied or off-board point.
    #[inline]
    pub fn is_single_stone_suicide(&self, c: Color, p: Point) -> bool {
        self.enclosure(c, p) == Enclosure::SingleStoneSuicide
    }

    /// What the four neighbours of `p` say about a stone of colour `c` there, in one look:
    /// [`Enclosure::EyeLike`] when [`Board::is_eye_like`] is true,
    /// [`Enclosure::SingleStoneSuicide`] when [`Board::is_single_stone_suicide`] is true (the
    /// two never hold together), [`Enclosure::Open`] otherwise (also for an occupied or
    /// off-board point). For a caller that asks both questions of many points (a random
    /// player that skips its own eyes and the opponent's): the point is checked and its
    /// neighbours read once.
    #[inline]
    pub fn enclosure(&self, c: Color, p: Point) -> Enclosure {
        if !self.size.contains(p) {
            return Enclosure::Open;
        }
        let i = self.idx(p);
        let nb = self.neighbors(i);
        // As in `is_eye_like`: border cells have both colour bits, so the four cells ANDed
        // together keep a colour bit only if every neighbour is of that colour or the border
        // (never all four the border). 0 when some neighbour is empty or the colours mix:
        // most points, one branch.
        let all = nb.map(|n| self.cells[n] as u8);
        let common = all[0] & all[1] & all[2] & all[3];
        if (common == 0) | (self.cells[i] != Cell::Empty) {
            return Enclosure::Open;
        }
        if common & Cell::of(c) as u8 != 0 {
            return Enclosure::EyeLike;
        }
        // Surrounded by the opponent: a suicide unless it captures (the pseudo-chains of the
        // border are never in atari).
        // One branch for the four chains (see `ChainData::atari_gap`).
        let gap = nb.map(|n| self.chains[self.head[n] as usize].atari_gap());
        if gap[0].min(gap[1]).min(gap[2]).min(gap[3]) == 0 {
            Enclosure::Open
        } else {
            Enclosure::SingleStoneSuicide
        }
    }

    /// The one liberty of the chain through `p` when it is in atari; `None` when it has more,
    /// or `p` is empty or off the board. Constant time (from the chain's pseudo-liberty sums),
    /// for a caller that watches the chains next to each move, such as a play-out policy that
    /// captures and escapes.
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        if !self.size.contains(p) {
            return None;
        }
        let i = self.idx(p);
        if self.cells[i] == Cell::Empty {
            return None;
        }
        let chain = &self.chains[self.head[i] as usize];
        chain
            .in_atari()
            .then(|| self.point((chain.lib_sum / u32::from(chain.libs)) as usize))
    }

    /// Number of distinct liberties of the chain through `p` (0 for an empty point).
    pub fn liberty_count(&self, p: Point) -> usize {
        self.chain_at(p).map_or(0, |c| c.liberties.len())
    }

    /// The chain through `p`, or `None` if `p` is empty or off the board.
    pub fn chain_at(&self, p: Point) -> Option<Chain> {
        let color = self.get(p)?;
        let start = self.idx(p);
        let mut stones = Vec::new();
        let mut libs = Vec::new();
        let mut s = start;
        loop {
            stones.push(self.point(s));
            for n in self.neighbors(s) {
                if self.cells[n] == Cell::Empty {
                    libs.push(self.point(n));
                }
            }
            s = self.next[s] as usize;
            if s == start {
                break;
            }
        }
        let key = |q: &Point| (q.y, q.x);
        stones.sort_by_key(key);
        libs.sort_by_key(key);
        libs.dedup();
        Some(Chain {
            color,
            stones,
            liberties: libs,
        })
    }

    /// Every chain on the board, ordered by its first stone (row by row).
    pub fn chains(&self) -> Vec<Chain> {
        let mut seen = vec![false; PADDED_CELLS];
        let mut out = Vec::new();
        for p in self.size.points() {
            let i = self.idx(p);
            if self.cells[i].color().is_some() && !seen[self.head[i] as usize] {
                seen[self.head[i] as usize] = true;
                out.extend(self.chain_at(p));
            }
        }
        out
    }

    /// Every maximal region of empty points with the colours it touches, ordered by its first
    /// point (row by row).
    pub fn empty_regions(&self) -> Vec<EmptyRegion> {
        let mut seen = vec![false; PADDED_CELLS];
        let mut out = Vec::new();
        let mut stack = Vec::new();
        for p in self.size.points() {
            let i0 = self.idx(p);
            if self.cells[i0] != Cell::Empty || seen[i0] {
                continue;
            }
            let mut region = EmptyRegion {
                points: Vec::new(),
                touches_black: false,
                touches_white: false,
            };
            seen[i0] = true;
            stack.push(i0);
            while let Some(i) = stack.pop() {
                region.points.push(self.point(i));
                for n in self.neighbors(i) {
                    match self.cells[n] {
                        Cell::Empty if !seen[n] => {
                            seen[n] = true;
                            stack.push(n);
                        }
                        Cell::Black => region.touches_black = true,
                        Cell::White => region.touches_white = true,
                        _ => {}
                    }
                }
            }
            region.points.sort_by_key(|q| (q.y, q.x));
            out.push(region);
        }
        out
    }

    /// Who owns each empty point (see [`Territory`]); bitboard flood fills, no allocation.
    pub fn territory(&self) -> Territory {
        let black_stones = self.stone_bits[0];
        let white_stones = self.stone_bits[1];
        let empty = black_stones.union(&white_stones).complement();
        let reach_black = black_stones.flood_into(&empty);
        let reach_white = white_stones.flood_into(&empty);
        let black = reach_black.difference(&reach_white);
        let white = reach_white.difference(&reach_black);
        let neutral = empty.difference(&black).difference(&white);
        Territory {
            black_stones,
            white_stones,
            black,
            white,
            neutral,
        }
    }

    /// What a play by `c` at `p` would do, without changing the board.
    pub fn preview(&self, c: Color, p: Point) -> Result<Preview, PlayError> {
        let i = self.empty_index(p)?;
        Ok(self.preview_at::<FULL_HASH>(c, i))
    }

    /// The padded index of `p` if it is an empty point of the board.
    #[inline]
    fn empty_index(&self, p: Point) -> Result<usize, PlayError> {
        if !self.size.contains(p) {
            return Err(PlayError::OffBoard);
        }
        let i = self.idx(p);
        if self.cells[i] != Cell::Empty {
            return Err(PlayError::Occupied);
        }
        Ok(i)
    }

    /// [`Board::preview`] at the empty padded index `i`. `HASH` says how much of the hash to
    /// find: [`NO_HASH`] (0 in the result), [`HASH_IF_LEGAL`] (right unless the play is a
    /// suicide) or [`FULL_HASH`].
    ///
    /// Free of data-dependent branches: on random positions they are mispredicted often and
    /// cost more than the arithmetic that replaces them.
    #[inline]
    fn preview_at<const HASH: u8>(&self, c: Color, i: usize) -> Preview {
        let own = Cell::of(c) as u8;
        // The chain head of each neighbour; empty and border cells have pseudo-chains (see
        // `EMPTY_HEAD`), so the chain data alone say what stands there.
        let [h0, h1, h2, h3] = self.neighbors(i).map(|n| self.head[n]);
        let key = zobrist::stone_key(c, i);
        let chains = [h0, h1, h2, h3].map(|h| &self.chains[h as usize]);
        let gap = chains.map(ChainData::atari_gap);
        if gap[0].min(gap[1]).min(gap[2]).min(gap[3]) != 0 {
            // No neighbour chain in atari (pseudo-chains never are; most plays): nothing is
            // captured, an own neighbour chain keeps a liberty, so the play is a suicide (of
            // the stone alone) exactly when every neighbour is an opponent stone or the
            // border. This also covers a point with no stone next to it: a separate test for
            // that costs more in mispredicted branches than the chain reads it saves.
            // As in `enclosure`: the border (3) has both colour bits, so the colours ANDed
            // together, with the own bit added, make 3 exactly then (an empty neighbour
            // clears both bits, an own one leaves only the own bit). One test, where a test
            // per neighbour would be compiled into a branch each.
            let common = chains.map(|ch| ch.color);
            let common = common[0] & common[1] & common[2] & common[3];
            let suicide = (common | own) == Cell::Border as u8;
            return Preview {
                captures: 0,
                suicide: suicide as u32,
                hash: match HASH {
                    NO_HASH => 0,
                    HASH_IF_LEGAL => self.hash ^ key,
                    _ => self.hash ^ (key & mask64(!suicide)),
                },
            };
        }
        // `fresh`: the first neighbour seen of its chain.
        let fresh = [
            true,
            h1 != h0,
            (h2 != h0) & (h2 != h1),
            (h3 != h0) & (h3 != h1) & (h3 != h2),
        ];
        let mut taken_hash = 0;
        let mut captures = 0;
        let mut has_liberty = false;
        // What a suicide would remove: the new stone and the own chains in atari.
        let mut own_dying = 1;
        let mut own_dying_hash = key;
        let mut visit = |h: u16, fresh: bool| {
            let ch = &self.chains[h as usize];
            let atari = ch.in_atari();
            let mine = ch.color == own;
            has_liberty |= (ch.color == Cell::Empty as u8) | (mine & !atari);
            let taken = fresh & atari & !mine;
            let dies = fresh & atari & mine;
            captures += ch.size as u32 * taken as u32;
            own_dying += ch.size as u32 * dies as u32;
            if HASH == FULL_HASH {
                taken_hash ^= ch.hash & mask64(taken);
                own_dying_hash ^= ch.hash & mask64(dies);
            }
        };
        visit(h0, fresh[0]);
        visit(h1, fresh[1]);
        visit(h2, fresh[2]);
        visit(h3, fresh[3]);
        let suicide = (captures == 0) & !has_liberty;
        if HASH == HASH_IF_LEGAL && captures > 0 {
            // Rare: find the captured chains again for their hashes.
            for (h, fresh) in [h0, h1, h2, h3].into_iter().zip(fresh) {
                let ch = &self.chains[h as usize];
                let taken = fresh & ch.in_atari() & (ch.color != own);
                taken_hash ^= ch.hash & mask64(taken);
            }
        }
        Preview {
            captures,
            suicide: own_dying * suicide as u32,
            hash: match HASH {
                NO_HASH => 0,
                HASH_IF_LEGAL => self.hash ^ key ^ taken_hash,
                _ => self.hash ^ key ^ taken_hash ^ (own_dying_hash & mask64(suicide)),
            },
        }
    }

    /// How many distinct liberties the chain of the stone would have after `c` plays at `p`
    /// (captures made), without changing or copying the board: 0 for a suicide, 1 for a
    /// self-atari.
    pub fn liberties_after(&self, c: Color, p: Point) -> Result<u32, PlayError> {
        self.liberties_after_up_to(c, p, u32::MAX)
    }

    /// Whether a play by `c` at `p` would leave its chain with at most one liberty (captures
    /// made): a suicide or a self-atari, as [`Board::liberties_after`] `<= 1`, but without
    /// counting past a second liberty.
    pub fn is_self_atari(&self, c: Color, p: Point) -> Result<bool, PlayError> {
        Ok(self.liberties_after_up_to(c, p, 2)? <= 1)
    }

    /// [`Board::liberties_after`], counting no further than `limit`.
    fn liberties_after_up_to(&self, c: Color, p: Point, limit: u32) -> Result<u32, PlayError> {
        let i = self.empty_index(p)?;
        let own = Cell::of(c);
        let opp = Cell::of(c.opponent());
        let nbrs = self.neighbors(i);
        // Opponent chains next to `p` whose only liberty is `p` are captured; own chains next
        // to `p` join the stone.
        let mut captured = [u16::MAX; 4];
        let mut own_heads = [u16::MAX; 4];
        for (k, &n) in nbrs.iter().enumerate() {
            let h = self.head[n];
            if self.cells[n] == opp && self.chains[h as usize].in_atari() {
                captured[k] = h;
            } else if self.cells[n] == own {
                own_heads[k] = h;
            }
        }
        // The liberties found so far, by padded index; `add` tells when `limit` is reached.
        let mut seen = [0u64; SLOTS / 64];
        let mut count = 0;
        let mut add = |m: usize| -> bool {
            let free = self.cells[m] == Cell::Empty
                || (self.cells[m] == opp && captured.contains(&self.head[m]));
            let bit = 1u64 << (m % 64);
            if m != i && free && seen[m / 64] & bit == 0 {
                seen[m / 64] |= bit;
                count += 1;
            }
            count >= limit
        };
        if nbrs.into_iter().any(&mut add) {
            return Ok(limit);
        }
        for (k, &h) in own_heads.iter().enumerate() {
            if h == u16::MAX || own_heads[..k].contains(&h) {
                continue;
            }
            let start = h as usize;
            let mut s = start;
            loop {
                if self.neighbors(s).into_iter().any(&mut add) {
                    return Ok(limit);
                }
                s = self.next[s] as usize;
                if s == start {
                    break;
                }
            }
        }
        Ok(count)
    }

    /// Plays a stone of colour `c` at `p`: captures opponent chains left without liberties,
    /// then refuses a suicide (the board is unchanged on error).
    pub fn play(&mut self, c: Color, p: Point) -> Result<Placed, PlayError> {
        let i = self.empty_index(p)?;
        let preview = self.preview_at::<NO_HASH>(c, i);
        if preview.suicide > 0 {
            return Err(PlayError::Suicide {
                stones: preview.suicide,
            });
        }
        Ok(self.play_at(c, i, Some(preview.captures > 0)))
    }

    /// Plays like [`Board::play`] if `accept` approves the play's [`Preview`], e.g. a superko
    /// check on [`Preview::hash`]; returns `Ok(None)` and leaves the board unchanged when it
    /// does not. A suicide is refused (as by [`Board::play`]) before `accept` is asked. This
    /// costs one preview, where [`Board::preview`] then [`Board::play`] cost two.
    pub fn play_if(
        &mut self,
        c: Color,
        p: Point,
        accept: impl FnOnce(&Preview) -> bool,
    ) -> Result<Option<Placed>, PlayError> {
        let i = self.empty_index(p)?;
        let preview = self.preview_at::<HASH_IF_LEGAL>(c, i);
        if preview.suicide > 0 {
            return Err(PlayError::Suicide {
                stones: preview.suicide,
            });
        }
        if !accept(&preview) {
            return Ok(None);
        }
        Ok(Some(self.play_at(c, i, Some(preview.captures > 0))))
    }

    /// Plays a stone like [`Board::play`], but applies a suicide: the new stone and the own
    /// chains it joins are removed (they count in [`Board::stones_removed`], and the caller
    /// books them as the opponent's prisoners). Whether a suicide is allowed is a ruleset's
    /// decision; use [`Board::preview`] first to tell single- from multi-stone suicide.
    pub fn play_allowing_suicide(&mut self, c: Color, p: Point) -> Result<Placed, PlayError> {
        let i = self.empty_index(p)?;
        Ok(self.play_at(c, i, None))
    }

    /// Plays a stone like [`Board::play_allowing_suicide`], given the play's `preview`, taken
    /// by [`Board::preview`] on this board as it is now (same colour and point, no change
    /// since): a play the preview found to capture nothing and not to be a suicide (most
    /// plays) is placed without looking for captures again. For a caller that previews a play
    /// to decide on it (a ko or suicide rule) and then makes it. Debug builds check that the
    /// preview is this board's.
    pub fn play_previewed(
        &mut self,
        c: Color,
        p: Point,
        preview: &Preview,
    ) -> Result<Placed, PlayError> {
        let i = self.empty_index(p)?;
        debug_assert_eq!(
            self.preview_at::<FULL_HASH>(c, i),
            *preview,
            "the preview of another position or play"
        );
        let previewed = (preview.suicide == 0).then_some(preview.captures > 0);
        Ok(self.play_at(c, i, previewed))
    }

    /// Places the stone on the empty padded index `i` and resolves captures and suicide.
    /// `previewed` is `Some(captures)` when a preview found the play legal and whether it
    /// captures: then nothing needs to be looked for when it does not, and there is no suicide.
    fn play_at(&mut self, c: Color, i: usize, previewed: Option<bool>) -> Placed {
        self.last_removed.clear();
        self.put_stone(c, i);
        let mut out = Placed::default();
        if previewed == Some(false) {
            return out;
        }
        // Neighbour chains left without a liberty, other than the new stone's own: opponent
        // chains to capture, each once (`fresh` as in the preview). Found with arithmetic
        // (head 0 is no chain), so that the only branches are those of the loop over the
        // chains captured (usually one).
        let own_head = self.head[i];
        let heads = self.neighbors(i).map(|n| self.head[n]);
        let [h0, h1, h2, h3] = heads;
        let fresh = [
            true,
            h1 != h0,
            (h2 != h0) & (h2 != h1),
            (h3 != h0) & (h3 != h1) & (h3 != h2),
        ];
        let mut dead = 0u32;
        for (k, (h, fresh)) in heads.into_iter().zip(fresh).enumerate() {
            let z = (self.chains[h as usize].libs == 0) & (h > BORDER_HEAD) & (h != own_head);
            dead |= ((z & fresh) as u32) << k;
        }
        while dead != 0 {
            let h = heads[dead.trailing_zeros() as usize] as usize;
            dead &= dead - 1;
            out.captured += self.remove_chain(h);
            out.captured_chains += 1;
        }
        let h = self.head[i] as usize;
        if previewed.is_none() && out.captured == 0 && self.chains[h].libs == 0 {
            out.suicided = self.remove_chain(h);
        }
        // Without a branch: captures are common in random play, and whether one is a ko is a
        // coin toss.
        let ch = &self.chains[h];
        let ko = (out.captured == 1) & (ch.size == 1) & (ch.libs == 1);
        out.ko_point = self.last_removed.first().copied().filter(|_| ko);
        out
    }

    /// Puts a stone on an empty point, updates liberties, merges chains; no captures.
    #[inline(always)]
    fn put_stone(&mut self, c: Color, i: usize) {
        let own = Cell::of(c);
        let key = zobrist::stone_key(c, i);
        let nb = self.neighbors(i);
        // The neighbours' heads and cells, read once before anything is written: the compiler
        // cannot tell that the writes below leave these tables alone, and would read them again.
        let heads = nb.map(|n| self.head[n]);
        let mine = nb.map(|n| self.cells[n] == own);
        self.cells[i] = own;
        self.hash ^= key;
        self.on_board[c.index()] += 1;
        self.stone_bits[c.index()].insert_bit(self.geo.bit[i] as usize);
        let (i32_, ii) = (i as u32, (i * i) as u32);
        for h in heads {
            // Without branches: a stone neighbour's chain loses the pseudo-liberty (stone n,
            // point i). So do the pseudo-chains of empty and border neighbours (wrapping),
            // which is cheaper than telling them apart; they get their data back below.
            let ch = &mut self.chains[h as usize];
            ch.libs = ch.libs.wrapping_sub(1);
            ch.lib_sum = ch.lib_sum.wrapping_sub(i32_);
            ch.lib_sum_sq = ch.lib_sum_sq.wrapping_sub(ii);
        }
        // The empty neighbours are the new stone's pseudo-liberties. Their sums, from the
        // offsets of the neighbours (-1, +1, -stride, +stride): the sum of `n` is
        // `libs * i + d` and the sum of `n * n` is `libs * i * i + 2 * i * d + d2`, where `d`
        // and `d2` are the sums of the offsets and of their squares. Computed so, the
        // neighbours' indices need not be kept. Wrapping: `d` may be negative, the results
        // are not.
        let e = heads.map(|h| (h == EMPTY_HEAD) as u32);
        let stride = self.stride as u32;
        let libs = e[0] + e[1] + e[2] + e[3];
        let d =
            (e[1].wrapping_sub(e[0])).wrapping_add(stride.wrapping_mul(e[3].wrapping_sub(e[2])));
        let d2 = e[0] + e[1] + stride * stride * (e[2] + e[3]);
        let lib_sum = libs.wrapping_mul(i32_).wrapping_add(d);
        let lib_sum_sq = libs
            .wrapping_mul(ii)
            .wrapping_add(2u32.wrapping_mul(i32_).wrapping_mul(d))
            .wrapping_add(d2);
        let libs = libs as u16;
        self.reset_pseudo_chains();
        // The own chains next to the stone, each once (`fresh` as in the preview).
        let [h0, h1, h2, h3] = heads;
        let own_mask = mine[0] as u32
            | ((mine[1] & (h1 != h0)) as u32) << 1
            | ((mine[2] & (h2 != h0) & (h2 != h1)) as u32) << 2
            | ((mine[3] & (h3 != h0) & (h3 != h1) & (h3 != h2)) as u32) << 3;
        // The stone joins the first own chain (a larger chain is never relabelled: the stone
        // goes into its list), or else starts a chain of its own, headed by itself: that chain
        // starts empty and gains the stone as a joined chain does. Without a branch, since
        // joining or not is a coin toss on random positions. (When the stone joins a chain, the
        // entry at `i` is no head's, and the empty chain written there is never read.)
        let target = [h0, h1, h2, h3, i as u16][(own_mask | 1 << 4).trailing_zeros() as usize];
        let target = target as usize;
        self.chains[i] = ChainData {
            color: own as u8,
            ..ChainData::default()
        };
        let ch = &mut self.chains[target];
        ch.size += 1;
        ch.libs += libs;
        ch.lib_sum += lib_sum;
        ch.lib_sum_sq += lib_sum_sq;
        ch.hash ^= key;
        self.head[i] = target as u16;
        // Into the chain's circular list after its head (for a new chain: `i` alone).
        self.next[i] = self.next[target];
        self.next[target] = i as u16;
        // Then that chain merges with the other own chains.
        let mut rest = own_mask & own_mask.wrapping_sub(1);
        while rest != 0 {
            let other = heads[rest.trailing_zeros() as usize] as usize;
            rest &= rest - 1;
            // Distinct heads before the merges: each merge keeps one of its two heads, and
            // the stone's head is read again each time.
            let a = self.head[i] as usize;
            self.merge(a, other);
        }
    }

    /// Gives the pseudo-chains [`EMPTY_HEAD`] and [`BORDER_HEAD`] back their liberty data
    /// ([`ChainData::pseudo`]), after an update of every neighbour's chain that did not ask
    /// what stands there.
    #[inline(always)]
    fn reset_pseudo_chains(&mut self) {
        for h in [EMPTY_HEAD, BORDER_HEAD] {
            let ch = &mut self.chains[h as usize];
            ch.libs = 0;
            ch.lib_sum = 1;
            ch.lib_sum_sq = 0;
        }
    }

    /// Joins two chains of one colour; the larger head survives.
    fn merge(&mut self, a: usize, b: usize) {
        let (keep, gone) = if self.chains[a].size >= self.chains[b].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = gone;
        loop {
            self.head[s] = keep as u16;
            s = self.next[s] as usize;
            if s == gone {
                break;
            }
        }
        self.next.swap(keep, gone);
        let g = self.chains[gone];
        let k = &mut self.chains[keep];
        k.size += g.size;
        k.libs += g.libs;
        k.lib_sum += g.lib_sum;
        k.lib_sum_sq += g.lib_sum_sq;
        k.hash ^= g.hash;
    }

    /// Removes a whole chain, returning liberties to its neighbours; returns its size.
    fn remove_chain(&mut self, head: usize) -> u32 {
        let color = self.cells[head].color().expect("chain head holds a stone");
        self.hash ^= self.chains[head].hash;
        let mut count = 0;
        let mut s = head;
        loop {
            let after = self.next[s] as usize;
            self.cells[s] = Cell::Empty;
            self.head[s] = EMPTY_HEAD;
            self.stone_bits[color.index()].remove_bit(self.geo.bit[s] as usize);
            self.last_removed.push(self.geo.point[s]);
            count += 1;
            let (s32, ss) = (s as u32, (s * s) as u32);
            for n in self.neighbors(s) {
                // Opponent neighbours gain the pseudo-liberty (stone n, point s). Without a
                // branch, every neighbour's chain gains it: an own neighbour is in this chain,
                // which is going away (or already gone: the empty pseudo-chain), and the
                // pseudo-chains are reset below.
                let ch = &mut self.chains[self.head[n] as usize];
                ch.libs = ch.libs.wrapping_add(1);
                ch.lib_sum = ch.lib_sum.wrapping_add(s32);
                ch.lib_sum_sq = ch.lib_sum_sq.wrapping_add(ss);
            }
            s = after;
            if s == head {
                break;
            }
        }
        self.reset_pseudo_chains();
        self.on_board[color.index()] -= count;
        self.removed[color.index()] += count;
        count
    }

    /// Removes the stones on the given points (e.g. stones agreed dead), as if captured: they
    /// count in [`Board::stones_removed`] and are listed in [`Board::last_removed`]. Empty points
    /// in the list are ignored. Returns the number of stones removed of each colour
    /// (`[black, white]`).
    pub fn remove_stones(&mut self, points: impl IntoIterator<Item = Point>) -> [u32; 2] {
        let mut gone = PointSet::empty(self.size);
        for p in points {
            if self.get(p).is_some() {
                gone.insert(p);
            }
        }
        if self.whole_chains(&gone) {
            // Usually (agreed-dead stones): remove each chain as a capture removes it.
            let mut counts = [0; 2];
            for p in gone.iter() {
                let i = self.idx(p);
                if let Some(c) = self.cells[i].color() {
                    counts[c.index()] += self.remove_chain(self.head[i] as usize);
                }
            }
            self.last_removed.clear();
            self.last_removed.extend(gone.iter());
            return counts;
        }
        // Parts of chains: the rest of each chain may fall apart; rebuild the board.
        self.remove_by_rebuilding(&gone)
    }

    /// [`Board::remove_stones`] for any set of stones `gone`: rebuilds the board without them.
    fn remove_by_rebuilding(&mut self, gone: &PointSet) -> [u32; 2] {
        let mut rebuilt = Board::new(self.size);
        let mut keep = Vec::new();
        for c in Color::ALL {
            keep.extend(self.stones(c).difference(gone).iter().map(|p| (c, p)));
        }
        for (c, p) in keep {
            let i = rebuilt.idx(p);
            rebuilt.put_stone(c, i);
        }
        let mut counts = [0; 2];
        for c in Color::ALL {
            counts[c.index()] = self.stones(c).intersection(gone).len() as u32;
            rebuilt.removed[c.index()] = self.removed[c.index()] + counts[c.index()];
        }
        rebuilt.last_removed = gone.iter().collect();
        *self = rebuilt;
        counts
    }
}

impl Board {
    /// Whether the stones of `set` (stones only) make up whole chains.
    fn whole_chains(&self, set: &PointSet) -> bool {
        let mut covered = PointSet::empty(self.size);
        for p in set.iter() {
            if covered.contains(p) {
                continue;
            }
            let start = self.idx(p);
            let mut s = start;
            loop {
                let q = self.point(s);
                if !set.contains(q) {
                    return false;
                }
                covered.insert(q);
                s = self.next[s] as usize;
                if s == start {
                    break;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pseudo_chains_stay_untouched() {
        // `preview_at` reads the pseudo-chains of empty and border cells and relies on their
        // data: plays change them on the way and must restore them.
        for n in [2, 3, 5] {
            let size = Size::square(n).unwrap();
            let mut b = Board::new(size);
            for (k, p) in size.points().enumerate() {
                let c = if k % 3 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let _ = b.play_allowing_suicide(c, p);
            }
            let zero = b.chains[EMPTY_HEAD as usize];
            let border = b.chains[BORDER_HEAD as usize];
            for (ch, color) in [(zero, Cell::Empty), (border, Cell::Border)] {
                let expected = ChainData::pseudo(color);
                assert_eq!(
                    (
                        ch.size,
                        ch.libs,
                        ch.lib_sum,
                        ch.lib_sum_sq,
                        ch.hash,
                        ch.color
                    ),
                    (0, 0, 1, 0, 0, expected.color)
                );
                assert!(!ch.in_atari());
            }
            // Heads say what stands on each cell.
            for i in 0..b.padded() {
                let expected = match b.cells[i] {
                    Cell::Empty => Some(EMPTY_HEAD),
                    Cell::Border => Some(BORDER_HEAD),
                    _ => None,
                };
                if let Some(h) = expected {
                    assert_eq!(b.head[i], h, "cell {i}");
                } else {
                    assert_eq!(b.chains[b.head[i] as usize].color, b.cells[i] as u8);
                }
            }
        }
    }

    #[test]
    fn removing_whole_chains_equals_rebuilding() {
        let size = Size::square(7).unwrap();
        let mut next = crate::test_rng(12345u64);
        for _ in 0..200 {
            let mut b = Board::new(size);
            for k in 0..60 {
                let p = size.point_at(next() as usize % size.area());
                let c = if k % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let _ = b.play(c, p);
            }
            // A random set of whole chains.
            let mut gone = PointSet::empty(size);
            for ch in b.chains() {
                if next() % 3 == 0 {
                    for &p in &ch.stones {
                        gone.insert(p);
                    }
                }
            }
            let mut fast = b.clone();
            let mut slow = b.clone();
            assert!(fast.whole_chains(&gone));
            let counts = fast.remove_stones(gone.iter());
            assert_eq!(counts, slow.remove_by_rebuilding(&gone));
            assert_eq!(fast.position(), slow.position());
            assert_eq!(fast.hash(), slow.hash());
            assert_eq!(fast.hash(), fast.compute_hash());
            assert_eq!(fast.chains(), slow.chains());
            assert_eq!(fast.last_removed(), slow.last_removed());
            assert_eq!(fast.territory(), slow.territory());
            assert_eq!(fast.empty_count(), slow.empty_count());
            for c in Color::ALL {
                assert_eq!(fast.stones_removed(c), slow.stones_removed(c));
                assert_eq!(fast.stones_on_board(c), slow.stones_on_board(c));
            }
            // Play goes on the same way.
            for _ in 0..20 {
                let p = size.point_at(next() as usize % size.area());
                assert_eq!(fast.play(Color::Black, p), slow.play(Color::Black, p));
                assert_eq!(fast.chains(), slow.chains());
            }
        }
    }

    #[test]
    fn reset_makes_a_new_board() {
        let sizes = [(9, 9), (3, 5), (19, 19), (2, 2), (9, 9)];
        let mut b = Board::new(Size::square(7).unwrap());
        for (w, h) in sizes {
            let size = Size::new(w, h).unwrap();
            b.reset(size);
            let n = Board::new(size);
            assert_eq!(b.size, n.size);
            assert_eq!(b.stride, n.stride);
            assert!(std::ptr::eq(b.geo, n.geo));
            // Only the padded cells of the size are in use (and reset).
            let padded = n.padded();
            assert!(
                b.cells.prefix_eq(&n.cells, padded)
                    && b.head.prefix_eq(&n.head, padded)
                    && b.next.prefix_eq(&n.next, padded)
            );
            assert_eq!(b.padded, n.padded);
            for (x, y) in b.chains.0[..padded].iter().zip(&n.chains.0[..padded]) {
                assert_eq!(format!("{x:?}"), format!("{y:?}"));
            }
            assert_eq!(b.hash, n.hash);
            assert_eq!((b.on_board, b.removed), (n.on_board, n.removed));
            assert_eq!(b.stone_bits, n.stone_bits);
            assert!(b.last_removed.is_empty());
            // A board of another size copied over a used one plays like the original.
            let mut copy = b.clone();
            let mut original = Board::new(size);
            for (k, p) in size.points().enumerate().filter(|(k, _)| k % 4 != 1) {
                let c = [Color::Black, Color::White][k % 2];
                let _ = original.play(c, p);
            }
            copy.clone_from(&original);
            assert_eq!(copy, original);
            for p in size.points() {
                for c in Color::ALL {
                    assert_eq!(copy.preview(c, p), original.preview(c, p));
                }
            }
            // Fill it for the next round.
            for (k, p) in size.points().enumerate() {
                let c = if k % 3 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                let _ = b.play(c, p);
            }
        }
    }

    #[test]
    fn setup_stones_on_an_empty_board_without_a_copy() {
        // `add_stones` places stones that each touch an empty point directly on an empty
        // board: the same board as the checked path, and the same errors.
        let mut next = crate::test_rng(99u64);
        for n in [2, 3, 5, 9, 13] {
            let size = Size::square(n).unwrap();
            for _ in 0..300 {
                let k = next() as usize % (size.area() + 2);
                let stones: Vec<(Color, Point)> = (0..k)
                    .map(|_| {
                        let c = [Color::Black, Color::White][next() as usize % 2];
                        let p =
                            Point::new((next() % (n as u64 + 1)) as u8, (next() % n as u64) as u8);
                        (c, p)
                    })
                    .collect();
                let mut fast = Board::new(size);
                let mut slow = Board::new(size);
                let r = fast.add_stones(stones.iter().copied());
                assert_eq!(r, slow.add_stones_checked(&stones));
                assert_eq!(fast.position(), slow.position());
                assert_eq!(fast.hash(), slow.hash());
                assert_eq!(fast.chains(), slow.chains());
                assert_eq!(
                    fast.empty_points().collect::<Vec<_>>(),
                    slow.empty_points().collect::<Vec<_>>()
                );
                assert_eq!(fast.territory(), slow.territory());
                for p in size.points() {
                    for c in Color::ALL {
                        assert_eq!(fast.preview(c, p), slow.preview(c, p));
                    }
                }
            }
        }
    }

    #[test]
    fn atari_detection_with_pseudo_liberties() {
        // A liberty shared by two stones of a chain is one liberty, counted twice.
        let size = Size::square(5).unwrap();
        let mut b = Board::new(size);
        b.play(Color::Black, Point::new(1, 0)).unwrap();
        b.play(Color::Black, Point::new(1, 1)).unwrap();
        let h = b.head[b.idx(Point::new(1, 0))] as usize;
        assert!(!b.chains[h].in_atari());
        assert_eq!(b.liberty_count(Point::new(1, 0)), 5);
    }
}
