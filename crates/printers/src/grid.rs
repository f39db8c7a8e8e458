//! Tables of text cells written as aligned columns, Markdown or CSV: the score table of a
//! game and the tables of a corpus summary.

use gorules_rules::printer::{csv_field, escape_controls};

use crate::Format;

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

    /// The table in `format`: Markdown, CSV, or aligned text for the others.
    pub(crate) fn render(&self, format: Format) -> String {
        match format {
            Format::Markdown => self.markdown(),
            Format::Csv => self.csv(),
            _ => self.text(),
        }
    }
}
