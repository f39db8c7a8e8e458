//! Many records at once, in parallel: a report per game and a summary per pair of scores.
//! The output does not depend on the number of threads.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use gorules_rules::{format_points, RuleSet};
use rayon::prelude::*;
use serde::Serialize;

use crate::record::{read_sgf_file, RecordError};
use crate::replay::Options;
use crate::report::{compare_game, GameReport};

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
    rulesets: &[RuleSet],
    options: &Options,
    jobs: usize,
    progress: &(dyn Fn() + Sync),
) -> Vec<GameEntry> {
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
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .expect("a thread pool");
    pool.install(|| files.par_iter().flat_map_iter(work).collect())
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
    /// Games with a move some ruleset finds illegal.
    pub with_illegal_moves: usize,
    /// One entry per pair of scores, in column order.
    pub pairs: Vec<PairSummary>,
}

/// The reports of a corpus run, its errors left out, in order.
pub fn reports_of(entries: &[GameEntry]) -> Vec<&GameReport> {
    entries
        .iter()
        .filter_map(|e| match e {
            GameEntry::Report(r) => Some(r.as_ref()),
            GameEntry::Error { .. } => None,
        })
        .collect()
}

/// Summarises reports: for each pair of score columns, over finished games, how often the
/// winner and the margin change.
pub fn summarize(entries: &[GameEntry]) -> Summary {
    let reports = reports_of(entries);
    let finished: Vec<&&GameReport> = reports.iter().filter(|r| r.game.ended_by_passes).collect();
    let columns: Vec<String> = reports
        .first()
        .map(|r| r.score_columns())
        .unwrap_or_default();
    // Each finished game's scores in column order (margin, winner, no result), looked up once.
    type Cell = Option<(f64, Option<gorules_board::Color>, bool)>;
    let table: Vec<Vec<Cell>> = finished
        .iter()
        .map(|r| {
            let mut row: Vec<Cell> = vec![None; columns.len()];
            for (name, s) in r.scores() {
                if let Some(k) = columns.iter().position(|c| *c == name) {
                    row[k] = Some((s.margin, s.winner(), s.result == "Void"));
                }
            }
            row
        })
        .collect();
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
            for row in &table {
                if let (Some(x), Some(y)) = (row[i], row[j]) {
                    p.games += 1;
                    if x.1 != y.1 || x.2 != y.2 {
                        p.winner_changes += 1;
                    }
                    let delta = y.0 - x.0;
                    if delta != 0.0 {
                        p.margin_changes += 1;
                    }
                    // Margins are whole or half points: count in half points.
                    *deltas.entry((delta * 2.0).round() as i64).or_insert(0) += 1;
                }
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
        games: entries.len(),
        errors: entries.len() - reports.len(),
        finished: finished.len(),
        unfinished: reports.len() - finished.len(),
        with_illegal_moves: reports
            .iter()
            .filter(|r| r.rulesets.iter().any(|rr| !rr.legal))
            .count(),
        pairs,
    }
}
