//! Uniformly random legal playouts on 9x9 and 19x19, through `gorules-board` and through the
//! `board-game` crate's `GoBoard` (CGOS rules), with one shared playout policy; and area
//! scoring of a 19x19 final position.
//!
//! Policy, identical for both engines and driven by the same seeds:
//!
//! - the player to move draws a uniformly random empty point and plays it unless it is
//!   illegal (suicide, or positional superko: the position after the play already occurred
//!   in this game) or an own single-point eye (every on-board neighbour is an own stone); it
//!   draws again, without replacement, and passes when no empty point is left to try;
//! - the playout stops after two consecutive passes or 3 x size^2 plies, and is scored by
//!   area (stones plus empty points reaching only one colour).
//!
//! The draw is made on the dense point index (`y * size + x`), so that both engines see the
//! same random points: a few draws over the whole board (rejecting occupied points), then, if
//! all of them failed, a draw without replacement from the list of empty points in index
//! order. Both are uniform over the acceptable points. Both engines therefore play exactly the
//! same games, which the benchmark checks (plies and score of every playout) before timing.
//!
//! Throughput is in plies (plays and passes) per second.
//!
//! Two loops run the policy. The project's own (`gorules-board`, `board-game`) uses each
//! engine's fastest calls: `Board::play_if`'s one preview, bitboard scans. The *generic* loop
//! (`generic gorules-board`, `generic board-game`) is the one a user writes on the public API,
//! the same for both engines: the point's content, the own-eye test from the neighbours'
//! contents, a legality check (suicide, positional superko), then the play (on
//! `gorules-board`, of the preview just checked: `Board::play_previewed`). The empty points are
//! listed in index order: `Board::empty_points` on `gorules-board`; on `board-game`, whose list
//! of empty tiles is in no order, by asking every tile's content.
//!
//! The *user* loop (`user gorules-board`, `user board-game`) is the plainest playout a user
//! writes on each engine's public API, with no list of empty points at all: draw a random
//! point, read it (`Board::get`, `GoBoard::stone_at`), skip it if it holds a stone or is an own
//! eye (the four neighbours read the same way: `Size::neighbors`, `Tile::all_adjacent`), check
//! legality (suicide, positional superko), play; pass after [`USER_DRAWS`] x size^2 draws
//! found nothing to play. Most of its draws late in a game land on stones, so it measures what
//! reading a point costs. Its policy differs from the other loops' (draws with replacement,
//! a pass after a bounded number of them), so its games are its own; both engines play the
//! same ones, which the benchmark checks too.
//!
//! Run: `cargo bench -p gorules-board --bench playouts` (add e.g. `-- --warm-up-time 1
//! --measurement-time 3` to shorten it).

use std::hint::black_box;
use std::time::{Duration, Instant};

use board_game::board::Board as _;
use board_game::games::go::{FlatTile, GoBoard, Komi, Move, Rules, State, Tile};
use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
use gorules_board::{Board, Color, HashCounts, Point, Size};

/// wyrand: one multiply per number, deterministic, good enough for playouts.
struct Rng(u64);

impl Rng {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xA076_1D64_78BD_642F);
        let t = self.0 as u128 * (self.0 ^ 0xE703_7ED1_A0B4_28DB) as u128;
        (t >> 64) as u64 ^ t as u64
    }

    /// A number in `0..n` (multiply-shift; the bias for n <= 1000 is below 1e-16).
    #[inline]
    fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

/// What the shared policy needs from an engine. The engine tracks the player to move.
trait Engine {
    /// Starts a new game on an empty board.
    fn reset(&mut self);
    /// Number of points.
    fn area(&self) -> usize;
    /// Whether the point with dense index `k` is empty.
    fn is_empty(&self, k: usize) -> bool;
    /// Fills `buf` with the empty points in increasing order of their dense indices, as the
    /// dense indices or as other numbers the engine's [`Engine::try_play_listed`] reads.
    fn empties(&self, buf: &mut Candidates);
    /// Plays at the empty point `k` for the player to move, unless it is an own eye, suicide
    /// or a superko repetition; returns whether it played.
    fn try_play(&mut self, k: usize) -> bool;
    /// [`Engine::try_play`] for an entry of the list `empties` made: the engine's own number
    /// for the point (the dense index unless it says otherwise).
    #[inline]
    fn try_play_listed(&mut self, entry: u16) -> bool {
        self.try_play(entry as usize)
    }
    /// Passes. `ends_game` is set for the second consecutive pass.
    fn pass(&mut self, ends_game: bool);
    /// Area score: (black, white).
    fn score(&self) -> (u32, u32);
}

