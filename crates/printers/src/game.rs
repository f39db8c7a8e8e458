//! Writing reports as text tables, Markdown, CSV and JSON. The Markdown tables are the ones the
//! generated docs use.

use gorules_rules::{format_points, SideScore};

use crate::json_writer;
use crate::replay::{DeadSource, KomiSource, RulesetReport, ScoreReport};
use crate::report::GameReport;

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Aligned plain-text columns.
    Table,
    /// GitHub-flavoured Markdown.
    Markdown,
    /// Comma-separated values, one row per score.
    Csv,
    /// JSON (the contract in docs/json.md).
    Json,
    /// JSON Lines: one JSON object per line (a game, then a summary where there is one).
    JsonLines,
}

impl Format {
    /// Every format, in the order `--format`'s help lists them.
    pub const ALL: [Format; 5] = [
        Format::Table,
        Format::Markdown,
        Format::Csv,
        Format::Json,
        Format::JsonLines,
    ];

    /// The format's name, as [`Format::from_str`](std::str::FromStr::from_str) reads it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Markdown => "markdown",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::JsonLines => "jsonl",
        }
    }
}

gorules_rules::named_values!(Format);

pub use gorules_rules::printer::csv_field;
pub use gorules_rules::printer::escape_controls;

/// A table: header and rows of cells.
pub(crate) struct Grid {
    pub(crate) header: Vec<String>,
    pub(crate) rows: Vec<Vec<String>>,
}

impl Grid {
    fn text(&self) -> String {
        let n = self.header.len();
        let rows: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| r.iter().map(|c| escape_controls(c)).collect())
            .collect();
        let mut widths = vec![0; n];
        for row in std::iter::once(&self.header).chain(&rows) {
            for (i, c) in row.iter().enumerate() {
                widths[i] = widths[i].max(c.chars().count());
            }
        }
        let mut out = String::new();
        // Each cell left-aligned in its column's width, two spaces apart, no trailing blanks.
        let line = |out: &mut String, row: &Vec<String>| {
            let start = out.len();
            for (i, c) in row.iter().enumerate() {
                if i > 0 {
                    out.push_str("  ");
                }
                out.push_str(c);
                let pad = widths[i].saturating_sub(c.chars().count());
                out.extend(std::iter::repeat_n(' ', pad));
            }
            let end = start + out[start..].trim_end().len();
            out.truncate(end);
            out.push('\n');
        };
        line(&mut out, &self.header);
        out.push_str(
            &(widths
                .iter()
                .map(|w| "-".repeat(*w))
                .collect::<Vec<_>>()
                .join("  ")
                + "\n"),
        );
        for r in &rows {
            line(&mut out, r);
        }
        out
    }

    fn markdown(&self) -> String {
        let esc = |c: &String| escape_controls(c).replace('|', "\\|");
        let mut out = format!(
            "| {} |\n|{}\n",
            self.header.iter().map(esc).collect::<Vec<_>>().join(" | "),
            " --- |".repeat(self.header.len())
        );
        for r in &self.rows {
            out.push_str(&format!(
                "| {} |\n",
                r.iter().map(esc).collect::<Vec<_>>().join(" | ")
            ));
        }
        out
    }

    /// CSV: the cells are written as they are but for quoting; the callers guard text from
    /// records (`crate::csv`).
    fn csv(&self) -> String {
        let mut out = String::new();
        for r in std::iter::once(&self.header).chain(&self.rows) {
            out.push_str(&r.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(","));
            out.push('\n');
        }
        out
    }

    pub(crate) fn render(&self, format: Format) -> String {
        match format {
            Format::Markdown => self.markdown(),
            Format::Csv => self.csv(),
            _ => self.text(),
        }
    }
}

fn pair(b: f64, w: f64) -> String {
    format!("{} / {}", format_points(b), format_points(w))
}

