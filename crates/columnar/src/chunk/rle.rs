//! Parquet's RLE / bit-packing hybrid encoding (Parquet format, "Encodings",
//! "Run Length Encoding / Bit-Packing Hybrid (RLE = 3)"), in which a data page stores its
//! definition levels and its dictionary indices.
//!
//! The encoded values are a sequence of runs, each with a ULEB128 header:
//! - a repeated run, header `count << 1`, then the value in `ceil(bit_width / 8)` bytes, little
//!   endian;
//! - a bit-packed run, header `groups << 1 | 1`, then `groups * 8` values of `bit_width` bits
//!   each, packed from the least significant bit of each byte on. Only the last run of the
//!   values may be padded (with zeros) to a whole group: a reader takes as many values as the
//!   page holds.
//!
//! A run of 8 equal values or more is written as a repeated run; shorter ones are bit-packed.

/// The bits needed to write every number up to `max` (0 for 0).
pub(crate) fn bit_width(max: u64) -> u8 {
    (64 - max.leading_zeros()) as u8
}

/// Appends `values`, each at most `bit_width` bits wide, to `out`.
pub(crate) fn encode<T: Copy + PartialEq + Into<u32>>(
    values: &[T],
    bit_width: u8,
    out: &mut Vec<u8>,
) {
    debug_assert!(bit_width <= 32);
    let n = values.len();
    // Values before `i` from `packed` on are waiting to be bit-packed.
    let mut packed = 0;
    let mut i = 0;
    while i < n {
        let v = values[i];
        let mut end = i + 1;
        while end < n && values[end] == v {
            end += 1;
        }
        let run = end - i;
        if run >= 8 {
            // The values waiting are bit-packed in whole groups of 8: the first values of the
            // run fill their last group, and what is left of the run, if still 8 or more, is
            // a repeated run.
            let fill = (8 - (i - packed) % 8) % 8;
            if run - fill >= 8 {
                bit_pack(&values[packed..i + fill], bit_width, out);
                repeat(v.into(), run - fill, bit_width, out);
                packed = end;
            }
        }
        i = end;
    }
    bit_pack(&values[packed..], bit_width, out);
}

/// Appends `v` as an unsigned LEB128 number.
fn uleb128(mut v: u64, out: &mut Vec<u8>) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Appends a repeated run of `count` times `v`.
pub(crate) fn repeat(v: u32, count: usize, bit_width: u8, out: &mut Vec<u8>) {
    uleb128((count as u64) << 1, out);
    let bytes = usize::from(bit_width).div_ceil(8);
    out.extend_from_slice(&v.to_le_bytes()[..bytes]);
}

/// Appends `values` as one bit-packed run, the last group padded with zeros.
fn bit_pack<T: Copy + Into<u32>>(values: &[T], bit_width: u8, out: &mut Vec<u8>) {
    if values.is_empty() {
        return;
    }
    let groups = values.len().div_ceil(8);
    uleb128(((groups as u64) << 1) | 1, out);
    let width = u32::from(bit_width);
    let start = out.len();
    let mut acc: u64 = 0;
    let mut bits = 0;
    for &v in values {
        acc |= u64::from(v.into()) << bits;
        bits += width;
        while bits >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            bits -= 8;
        }
    }
    if bits > 0 {
        out.push(acc as u8);
    }
    // The padding values (zeros) of the last group.
    out.resize(start + groups * usize::from(bit_width), 0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Reads `n` values back, as the Parquet format's description of the hybrid encoding says a
    /// reader does (written from that description, not from the encoder above).
    fn decode(mut bytes: &[u8], bit_width: u8, n: usize) -> Vec<u32> {
        let mut out = Vec::new();
        while out.len() < n {
            let mut header = 0u64;
            let mut shift = 0;
            loop {
                let b = bytes[0];
                bytes = &bytes[1..];
                header |= u64::from(b & 0x7f) << shift;
                shift += 7;
                if b & 0x80 == 0 {
                    break;
                }
            }
            if header & 1 == 0 {
                let count = (header >> 1) as usize;
                let width = usize::from(bit_width).div_ceil(8);
                let mut le = [0u8; 4];
                le[..width].copy_from_slice(&bytes[..width]);
                bytes = &bytes[width..];
                out.extend(std::iter::repeat_n(u32::from_le_bytes(le), count));
            } else {
                let count = (header >> 1) as usize * 8;
                let len = count * usize::from(bit_width) / 8;
                let (run, rest) = bytes.split_at(len);
                bytes = rest;
                for k in 0..count {
                    let mut v = 0u32;
                    for b in 0..usize::from(bit_width) {
                        let bit = k * usize::from(bit_width) + b;
                        v |= u32::from((run[bit / 8] >> (bit % 8)) & 1) << b;
                    }
                    out.push(v);
                }
            }
        }
        assert!(bytes.is_empty(), "bytes left after the values");
        out.truncate(n);
        out
    }

    #[test]
    fn bit_widths() {
        assert_eq!(bit_width(0), 0);
        assert_eq!(bit_width(1), 1);
        assert_eq!(bit_width(2), 2);
        assert_eq!(bit_width(3), 2);
        assert_eq!(bit_width(255), 8);
        assert_eq!(bit_width(256), 9);
        assert_eq!(bit_width(u64::from(u32::MAX)), 32);
    }

    #[test]
    fn a_long_run_is_one_repeated_run() {
        let mut out = Vec::new();
        encode(&[5u32; 1000], 3, &mut out);
        // 2000 = 0b1111_1010000 as LEB128: 0xd0 0x0f; then the value in one byte.
        assert_eq!(out, [0xd0, 0x0f, 5]);
    }

    #[test]
    fn short_runs_are_bit_packed_least_significant_bit_first() {
        let mut out = Vec::new();
        // The Parquet format's own example: 0..=7 at 3 bits.
        encode(&[0u32, 1, 2, 3, 4, 5, 6, 7], 3, &mut out);
        assert_eq!(out, [0b11, 0b1000_1000, 0b1100_0110, 0b1111_1010]);
    }

    #[test]
    fn values_before_a_run_fill_their_group_from_it() {
        let mut out = Vec::new();
        let mut values = vec![1u32, 2, 3];
        values.extend([0; 20]);
        encode(&values, 2, &mut out);
        // One group of 8 (1, 2, 3 and five zeros), then 15 zeros repeated.
        assert_eq!(out, [0b11, 0b00_11_10_01, 0, 30, 0]);
        assert_eq!(decode(&out, 2, values.len()), values);
    }

    proptest! {
        #[test]
        fn round_trip(
            bit_width in 0u8..=32,
            runs in prop::collection::vec((any::<u32>(), 1usize..20), 0..60),
        ) {
            let mask = if bit_width == 32 { u32::MAX } else { (1u32 << bit_width) - 1 };
            let values: Vec<u32> = runs
                .iter()
                .flat_map(|&(v, n)| std::iter::repeat_n(v & mask, n))
                .collect();
            let mut out = Vec::new();
            encode(&values, bit_width, &mut out);
            prop_assert_eq!(decode(&out, bit_width, values.len()), values);
        }

        #[test]
        fn round_trip_of_levels(levels in prop::collection::vec(0u8..=1, 0..300)) {
            // Definition levels are bytes, at 1 bit.
            let mut out = Vec::new();
            encode(&levels, 1, &mut out);
            let wanted: Vec<u32> = levels.iter().map(|&l| u32::from(l)).collect();
            prop_assert_eq!(decode(&out, 1, levels.len()), wanted);
        }
    }
}
