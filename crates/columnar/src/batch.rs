//! Record batches of a corpus run, built from the engine's entries ([`GameEntry`]): a row per
//! game and score, a row per ruleset that does not score the game, and a row per file or game
//! that could not be read or replayed ([`crate::schema`](mod@crate::schema)).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Float64Builder, ListBuilder, PrimitiveBuilder, StringBuilder, UInt32Builder,
    UInt64Builder,
};
use arrow_array::types::Int32Type;
use arrow_array::ArrowPrimitiveType;
use arrow_array::{ArrayRef, DictionaryArray, RecordBatch, StringArray};
use gorules_compare::corpus::GameEntry;
use gorules_compare::replay::{RulesetReport, ScoreReport};
use gorules_compare::report::GameReport;
use gorules_rules::{ColorName, KomiSource, SideScore};

use crate::schema::{schema, KIND_ERROR, KIND_SCORE, KIND_UNSCORED, SIDE_PARTS};

/// A dictionary column of texts being built: each row a key into the texts seen so far.
///
/// It does the work of Arrow's `StringDictionaryBuilder` with less of it a row: the text
/// looked up last is tried first (a game's rows repeat their ruleset's and counting's texts), a
/// short dictionary is searched in order, and only a long one (the results, `B+3.5`) is hashed,
/// with FNV-1a rather than SipHash.
#[derive(Default)]
struct Dict {
    keys: PrimitiveBuilder<Int32Type>,
    values: Vec<Box<str>>,
    /// The key of each text once there are more than [`Dict::SEARCHED`].
    index: HashMap<Box<str>, i32, BuildHasherDefault<Fnv>>,
    last: usize,
}

impl Dict {
    /// The most texts searched in order before they are looked up by hash.
    const SEARCHED: usize = 16;

    /// The key of `v`, added to the dictionary if new.
    fn key(&mut self, v: &str) -> i32 {
        if self.values.get(self.last).is_some_and(|l| **l == *v) {
            return self.last as i32;
        }
        let found = if self.values.len() <= Dict::SEARCHED {
            self.values.iter().position(|k| **k == *v)
        } else {
            self.index.get(v).map(|&k| k as usize)
        };
        let at = found.unwrap_or_else(|| {
            let at = self.values.len();
            if at == Dict::SEARCHED {
                for (k, text) in self.values.iter().enumerate() {
                    self.index.insert(text.clone(), k as i32);
                }
            }
            if at >= Dict::SEARCHED {
                self.index.insert(v.into(), at as i32);
            }
            self.values.push(v.into());
            at
        });
        self.last = at;
        i32::try_from(at).expect("fewer distinct texts in a batch than 2^31")
    }

    fn append_value(&mut self, v: &str) {
        let k = self.key(v);
        self.keys.append_value(k);
    }

    fn append_values(&mut self, v: &str, rows: usize) {
        let k = self.key(v);
        self.keys.append_value_n(k, rows);
    }

    fn append_option(&mut self, v: Option<&str>) {
        self.append_options(v, 1);
    }

    fn append_options(&mut self, v: Option<&str>, rows: usize) {
        match v {
            Some(v) => self.append_values(v, rows),
            None => self.keys.append_nulls(rows),
        }
    }

    fn append_null(&mut self) {
        self.keys.append_null();
    }

    fn append_nulls(&mut self, rows: usize) {
        self.keys.append_nulls(rows);
    }

    /// The column built, and the builder empty again.
    fn finish(&mut self) -> DictionaryArray<Int32Type> {
        let values = StringArray::from_iter_values(self.values.iter().map(|v| &**v));
        self.values.clear();
        self.index.clear();
        self.last = 0;
        DictionaryArray::try_new(self.keys.finish(), Arc::new(values))
            .expect("every key is a text's")
    }
}

