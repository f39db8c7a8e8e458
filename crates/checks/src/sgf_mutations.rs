//! Small edits of an SGF text, for property tests that mutate valid records: the SGF
//! reader's fuzz test (`record_fuzz` of `gorules-sgf`) and the one from bytes to every output
//! format (`record_bytes_fuzz` of `gorules-compare`). Only with the `proptest` feature.

use proptest::prelude::*;

/// One edit of a text, at a position taken modulo its length.
#[derive(Clone, Debug)]
pub enum Edit {
    /// Remove up to this many characters.
    Delete(usize, usize),
    /// Insert a character.
    Insert(usize, char),
    /// Replace a character.
    Replace(usize, char),
    /// Repeat up to this many characters in place.
    Duplicate(usize, usize),
}

/// An edit that inserts or substitutes characters of `alphabet`.
pub fn edit(alphabet: &'static [char]) -> impl Strategy<Value = Edit> {
    let c = proptest::sample::select(alphabet);
    prop_oneof![
        (any::<usize>(), 1usize..6).prop_map(|(i, n)| Edit::Delete(i, n)),
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        (any::<usize>(), c).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), 1usize..30).prop_map(|(i, n)| Edit::Duplicate(i, n)),
    ]
}

/// `seed` with `edits` applied in turn.
pub fn apply(seed: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for e in edits {
        let len = chars.len();
        match *e {
            Edit::Delete(i, n) if len > 0 => {
                let i = i % len;
                chars.drain(i..(i + n).min(len));
            }
            Edit::Insert(i, c) => chars.insert(i % (len + 1), c),
            Edit::Replace(i, c) if len > 0 => chars[i % len] = c,
            Edit::Duplicate(i, n) if len > 0 => {
                let i = i % len;
                let piece: Vec<char> = chars[i..(i + n).min(len)].to_vec();
                chars.splice(i..i, piece);
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}
