//! Many records at once: a report per game and a summary per pair of scores. A run over files
//! and directories, on several threads, is the `files` and `parallel` features' (`run`); its
//! output does not depend on the number of threads.

use std::collections::BTreeMap;

use gorules_rules::{format_points, Counting};
use serde::{Deserialize, Serialize};

use crate::replay::Options;
use crate::report::{is_column, GameReport};
use crate::rules_choice::{RulesetChoice, RECORD};

mod state;

pub use state::TALLY_STATE_VERSION;

/// One game of the corpus: its report, or why it could not be replayed.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum GameEntry {
    /// Replayed under every ruleset.
    Report(Box<GameReport>),
    /// Could not be read or replayed.
    Error {
        /// The file.
        source: String,
        /// The game's position in the file's collection, from 0, when the error is one
        /// game's; absent when the file as a whole could not be read.
        #[serde(skip_serializing_if = "Option::is_none")]
        game_index: Option<usize>,
        /// The message (file, line, node, move and problem).
        error: String,
    },
}

/// The score columns of a run: `ruleset:counting` for every ruleset asked and every counting
/// method it allows that `options` keeps, in order. Every report of the run has its scores
/// among these (an unfinished game has none), so the columns never depend on which record
/// comes first. The record's own ruleset (`record`), which differs from record to record,
/// has the columns `record:area` and `record:territory`, and `record:stone` when `options`
/// asks for stone counting by name.
pub fn score_columns(rulesets: &[RulesetChoice], options: &Options) -> Vec<String> {
    let kept = |c: &Counting| options.countings.as_ref().is_none_or(|w| w.contains(c));
    let mut columns = Vec::new();
    for choice in rulesets {
        match choice {
            RulesetChoice::Fixed(r) => columns.extend(
                r.counting
                    .iter()
                    .filter(|c| kept(c))
                    .map(|c| format!("{}:{}", r.id, c.name())),
            ),
            _ => {
                let stone = options
                    .countings
                    .as_ref()
                    .is_some_and(|w| w.contains(&Counting::Stone));
                columns.extend(
                    [Counting::Area, Counting::Territory]
                        .iter()
                        .filter(|c| kept(c))
                        .chain(stone.then_some(&Counting::Stone))
                        .map(|c| format!("{RECORD}:{}", c.name())),
                );
            }
        }
    }
    columns
}

#[cfg(feature = "files")]
mod handoff;
#[cfg(feature = "files")]
mod home_box;
#[cfg(feature = "files")]
mod run;
#[cfg(feature = "files")]
pub use handoff::{Handoff, Taken};
#[cfg(feature = "files")]
pub use home_box::HomeBox;
#[cfg(all(feature = "files", feature = "parallel"))]
pub use run::REORDER_WINDOW_PER_JOB;
#[cfg(feature = "files")]
pub use run::{
    compare_paths, compare_paths_map, compare_paths_map_while, jobs, Inputs, RunLimits, MAX_JOBS,
};

/// How two scores compare over the finished games of a corpus.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairSummary {
    /// The first score, `ruleset:counting`.
    pub a: String,
    /// The second score.
    pub b: String,
    /// Finished games where both were scored (dead stones and territory counts sure).
    pub games: usize,
    /// Games where the winner differs (a draw is its own outcome).
    pub winner_changes: usize,
    /// Games where the margins differ.
    pub margin_changes: usize,
    /// How often each margin difference (`b - a`) occurs, e.g. `{"-1": 12, "0": 300}`.
    pub margin_deltas: BTreeMap<String, usize>,
    /// Games where the margin difference comes in part from false eyes or seki eyes one score
    /// leaves out and the other does not (`false_eyes_not_counted`,
    /// `seki_eyes_not_counted`): where the referee's settlement of the final position changes
    /// the comparison.
    pub false_eye_or_seki_changes: usize,
    /// The first games where the winner changes (as many as asked, `--examples`), with why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<WinnerChange>,
}