/// The FNV-1a hash of the dictionary's texts: short texts, hashed with a few instructions a
/// byte.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The builders of one side's breakdown, in [`SIDE_PARTS`] order.
#[derive(Default)]
struct Side {
    territory: UInt32Builder,
    seki_eyes_not_counted: UInt32Builder,
    false_eyes_not_counted: UInt32Builder,
    stones: UInt32Builder,
    captures: UInt32Builder,
    dead_stones: UInt32Builder,
    suicides: UInt32Builder,
    pass_stones: UInt32Builder,
    cleanup_plays: UInt32Builder,
    komi: Float64Builder,
    handicap_compensation: Float64Builder,
    bonus: Float64Builder,
    group_tax: UInt32Builder,
    total: Float64Builder,
}

impl Side {
    fn append(&mut self, s: Option<&SideScore>) {
        let p = s.map(|s| &s.prisoners);
        self.territory.append_option(s.map(|s| s.territory));
        self.seki_eyes_not_counted
            .append_option(s.map(|s| s.seki_eyes_not_counted));
        self.false_eyes_not_counted
            .append_option(s.map(|s| s.false_eyes_not_counted));
        self.stones.append_option(s.map(|s| s.stones));
        self.captures.append_option(p.map(|p| p.captures));
        self.dead_stones.append_option(p.map(|p| p.dead_stones));
        self.suicides.append_option(p.map(|p| p.suicides));
        self.pass_stones.append_option(p.map(|p| p.pass_stones));
        self.cleanup_plays.append_option(s.map(|s| s.cleanup_plays));
        self.komi.append_option(s.map(|s| s.komi));
        self.handicap_compensation
            .append_option(s.map(|s| s.handicap_compensation));
        self.bonus.append_option(s.map(|s| s.bonus));
        self.group_tax.append_option(s.map(|s| s.group_tax));
        self.total.append_option(s.map(|s| s.total));
    }

    fn finish(&mut self) -> [ArrayRef; SIDE_PARTS.len()] {
        [
            Arc::new(self.territory.finish()),
            Arc::new(self.seki_eyes_not_counted.finish()),
            Arc::new(self.false_eyes_not_counted.finish()),
            Arc::new(self.stones.finish()),
            Arc::new(self.captures.finish()),
            Arc::new(self.dead_stones.finish()),
            Arc::new(self.suicides.finish()),
            Arc::new(self.pass_stones.finish()),
            Arc::new(self.cleanup_plays.finish()),
            Arc::new(self.komi.finish()),
            Arc::new(self.handicap_compensation.finish()),
            Arc::new(self.bonus.finish()),
            Arc::new(self.group_tax.finish()),
            Arc::new(self.total.finish()),
        ]
    }
}

/// Builds the record batches of a corpus run: [`BatchBuilder::append`] each entry in input
/// order, [`BatchBuilder::finish`] when [`BatchBuilder::rows`] is as many as a batch should
/// hold (and at the end).
#[derive(Default)]
pub struct BatchBuilder {
    entries: u64,
    rows: usize,
    entry: UInt64Builder,
    kind: Dict,
    source: StringBuilder,
    game_index: UInt64Builder,
    size: Dict,
    handicap: UInt32Builder,
    record_komi: Float64Builder,
    rules: Dict,
    rules_builtin: Dict,
    rules_katago: Dict,
    record_result: Dict,
    moves: UInt64Builder,
    ended_by_passes: BooleanBuilder,
    implied_passes: UInt64Builder,
    dead_stones: ListBuilder<StringBuilder>,
    dead_source: Dict,
    dead_estimate_uncertain: BooleanBuilder,
    ruleset: Dict,
    name: Dict,
    from_record: BooleanBuilder,
    record_fallback: Dict,
    legal: BooleanBuilder,
    illegal_move_move_number: UInt64Builder,
    illegal_move_color: Dict,
    illegal_move_point: StringBuilder,
    illegal_move_reason: StringBuilder,
    illegal_move_handling: Dict,
    added_passes: ListBuilder<StringBuilder>,
    end_state: Dict,
    end_moves_ignored: UInt64Builder,
    end_resumptions: UInt32Builder,
    end_settlement: Dict,
    komi: Float64Builder,
    komi_source: Dict,
    counting: Dict,
    black: Float64Builder,
    white: Float64Builder,
    margin: Float64Builder,
    result: Dict,
    winner: Dict,
    record_same_result: BooleanBuilder,
    record_same_winner: BooleanBuilder,
    error: StringBuilder,
    black_side: Side,
    white_side: Side,
}