/// Rejection draws over the whole board before falling back to the list of empty points.
const BOARD_DRAWS: usize = 8;

/// Plays one move by the policy; returns whether it was a play (false: a pass is due).
#[inline]
fn play_random<E: Engine>(e: &mut E, rng: &mut Rng, buf: &mut Candidates) -> bool {
    let area = e.area();
    for _ in 0..BOARD_DRAWS {
        let k = rng.below(area);
        if e.is_empty(k) && e.try_play(k) {
            return true;
        }
    }
    e.empties(buf);
    while buf.len > 0 {
        let k = buf.swap_remove(rng.below(buf.len));
        if e.try_play_listed(k) {
            return true;
        }
    }
    false
}

/// One playout from the empty board; returns (plies, score).
fn playout<E: Engine>(e: &mut E, seed: u64, buf: &mut Candidates) -> (u32, (u32, u32)) {
    let mut rng = Rng(seed);
    e.reset();
    let max_plies = 3 * e.area() as u32;
    let mut plies = 0;
    let mut passes = 0;
    while passes < 2 && plies < max_plies {
        if play_random(e, &mut rng, buf) {
            passes = 0;
        } else {
            passes += 1;
            e.pass(passes == 2);
        }
        plies += 1;
    }
    (plies, e.score())
}

/// A set of position hashes for positional superko: open addressing, linear probing. The
/// Zobrist hashes are uniformly random already, so their low bits are the slot. 0 (the empty
/// board's hash) marks a free slot and is tracked apart.
struct HashSet64 {
    slots: Vec<u64>,
    mask: usize,
    has_zero: bool,
    /// Slots in use, to clear them without sweeping the whole table.
    used: Vec<u32>,
}

impl HashSet64 {
    /// A set for up to `n` hashes: at most two thirds full even then, and playouts mostly
    /// end far below their cap of 3 x size^2 plies.
    fn with_capacity(n: usize) -> HashSet64 {
        let cap = (n * 3 / 2).next_power_of_two();
        HashSet64 {
            slots: vec![0; cap],
            mask: cap - 1,
            has_zero: false,
            used: Vec::with_capacity(n),
        }
    }

    fn clear(&mut self) {
        for &i in &self.used {
            self.slots[i as usize] = 0;
        }
        self.used.clear();
        self.has_zero = false;
    }

    /// Adds `h`; returns false if it was there already. One probe sequence for both.
    #[inline]
    fn insert(&mut self, h: u64) -> bool {
        if h == 0 {
            return !std::mem::replace(&mut self.has_zero, true);
        }
        let mut i = h as usize & self.mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = h;
                    self.used.push(i as u32);
                    return true;
                }
                x if x == h => return false,
                _ => i = (i + 1) & self.mask,
            }
        }
    }
}

/// `gorules-board` with the superko set kept here.
struct Gorules {
    size: Size,
    board: Board,
    /// The empty board, copied into `board` at each reset (no allocation).
    empty: Board,
    to_move: Color,
    seen: HashSet64,
    /// Dense index to point (the board's API takes points).
    points: Vec<Point>,
    /// The point of each bit of a `PointSet` of this size (`y * (width + 1) + x`), for the
    /// entries of `empties`.
    bit_points: Vec<Point>,
}

impl Gorules {
    fn new(n: u32) -> Gorules {
        let size = Size::square(n).unwrap();
        Gorules {
            size,
            board: Board::new(size),
            empty: Board::new(size),
            to_move: Color::Black,
            seen: HashSet64::with_capacity(3 * size.area() + 1),
            points: size.points().collect(),
            bit_points: {
                let stride = n as usize + 1;
                let mut t = vec![Point::new(0, 0); n as usize * stride];
                for p in size.points() {
                    t[p.y as usize * stride + p.x as usize] = p;
                }
                t
            },
        }
    }
}

impl Engine for Gorules {
    fn reset(&mut self) {
        self.board.clone_from(&self.empty);
        self.to_move = Color::Black;
        self.seen.clear();
        self.seen.insert(self.board.hash());
    }

    #[inline]
    fn area(&self) -> usize {
        self.size.area()
    }

    #[inline]
    fn is_empty(&self, k: usize) -> bool {
        self.board.get(self.points[k]).is_none()
    }

