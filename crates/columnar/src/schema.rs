//! The columns of a corpus run: one list, [`columns`], from which the Arrow schema
//! ([`schema()`]) is made and which docs/json.md ("Parquet and Arrow") lists, so that the two
//! cannot drift apart (a test reads the documented table and compares it with this one).

use std::collections::HashMap;
use std::sync::Arc;

use arrow_schema::{DataType, Field, Schema, SchemaRef};

/// The type of a column, as docs/json.md names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnType {
    /// A 64-bit unsigned integer (`uint64`): positions and counts of moves.
    UInt64,
    /// A 32-bit unsigned integer (`uint32`): stones, points and handicaps.
    UInt32,
    /// A 64-bit float (`float64`): numbers of points that may be halves (komi, margins).
    Float64,
    /// A boolean (`bool`).
    Bool,
    /// Text with few distinct values, dictionary-encoded (`dictionary<int32, utf8>`).
    Dictionary,
    /// Text (`utf8`).
    Text,
    /// A list of texts (`list<utf8>`).
    TextList,
}

impl ColumnType {
    /// The type's name in docs/json.md.
    pub fn name(self) -> &'static str {
        match self {
            ColumnType::UInt64 => "uint64",
            ColumnType::UInt32 => "uint32",
            ColumnType::Float64 => "float64",
            ColumnType::Bool => "bool",
            ColumnType::Dictionary => "dictionary<int32, utf8>",
            ColumnType::Text => "utf8",
            ColumnType::TextList => "list<utf8>",
        }
    }

    /// The Arrow type.
    pub fn data_type(self) -> DataType {
        match self {
            ColumnType::UInt64 => DataType::UInt64,
            ColumnType::UInt32 => DataType::UInt32,
            ColumnType::Float64 => DataType::Float64,
            ColumnType::Bool => DataType::Boolean,
            ColumnType::Dictionary => {
                DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8))
            }
            ColumnType::Text => DataType::Utf8,
            ColumnType::TextList => {
                DataType::List(Arc::new(Field::new_list_field(DataType::Utf8, true)))
            }
        }
    }
}

/// The parts of each side's breakdown, as the columns `black_PART` and `white_PART`, in
/// order, with their types: the fields of `rulesets[].scores[].breakdown.black` in the JSON
/// contract, the prisoners' four counts among them.
pub const SIDE_PARTS: [(&str, ColumnType); 14] = [
    ("territory", ColumnType::UInt32),
    ("seki_eyes_not_counted", ColumnType::UInt32),
    ("false_eyes_not_counted", ColumnType::UInt32),
    ("stones", ColumnType::UInt32),
    ("captures", ColumnType::UInt32),
    ("dead_stones", ColumnType::UInt32),
    ("suicides", ColumnType::UInt32),
    ("pass_stones", ColumnType::UInt32),
    ("cleanup_plays", ColumnType::UInt32),
    ("komi", ColumnType::Float64),
    ("handicap_compensation", ColumnType::Float64),
    ("bonus", ColumnType::Float64),
    ("group_tax", ColumnType::UInt32),
    ("total", ColumnType::Float64),
];

/// The columns before the breakdown: the entry, the game (JSON `game`), the ruleset (JSON
/// `rulesets[]`) and the score (JSON `rulesets[].scores[]`), in order.
const LEADING: [(&str, ColumnType); 44] = [
    ("entry", ColumnType::UInt64),
    ("kind", ColumnType::Dictionary),
    ("source", ColumnType::Text),
    ("game_index", ColumnType::UInt64),
    ("size", ColumnType::Dictionary),
    ("handicap", ColumnType::UInt32),
    ("record_komi", ColumnType::Float64),
    ("rules", ColumnType::Dictionary),
    ("rules_builtin", ColumnType::Dictionary),
    ("rules_katago", ColumnType::Dictionary),
    ("record_result", ColumnType::Dictionary),
    ("moves", ColumnType::UInt64),
    ("ended_by_passes", ColumnType::Bool),
    ("implied_passes", ColumnType::UInt64),
    ("dead_stones", ColumnType::TextList),
    ("dead_source", ColumnType::Dictionary),
    ("dead_estimate_uncertain", ColumnType::Bool),
    ("ruleset", ColumnType::Dictionary),
    ("name", ColumnType::Dictionary),
    ("from_record", ColumnType::Bool),
    ("record_fallback", ColumnType::Dictionary),
    ("legal", ColumnType::Bool),
    ("illegal_move_move_number", ColumnType::UInt64),
    ("illegal_move_color", ColumnType::Dictionary),
    ("illegal_move_point", ColumnType::Text),
    ("illegal_move_reason", ColumnType::Text),
    ("illegal_move_handling", ColumnType::Dictionary),
    ("added_passes", ColumnType::TextList),
    ("end_state", ColumnType::Dictionary),
    ("end_moves_ignored", ColumnType::UInt64),
    ("end_resumptions", ColumnType::UInt32),
    ("end_settlement", ColumnType::Dictionary),
    ("komi", ColumnType::Float64),
    ("komi_source", ColumnType::Dictionary),
    ("counting", ColumnType::Dictionary),
    ("black", ColumnType::Float64),
    ("white", ColumnType::Float64),
    ("margin", ColumnType::Float64),
    ("result", ColumnType::Dictionary),
    ("winner", ColumnType::Dictionary),
    ("record_same_result", ColumnType::Bool),
    ("record_same_winner", ColumnType::Bool),
    ("doubt_kinds", ColumnType::TextList),
    ("error", ColumnType::Text),
];