/// The name of a colour in the JSON contract.
fn color_name(c: ColorName) -> &'static str {
    match c {
        ColorName::Black => "black",
        ColorName::White => "white",
    }
}

/// The name of a komi's source in the JSON contract.
pub(crate) fn komi_source_name(k: KomiSource) -> &'static str {
    match k {
        KomiSource::CommandLine => "command-line",
        KomiSource::Record => "record",
        KomiSource::RulesetDefault => "ruleset-default",
    }
}

/// Appends `value` (or a null) `rows` times.
fn repeat<T: ArrowPrimitiveType>(
    b: &mut PrimitiveBuilder<T>,
    value: Option<T::Native>,
    rows: usize,
) {
    match value {
        Some(v) => b.append_value_n(v, rows),
        None => b.append_nulls(rows),
    }
}

/// Appends `value` (or a null) `rows` times.
fn repeat_bool(b: &mut BooleanBuilder, value: Option<bool>, rows: usize) {
    match value {
        Some(v) => b.append_n(rows, v),
        None => b.append_nulls(rows),
    }
}

impl BatchBuilder {
    /// Nothing built yet; the first entry appended is numbered 0 in `entry`.
    pub fn new() -> BatchBuilder {
        BatchBuilder::default()
    }

    /// Nothing built yet; the first entry appended is numbered `first` in `entry` (a run
    /// written in several batches by several builders).
    pub fn starting_at(first: u64) -> BatchBuilder {
        BatchBuilder {
            entries: first,
            ..BatchBuilder::default()
        }
    }

    /// The rows appended since the last [`BatchBuilder::finish`].
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Appends the rows of the next entry of the run.
    pub fn append(&mut self, entry: &GameEntry) {
        match entry {
            GameEntry::Report(r) => self.report(r),
            GameEntry::Error {
                source,
                game_index,
                error,
            } => self.error_row(source, *game_index, error),
        }
        self.entries += 1;
    }

    /// The rows of a report: one per score, one per ruleset without a score. The cells that
    /// several rows share (the game's on every row, the ruleset's on each of its scores) are
    /// appended once with their count, so that a text is looked up in its column's dictionary
    /// once, not once a row.
    fn report(&mut self, r: &GameReport) {
        let rows = if r.rulesets.is_empty() {
            1
        } else {
            r.rulesets.iter().map(|rr| rr.scores.len().max(1)).sum()
        };
        self.game_cells(r, rows);
        if r.rulesets.is_empty() {
            self.kind.append_value(KIND_UNSCORED);
            self.ruleset_cells(None, 1);
            self.score_cells(r, None);
            return;
        }
        for rr in &r.rulesets {
            if rr.scores.is_empty() {
                self.kind.append_value(KIND_UNSCORED);
                self.ruleset_cells(Some(rr), 1);
                self.score_cells(r, None);
                continue;
            }
            self.kind.append_values(KIND_SCORE, rr.scores.len());
            self.ruleset_cells(Some(rr), rr.scores.len());
            for s in &rr.scores {
                self.score_cells(r, Some(s));
            }
        }
    }

    /// The game's cells of `rows` rows, `entry` to `dead_estimate_uncertain` but `kind`, and
    /// counts the rows.
    fn game_cells(&mut self, r: &GameReport, rows: usize) {
        let g = &r.game;
        self.rows += rows;
        self.entry.append_value_n(self.entries, rows);
        for _ in 0..rows {
            self.source.append_option(g.source.as_deref());
        }
        self.game_index.append_value_n(g.game_index as u64, rows);
        self.size.append_values(&g.size, rows);
        self.handicap.append_value_n(g.handicap, rows);
        repeat(&mut self.record_komi, g.komi.map(|k| k.points()), rows);
        self.rules.append_options(g.rules.as_deref(), rows);
        self.rules_builtin
            .append_options(g.rules_builtin.as_deref(), rows);
        self.rules_katago
            .append_options(g.rules_katago.as_deref(), rows);
        self.record_result.append_options(g.result.as_deref(), rows);
        self.moves.append_value_n(g.moves as u64, rows);
        self.ended_by_passes.append_n(rows, g.ended_by_passes);
        self.implied_passes
            .append_value_n(g.implied_passes as u64, rows);
        for _ in 0..rows {
            for p in &g.dead_stones {
                self.dead_stones.values().append_value(p);
            }
            self.dead_stones.append(true);
        }
        self.dead_source.append_values(g.dead_source.name(), rows);
        repeat_bool(
            &mut self.dead_estimate_uncertain,
            g.dead_estimate.as_ref().map(|e| e.uncertain),
            rows,
        );
    }