/// A game where two scores name different winners, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WinnerChange {
    /// The file, and `#N` for the N-th game of a collection after the first.
    pub game: String,
    /// The result under the first score (`"B+0.5"`, `"0"`).
    pub a: String,
    /// The result under the second.
    pub b: String,
    /// The parts that move the margin ([`crate::explain::reasons`]).
    pub reasons: Vec<String>,
}

/// Totals over a corpus.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Entries: the games read, and one for each file or game that could not be read or
    /// replayed (`finished + unfinished + errors`).
    pub games: usize,
    /// Files or games that could not be read or replayed.
    pub errors: usize,
    /// Games that ended in passes (those with uncertain dead stones or a territory count not
    /// sure included).
    pub finished: usize,
    /// Games that did not (resignation, time, cut off): counted apart.
    pub unfinished: usize,
    /// Finished games whose estimated dead stones include a chain the estimate is not sure
    /// of: counted apart too (not in the pairs, the groups' pairs or the record agreement).
    pub uncertain_dead_stones: usize,
    /// Finished games (dead stones sure) where some score's territory count is not sure (its
    /// `doubts`, [`crate::replay::ScoreReport::doubts`], are not empty): counted apart too,
    /// as those with uncertain dead stones are. A game with both is counted once, under
    /// [`Summary::uncertain_dead_stones`].
    pub unsure_territory_counts: usize,
    /// Games with a move some ruleset finds illegal.
    pub with_illegal_moves: usize,
    /// One entry per pair of scores, in column order.
    pub pairs: Vec<PairSummary>,
    /// The games by board size (`"size 9x9"`, in order of size) and by handicap (`"even"`,
    /// `"handicap"`: two stones or more), each with the pairs that differ there.
    pub groups: Vec<GroupSummary>,
    /// For each score, in column order, how often it gives the result the record states
    /// (`RE`) on the finished games whose `RE` is a counted result.
    pub record_agreement: Vec<RecordAgreement>,
}

/// How one score compares with the results the records state (`RE`), over the finished
/// games (dead stones and territory counts sure) whose `RE` is a counted result (`B+3.5`,
/// `W+0.5`, `0`) and that the score scored: what GNU Go's `--score aftermath` tells of one
/// ruleset, for each.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecordAgreement {
    /// The score, `ruleset:counting`.
    pub score: String,
    /// Finished games with a counted `RE` that this score scored.
    pub games: usize,
    /// Of them, games where this score's result is exactly the recorded one.
    pub same_result: usize,
    /// Of them, games where this score names the recorded winner (a draw is its own outcome).
    pub same_winner: usize,
    /// The first games where the result differs from the record's (as many as asked,
    /// `--examples`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<RecordDifference>,
}

/// A game whose score differs from the result its record states.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordDifference {
    /// The file, and `#N` for the N-th game of a collection after the first.
    pub game: String,
    /// The record's `RE`.
    pub recorded: String,
    /// The result under the score.
    pub scored: String,
}

/// One finished game's score in a column: margin, winner, no result, and what the false eyes
/// and seki eyes it leaves out take off the margin.
type Cell = Option<(f64, Option<gorules_board::Color>, bool, f64)>;

/// What a pair of columns has seen so far.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct PairTally {
    games: usize,
    winner_changes: usize,
    /// Games per margin difference, in half points (margins are whole or half points); equal
    /// margins are `games` less the others.
    deltas: BTreeMap<i64, usize>,
    /// Games where the false eyes and seki eyes left out move the two margins differently.
    eye_changes: usize,
}

/// One group's counts: games, and per pair of columns the finished games where both were
/// scored, the winner changes and the margin changes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct GroupTally {
    games: usize,
    finished: usize,
    /// `(games, winner changes, margin changes)` per pair, in [`Tally`]'s order.
    pairs: Vec<(usize, usize, usize)>,
}

