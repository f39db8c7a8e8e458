//! `PointSet`: a set of board points as a bitboard, with the flood fills that scoring needs.
//!
//! Bit `y * (width + 1) + x` stands for point `(x, y)`. The extra column per row stays empty, so
//! shifting by one bit never wraps a point onto the next row.

use crate::{Point, Size};

/// Words needed for the largest board: 25 rows of 26 bits = 650 bits.
const WORDS: usize = 11;

/// A set of points of one board size.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointSet {
    words: [u64; WORDS],
    size: Size,
}

impl std::fmt::Debug for PointSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl PointSet {
    /// The empty set for a board of this size.
    pub fn empty(size: Size) -> PointSet {
        PointSet {
            words: [0; WORDS],
            size,
        }
    }

    /// Every point of the board.
    pub fn full(size: Size) -> PointSet {
        board_mask(size)
    }

    /// The board size this set belongs to.
    pub fn size(&self) -> Size {
        self.size
    }

    #[inline]
    fn stride(&self) -> usize {
        self.size.width() as usize + 1
    }

    #[inline]
    fn nwords(&self) -> usize {
        (self.size.height() as usize * self.stride()).div_ceil(64)
    }

    #[inline]
    fn bit(&self, p: Point) -> usize {
        Self::bit_index(self.size, p)
    }

    /// The bit that stands for `p` in a set of this board size.
    #[inline]
    pub(crate) fn bit_index(size: Size, p: Point) -> usize {
        p.y as usize * (size.width() as usize + 1) + p.x as usize
    }

    /// Sets bit `b` (from [`PointSet::bit_index`]).
    #[inline]
    pub(crate) fn insert_bit(&mut self, b: usize) {
        self.words[b / 64] |= 1 << (b % 64);
    }

    /// Clears bit `b` (from [`PointSet::bit_index`]).
    #[inline]
    pub(crate) fn remove_bit(&mut self, b: usize) {
        self.words[b / 64] &= !(1 << (b % 64));
    }

    /// Adds `p`.
    #[inline]
    pub fn insert(&mut self, p: Point) {
        let b = self.bit(p);
        self.words[b / 64] |= 1 << (b % 64);
    }

    /// Removes `p`.
    #[inline]
    pub fn remove(&mut self, p: Point) {
        let b = self.bit(p);
        self.words[b / 64] &= !(1 << (b % 64));
    }

