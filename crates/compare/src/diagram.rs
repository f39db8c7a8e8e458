//! Board diagrams of a record under one ruleset: the stones after a move, the last move, the
//! dead stones and the territory *as that ruleset counts it*, as text or as a self-contained
//! SVG picture.
//!
//! [`view`] replays the record exactly as [`replay`](crate::replay::replay) does. At the end of
//! the record it finishes the game the same way (the passes the protocol still requires, then
//! the dead stones: `--dead`, else the record's `TB`/`TW` markup; a record that does not end in
//! passes is taken as it stands) and marks the territory with
//! [`Ruleset::counted_territory_by`] for its first counting method, the definition the scores
//! use: seki eyes and false eyes are left out under rulesets that do not count them, and the
//! stones of groups in seki are marked where the count looks for seki (the referee's
//! settlement, [`gorules_rules::referee`]). Before the end of the record the position is taken
//! as it stands, with no dead stones.
//!
//! ```
//! use gorules_compare::diagram::{to_text, view};
//! use gorules_sgf::parse_sgf;
//! use gorules_compare::replay::Options;
//!
//! let record = &parse_sgf("(;SZ[3];B[bb])", None)?[0];
//! let v = view(record, &gorules_rules::builtin("japanese").unwrap(), &Options::default(), None)?;
//! assert_eq!(v.territory.counted[0].len(), 8);
//! assert!(to_text(&v).contains(" 2 x(X)x\n"));
//! # Ok::<(), gorules_compare::diagram::ViewError>(())
//! ```

use std::fmt;
use std::fmt::Write as _;
use std::sync::Arc;

use gorules_board::coords::{gtp_column_letter, gtp_move, gtp_point};
use gorules_board::diagram::column_letters;
use gorules_board::{Board, Color, Move, Point, Size};
use gorules_rules::printer::escape_controls;
use gorules_rules::{
    format_points, point_reasons, CountedTerritory, Counting, Outcome, Ownership, PointReason,
    Reason, Ruleset, SettlementReport,
};

use crate::replay::{dead_stones, illegal_move, play_record, DeadSource, Options, ScoreReport};
use gorules_sgf::{GameRecord, RecordError};

/// The move that led to the diagrammed position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// Its 1-based number in the record.
    pub number: usize,
    /// Who played it.
    pub color: Color,
    /// The move as the record has it (a ruleset may have replaced it by a pass: see the notes).
    pub mv: Move,
}

/// What a diagram shows: the position after a move of a record under one ruleset.
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramView {
    /// The game's name (`GN`), else the players, else the file name.
    pub title: String,
    /// The ruleset's id.
    pub ruleset: String,
    /// The number of record moves played to reach the position (0: the setup).
    pub move_number: usize,
    /// The number of moves in the record.
    pub record_moves: usize,
    /// Whether the position is the end of the record (dead stones and scores apply).
    pub is_final: bool,
    /// The stones that count: the position with the dead stones removed.
    pub board: Board,
    /// The move that led to the position (`None` at move 0).
    pub last_move: Option<LastMove>,
    /// The stones removed as dead, where they stood (drawn, but not on [`DiagramView::board`]).
    pub dead: Vec<(Color, Point)>,
    /// Where the dead stones came from (`None` before the end of the record).
    pub dead_source: Option<DeadSource>,
    /// The stones whose life the estimate is not sure of (dead or alive by its best answer),
    /// row by row; empty unless the dead stones were estimated.
    pub uncertain: Vec<Point>,
    /// Each empty point as the ruleset counts it.
    pub territory: CountedTerritory,
    /// Why each point the count leaves out is left out, and the points it counts without
    /// being sure ([`gorules_rules::point_reasons()`]), where the count is the referee's
    /// settlement; empty otherwise.
    pub reasons: Vec<PointReason>,
    /// The scores at the end of the record, as `gorules score` gives them (empty before the
    /// end, and for an unfinished record unless [`Options::score_unfinished`]).
    pub scores: Vec<ScoreReport>,
    /// What a reader should know: illegal moves, ignored dead stones, an unfinished record.
    pub notes: Vec<String>,
}