/// The summary of one group of games (a board size, or even or handicap games).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupSummary {
    /// `"size 19x19"`, `"size 9x9"`, ..., `"even"` (handicap 0 or 1) or `"handicap"` (2+).
    pub group: String,
    /// Games read in the group (errors belong to no group).
    pub games: usize,
    /// Of them, games that ended in passes.
    pub finished: usize,
    /// The pairs of scores whose margins differ on some finished game of the group.
    pub pairs: Vec<GroupPair>,
}

/// One pair of scores within a group.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupPair {
    /// The first score, `ruleset:counting`.
    pub a: String,
    /// The second score.
    pub b: String,
    /// Finished games where both were scored.
    pub games: usize,
    /// Games where the winner differs.
    pub winner_changes: usize,
    /// Games where the margins differ.
    pub margin_changes: usize,
}

/// What a summary needs of one entry, made apart from the [`Tally`] (on a worker thread, say)
/// and counted with [`Tally::add_row`].
#[derive(Clone, Debug, Default)]
pub struct TallyRow {
    report: bool,
    illegal: bool,
    finished: bool,
    uncertain: bool,
    /// Whether some score's territory count is not sure.
    unsure: bool,
    cells: Vec<Cell>,
    /// For each pair (in [`Tally`]'s order) whose winner changes, the example, when asked.
    changes: Vec<(usize, WinnerChange)>,
    /// The game's groups in the summary: `"size 19x19"`, and `"even"` or `"handicap"`.
    groups: [String; 2],
    /// Per column scored, when the record states a counted result: whether the score gives
    /// exactly that result, and whether it names the same winner.
    agreement: Vec<Option<(bool, bool)>>,
    /// For each column whose result differs from the record's, the example, when asked.
    differences: Vec<(usize, RecordDifference)>,
}

/// What a summary needs of one game read: its name, groups, whether it finished, and its
/// scores. [`TallyRow::with_examples`] takes it from a report; a reader of stored results (the
/// rows of a Parquet file) makes it from what it stored.
#[derive(Clone, Debug)]
pub struct TallyGame<'a> {
    /// The file (empty when the game has none).
    pub source: &'a str,
    /// The game's position in the file's collection, from 0.
    pub game_index: usize,
    /// Board size, `19x19`.
    pub size: &'a str,
    /// Handicap stones.
    pub handicap: u32,
    /// The record's result (`RE`), as read.
    pub result: Option<&'a str>,
    /// Whether the record ends in two passes.
    pub finished: bool,
    /// Whether its dead stones were estimated with some chain uncertain.
    pub uncertain: bool,
    /// Whether some score's territory count is not sure (the score's
    /// [`doubts`](crate::replay::ScoreReport::doubts) are not empty): a finished game with
    /// sure dead stones is then counted apart ([`Summary::unsure_territory_counts`]).
    pub unsure: bool,
    /// Whether some ruleset finds a move illegal.
    pub illegal: bool,
    /// Its scores in order, each with the two parts of its column's name (`record` for the
    /// record's own ruleset, as [`GameReport::score_parts`] names them).
    pub scores: Vec<(&'a str, &'a str, &'a crate::replay::ScoreReport)>,
}

impl<'a> TallyGame<'a> {
    /// What the summary needs of `r`.
    pub fn of_report(r: &'a GameReport) -> TallyGame<'a> {
        TallyGame {
            source: r.game.source.as_deref().unwrap_or_default(),
            game_index: r.game.game_index,
            size: &r.game.size,
            handicap: r.game.handicap,
            result: r.game.result.as_deref(),
            finished: r.game.ended_by_passes,
            uncertain: r.game.dead_estimate.as_ref().is_some_and(|e| e.uncertain),
            unsure: r.score_parts().any(|(_, _, s)| !s.doubts.is_empty()),
            illegal: r.rulesets.iter().any(|rr| !rr.legal),
            scores: r.score_parts().collect(),
        }
    }
}

impl TallyRow {
    /// The row of `entry` for a tally with these `columns` ([`score_columns`]), and when
    /// `examples` is true, for each pair of columns whose winners differ, the game and the
    /// reasons ([`Tally::examples`] keeps the first few per pair).
    pub fn with_examples(columns: &[String], entry: &GameEntry, examples: bool) -> TallyRow {
        let GameEntry::Report(r) = entry else {
            return TallyRow::default();
        };
        TallyRow::of_game(columns, &TallyGame::of_report(r), examples)
    }

