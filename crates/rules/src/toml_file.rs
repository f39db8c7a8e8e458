//! Reading a ruleset from TOML: syntax, unknown keys, wrong values and contradictory settings
//! are refused with the file, line and column, what is wrong and what is allowed. Which keys a
//! section accepts, which a file must set and how each is read come from the knob table
//! ([`crate::knob`]); this module adds the file's own keys and the checks between knobs.
//!
//! A file either sets every knob, or names a ruleset it `extends` and sets only what differs:
//!
//! ```toml
//! id = "concord-no-last-pass"
//! name = "Concord without the last-pass rule"
//! extends = "concord"
//!
//! [end]
//! end-of-play = "two-passes"
//! ```

use std::fmt;
use std::ops::Range;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::knob::{assemble, About, RawEnd, RawPlay, RawScoring};
use crate::ruleset::*;

/// A ruleset file that could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetError {
    /// The file (or the built-in name) the text came from.
    pub file: String,
    /// 1-based line, when the problem has a place in the text.
    pub line: Option<usize>,
    /// 1-based column, when the problem has a place in the text.
    pub column: Option<usize>,
    /// What is wrong, and what is allowed.
    pub message: String,
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{l}:{c}: {}", self.file, self.message),
            (Some(l), None) => write!(f, "{}:{l}: {}", self.file, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for RulesetError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawFile {
    id: Spanned<String>,
    name: Option<String>,
    description: Option<String>,
    source: Option<String>,
    extends: Option<Spanned<String>>,
    #[serde(default)]
    play: RawPlay,
    #[serde(default)]
    end: RawEnd,
    #[serde(default)]
    scoring: RawScoring,
}

struct Ctx<'a> {
    file: &'a str,
    text: &'a str,
}

impl Ctx<'_> {
    fn error_at(&self, span: Option<Range<usize>>, message: impl Into<String>) -> RulesetError {
        let (line, column) = match span {
            Some(s) => {
                let (l, c) = line_col(self.text, s.start);
                (Some(l), Some(c))
            }
            None => (None, None),
        };
        RulesetError {
            file: self.file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

/// 1-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Parses a ruleset from TOML text. `file` names the text in error messages; `resolve` finds
/// the ruleset named by `extends` (built-in ids).
pub(crate) fn parse_ruleset(
    text: &str,
    file: &str,
    resolve: &dyn Fn(&str) -> Option<Ruleset>,
) -> Result<Ruleset, RulesetError> {
    let ctx = Ctx { file, text };
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        let message = e.message().trim().replace('\n', " ");
        ctx.error_at(e.span(), message)
    })?;
    let base = match &raw.extends {
        Some(name) => Some(resolve(name.get_ref()).ok_or_else(|| {
            ctx.error_at(
                Some(name.span()),
                format!(
                    "`extends = {:?}`: no built-in ruleset has that id (see `gorules rules list`)",
                    name.get_ref()
                ),
            )
        })?),
        None => None,
    };
    build(&ctx, raw, base)
}

fn build(ctx: &Ctx, raw: RawFile, base: Option<Ruleset>) -> Result<Ruleset, RulesetError> {
    let id = raw.id.get_ref().clone();
    let id_ok = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !id_ok {
        return Err(ctx.error_at(
            Some(raw.id.span()),
            format!("id {id:?}: use lower-case letters, digits and '-' only, e.g. \"my-rules\""),
        ));
    }
    let b = base.as_ref();
    let about = About {
        name: raw
            .name
            .clone()
            .or_else(|| b.map(|b| format!("{} (modified)", b.name)))
            .unwrap_or_else(|| id.clone()),
        description: raw
            .description
            .clone()
            .or_else(|| b.map(|b| format!("Based on {}: {}", b.id, b.description)))
            .unwrap_or_default(),
        source: raw
            .source
            .clone()
            .or_else(|| b.map(|b| b.source.clone()))
            .unwrap_or_default(),
        id,
    };
    let rs = assemble(about, &raw.play, &raw.end, &raw.scoring, b).map_err(|key| {
        ctx.error_at(
            None,
            format!(
                "missing key `{key}`: set it, or name a ruleset to start from with `extends = \"ID\"`"
            ),
        )
    })?;
    validate(ctx, &raw, &rs)?;
    Ok(rs)
}

/// The span of a key if the file sets it, else `None` (the value came from `extends`).
fn span<T>(v: &Option<Spanned<T>>) -> Option<Range<usize>> {
    v.as_ref().map(|s| s.span())
}