fn notes(r: &RulesetReport) -> String {
    let mut n = Vec::new();
    if let Some(why) = &r.record_fallback {
        n.push(format!("{why}: scored under {}", r.ruleset));
    }
    if let Some(i) = &r.illegal_move {
        n.push(format!(
            "move {} {} illegal ({}): {}",
            i.move_number, i.point, i.reason, i.handling
        ));
    }
    if !r.added_passes.is_empty() {
        let who: Vec<&str> = r
            .added_passes
            .iter()
            .map(|c| match c {
                gorules_rules::ColorName::Black => "B",
                gorules_rules::ColorName::White => "W",
            })
            .collect();
        n.push(format!("added pass {}", who.join(" ")));
    }
    if r.end.state != "finished" {
        n.push(r.end.state.to_string());
    }
    if r.end.settlement.starts_with("ignored") {
        n.push(format!("dead stones {}", r.end.settlement));
    } else if r.end.settlement.contains("named dead left on the board") {
        // Rules that take as dead only the stones in pass-alive territory (KataGo's without
        // its friendly pass) keep the others the record or the estimate calls dead.
        n.push(r.end.settlement.clone());
    }
    if r.komi_source == KomiSource::RulesetDefault {
        n.push(format!(
            "komi {} (ruleset default)",
            format_points(r.komi.points())
        ));
    }
    n.join("; ")
}

/// The columns of one score row: the breakdown as `Black / White` pairs; with `cleanup`, the
/// second-cleanup-phase plays after the pass stones.
fn score_cells(s: &ScoreReport, cleanup: bool) -> Vec<String> {
    let (b, w): (&SideScore, &SideScore) = (&s.breakdown.black, &s.breakdown.white);
    let f = |g: fn(&SideScore) -> f64| pair(g(b), g(w));
    let mut cells = vec![
        f(|x| x.territory as f64),
        f(|x| x.stones as f64),
        f(|x| (x.prisoners.captures + x.prisoners.suicides) as f64),
        f(|x| x.prisoners.dead_stones as f64),
        f(|x| x.prisoners.pass_stones as f64),
    ];
    if cleanup {
        cells.push(f(|x| x.cleanup_plays as f64));
    }
    cells.extend([
        f(|x| x.komi),
        f(|x| x.handicap_compensation),
        f(|x| x.bonus),
        f(|x| -(x.group_tax as f64)),
        pair(b.total, w.total),
        s.result.clone(),
    ]);
    cells
}