    /// Whether `p` is in the set.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        let b = self.bit(p);
        self.words[b / 64] >> (b % 64) & 1 == 1
    }

    /// Number of points in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.words[..self.nwords()]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The points in the set, row by row from the top left.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        self.into_points()
    }

    /// [`PointSet::iter`] on a copy of the set: an iterator that borrows nothing.
    pub(crate) fn into_points(self) -> impl Iterator<Item = Point> {
        let stride = self.stride() as u32;
        let magic = DivByStride::new(stride);
        let n = self.nwords();
        let mut wi = 0;
        let mut w = self.words[0];
        std::iter::from_fn(move || {
            while w == 0 {
                wi += 1;
                if wi >= n {
                    return None;
                }
                w = self.words[wi];
            }
            let b = (wi * 64) as u32 + w.trailing_zeros();
            w &= w - 1;
            let y = magic.div(b);
            Some(Point::new((b - y * stride) as u8, y as u8))
        })
    }

    /// The `k`-th point of the set in the order of [`PointSet::iter`], found by counting the
    /// bits of whole words (no walk through the points before it); `None` if the set has at
    /// most `k` points.
    pub(crate) fn nth(&self, mut k: usize) -> Option<Point> {
        for (wi, &word) in self.words().iter().enumerate() {
            let ones = word.count_ones() as usize;
            if k >= ones {
                k -= ones;
                continue;
            }
            let mut w = word;
            for _ in 0..k {
                w &= w - 1;
            }
            let b = wi * 64 + w.trailing_zeros() as usize;
            let stride = self.stride();
            return Some(Point::new((b % stride) as u8, (b / stride) as u8));
        }
        None
    }

    /// The bitmap's words: bit `b % 64` of word `b / 64` is bit `b`, and bit
    /// `y * (width + 1) + x` stands for point `(x, y)` (the bit after each row is always 0).
    /// Reading the bits in order gives the points row by row, the order of
    /// [`Size::dense_index`]; for callers that list or count points with their own bit tricks.
    ///
    /// [`Size::dense_index`]: crate::Size::dense_index
    #[inline]
    pub fn words(&self) -> &[u64] {
        &self.words[..self.nwords()]
    }

    /// Points in `self` or `other`.
    #[inline]
    pub fn union(&self, other: &PointSet) -> PointSet {
        self.zip(other, |a, b| a | b)
    }

    /// Points in both.
    #[inline]
    pub fn intersection(&self, other: &PointSet) -> PointSet {
        self.zip(other, |a, b| a & b)
    }

    /// Points in `self` but not in `other`.
    #[inline]
    pub fn difference(&self, other: &PointSet) -> PointSet {
        self.zip(other, |a, b| a & !b)
    }

    /// Every board point not in the set.
    pub fn complement(&self) -> PointSet {
        board_mask(self.size).difference(self)
    }

    #[inline]
    fn zip(&self, other: &PointSet, f: impl Fn(u64, u64) -> u64) -> PointSet {
        let mut out = *self;
        for i in 0..WORDS {
            out.words[i] = f(self.words[i], other.words[i]);
        }
        out
    }

    /// The set plus every on-board orthogonal neighbour of its points.
    pub fn dilate(&self) -> PointSet {
        let mut out = self.dilate_unmasked();
        out.mask_to_board();
        out
    }

    /// Like [`PointSet::dilate`], but bits may land in the guard column or past the last row;
    /// callers intersect with an on-board set afterwards.
    #[inline]
    fn dilate_unmasked(&self) -> PointSet {
        let (n, stride) = (self.nwords(), self.stride());
        let mut out = *self;
        for i in 0..n {
            let [a, b, c, d] = shifted(&self.words, i, n, stride);
            out.words[i] |= a | b | c | d;
        }
        out
    }

    /// The on-board points with at least two orthogonal neighbours in the set (whether or not
    /// they are in it themselves): the same shifts as [`PointSet::dilate`], and per bit "two of
    /// the four" instead of "any of the four".
    pub fn with_two_neighbors_in(&self) -> PointSet {
        let (n, stride) = (self.nwords(), self.stride());
        let mut out = PointSet::empty(self.size);
        for i in 0..n {
            let [a, b, c, d] = shifted(&self.words, i, n, stride);
            out.words[i] = (a & b) | (c & d) | ((a | b) & (c | d));
        }
        out.mask_to_board();
        out
    }

    /// Clears the guard column and any bit past the last row.
    fn mask_to_board(&mut self) {
        let mask = board_mask(self.size);
        for i in 0..WORDS {
            self.words[i] &= mask.words[i];
        }
    }

    /// The points of `through` that can be reached from the set by orthogonal steps that stay
    /// inside `through` (the start points themselves are included only if they are in
    /// `through`). Used for "which empty points can reach a stone of this colour".
    pub fn flood_into(&self, through: &PointSet) -> PointSet {
        if self.nwords() <= 2 {
            self.flood_into_small(through)
        } else {
            self.flood_into_wide(through)
        }
    }

    /// [`PointSet::flood_into`] for a board whose bits fit in two words (up to 10x10 with the
    /// guard column): the same steps on one `u128`, without the loops over words.
    fn flood_into_small(&self, through: &PointSet) -> PointSet {
        let bits = |set: &PointSet| set.words[0] as u128 | (set.words[1] as u128) << 64;
        // The stride is at most 11: saying it is below 64 spares the shifts the code for a
        // shift by 64 or more.
        let s = self.stride() as u32 & 63;
        let dilate = |x: u128| x | x << 1 | x >> 1 | x << s | x >> s;
        let through = bits(through);
        // As in `flood_into_wide`: `through` lies on the board and masks off-board bits.
        let mut reach = dilate(bits(self)) & through;
        loop {
            let next = dilate(reach) & through;
            if next == reach {
                break;
            }
            reach = next;
        }
        let mut out = PointSet::empty(self.size);
        out.words[0] = reach as u64;
        out.words[1] = (reach >> 64) as u64;
        out
    }

    /// [`PointSet::flood_into`] for any board, word by word.
    fn flood_into_wide(&self, through: &PointSet) -> PointSet {
        // `through` lies on the board, so intersecting with it also masks off-board bits.
        let mut reach = self.dilate_unmasked().intersection(through);
        loop {
            let next = reach.dilate_unmasked().intersection(through);
            if next == reach {
                return reach;
            }
            reach = next;
        }
    }
}

