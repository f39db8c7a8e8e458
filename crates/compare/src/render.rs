//! Writing reports as text tables, Markdown, CSV and JSON. The Markdown tables are the ones the
//! generated docs use.

use gorules_rules::{format_points, write_points, SideScore};

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
    /// The names of the formats, as `--format` takes them.
    pub const NAMES: [&'static str; 5] = ["table", "markdown", "csv", "json", "jsonl"];

    /// The format named `name` (one of [`Format::NAMES`]).
    pub fn from_name(name: &str) -> Option<Format> {
        Some(match name {
            "table" => Format::Table,
            "markdown" => Format::Markdown,
            "csv" => Format::Csv,
            "json" => Format::Json,
            "jsonl" => Format::JsonLines,
            _ => return None,
        })
    }
}

pub use gorules_rules::printer::csv_field;
pub use gorules_rules::printer::escape_controls;
use gorules_rules::printer::push_csv_field;

/// A CSV cell of text from a record or a file name, before quoting: its control characters
/// escaped as everywhere else (so no tab or carriage return opens it), and a `'` before it when
/// it begins with `=`, `+`, `-` or `@`, which spreadsheets read as a formula.
pub(crate) fn csv_text(c: &str) -> String {
    let c = escape_controls(c);
    if c.starts_with(['=', '+', '-', '@']) {
        format!("'{c}")
    } else {
        c
    }
}

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
    /// records ([`csv_text`]).
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
        n.push(format!("komi {} (ruleset default)", format_points(r.komi)));
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
        parts.push(format!("komi {}", format_points(k)));
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
        Format::Csv => game_csv(std::slice::from_ref(report)),
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

/// CSV with one row per game, ruleset and counting method, with every part of the breakdown.
pub fn game_csv(reports: &[GameReport]) -> String {
    game_csv_of(reports)
}

/// [`game_csv`] over borrowed reports.
fn game_csv_of<'a>(reports: impl IntoIterator<Item = &'a GameReport>) -> String {
    let mut out = Grid {
        header: csv_header(),
        rows: Vec::new(),
    }
    .csv();
    for rep in reports {
        csv_rows_into(rep, &mut out);
    }
    out
}

/// The header of [`game_csv`].
pub(crate) fn csv_header() -> Vec<String> {
    let mut header: Vec<String> = [
        "source",
        "game",
        "ruleset",
        "from_record",
        "counting",
        "legal",
        "illegal_move",
        "added_passes",
        "end",
        "settlement",
        "komi",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let parts = [
        "territory",
        "seki_eyes_not_counted",
        "stones",
        "captures",
        "dead_stones",
        "suicides",
        "pass_stones",
        "cleanup_plays",
        "komi",
        "handicap_compensation",
        "bonus",
        "group_tax",
        "total",
    ];
    for side in ["black", "white"] {
        for p in parts {
            header.push(format!("{side}_{p}"));
        }
    }
    header.extend([
        "margin".to_string(),
        "result".to_string(),
        "error".to_string(),
    ]);
    header
}

/// The CSV row of a file or game that could not be read or replayed: its source and, in the
/// last column, the error; the other cells empty.
pub(crate) fn csv_error_row(source: &str, error: &str) -> Vec<String> {
    let width = csv_header().len();
    let mut row = vec![String::new(); width];
    row[0] = csv_text(source);
    row[width - 1] = csv_text(error);
    row
}

/// The rows of [`game_csv`] for one report, appended to `out`: each cell written in place
/// (quoted where [`csv_field`] quotes it), with no string per cell.
pub(crate) fn csv_rows_into(rep: &GameReport, out: &mut String) {
    use std::fmt::Write as _;
    let source = csv_text(rep.game.source.as_deref().unwrap_or_default());
    for r in &rep.rulesets {
        let illegal = csv_text(
            &r.illegal_move
                .as_ref()
                .map(|i| format!("{} {}: {}", i.move_number, i.point, i.reason))
                .unwrap_or_default(),
        );
        for s in &r.scores {
            push_csv_field(out, &source);
            let _ = write!(out, ",{},", rep.game.game_index + 1);
            push_csv_field(out, &r.ruleset);
            let _ = write!(out, ",{},", r.from_record);
            push_csv_field(out, s.counting.name());
            let _ = write!(out, ",{},", r.legal);
            push_csv_field(out, &illegal);
            let _ = write!(out, ",{},", r.added_passes.len());
            push_csv_field(out, r.end.state);
            out.push(',');
            push_csv_field(out, &r.end.settlement);
            out.push(',');
            write_points(out, r.komi);
            for side in [&s.breakdown.black, &s.breakdown.white] {
                let p = &side.prisoners;
                let _ = write!(
                    out,
                    ",{},{},{},{},{},{},{},{},",
                    side.territory,
                    side.seki_eyes_not_counted,
                    side.stones,
                    p.captures,
                    p.dead_stones,
                    p.suicides,
                    p.pass_stones,
                    side.cleanup_plays
                );
                write_points(out, side.komi);
                out.push(',');
                write_points(out, side.handicap_compensation);
                out.push(',');
                write_points(out, side.bonus);
                let _ = write!(out, ",{},", side.group_tax);
                write_points(out, side.total);
            }
            out.push(',');
            write_points(out, s.margin);
            out.push(',');
            push_csv_field(out, &s.result);
            // The last cell, `error`, is empty.
            out.push_str(",\n");
        }
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

    #[test]
    fn csv_quotes_line_breaks_and_guards_formulas() {
        assert_eq!(csv_field("a\rb"), "\"a\rb\"");
        assert_eq!(csv_field("say \"hi\", then"), "\"say \"\"hi\"\", then\"");
        assert_eq!(csv_field("plain"), "plain");
        for risky in ["=1+1", "+1", "-1", "@SUM(A1)"] {
            assert!(csv_text(risky).starts_with('\''), "{risky}");
        }
        assert_eq!(csv_text("\tx"), "\\u{9}x");
        assert_eq!(csv_text("\r=1"), "\\u{d}=1");
        assert_eq!(csv_text("a\u{7}b\nc"), "a\\u{7}b\\u{a}c");
        assert_eq!(csv_text("B+1"), "B+1");
    }
}