/// The score table of one game: a row per ruleset and counting method.
pub fn score_grid_text(report: &GameReport, format: Format) -> String {
    let mut header: Vec<String> = [
        "ruleset",
        "counting",
        "territory",
        "stones",
        "captures",
        "dead",
        "pass stones",
        "komi",
        "handicap",
        "bonus",
        "group tax",
        "total",
        "result",
        "notes",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if format == Format::Markdown {
        header[11] = "total (B / W)".into();
    }
    // KataGo's cleanup-phase part has a column only in the games that have one.
    let cleanup = report.rulesets.iter().any(|r| {
        r.scores
            .iter()
            .any(|s| s.breakdown.black.cleanup_plays + s.breakdown.white.cleanup_plays > 0)
    });
    if cleanup {
        header.insert(7, "cleanup plays".into());
    }
    let mut rows = Vec::new();
    for r in &report.rulesets {
        if r.scores.is_empty() {
            let mut row = vec![r.ruleset.clone(), "-".into()];
            row.extend(std::iter::repeat_n(String::new(), header.len() - 3));
            let why = match r.end.state {
                "unfinished" => "not scored (use --unfinished)",
                "diverged" => "not scored",
                _ => "not scored: the ruleset allows none of the counting methods asked",
            };
            let n = notes(r);
            row.push(if n.is_empty() {
                why.to_string()
            } else {
                format!("{n}; {why}")
            });
            rows.push(row);
        }
        for s in &r.scores {
            let mut row = vec![r.ruleset.clone(), s.counting.name().to_string()];
            row.extend(score_cells(s, cleanup));
            row.push(notes(r));
            rows.push(row);
        }
    }
    Grid { header, rows }.render(format)
}

fn game_heading(report: &GameReport) -> String {
    let g = &report.game;
    let mut parts = vec![format!("{} board", g.size)];
    if g.handicap > 0 {
        parts.push(format!("handicap {}", g.handicap));
    }
    if let Some(k) = g.komi {
        parts.push(format!("komi {}", format_points(k.points())));
    }
    if let Some(ru) = &g.rules {
        parts.push(format!("RU[{ru}]"));
    }
    if let Some(re) = &g.result {
        parts.push(format!("RE[{re}]"));
    }
    parts.push(format!("{} moves", g.moves));
    if g.implied_passes > 0 {
        parts.push(format!(
            "{} pass(es) implied (empty nodes, or a colour moving twice)",
            g.implied_passes
        ));
    }
    parts.push(if g.ended_by_passes {
        "ended in passes".into()
    } else {
        "unfinished".into()
    });
    let listed = |d: &[String]| {
        if d.is_empty() {
            "none".to_string()
        } else {
            d.join(" ")
        }
    };
    let dead = match g.dead_source {
        DeadSource::None => "dead stones: none given, every stone is alive".to_string(),
        DeadSource::Engine => format!(
            "dead stones (a GTP engine's final_status_list dead): {}",
            listed(&g.dead_stones)
        ),
        DeadSource::Estimate => {
            let e = g.dead_estimate.as_ref();
            let chains = e.map_or(&[][..], |e| &e.chains[..]);
            let certain = chains.iter().filter(|c| c.certain).count();
            let uncertain: Vec<String> = chains
                .iter()
                .filter(|c| c.uncertain)
                .flat_map(|c| c.stones.iter().cloned())
                .collect();
            let mut line = format!(
                "dead stones (estimated; {certain} of {} chains certain): {}",
                chains.len(),
                listed(&g.dead_stones)
            );
            if !uncertain.is_empty() {
                line.push_str(&format!("; uncertain: {}", uncertain.join(" ")));
            }
            line
        }
        DeadSource::CommandLine => format!("dead stones (--dead): {}", g.dead_stones.join(" ")),
        DeadSource::TerritoryMarkup => format!(
            "dead stones (from the record's territory markup): {}",
            if g.dead_stones.is_empty() {
                "none".to_string()
            } else {
                g.dead_stones.join(" ")
            }
        ),
    };
    let name = g.source.clone().unwrap_or_else(|| "<game>".into());
    let index = if g.game_index > 0 {
        format!(" (game {})", g.game_index + 1)
    } else {
        String::new()
    };
    escape_controls(&format!("{name}{index}: {}", parts.join(", "))) + "\n" + &dead + "\n"
}

fn differences_text(report: &GameReport, markdown: bool) -> String {
    if report.differences.is_empty() {
        return if report.rulesets.iter().any(|r| !r.scores.is_empty()) {
            "Every score gives the same margin.\n".into()
        } else {
            String::new()
        };
    }
    let d0 = &report.differences[0];
    let mut out = format!(
        "Differences from {} ({}):\n",
        d0.reference,
        margin_text(d0.reference_margin)
    );
    for d in &report.differences {
        let bullet = if markdown { "- " } else { "  " };
        out.push_str(&format!(
            "{bullet}{} {} ({}{}): {}\n",
            d.other,
            margin_text(d.other_margin),
            if d.delta > 0.0 { "+" } else { "-" },
            format_points(d.delta.abs()),
            if d.winner_changes {
                format!("winner changes; {}", d.reasons.join(", "))
            } else {
                d.reasons.join(", ")
            }
        ));
    }
    out
}

fn margin_text(m: f64) -> String {
    if m > 0.0 {
        format!("B+{}", format_points(m))
    } else if m < 0.0 {
        format!("W+{}", format_points(-m))
    } else {
        "0".into()
    }
}

/// One game's report in `format`.
pub fn render_game(report: &GameReport, format: Format) -> String {
    match format {
        Format::Json => json_writer::to_string_pretty(report).expect("serialisable") + "\n",
        Format::JsonLines => json_writer::to_string(report).expect("serialisable") + "\n",
        Format::Csv => crate::csv::game_csv([report]),
        Format::Table => format!(
            "{}\n{}\n{}",
            game_heading(report),
            score_grid_text(report, Format::Table),
            differences_text(report, false)
        ),
        Format::Markdown => format!(
            "{}\n{}\n{}",
            game_heading(report),
            score_grid_text(report, Format::Markdown),
            differences_text(report, true)
        ),
    }
}

#[cfg(test)]
mod escape_tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            escape_controls("RU[\u{1b}[2J] in a\nb.sgf"),
            "RU[\\u{1b}[2J] in a\\u{a}b.sgf"
        );
        assert_eq!(escape_controls("plain: été"), "plain: été");
    }
}
