//! A corpus run over files and directories (the `files` feature): every game of every SGF
//! file under the paths given, under every ruleset, handed out in input order; on several
//! threads with the `parallel` feature.

#[cfg(feature = "parallel")]
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
#[cfg(feature = "parallel")]
use std::sync::mpsc;
use std::sync::Arc;
#[cfg(feature = "parallel")]
use std::sync::{Condvar, Mutex};

use gorules_rules::Ruleset;
use gorules_sgf::parse_sgf_bytes_games;

use super::GameEntry;
#[cfg(feature = "parallel")]
use crate::files::Walk;
use crate::files::{read_walked_file, walk, InputError};
use crate::replay::Options;
use crate::report::compare_game;
use crate::rules_choice::{compare_chosen, ChoiceError, RulesetChoice};

/// The most threads a run takes (`--jobs`, and Python's `jobs=`): far more than the cores of
/// any machine it runs on, and few enough that starting them stays quick (thousands took a
/// minute to start for a run of a few files).
pub const MAX_JOBS: usize = 256;

/// The threads of a run: `asked`, or one per core when `None`. Refused with the reason when 0
/// or more than [`MAX_JOBS`].
/// Without the `parallel` feature a run has one thread, and `None` asks for one.
pub fn jobs(asked: Option<usize>) -> Result<usize, String> {
    #[cfg(feature = "parallel")]
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    #[cfg(not(feature = "parallel"))]
    let cores = 1;
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
/// files in order and never more than a reorder window ahead of the oldest file not yet handed
/// out (`REORDER_WINDOW_PER_JOB` files a job, and as many entries), so the entries waiting
/// for an earlier file stay few. The calling thread
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
    // The calling thread frees the reports it made that come back, for this run only.
    let _home = super::home_box::RunHome::begin();
    // Fixed rulesets only (the usual run): kept whole, not copied for each record.
    let fixed: Option<Vec<Arc<Ruleset>>> = rulesets
        .iter()
        .map(|c| match c {
            RulesetChoice::Fixed(r) => Some(Arc::clone(r)),
            _ => None,
        })
        .collect();
    let chosen = match &fixed {
        Some(list) => Chosen::Fixed(list),
        None => Chosen::PerRecord(rulesets),
    };
    let work = |item: Result<PathBuf, InputError>| -> Vec<T> {
        // What this thread made and others dropped since its last file (`HomeBox`).
        super::home_box::free_returned();
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
    // The calling thread is one of the `jobs` threads: it compares files too, and hands out
    // the entries whenever the next ones in order are ready. With one job it does it all.
    #[cfg(feature = "parallel")]
    let jobs = limits.jobs.max(1);
    #[cfg(feature = "parallel")]
    if jobs > 1 {
        if let Ok(pool) = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs - 1)
            .build()
        {
            return in_parallel(&pool, jobs, paths, &work, each);
        }
    }
    // One job, or no thread to be had.
    let mut inputs = Inputs::default();
    for item in walk(paths) {
        inputs.paths += 1;
        if !work(item).into_iter().all(&mut each) {
            break;
        }
    }
    inputs
}

