//! Many records at once, in parallel: a report per game and a summary per pair of scores.
//! The output does not depend on the number of threads.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};

use gorules_rules::{format_points, Counting, Ruleset};
use serde::{Deserialize, Serialize};

use crate::files::{read_file, walk, InputError, Walk};
use crate::replay::Options;
use crate::report::{compare_game, is_column, GameReport};
use crate::rules_choice::{compare_chosen, ChoiceError, RulesetChoice, RECORD};
use gorules_sgf::parse_sgf_bytes_games;

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

/// The most threads a run takes (`--jobs`, and Python's `jobs=`): far more than the cores of
/// any machine it runs on, and few enough that starting them stays quick (thousands took a
/// minute to start for a run of a few files).
pub const MAX_JOBS: usize = 256;

/// The threads of a run: `asked`, or one per core when `None`. Refused with the reason when 0
/// or more than [`MAX_JOBS`].
pub fn jobs(asked: Option<usize>) -> Result<usize, String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match asked {
        None => Ok(cores.min(MAX_JOBS)),
        Some(0) => Err("must be at least 1".into()),
        Some(n) if n > MAX_JOBS => Err(format!(
            "{n} threads is more than the {MAX_JOBS} a run takes (this machine has {cores} \
             core(s); threads beyond them only wait for one another)"
        )),
        Some(n) => Ok(n),
    }
}

/// How a corpus run reads and shares out its files.
#[derive(Clone, Copy, Debug)]
pub struct RunLimits {
    /// Worker threads.
    pub jobs: usize,
    /// Files larger than this many bytes are errors, not read
    /// ([`crate::files::DEFAULT_MAX_FILE_SIZE`] by default).
    pub max_file_size: u64,
}

impl Default for RunLimits {
    fn default() -> RunLimits {
        RunLimits {
            jobs: 1,
            max_file_size: crate::files::DEFAULT_MAX_FILE_SIZE,
        }
    }
}

/// What a run went through: the inputs the walk yielded (files, and paths that could not be
/// walked), for telling an empty run from an empty result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Inputs {
    /// Files and unwalkable paths met.
    pub paths: usize,
}

/// Replays every game of every SGF file under `paths` (files as given, directories walked
/// lazily for `*.sgf`, see [`crate::files`]) under every ruleset, on `limits.jobs` threads (the
/// calling thread and `jobs - 1` workers), and hands each game's entry to `each` on the calling
/// thread, in input order, as soon as it and those before it are done. `progress` is called
/// once per file done.
///
/// Memory stays flat whatever the number of files: the walk is lazy, and the threads take
/// files in order and never more than a few dozen ahead of the oldest file not yet handed out
/// (a reorder window), so the entries waiting for an earlier file stay few. The calling thread
/// compares a file of its own whenever the entries next in order are not ready and the window
/// has room, and waits only when it has none. The entries and their order do not depend on
/// `jobs`.
pub fn compare_paths(
    paths: &[PathBuf],
    rulesets: &[RulesetChoice],
    options: &Options,
    limits: RunLimits,
    progress: &(dyn Fn() + Sync),
    each: impl FnMut(GameEntry),
) -> Inputs {
    compare_paths_map(paths, rulesets, options, limits, progress, &|e| e, each)
}

/// [`compare_paths`], with `map` applied to each entry on the worker that made it: what the
/// caller keeps of an entry (its output text, its summary row) is then made in parallel, and
/// `each` gets that, in input order.
pub fn compare_paths_map<T: Send>(
    paths: &[PathBuf],
    rulesets: &[RulesetChoice],
    options: &Options,
    limits: RunLimits,
    progress: &(dyn Fn() + Sync),
    map: &(dyn Fn(GameEntry) -> T + Sync),
    mut each: impl FnMut(T),
) -> Inputs {
    compare_paths_map_while(paths, rulesets, options, limits, progress, map, |t| {
        each(t);
        true
    })
}