    fn empties(&self, buf: &mut Candidates) {
        // The empty points from the board's bitboards, listed as their bits: `PointSet` keeps
        // a point's bit at `y * (width + 1) + x`, so its bits are in dense index order too.
        let empty = self
            .board
            .stones(Color::Black)
            .union(self.board.stones(Color::White))
            .complement();
        let mut bits = [0u64; 6];
        for (b, &w) in bits.iter_mut().zip(empty.words()) {
            *b = w;
        }
        read_bitmap(&bits, self.bit_points.len(), buf);
    }

    #[inline]
    fn try_play(&mut self, k: usize) -> bool {
        let p = self.points[k];
        self.try_play_at(p)
    }

    #[inline]
    fn try_play_listed(&mut self, entry: u16) -> bool {
        let p = self.bit_points[entry as usize];
        self.try_play_at(p)
    }

    fn pass(&mut self, _ends_game: bool) {
        self.to_move = self.to_move.opponent();
    }

    fn score(&self) -> (u32, u32) {
        area_score(&self.board)
    }
}

impl Gorules {
    /// Plays at the empty point `p` for the player to move, unless it is an own eye, suicide or
    /// a superko repetition.
    #[inline]
    fn try_play_at(&mut self, p: Point) -> bool {
        let c = self.to_move;
        if self.board.is_eye_like(c, p) {
            return false;
        }
        let seen = &mut self.seen;
        // Suicide is an error; a repetition is refused by the closure (a position that is
        // new is recorded at once: the play follows).
        let played = self.board.play_if(c, p, |pre| seen.insert(pre.hash));
        if matches!(played, Ok(Some(_))) {
            self.to_move = c.opponent();
            true
        } else {
            false
        }
    }
}

/// Area score of a final position: stones plus territory.
#[inline]
fn area_score(b: &Board) -> (u32, u32) {
    let t = b.territory();
    (
        (t.black_stones.len() + t.black.len()) as u32,
        (t.white_stones.len() + t.white.len()) as u32,
    )
}

/// A list of dense point indices (up to 19x19), with no capacity checks. The 8 entries past
/// 512 take the unused tail of [`read_bitmap`]'s last block of 8.
struct Candidates {
    items: [u16; 520],
    len: usize,
}

impl Candidates {
    fn new() -> Candidates {
        Candidates {
            items: [0; 520],
            len: 0,
        }
    }

    /// Removes and returns entry `j` (below `len`), moving the last entry into its place.
    #[inline]
    fn swap_remove(&mut self, j: usize) -> u16 {
        let v = self.items[j & 511];
        self.len -= 1;
        self.items[j & 511] = self.items[self.len & 511];
        v
    }
}

/// For each byte value, the positions of its set bits in increasing order (then zeros), and
/// how many there are: [`read_bitmap`] turns a bitmap into a list a byte at a time.
struct ByteBits {
    positions: [[u16; 8]; 256],
    count: [u8; 256],
}

static BYTE_BITS: ByteBits = {
    let mut t = ByteBits {
        positions: [[0; 8]; 256],
        count: [0; 256],
    };
    let mut byte = 0;
    while byte < 256 {
        let mut n = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte >> bit & 1 == 1 {
                t.positions[byte][n] = bit as u16;
                n += 1;
            }
            bit += 1;
        }
        t.count[byte] = n as u8;
        byte += 1;
    }
    t
};

/// The set bits below `nbits` of a bitmap (up to 384 bits), in increasing order. Without
/// data-dependent branches: each byte writes all eight entries of its table row and advances
/// the length by its count (a bit loop per word mispredicts its exit once a word).
#[inline]
fn read_bitmap(bits: &[u64; 6], nbits: usize, buf: &mut Candidates) {
    let mut bytes = [0u8; 48];
    for (chunk, word) in bytes.chunks_exact_mut(8).zip(bits) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    let mut len = 0;
    // The index of bit 0 of the byte, in all eight lanes (one vector register).
    let mut base = [0u16; 8];
    for &byte in &bytes[..nbits.div_ceil(8)] {
        let at = len & 511;
        let out: &mut [u16; 8] = (&mut buf.items[at..at + 8]).try_into().unwrap();
        let positions = &BYTE_BITS.positions[byte as usize];
        for t in 0..8 {
            out[t] = positions[t] + base[t];
            base[t] += 8;
        }
        len += BYTE_BITS.count[byte as usize] as usize;
    }
    buf.len = len;
}