/// Why a diagram could not be made.
#[derive(Clone, Debug, PartialEq)]
pub enum ViewError {
    /// The move number is beyond the end of the record.
    MoveOutOfRange {
        /// The move asked for.
        asked: usize,
        /// The moves in the record.
        moves: usize,
    },
    /// The record cannot be replayed.
    Record(RecordError),
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewError::MoveOutOfRange { asked, moves } => write!(
                f,
                "move {asked} is beyond the end of the record, which has {moves} move(s): use \
                 a move number from 0 (the setup) to {moves}"
            ),
            ViewError::Record(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ViewError {}

impl From<RecordError> for ViewError {
    fn from(e: RecordError) -> ViewError {
        ViewError::Record(e)
    }
}

fn title_of(record: &GameRecord) -> String {
    if let Some(name) = record.game_name.as_deref().filter(|s| !s.trim().is_empty()) {
        return name.trim().to_string();
    }
    if let (Some(b), Some(w)) = (&record.black_player, &record.white_player) {
        return format!("{} (B) vs {} (W)", b.trim(), w.trim());
    }
    match record.source_name.as_deref() {
        Some(path) => path.rsplit(['/', '\\']).next().unwrap_or(path).to_string(),
        None => "game".to_string(),
    }
}

/// What to draw for `record` under `rules` after move `move_number` (default: the end of the
/// record). `options` gives `--dead` and `--komi` (and whether an unfinished record is scored).
pub fn view(
    record: &GameRecord,
    rules: &Ruleset,
    options: &Options,
    move_number: Option<usize>,
) -> Result<DiagramView, ViewError> {
    let moves = record.moves.len();
    let n = move_number.unwrap_or(moves);
    if n > moves {
        return Err(ViewError::MoveOutOfRange { asked: n, moves });
    }
    let is_final = n == moves;
    let mut played = play_record(record, &Arc::new(rules.clone()), options, n)?;
    let mut notes = Vec::new();
    let mut dead = Vec::new();
    let mut dead_source = None;
    let mut uncertain = Vec::new();
    let mut scores = Vec::new();
    if is_final {
        let resolved = dead_stones(record, options)?;
        uncertain.clone_from(&resolved.uncertain);
        let (named, source) = (resolved.stones, resolved.source);
        dead_source = Some(source);
        let before = played.game().state().board().clone();
        let scored = played.scored(options.score_unfinished);
        if !played.finished_by_protocol && played.game().special_outcome().is_none() {
            notes.push(if played.diverged() {
                "the replay diverged from the record: the position as it stands".to_string()
            } else {
                "the record does not end in passes: the position as it stands".to_string()
            });
        }
        played.finish(&named, !played.diverged());
        match played.game().settlement() {
            Some(SettlementReport::Removed { stones }) => {
                dead = stones
                    .iter()
                    .filter_map(|&p| before.get(p).map(|c| (c, p)))
                    .collect();
            }
            Some(report @ SettlementReport::RulesNamed { stones, kept }) => {
                dead = stones
                    .iter()
                    .filter_map(|&p| before.get(p).map(|c| (c, p)))
                    .collect();
                if !kept.is_empty() {
                    notes.push(format!("under {}: {report}", rules.id));
                }
            }
            Some(SettlementReport::Ignored { reason }) => notes.push(format!(
                "{} stone(s) named dead are alive under {}: {reason}",
                named.len(),
                rules.id
            )),
            None => {}
        }
        if scored {
            scores = rules
                .counting
                .iter()
                .filter(|c| options.countings.as_ref().is_none_or(|w| w.contains(c)))
                .map(|&c| ScoreReport::from_score(played.game().score(c)))
                .collect();
        }
    } else {
        notes.push(format!(
            "move {n} of {moves}: the position as it stands, no dead stones"
        ));
    }
    if let Some(ill) = illegal_move(played.game(), rules, record) {
        let color = match ill.color {
            gorules_rules::ColorName::Black => "B",
            gorules_rules::ColorName::White => "W",
        };
        notes.push(format!(
            "move {} ({color} {}) is illegal under {} ({}): {}",
            ill.move_number, ill.point, rules.id, ill.reason, ill.handling
        ));
    }
    match played.game().special_outcome() {
        Some(Outcome::NoResult) => notes.push("a long cycle ended the game: no result".into()),
        Some(Outcome::Forfeit { .. }) if played.moves_ignored() > 0 => notes.push(format!(
            "the game was lost by forfeit: the last {} move(s) were not played",
            played.moves_ignored()
        )),
        _ if played.moves_ignored() > 0 => notes.push(format!(
            "the last {} move(s) were not played",
            played.moves_ignored()
        )),
        _ => {}
    }
    // The first counting method scored (or that the ruleset allows): the count the marks show.
    let counting = scores.first().map(|s| s.counting).unwrap_or_else(|| {
        rules
            .counting
            .iter()
            .copied()
            .find(|c| options.countings.as_ref().is_none_or(|w| w.contains(c)))
            .or(rules.counting.first().copied())
            .unwrap_or(Counting::Area)
    });
    let counted = played.game().state().board();
    let ownership = Ownership::of(counted);
    let territory = rules.counted_territory_with(counted, counting, &ownership);
    let reasons = if rules.settles(counting) {
        point_reasons(counted, &territory, ownership.referee())
    } else {
        Vec::new()
    };
    notes.extend(reason_notes(&reasons, counted.size()));
    if let Some(score) = scores.first() {
        for d in &score.doubts {
            let mut note = format!(
                "territory count not sure at {}: {}",
                d.points.join(" "),
                d.reason
            );
            if !d.dame.is_empty() {
                let _ = write!(note, " (dame {})", d.dame.join(" "));
            }
            notes.push(note);
        }
    }
    let last_move = n.checked_sub(1).map(|i| LastMove {
        number: n,
        color: record.moves[i].color,
        mv: record.moves[i].mv,
    });
    Ok(DiagramView {
        title: title_of(record),
        ruleset: rules.id.clone(),
        move_number: n,
        record_moves: moves,
        is_final,
        board: played.game().state().board().clone(),
        last_move,
        dead,
        dead_source,
        uncertain,
        territory,
        reasons,
        scores,
        notes,
    })
}

/// The note that says why the points the count leaves out are left out: `left out of the
/// territory: D1 false eye of Black; A4 teire of Black (dame A2 B3 C4); C1 seki eye of Black
/// (dame E1)`, points of the same reason, colour and dame together; none when nothing is left
/// out.
fn reason_notes(reasons: &[PointReason], size: Size) -> Option<String> {
    let mut groups: Vec<(&PointReason, Vec<String>)> = Vec::new();
    for r in reasons.iter().filter(|r| r.reason != Reason::Territory) {
        let name = gtp_point(r.point, size);
        match groups
            .iter_mut()
            .find(|(g, _)| (g.reason, g.color, g.dame) == (r.reason, r.color, r.dame))
        {
            Some((_, points)) => points.push(name),
            None => groups.push((r, vec![name])),
        }
    }
    if groups.is_empty() {
        return None;
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(r, points)| {
            let plural = if points.len() > 1 { "s" } else { "" };
            let mut part = format!(
                "{} {}{plural} of {}",
                points.join(" "),
                r.reason.words(),
                match r.color {
                    Color::Black => "Black",
                    Color::White => "White",
                }
            );
            if !r.dame.is_empty() {
                let dame: Vec<String> = r.dame.iter().map(|p| gtp_point(p, size)).collect();
                let _ = write!(part, " (dame {})", dame.join(" "));
            }
            part
        })
        .collect();
    Some(format!("left out of the territory: {}", parts.join("; ")))
}

/// What stands on, or is counted on, one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Stone(Color),
    SekiStone(Color),
    Dead(Color),
    Territory(Color),
    NotCounted(Color),
    FalseEye(Color),
    Neutral,
}

impl DiagramView {
    /// The board size.
    pub fn size(&self) -> Size {
        self.board.size()
    }