    /// The row of a game read ([`TallyGame`]), as [`TallyRow::with_examples`] makes it; the
    /// row of an entry that could not be read or replayed is [`TallyRow::default`].
    pub fn of_game(columns: &[String], r: &TallyGame, examples: bool) -> TallyRow {
        let mut row = TallyRow {
            report: true,
            illegal: r.illegal,
            finished: r.finished,
            uncertain: r.uncertain,
            unsure: r.unsure,
            cells: vec![None; columns.len()],
            changes: Vec::new(),
            groups: [
                format!("size {}", r.size),
                if r.handicap >= 2 { "handicap" } else { "even" }.to_string(),
            ],
            agreement: Vec::new(),
            differences: Vec::new(),
        };
        let mut scores: Vec<Option<&crate::replay::ScoreReport>> = vec![None; columns.len()];
        // The scores come in the columns' order: look at the column after the last one found
        // first.
        let mut next = 0;
        for &(ruleset, counting, s) in &r.scores {
            let found = match columns.get(next) {
                Some(c) if is_column(c, ruleset, counting) => Some(next),
                _ => columns.iter().position(|c| is_column(c, ruleset, counting)),
            };
            if let Some(k) = found {
                let (b, w) = (&s.breakdown.black, &s.breakdown.white);
                let left_out = |x: &gorules_rules::SideScore| {
                    f64::from(x.false_eyes_not_counted + x.seki_eyes_not_counted)
                };
                row.cells[k] = Some((
                    s.margin,
                    s.winner(),
                    s.result == "Void",
                    left_out(w) - left_out(b),
                ));
                scores[k] = Some(s);
                next = k + 1;
            }
        }
        let name = r.source;
        let game = if r.game_index > 0 {
            format!("{name} #{}", r.game_index + 1)
        } else {
            name.to_string()
        };
        if row.counted() {
            let re = r.result;
            row.agreement = scores
                .iter()
                .map(|s| s.and_then(|s| crate::report::record_agreement(re, s)))
                .collect();
            if examples {
                for (k, (s, agree)) in scores.iter().zip(&row.agreement).enumerate() {
                    if let (Some(s), Some((false, _))) = (s, agree) {
                        row.differences.push((
                            k,
                            RecordDifference {
                                game: game.clone(),
                                recorded: r.result.unwrap_or_default().to_string(),
                                scored: s.result.clone(),
                            },
                        ));
                    }
                }
            }
        }
        if examples && row.counted() {
            let n = columns.len();
            let mut k = 0;
            for i in 0..n {
                for j in i + 1..n {
                    if let (Some(a), Some(b)) = (scores[i], scores[j]) {
                        if a.winner() != b.winner() || (a.result == "Void") != (b.result == "Void")
                        {
                            row.changes.push((
                                k,
                                WinnerChange {
                                    game: game.clone(),
                                    a: a.result.clone(),
                                    b: b.result.clone(),
                                    reasons: crate::explain::reasons(a, b),
                                },
                            ));
                        }
                    }
                    k += 1;
                }
            }
        }
        row
    }

