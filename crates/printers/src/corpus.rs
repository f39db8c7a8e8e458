//! Writing a corpus run as it goes: a header, a piece per game as the games come (in input
//! order), and the summary at the end, in every format, so that a run over millions of records
//! holds no more than one game's output at a time.
//!
//! - **table**: a row per game in columns of fixed width (the result under each score), the
//!   record's `RE` cut to [`RE_WIDTH`] characters, the game's name last, so that no width
//!   depends on a later game; then the summary;
//! - **markdown**: the same rows as a Markdown table, then the summary;
//! - **csv**: the rows of [`crate::csv`], as `gorules score --format csv` writes them: a row
//!   per game, ruleset and counting method with every part of the breakdown (a row with empty
//!   score cells where a ruleset does not score the game), and a row per error with the
//!   message in the last column;
//! - **json**: one document, `{"games": [...], "summary": {...}}`, written entry by entry;
//! - **jsonl**: a line per game, then a line `{"summary": {...}}`.

use crate::corpus::{delta_value, GameEntry, PairSummary, Summary};
use crate::json_writer;
use crate::render::{escape_controls, Format, Grid};
use crate::report::is_column;

/// The characters of a record's `RE` a table row shows (longer ones are cut, with `…`).
pub const RE_WIDTH: usize = 12;

/// The margin differences a summary row of the table lists, the most frequent first chosen
/// (then shown in order of value); the others are counted in one "more" note.
pub const DELTAS_SHOWN: usize = 8;

/// Writes one corpus run in one format: [`CorpusPrinter::begin`], then
/// [`CorpusPrinter::game`] for each entry in order, then [`CorpusPrinter::end`]; each returns
/// the text to write.
pub struct CorpusPrinter {
    format: Format,
    columns: Vec<String>,
    widths: Vec<usize>,
    games: usize,
}

impl CorpusPrinter {
    /// A printer for a run with these score columns ([`crate::corpus::score_columns`]).
    pub fn new(format: Format, columns: Vec<String>) -> CorpusPrinter {
        let widths = columns.iter().map(|c| c.chars().count().max(7)).collect();
        CorpusPrinter {
            format,
            columns,
            widths,
            games: 0,
        }
    }

    /// The score columns printed.
    pub fn columns(&self) -> &[String] {
        &self.columns
    }

    /// The text before the first game.
    pub fn begin(&self) -> String {
        match self.format {
            Format::Table => {
                let mut header = vec![pad("RE", RE_WIDTH)];
                header.extend(
                    self.columns
                        .iter()
                        .zip(&self.widths)
                        .map(|(c, &w)| pad(c, w)),
                );
                header.push("game".into());
                let rule: Vec<String> = std::iter::once(RE_WIDTH)
                    .chain(self.widths.iter().copied())
                    .chain(std::iter::once(4))
                    .map(|w| "-".repeat(w))
                    .collect();
                format!("{}\n{}\n", header.join("  ").trim_end(), rule.join("  "))
            }
            Format::Markdown => {
                let mut header = vec!["game".to_string(), "RE".to_string()];
                header.extend(self.columns.iter().cloned());
                Grid {
                    header,
                    rows: Vec::new(),
                }
                .render(Format::Markdown)
            }
            Format::Csv => crate::csv::header(),
            Format::Json => "{\n  \"games\": [".to_string(),
            Format::JsonLines => String::new(),
        }
    }

    /// The text of one game (or error), the entries given in input order:
    /// [`CorpusPrinter::separator`] then [`CorpusPrinter::game_text`].
    pub fn game(&mut self, entry: &GameEntry) -> String {
        let sep = self.separator();
        sep.to_string() + &self.game_text(entry)
    }

