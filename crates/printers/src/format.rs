//! The output formats of a game's report and of a corpus run: one [`Format`] for the whole
//! family, read by name by every front end (`gorules_request::format`).

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
    /// Parquet: typed columns, a row per game and score (`gorules_columnar`); binary, for a
    /// file.
    Parquet,
}

impl Format {
    /// Every format, in the order `--format`'s help lists them.
    pub const ALL: [Format; 6] = [
        Format::Table,
        Format::Markdown,
        Format::Csv,
        Format::Json,
        Format::JsonLines,
        Format::Parquet,
    ];

    /// The format's name, as [`Format::from_str`](std::str::FromStr::from_str) reads it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Markdown => "markdown",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::JsonLines => "jsonl",
            Format::Parquet => "parquet",
        }
    }

    /// Whether the format is binary, for a file rather than a terminal (Parquet).
    pub fn is_binary(self) -> bool {
        self == Format::Parquet
    }
}

gorules_rules::named_values!(Format);