/// One column: its name and type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Column {
    /// The name (the JSON field's, see docs/json.md).
    pub name: String,
    /// The type.
    pub ty: ColumnType,
}

/// Every column, in order: the entry's, the game's, the ruleset's and the score's, then
/// Black's breakdown, then White's.
pub fn columns() -> Vec<Column> {
    let mut out: Vec<Column> = LEADING
        .iter()
        .map(|&(name, ty)| Column {
            name: name.to_string(),
            ty,
        })
        .collect();
    for side in ["black", "white"] {
        out.extend(SIDE_PARTS.iter().map(|&(part, ty)| Column {
            name: format!("{side}_{part}"),
            ty,
        }));
    }
    out
}

/// The Arrow schema of a corpus run: [`columns`], every one nullable (a cell that does not
/// apply to a row is null: the score's cells of a ruleset that does not score the game, every
/// cell but `entry`, `kind`, `source`, `game_index` and `error` of an error's row).
pub fn schema() -> SchemaRef {
    Arc::new(Schema::new(
        columns()
            .into_iter()
            .map(|c| Field::new(c.name, c.ty.data_type(), true))
            .collect::<Vec<_>>(),
    ))
}

/// The metadata of a run's columns: its score columns under [`SCORE_COLUMNS_KEY`] (a JSON
/// array) and the schema's version under [`SCHEMA_VERSION_KEY`]. A Parquet file of the run
/// holds them in its key-value metadata; a stream of its record batches in its schema's.
pub fn run_metadata(score_columns: &[String]) -> HashMap<String, String> {
    let columns = serde_json::to_string(score_columns).expect("strings serialise");
    HashMap::from([
        (SCORE_COLUMNS_KEY.to_string(), columns),
        (SCHEMA_VERSION_KEY.to_string(), SCHEMA_VERSION.to_string()),
    ])
}

/// [`schema()`] with the metadata of a run with these score columns ([`run_metadata`]).
pub fn run_schema(score_columns: &[String]) -> SchemaRef {
    Arc::new(
        schema()
            .as_ref()
            .clone()
            .with_metadata(run_metadata(score_columns)),
    )
}

/// The value of `kind` on a score's row: a ruleset's score of a game.
pub const KIND_SCORE: &str = "score";
/// The value of `kind` on the row of a ruleset that does not score the game (an unfinished
/// record not scored as it stands, a diverged replay): the score's cells are null.
pub const KIND_UNSCORED: &str = "unscored";
/// The value of `kind` on the row of a file or game that could not be read or replayed.
pub const KIND_ERROR: &str = "error";

/// The key of the Parquet file's metadata that holds the run's score columns
/// (`["japanese:territory", ...]`, a JSON array), which the summary of the file needs.
pub const SCORE_COLUMNS_KEY: &str = "gorules:score_columns";

/// The key of the Parquet file's metadata that holds the version of this schema.
pub const SCHEMA_VERSION_KEY: &str = "gorules:schema_version";

/// The key of the Parquet file's metadata that holds the length and checksum of the file's
/// row groups (`"LENGTH XXH64"`: the bytes from the file's start to its last row group's end
/// and their xxHash64 in hexadecimal), so that a reader notices a damaged page, which
/// Parquet's own format would only notice with page checksums that its writer here does not
/// write.
pub const DATA_CHECKSUM_KEY: &str = "gorules:data_checksum";

/// The columns added to the schema since its version was first written, in the order they
/// were added: a file without them is still read, as if their cells were null (a file
/// without `doubt_kinds` reads with every territory count sure).
pub const ADDED_COLUMNS: &[&str] = &["doubt_kinds"];

/// The version of the schema: it changes when a column is renamed, retyped or removed (never
/// within a major version of gorules), not when one is added.
pub const SCHEMA_VERSION: u32 = 1;