    /// Whether the game is one the pairs, the groups' pairs and the record agreement count: it
    /// finished, its dead stones are sure and so is every territory count.
    fn counted(&self) -> bool {
        self.finished && !self.uncertain && !self.unsure
    }
}

/// A [`Summary`] built one entry at a time ([`Tally::add`]): a count per pair of columns
/// and per margin difference, so its memory does not grow with the number of games.
///
/// A tally crosses processes through its serde form (the shards of a run counted on other
/// machines, merged on one): [`Tally::to_state`] and [`Tally::from_state`] wrap it in a
/// versioned envelope, and reading it back checks that its counts are those of some run (a
/// form that is not is refused, never summed into nonsense).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "state::TallyFields")]
pub struct Tally {
    games: usize,
    reports: usize,
    with_illegal_moves: usize,
    /// Finished games with uncertain dead stones.
    uncertain: usize,
    /// Finished games with sure dead stones and some territory count not sure.
    unsure: usize,
    finished: usize,
    /// The score columns of the run ([`score_columns`]).
    columns: Vec<String>,
    /// For the pair of columns `(i, j)`, `i < j`, in order.
    pairs: Vec<PairTally>,
    /// Examples of winner changes to keep per pair.
    examples: usize,
    /// The examples kept, per pair.
    kept: Vec<Vec<WinnerChange>>,
    /// The groups by board size and by handicap.
    groups: BTreeMap<String, GroupTally>,
    /// Per column: games with a counted `RE`, same result, same winner.
    agreement: Vec<(usize, usize, usize)>,
    /// The examples of results that differ from the record's kept, per column.
    differences: Vec<Vec<RecordDifference>>,
}

impl Tally {
    /// Nothing counted yet, for a run with these score columns ([`score_columns`]).
    pub fn new(columns: Vec<String>) -> Tally {
        let n = columns.len();
        Tally {
            games: 0,
            reports: 0,
            with_illegal_moves: 0,
            uncertain: 0,
            unsure: 0,
            finished: 0,
            pairs: vec![PairTally::default(); n * n.saturating_sub(1) / 2],
            columns,
            examples: 0,
            kept: Vec::new(),
            groups: BTreeMap::new(),
            agreement: vec![(0, 0, 0); n],
            differences: vec![Vec::new(); n],
        }
    }

    /// Keeps, for each pair, the first `n` games whose winner changes, with the reasons (the
    /// rows must then be made by [`TallyRow::with_examples`]).
    pub fn examples(mut self, n: usize) -> Tally {
        self.examples = n;
        self.kept = vec![Vec::new(); self.pairs.len()];
        self
    }

    /// Whether the rows need their examples ([`TallyRow::with_examples`]).
    pub fn wants_examples(&self) -> bool {
        self.examples > 0
    }

    /// Counts `entry`.
    pub fn add(&mut self, entry: &GameEntry) {
        let row = TallyRow::with_examples(&self.columns, entry, self.wants_examples());
        self.add_row(&row);
    }

    /// Counts an entry by what the summary needs of it ([`TallyRow::with_examples`], made with this
    /// tally's columns).
    pub fn add_row(&mut self, row: &TallyRow) {
        self.games += 1;
        if !row.report {
            return;
        }
        self.reports += 1;
        if row.illegal {
            self.with_illegal_moves += 1;
        }
        let npairs = self.pairs.len();
        let keys = &row.groups;
        for key in keys {
            if !self.groups.contains_key(key) {
                let pairs = vec![(0, 0, 0); npairs];
                let fresh = GroupTally {
                    pairs,
                    ..GroupTally::default()
                };
                self.groups.insert(key.clone(), fresh);
            }
            let g = self.groups.get_mut(key).expect("inserted above");
            g.games += 1;
            g.finished += usize::from(row.finished);
        }
        if !row.finished {
            return;
        }
        self.finished += 1;
        // Counted apart, once: under uncertain dead stones when the count is not sure either.
        if row.uncertain {
            self.uncertain += 1;
            return;
        }
        if row.unsure {
            self.unsure += 1;
            return;
        }
        for (k, change) in &row.changes {
            if let Some(kept) = self.kept.get_mut(*k) {
                if kept.len() < self.examples {
                    kept.push(change.clone());
                }
            }
        }
        for (tally, agree) in self.agreement.iter_mut().zip(&row.agreement) {
            if let Some((same_result, same_winner)) = *agree {
                tally.0 += 1;
                tally.1 += usize::from(same_result);
                tally.2 += usize::from(same_winner);
            }
        }
        for (k, difference) in &row.differences {
            if let Some(kept) = self.differences.get_mut(*k) {
                if kept.len() < self.examples {
                    kept.push(difference.clone());
                }
            }
        }
        // The pair counts of the game's two groups, found once.
        let mut in_groups: Vec<&mut Vec<(usize, usize, usize)>> = self
            .groups
            .iter_mut()
            .filter(|(key, _)| keys.contains(key))
            .map(|(_, g)| &mut g.pairs)
            .collect();
        let cells = &row.cells;
        let n = self.columns.len();
        let mut k = 0;
        for i in 0..n {
            for j in i + 1..n {
                if let (Some(x), Some(y)) = (cells[i], cells[j]) {
                    let p = &mut self.pairs[k];
                    p.games += 1;
                    let winner = x.1 != y.1 || x.2 != y.2;
                    if winner {
                        p.winner_changes += 1;
                    }
                    let delta = y.0 - x.0;
                    if delta != 0.0 {
                        *p.deltas.entry((delta * 2.0).round() as i64).or_insert(0) += 1;
                    }
                    if x.3 != y.3 {
                        p.eye_changes += 1;
                    }
                    for g in &mut in_groups {
                        let g = &mut g[k];
                        g.0 += 1;
                        g.1 += usize::from(winner);
                        g.2 += usize::from(delta != 0.0);
                    }
                }
                k += 1;
            }
        }
    }

