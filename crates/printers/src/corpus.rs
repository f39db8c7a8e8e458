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
//! - **jsonl**: a line per game, then a line `{"summary": {...}}`;
//! - **parquet**: the rows of `gorules_columnar` (a row per game and score, typed columns),
//!   written a row group at a time; the summary is not in the file (`gorules summary` makes it
//!   from the rows, [`summary_output`] writes it).
//!
//! A game's piece needs no other game, so a threaded run makes it where the game was replayed
//! ([`CorpusLayout::piece`], on any thread) and the [`CorpusPrinter`] only joins the pieces
//! in order and writes them.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use gorules_compare::corpus::{delta_value, GameEntry, HomeBox, PairSummary, Summary};
use gorules_compare::report::is_column;
use gorules_rules::json;
use gorules_rules::printer::escape_controls;

use gorules_columnar::CorpusWriter;

use crate::grid::Grid;
use crate::sink::Sink;
use crate::Format;

/// The characters of a record's `RE` a table row shows (longer ones are cut, with `…`).
pub const RE_WIDTH: usize = 12;

/// The margin differences a summary row of the table lists, the most frequent first chosen
/// (then shown in order of value); the others are counted in one "more" note.
pub const DELTAS_SHOWN: usize = 8;

/// Output is written when this much has gathered (and at the end, and after an error's row).
const WRITE_AT: usize = 64 * 1024;

/// Output is also written when this long has passed since the last write: in a slow run (dead
/// stones from a GTP engine, a second or more a game) each game's row is written as it is done.
const WRITE_AFTER: Duration = Duration::from_millis(100);

/// The layout of one corpus run: its format and score columns. It makes the text before the
/// first game, each game's piece and the text after the last; it holds no state of the run,
/// so that the pieces can be made on any thread.
#[derive(Clone, Debug)]
pub struct CorpusLayout {
    format: Format,
    columns: Vec<String>,
    widths: Vec<usize>,
}

/// One game's (or error's) text in a run's format, made by [`CorpusLayout::piece`] and
/// written in input order by [`CorpusPrinter::write_piece`].
#[derive(Clone, Debug)]
pub struct Piece {
    body: Body,
    /// An error's row: written out at once, so that a message about it written elsewhere
    /// (standard error) follows it.
    error: bool,
}

/// What a piece holds: the text of a text format, or for Parquet the entry itself, whose
/// rows are appended to the columns in input order.
#[derive(Clone, Debug)]
enum Body {
    Text(Vec<u8>),
    Entry(HomeBox<GameEntry>),
}

impl CorpusLayout {
    /// The layout of a run in `format` with these score columns
    /// ([`gorules_compare::corpus::score_columns`]).
    pub fn new(format: Format, columns: Vec<String>) -> CorpusLayout {
        let widths = columns.iter().map(|c| c.chars().count().max(7)).collect();
        CorpusLayout {
            format,
            columns,
            widths,
        }
    }

    /// The run's format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The score columns printed.
    pub fn columns(&self) -> &[String] {
        &self.columns
    }

    /// The text before the first game.
    fn begin(&self) -> String {
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
            Format::JsonLines | Format::Parquet => String::new(),
        }
    }

    /// What goes before the game numbered `games` from 0 (JSON's commas).
    fn separator(&self, games: usize) -> &'static [u8] {
        match (self.format, games) {
            (Format::Json, 0) => b"\n",
            (Format::Json, _) => b",\n",
            _ => b"",
        }
    }

    /// The text of one game (or error) without what separates it from the one before: the
    /// expensive part, which needs no other game and can be made on any thread.
    pub fn piece(&self, entry: &GameEntry) -> Piece {
        if self.format == Format::Parquet {
            return self.into_piece(entry.clone());
        }
        let text = match self.format {
            // Room for a typical game's text, so that it is not copied as it grows.
            Format::Json => {
                let mut out = Vec::with_capacity(32 * 1024);
                out.extend_from_slice(b"    ");
                json::append_pretty(&mut out, entry, 4).expect("serialisable");
                out
            }
            Format::JsonLines => {
                let mut out = Vec::with_capacity(16 * 1024);
                json::append(&mut out, entry).expect("serialisable");
                out.push(b'\n');
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
                rows.into_bytes()
            }
            Format::Table | Format::Markdown => self.row(entry).into_bytes(),
            Format::Parquet => unreachable!("a Parquet piece holds its entry"),
        };
        Piece {
            body: Body::Text(text),
            error: matches!(entry, GameEntry::Error { .. }),
        }
    }

    /// The piece of `entry`, as [`CorpusLayout::piece`] makes it, taking the entry: a Parquet
    /// piece holds it (its rows are made where the columns are), with no copy.
    pub fn into_piece(&self, entry: GameEntry) -> Piece {
        if self.format != Format::Parquet {
            return self.piece(&entry);
        }
        Piece {
            error: matches!(entry, GameEntry::Error { .. }),
            body: Body::Entry(HomeBox::new(entry)),
        }
    }

    /// A game's row of the table or of the Markdown table.
    fn row(&self, entry: &GameEntry) -> String {
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

    /// The text after the last of `games` games: the summary, when there is one (a run
    /// stopped before its summary closes its JSON document without one).
    fn end(&self, summary: Option<&Summary>, games: usize) -> Vec<u8> {
        let mut out = Vec::new();
        match self.format {
            Format::Json => {
                out.extend_from_slice(if games == 0 { b"]" } else { b"\n  ]" });
                if let Some(summary) = summary {
                    out.extend_from_slice(b",\n  \"summary\": ");
                    json::append_pretty(&mut out, summary, 2).expect("serialisable");
                }
                out.extend_from_slice(b"\n}\n");
            }
            Format::JsonLines => {
                #[derive(serde::Serialize)]
                struct Line<'a> {
                    summary: &'a Summary,
                }
                if let Some(summary) = summary {
                    json::append(&mut out, &Line { summary }).expect("serialisable");
                    out.push(b'\n');
                }
            }
            Format::Csv | Format::Parquet => {}
            Format::Table | Format::Markdown => {
                if let Some(summary) = summary {
                    out = summary_text(summary, self.format).into_bytes();
                }
            }
        }
        out
    }
}

