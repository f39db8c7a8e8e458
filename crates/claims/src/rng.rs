//! A small deterministic random number generator (SplitMix64) and the derivation of per-game
//! seeds from a run seed, so that game `i` of a run is the same whatever the number of threads.

/// SplitMix64: fast, deterministic, good enough for random games.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// True with probability `per_mille / 1000`.
    #[inline]
    pub fn chance(&mut self, per_mille: u32) -> bool {
        per_mille > 0 && (self.below(1000) as u32) < per_mille
    }
}

/// The SplitMix64 output function: a bijective mix of 64 bits.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` of a run started with `run_seed`.
pub fn game_seed(run_seed: u64, index: u64) -> u64 {
    mix(mix(run_seed ^ 0x6A09_E667_F3BC_C908)
        .wrapping_add(index.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}