/// `board-game`'s `GoBoard`, CGOS rules (no suicide, positional superko from its history).
struct BoardGame {
    size: u8,
    board: GoBoard,
    /// The empty board, copied into `board` at each reset.
    empty: GoBoard,
    /// Dense index to tile, and to the dense indices of its on-board neighbours (`u16::MAX`
    /// off the board), so that the policy's eye test costs no divisions.
    tiles: Vec<Tile>,
    neighbors: Vec<[u16; 4]>,
}

impl BoardGame {
    fn new(n: u8) -> BoardGame {
        let empty = GoBoard::new(n, Komi::zero(), Rules::cgos());
        let tiles: Vec<Tile> = Tile::all(n).collect();
        let neighbors = tiles
            .iter()
            .map(|t| {
                let mut nb = [u16::MAX; 4];
                for (k, a) in t.all_adjacent(n).enumerate() {
                    nb[k] = a.to_flat(n).index();
                }
                nb
            })
            .collect();
        BoardGame {
            size: n,
            board: empty.clone(),
            empty,
            tiles,
            neighbors,
        }
    }
}

impl Engine for BoardGame {
    fn reset(&mut self) {
        self.board.clone_from(&self.empty);
    }

    #[inline]
    fn area(&self) -> usize {
        self.size as usize * self.size as usize
    }

    #[inline]
    fn is_empty(&self, k: usize) -> bool {
        self.board
            .chains()
            .content_at(FlatTile::new(k as u16))
            .group_id
            .is_none()
    }

    fn empties(&self, buf: &mut Candidates) {
        // The empty tiles are a linked list in no particular order: mark them in a bitmap,
        // then read the bitmap in index order.
        let mut bits = [0u64; 6];
        for t in self.board.chains().empty_tiles() {
            let i = t.index() as usize;
            bits[i / 64] |= 1 << (i % 64);
        }
        read_bitmap(&bits, self.area(), buf);
    }

    #[inline]
    fn try_play(&mut self, k: usize) -> bool {
        let me = self.board.next_player();
        let chains = self.board.chains();
        let eye = self.neighbors[k]
            .iter()
            .all(|&n| n == u16::MAX || chains.stone_at(FlatTile::new(n)) == Some(me));
        if eye {
            return false;
        }
        // `play` simulates the placement and refuses suicide and repetitions itself.
        self.board.play(Move::Place(self.tiles[k])).is_ok()
    }

    fn pass(&mut self, ends_game: bool) {
        // The game-ending pass is not applied: `GoBoard` would score the game inside `play`,
        // and `score` below scores it once, as for the other engine.
        if !ends_game {
            debug_assert_eq!(self.board.state(), State::Normal);
            self.board.play(Move::Pass).unwrap();
        }
    }

    fn score(&self) -> (u32, u32) {
        let s = self.board.current_score();
        (s.a, s.b)
    }
}

/// The playout loop as a user writes it on `gorules-board`'s public API, and the same loop on
/// `board-game` ([`GenericBoardGame`]): the point's content (`Board::get`), the own-eye test
/// from the neighbours' contents, a legality check (`Board::preview`: no suicide, and a
/// position not seen before in [`HashCounts`]), then the play of that preview
/// (`Board::play_previewed`); the empty points are listed by `Board::empty_points`.
struct GenericGorules {
    size: Size,
    board: Board,
    empty: Board,
    to_move: Color,
    seen: HashCounts,
    points: Vec<Point>,
}

impl GenericGorules {
    fn new(n: u32) -> GenericGorules {
        let size = Size::square(n).unwrap();
        GenericGorules {
            size,
            board: Board::new(size),
            empty: Board::new(size),
            to_move: Color::Black,
            seen: HashCounts::with_capacity(3 * size.area() + 1),
            points: size.points().collect(),
        }
    }
}

impl Engine for GenericGorules {
    fn reset(&mut self) {
        self.board.clone_from(&self.empty);
        self.to_move = Color::Black;
        self.seen.clear();
        self.seen.add(self.board.hash(), 1);
    }

    fn area(&self) -> usize {
        self.size.area()
    }

    fn is_empty(&self, k: usize) -> bool {
        self.board.get(self.points[k]).is_none()
    }

    fn empties(&self, buf: &mut Candidates) {
        buf.len = 0;
        for p in self.board.empty_points() {
            buf.items[buf.len] = self.size.dense_index(p) as u16;
            buf.len += 1;
        }
    }