    /// The ruleset's cells of `rows` rows, `ruleset` to `komi_source` (all null for `None`).
    fn ruleset_cells(&mut self, rr: Option<&RulesetReport>, rows: usize) {
        let Some(rr) = rr else {
            self.ruleset.append_nulls(rows);
            self.name.append_nulls(rows);
            self.from_record.append_nulls(rows);
            self.record_fallback.append_nulls(rows);
            self.legal.append_nulls(rows);
            self.illegal_move_move_number.append_nulls(rows);
            self.illegal_move_color.append_nulls(rows);
            self.illegal_move_point.append_nulls(rows);
            self.illegal_move_reason.append_nulls(rows);
            self.illegal_move_handling.append_nulls(rows);
            self.added_passes.append_nulls(rows);
            self.end_state.append_nulls(rows);
            self.end_moves_ignored.append_nulls(rows);
            self.end_resumptions.append_nulls(rows);
            self.end_settlement.append_nulls(rows);
            self.komi.append_nulls(rows);
            self.komi_source.append_nulls(rows);
            return;
        };
        self.ruleset.append_values(&rr.ruleset, rows);
        self.name.append_values(&rr.name, rows);
        self.from_record.append_n(rows, rr.from_record);
        self.record_fallback
            .append_options(rr.record_fallback.as_deref(), rows);
        self.legal.append_n(rows, rr.legal);
        let i = rr.illegal_move.as_ref();
        repeat(
            &mut self.illegal_move_move_number,
            i.map(|i| i.move_number as u64),
            rows,
        );
        self.illegal_move_color
            .append_options(i.map(|i| color_name(i.color)), rows);
        for _ in 0..rows {
            self.illegal_move_point
                .append_option(i.map(|i| i.point.as_str()));
            self.illegal_move_reason
                .append_option(i.map(|i| i.reason.as_str()));
        }
        self.illegal_move_handling
            .append_options(i.map(|i| i.handling.as_str()), rows);
        for _ in 0..rows {
            for &c in &rr.added_passes {
                self.added_passes.values().append_value(color_name(c));
            }
            self.added_passes.append(true);
        }
        self.end_state.append_values(rr.end.state, rows);
        self.end_moves_ignored
            .append_value_n(rr.end.moves_ignored as u64, rows);
        self.end_resumptions
            .append_value_n(rr.end.resumptions, rows);
        self.end_settlement.append_values(&rr.end.settlement, rows);
        self.komi.append_value_n(rr.komi.points(), rows);
        self.komi_source
            .append_values(komi_source_name(rr.komi_source), rows);
    }

    /// The score's cells, `counting` to the end (all null but `error`'s for `None`; `error`
    /// is null).
    fn score_cells(&mut self, r: &GameReport, s: Option<&ScoreReport>) {
        self.counting.append_option(s.map(|s| s.counting.name()));
        self.black.append_option(s.map(|s| s.black));
        self.white.append_option(s.map(|s| s.white));
        self.margin.append_option(s.map(|s| s.margin));
        self.result.append_option(s.map(|s| s.result.as_str()));
        self.winner.append_option(
            s.and_then(|s| s.winner())
                .map(|c| color_name(ColorName::from(c))),
        );
        // As the summary counts it: a finished game whose RE is a count.
        let agreement = s.and_then(|s| {
            if r.game.ended_by_passes {
                gorules_compare::report::record_agreement(r.game.result.as_deref(), s)
            } else {
                None
            }
        });
        self.record_same_result
            .append_option(agreement.map(|a| a.0));
        self.record_same_winner
            .append_option(agreement.map(|a| a.1));
        self.error.append_null();
        self.black_side.append(s.map(|s| &s.breakdown.black));
        self.white_side.append(s.map(|s| &s.breakdown.white));
    }

