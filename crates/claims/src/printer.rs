//! Writing fuzzing results: a run's report ([`RunReport`]) and the list of named claims, as
//! aligned text for a person or as JSON for a program ([`Format`]).

use std::fmt::Write as _;

use gorules_board::coords::{gtp_move, gtp_point};
use gorules_rules::format_points;

use crate::{Claim, RunReport, NAMED_CLAIMS};

/// An output format of fuzzing results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Aligned text.
    Text,
    /// JSON.
    Json,
}

impl Format {
    /// Every format, in the order `--format`'s help lists them.
    pub const ALL: [Format; 2] = [Format::Text, Format::Json];

    /// The format's name, as [`Format::from_str`](std::str::FromStr::from_str) reads it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Json => "json",
        }
    }
}

gorules_rules::named_values!(Format);

/// A run's report in `format` (`jobs`: the number of threads the run used), ending in a
/// newline.
pub fn report(claim: &Claim, r: &RunReport, jobs: usize, format: Format) -> String {
    match format {
        Format::Json => json(r) + "\n",
        Format::Text => text(claim, r, jobs),
    }
}

/// The named claims ([`NAMED_CLAIMS`]): name, expected verdict, expression and statement.
pub fn claims_list(format: Format) -> String {
    match format {
        Format::Json => {
            let v: Vec<serde_json::Value> = NAMED_CLAIMS
                .iter()
                .map(|c| {
                    serde_json::json!({
                        "name": c.name,
                        "claim": c.claim,
                        "expected": c.expected.word(),
                        "statement": c.statement,
                    })
                })
                .collect();
            serde_json::to_string_pretty(&v).expect("JSON of plain values") + "\n"
        }
        Format::Text => {
            let mut out = String::new();
            let w = NAMED_CLAIMS.iter().map(|c| c.name.len()).max().unwrap_or(0);
            let _ = writeln!(out, "{:w$}  expected  claim", "name");
            for c in NAMED_CLAIMS {
                let _ = writeln!(out, "{:w$}  {:8}  {}", c.name, c.expected.word(), c.claim);
                let _ = writeln!(out, "{:w$}            {}", "", c.statement);
            }
            out
        }
    }
}

/// The report as pretty JSON: the fields of [`RunReport`] and `games_per_second`.
pub fn json(report: &RunReport) -> String {
    let mut v = serde_json::to_value(report).expect("the report serialises");
    v["games_per_second"] = serde_json::json!(report.games as f64 / report.seconds.max(1e-9));
    gorules_rules::json::to_string_pretty(&v).expect("JSON of plain values")
}

/// The report as aligned text, for a person: the claim, the games, the verdict, the skipped
/// games by reason and each counterexample (its scores, moves, setup, dead stones and SGF
/// file). `jobs` is the number of threads the run used.
pub fn text(claim: &Claim, r: &RunReport, jobs: usize) -> String {
    let mut out = String::new();
    let mut line = |k: &str, v: String| out.push_str(&format!("{k:<10}{v}\n"));
    let named = match claim.named_claim() {
        Some(n) => format!(
            "  ({}, expected to {})",
            n.name,
            if n.expected.word() == "holds" {
                "hold"
            } else {
                "fail"
            }
        ),
        None => String::new(),
    };
    line("claim", format!("{}{named}", r.claim));
    let sizes = match (r.sizes.first(), r.sizes.last()) {
        (Some(a), Some(b)) if a == b => format!("{a}x{a}"),
        (Some(a), Some(b)) => format!("{a}x{a} to {b}x{b}"),
        _ => String::new(),
    };
    let range = if r.first_game > 0 {
        format!(
            " (games {} to {})",
            r.first_game,
            r.first_game + r.games - 1
        )
    } else {
        String::new()
    };
    line(
        "games",
        format!(
            "{}{range} on {sizes}, seed {}, {jobs} thread(s), {:.2} s ({:.0} games/s)",
            r.games,
            r.seed,
            r.seconds,
            r.games as f64 / r.seconds.max(1e-9)
        ),
    );
    let skipped = r.skipped_total();
    let tested = r.games - skipped;
    if r.holds {
        line(
            "result",
            format!("holds in all {tested} games that test it ({skipped} skipped)"),
        );
    } else {
        line(
            "result",
            format!(
                "FAILS in {} of {tested} games that test it ({skipped} skipped)",
                r.failures
            ),
        );
    }
    for (reason, n) in &r.skipped {
        line("skipped", format!("{n}: {reason}"));
    }
    if claim.needs_playout() {
        line(
            "dead",
            format!(
                "{} of the games that test it had agreed-dead stones to capture",
                r.tested_with_dead_stones
            ),
        );
    }
    for (k, c) in r.counterexamples.iter().enumerate() {
        out.push_str(&format!(
            "\ncounterexample {}: game {} (game seed {}), {} moves on {} shrunk to {} moves on {}\n",
            k + 1,
            c.game,
            c.game_seed,
            c.original_moves,
            c.original_size,
            c.moves,
            c.size
        ));
        out.push_str(&format!("  failed   {}\n", c.failed));
        out.push_str(&format!(
            "  left     {} = {}\n",
            c.left.expr,
            plain(&c.left.value)
        ));
        if let Some(right) = &c.right {
            out.push_str(&format!(
                "  right    {} = {}\n",
                right.expr,
                plain(&right.value)
            ));
        }
        for s in &c.scores {
            out.push_str(&format!(
                "  score    {}: Black {} White {} ({})\n",
                s.score,
                format_points(s.black),
                format_points(s.white),
                s.result
            ));
        }
        let g = &c.fuzz_game;
        if g.moves.len() <= 60 {
            let moves: Vec<String> = g
                .colored_moves()
                .map(|m| format!("{} {}", m.color.letter(), gtp_move(m.mv, g.size)))
                .collect();
            out.push_str(&format!("  moves    {}\n", moves.join(", ")));
        }
        if g.handicap > 0 || g.komi != gorules_rules::Komi::ZERO {
            out.push_str(&format!(
                "  setup    handicap {}, komi {}\n",
                g.handicap,
                format_points(g.komi.points())
            ));
        }
        if !g.dead.is_empty() {
            let dead: Vec<String> = g.dead.iter().map(|&p| gtp_point(p, g.size)).collect();
            out.push_str(&format!("  dead     {}\n", dead.join(" ")));
        }
        match (&c.sgf, c.rechecked) {
            (Some(p), true) => out.push_str(&format!(
                "  sgf      {} (re-checked by replaying it)\n",
                p.display()
            )),
            (Some(p), false) => out.push_str(&format!(
                "  sgf      {} NOT confirmed by replaying it: {}\n",
                p.display(),
                c.recheck_error.as_deref().unwrap_or("?")
            )),
            (None, _) => out.push_str(&format!(
                "  sgf      not written: {}\n",
                c.recheck_error.as_deref().unwrap_or("?")
            )),
        }
    }
    out
}

/// A value of a claim's expression: a number of points as `format_points` writes it.
fn plain(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Number(n) => n.as_f64().map_or_else(|| n.to_string(), format_points),
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