/// Division of a bit index (below `WORDS * 64`) by a row stride (2 to 26) as a multiply and a
/// shift, exact in that range (checked by a test).
#[derive(Clone, Copy)]
struct DivByStride {
    magic: u32,
}

impl DivByStride {
    const SHIFT: u32 = 20;

    /// Magic numbers for strides 0 to 26, computed at compile time (no division at run time;
    /// strides below 2 never occur: a row is at least one point and its guard bit).
    const MAGIC: [u32; 27] = {
        let mut m = [0u32; 27];
        let mut s = 1;
        while s < 27 {
            m[s] = (1u32 << Self::SHIFT).div_ceil(s as u32);
            s += 1;
        }
        m
    };

    #[inline]
    fn new(stride: u32) -> DivByStride {
        DivByStride {
            magic: Self::MAGIC[stride as usize % 27],
        }
    }

    #[inline]
    fn div(self, b: u32) -> u32 {
        (b * self.magic) >> Self::SHIFT
    }
}

/// Word `i` of a set's `words` (`n` of them in use, rows `stride` bits apart) moved by one
/// point each way: by one bit toward higher and lower bits (the points beside), and by a
/// row's stride (the points above and below), each taking the bits that cross from the
/// neighbouring words. Bits may land in the guard column or past the last row.
#[inline]
fn shifted(w: &[u64; WORDS], i: usize, n: usize, stride: usize) -> [u64; 4] {
    let prev = if i > 0 { w[i - 1] } else { 0 };
    let next = if i + 1 < n { w[i + 1] } else { 0 };
    [
        (w[i] << 1) | (prev >> 63),
        (w[i] >> 1) | (next << 63),
        (w[i] << stride) | (prev >> (64 - stride)),
        (w[i] >> stride) | (next << (64 - stride)),
    ]
}

/// Every point of a board of this size (computed once per size).
fn board_mask(size: Size) -> PointSet {
    const SIDES: usize = (crate::MAX_SIDE - crate::MIN_SIDE + 1) as usize;
    static CACHE: [std::sync::OnceLock<PointSet>; SIDES * SIDES] =
        [const { std::sync::OnceLock::new() }; SIDES * SIDES];
    let k = (size.width() - crate::MIN_SIDE) as usize * SIDES
        + (size.height() - crate::MIN_SIDE) as usize;
    *CACHE[k].get_or_init(|| compute_board_mask(size))
}

