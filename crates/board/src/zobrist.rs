//! Zobrist keys, generated at compile time from a fixed seed (reproducible across runs).

use crate::Color;

/// Number of padded board cells: a 25x25 board with a one-cell border on each side.
pub(crate) const PADDED_CELLS: usize = 27 * 27;

/// Per-cell storage slots: a power of two above [`PADDED_CELLS`], so that masking an index
/// with `SLOTS - 1` keeps it in range without a bounds check.
pub(crate) const SLOTS: usize = 1024;

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Keys for the padded cells of both colours, drawn in the order of the first version of this
/// table (all black cells, then all white cells); the slots past [`PADDED_CELLS`] are never
/// used by a stone and stay 0.
const fn make_table() -> [[u64; SLOTS]; 2] {
    let mut table = [[0u64; SLOTS]; 2];
    let mut state = 0x676F_7275_6C65_7321; // "gorules!"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < PADDED_CELLS {
            let (s, v) = splitmix64(state);
            state = s;
            table[c][i] = v;
            i += 1;
        }
        c += 1;
    }
    table
}

static TABLE: [[u64; SLOTS]; 2] = make_table();

/// The key of a stone of colour `c` at padded index `i`.
#[inline]
pub(crate) fn stone_key(c: Color, i: usize) -> u64 {
    debug_assert!(i < PADDED_CELLS);
    TABLE[c.index()][i & (SLOTS - 1)]
}

/// A key to combine with a position hash for "this colour is to move", so that situational
/// superko can compare (position, player to move) pairs with one number.
pub fn side_to_move_key(c: Color) -> u64 {
    match c {
        Color::Black => 0x2F6C_3B8E_91D4_A5C7,
        Color::White => 0xD1A4_6E0B_37F2_8C59,
    }
}
