//! Chains and their liberties: the chain data kept at each chain's head, what a chain is,
//! and the upkeep of chains as stones are placed, joined and removed.

use super::*;

/// Per-chain data, kept at the chain's head.
///
/// Bounds that make these widths enough on a 25x25 board: a chain has at most 625 stones; its
/// pseudo-liberties (stone/empty-neighbour pairs) number at most `min(4 * stones, 4 * empty
/// points) <= 1250`; padded indices are below 729, so the sum of liberties stays below
/// 1250 * 729 and the sum of squares below 1250 * 729^2 < 2^32.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ChainData {
    pub(super) size: u16,
    pub(super) libs: u16,
    pub(super) lib_sum: u32,
    pub(super) lib_sum_sq: u32,
    /// XOR of the Zobrist keys of the chain's stones: what removing the chain does to the
    /// position hash.
    pub(super) hash: u64,
    /// The stones' [`Cell`] as a number; for the two pseudo-chains [`EMPTY_HEAD`] and
    /// [`BORDER_HEAD`], `Cell::Empty` and `Cell::Border`.
    pub(super) color: u8,
}

/// The head of every empty point: a pseudo-chain ([`ChainData::pseudo`]), never in atari.
/// Padded index 0 is a border corner, so no real chain has it as head.
pub(super) const EMPTY_HEAD: u16 = 0;
/// The head of every border cell: a pseudo-chain like [`EMPTY_HEAD`] but of colour
/// `Cell::Border` (padded index 1 is a border cell too). With these two, a neighbour's head
/// alone tells what stands there, and the hot paths read one array instead of two.
pub(super) const BORDER_HEAD: u16 = 1;

impl ChainData {
    /// The data of the pseudo-chain of empty or border cells (`color`): no stone and no
    /// pseudo-liberty, but a liberty sum of 1, so that [`ChainData::in_atari`] is false for it
    /// without a test of the count.
    pub(super) const fn pseudo(color: Cell) -> ChainData {
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
    pub(super) fn in_atari(&self) -> bool {
        self.atari_gap() == 0
    }

    /// What [`ChainData::in_atari`] compares, as a number that is 0 exactly when the chain is
    /// in atari: for asking it of several chains with one branch, through the minimum (`|` of
    /// the four answers is compiled into four branches, each mispredicted on its own).
    #[inline]
    pub(super) fn atari_gap(&self) -> u64 {
        debug_assert!(
            self.libs > 0 || self.lib_sum == 1,
            "a chain without liberties"
        );
        // In 64 bits the products are exact (below 1250 * 2^32 and (1250 * 729)^2), so no
        // bound on the count is needed.
        (self.libs as u64 * self.lib_sum_sq as u64) ^ (self.lib_sum as u64 * self.lib_sum as u64)
    }
}

/// The distinct liberties of a chain other than a given point ([`ChainData::liberties_besides`]).
enum Besides {
    None,
    /// Exactly one, at this padded index.
    One(usize),
    Several,
}

impl ChainData {
    /// The distinct liberties of the chain of head `h` other than the empty point `i`
    /// (`nbrs`: its neighbours; `head`: the board's heads), in constant time. The chain's
    /// pseudo-liberties at `i` are its stones next to `i`, `m` of them; the `k` others have
    /// sums `s` and `q` (of indices and of squares): none when `k == 0`, else they name one
    /// point (`s / k`) exactly when `k * q == s * s` (Cauchy-Schwarz, equal only for equal
    /// terms), several when `k * q > s * s`. In 64 bits the products are exact (see the
    /// bounds on the sums).
    #[inline]
    fn liberties_besides(&self, i: usize, nbrs: &[usize; 4], head: &Slots<u16>, h: u16) -> Besides {
        let m = nbrs.iter().filter(|&&n| head[n] == h).count() as u64;
        let i = i as u64;
        let k = u64::from(self.libs) - m;
        let s = u64::from(self.lib_sum) - m * i;
        let q = u64::from(self.lib_sum_sq) - m * i * i;
        if k == 0 {
            Besides::None
        } else if k * q == s * s {
            Besides::One((s / k) as usize)
        } else {
            Besides::Several
        }
    }
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

impl Board {
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
        let i = self.empty_index(p)?;
        match self.self_atari_without_capture(c, i) {
            Some(answer) => Ok(answer),
            None => Ok(self.liberties_after_up_to(c, p, 2)? <= 1),
        }
    }

    /// [`Board::is_self_atari`] at the empty padded index `i` in constant time, when the play
    /// captures nothing (`None` when it captures): the stone's liberties are then its empty
    /// neighbours and those of the chains it joins, less `i`, and each chain tells from its
    /// liberty sums whether it has none, one (which) or several besides `i`.
    fn self_atari_without_capture(&self, c: Color, i: usize) -> Option<bool> {
        let own = Cell::of(c);
        let opp = Cell::of(c.opponent());
        let nbrs = self.neighbors(i);
        // The one liberty found so far (`usize::MAX`: none); `second` tells a new one.
        let mut found = usize::MAX;
        let mut second = |m: usize| {
            if found == usize::MAX {
                found = m;
            }
            m != found
        };
        for n in nbrs {
            let cell = self.cells[n];
            if cell == Cell::Empty {
                if second(n) {
                    return Some(false);
                }
            } else if cell == own {
                let h = self.head[n];
                match self.chains[h as usize].liberties_besides(i, &nbrs, &self.head, h) {
                    Besides::None => {}
                    Besides::One(q) => {
                        if second(q) {
                            return Some(false);
                        }
                    }
                    Besides::Several => return Some(false),
                }
            } else if cell == opp && self.chains[self.head[n] as usize].in_atari() {
                return None;
            }
        }
        Some(true)
    }

    /// [`Board::liberties_after`], counting no further than `limit`.
    pub(super) fn liberties_after_up_to(
        &self,
        c: Color,
        p: Point,
        limit: u32,
    ) -> Result<u32, PlayError> {
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

    /// Puts a stone on an empty point, updates liberties, merges chains; no captures.
    #[inline(always)]
    pub(super) fn put_stone(&mut self, c: Color, i: usize) {
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
    pub(super) fn reset_pseudo_chains(&mut self) {
        for h in [EMPTY_HEAD, BORDER_HEAD] {
            let ch = &mut self.chains[h as usize];
            ch.libs = 0;
            ch.lib_sum = 1;
            ch.lib_sum_sq = 0;
        }
    }

    /// Joins two chains of one colour; the larger head survives.
    pub(super) fn merge(&mut self, a: usize, b: usize) {
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
    pub(super) fn remove_chain(&mut self, head: usize) -> u32 {
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
    pub(super) fn remove_by_rebuilding(&mut self, gone: &PointSet) -> [u32; 2] {
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

    /// Whether the stones of `set` (stones only) make up whole chains.
    pub(super) fn whole_chains(&self, set: &PointSet) -> bool {
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