    /// What goes before the next game's text (JSON's commas); call once per game, in order.
    pub fn separator(&mut self) -> &'static str {
        self.games += 1;
        match (self.format, self.games) {
            (Format::Json, 1) => "\n",
            (Format::Json, _) => ",\n",
            _ => "",
        }
    }

    /// The text of one game (or error) without what separates it from the one before: the
    /// expensive part, which needs no other game and can be made on any thread.
    pub fn game_text(&self, entry: &GameEntry) -> String {
        match self.format {
            // Room for a typical game's text, so that it is not copied as it grows.
            Format::Json => {
                let mut out = String::with_capacity(32 * 1024);
                out.push_str("    ");
                json_writer::write_pretty(&mut out, entry, 4).expect("serialisable");
                out
            }
            Format::JsonLines => {
                let mut out = String::with_capacity(16 * 1024);
                json_writer::write_compact(&mut out, entry).expect("serialisable");
                out.push('\n');
                out
            }
            Format::Csv => {
                let mut rows = String::with_capacity(8 * 1024);
                match entry {
                    GameEntry::Report(r) => crate::csv::report_rows(r, &mut rows),
                    GameEntry::Error {
                        source,
                        game_index,
                        error,
                    } => crate::csv::error_row(source, *game_index, error, &mut rows),
                }
                rows
            }
            Format::Table | Format::Markdown => {
                let (name, re, cells) = self.cells(entry);
                if self.format == Format::Markdown {
                    let mut row = vec![name, re];
                    row.extend(cells);
                    let text = Grid {
                        header: row,
                        rows: Vec::new(),
                    }
                    .render(Format::Markdown);
                    // The one-row grid's header line, without its separator line.
                    return text.lines().next().unwrap_or_default().to_string() + "\n";
                }
                let mut row = vec![pad(&cut(&re, RE_WIDTH), RE_WIDTH)];
                row.extend(cells.iter().zip(&self.widths).map(|(c, &w)| pad(c, w)));
                row.push(escape_controls(&name));
                row.join("  ").trim_end().to_string() + "\n"
            }
        }
    }

    /// A row's game name, `RE` and a cell per score column.
    fn cells(&self, entry: &GameEntry) -> (String, String, Vec<String>) {
        match entry {
            GameEntry::Report(r) => {
                let name = r.game.source.clone().unwrap_or_default();
                let name = if r.game.game_index > 0 {
                    format!("{name} #{}", r.game.game_index + 1)
                } else {
                    name
                };
                let cells = self
                    .columns
                    .iter()
                    .map(|col| {
                        r.score_parts()
                            .find(|(ruleset, counting, _)| is_column(col, ruleset, counting))
                            .map_or_else(|| "-".to_string(), |(_, _, s)| s.result.clone())
                    })
                    .collect();
                (
                    name,
                    escape_controls(r.game.result.as_deref().unwrap_or_default()),
                    cells,
                )
            }
            GameEntry::Error { error, .. } => (
                error.clone(),
                "error".into(),
                vec!["-".to_string(); self.columns.len()],
            ),
        }
    }

    /// The text after the last game: the summary.
    pub fn end(&self, summary: &Summary) -> String {
        match self.format {
            Format::Json => {
                let games_end = if self.games == 0 { "]" } else { "\n  ]" };
                let mut out = format!("{games_end},\n  \"summary\": ");
                json_writer::write_pretty(&mut out, summary, 2).expect("serialisable");
                out.push_str("\n}\n");
                out
            }
            Format::JsonLines => {
                #[derive(serde::Serialize)]
                struct Line<'a> {
                    summary: &'a Summary,
                }
                let mut out = json_writer::to_string(&Line { summary }).expect("serialisable");
                out.push('\n');
                out
            }
            Format::Csv => String::new(),
            Format::Table | Format::Markdown => summary_text(summary, self.format),
        }
    }
}

/// `text` padded with spaces to `width` characters.
fn pad(text: &str, width: usize) -> String {
    let n = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(n)))
}

/// `text` cut to `width` characters, the last one `…` when cut.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut s: String = text.chars().take(width.saturating_sub(1)).collect();
    s.push('…');
    s
}

/// The summary as text or Markdown: the counts, the pairs whose margins differ on some
/// finished game (most winner changes first), then how often each score gives the results
/// the records state.
fn summary_text(summary: &Summary, format: Format) -> String {
    pairs_text(summary, format) + &agreement_text(summary, format)
}

