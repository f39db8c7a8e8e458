//! # gorules-columnar
//!
//! A corpus run as columns, for data tools (pandas, polars, DuckDB, Spark): the Arrow schema
//! of the engine's reports ([`schema()`]), the record batches built from them ([`BatchBuilder`]:
//! a row per game and score, a row per ruleset that does not score a game, a row per file or
//! game that could not be read), and Parquet files written as a run goes and read back
//! ([`CorpusWriter`], [`read_run`]); a stream of the batches has the same schema, with the
//! file's metadata ([`run_schema`]). The columns, their types and meanings are listed in
//! docs/json.md ("Parquet and Arrow"), beside the JSON contract whose field names they keep.
#![warn(missing_docs)]

pub mod batch;
mod chunk;
pub mod file;
mod guard;
pub mod schema;

pub use batch::BatchBuilder;
pub use file::{
    read_run, read_run_bytes, to_parquet, CorpusWriter, RunReader, StoredEntry, StoredGame,
};
pub use schema::{columns, run_metadata, run_schema, schema, Column, ColumnType};
