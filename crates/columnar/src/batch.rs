//! Record batches of a corpus run, built from the engine's entries ([`GameEntry`]): a row per
//! game and score, a row per ruleset that does not score the game, and a row per file or game
//! that could not be read or replayed ([`crate::schema`](mod@crate::schema)).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, ListBuilder, NullBufferBuilder, StringBuilder};
use arrow_array::types::{Float64Type, Int32Type, UInt32Type, UInt64Type};
use arrow_array::ArrowPrimitiveType;
use arrow_array::{ArrayRef, DictionaryArray, PrimitiveArray, RecordBatch, StringArray};
use gorules_compare::corpus::GameEntry;
use gorules_compare::replay::{RulesetReport, ScoreReport};
use gorules_compare::report::GameReport;
use gorules_rules::{ColorName, KomiSource, SideScore};

use crate::schema::{schema, KIND_ERROR, KIND_SCORE, KIND_UNSCORED, SIDE_PARTS};

/// A column of numbers being built: the values in a `Vec` (a push a cell, room made once a
/// batch) and the nulls in Arrow's builder of validity bits (which stores nothing until the
/// first null). Arrow's `PrimitiveBuilder` does the same work with a buffer that checks its
/// room and grows on every value, several times the instructions a cell.
struct Cells<T: ArrowPrimitiveType> {
    values: Vec<T::Native>,
    nulls: NullBufferBuilder,
}

impl<T: ArrowPrimitiveType> Default for Cells<T> {
    fn default() -> Cells<T> {
        Cells::with_capacity(0)
    }
}

impl<T: ArrowPrimitiveType> Cells<T> {
    /// An empty column with room for `rows` values.
    fn with_capacity(rows: usize) -> Cells<T> {
        Cells {
            values: Vec::with_capacity(rows),
            nulls: NullBufferBuilder::new(rows),
        }
    }

    #[inline]
    fn append_value(&mut self, v: T::Native) {
        self.values.push(v);
        self.nulls.append_non_null();
    }

    #[inline]
    fn append_value_n(&mut self, v: T::Native, rows: usize) {
        self.values.extend(std::iter::repeat_n(v, rows));
        self.nulls.append_n_non_nulls(rows);
    }

    #[inline]
    fn append_null(&mut self) {
        self.append_nulls(1);
    }

    #[inline]
    fn append_nulls(&mut self, rows: usize) {
        self.values
            .extend(std::iter::repeat_n(T::Native::default(), rows));
        self.nulls.append_n_nulls(rows);
    }

    #[inline]
    fn append_option(&mut self, v: Option<T::Native>) {
        match v {
            Some(v) => self.append_value(v),
            None => self.append_null(),
        }
    }

    /// The column built, and the builder empty again.
    fn finish(&mut self) -> PrimitiveArray<T> {
        PrimitiveArray::new(std::mem::take(&mut self.values).into(), self.nulls.finish())
    }
}

/// A dictionary column of texts being built: each row a key into the texts seen so far.
///
/// It does the work of Arrow's `StringDictionaryBuilder` with less of it a row: the text
/// looked up last is tried first (a game's rows repeat their ruleset's and counting's texts), a
/// short dictionary is searched in order, and only a long one (the results, `B+3.5`) is hashed,
/// with FNV-1a rather than SipHash.
#[derive(Default)]
struct Dict {
    keys: Cells<Int32Type>,
    values: Vec<Box<str>>,
    /// The key of each text once there are more than [`Dict::SEARCHED`].
    index: HashMap<Box<str>, i32, BuildHasherDefault<Fnv>>,
    last: usize,
}

impl Dict {
    /// The most texts searched in order before they are looked up by hash.
    const SEARCHED: usize = 16;

    /// An empty column with room for `rows` keys.
    fn with_capacity(rows: usize) -> Dict {
        Dict {
            keys: Cells::with_capacity(rows),
            ..Dict::default()
        }
    }

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
    territory: Cells<UInt32Type>,
    seki_eyes_not_counted: Cells<UInt32Type>,
    false_eyes_not_counted: Cells<UInt32Type>,
    stones: Cells<UInt32Type>,
    captures: Cells<UInt32Type>,
    dead_stones: Cells<UInt32Type>,
    suicides: Cells<UInt32Type>,
    pass_stones: Cells<UInt32Type>,
    cleanup_plays: Cells<UInt32Type>,
    komi: Cells<Float64Type>,
    handicap_compensation: Cells<Float64Type>,
    bonus: Cells<Float64Type>,
    group_tax: Cells<UInt32Type>,
    total: Cells<Float64Type>,
}