/// For each score, how many finished games with a counted `RE` it gives exactly that result
/// and the same winner; then, when asked (`--examples`), the first games where it does not.
fn agreement_text(summary: &Summary, format: Format) -> String {
    let rows: Vec<Vec<String>> = summary
        .record_agreement
        .iter()
        .filter(|a| a.games > 0)
        .map(|a| {
            let percent = |n: usize| format!("{n} ({:.0}%)", 100.0 * n as f64 / a.games as f64);
            vec![
                a.score.clone(),
                a.games.to_string(),
                percent(a.same_result),
                percent(a.same_winner),
            ]
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "\nAgreement with the records' results (RE), on the finished games whose RE is a count:\n\n",
    );
    let header = ["score", "games", "same result", "same winner"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    out.push_str(&Grid { header, rows }.render(format));
    let with_examples: Vec<_> = summary
        .record_agreement
        .iter()
        .filter(|a| !a.examples.is_empty())
        .collect();
    if !with_examples.is_empty() {
        out.push_str(
            "\nGames whose result differs from the record's (the first of each score):\n\n",
        );
        for a in with_examples {
            out.push_str(&format!("{}:\n", a.score));
            for e in &a.examples {
                let line = format!("  {}: {} (RE {})", e.game, e.scored, e.recorded);
                out.push_str(&escape_controls(&line));
                out.push('\n');
            }
        }
    }
    out
}

/// The counts, then the pairs whose margins differ on some finished game, most winner changes
/// first, by group, and the examples of winner changes.
fn pairs_text(summary: &Summary, format: Format) -> String {
    let mut out = String::from("\n");
    let uncertain = if summary.uncertain_dead_stones > 0 {
        format!(
            " ({} of them with dead stones the estimate is not sure of, not counted below)",
            summary.uncertain_dead_stones
        )
    } else {
        String::new()
    };
    out.push_str(&format!(
        "{} games: {} finished{uncertain}, {} unfinished (not counted below), {} errors, {} with a move some ruleset finds illegal\n\n",
        summary.games, summary.finished, summary.unfinished, summary.errors, summary.with_illegal_moves
    ));
    let mut pairs: Vec<_> = summary
        .pairs
        .iter()
        .filter(|p| p.margin_changes > 0)
        .collect();
    pairs.sort_by(|x, y| {
        y.winner_changes
            .cmp(&x.winner_changes)
            .then(y.margin_changes.cmp(&x.margin_changes))
    });
    // Pairs no finished game has both scores of (the record's own area and territory
    // counts, or no finished game at all) agree on nothing: said apart.
    let apart: Vec<String> = summary
        .pairs
        .iter()
        .filter(|p| p.games == 0)
        .map(|p| format!("{} vs {}", p.a, p.b))
        .collect();
    let apart_text = match apart.len() {
        0 => String::new(),
        1 => format!(
            "1 pair has no finished game scored both ways: {}.\n",
            apart[0]
        ),
        n if n <= 3 => format!(
            "{n} pairs have no finished game scored both ways: {}.\n",
            apart.join(", ")
        ),
        n => format!(
            "{n} pairs have no finished game scored both ways, among them {}.\n",
            apart[..3].join(", ")
        ),
    };
    let agreeing = summary.pairs.len() - pairs.len() - apart.len();
    if pairs.is_empty() {
        match agreeing {
            0 if summary.pairs.is_empty() => {
                out.push_str("One score per game: no pair of scores to compare.\n")
            }
            0 => {}
            1 => out.push_str("The one pair of scores with finished games agrees on every one.\n"),
            n => out.push_str(&format!(
                "All {n} pairs of scores with finished games agree on every one.\n"
            )),
        }
        out.push_str(&apart_text);
        out.push_str(&eye_changes_text(summary, format));
        return out;
    }
    let header = [
        "a",
        "b",
        "games",
        "winner changes",
        "margin changes",
        "b - a: min / median / max",
        "b - a: games",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let rows = pairs
        .iter()
        .map(|p| {
            vec![
                p.a.clone(),
                p.b.clone(),
                p.games.to_string(),
                p.winner_changes.to_string(),
                p.margin_changes.to_string(),
                spread_text(p),
                deltas_text(p),
            ]
        })
        .collect();
    out.push_str("Pairs of scores that differ on some finished game:\n\n");
    out.push_str(&Grid { header, rows }.render(format));
    let others = match agreeing {
        0 => String::new(),
        1 => "1 other pair agrees on every finished game.\n".to_string(),
        n => format!("{n} other pairs agree on every finished game.\n"),
    };
    out.push_str(&format!("\n{others}{apart_text}"));
    if !summary.groups.is_empty() {
        out.push_str("\nBy board size and handicap (the pair with the most winner changes):\n\n");
        let header = [
            "group",
            "games",
            "finished",
            "pairs that differ",
            "most winner changes",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let rows = summary
            .groups
            .iter()
            .map(|g| {
                let top = g
                    .pairs
                    .iter()
                    .max_by_key(|p| (p.winner_changes, p.margin_changes))
                    .map_or_else(
                        || "-".to_string(),
                        |p| format!("{} vs {}: {} of {}", p.a, p.b, p.winner_changes, p.games),
                    );
                vec![
                    g.group.clone(),
                    g.games.to_string(),
                    g.finished.to_string(),
                    g.pairs.len().to_string(),
                    top,
                ]
            })
            .collect();
        out.push_str(&Grid { header, rows }.render(format));
    }
    out.push_str(&eye_changes_text(summary, format));
    let with_examples: Vec<_> = pairs.iter().filter(|p| !p.examples.is_empty()).collect();
    if !with_examples.is_empty() {
        out.push_str("\nGames where the winner changes (the first of each pair):\n\n");
        for p in with_examples {
            out.push_str(&format!("{} vs {}:\n", p.a, p.b));
            for e in &p.examples {
                let why = if e.reasons.is_empty() {
                    "a result that is not a count: forfeit or no result".to_string()
                } else {
                    e.reasons.join(", ")
                };
                let line = format!("  {}: {} vs {} ({why})", e.game, e.a, e.b);
                out.push_str(&escape_controls(&line));
                out.push('\n');
            }
        }
    }
    out
}

/// The pairs whose comparison the settlement of the final position changes: for each, the
/// finished games where false eyes or seki eyes one score leaves out and the other does not
/// move the margin difference (or a line saying there are none, when some pair has games).
fn eye_changes_text(summary: &Summary, format: Format) -> String {
    if summary.pairs.iter().all(|p| p.games == 0) {
        return String::new();
    }
    let pairs: Vec<_> = summary
        .pairs
        .iter()
        .filter(|p| p.false_eye_or_seki_changes > 0)
        .collect();
    if pairs.is_empty() {
        return "\nNo finished game's margin difference comes from false eyes or seki eyes left out.\n"
            .to_string();
    }
    let header = [
        "a",
        "b",
        "games",
        "of them changed by false eyes or seki eyes",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let rows = pairs
        .iter()
        .map(|p| {
            vec![
                p.a.clone(),
                p.b.clone(),
                p.games.to_string(),
                p.false_eye_or_seki_changes.to_string(),
            ]
        })
        .collect();
    let mut out = String::from(
        "\nFinished games whose margin difference comes in part from false eyes or seki eyes one score leaves out:\n\n",
    );
    out.push_str(&Grid { header, rows }.render(format));
    out
}

/// The smallest, median and largest margin difference of a pair (`b - a`, over its games).
fn spread_text(p: &PairSummary) -> String {
    let mut values: Vec<(f64, usize)> = p
        .margin_deltas
        .iter()
        .map(|(k, &n)| (delta_value(k), n))
        .collect();
    values.sort_by(|x, y| x.0.total_cmp(&y.0));
    let (Some(first), Some(last)) = (values.first(), values.last()) else {
        return "-".into();
    };
    let total: usize = values.iter().map(|v| v.1).sum();
    // The lower median: the value at position (total - 1) / 2 in sorted order.
    let mut seen = 0;
    let mut median = first.0;
    for &(v, n) in &values {
        seen += n;
        if seen > (total - 1) / 2 {
            median = v;
            break;
        }
    }
    let show = |v: f64| match v {
        v if v > 0.0 => format!("+{}", gorules_rules::format_points(v)),
        v if v < 0.0 => format!("-{}", gorules_rules::format_points(-v)),
        _ => "0".into(),
    };
    format!("{} / {} / {}", show(first.0), show(median), show(last.0))
}

/// The margin differences of a pair: the [`DELTAS_SHOWN`] most frequent, in order of value,
/// and how many other values there are.
fn deltas_text(p: &PairSummary) -> String {
    let mut deltas: Vec<(&String, &usize)> = p.margin_deltas.iter().collect();
    deltas.sort_by(|x, y| {
        y.1.cmp(x.1)
            .then(delta_value(x.0).total_cmp(&delta_value(y.0)))
    });
    let more = deltas.len().saturating_sub(DELTAS_SHOWN);
    deltas.truncate(DELTAS_SHOWN);
    deltas.sort_by(|x, y| delta_value(x.0).total_cmp(&delta_value(y.0)));
    let mut text = deltas
        .iter()
        .map(|(k, v)| format!("{k}: {v}"))
        .collect::<Vec<_>>()
        .join(", ");
    if more > 0 {
        let games: usize =
            p.margin_deltas.values().sum::<usize>() - deltas.iter().map(|(_, &v)| v).sum::<usize>();
        text.push_str(&format!(", {more} other values: {games}"));
    }
    text
}

/// A whole corpus run in `format` from entries already made: what [`CorpusPrinter`] writes
/// piece by piece.
pub fn render_corpus(
    entries: &[GameEntry],
    columns: Vec<String>,
    summary: &Summary,
    format: Format,
) -> String {
    let mut printer = CorpusPrinter::new(format, columns);
    let mut out = printer.begin();
    for e in entries {
        out.push_str(&printer.game(e));
    }
    out.push_str(&printer.end(summary));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(deltas: &[(&str, usize)]) -> PairSummary {
        PairSummary {
            a: "a:area".into(),
            b: "b:area".into(),
            games: deltas.iter().map(|d| d.1).sum(),
            winner_changes: 0,
            margin_changes: deltas.iter().filter(|d| d.0 != "0").map(|d| d.1).sum(),
            margin_deltas: deltas.iter().map(|&(k, n)| (k.to_string(), n)).collect(),
            false_eye_or_seki_changes: 0,
            examples: Vec::new(),
        }
    }

    #[test]
    fn margin_differences_read_as_numbers() {
        // -2 once, 0 three times, +1 twice: sorted -2 0 0 0 +1 +1, the lower median 0.
        let p = pair(&[("+1", 2), ("-2", 1), ("0", 3)]);
        assert_eq!(spread_text(&p), "-2 / 0 / +1");
        assert_eq!(deltas_text(&p), "-2: 1, 0: 3, +1: 2");
        // Text order would put +10 before +2; the table does not.
        let p = pair(&[("+10", 1), ("+2", 1), ("-0.5", 1)]);
        assert_eq!(spread_text(&p), "-0.5 / +2 / +10");
        assert_eq!(deltas_text(&p), "-0.5: 1, +2: 1, +10: 1");
        // More values than shown: the most frequent eight, in order, and the rest counted.
        let many: Vec<(String, usize)> = (1..=10).map(|k| (format!("+{k}"), 11 - k)).collect();
        let refs: Vec<(&str, usize)> = many.iter().map(|(k, n)| (k.as_str(), *n)).collect();
        assert_eq!(
            deltas_text(&pair(&refs)),
            "+1: 10, +2: 9, +3: 8, +4: 7, +5: 6, +6: 5, +7: 4, +8: 3, 2 other values: 3"
        );
    }
}