    /// The row of a file or game that could not be read or replayed.
    fn error_row(&mut self, source: &str, game_index: Option<usize>, error: &str) {
        self.rows += 1;
        self.entry.append_value(self.entries);
        self.kind.append_value(KIND_ERROR);
        self.source.append_value(source);
        self.game_index.append_option(game_index.map(|i| i as u64));
        self.size.append_null();
        self.handicap.append_null();
        self.record_komi.append_null();
        self.rules.append_null();
        self.rules_builtin.append_null();
        self.rules_katago.append_null();
        self.record_result.append_null();
        self.moves.append_null();
        self.ended_by_passes.append_null();
        self.implied_passes.append_null();
        self.dead_stones.append_null();
        self.dead_source.append_null();
        self.dead_estimate_uncertain.append_null();
        self.ruleset_cells(None, 1);
        self.counting.append_null();
        self.black.append_null();
        self.white.append_null();
        self.margin.append_null();
        self.result.append_null();
        self.winner.append_null();
        self.record_same_result.append_null();
        self.record_same_winner.append_null();
        self.error.append_value(error);
        self.black_side.append(None);
        self.white_side.append(None);
    }

    /// The rows appended since the last call, as one batch of [`schema`]; the builders start
    /// again empty (the entries go on being numbered from where they were).
    pub fn finish(&mut self) -> RecordBatch {
        self.rows = 0;
        let mut columns: Vec<ArrayRef> = vec![
            Arc::new(self.entry.finish()),
            Arc::new(self.kind.finish()),
            Arc::new(self.source.finish()),
            Arc::new(self.game_index.finish()),
            Arc::new(self.size.finish()),
            Arc::new(self.handicap.finish()),
            Arc::new(self.record_komi.finish()),
            Arc::new(self.rules.finish()),
            Arc::new(self.rules_builtin.finish()),
            Arc::new(self.rules_katago.finish()),
            Arc::new(self.record_result.finish()),
            Arc::new(self.moves.finish()),
            Arc::new(self.ended_by_passes.finish()),
            Arc::new(self.implied_passes.finish()),
            Arc::new(self.dead_stones.finish()),
            Arc::new(self.dead_source.finish()),
            Arc::new(self.dead_estimate_uncertain.finish()),
            Arc::new(self.ruleset.finish()),
            Arc::new(self.name.finish()),
            Arc::new(self.from_record.finish()),
            Arc::new(self.record_fallback.finish()),
            Arc::new(self.legal.finish()),
            Arc::new(self.illegal_move_move_number.finish()),
            Arc::new(self.illegal_move_color.finish()),
            Arc::new(self.illegal_move_point.finish()),
            Arc::new(self.illegal_move_reason.finish()),
            Arc::new(self.illegal_move_handling.finish()),
            Arc::new(self.added_passes.finish()),
            Arc::new(self.end_state.finish()),
            Arc::new(self.end_moves_ignored.finish()),
            Arc::new(self.end_resumptions.finish()),
            Arc::new(self.end_settlement.finish()),
            Arc::new(self.komi.finish()),
            Arc::new(self.komi_source.finish()),
            Arc::new(self.counting.finish()),
            Arc::new(self.black.finish()),
            Arc::new(self.white.finish()),
            Arc::new(self.margin.finish()),
            Arc::new(self.result.finish()),
            Arc::new(self.winner.finish()),
            Arc::new(self.record_same_result.finish()),
            Arc::new(self.record_same_winner.finish()),
            Arc::new(self.error.finish()),
        ];
        columns.extend(self.black_side.finish());
        columns.extend(self.white_side.finish());
        RecordBatch::try_new(schema(), columns).expect("the builders follow the schema")
    }
}