/// Every counting method, quoted as a file writes it: `"area", "territory", "stone"`.
fn every_counting() -> String {
    Counting::ALL
        .iter()
        .map(|c| format!("{:?}", c.name()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Refuses settings that contradict each other, naming the place of the knob that the file
/// sets (else of the one it conflicts with).
fn validate(ctx: &Ctx, raw: &RawFile, rs: &Ruleset) -> Result<(), RulesetError> {
    let s = &raw.scoring;
    if rs.counting.is_empty() {
        return Err(ctx.error_at(
            span(&s.counting),
            format!(
                "`counting` is empty: allow at least one of {}",
                every_counting()
            ),
        ));
    }
    let mut seen = Vec::new();
    for c in &rs.counting {
        if seen.contains(c) {
            return Err(ctx.error_at(
                span(&s.counting),
                format!("`counting` names {:?} twice", c.name()),
            ));
        }
        seen.push(*c);
    }
    let allowed = |c: &Counting| rs.counting.contains(c);
    let names = rs
        .counting
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(" and ");
    for (k, bonus) in rs.bonuses.iter().enumerate() {
        let at = s
            .bonuses
            .as_ref()
            .and_then(|l| l.get_ref().get(k))
            .map(|b| b.span());
        if bonus.counting.is_empty() {
            return Err(ctx.error_at(
                at,
                format!(
                    "a bonus with an empty `counting` list never applies: name one or more of {}",
                    every_counting()
                ),
            ));
        }
        if let Some(c) = bonus.counting.iter().find(|c| !allowed(c)) {
            return Err(ctx.error_at(
                at.or(span(&s.counting)),
                format!(
                    "contradictory settings: a bonus applies to {} counting, but `counting` allows only {names}",
                    c.name()
                ),
            ));
        }
        if !bonus.points.is_finite() || bonus.points.abs() > 1000.0 {
            return Err(ctx.error_at(at, "bonus `points` must be a number from -1000 to 1000"));
        }
    }
    if rs.handicap_compensation != HandicapCompensation::None
        && !rs.counting.iter().any(|c| c.counts_stones())
    {
        return Err(ctx.error_at(
            span(&s.handicap_compensation).or(span(&s.counting)),
            format!(
                "contradictory settings: `handicap-compensation` applies under area and stone \
                 counting only, but `counting` allows only {names}; use \"none\""
            ),
        ));
    }
    if rs.long_cycle == LongCycleRule::NoResult && rs.ko != KoRule::Simple {
        return Err(ctx.error_at(
            span(&raw.play.long_cycle).or(span(&raw.play.ko)),
            "contradictory settings: `long-cycle = \"no-result\"` needs `ko = \"simple\"` (a superko rule \
             already forbids every cycle); use `long-cycle = \"continue\"`",
        ));
    }
    let e = &raw.end;
    if rs.dead_stones == DeadStones::AsTheyStand {
        if rs.play_until_captured {
            return Err(ctx.error_at(
                span(&e.play_until_captured).or(span(&e.dead_stones)),
                "contradictory settings: `play-until-captured = true` needs `dead-stones = \"agreement\"` \
                 (with \"as-they-stand\" there is nothing to dispute)",
            ));
        }
        if rs.resumption_double_pass_ends {
            return Err(ctx.error_at(
                span(&e.resumption_double_pass_ends).or(span(&e.dead_stones)),
                "contradictory settings: `resumption-double-pass-ends = true` needs `dead-stones = \"agreement\"`",
            ));
        }
    }
    // The komi the file sets (one from `extends` was checked in its own file).
    for (v, key) in [(&s.komi, "komi"), (&s.handicap_komi, "handicap-komi")] {
        let Some(v) = v else { continue };
        if let Err(e) = crate::Komi::new(*v.get_ref()) {
            return Err(ctx.error_at(Some(v.span()), format!("`{key}` = {}: {e}", v.get_ref())));
        }
    }
    Ok(())
}

/// The largest ruleset file read (1 MiB: every built-in ruleset is a few kilobytes).
pub const MAX_RULESET_FILE_SIZE: u64 = 1024 * 1024;

/// The text of the ruleset file at `path`, read as every input file is
/// ([`gorules_files::read_file`]): a regular file, at most [`MAX_RULESET_FILE_SIZE`] bytes,
/// UTF-8 (TOML is).
pub fn read_ruleset_text(path: &Path) -> Result<String, RulesetError> {
    let file = path.display().to_string();
    let fail = |message: String| RulesetError {
        file: file.clone(),
        line: None,
        column: None,
        message,
    };
    let bytes = gorules_files::read_file(path, MAX_RULESET_FILE_SIZE)
        .map_err(|e| fail(format!("cannot read the file: {}", e.kind)))?;
    String::from_utf8(bytes).map_err(|e| {
        fail(format!(
            "cannot read the file: not UTF-8 text (byte {} is not part of a UTF-8 character)",
            e.utf8_error().valid_up_to() + 1
        ))
    })
}

/// Reads a ruleset from a TOML file.
pub(crate) fn read_ruleset_file(
    path: &Path,
    resolve: &dyn Fn(&str) -> Option<Ruleset>,
) -> Result<Ruleset, RulesetError> {
    let text = read_ruleset_text(path)?;
    parse_ruleset(&text, &path.display().to_string(), resolve)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        assert_eq!(line_col("ab\ncd", 0), (1, 1));
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
    }
}