fn compute_board_mask(size: Size) -> PointSet {
    let mut m = PointSet::empty(size);
    let stride = size.width() as usize + 1;
    let row: u64 = (1u64 << size.width()) - 1;
    for y in 0..size.height() as usize {
        let b = y * stride;
        let (wi, off) = (b / 64, b % 64);
        m.words[wi] |= row << off;
        if off + size.width() as usize > 64 {
            m.words[wi + 1] |= row >> (64 - off);
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_iter_len() {
        let size = Size::new(25, 25).unwrap();
        let mut s = PointSet::empty(size);
        for p in [Point::new(0, 0), Point::new(24, 24), Point::new(13, 7)] {
            s.insert(p);
        }
        assert_eq!(s.len(), 3);
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![Point::new(0, 0), Point::new(13, 7), Point::new(24, 24)]
        );
        assert_eq!(PointSet::full(size).len(), 625);
        assert_eq!(s.complement().len(), 622);
    }

    #[test]
    fn division_by_stride_is_exact() {
        for stride in 2..=26u32 {
            let d = DivByStride::new(stride);
            for b in 0..(WORDS * 64) as u32 {
                assert_eq!(d.div(b), b / stride, "{b} / {stride}");
            }
        }
    }

    #[test]
    fn iter_on_every_size() {
        for w in 1..=25u32 {
            for h in [1, 2, 3, 7, 19, 25] {
                let size = Size::new(w, h).unwrap();
                let all: Vec<Point> = size.points().collect();
                assert_eq!(PointSet::full(size).iter().collect::<Vec<_>>(), all);
                let odd: Vec<Point> = all.iter().copied().step_by(3).collect();
                let mut s = PointSet::empty(size);
                for &p in &odd {
                    s.insert(p);
                }
                assert_eq!(s.iter().collect::<Vec<_>>(), odd);
                assert_eq!(s.len(), odd.len());
                for (k, &p) in odd.iter().enumerate() {
                    assert_eq!(s.nth(k), Some(p));
                }
                assert_eq!(s.nth(odd.len()), None);
                assert_eq!(s.into_points().collect::<Vec<_>>(), odd);
            }
        }
    }

    #[test]
    fn words_follow_the_documented_layout() {
        for (w, h) in [
            (1, 1),
            (1, 25),
            (25, 1),
            (2, 2),
            (9, 9),
            (13, 5),
            (19, 19),
            (25, 25),
        ] {
            let size = Size::new(w, h).unwrap();
            let all: Vec<Point> = size.points().collect();
            let mut s = PointSet::empty(size);
            for &p in all.iter().step_by(3) {
                s.insert(p);
            }
            // A set built point by point, its complement and the full board.
            for s in [s, s.complement(), PointSet::full(size)] {
                let words = s.words();
                assert_eq!(words.len(), (h as usize * (w as usize + 1)).div_ceil(64));
                let mut listed = Vec::new();
                for b in 0..words.len() * 64 {
                    if words[b / 64] >> (b % 64) & 1 == 1 {
                        let stride = w as usize + 1;
                        assert_ne!(b % stride, w as usize, "guard bit set");
                        listed.push(Point::new((b % stride) as u8, (b / stride) as u8));
                    }
                }
                assert_eq!(listed, s.iter().collect::<Vec<_>>(), "{size}");
            }
        }
    }

    #[test]
    fn small_floods_are_the_word_by_word_floods() {
        // Random sets on every size whose bits fit in two words, and on the first that does
        // not (it takes the wide path both ways).
        let mut next = crate::test_rng(0x2545_F491_4F6C_DD1Du64);
        let mut small = 0;
        for n in 1..=11u32 {
            let size = Size::square(n).unwrap();
            small += usize::from(PointSet::empty(size).nwords() <= 2);
            for _ in 0..200 {
                let mut from = PointSet::empty(size);
                let mut through = PointSet::empty(size);
                for p in size.points() {
                    let r = next();
                    if r % 7 == 0 {
                        from.insert(p);
                    }
                    if r % 3 != 0 {
                        through.insert(p);
                    }
                }
                let want = from.flood_into_wide(&through);
                assert_eq!(from.flood_into(&through), want, "{size}");
                if from.nwords() <= 2 {
                    assert_eq!(from.flood_into_small(&through), want, "{size}");
                }
            }
        }
        assert_eq!(small, 10, "1x1 to 10x10 take the small path");
    }

    /// Against a count of each point's neighbours, on sets of every density over boards of
    /// several shapes (a set's points themselves counted only through their neighbours).
    #[test]
    fn the_points_with_two_neighbors_in_a_set() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for (w, h) in [
            (1, 1),
            (1, 9),
            (9, 1),
            (2, 2),
            (2, 9),
            (5, 3),
            (9, 9),
            (13, 13),
            (19, 19),
            (25, 25),
            (3, 25),
        ] {
            let size = Size::new(w, h).unwrap();
            for density in [0u64, 1, 3, 5, 7, 8] {
                let mut set = PointSet::empty(size);
                for p in size.points() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed % 8 < density {
                        set.insert(p);
                    }
                }
                let mut expected: Vec<Point> = size
                    .points()
                    .filter(|&p| size.neighbors(p).filter(|&q| set.contains(q)).count() >= 2)
                    .collect();
                expected.sort_by_key(|q| (q.y, q.x));
                let got: Vec<Point> = set.with_two_neighbors_in().iter().collect();
                assert_eq!(got, expected, "{size}, density {density}");
            }
        }
    }

    #[test]
    fn dilate_stays_on_board() {
        for (w, h) in [
            (1, 1),
            (1, 7),
            (7, 1),
            (2, 2),
            (9, 7),
            (19, 19),
            (25, 25),
            (3, 25),
        ] {
            let size = Size::new(w, h).unwrap();
            for p in size.points() {
                let mut s = PointSet::empty(size);
                s.insert(p);
                let d = s.dilate();
                let expected: Vec<Point> = {
                    let mut v: Vec<Point> = size.neighbors(p).chain([p]).collect();
                    v.sort_by_key(|q| (q.y, q.x));
                    v
                };
                assert_eq!(d.iter().collect::<Vec<_>>(), expected, "{size} {p:?}");
            }
        }
    }
}