    /// Adds the counts of `later`, a tally of the entries that come after this one's in the
    /// same run (the next shard of a corpus split in input order), made with the same columns
    /// and the same number of examples. The summary is then the one a single tally of all those
    /// entries gives, exactly: the counts add up, and the examples kept are the first ones in
    /// input order (this tally's, then `later`'s while there is room). Tallies of other
    /// columns or another number of examples are refused, and this one is left as it was.
    pub fn merge(&mut self, later: &Tally) -> Result<(), String> {
        if self.columns != later.columns {
            return Err(format!(
                "the tallies count different scores: {} against {}",
                self.columns.join(", "),
                later.columns.join(", ")
            ));
        }
        if self.examples != later.examples {
            return Err(format!(
                "the tallies keep different numbers of examples: {} against {}",
                self.examples, later.examples
            ));
        }
        // Every other count is at most the number of games (`Tally::from_state` checks it of
        // a tally read back), so when this sum fits, every sum does.
        let Some(games) = self.games.checked_add(later.games) else {
            return Err("the tallies count more games than this machine can".to_string());
        };
        self.games = games;
        self.reports += later.reports;
        self.with_illegal_moves += later.with_illegal_moves;
        self.uncertain += later.uncertain;
        self.unsure += later.unsure;
        self.finished += later.finished;
        for (pair, more) in self.pairs.iter_mut().zip(&later.pairs) {
            pair.games += more.games;
            pair.winner_changes += more.winner_changes;
            pair.eye_changes += more.eye_changes;
            for (&delta, &count) in &more.deltas {
                *pair.deltas.entry(delta).or_insert(0) += count;
            }
        }
        let npairs = self.pairs.len();
        for (key, more) in &later.groups {
            let group = self
                .groups
                .entry(key.clone())
                .or_insert_with(|| GroupTally {
                    pairs: vec![(0, 0, 0); npairs],
                    ..GroupTally::default()
                });
            group.games += more.games;
            group.finished += more.finished;
            for (pair, more) in group.pairs.iter_mut().zip(&more.pairs) {
                pair.0 += more.0;
                pair.1 += more.1;
                pair.2 += more.2;
            }
        }
        for (tally, more) in self.agreement.iter_mut().zip(&later.agreement) {
            tally.0 += more.0;
            tally.1 += more.1;
            tally.2 += more.2;
        }
        keep_first(&mut self.kept, &later.kept, self.examples);
        keep_first(&mut self.differences, &later.differences, self.examples);
        Ok(())
    }

