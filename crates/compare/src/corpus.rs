//! Many records at once, in parallel: a report per game and a summary per pair of scores.
//! The output does not depend on the number of threads.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use gorules_rules::{format_points, Ruleset};
use serde::Serialize;

use crate::record::{read_sgf_file, RecordError};
use crate::replay::Options;
use crate::report::{compare_game, is_column, GameReport};

/// The SGF files named by `paths`: files as given, directories searched recursively for
/// `*.sgf` (sorted by path). A path that does not exist is an error.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found).map_err(|e| format!("{}: {e}", p.display()))?;
            found.sort();
            out.extend(found);
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(format!("{}: no such file or directory", p.display()));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
    Ok(())
}

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
        /// The message (file, line, node, move and problem).
        error: String,
    },
}

/// Replays every game of every file under every ruleset on `jobs` threads, in input order.
/// `progress` is called once per file done.
pub fn compare_files(
    files: &[PathBuf],
    rulesets: &[Ruleset],
    options: &Options,
    jobs: usize,
    progress: &(dyn Fn() + Sync),
) -> Vec<GameEntry> {
    let mut entries = Vec::with_capacity(files.len());
    compare_files_each(files, rulesets, options, jobs, progress, |e| {
        entries.push(e)
    });
    entries
}

/// [`compare_files`], handing each game's entry to `each` on the calling thread, in input
/// order, as soon as it and those before it are done, instead of keeping them all.
///
/// The `jobs` workers (tasks on a rayon pool of `jobs` threads) take the files in order, one
/// at a time, so that the entries waiting for an earlier file stay few; the order and the
/// entries do not depend on `jobs`.
pub fn compare_files_each(
    files: &[PathBuf],
    rulesets: &[Ruleset],
    options: &Options,
    jobs: usize,
    progress: &(dyn Fn() + Sync),
    mut each: impl FnMut(GameEntry),
) {
    let work = |path: &PathBuf| -> Vec<GameEntry> {
        let entries = match read_sgf_file(path) {
            Ok(games) => games
                .iter()
                .map(|g| match compare_game(g, rulesets, options) {
                    Ok(r) => GameEntry::Report(Box::new(r)),
                    Err(e) => error_entry(path, e),
                })
                .collect(),
            Err(e) => vec![error_entry(path, e)],
        };
        progress();
        entries
    };
    let workers = jobs.max(1).min(files.len());
    let pool = rayon::ThreadPoolBuilder::new().num_threads(workers).build();
    let (true, Ok(pool)) = (workers > 0, pool) else {
        // No file, or no thread to be had: the calling thread does the work.
        files.iter().flat_map(work).for_each(each);
        return;
    };
    let next = AtomicUsize::new(0);
    let (done, results) = mpsc::channel::<(usize, Vec<GameEntry>)>();
    // The scope's body runs on the calling thread, which hands the entries out in order.
    pool.in_place_scope(|s| {
        for _ in 0..workers {
            let done = done.clone();
            let (next, work) = (&next, &work);
            s.spawn(move |_| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = files.get(i) else { break };
                if done.send((i, work(path))).is_err() {
                    break;
                }
            });
        }
        drop(done);
        // Files finished ahead of an earlier one wait here.
        let mut waiting: BTreeMap<usize, Vec<GameEntry>> = BTreeMap::new();
        let mut first = 0;
        for (i, entries) in results {
            waiting.insert(i, entries);
            while let Some(entries) = waiting.remove(&first) {
                entries.into_iter().for_each(&mut each);
                first += 1;
            }
        }
    });
}

fn error_entry(path: &Path, e: RecordError) -> GameEntry {
    GameEntry::Error {
        source: path.display().to_string(),
        error: e.to_string(),
    }
}

/// How two scores compare over the finished games of a corpus.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairSummary {
    /// The first score, `ruleset:counting`.
    pub a: String,
    /// The second score.
    pub b: String,
    /// Finished games where both were scored.
    pub games: usize,
    /// Games where the winner differs (a draw is its own outcome).
    pub winner_changes: usize,
    /// Games where the margins differ.
    pub margin_changes: usize,
    /// How often each margin difference (`b - a`) occurs, e.g. `{"-1": 12, "0": 300}`.
    pub margin_deltas: BTreeMap<String, usize>,
}