    fn try_play(&mut self, k: usize) -> bool {
        let p = self.points[k];
        let c = self.to_move;
        if self.size.neighbors(p).all(|q| self.board.get(q) == Some(c)) {
            return false;
        }
        let preview = match self.board.preview(c, p) {
            Ok(pv) if pv.suicide == 0 && self.seen.get(pv.hash) == 0 => pv,
            _ => return false,
        };
        self.board.play_previewed(c, p, &preview).unwrap();
        self.seen.add(self.board.hash(), 1);
        self.to_move = c.opponent();
        true
    }

    fn pass(&mut self, _ends_game: bool) {
        self.to_move = self.to_move.opponent();
    }

    fn score(&self) -> (u32, u32) {
        area_score(&self.board)
    }
}

/// [`GenericGorules`]'s loop on `board-game`: `GoBoard::stone_at`, the own-eye test from the
/// neighbours' contents, `is_available_move` (suicide and superko against the board's own
/// history), then `play`.
struct GenericBoardGame {
    size: u8,
    board: GoBoard,
    empty: GoBoard,
    tiles: Vec<Tile>,
}

impl GenericBoardGame {
    fn new(n: u8) -> GenericBoardGame {
        let empty = GoBoard::new(n, Komi::zero(), Rules::cgos());
        GenericBoardGame {
            size: n,
            board: empty.clone(),
            empty,
            tiles: Tile::all(n).collect(),
        }
    }
}

impl Engine for GenericBoardGame {
    fn reset(&mut self) {
        self.board.clone_from(&self.empty);
    }

    fn area(&self) -> usize {
        self.size as usize * self.size as usize
    }

    fn is_empty(&self, k: usize) -> bool {
        self.board.stone_at(self.tiles[k]).is_none()
    }

    fn empties(&self, buf: &mut Candidates) {
        buf.len = 0;
        for (k, &t) in self.tiles.iter().enumerate() {
            if self.board.stone_at(t).is_none() {
                buf.items[buf.len] = k as u16;
                buf.len += 1;
            }
        }
    }

    fn try_play(&mut self, k: usize) -> bool {
        let t = self.tiles[k];
        let me = self.board.next_player();
        if t.all_adjacent(self.size)
            .all(|a| self.board.stone_at(a) == Some(me))
        {
            return false;
        }
        let mv = Move::Place(t);
        if self.board.is_available_move(mv) != Ok(true) {
            return false;
        }
        self.board.play(mv).unwrap();
        true
    }

    fn pass(&mut self, ends_game: bool) {
        if !ends_game {
            self.board.play(Move::Pass).unwrap();
        }
    }

    fn score(&self) -> (u32, u32) {
        let s = self.board.current_score();
        (s.a, s.b)
    }
}

/// The user loop's draws per ply, as a multiple of the number of points: a player passes
/// after drawing `USER_DRAWS * size^2` points (with replacement) without finding a play.
const USER_DRAWS: usize = 1;

/// What the user loop needs from an engine: its public API, as a user calls it, behind one
/// call per drawn point.
trait UserEngine {
    /// Starts a new game on an empty board.
    fn reset(&mut self);
    /// The board's side.
    fn side(&self) -> u8;
    /// Reads the point `(x, y)` and its four neighbours, and plays there for the player to
    /// move unless it holds a stone, is an own eye, a suicide or a superko repetition;
    /// returns whether it played.
    fn try_point(&mut self, x: u8, y: u8) -> bool;
    /// Passes. `ends_game` is set for the second consecutive pass.
    fn pass(&mut self, ends_game: bool);
    /// Area score: (black, white).
    fn score(&self) -> (u32, u32);
}

/// One playout of the user loop from the empty board; returns (plies, score).
fn user_playout<E: UserEngine>(e: &mut E, seed: u64) -> (u32, (u32, u32)) {
    let mut rng = Rng(seed);
    e.reset();
    let n = e.side() as usize;
    let area = n * n;
    let max_plies = 3 * area as u32;
    let mut plies = 0;
    let mut passes = 0;
    while passes < 2 && plies < max_plies {
        let mut played = false;
        for _ in 0..USER_DRAWS * area {
            let k = rng.below(area);
            if e.try_point((k % n) as u8, (k / n) as u8) {
                played = true;
                break;
            }
        }
        if played {
            passes = 0;
        } else {
            passes += 1;
            e.pass(passes == 2);
        }
        plies += 1;
    }
    (plies, e.score())
}

/// The user loop on `gorules-board`: `Board::get`, `Size::neighbors` and `Board::get` for the
/// eye test, `Board::preview` for suicide and `HashCounts` for positional superko, then
/// `Board::play_previewed`.
struct UserGorules {
    board: Board,
    to_move: Color,
    seen: HashCounts,
}