    /// The summary of the entries counted.
    pub fn summary(&self) -> Summary {
        let n = self.columns.len();
        let mut pairs = Vec::with_capacity(self.pairs.len());
        let mut k = 0;
        for i in 0..n {
            for j in i + 1..n {
                let t = &self.pairs[k];
                k += 1;
                let margin_changes: usize = t.deltas.values().sum();
                let mut deltas = t.deltas.clone();
                let equal = t.games - margin_changes;
                if equal > 0 {
                    deltas.insert(0, equal);
                }
                let margin_deltas = deltas
                    .into_iter()
                    .map(|(half_points, count)| (delta_key(half_points), count))
                    .collect();
                pairs.push(PairSummary {
                    a: self.columns[i].clone(),
                    b: self.columns[j].clone(),
                    games: t.games,
                    winner_changes: t.winner_changes,
                    margin_changes,
                    margin_deltas,
                    false_eye_or_seki_changes: t.eye_changes,
                    examples: self.kept.get(k - 1).cloned().unwrap_or_default(),
                });
            }
        }
        Summary {
            games: self.games,
            errors: self.games - self.reports,
            finished: self.finished,
            unfinished: self.reports - self.finished,
            uncertain_dead_stones: self.uncertain,
            unsure_territory_counts: self.unsure,
            with_illegal_moves: self.with_illegal_moves,
            pairs,
            groups: self.group_summaries(),
            record_agreement: self
                .columns
                .iter()
                .zip(&self.agreement)
                .zip(&self.differences)
                .map(
                    |((score, &(games, same_result, same_winner)), examples)| RecordAgreement {
                        score: score.clone(),
                        games,
                        same_result,
                        same_winner,
                        examples: examples.clone(),
                    },
                )
                .collect(),
        }
    }

    /// The groups, sizes first (smallest board first), then even, then handicap games.
    fn group_summaries(&self) -> Vec<GroupSummary> {
        let n = self.columns.len();
        let names: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        let order = |key: &str| -> (u8, usize, String) {
            match key.strip_prefix("size ") {
                Some(size) => {
                    let (w, h) = size.split_once('x').unwrap_or((size, size));
                    let area = w.parse::<usize>().unwrap_or(0) * h.parse::<usize>().unwrap_or(0);
                    (0, area, key.to_string())
                }
                None => (1, usize::from(key == "handicap"), key.to_string()),
            }
        };
        let mut keys: Vec<&String> = self.groups.keys().collect();
        keys.sort_by_key(|k| order(k));
        keys.into_iter()
            .map(|key| {
                let g = &self.groups[key];
                GroupSummary {
                    group: key.clone(),
                    games: g.games,
                    finished: g.finished,
                    pairs: g
                        .pairs
                        .iter()
                        .zip(&names)
                        .filter(|(p, _)| p.2 > 0)
                        .map(
                            |(&(games, winner_changes, margin_changes), &(i, j))| GroupPair {
                                a: self.columns[i].clone(),
                                b: self.columns[j].clone(),
                                games,
                                winner_changes,
                                margin_changes,
                            },
                        )
                        .collect(),
                }
            })
            .collect()
    }
}

/// Per pair or column, `later`'s examples after `kept`'s, while fewer than `n` are kept.
fn keep_first<T: Clone>(kept: &mut [Vec<T>], later: &[Vec<T>], n: usize) {
    for (kept, more) in kept.iter_mut().zip(later) {
        let room = n.saturating_sub(kept.len());
        kept.extend(more.iter().take(room).cloned());
    }
}

/// A margin difference in half points as the summary names it: `"+1"`, `"-0.5"`, `"0"`.
fn delta_key(half_points: i64) -> String {
    let delta = half_points as f64 / 2.0;
    if delta > 0.0 {
        format!("+{}", format_points(delta))
    } else if delta < 0.0 {
        format!("-{}", format_points(-delta))
    } else {
        "0".to_string()
    }
}

/// The value of a key of [`PairSummary::margin_deltas`], for sorting them by value.
pub fn delta_value(key: &str) -> f64 {
    key.trim_start_matches('+').parse().unwrap_or(0.0)
}