/// Totals over a corpus.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Games read.
    pub games: usize,
    /// Games that could not be read or replayed.
    pub errors: usize,
    /// Games that ended in passes.
    pub finished: usize,
    /// Games that did not (resignation, time, cut off): counted apart.
    pub unfinished: usize,
    /// Finished games whose estimated dead stones include a chain the estimate is not sure
    /// of: counted apart too (not in the pairs).
    pub uncertain_dead_stones: usize,
    /// Games with a move some ruleset finds illegal.
    pub with_illegal_moves: usize,
    /// One entry per pair of scores, in column order.
    pub pairs: Vec<PairSummary>,
}

/// Summarises reports: for each pair of score columns, over finished games, how often the
/// winner and the margin change.
pub fn summarize(entries: &[GameEntry]) -> Summary {
    let mut tally = Tally::default();
    entries.iter().for_each(|e| tally.add(e));
    tally.summary()
}

/// One finished game's score in a column: margin, winner, no result.
type Cell = Option<(f64, Option<gorules_board::Color>, bool)>;

/// A [`Summary`] built one entry at a time ([`Tally::add`], in input order), keeping only
/// what it needs of each report: the same summary as [`summarize`] over the same entries.
#[derive(Default)]
pub struct Tally {
    games: usize,
    reports: usize,
    with_illegal_moves: usize,
    uncertain: usize,
    /// The score columns, those of the first report.
    columns: Option<Vec<String>>,
    /// Each finished game's scores in column order, looked up once.
    table: Vec<Vec<Cell>>,
}

impl Tally {
    /// Counts `entry`.
    pub fn add(&mut self, entry: &GameEntry) {
        self.games += 1;
        let GameEntry::Report(r) = entry else {
            return;
        };
        self.reports += 1;
        if r.rulesets.iter().any(|rr| !rr.legal) {
            self.with_illegal_moves += 1;
        }
        let columns = self.columns.get_or_insert_with(|| r.score_columns());
        let uncertain = r.game.dead_estimate.as_ref().is_some_and(|e| e.uncertain);
        if r.game.ended_by_passes && uncertain {
            self.uncertain += 1;
        } else if r.game.ended_by_passes {
            let mut row: Vec<Cell> = vec![None; columns.len()];
            for (ruleset, counting, s) in r.score_parts() {
                if let Some(k) = columns.iter().position(|c| is_column(c, ruleset, counting)) {
                    row[k] = Some((s.margin, s.winner(), s.result == "Void"));
                }
            }
            self.table.push(row);
        }
    }

    /// The summary of the entries counted.
    pub fn summary(&self) -> Summary {
        let columns: &[String] = self.columns.as_deref().unwrap_or_default();
        let table = &self.table;
        let mut pairs = Vec::new();
        for (i, a) in columns.iter().enumerate() {
            for (j, b) in columns.iter().enumerate().skip(i + 1) {
                let mut p = PairSummary {
                    a: a.clone(),
                    b: b.clone(),
                    games: 0,
                    winner_changes: 0,
                    margin_changes: 0,
                    margin_deltas: BTreeMap::new(),
                };
                let mut deltas: BTreeMap<i64, usize> = BTreeMap::new();
                for row in table {
                    if let (Some(x), Some(y)) = (row[i], row[j]) {
                        p.games += 1;
                        if x.1 != y.1 || x.2 != y.2 {
                            p.winner_changes += 1;
                        }
                        let delta = y.0 - x.0;
                        if delta != 0.0 {
                            p.margin_changes += 1;
                            // Margins are whole or half points: count in half points.
                            *deltas.entry((delta * 2.0).round() as i64).or_insert(0) += 1;
                        }
                    }
                }
                // Equal margins, most games of most pairs, counted without the map.
                let equal = p.games - p.margin_changes;
                if equal > 0 {
                    *deltas.entry(0).or_insert(0) += equal;
                }
                for (half_points, n) in deltas {
                    let delta = half_points as f64 / 2.0;
                    let key = if delta > 0.0 {
                        format!("+{}", format_points(delta))
                    } else if delta < 0.0 {
                        format!("-{}", format_points(-delta))
                    } else {
                        "0".to_string()
                    };
                    p.margin_deltas.insert(key, n);
                }
                pairs.push(p);
            }
        }
        Summary {
            games: self.games,
            errors: self.games - self.reports,
            finished: table.len() + self.uncertain,
            unfinished: self.reports - table.len() - self.uncertain,
            uncertain_dead_stones: self.uncertain,
            with_illegal_moves: self.with_illegal_moves,
            pairs,
        }
    }
}