impl UserGorules {
    fn new(n: u32) -> UserGorules {
        let size = Size::square(n).unwrap();
        UserGorules {
            board: Board::new(size),
            to_move: Color::Black,
            seen: HashCounts::with_capacity(3 * size.area() + 1),
        }
    }
}

impl UserEngine for UserGorules {
    fn reset(&mut self) {
        self.board.reset(self.board.size());
        self.to_move = Color::Black;
        self.seen.clear();
        self.seen.add(self.board.hash(), 1);
    }

    fn side(&self) -> u8 {
        self.board.size().width()
    }

    fn try_point(&mut self, x: u8, y: u8) -> bool {
        let p = Point::new(x, y);
        if self.board.get(p).is_some() {
            return false;
        }
        let c = self.to_move;
        let size = self.board.size();
        if size.neighbors(p).all(|q| self.board.get(q) == Some(c)) {
            return false;
        }
        let preview = match self.board.preview(c, p) {
            Ok(pv) if pv.suicide == 0 && self.seen.get(pv.hash) == 0 => pv,
            _ => return false,
        };
        self.board.play_previewed(c, p, &preview).unwrap();
        self.seen.add(self.board.hash(), 1);
        self.to_move = c.opponent();
        true
    }

    fn pass(&mut self, _ends_game: bool) {
        self.to_move = self.to_move.opponent();
    }

    fn score(&self) -> (u32, u32) {
        area_score(&self.board)
    }
}

/// The user loop on `board-game`: `GoBoard::stone_at`, `Tile::all_adjacent` and `stone_at`
/// for the eye test, `is_available_move` (suicide, superko against the board's history), then
/// `GoBoard::play`.
struct UserBoardGame {
    size: u8,
    board: GoBoard,
    /// The empty board, copied into `board` at each reset (`GoBoard` has no reset).
    empty: GoBoard,
}

impl UserBoardGame {
    fn new(n: u8) -> UserBoardGame {
        let empty = GoBoard::new(n, Komi::zero(), Rules::cgos());
        UserBoardGame {
            size: n,
            board: empty.clone(),
            empty,
        }
    }
}

impl UserEngine for UserBoardGame {
    fn reset(&mut self) {
        self.board.clone_from(&self.empty);
    }

    fn side(&self) -> u8 {
        self.size
    }

    fn try_point(&mut self, x: u8, y: u8) -> bool {
        let t = Tile::new(x, y);
        if self.board.stone_at(t).is_some() {
            return false;
        }
        let me = self.board.next_player();
        if t.all_adjacent(self.size)
            .all(|a| self.board.stone_at(a) == Some(me))
        {
            return false;
        }
        let mv = Move::Place(t);
        if self.board.is_available_move(mv) != Ok(true) {
            return false;
        }
        self.board.play(mv).unwrap();
        true
    }

    fn pass(&mut self, ends_game: bool) {
        // As in the other loops: the game-ending pass is not applied (`play` would score).
        if !ends_game {
            self.board.play(Move::Pass).unwrap();
        }
    }

    fn score(&self) -> (u32, u32) {
        let s = self.board.current_score();
        (s.a, s.b)
    }
}

fn run_user_batch<E: UserEngine>(e: &mut E, seeds: std::ops::Range<u64>) -> u64 {
    let mut plies = 0;
    for seed in seeds {
        let (p, score) = user_playout(e, seed);
        plies += p as u64;
        black_box(score);
    }
    plies
}

/// Runs the user loop's batch through both engines once and checks they played the same
/// games; returns the plies.
fn check_same_user_games(n: u32) -> u64 {
    let mut a = UserGorules::new(n);
    let mut b = UserBoardGame::new(n as u8);
    let mut total = 0;
    for seed in seeds(n) {
        let ra = user_playout(&mut a, seed);
        let rb = user_playout(&mut b, seed);
        assert_eq!(
            ra, rb,
            "{n}x{n} seed {seed}: the user loops played different games (plies, score)"
        );
        total += ra.0 as u64;
    }
    let count = seeds(n).end - seeds(n).start;
    eprintln!(
        "{n}x{n} user loop: {count} playouts, {total} plies ({:.1} per playout), identical in \
         both engines",
        total as f64 / count as f64
    );
    total
}

/// Playouts per timed iteration, and the seeds they use.
fn seeds(n: u32) -> std::ops::Range<u64> {
    let count = if n <= 9 { 128 } else { 32 };
    1000..1000 + count
}