impl Side {
    /// Empty builders with room for `rows` values each.
    fn with_capacity(rows: usize) -> Side {
        Side {
            territory: Cells::with_capacity(rows),
            seki_eyes_not_counted: Cells::with_capacity(rows),
            false_eyes_not_counted: Cells::with_capacity(rows),
            stones: Cells::with_capacity(rows),
            captures: Cells::with_capacity(rows),
            dead_stones: Cells::with_capacity(rows),
            suicides: Cells::with_capacity(rows),
            pass_stones: Cells::with_capacity(rows),
            cleanup_plays: Cells::with_capacity(rows),
            komi: Cells::with_capacity(rows),
            handicap_compensation: Cells::with_capacity(rows),
            bonus: Cells::with_capacity(rows),
            group_tax: Cells::with_capacity(rows),
            total: Cells::with_capacity(rows),
        }
    }

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
    /// The rows each batch's builders are made with room for ([`BatchBuilder::with_capacity`]).
    capacity: usize,
    /// Whether the builders have that room (they are made anew when a batch begins).
    sized: bool,
    entry: Cells<UInt64Type>,
    kind: Dict,
    source: StringBuilder,
    game_index: Cells<UInt64Type>,
    size: Dict,
    handicap: Cells<UInt32Type>,
    record_komi: Cells<Float64Type>,
    rules: Dict,
    rules_builtin: Dict,
    rules_katago: Dict,
    record_result: Dict,
    moves: Cells<UInt64Type>,
    ended_by_passes: BooleanBuilder,
    implied_passes: Cells<UInt64Type>,
    dead_stones: ListBuilder<StringBuilder>,
    dead_source: Dict,
    dead_estimate_uncertain: BooleanBuilder,
    ruleset: Dict,
    name: Dict,
    from_record: BooleanBuilder,
    record_fallback: Dict,
    legal: BooleanBuilder,
    illegal_move_move_number: Cells<UInt64Type>,
    illegal_move_color: Dict,
    illegal_move_point: StringBuilder,
    illegal_move_reason: StringBuilder,
    illegal_move_handling: Dict,
    added_passes: ListBuilder<StringBuilder>,
    end_state: Dict,
    end_moves_ignored: Cells<UInt64Type>,
    end_resumptions: Cells<UInt32Type>,
    end_settlement: Dict,
    komi: Cells<Float64Type>,
    komi_source: Dict,
    counting: Dict,
    black: Cells<Float64Type>,
    white: Cells<Float64Type>,
    margin: Cells<Float64Type>,
    result: Dict,
    winner: Dict,
    record_same_result: BooleanBuilder,
    record_same_winner: BooleanBuilder,
    doubt_kinds: ListBuilder<StringBuilder>,
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
fn repeat<T: ArrowPrimitiveType>(b: &mut Cells<T>, value: Option<T::Native>, rows: usize) {
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

    /// Nothing built yet, with room for `rows` rows a batch: the builders of each batch are made
    /// with that room, so that the columns do not grow (and copy themselves) row by row. A
    /// batch may hold more rows than that; the columns then grow as needed.
    pub fn with_capacity(rows: usize) -> BatchBuilder {
        BatchBuilder {
            entries: 0,
            rows: 0,
            capacity: rows,
            sized: true,
            entry: Cells::with_capacity(rows),
            kind: Dict::with_capacity(rows),
            source: StringBuilder::with_capacity(rows, rows * 32),
            game_index: Cells::with_capacity(rows),
            size: Dict::with_capacity(rows),
            handicap: Cells::with_capacity(rows),
            record_komi: Cells::with_capacity(rows),
            rules: Dict::with_capacity(rows),
            rules_builtin: Dict::with_capacity(rows),
            rules_katago: Dict::with_capacity(rows),
            record_result: Dict::with_capacity(rows),
            moves: Cells::with_capacity(rows),
            ended_by_passes: BooleanBuilder::with_capacity(rows),
            implied_passes: Cells::with_capacity(rows),
            dead_stones: ListBuilder::with_capacity(StringBuilder::with_capacity(rows, 0), rows),
            dead_source: Dict::with_capacity(rows),
            dead_estimate_uncertain: BooleanBuilder::with_capacity(rows),
            ruleset: Dict::with_capacity(rows),
            name: Dict::with_capacity(rows),
            from_record: BooleanBuilder::with_capacity(rows),
            record_fallback: Dict::with_capacity(rows),
            legal: BooleanBuilder::with_capacity(rows),
            illegal_move_move_number: Cells::with_capacity(rows),
            illegal_move_color: Dict::with_capacity(rows),
            illegal_move_point: StringBuilder::with_capacity(rows, 0),
            illegal_move_reason: StringBuilder::with_capacity(rows, 0),
            illegal_move_handling: Dict::with_capacity(rows),
            added_passes: ListBuilder::with_capacity(StringBuilder::with_capacity(rows, 0), rows),
            end_state: Dict::with_capacity(rows),
            end_moves_ignored: Cells::with_capacity(rows),
            end_resumptions: Cells::with_capacity(rows),
            end_settlement: Dict::with_capacity(rows),
            komi: Cells::with_capacity(rows),
            komi_source: Dict::with_capacity(rows),
            counting: Dict::with_capacity(rows),
            black: Cells::with_capacity(rows),
            white: Cells::with_capacity(rows),
            margin: Cells::with_capacity(rows),
            result: Dict::with_capacity(rows),
            winner: Dict::with_capacity(rows),
            record_same_result: BooleanBuilder::with_capacity(rows),
            record_same_winner: BooleanBuilder::with_capacity(rows),
            doubt_kinds: ListBuilder::with_capacity(StringBuilder::with_capacity(rows, 0), rows),
            error: StringBuilder::with_capacity(rows, 0),
            black_side: Side::with_capacity(rows),
            white_side: Side::with_capacity(rows),
        }
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
        if !self.sized && self.capacity > 0 {
            // A batch begins: builders with room for it (the last batch's buffers went with it).
            *self = BatchBuilder {
                entries: self.entries,
                ..BatchBuilder::with_capacity(self.capacity)
            };
        }
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
        // The kinds of the score's doubts, one per doubt (empty: the count is sure).
        match s {
            Some(s) => {
                for d in &s.doubts {
                    self.doubt_kinds.values().append_value(d.kind);
                }
                self.doubt_kinds.append(true);
            }
            None => self.doubt_kinds.append_null(),
        }
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
        self.doubt_kinds.append_null();
        self.error.append_value(error);
        self.black_side.append(None);
        self.white_side.append(None);
    }

    /// The rows appended since the last call, as one batch of [`schema`]; the builders start
    /// again empty (the entries go on being numbered from where they were).
    pub fn finish(&mut self) -> RecordBatch {
        self.rows = 0;
        self.sized = false;
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
            Arc::new(self.doubt_kinds.finish()),
            Arc::new(self.error.finish()),
        ];
        columns.extend(self.black_side.finish());
        columns.extend(self.white_side.finish());
        RecordBatch::try_new(schema(), columns).expect("the builders follow the schema")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::Array;
    use proptest::prelude::*;

    /// Texts from a few short ones (searched in order) or many (hashed), in runs, cycles and
    /// at random, with nulls.
    fn texts() -> impl Strategy<Value = Vec<Option<String>>> {
        (
            1usize..40,
            prop::collection::vec((0usize..40, 1usize..4, any::<bool>()), 0..300),
        )
            .prop_map(|(kinds, picks)| {
                picks
                    .into_iter()
                    .enumerate()
                    .flat_map(|(i, (pick, repeat, cycle))| {
                        // A cycle visits the texts in order, as a game's rows visit the rulesets.
                        let k = if cycle { i % kinds } else { pick % kinds };
                        let text = (k != 0).then(|| format!("text {k}"));
                        std::iter::repeat_n(text, repeat)
                    })
                    .collect()
            })
    }

    proptest! {
        /// The column read back is the texts appended, each distinct text stored once, over
        /// two batches (the builder is empty again after `finish`).
        #[test]
        fn a_dictionary_column_reads_back_what_was_appended(
            first in texts(),
            second in texts(),
        ) {
            let mut dict = Dict::with_capacity(4);
            for texts in [first, second] {
                for t in &texts {
                    dict.append_option(t.as_deref());
                }
                let column = dict.finish();
                let values = column
                    .values()
                    .as_any()
                    .downcast_ref::<StringArray>()
                    .expect("texts");
                let read: Vec<Option<String>> = (0..column.len())
                    .map(|i| {
                        column
                            .is_valid(i)
                            .then(|| values.value(column.keys().value(i) as usize).to_string())
                    })
                    .collect();
                prop_assert_eq!(&read, &texts);
                let mut distinct: Vec<&str> = texts.iter().flatten().map(|t| t.as_str()).collect();
                distinct.sort_unstable();
                distinct.dedup();
                prop_assert_eq!(values.len(), distinct.len());
            }
        }
    }
}