/// [`compare_paths_map`] that the caller can stop: once `each` returns `false`, no further
/// file is started and no further entry handed out; the files already under way are finished
/// and dropped, and the run returns. For a consumer that may lose interest in the rest of a
/// large corpus (an iterator its user stops reading). `Inputs::paths` counts the inputs whose
/// entries were handed out, the one the run stopped in included.
pub fn compare_paths_map_while<T: Send>(
    paths: &[PathBuf],
    rulesets: &[RulesetChoice],
    options: &Options,
    limits: RunLimits,
    progress: &(dyn Fn() + Sync),
    map: &(dyn Fn(GameEntry) -> T + Sync),
    mut each: impl FnMut(T) -> bool,
) -> Inputs {
    // Fixed rulesets only (the usual run): kept whole, not copied for each record.
    let fixed: Option<Vec<Ruleset>> = rulesets
        .iter()
        .map(|c| match c {
            RulesetChoice::Fixed(r) => Some((**r).clone()),
            _ => None,
        })
        .collect();
    let chosen = match &fixed {
        Some(list) => Chosen::Fixed(list),
        None => Chosen::PerRecord(rulesets),
    };
    let work = |item: Result<PathBuf, InputError>| -> Vec<T> {
        let entries = match item {
            // A panic is a bug; caught here it is an error for that file, so that no record
            // is lost and the other workers never wait for a file that will not come.
            Ok(path) => std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                compare_file(&path, chosen, options, limits.max_file_size)
            }))
            .unwrap_or_else(|_| {
                vec![GameEntry::Error {
                    source: path.display().to_string(),
                    game_index: None,
                    error: format!(
                        "{}: internal error (a bug in gorules) while comparing it",
                        path.display()
                    ),
                }]
            }),
            Err(e) => vec![GameEntry::Error {
                source: e.path.display().to_string(),
                game_index: None,
                error: e.to_string(),
            }],
        };
        let mapped = entries.into_iter().map(map).collect();
        progress();
        mapped
    };
    let jobs = limits.jobs.max(1);
    let mut inputs = Inputs::default();
    // The calling thread is one of the `jobs` threads: it compares files too, and hands out
    // the entries whenever the next ones in order are ready. With one job it does it all.
    let pool = match jobs {
        1 => None,
        _ => rayon::ThreadPoolBuilder::new()
            .num_threads(jobs - 1)
            .build()
            .ok(),
    };
    let Some(pool) = pool else {
        // One job, or no thread to be had.
        for item in walk(paths) {
            inputs.paths += 1;
            if !work(item).into_iter().all(&mut each) {
                break;
            }
        }
        return inputs;
    };
    let feed = Feed {
        state: Mutex::new(FeedState {
            walk: walk(paths),
            taken: 0,
            in_flight: 0,
            sleeping: 0,
            over: false,
        }),
        room: Condvar::new(),
        window: 4 * jobs + 4,
    };
    let (done, results) = mpsc::channel::<(usize, Vec<T>)>();
    pool.in_place_scope(|s| {
        for _ in 1..jobs {
            let done = done.clone();
            let (feed, work) = (&feed, &work);
            s.spawn(move |_| {
                while let Some((i, item)) = feed.take() {
                    if done.send((i, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done);
        // Files finished ahead of an earlier one wait here (at most the window's size).
        let mut waiting: BTreeMap<usize, Vec<T>> = BTreeMap::new();
        let mut first = 0;
        'run: loop {
            while let Some(entries) = waiting.remove(&first) {
                first += 1;
                if !entries.into_iter().all(&mut each) {
                    // The files under way are finished by the workers, and dropped.
                    feed.stop();
                    break 'run;
                }
                feed.handed_out();
            }
            // Work of its own while the window has room; otherwise (or once the walk is
            // over) wait for a worker's file.
            let (i, entries) = match results.try_recv() {
                Ok(finished) => finished,
                Err(_) => match feed.try_take() {
                    Some((i, item)) => (i, work(item)),
                    None => match results.recv() {
                        Ok(finished) => finished,
                        // Every worker is done, and so is the walk.
                        Err(_) => break 'run,
                    },
                },
            };
            waiting.insert(i, entries);
        }
        inputs.paths = first;
    });
    inputs
}

/// The rulesets of a run, ready for each record.
#[derive(Clone, Copy)]
enum Chosen<'a> {
    /// The same for every record.
    Fixed(&'a [Ruleset]),
    /// Some are the record's own: found for each record.
    PerRecord(&'a [RulesetChoice]),
}

/// The entries of one file: a report per game, or the error that stopped it.
fn compare_file(
    path: &Path,
    rulesets: Chosen<'_>,
    options: &Options,
    max_file_size: u64,
) -> Vec<GameEntry> {
    let name = path.display().to_string();
    let bytes = match read_file(path, max_file_size) {
        Ok(b) => b,
        Err(e) => {
            return vec![GameEntry::Error {
                source: name,
                game_index: None,
                error: e.to_string(),
            }]
        }
    };
    let error = |k: usize, error: String| GameEntry::Error {
        source: name.clone(),
        game_index: Some(k),
        error,
    };
    let compared = |g: &gorules_sgf::GameRecord| match rulesets {
        Chosen::Fixed(list) => compare_game(g, list, options).map_err(ChoiceError::Record),
        Chosen::PerRecord(choices) => compare_chosen(g, choices, options),
    };
    match parse_sgf_bytes_games(&bytes, Some(&name)) {
        // A game that cannot be read or replayed is an error in its place; the file's other
        // games are still compared.
        Ok(games) => games
            .into_iter()
            .enumerate()
            .map(
                |(k, g)| match g.map_err(ChoiceError::Record).and_then(|g| compared(&g)) {
                    Ok(r) => GameEntry::Report(Box::new(r)),
                    Err(e) => error(k, e.message(&bytes, &name, k)),
                },
            )
            .collect(),
        Err(e) => vec![GameEntry::Error {
            source: name,
            game_index: None,
            error: e.to_string(),
        }],
    }
}

/// The walk shared by the workers, with the reorder window.
struct Feed {
    state: Mutex<FeedState>,
    /// Signalled when a file is handed out (room in the window).
    room: Condvar,
    window: usize,
}

struct FeedState {
    walk: Walk,
    /// Items taken so far (the next item's index).
    taken: usize,
    /// Items taken and not yet handed out.
    in_flight: usize,
    /// Workers waiting for room in the window.
    sleeping: usize,
    /// The walk is over, or the caller stopped.
    over: bool,
}

impl Feed {
    /// The next item and its index, once the window has room; `None` when the walk is over.
    fn take(&self) -> Option<(usize, Result<PathBuf, InputError>)> {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while st.in_flight >= self.window && !st.over {
            st.sleeping += 1;
            st = self.room.wait(st).unwrap_or_else(|e| e.into_inner());
            st.sleeping -= 1;
        }
        self.next(&mut st)
    }

    /// The next item and its index if the window has room now; `None` when it is full or
    /// the walk is over.
    fn try_take(&self) -> Option<(usize, Result<PathBuf, InputError>)> {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if st.in_flight >= self.window {
            return None;
        }
        self.next(&mut st)
    }

    fn next(&self, st: &mut FeedState) -> Option<(usize, Result<PathBuf, InputError>)> {
        if st.over {
            return None;
        }
        match st.walk.next() {
            Some(item) => {
                let i = st.taken;
                st.taken += 1;
                st.in_flight += 1;
                Some((i, item))
            }
            None => {
                st.over = true;
                self.room.notify_all();
                None
            }
        }
    }

    /// No further item: the workers finish what they took and stop.
    fn stop(&self) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.over = true;
        self.room.notify_all();
    }

    /// One file's entries were handed out: room for another.
    fn handed_out(&self) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.in_flight -= 1;
        if st.sleeping > 0 {
            self.room.notify_one();
        }
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
    /// Games that ended in passes (those with uncertain dead stones included).
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
    /// The games by board size (`"size 9x9"`, in order of size) and by handicap (`"even"`,
    /// `"handicap"`: two stones or more), each with the pairs that differ there.
    pub groups: Vec<GroupSummary>,
    /// For each score, in column order, how often it gives the result the record states
    /// (`RE`) on the finished games whose `RE` is a counted result.
    pub record_agreement: Vec<RecordAgreement>,
}

/// How one score compares with the results the records state (`RE`), over the finished
/// games (dead stones sure) whose `RE` is a counted result (`B+3.5`, `W+0.5`, `0`) and that
/// the score scored: what GNU Go's `--score aftermath` tells of one ruleset, for each.
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

impl TallyRow {
    /// The row of `entry` for a tally with these `columns` ([`score_columns`]), and when
    /// `examples` is true, for each pair of columns whose winners differ, the game and the
    /// reasons ([`Tally::examples`] keeps the first few per pair).
    pub fn with_examples(columns: &[String], entry: &GameEntry, examples: bool) -> TallyRow {
        let GameEntry::Report(r) = entry else {
            return TallyRow::default();
        };
        let mut row = TallyRow {
            report: true,
            illegal: r.rulesets.iter().any(|rr| !rr.legal),
            finished: r.game.ended_by_passes,
            uncertain: r.game.dead_estimate.as_ref().is_some_and(|e| e.uncertain),
            cells: vec![None; columns.len()],
            changes: Vec::new(),
            groups: [
                format!("size {}", r.game.size),
                if r.game.handicap >= 2 {
                    "handicap"
                } else {
                    "even"
                }
                .to_string(),
            ],
            agreement: Vec::new(),
            differences: Vec::new(),
        };
        let mut scores: Vec<Option<&crate::replay::ScoreReport>> = vec![None; columns.len()];
        // The scores come in the columns' order: look at the column after the last one found
        // first.
        let mut next = 0;
        for (ruleset, counting, s) in r.score_parts() {
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
        let name = r.game.source.clone().unwrap_or_default();
        let game = if r.game.game_index > 0 {
            format!("{name} #{}", r.game.game_index + 1)
        } else {
            name
        };
        if row.finished && !row.uncertain {
            let re = r.game.result.as_deref();
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
                                recorded: r.game.result.clone().unwrap_or_default(),
                                scored: s.result.clone(),
                            },
                        ));
                    }
                }
            }
        }
        if examples && row.finished && !row.uncertain {
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
    uncertain: usize,
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
        if row.uncertain {
            self.uncertain += 1;
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