    fn mark(&self, p: Point) -> Mark {
        if let Some(c) = self.board.get(p) {
            if self.territory.seki_stones[c.index()].contains(p) {
                return Mark::SekiStone(c);
            }
            return Mark::Stone(c);
        }
        if let Some(&(c, _)) = self.dead.iter().find(|(_, q)| *q == p) {
            return Mark::Dead(c);
        }
        for c in Color::ALL {
            if self.territory.counted[c.index()].contains(p) {
                return Mark::Territory(c);
            }
            if self.territory.false_eyes[c.index()].contains(p) {
                return Mark::FalseEye(c);
            }
            if self.territory.not_counted[c.index()].contains(p) {
                return Mark::NotCounted(c);
            }
        }
        Mark::Neutral
    }

    /// Whether some stone is marked as in seki.
    fn has_seki_stones(&self) -> bool {
        self.territory.seki_stones.iter().any(|s| !s.is_empty())
    }

    /// Whether some point is marked as a false eye not counted.
    fn has_false_eyes(&self) -> bool {
        self.territory.false_eyes.iter().any(|s| !s.is_empty())
    }

    /// The point of the last move, when it was a board play.
    fn last_point(&self) -> Option<Point> {
        match self.last_move?.mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }

    /// One line: the game, the move, the ruleset.
    pub fn headline(&self) -> String {
        self.headline_parts().concat()
    }

