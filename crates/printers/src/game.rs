//! One game's report (`gorules score`) as a text table, Markdown, CSV, JSON or JSON Lines
//! ([`render_game`]), and the printer of a file's games ([`GamePrinter`]). The Markdown tables
//! are the ones the generated docs use.

use std::io::{self, Write};

use gorules_compare::corpus::{GameEntry, Summary};
use gorules_compare::replay::{DeadSource, KomiSource, RulesetReport, ScoreReport};
use gorules_compare::report::GameReport;
use gorules_rules::printer::escape_controls;
use gorules_rules::{format_points, json, SideScore};

use crate::grid::Grid;
use crate::sink::Sink;
use crate::Format;

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
    for s in r.scores.iter().filter(|s| !s.doubts.is_empty()) {
        let what: Vec<String> = s
            .doubts
            .iter()
            .map(|d| match d.points.is_empty() {
                true => d.reason.to_string(),
                false => format!("at {}: {}", d.points.join(" "), d.reason),
            })
            .collect();
        n.push(format!(
            "{} count not sure ({})",
            s.counting.name(),
            what.join("; ")
        ));
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

/// One game's report in `format`. Parquet is binary and written by a corpus printer
/// ([`crate::CorpusPrinter`]): its text here is empty.
pub fn render_game(report: &GameReport, format: Format) -> String {
    match format {
        Format::Parquet => String::new(),
        Format::Json => json::to_string_pretty(report).expect("serialisable") + "\n",
        Format::JsonLines => json::to_string(report).expect("serialisable") + "\n",
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

/// Writes the games of one file or request (`gorules score`) to `W`, each entry as it is fed
/// ([`Sink::game`]): in JSON an array of the reports, in JSON Lines a line per report, in CSV
/// the header and a row per game, ruleset and counting method (an error's row in its place),
/// as a table or Markdown each report with a blank line after it. Errors have no place but
/// in CSV: the front end tells them apart. Parquet is written by a corpus printer
/// ([`crate::CorpusPrinter`]): here each game is refused with an error of kind
/// [`io::ErrorKind::Unsupported`].
pub struct GamePrinter<W> {
    format: Format,
    wtr: W,
    started: bool,
    reports: usize,
}

impl<W: Write> GamePrinter<W> {
    /// A printer of reports in `format`, writing to `wtr`.
    pub fn new(format: Format, wtr: W) -> GamePrinter<W> {
        GamePrinter {
            format,
            wtr,
            started: false,
            reports: 0,
        }
    }

    /// The writer, once the games are written.
    pub fn into_inner(self) -> W {
        self.wtr
    }

    /// The text before the first game (CSV's header, JSON's opening bracket), once.
    fn start(&mut self) -> io::Result<()> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        match self.format {
            Format::Csv => self.wtr.write_all(crate::csv::header().as_bytes()),
            Format::Json => self.wtr.write_all(b"["),
            _ => Ok(()),
        }
    }
}

impl<W: Write> Sink for GamePrinter<W> {
    fn game(&mut self, entry: &GameEntry) -> io::Result<()> {
        if self.format == Format::Parquet {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "Parquet is written by a corpus printer",
            ));
        }
        self.start()?;
        let report = match entry {
            GameEntry::Report(r) => r,
            GameEntry::Error {
                source,
                game_index,
                error,
            } => {
                if self.format == Format::Csv {
                    let mut row = String::new();
                    crate::csv::error_row(source, *game_index, error, &mut row);
                    self.wtr.write_all(row.as_bytes())?;
                }
                return Ok(());
            }
        };
        match self.format {
            Format::Json => {
                // An element of the array, as `serde_json` lays out a pretty array.
                self.wtr
                    .write_all(if self.reports == 0 { b"\n  " } else { b",\n  " })?;
                json::to_writer_pretty(&mut self.wtr, report, 2)?;
            }
            Format::JsonLines => {
                json::to_writer(&mut self.wtr, report)?;
                self.wtr.write_all(b"\n")?;
            }
            Format::Csv => {
                let mut rows = String::with_capacity(8 * 1024);
                crate::csv::report_rows(report, &mut rows);
                self.wtr.write_all(rows.as_bytes())?;
            }
            Format::Table | Format::Markdown => {
                self.wtr
                    .write_all(render_game(report, self.format).as_bytes())?;
                self.wtr.write_all(b"\n")?;
            }
            Format::Parquet => unreachable!("refused above"),
        }
        self.reports += 1;
        Ok(())
    }

    fn finish(&mut self, _summary: Option<&Summary>) -> io::Result<()> {
        self.start()?;
        if self.format == Format::Json {
            self.wtr
                .write_all(if self.reports == 0 { b"]\n" } else { b"\n]\n" })?;
        }
        self.wtr.flush()
    }
}