/// Writes one corpus run to `W` as it goes: the games' entries in input order
/// ([`Sink::game`], or [`CorpusPrinter::write_piece`] for a piece made on another thread),
/// then [`Sink::finish`] with the summary. The text before the first game is written with the
/// first game: a run with no input writes nothing. Output is gathered and written in pieces
/// of some 64 KB (a large piece, a game's JSON, is not copied), at once after an error's row,
/// and with the next game once 100 ms have passed since the last write, so that a slow run's
/// rows come as its games are done.
///
/// In Parquet the rows are gathered in columns and written a row group at a time
/// (`gorules_columnar::CorpusWriter`); the summary is not written (see [`summary_output`]).
pub struct CorpusPrinter<W: Write + Send> {
    layout: CorpusLayout,
    out: Out<W>,
    games: usize,
    started: bool,
    pending: Vec<u8>,
    /// When output was last written (or the printer made).
    written: Instant,
}

/// Where a printer writes: the writer itself (the text formats), or the Parquet writer
/// around it until the run is finished.
enum Out<W: Write + Send> {
    Text(W),
    Parquet(Box<CorpusWriter<W>>),
    /// Between the Parquet writer's end and the writer's return; never seen outside
    /// [`CorpusPrinter::finish`].
    Taken,
}

impl<W: Write + Send> CorpusPrinter<W> {
    /// A printer of a run in `format` with these score columns
    /// ([`gorules_compare::corpus::score_columns`]), writing to `wtr`. Only Parquet's can
    /// fail: the Parquet writer writes the file's magic bytes at once.
    pub fn try_new(format: Format, columns: Vec<String>, wtr: W) -> io::Result<CorpusPrinter<W>> {
        let out = if format == Format::Parquet {
            Out::Parquet(Box::new(CorpusWriter::new(wtr, &columns)?))
        } else {
            Out::Text(wtr)
        };
        Ok(CorpusPrinter {
            layout: CorpusLayout::new(format, columns),
            out,
            games: 0,
            started: false,
            pending: Vec::with_capacity(2 * WRITE_AT),
            written: Instant::now(),
        })
    }

    /// A printer of a run in a text format (every format but Parquet, for which see
    /// [`CorpusPrinter::try_new`]) with these score columns, writing to `wtr`.
    ///
    /// # Panics
    ///
    /// For [`Format::Parquet`] when the writer fails at once.
    pub fn new(format: Format, columns: Vec<String>, wtr: W) -> CorpusPrinter<W> {
        CorpusPrinter::try_new(format, columns, wtr)
            .expect("a Parquet writer that fails at once: use try_new")
    }

    /// The run's layout, which makes the pieces ([`CorpusLayout::piece`]).
    pub fn layout(&self) -> &CorpusLayout {
        &self.layout
    }

    /// The writer, once the run is finished.
    ///
    /// # Panics
    ///
    /// For Parquet, when the run was not finished ([`Sink::finish`]) or its end failed.
    pub fn into_inner(self) -> W {
        match self.out {
            Out::Text(w) => w,
            _ => panic!("a Parquet printer gives its writer back once finished"),
        }
    }

    /// The text before the first game, once.
    fn start(&mut self) {
        if !self.started {
            self.started = true;
            self.pending
                .extend_from_slice(self.layout.begin().as_bytes());
        }
    }

    /// Writes what has gathered, and flushes.
    fn emit(&mut self) -> io::Result<()> {
        let Out::Text(wtr) = &mut self.out else {
            return Ok(());
        };
        wtr.write_all(&self.pending)?;
        self.pending.clear();
        self.written = Instant::now();
        wtr.flush()
    }

