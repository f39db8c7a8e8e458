//! The CSV of game reports (`gorules score --format csv`, `gorules compare --format csv`), for
//! data work: one row per game, ruleset and counting method, with what the record says of
//! itself, where its dead stones came from, the end of play and every part of the breakdown.
//! Every game has its rows: a ruleset that does not score it (an unfinished record, a
//! diverged replay) has one row with the score's cells empty, and a file or game that cannot
//! be read or replayed has a row with its message in `error`. The columns are listed, with
//! their types and meanings, in docs/json.md ("CSV").
//!
//! Cells hold text as it is, but for quoting ([`csv_field`]) and for text from a record or a
//! file name, whose control characters are escaped and which gets a `'` before it when it
//! begins with `=`, `+`, `-` or `@`, which spreadsheets read as a formula.

use std::fmt::Write as _;

use gorules_rules::printer::{csv_field, escape_controls, push_csv_field};
use gorules_rules::write_points;

use gorules_compare::report::GameReport;

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

/// The columns about the game, the same in each of its rows.
const GAME_COLUMNS: [&str; 13] = [
    "source",
    "game",
    "size",
    "handicap",
    "moves",
    "ended_by_passes",
    "record_result",
    "record_rules",
    "record_rules_builtin",
    "record_rules_katago",
    "dead_source",
    "dead_stones",
    "dead_uncertain",
];

/// The columns about the game under one ruleset.
const RULESET_COLUMNS: [&str; 9] = [
    "ruleset",
    "from_record",
    "counting",
    "legal",
    "illegal_move",
    "added_passes",
    "end",
    "settlement",
    "komi",
];

/// The parts of each side's total, as `black_PART` and `white_PART` columns.
const SIDE_PARTS: [&str; 13] = [
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

/// Every column, in order.
pub fn columns() -> Vec<String> {
    let mut header: Vec<String> = GAME_COLUMNS
        .iter()
        .chain(&RULESET_COLUMNS)
        .map(|s| s.to_string())
        .collect();
    for side in ["black", "white"] {
        header.extend(SIDE_PARTS.iter().map(|p| format!("{side}_{p}")));
    }
    header.extend(
        [
            "margin",
            "result",
            "record_same_result",
            "record_same_winner",
            "doubt_kinds",
            "error",
        ]
        .map(String::from),
    );
    header
}

/// The header line.
pub fn header() -> String {
    let mut out = columns()
        .iter()
        .map(|c| csv_field(c))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    out
}

/// The cells after the ruleset's: the breakdown of both sides, the margin, the result, how
/// it compares with the record's and the kinds of its doubts.
const SCORE_CELLS: usize = 2 * SIDE_PARTS.len() + 5;

/// The rows of one report, appended to `out`: a row per ruleset and counting method, and a
/// row with empty score cells for a ruleset that does not score the game. Each cell is
/// written in place (quoted where [`csv_field`] quotes it), with no string per cell.
pub fn report_rows(rep: &GameReport, out: &mut String) {
    let g = &rep.game;
    // The game's cells, the same in each of its rows.
    let mut game = String::with_capacity(256);
    push_csv_field(
        &mut game,
        &csv_text(g.source.as_deref().unwrap_or_default()),
    );
    let _ = write!(
        game,
        ",{},{},{},{},{},",
        g.game_index + 1,
        g.size,
        g.handicap,
        g.moves,
        g.ended_by_passes
    );
    for text in [&g.result, &g.rules, &g.rules_builtin, &g.rules_katago] {
        push_csv_field(&mut game, &csv_text(text.as_deref().unwrap_or_default()));
        game.push(',');
    }
    game.push_str(g.dead_source.name());
    game.push(',');
    game.push_str(&g.dead_stones.join(" "));
    let uncertain = g.dead_estimate.as_ref().is_some_and(|e| e.uncertain);
    let _ = write!(game, ",{uncertain},");
    for r in &rep.rulesets {
        let illegal = csv_text(
            &r.illegal_move
                .as_ref()
                .map(|i| format!("{} {}: {}", i.move_number, i.point, i.reason))
                .unwrap_or_default(),
        );
        // The ruleset's cells after `counting`, and before the score's.
        let mut after = String::with_capacity(128);
        let _ = write!(after, ",{},", r.legal);
        push_csv_field(&mut after, &illegal);
        let _ = write!(after, ",{},", r.added_passes.len());
        push_csv_field(&mut after, r.end.state);
        after.push(',');
        push_csv_field(&mut after, &r.end.settlement);
        after.push(',');
        write_points(&mut after, r.komi.points());
        let start = |out: &mut String, counting: &str| {
            out.push_str(&game);
            push_csv_field(out, &r.ruleset);
            let _ = write!(out, ",{},{counting}", r.from_record);
            out.push_str(&after);
        };
        if r.scores.is_empty() {
            start(out, "");
            // The score's cells and `error`, empty.
            out.push_str(&",".repeat(SCORE_CELLS + 1));
            out.push('\n');
        }
        for s in &r.scores {
            start(out, s.counting.name());
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
            // Against the record's result, as the corpus summary counts it: for a finished
            // game whose RE is a count; empty otherwise.
            out.push(',');
            if g.ended_by_passes {
                if let Some((result, winner)) =
                    gorules_compare::report::record_agreement(g.result.as_deref(), s)
                {
                    let _ = write!(out, "{result},{winner}");
                } else {
                    out.push(',');
                }
            } else {
                out.push(',');
            }
            // The kinds of the score's doubts, separated by spaces (empty: the count is sure).
            out.push(',');
            for (k, d) in s.doubts.iter().enumerate() {
                if k > 0 {
                    out.push(' ');
                }
                out.push_str(d.kind);
            }
            // The last cell, `error`, is empty.
            out.push_str(",\n");
        }
    }
}

/// The row of a file or game that could not be read or replayed, appended to `out`: its
/// source, the game's number in the file (`game_index` from 0; `None` when the file as a whole
/// could not be read) and, in the last column, the message; the other cells empty.
pub fn error_row(source: &str, game_index: Option<usize>, error: &str, out: &mut String) {
    push_csv_field(out, &csv_text(source));
    out.push(',');
    if let Some(i) = game_index {
        let _ = write!(out, "{}", i + 1);
    }
    // The cells between `game` and `error`.
    out.push_str(&",".repeat(columns().len() - 2));
    push_csv_field(out, &csv_text(error));
    out.push('\n');
}

/// The CSV of `reports`: the header and each report's rows.
pub fn game_csv<'a>(reports: impl IntoIterator<Item = &'a GameReport>) -> String {
    let mut out = header();
    for rep in reports {
        report_rows(rep, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_cells_are_guarded() {
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

    #[test]
    fn an_error_row_has_every_column() {
        let mut row = String::new();
        error_row("a.sgf", Some(1), "a.sgf: game 2: bad, very", &mut row);
        assert!(row.starts_with("a.sgf,2,,"), "{row}");
        assert!(row.ends_with(",\"a.sgf: game 2: bad, very\"\n"), "{row}");
        // Every comma but the one in the quoted message separates two columns.
        assert_eq!(row.matches(',').count(), columns().len());
        let mut row = String::new();
        error_row("a.sgf", None, "x", &mut row);
        assert!(row.starts_with("a.sgf,,"), "{row}");
        assert_eq!(row.matches(',').count(), columns().len() - 1);
    }
}