fn run_batch<E: Engine>(e: &mut E, seeds: std::ops::Range<u64>, buf: &mut Candidates) -> u64 {
    let mut plies = 0;
    for seed in seeds {
        let (p, score) = playout(e, seed, buf);
        plies += p as u64;
        black_box(score);
    }
    plies
}

/// Runs the batch through every engine once and checks they played the same games.
fn check_same_games(n: u32) -> u64 {
    let mut a = Gorules::new(n);
    let mut b = BoardGame::new(n as u8);
    let mut c = GenericGorules::new(n);
    let mut d = GenericBoardGame::new(n as u8);
    let mut buf = Candidates::new();
    let mut total = 0;
    for seed in seeds(n) {
        let ra = playout(&mut a, seed, &mut buf);
        let others = [
            playout(&mut b, seed, &mut buf),
            playout(&mut c, seed, &mut buf),
            playout(&mut d, seed, &mut buf),
        ];
        for r in others {
            assert_eq!(
                ra, r,
                "{n}x{n} seed {seed}: the engines played different games (plies, score)"
            );
        }
        total += ra.0 as u64;
    }
    let count = seeds(n).end - seeds(n).start;
    eprintln!(
        "{n}x{n}: {count} playouts, {total} plies ({:.1} per playout), identical in all engines",
        total as f64 / count as f64
    );
    total
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    for n in [9u32, 19] {
        let plies = check_same_games(n);
        group.throughput(Throughput::Elements(plies));
        let mut buf = Candidates::new();
        let size = format!("{n}x{n}");
        let mut engine = Gorules::new(n);
        group.bench_function(BenchmarkId::new("gorules-board", &size), |bch| {
            bch.iter(|| run_batch(&mut engine, seeds(n), &mut buf))
        });
        let mut engine = BoardGame::new(n as u8);
        group.bench_function(BenchmarkId::new("board-game", &size), |bch| {
            bch.iter(|| run_batch(&mut engine, seeds(n), &mut buf))
        });
        let mut engine = GenericGorules::new(n);
        group.bench_function(BenchmarkId::new("generic gorules-board", &size), |bch| {
            bch.iter(|| run_batch(&mut engine, seeds(n), &mut buf))
        });
        let mut engine = GenericBoardGame::new(n as u8);
        group.bench_function(BenchmarkId::new("generic board-game", &size), |bch| {
            bch.iter(|| run_batch(&mut engine, seeds(n), &mut buf))
        });
        group.throughput(Throughput::Elements(check_same_user_games(n)));
        let mut engine = UserGorules::new(n);
        group.bench_function(BenchmarkId::new("user gorules-board", &size), |bch| {
            bch.iter(|| run_user_batch(&mut engine, seeds(n)))
        });
        let mut engine = UserBoardGame::new(n as u8);
        group.bench_function(BenchmarkId::new("user board-game", &size), |bch| {
            bch.iter(|| run_user_batch(&mut engine, seeds(n)))
        });
    }
    group.finish();
}

/// The final position of one 19x19 playout.
fn final_position_19() -> (Board, GoBoard) {
    let mut a = Gorules::new(19);
    let mut b = BoardGame::new(19);
    let mut buf = Candidates::new();
    let ra = playout(&mut a, 7, &mut buf);
    let rb = playout(&mut b, 7, &mut buf);
    assert_eq!(ra, rb);
    (a.board, b.board)
}

fn bench_scoring(c: &mut Criterion) {
    let (board, go_board) = final_position_19();
    let (black, white) = area_score(&board);
    eprintln!(
        "19x19 final position: black {black}, white {white}, {} empty\n{board:?}",
        board.empty_count()
    );
    let mut group = c.benchmark_group("area scoring 19x19");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    group.bench_function("gorules-board", |bch| {
        bch.iter(|| area_score(black_box(&board)))
    });
    group.bench_function("board-game", |bch| {
        bch.iter(|| black_box(&go_board).current_score())
    });
    group.finish();
}

/// Before the criterion runs: two engines timed in turns on the same batches (each going
/// first in half of the rounds), keeping each engine's best batch. Criterion times one engine
/// after the other; on a machine shared with other work, load that comes and goes can favour
/// either one, while the best of many interleaved batches is close to what each engine does
/// undisturbed.
fn interleaved<A: Engine, B: Engine>(label: &str, n: u32, a: &mut A, b: &mut B) {
    let mut buf = Candidates::new();
    let mut buf2 = Candidates::new();
    interleaved_batches(
        label,
        n,
        || run_batch(a, seeds(n), &mut buf),
        || run_batch(b, seeds(n), &mut buf2),
    );
}

