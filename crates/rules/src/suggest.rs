//! "Did you mean ...?": the nearest of the names a value may take to one that is none of them,
//! for the messages that refuse a mistyped value (a ruleset id, a dead-stone source, a format).

/// The name of `names` nearest to `typed` (fewest single-character insertions, deletions,
/// substitutions, ignoring case), when it is near enough to be the one meant: at most one
/// edit for a short name, two for a longer one, and never `typed` itself.
pub fn nearest<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.trim().to_lowercase();
    if typed.is_empty() {
        return None;
    }
    names
        .into_iter()
        .map(|name| (edit_distance(&typed, &name.to_lowercase()), name))
        .filter(|&(d, name)| {
            let room = if name.chars().count() <= 4 { 1 } else { 2 };
            d > 0 && d <= room
        })
        .min_by_key(|&(d, _)| d)
        .map(|(_, name)| name)
}

/// `" (did you mean `NAME`?)"` for [`nearest`], or nothing.
pub fn did_you_mean<'a>(typed: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    nearest(typed, names)
        .map(|n| format!(" (did you mean `{n}`?)"))
        .unwrap_or_default()
}

/// A name that is none of the values a choice may take (an output format, a counting method):
/// what was given and the names allowed, in their order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// The name given.
    pub given: String,
    /// The names allowed.
    pub names: Vec<String>,
}

impl UnknownName {
    /// `"one of a, b, c"`, and the nearest name if one is near (`" (did you mean `b`?)"`).
    pub fn one_of(&self) -> String {
        format!(
            "one of {}{}",
            self.names.join(", "),
            did_you_mean(&self.given, self.names.iter().map(String::as_str))
        )
    }
}

impl std::fmt::Display for UnknownName {
    /// `` `xml`: one of text, json (did you mean ...) ``, control characters escaped.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "`{}`: {}",
            crate::printer::escape_controls(&self.given),
            self.one_of()
        )
    }
}

impl std::error::Error for UnknownName {}

/// The value of `all` whose name (its `Display`) is `name`, or the error that lists them: the
/// one reading of every `FromStr` of a closed list of named values (the printers' `Format`s).
pub fn parse_named<T: Copy + std::fmt::Display>(name: &str, all: &[T]) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|v| v.to_string() == name)
        .ok_or_else(|| UnknownName {
            given: name.to_string(),
            names: all.iter().map(T::to_string).collect(),
        })
}

/// `Display` (its `name()`) and `FromStr` (by [`parse_named`] over its `ALL`) for a closed list
/// of named values, such as each printer family's `Format`: `named_values!(Format);` where
/// `Format` has `const ALL` and `fn name(self) -> &'static str`.
#[macro_export]
macro_rules! named_values {
    ($ty:ty) => {
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = $crate::suggest::UnknownName;

            /// The value called `name` (one of `ALL` by its name).
            fn from_str(name: &str) -> ::std::result::Result<$ty, Self::Err> {
                $crate::suggest::parse_named(name, &<$ty>::ALL)
            }
        }
    };
}

/// Levenshtein distance between `a` and `b`, by characters. Both are short (names of values),
/// but the cost is bounded anyway: a name over 64 characters is as far as its length.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len() > 64 || b.len() > 64 {
        return a.len().max(b.len());
    }
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_near_name_is_suggested_and_a_far_one_is_not() {
        let sources = ["auto", "markup", "estimate", "engine", "none"];
        assert_eq!(nearest("estimated", sources), Some("estimate"));
        assert_eq!(nearest("Estimat", sources), Some("estimate"));
        assert_eq!(nearest("markupp", sources), Some("markup"));
        assert_eq!(nearest("non", sources), Some("none"));
        assert_eq!(nearest("D4", sources), None);
        assert_eq!(nearest("estimate", sources), None);
        assert_eq!(nearest("", sources), None);
        assert_eq!(
            nearest("japanse", ["japanese", "chinese"]),
            Some("japanese")
        );
        assert_eq!(
            did_you_mean("jsn", ["json", "jsonl", "csv"]),
            " (did you mean `json`?)"
        );
        assert_eq!(did_you_mean("yaml", ["json", "jsonl", "csv"]), "");
    }

    #[test]
    fn edit_distance_counts_single_character_edits() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("abc", "abc"), 0);
        assert_eq!(edit_distance("ab", "ba"), 2);
    }
}
