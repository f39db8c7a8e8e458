//! A claim ready to test: the parsed expression and the rulesets it names, loaded.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use gorules_rules::printer::escape_controls;
use gorules_rules::{load, parse, Counting, Ruleset};

use crate::expr::{Expr, ParseError, ScoreRef};
use crate::named::{self, NamedClaim};

/// Ruleset files the named claims use, embedded so that the named claims work from any
/// directory: `(path as written in the claim, TOML text)`. A file at that path, if there is one,
/// wins over the embedded copy.
pub const BUNDLED_RULESETS: &[(&str, &str)] = &[(
    "tests/fixtures/rulesets/concord-two-passes.toml",
    include_str!("../../../tests/fixtures/rulesets/concord-two-passes.toml"),
)];

/// A claim that cannot be used: where in its text, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimError {
    /// The claim text.
    pub text: String,
    /// 1-based column of the problem (0 when it is not in the text, e.g. an unknown name).
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for ClaimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column == 0 {
            return f.write_str(&self.message);
        }
        writeln!(f, "bad claim at column {}: {}", self.column, self.message)?;
        // The text around the column (a long claim is cut to it), control characters escaped,
        // and a caret under the column.
        let chars: Vec<char> = self.text.chars().collect();
        let at = (self.column - 1).min(chars.len());
        let from = at.saturating_sub(EXCERPT);
        let to = (at + EXCERPT).min(chars.len());
        let piece = |r: &[char]| escape_controls(&r.iter().collect::<String>());
        let before = format!(
            "{}{}",
            if from > 0 { "..." } else { "" },
            piece(&chars[from..at])
        );
        let after = format!(
            "{}{}",
            piece(&chars[at..to]),
            if to < chars.len() { "..." } else { "" }
        );
        writeln!(f, "  {before}{after}")?;
        write!(f, "  {}^", " ".repeat(before.chars().count()))
    }
}

/// How many characters of a claim are shown on each side of a problem's column.
const EXCERPT: usize = 40;

impl std::error::Error for ClaimError {}

impl From<(ParseError, &str)> for ClaimError {
    fn from((e, text): (ParseError, &str)) -> ClaimError {
        ClaimError {
            text: text.to_string(),
            column: e.column,
            message: e.message,
        }
    }
}

/// A claim: its expression, the rulesets it names (loaded), and its name if it is a named
/// claim.
#[derive(Clone, Debug)]
pub struct Claim {
    name: Option<&'static NamedClaim>,
    expr: Expr,
    rulesets: Vec<Arc<Ruleset>>,
    /// For each score of the expression, the index of its ruleset in `rulesets`.
    score_ruleset: Vec<usize>,
    /// For each ruleset, the countings of its scores other than play-outs, each once.
    plain_countings: Vec<Vec<Counting>>,
}

/// Loads a ruleset named in a claim: a built-in id, a TOML file, or a file the named claims
/// bundle.
pub fn load_ruleset(name: &str) -> Result<Ruleset, String> {
    if !Path::new(name).exists() {
        if let Some((path, text)) = BUNDLED_RULESETS.iter().find(|(p, _)| *p == name) {
            return parse(text, path).map_err(|e| e.to_string());
        }
    }
    load(name).map_err(|e| e.to_string())
}

impl Claim {
    /// Parses a claim expression and loads its rulesets.
    pub fn parse(text: &str) -> Result<Claim, ClaimError> {
        let expr = Expr::parse(text).map_err(|e| ClaimError::from((e, text)))?;
        let mut names: Vec<&str> = Vec::new();
        let mut rulesets = Vec::new();
        let mut score_ruleset = Vec::new();
        for r in expr.scores() {
            let idx = match names.iter().position(|n| *n == r.ruleset) {
                Some(i) => i,
                None => {
                    let rs = load_ruleset(&r.ruleset).map_err(|m| ClaimError {
                        text: text.to_string(),
                        column: expr.column(r.offset),
                        message: format!("cannot load the ruleset `{}`: {m}", r.ruleset),
                    })?;
                    names.push(&r.ruleset);
                    rulesets.push(Arc::new(rs));
                    rulesets.len() - 1
                }
            };
            let rs: &Ruleset = &rulesets[idx];
            if !rs.counting.contains(&r.counting) {
                let allowed: Vec<&str> = rs.counting.iter().map(|c| c.name()).collect();
                return Err(ClaimError {
                    text: text.to_string(),
                    column: expr.column(r.offset),
                    message: format!(
                        "the ruleset `{}` does not count by {}; it allows: {}",
                        r.ruleset,
                        r.counting.name(),
                        allowed.join(", ")
                    ),
                });
            }
            score_ruleset.push(idx);
        }
        let mut plain_countings = vec![Vec::new(); rulesets.len()];
        for (r, &i) in expr.scores().iter().zip(&score_ruleset) {
            let countings: &mut Vec<Counting> = &mut plain_countings[i];
            if !r.playout && !countings.contains(&r.counting) {
                countings.push(r.counting);
            }
        }
        Ok(Claim {
            name: None,
            expr,
            rulesets,
            score_ruleset,
            plain_countings,
        })
    }

    /// A named claim (see [`crate::named`]), or `None` if there is no claim of this name.
    pub fn named(name: &str) -> Option<Result<Claim, ClaimError>> {
        let n = named::find(name)?;
        Some(Claim::parse(n.claim).map(|mut c| {
            c.name = Some(n);
            c
        }))
    }

    /// A named claim if `text` is a name, otherwise `text` parsed as an expression.
    pub fn from_text(text: &str) -> Result<Claim, ClaimError> {
        let t = text.trim();
        if let Some(c) = Claim::named(t) {
            return c;
        }
        Claim::parse(text)
    }

    /// The named claim this is, if any.
    pub fn named_claim(&self) -> Option<&'static NamedClaim> {
        self.name
    }

    /// The expression.
    pub fn expr(&self) -> &Expr {
        &self.expr
    }

    /// The expression text.
    pub fn text(&self) -> &str {
        self.expr.text()
    }

    /// The distinct rulesets the claim names, in order of first appearance.
    pub fn rulesets(&self) -> &[Arc<Ruleset>] {
        &self.rulesets
    }

    /// The scores the claim reads, with the index of each one's ruleset in
    /// [`Claim::rulesets`].
    pub fn scores(&self) -> impl Iterator<Item = (&ScoreRef, usize)> {
        self.expr
            .scores()
            .iter()
            .zip(self.score_ruleset.iter().copied())
    }

    /// For each ruleset of [`Claim::rulesets`], the counting methods of the scores the claim
    /// reads of its game as played (not of its play-out), each once, in order of appearance.
    pub fn plain_countings(&self) -> &[Vec<Counting>] {
        &self.plain_countings
    }

    /// Whether some score is a play-out score (`:playout`).
    pub fn needs_playout(&self) -> bool {
        self.expr.scores().iter().any(|r| r.playout)
    }

    /// A short name for files: the claim's name, or a slug of its text.
    pub fn slug(&self) -> String {
        if let Some(n) = self.name {
            return n.name.to_string();
        }
        let mut s = String::new();
        for c in self.text().chars() {
            if c.is_ascii_alphanumeric() {
                s.push(c.to_ascii_lowercase());
            } else if !s.ends_with('-') {
                s.push('-');
            }
            if s.len() >= 48 {
                break;
            }
        }
        let s = s.trim_matches('-').to_string();
        if s.is_empty() {
            "claim".to_string()
        } else {
            s
        }
    }
}