/// [`interleaved`] for any two batches, each returning its plies.
fn interleaved_batches(
    label: &str,
    n: u32,
    mut a: impl FnMut() -> u64,
    mut b: impl FnMut() -> u64,
) {
    const ROUNDS: usize = 40;
    let (mut best_a, mut best_b) = (f64::MAX, f64::MAX);
    let mut plies = 0;
    for round in 0..ROUNDS {
        // Each engine goes first in half of the rounds.
        for first in [round % 2 == 0, round % 2 == 1] {
            let t = Instant::now();
            if first {
                plies = a();
                best_a = best_a.min(t.elapsed().as_secs_f64());
            } else {
                b();
                best_b = best_b.min(t.elapsed().as_secs_f64());
            }
        }
    }
    let (ra, rb) = (plies as f64 / best_a, plies as f64 / best_b);
    eprintln!(
        "{n}x{n} {label}, interleaved, best of {ROUNDS} batches each: gorules-board {:.2} M \
         plies/s, board-game {:.2} M plies/s, ratio {:.2}",
        ra / 1e6,
        rb / 1e6,
        ra / rb
    );
}

/// The interleaved ratios of both loops, on both sizes.
fn interleaved_summary() {
    for n in [9u32, 19] {
        interleaved(
            "project's loop",
            n,
            &mut Gorules::new(n),
            &mut BoardGame::new(n as u8),
        );
        interleaved(
            "generic loop",
            n,
            &mut GenericGorules::new(n),
            &mut GenericBoardGame::new(n as u8),
        );
        let (mut a, mut b) = (UserGorules::new(n), UserBoardGame::new(n as u8));
        interleaved_batches(
            "user loop",
            n,
            || run_user_batch(&mut a, seeds(n)),
            || run_user_batch(&mut b, seeds(n)),
        );
    }
}

criterion_group!(benches, bench_playouts, bench_scoring);

/// `PLAYOUTS_ONLY=ENGINE/N/BATCHES` (e.g. `gorules-board/9/20`, `user-board-game/19/10`): plays
/// only that many batches through one engine and exits, for instruction counts (`valgrind --tool=callgrind`
/// or `cachegrind`; subtract a run with 0 batches for the start-up).
fn only(spec: &str) {
    let parts: Vec<&str> = spec.split('/').collect();
    let [engine, n, batches] = parts[..] else {
        panic!("PLAYOUTS_ONLY=ENGINE/N/BATCHES, e.g. gorules-board/9/20")
    };
    let n: u32 = n.parse().expect("board size");
    let batches: usize = batches.parse().expect("batches");
    let mut buf = Candidates::new();
    let mut plies = 0;
    match engine {
        "gorules-board" => {
            let mut e = Gorules::new(n);
            for _ in 0..batches {
                plies += run_batch(&mut e, seeds(n), &mut buf);
            }
        }
        "board-game" => {
            let mut e = BoardGame::new(n as u8);
            for _ in 0..batches {
                plies += run_batch(&mut e, seeds(n), &mut buf);
            }
        }
        "generic-gorules-board" => {
            let mut e = GenericGorules::new(n);
            for _ in 0..batches {
                plies += run_batch(&mut e, seeds(n), &mut buf);
            }
        }
        "generic-board-game" => {
            let mut e = GenericBoardGame::new(n as u8);
            for _ in 0..batches {
                plies += run_batch(&mut e, seeds(n), &mut buf);
            }
        }
        "user-gorules-board" => {
            let mut e = UserGorules::new(n);
            for _ in 0..batches {
                plies += run_user_batch(&mut e, seeds(n));
            }
        }
        "user-board-game" => {
            let mut e = UserBoardGame::new(n as u8);
            for _ in 0..batches {
                plies += run_user_batch(&mut e, seeds(n));
            }
        }
        _ => panic!(
            "engines: gorules-board, board-game, generic-gorules-board, generic-board-game, \
             user-gorules-board, user-board-game"
        ),
    }
    eprintln!("{engine} {n}x{n}: {batches} batches, {plies} plies");
}

fn main() {
    if let Ok(spec) = std::env::var("PLAYOUTS_ONLY") {
        only(&spec);
        return;
    }
    let quick = std::env::args().any(|a| ["--profile-time", "--list", "--test"].contains(&&*a));
    if !quick {
        interleaved_summary();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