    /// The headline in two parts: the game's name (with `": "`), then the move and ruleset.
    fn headline_parts(&self) -> [String; 2] {
        let mv = match self.last_move {
            None => "the setup".to_string(),
            Some(m) => format!(
                "move {} of {} ({} {})",
                m.number,
                self.record_moves,
                m.color.letter(),
                gtp_move(m.mv, self.size())
            ),
        };
        [
            format!("{}: ", self.title),
            format!("{mv}, rules {}", self.ruleset),
        ]
    }

    /// One line: the territory counted, the dead stones and the scores.
    pub fn summary(&self) -> String {
        let t = &self.territory;
        let mut s = format!(
            "territory B {}, W {}",
            t.counted[0].len(),
            t.counted[1].len()
        );
        let not_counted = t.not_counted[0].len() + t.not_counted[1].len();
        if not_counted > 0 {
            let _ = write!(
                s,
                " (seki eyes not counted: B {}, W {})",
                t.not_counted[0].len(),
                t.not_counted[1].len()
            );
        }
        let false_eyes = t.false_eyes[0].len() + t.false_eyes[1].len();
        if false_eyes > 0 {
            let _ = write!(
                s,
                " (false eyes not counted: B {}, W {})",
                t.false_eyes[0].len(),
                t.false_eyes[1].len()
            );
        }
        let _ = write!(s, "; neutral {}", t.neutral.len());
        match self.dead_source {
            Some(DeadSource::None) => s.push_str("; dead stones: none given"),
            Some(_) if self.dead.is_empty() => s.push_str("; dead stones: none removed"),
            Some(source) => {
                let count = |c: Color| self.dead.iter().filter(|d| d.0 == c).count();
                let from = match source {
                    DeadSource::CommandLine => "--dead",
                    DeadSource::Estimate => "estimated",
                    DeadSource::Engine => "GTP engine",
                    _ => "TB/TW markup",
                };
                let _ = write!(
                    s,
                    "; dead B {}, W {} ({from})",
                    count(Color::Black),
                    count(Color::White)
                );
            }
            None => {}
        }
        if !self.uncertain.is_empty() {
            let names: Vec<String> = self
                .uncertain
                .iter()
                .map(|&p| gtp_point(p, self.size()))
                .collect();
            let _ = write!(s, "; not sure of {}", names.join(" "));
        }
        for sc in &self.scores {
            let _ = write!(
                s,
                "; {} {} (B {}, W {})",
                sc.counting.name(),
                sc.result,
                format_points(sc.black),
                format_points(sc.white)
            );
        }
        s
    }
}

/// An output format of diagrams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Text with a legend ([`to_text`]).
    Text,
    /// A self-contained SVG picture ([`to_svg`]).
    Svg,
}

impl Format {
    /// Every format, in the order `--format`'s help lists them.
    pub const ALL: [Format; 2] = [Format::Text, Format::Svg];

    /// The format's name, as [`Format::from_str`](std::str::FromStr::from_str) reads it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Svg => "svg",
        }
    }
}

gorules_rules::named_values!(Format);

/// The view in `format`.
pub fn render(view: &DiagramView, format: Format) -> String {
    match format {
        Format::Text => to_text(view),
        Format::Svg => to_svg(view),
    }
}

/// The legend of [`to_text`].
pub const TEXT_LEGEND: &str = "X O stones, x o territory, # @ dead black/white stones, \
                               - seki eye not counted, . neutral, (X) last move";

/// What the legend of [`to_text`] adds when the marks are on the board: stones of groups in
/// seki, and false eyes a ruleset does not count.
pub const TEXT_LEGEND_SEKI: &str = "S s black/white stones in seki";
/// See [`TEXT_LEGEND_SEKI`].
pub const TEXT_LEGEND_FALSE_EYES: &str = "F f black/white false eyes not counted";

