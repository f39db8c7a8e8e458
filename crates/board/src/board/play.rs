//! Previews and plays: what a play would do (captures, suicide, the hash after it), and
//! making it.

use super::*;

/// What [`Board::preview_at`] computes of the hash: nothing, ...
pub(super) const NO_HASH: u8 = 0;
/// ... the hash after a legal play (not after a suicide), ...
pub(super) const HASH_IF_LEGAL: u8 = 1;
/// ... or the hash in every case.
pub(super) const FULL_HASH: u8 = 2;

/// All ones if `b`, else zero: selects a value without a branch.
#[inline(always)]
pub(super) fn mask64(b: bool) -> u64 {
    (b as u64).wrapping_neg()
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

/// What a board play would do, found without changing the board; also the token that lets
/// [`Board::play_previewed`] make the play without finding it again. It remembers the
/// position, colour and point it was made for, so a preview of another position is never
/// trusted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preview {
    /// Opponent stones it would capture.
    pub captures: u32,
    /// Own stones a suicide would remove (the new stone included), or 0.
    pub suicide: u32,
    /// The position hash after the play (suicide applied if it is one).
    pub hash: u64,
    /// The position hash before the play ([`Board::hash`]).
    before: u64,
    /// The padded index of the point.
    at: u16,
    /// The colour played.
    color: Color,
}

impl Board {
    /// What a play by `c` at `p` would do, without changing the board: for deciding on a
    /// play (a ko or superko rule on [`Preview::hash`], a suicide rule), which
    /// [`Board::play_previewed`] then makes without a second preview.
    pub fn preview(&self, c: Color, p: Point) -> Result<Preview, PlayError> {
        let i = self.empty_index(p)?;
        Ok(self.preview_at::<FULL_HASH>(c, i))
    }

    /// The padded index of `p` if it is an empty point of the board.
    #[inline]
    pub(super) fn empty_index(&self, p: Point) -> Result<usize, PlayError> {
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
    pub(super) fn preview_at<const HASH: u8>(&self, c: Color, i: usize) -> Preview {
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
                before: self.hash,
                at: i as u16,
                color: c,
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
            before: self.hash,
            at: i as u16,
            color: c,
        }
    }

    /// Plays a stone of colour `c` at `p`: captures opponent chains left without liberties,
    /// then refuses a suicide (the board is unchanged on error). A play already previewed is
    /// made more cheaply by [`Board::play_previewed`] (or [`Board::play_if`]).
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

    /// Plays a stone like [`Board::play_allowing_suicide`], given the play's `preview` from
    /// [`Board::preview`]: when the preview is of this position, colour and point (the board
    /// has not changed since, or has come back to the same position), a play it found to
    /// capture nothing and not to be a suicide (most plays) is placed without looking for
    /// captures again, and one that captures without a second preview. For a caller that
    /// previews a play to decide on it (a ko, superko or suicide rule) and then makes it. A
    /// preview of another position, colour or point is not trusted: the play is then found as
    /// [`Board::play_allowing_suicide`] finds it.
    pub fn play_previewed(
        &mut self,
        c: Color,
        p: Point,
        preview: &Preview,
    ) -> Result<Placed, PlayError> {
        let i = self.empty_index(p)?;
        let current =
            (preview.before == self.hash) & (usize::from(preview.at) == i) & (preview.color == c);
        debug_assert!(
            !current || self.preview_at::<FULL_HASH>(c, i) == *preview,
            "a preview of this position's hash, but not of this position"
        );
        let previewed = (current && preview.suicide == 0).then_some(preview.captures > 0);
        Ok(self.play_at(c, i, previewed))
    }

    /// Places the stone on the empty padded index `i` and resolves captures and suicide.
    /// `previewed` is `Some(captures)` when a preview found the play legal and whether it
    /// captures: then nothing needs to be looked for when it does not, and there is no suicide.
    pub(super) fn play_at(&mut self, c: Color, i: usize, previewed: Option<bool>) -> Placed {
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
}
