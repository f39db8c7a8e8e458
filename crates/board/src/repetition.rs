//! A count per board hash ([`crate::Board::hash`]), for the repetition checks of every move
//! (positional superko: has this position occurred before?): an open-addressing table keyed
//! by the Zobrist hash itself, emptied through the list of its used slots.
//!
//! ```
//! use gorules_board::{Board, Color, HashCounts, Point, Size};
//!
//! let mut board = Board::new(Size::square(9).unwrap());
//! let mut seen = HashCounts::with_capacity(3 * 81);
//! seen.add(board.hash(), 1);
//! // A play is legal under positional superko if it is no suicide and makes a new position.
//! let p = Point::new(4, 4);
//! let preview = board.preview(Color::Black, p).unwrap();
//! assert!(preview.suicide == 0 && seen.get(preview.hash) == 0);
//! board.play(Color::Black, p).unwrap();
//! assert_eq!(seen.add(board.hash(), 1), 0);
//! ```

/// One slot: a hash and how often it occurs (0: the slot is free, whatever `hash` holds).
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    hash: u64,
    count: u32,
}

/// How often each hash was added. Zobrist hashes are uniformly random, so their low bits
/// index the table directly (linear probing, at most half full). [`HashCounts::clear`] frees
/// only the slots in use, so a table emptied after every game costs as much as the game used.
#[derive(Clone, Debug)]
pub struct HashCounts {
    slots: Vec<Slot>,
    /// Indices of the slots in use, in the order they were taken.
    used: Vec<u32>,
}

/// Slots of a table made with no room asked for.
const MIN_SLOTS: usize = 16;

impl Default for HashCounts {
    fn default() -> HashCounts {
        HashCounts::with_capacity(0)
    }
}

impl HashCounts {
    /// An empty table with room for `room` distinct hashes before it grows.
    pub fn with_capacity(room: usize) -> HashCounts {
        let n = (2 * room).next_power_of_two().max(MIN_SLOTS);
        HashCounts {
            slots: vec![Slot::default(); n],
            used: Vec::with_capacity(n / 2),
        }
    }

    /// The index of `hash`'s slot, or of the free slot where it would go.
    #[inline]
    fn find(&self, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let s = self.slots[i];
            if s.count == 0 || s.hash == hash {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// How often `hash` was added.
    #[inline]
    pub fn get(&self, hash: u64) -> u32 {
        self.slots[self.find(hash)].count
    }

    /// The free slot where `hash` would go, if `hash` was never added (for
    /// [`HashCounts::insert_at`]).
    #[inline]
    pub fn free_slot(&self, hash: u64) -> Option<usize> {
        let i = self.find(hash);
        (self.slots[i].count == 0).then_some(i)
    }

    /// Adds the first occurrence of `hash` in `slot`, the answer of [`HashCounts::free_slot`]
    /// for it with no change to the table since: one probe for the question and the insert.
    #[inline]
    pub fn insert_at(&mut self, slot: usize, hash: u64) {
        debug_assert_eq!(
            self.find(hash),
            slot,
            "the free slot of another table or hash"
        );
        debug_assert_eq!(self.slots[slot].count, 0, "the slot is in use");
        self.slots[slot] = Slot { hash, count: 1 };
        self.used.push(slot as u32);
        if 2 * self.used.len() > self.slots.len() {
            self.grow();
        }
    }

    /// Adds `n` (at least 1) occurrences of `hash`; returns how often it occurred before.
    #[inline]
    pub fn add(&mut self, hash: u64, n: u32) -> u32 {
        let i = self.find(hash);
        let slot = &mut self.slots[i];
        let before = slot.count;
        slot.hash = hash;
        slot.count = before + n;
        if before == 0 {
            self.used.push(i as u32);
            if 2 * self.used.len() > self.slots.len() {
                self.grow();
            }
        }
        before
    }

    /// Doubles the slots and puts every hash back (rare: tables are made with room for a
    /// game).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let entries: Vec<Slot> = self.used.iter().map(|&i| self.slots[i as usize]).collect();
        *self = HashCounts {
            slots: vec![Slot::default(); 2 * self.slots.len()],
            used: Vec::with_capacity(self.slots.len()),
        };
        for s in entries {
            self.add(s.hash, s.count);
        }
    }

    /// Whether no hash was added.
    pub fn is_empty(&self) -> bool {
        self.used.is_empty()
    }

    /// Every hash and its count, in the order they were first added.
    pub fn iter(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        self.used.iter().map(|&i| {
            let s = self.slots[i as usize];
            (s.hash, s.count)
        })
    }

    /// Empties the table, keeping its slots.
    pub fn clear(&mut self) {
        for i in self.used.drain(..) {
            self.slots[i as usize].count = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_hashes_that_share_slots_and_survive_growth_and_clearing() {
        let mut t = HashCounts::with_capacity(2);
        assert_eq!(t.slots.len(), MIN_SLOTS);
        // Hashes 0, 16, 32, ... all start at slot 0; 0 is a hash like any other.
        let hashes: Vec<u64> = (0..40).map(|k| k * 16).chain([1, u64::MAX]).collect();
        for (k, &h) in hashes.iter().enumerate() {
            assert_eq!(t.add(h, 1), 0);
            assert_eq!(t.add(h, 1 + k as u32), 1);
        }
        assert!(t.slots.len() >= 2 * hashes.len());
        for (k, &h) in hashes.iter().enumerate() {
            assert_eq!(t.get(h), 2 + k as u32);
        }
        assert_eq!(t.get(7), 0);
        let listed: Vec<(u64, u32)> = t.iter().collect();
        let expected: Vec<(u64, u32)> = hashes
            .iter()
            .enumerate()
            .map(|(k, &h)| (h, 2 + k as u32))
            .collect();
        assert_eq!(listed, expected);
        t.clear();
        assert!(t.is_empty());
        // A free slot, then an insert there, as `add` would do it (growth included).
        let mut u = HashCounts::with_capacity(2);
        for (k, &h) in hashes.iter().enumerate() {
            let slot = u.free_slot(h).expect("a hash not added yet");
            u.insert_at(slot, h);
            assert_eq!(u.free_slot(h), None);
            assert_eq!(u.get(h), 1, "hash {k}");
        }
        assert!(hashes.iter().all(|&h| u.get(h) == 1));
        assert_eq!(u.iter().map(|(h, _)| h).collect::<Vec<_>>(), hashes);
        assert!(hashes.iter().all(|&h| t.get(h) == 0));
        assert_eq!(t.add(16, 2), 0);
        assert_eq!((t.get(16), t.get(0)), (2, 0));
    }
}