/// The view as text: GTP coordinates on the edges (as [`gorules_board::diagram::to_diagram`]),
/// then the marks of [`TEXT_LEGEND`]: `X`/`O` stones, `x`/`o` Black's/White's counted
/// territory, `#`/`@` dead black/white stones (where they stood), `-` a seki eye the ruleset
/// does not count, `.` a neutral point, and the last move between parentheses; and where
/// there are some (the legend then says so, [`TEXT_LEGEND_SEKI`], [`TEXT_LEGEND_FALSE_EYES`]),
/// `S`/`s` black/white stones of groups in seki and `F`/`f` false eyes of Black/White the
/// ruleset does not count (the codes of [`gorules_rules::point_map`]). A headline comes first;
/// the legend, a summary and the notes follow.
pub fn to_text(view: &DiagramView) -> String {
    let size = view.size();
    let label_w = size.height().to_string().len();
    let last = view.last_point();
    let mut out = String::new();
    // The headline names the game from the record (`GN`, `PB`, `PW`): its control
    // characters are escaped, as in every output.
    out.push_str(&escape_controls(&view.headline()));
    out.push('\n');
    out.push_str(&column_letters(size));
    for y in 0..size.height() {
        let _ = write!(out, " {:>label_w$}", size.height() - y);
        let mut closing = false;
        for x in 0..size.width() {
            let p = Point::new(x, y);
            out.push(if last == Some(p) {
                '('
            } else if closing {
                ')'
            } else {
                ' '
            });
            closing = last == Some(p);
            out.push(match view.mark(p) {
                Mark::Stone(c) => c.diagram_char(),
                Mark::SekiStone(Color::Black) => 'S',
                Mark::SekiStone(Color::White) => 's',
                Mark::Dead(Color::Black) => '#',
                Mark::Dead(Color::White) => '@',
                Mark::Territory(c) => c.diagram_char().to_ascii_lowercase(),
                Mark::NotCounted(_) => '-',
                Mark::FalseEye(Color::Black) => 'F',
                Mark::FalseEye(Color::White) => 'f',
                Mark::Neutral => '.',
            });
        }
        if closing {
            out.push(')');
        }
        out.push('\n');
    }
    out.push_str(TEXT_LEGEND);
    if view.has_seki_stones() {
        out.push_str(", ");
        out.push_str(TEXT_LEGEND_SEKI);
    }
    if view.has_false_eyes() {
        out.push_str(", ");
        out.push_str(TEXT_LEGEND_FALSE_EYES);
    }
    out.push('\n');
    out.push_str(&escape_controls(&view.summary()));
    out.push('\n');
    for n in &view.notes {
        let _ = writeln!(out, "note: {}", escape_controls(n));
    }
    out
}

