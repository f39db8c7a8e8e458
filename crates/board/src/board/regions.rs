//! Empty regions, eyes and territory.

use super::*;

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
    /// stone would be a suicide of that stone alone ([`Board::is_single_stone_suicide`]). Also
    /// the one point of a 1x1 board, for either colour: it has no neighbour, so no liberty.
    SingleStoneSuicide,
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

impl Board {
    /// Whether every on-board orthogonal neighbour of the empty point `p` is a stone of colour
    /// `c` (an "eye-like" point; the usual playout policy never fills these). False for an
    /// occupied or off-board point, and for the one point of a 1x1 board: it has no neighbour
    /// at all, and a stone there is a suicide for either colour
    /// ([`Board::is_single_stone_suicide`]).
    #[inline]
    pub fn is_eye_like(&self, c: Color, p: Point) -> bool {
        if !self.size.contains(p) {
            return false;
        }
        let i = self.idx(p);
        // A neighbour qualifies if it holds `want` or is a border cell (Border = 3 has both
        // colour bits set); `&` rather than `&&` keeps it free of branches.
        // The four cells ANDed together keep the colour bit only if every one has it; both
        // bits only if all four are the border (1x1), which is no eye.
        let want = Cell::of(c) as u8;
        let all = self.neighbors(i).map(|n| self.cells[n] as u8);
        let common = all[0] & all[1] & all[2] & all[3];
        (self.cells[i] == Cell::Empty) & (common & want != 0) & (common != Cell::Border as u8)
    }

    /// Whether a stone of colour `c` at the empty point `p` would be a suicide of that stone
    /// alone ([`Preview::suicide`] would be 1): every on-board neighbour is an opponent stone
    /// and none of their chains is in atari, so the play captures nothing. Much cheaper than a
    /// preview, for rejecting the opponent's eyes. False for an occupied or off-board point;
    /// true for the one point of a 1x1 board (no neighbour, so no liberty).
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
        // (all four the border only on a 1x1 board: both bits, no eye, and the point is a
        // suicide, as below). 0 when some neighbour is empty or the colours mix: most points,
        // one branch.
        let all = nb.map(|n| self.cells[n] as u8);
        let common = all[0] & all[1] & all[2] & all[3];
        if (common == 0) | (self.cells[i] != Cell::Empty) {
            return Enclosure::Open;
        }
        if (common & Cell::of(c) as u8 != 0) & (common != Cell::Border as u8) {
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
}