    /// Writes the next game's piece (made by this printer's [`CorpusLayout::piece`]).
    pub fn write_piece(&mut self, piece: Piece) -> io::Result<()> {
        let text = match piece.body {
            Body::Entry(entry) => {
                self.games += 1;
                return match &mut self.out {
                    Out::Parquet(w) => w.write(&entry),
                    _ => Err(io::Error::other("a Parquet piece for a text printer")),
                };
            }
            Body::Text(text) => text,
        };
        if !matches!(self.out, Out::Text(_)) {
            return Err(io::Error::other("a text piece for a Parquet printer"));
        }
        self.start();
        self.pending
            .extend_from_slice(self.layout.separator(self.games));
        self.games += 1;
        if text.len() >= WRITE_AT / 4 {
            // A large piece (a game's JSON) is not copied: what has gathered is written, and
            // the piece becomes what gathers.
            self.emit()?;
            self.pending = text;
        } else {
            self.pending.extend_from_slice(&text);
        }
        if self.pending.len() >= WRITE_AT || piece.error || self.written.elapsed() >= WRITE_AFTER {
            self.emit()?;
        }
        Ok(())
    }
}

impl<W: Write + Send> Sink for CorpusPrinter<W> {
    fn game(&mut self, entry: &GameEntry) -> io::Result<()> {
        if let Out::Parquet(w) = &mut self.out {
            self.games += 1;
            return w.write(entry);
        }
        let piece = self.layout.piece(entry);
        self.write_piece(piece)
    }

    fn finish(&mut self, summary: Option<&Summary>) -> io::Result<()> {
        if matches!(self.out, Out::Parquet(_)) {
            let Out::Parquet(w) = std::mem::replace(&mut self.out, Out::Taken) else {
                unreachable!("matched above")
            };
            self.out = Out::Text(w.finish()?);
            return Ok(());
        }
        self.start();
        let end = self.layout.end(summary, self.games);
        self.pending.extend_from_slice(&end);
        self.emit()
    }
}

/// The summary of a run as `format` writes it after the games: for table and Markdown the
/// text after the games' rows, for JSON the summary object alone (`{"summary": {...}}`, as
/// the document of `compare` holds it), for JSON Lines its last line. CSV and Parquet hold
/// no summary: `None`.
pub fn summary_output(summary: &Summary, format: Format) -> Option<Vec<u8>> {
    match format {
        Format::Table | Format::Markdown | Format::JsonLines => {
            Some(CorpusLayout::new(format, Vec::new()).end(Some(summary), 1))
        }
        Format::Json => {
            let mut out = b"{\n  \"summary\": ".to_vec();
            json::to_writer_pretty(&mut out, summary, 2).expect("serialisable");
            out.extend_from_slice(b"\n}\n");
            Some(out)
        }
        Format::Csv | Format::Parquet => None,
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
    // The finished games counted apart, said only when there are some.
    let mut apart = Vec::new();
    if summary.uncertain_dead_stones > 0 {
        apart.push(format!(
            "{} of them with dead stones the estimate is not sure of",
            summary.uncertain_dead_stones
        ));
    }
    if summary.unsure_territory_counts > 0 {
        let of_them = if apart.is_empty() { " of them" } else { "" };
        apart.push(format!(
            "{}{of_them} with a territory count not sure",
            summary.unsure_territory_counts
        ));
    }
    let uncertain = if apart.is_empty() {
        String::new()
    } else {
        format!(" ({}, not counted below)", apart.join(" and "))
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
/// piece by piece, in a text format (Parquet is binary: write it with a [`CorpusPrinter`]).
pub fn render_corpus(
    entries: &[GameEntry],
    columns: Vec<String>,
    summary: &Summary,
    format: Format,
) -> String {
    let mut printer = CorpusPrinter::new(format, columns, Vec::new());
    for e in entries {
        printer.game(e).expect("writing to memory");
    }
    printer.finish(Some(summary)).expect("writing to memory");
    String::from_utf8(printer.into_inner()).expect("the output is UTF-8")
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

    #[test]
    fn the_games_counted_apart_are_said_in_the_counts_sentence() {
        let summary = |uncertain, unsure| Summary {
            games: 20,
            errors: 1,
            finished: 17,
            unfinished: 2,
            uncertain_dead_stones: uncertain,
            unsure_territory_counts: unsure,
            with_illegal_moves: 0,
            pairs: Vec::new(),
            groups: Vec::new(),
            record_agreement: Vec::new(),
        };
        let first_line = |s: &Summary| {
            pairs_text(s, Format::Table)
                .trim_start()
                .lines()
                .next()
                .unwrap()
                .to_string()
        };
        let tail = ", 2 unfinished (not counted below), 1 errors, 0 with a move some ruleset finds illegal";
        assert_eq!(
            first_line(&summary(0, 0)),
            format!("20 games: 17 finished{tail}")
        );
        assert_eq!(
            first_line(&summary(12, 0)),
            format!(
                "20 games: 17 finished (12 of them with dead stones the estimate is not sure of, \
                 not counted below){tail}"
            )
        );
        assert_eq!(
            first_line(&summary(0, 3)),
            format!(
                "20 games: 17 finished (3 of them with a territory count not sure, not counted \
                 below){tail}"
            )
        );
        assert_eq!(
            first_line(&summary(12, 3)),
            format!(
                "20 games: 17 finished (12 of them with dead stones the estimate is not sure of \
                 and 3 with a territory count not sure, not counted below){tail}"
            )
        );
    }
}