/// [`compare_paths_map_while`] on `jobs` threads: `pool`'s `jobs - 1` workers and the calling
/// thread, which hands out the entries in order.
#[cfg(feature = "parallel")]
fn in_parallel<T: Send>(
    pool: &rayon::ThreadPool,
    jobs: usize,
    paths: &[PathBuf],
    work: &(dyn Fn(Result<PathBuf, InputError>) -> Vec<T> + Sync),
    mut each: impl FnMut(T) -> bool,
) -> Inputs {
    let mut inputs = Inputs::default();
    let feed = Feed {
        state: Mutex::new(FeedState {
            walk: walk(paths),
            taken: 0,
            in_flight: 0,
            entries: 0,
            sleeping: 0,
            over: false,
        }),
        room: Condvar::new(),
        window: REORDER_WINDOW_PER_JOB * jobs,
    };
    let (done, results) = mpsc::channel::<(usize, Vec<T>)>();
    pool.in_place_scope(|s| {
        for _ in 1..jobs {
            let done = done.clone();
            let feed = &feed;
            s.spawn(move |_| {
                while let Some((i, item)) = feed.take() {
                    let entries = work(item);
                    feed.finished(entries.len());
                    if done.send((i, entries)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done);
        // Files finished ahead of an earlier one wait here (within the window).
        let mut waiting: BTreeMap<usize, Vec<T>> = BTreeMap::new();
        let mut first = 0;
        'run: loop {
            while let Some(entries) = waiting.remove(&first) {
                first += 1;
                let n = entries.len();
                if !entries.into_iter().all(&mut each) {
                    // The files under way are finished by the workers, and dropped.
                    feed.stop();
                    break 'run;
                }
                feed.handed_out(n);
            }
            // Work of its own while the window has room; otherwise (or once the walk is
            // over) wait for a worker's file.
            let (i, entries) = match results.try_recv() {
                Ok(finished) => finished,
                Err(_) => match feed.try_take() {
                    Some((i, item)) => {
                        let entries = work(item);
                        feed.finished(entries.len());
                        (i, entries)
                    }
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
    Fixed(&'a [Arc<Ruleset>]),
    /// Some are the record's own: found for each record.
    PerRecord(&'a [RulesetChoice]),
}

/// The entries of one file the walk yielded: a report per game, or the error that stopped it.
fn compare_file(
    path: &Path,
    rulesets: Chosen<'_>,
    options: &Options,
    max_file_size: u64,
) -> Vec<GameEntry> {
    let name = path.display().to_string();
    let bytes = match read_walked_file(path, max_file_size) {
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
#[cfg(feature = "parallel")]
struct Feed {
    state: Mutex<FeedState>,
    /// Signalled when a file is handed out (room in the window).
    room: Condvar,
    /// At most this many files under way or waiting to be handed out, and this many entries
    /// of finished files waiting.
    window: usize,
}

/// The reorder window of a run on several threads, per job: the threads take files ahead of
/// the oldest one whose entries are not yet handed out, but never more than this many files a
/// job under way or waiting, nor, once finished files wait with this many entries a job, any
/// more (a file of many games counts each). The calling thread hands out the entries, and
/// writes them, in bursts (a Parquet batch of a few hundred records is encoded at once): the
/// window must hold the files the other threads finish meanwhile, or they wait. 64 a job keeps
/// two threads busy 97% of the time on a Parquet run, where 4 a job kept them 93%; the
/// entries held are a few megabytes.
#[cfg(feature = "parallel")]
pub const REORDER_WINDOW_PER_JOB: usize = 64;

#[cfg(feature = "parallel")]
struct FeedState {
    walk: Walk,
    /// Items taken so far (the next item's index).
    taken: usize,
    /// Items taken and not yet handed out.
    in_flight: usize,
    /// Entries of finished items not yet handed out.
    entries: usize,
    /// Workers waiting for room in the window.
    sleeping: usize,
    /// The walk is over, or the caller stopped.
    over: bool,
}

#[cfg(feature = "parallel")]
impl Feed {
    /// The next item and its index, once the window has room; `None` when the walk is over.
    fn take(&self) -> Option<(usize, Result<PathBuf, InputError>)> {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while self.full(&st) && !st.over {
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
        if self.full(&st) {
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

    /// Whether the window has no room: as many files under way or waiting as it holds, or
    /// as many entries waiting. (The file the calling thread waits for is under way, never
    /// kept from starting: files are taken in order.)
    fn full(&self, st: &FeedState) -> bool {
        st.in_flight >= self.window || st.entries >= self.window
    }

    /// A file was finished with `entries` entries, which wait to be handed out.
    fn finished(&self, entries: usize) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.entries += entries;
    }

    /// One file's `entries` entries were handed out: room for another.
    fn handed_out(&self, entries: usize) {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        st.in_flight -= 1;
        st.entries -= entries;
        if st.sleeping > 0 {
            self.room.notify_one();
        }
    }
}