/// Escapes text for XML content and attribute values, and drops characters XML forbids; DEL
/// and the C1 controls (U+007F to U+009F), which XML allows but a terminal showing the file
/// would obey, are written as character references.
fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(' '),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            '\u{7f}'..='\u{9f}' => {
                let _ = write!(out, "&#x{:x};", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// A length in SVG user units, at most two decimals, no trailing zeros.
fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// The star points (hoshi) drawn on 9x9, 13x13 and 19x19 boards.
fn star_points(size: Size) -> Vec<Point> {
    let n = size.width();
    if !size.is_square() || ![9, 13, 19].contains(&n) {
        return Vec::new();
    }
    let e = if n >= 13 { 3 } else { 2 };
    let lines: Vec<u8> = if n == 19 {
        vec![e, n / 2, n - 1 - e]
    } else {
        vec![e, n - 1 - e]
    };
    let mut out: Vec<Point> = lines
        .iter()
        .flat_map(|&x| lines.iter().map(move |&y| Point::new(x, y)))
        .collect();
    if n != 19 {
        out.push(Point::new(n / 2, n / 2));
    }
    out
}

/// Splits a text, given as consecutive parts, into lines that fit `width` at `font` (an
/// average sans-serif glyph is taken as 0.6 em wide): whole parts where they fit, else at
/// spaces; a word longer than a line gets a smaller font of its own.
fn wrap(parts: &[&str], font: f64, width: f64) -> Vec<(String, f64)> {
    let per_line = ((width / (0.6 * font)) as usize).max(8);
    let len = |s: &str| s.chars().count();
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for &part in parts {
        if len(&line) + len(part.trim_end()) <= per_line {
            line.push_str(part);
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line).trim_end().to_string());
        }
        for word in part.split_inclusive(' ') {
            if !line.is_empty() && len(&line) + len(word.trim_end()) > per_line {
                lines.push(std::mem::take(&mut line).trim_end().to_string());
            }
            line.push_str(word);
        }
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
        .into_iter()
        .map(|l| {
            let f = font.min(width / (0.6 * len(&l) as f64));
            (l, f)
        })
        .collect()
}

/// The legend under an SVG diagram: what the marks present mean.
fn svg_legend(view: &DiagramView) -> String {
    let mut parts = vec!["Squares: territory, in the owner's colour."];
    if !view.dead.is_empty() {
        parts.push("Faded stones: dead.");
    }
    if view.territory.not_counted.iter().any(|s| !s.is_empty()) {
        parts.push("Hollow squares: seki eyes, not counted.");
    }
    if view.has_false_eyes() {
        parts.push("Crosses: false eyes, not counted (the owner must fill them).");
    }
    if view.has_seki_stones() {
        parts.push("Squares on stones: stones in seki.");
    }
    if view.last_point().is_some() {
        parts.push("Red ring: the last move.");
    }
    if !view.uncertain.is_empty() {
        parts.push("Dashed rings: the estimate is not sure of these stones.");
    }
    if view.reasons.iter().any(|r| !r.sure) {
        parts.push("Dashed triangles: the count of these points is not sure (see the notes).");
    }
    parts.join(" ")
}

const CELL: f64 = 32.0;
/// From the edge of the wood to the first grid line.
const EDGE: f64 = 1.6 * CELL;
/// From the edge of the wood to the centre of a coordinate label.
const LABEL: f64 = 0.66 * CELL;
const LABEL_FONT: f64 = 0.42 * CELL;
const STONE_R: f64 = 0.47 * CELL;
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// The view as a self-contained SVG picture: a wood-coloured board with grid lines, star
/// points and GTP coordinates on all four sides (no `I`), black and white stones with
/// outlines, a red ring on the last move, dead stones faded where they stood, counted
/// territory as small squares in the owner's colour, seki eyes the ruleset does not count as
/// hollow squares, false eyes it does not count as crosses, stones of groups in seki with a
/// hollow square on them, and under the board the headline and summary. A `<title>` names the game;
/// no scripts, styles, fonts or images: every property is an attribute, so it renders alike in
/// browsers and on GitHub. The `viewBox` lets it scale.
pub fn to_svg(view: &DiagramView) -> String {
    let size = view.size();
    let (w, h) = (size.width() as f64, size.height() as f64);
    let board_w = 2.0 * EDGE + (w - 1.0) * CELL;
    let board_h = 2.0 * EDGE + (h - 1.0) * CELL;
    // The picture is at least as wide as a 12x12 board, for the caption; a narrower board
    // stands in the middle.
    let canvas_w = board_w.max(2.0 * EDGE + 11.0 * CELL);
    let left = (canvas_w - board_w) / 2.0;
    let headline = view.headline();
    let summary = view.summary();
    // Caption lines below the board, wrapped to its width: the headline after the game's
    // name first, the summary between its parts.
    let [name, position] = view.headline_parts();
    let summary_parts: Vec<&str> = summary.split_inclusive("; ").collect();
    let mut caption: Vec<(String, f64, &str)> = Vec::new();
    let mut add = |parts: &[&str], font: f64, style: &'static str| {
        for (line, f) in wrap(parts, font, canvas_w * 0.94) {
            caption.push((line, f, style));
        }
    };
    // Caption fonts grow with large boards, which are drawn with smaller lines.
    let unit = CELL.max(canvas_w.max(board_h) / 20.0);
    add(&[&name, &position], 0.44 * unit, "bold");
    add(&summary_parts, 0.36 * unit, "");
    add(&[&svg_legend(view)], 0.33 * unit, "legend");
    for n in &view.notes {
        add(&[&format!("note: {n}")], 0.33 * unit, "legend");
    }
    let caption_h = 0.3 * CELL + caption.iter().map(|c| c.1 * 1.3).sum::<f64>() + 0.3 * CELL;
    let total_h = board_h + caption_h;
    // A natural size of about 700 px for 19x19 (34 px a line); at most 40 px a line on small
    // boards, at least 20 on large ones.
    let per_line = (700.0 / (w.max(h) + 2.0 * EDGE / CELL - 1.0)).clamp(20.0, 40.0);
    let scale = per_line / CELL;
    let x_of = |x: u8| left + EDGE + x as f64 * CELL;
    let y_of = |y: u8| EDGE + y as f64 * CELL;

    let mut s = String::new();
    let _ = writeln!(s, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {} {}" width="{}" height="{}" role="img">"#,
        num(canvas_w),
        num(total_h),
        num(canvas_w * scale),
        num(total_h * scale)
    );
    let _ = writeln!(s, "<title>{}</title>", xml_escape(&headline));
    let _ = writeln!(s, "<desc>{}</desc>", xml_escape(&summary));
    // Backgrounds: white under the caption (readable in dark themes too), wood under the board.
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
        num(canvas_w),
        num(total_h)
    );
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="0" width="{}" height="{}" fill="#dcb35c"/>"##,
        num(left),
        num(board_w),
        num(board_h)
    );
    // Grid.
    let _ = writeln!(
        s,
        r##"<g class="grid" stroke="#000000" stroke-width="{}" stroke-linecap="square">"##,
        num(CELL * 0.035)
    );
    for x in 0..size.width() {
        let _ = writeln!(
            s,
            r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}"/>"#,
            num(x_of(x)),
            num(y_of(0)),
            num(y_of(size.height() - 1))
        );
    }
    for y in 0..size.height() {
        let _ = writeln!(
            s,
            r#"<line x1="{1}" y1="{0}" x2="{2}" y2="{0}"/>"#,
            num(y_of(y)),
            num(x_of(0)),
            num(x_of(size.width() - 1))
        );
    }
    let _ = writeln!(
        s,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke-width="{}"/>"#,
        num(x_of(0)),
        num(y_of(0)),
        num((w - 1.0) * CELL),
        num((h - 1.0) * CELL),
        num(CELL * 0.07)
    );
    s.push_str("</g>\n");
    let stars = star_points(size);
    if !stars.is_empty() {
        s.push_str("<g class=\"stars\" fill=\"#000000\">\n");
        for p in stars {
            let _ = writeln!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}"/>"#,
                num(x_of(p.x)),
                num(y_of(p.y)),
                num(CELL * 0.1)
            );
        }
        s.push_str("</g>\n");
    }
    // Coordinates: letters above and below, numbers left and right.
    let _ = writeln!(
        s,
        r##"<g class="coordinates" font-family="{FONT}" font-size="{}" fill="#000000" text-anchor="middle">"##,
        num(LABEL_FONT)
    );
    let baseline = 0.36 * LABEL_FONT;
    for x in 0..size.width() {
        let letter = gtp_column_letter(x);
        for y in [LABEL, board_h - LABEL] {
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}">{letter}</text>"#,
                num(x_of(x)),
                num(y + baseline)
            );
        }
    }
    for y in 0..size.height() {
        let row = size.height() - y;
        for x in [left + LABEL, left + board_w - LABEL] {
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}">{row}</text>"#,
                num(x),
                num(y_of(y) + baseline)
            );
        }
    }
    s.push_str("</g>\n");
    let stone = |s: &mut String, c: Color, p: Point| {
        let (fill, stroke, width) = match c {
            Color::Black => ("#111111", "#000000", 0.03),
            Color::White => ("#fafafa", "#000000", 0.045),
        };
        let _ = writeln!(
            s,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
            num(x_of(p.x)),
            num(y_of(p.y)),
            num(STONE_R),
            num(CELL * width)
        );
    };
    // Stones.
    s.push_str("<g class=\"stones\">\n");
    for p in size.points() {
        if let Some(c) = view.board.get(p) {
            stone(&mut s, c, p);
        }
    }
    s.push_str("</g>\n");
    // Dead stones where they stood: faded, with their full outline.
    if !view.dead.is_empty() {
        s.push_str("<g class=\"dead\" fill-opacity=\"0.4\">\n");
        for &(c, p) in &view.dead {
            stone(&mut s, c, p);
        }
        s.push_str("</g>\n");
    }
    // Territory: squares in the owner's colour, outlined in the other; seki eyes not counted:
    // hollow squares, an outline in the owner's colour over a wider one in the other.
    s.push_str("<g class=\"territory\">\n");
    let square = |s: &mut String, p: Point, side: f64, fill: &str, stroke: &str, width: f64| {
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
            num(x_of(p.x) - side / 2.0),
            num(y_of(p.y) - side / 2.0),
            num(side),
            num(side),
            num(CELL * width)
        );
    };
    let colours = |c: Color| match c {
        Color::Black => ("#000000", "#ffffff"),
        Color::White => ("#ffffff", "#000000"),
    };
    for p in size.points() {
        match view.mark(p) {
            Mark::Territory(c) => {
                let (own, other) = colours(c);
                square(&mut s, p, CELL * 0.34, own, other, 0.04);
            }
            // A dead stone stands on a point counted for the other side (or not counted).
            Mark::Dead(c) if view.territory.counted[c.opponent().index()].contains(p) => {
                let (own, other) = colours(c.opponent());
                square(&mut s, p, CELL * 0.34, own, other, 0.04);
            }
            Mark::NotCounted(c) => {
                let (own, other) = colours(c);
                square(&mut s, p, CELL * 0.36, "none", other, 0.15);
                square(&mut s, p, CELL * 0.36, "none", own, 0.07);
            }
            // A false eye: a cross in the owner's colour over a wider one in the other.
            Mark::FalseEye(c) => {
                let (own, other) = colours(c);
                let h = CELL * 0.16;
                for (colour, width) in [(other, 0.15), (own, 0.07)] {
                    let _ = writeln!(
                        s,
                        r#"<path d="M{} {}L{} {}M{} {}L{} {}" fill="none" stroke="{colour}" stroke-width="{}"/>"#,
                        num(x_of(p.x) - h),
                        num(y_of(p.y) - h),
                        num(x_of(p.x) + h),
                        num(y_of(p.y) + h),
                        num(x_of(p.x) - h),
                        num(y_of(p.y) + h),
                        num(x_of(p.x) + h),
                        num(y_of(p.y) - h),
                        num(CELL * width)
                    );
                }
            }
            // A stone in seki: a hollow square on it, in the other colour.
            Mark::SekiStone(c) => {
                let (_, other) = colours(c);
                square(&mut s, p, CELL * 0.36, "none", other, 0.07);
            }
            Mark::Dead(_) | Mark::Stone(_) | Mark::Neutral => {}
        }
    }
    s.push_str("</g>\n");
    // The last move: a red ring.
    if let Some(p) = view.last_point() {
        let _ = writeln!(
            s,
            r##"<circle class="last-move" cx="{}" cy="{}" r="{}" fill="none" stroke="#e0301e" stroke-width="{}"/>"##,
            num(x_of(p.x)),
            num(y_of(p.y)),
            num(STONE_R * 0.55),
            num(CELL * 0.08)
        );
    }
    // Stones the estimate is not sure of: a dashed orange ring.
    if !view.uncertain.is_empty() {
        s.push_str("<g class=\"uncertain\" fill=\"none\" stroke=\"#e08a00\">\n");
        for &p in &view.uncertain {
            let _ = writeln!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}" stroke-width="{}" stroke-dasharray="{}"/>"#,
                num(x_of(p.x)),
                num(y_of(p.y)),
                num(STONE_R * 1.02),
                num(CELL * 0.07),
                num(CELL * 0.12)
            );
        }
        s.push_str("</g>\n");
    }
    // Points whose count is not sure: a dashed orange triangle.
    if view.reasons.iter().any(|r| !r.sure) {
        s.push_str("<g class=\"unsure\" fill=\"none\" stroke=\"#e08a00\">\n");
        for r in view.reasons.iter().filter(|r| !r.sure) {
            let (x, y, h) = (x_of(r.point.x), y_of(r.point.y), STONE_R * 0.8);
            let _ = writeln!(
                s,
                r#"<path d="M{} {}L{} {}L{} {}Z" stroke-width="{}" stroke-dasharray="{}"/>"#,
                num(x),
                num(y - h),
                num(x + h * 0.87),
                num(y + h * 0.5),
                num(x - h * 0.87),
                num(y + h * 0.5),
                num(CELL * 0.06),
                num(CELL * 0.1)
            );
        }
        s.push_str("</g>\n");
    }
    // Caption.
    let _ = writeln!(
        s,
        r##"<g class="caption" font-family="{FONT}" fill="#000000" text-anchor="middle">"##
    );
    let mut y = board_h + 0.3 * CELL;
    for (text, font, style) in caption {
        y += font * 1.05;
        let attrs = match style {
            "bold" => r#" font-weight="bold""#,
            "legend" => r##" fill="#333333""##,
            _ => "",
        };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" font-size="{}"{attrs}>{}</text>"#,
            num(canvas_w / 2.0),
            num(y),
            num(font),
            xml_escape(&text)
        );
        y += font * 0.25;
    }
    s.push_str("</g>\n</svg>\n");
    s
}

/// The GTP name of a point of the view's board (for messages and tests).
pub fn point_name(view: &DiagramView, p: Point) -> String {
    gtp_point(p, view.size())
}
