//! A fuzzing run: many random games in parallel, the claim evaluated on each, the first
//! failures shrunk, written as SGF, read back and re-checked.
//!
//! Game `i` is generated from a seed derived from the run seed and `i` alone
//! ([`crate::rng::game_seed`]), games are split into fixed chunks, and the counterexamples
//! reported are those of the smallest game indices: the result does not depend on the number
//! of threads. A run may test a range of games (`first_game..first_game + games`): runs of
//! consecutive ranges test exactly the games of one run over them all, and their first failures
//! in game order are that run's.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use gorules_board::coords::gtp_move;
use gorules_rules::{format_points, Ruleset};
use gorules_sgf::{parse_sgf, to_sgf};
use rayon::prelude::*;
use serde::Serialize;

use crate::claim::Claim;
use crate::eval::{evaluate_games, evaluate_in, evaluate_record, playout_record, Evaluation, Skip};
use crate::expr::{ScoreValue, Value, Witness};
use crate::game::FuzzGame;
use crate::generate::{generate, GenOptions, Generator};
use crate::rng::game_seed;
use crate::shrink::shrink;

/// Games per chunk of work.
const CHUNK: u64 = 256;

/// How to run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Number of games.
    pub games: u64,
    /// The index of the first game: the run tests games `first_game..first_game + games` of
    /// the seed (as many as there are indices, `u64::MAX` the last).
    pub first_game: u64,
    /// The run seed.
    pub seed: u64,
    /// What games to generate.
    pub gen: GenOptions,
    /// Threads (at least 1).
    pub jobs: usize,
    /// How many failing games (the first ones) to shrink, write and re-check.
    pub max_counterexamples: usize,
    /// Whether to shrink them.
    pub shrink: bool,
    /// Where to write their SGF files (`None`: not written, re-checked from the SGF text).
    pub out_dir: Option<PathBuf>,
}

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            games: 10_000,
            first_game: 0,
            seed: 0,
            gen: GenOptions::default(),
            jobs: 1,
            max_counterexamples: 3,
            shrink: true,
            out_dir: None,
        }
    }
}

/// One side of a failed comparison, for reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    /// The sub-expression.
    pub expr: String,
    /// Its value: a number, or `black`/`white`/`draw`, or `true`/`false`.
    pub value: serde_json::Value,
}

fn json_value(v: &Value) -> serde_json::Value {
    match v {
        Value::Num(x) => serde_json::json!(x),
        Value::Bool(b) => serde_json::json!(b),
        w @ Value::Winner(_) => serde_json::json!(w.to_string()),
    }
}

/// A score the claim reads, for reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoreLine {
    /// `ruleset:counting[:playout]`.
    pub score: String,
    /// Black's total.
    pub black: f64,
    /// White's total.
    pub white: f64,
    /// The margin.
    pub margin: f64,
    /// SGF-style result.
    pub result: String,
}

/// A shrunk, written and re-checked counterexample.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counterexample {
    /// Index of the game in the run (for the seed, whatever the run's first game).
    pub game: u64,
    /// The game's own seed.
    pub game_seed: u64,
    /// The SGF file, if written.
    pub sgf: Option<PathBuf>,
    /// The SGF text.
    #[serde(skip)]
    pub sgf_text: String,
    /// The failed part of the claim.
    pub failed: String,
    /// Its left side and value.
    pub left: SideReport,
    /// Its right side and value (absent when the failed part is not a comparison).
    pub right: Option<SideReport>,
    /// Every score the claim reads.
    pub scores: Vec<ScoreLine>,
    /// Board size, `5x5`.
    pub size: String,
    /// Moves in the shrunk game, passes included.
    pub moves: usize,
    /// Moves in the game as generated.
    pub original_moves: usize,
    /// Board size as generated.
    pub original_size: String,
    /// Whether replaying the SGF (read back from its text) gave the same failure.
    pub rechecked: bool,
    /// What the re-check found, if it did not confirm the failure.
    pub recheck_error: Option<String>,
    /// The shrunk game.
    #[serde(skip)]
    pub fuzz_game: FuzzGame,
}

/// What a run found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunReport {
    /// The claim text.
    pub claim: String,
    /// Its name, if it is a named claim.
    pub name: Option<String>,
    /// Games generated: every one of [`RunOptions::games`], unless a deadline stopped the run
    /// first ([`run_until`]).
    pub games: u64,
    /// The index of the first one ([`RunOptions::first_game`]).
    pub first_game: u64,
    /// The run seed.
    pub seed: u64,
    /// Board sizes.
    pub sizes: Vec<u32>,
    /// Whether the claim held in every game that says something about it.
    pub holds: bool,
    /// Games in which it failed.
    pub failures: u64,
    /// Games that say nothing about the claim, by reason.
    pub skipped: BTreeMap<String, u64>,
    /// Games that test the claim and had agreed-dead stones (for play-out claims, the games
    /// in which play actually captured something).
    pub tested_with_dead_stones: u64,
    /// The first failures, shrunk.
    pub counterexamples: Vec<Counterexample>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

impl RunReport {
    /// Games skipped, all reasons together.
    pub fn skipped_total(&self) -> u64 {
        self.skipped.values().sum()
    }
}

#[derive(Default)]
struct ChunkResult {
    played: u64,
    failures: u64,
    first_failures: Vec<u64>,
    skipped: BTreeMap<String, u64>,
    with_dead: u64,
}

impl ChunkResult {
    fn merge(mut self, other: ChunkResult, keep: usize) -> ChunkResult {
        self.played += other.played;
        self.failures += other.failures;
        self.with_dead += other.with_dead;
        self.first_failures.extend(other.first_failures);
        self.first_failures.sort_unstable();
        self.first_failures.truncate(keep);
        for (k, v) in other.skipped {
            *self.skipped.entry(k).or_insert(0) += v;
        }
        self
    }
}

/// Generates game `index` of a run and evaluates the claim on it.
pub fn run_one(
    claim: &Claim,
    gen: &GenOptions,
    legality: &Arc<Ruleset>,
    run_seed: u64,
    index: u64,
) -> (FuzzGame, Result<Evaluation, Skip>) {
    let (game, driver) = generate(gen, game_seed(run_seed, index), claim.rulesets(), legality);
    let e = evaluate_games(claim, &game, driver);
    (game, e)
}

/// Runs the claim on `opts.games` random games. `progress` is called with the number of games
/// just finished (from any thread).
pub fn run(claim: &Claim, opts: &RunOptions, progress: &(dyn Fn(u64) + Sync)) -> RunReport {
    run_until(claim, opts, None, progress)
}

/// [`run`], stopping at `deadline` (`None`: none): a chunk of games not begun by then is not
/// played, and the report holds the games played ([`RunReport::games`], fewer than
/// `opts.games` when the deadline came first) and the counterexamples among them, shrunk as
/// usual. Which games are played then depends on the time each took; each is still game `i`
/// of the run's seed, as [`run`] plays it.
pub fn run_until(
    claim: &Claim,
    opts: &RunOptions,
    deadline: Option<Instant>,
    progress: &(dyn Fn(u64) + Sync),
) -> RunReport {
    let start = Instant::now();
    let mut opts = opts.clone();
    if claim.needs_playout() {
        opts.gen.plausible_dead = opts.gen.plausible_dead.max(900);
    }
    let opts = &opts;
    let legality = Arc::new(opts.gen.legality.ruleset());
    let keep = opts.max_counterexamples;
    let first = opts.first_game;
    let games = opts.games.min(u64::MAX - first);
    let chunks = games.div_ceil(CHUNK);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.jobs.max(1))
        .build()
        .expect("a thread pool");
    let total = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map(|k| {
                let mut r = ChunkResult::default();
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    return r;
                }
                let start = first + k * CHUNK;
                let end = start + CHUNK.min(games - k * CHUNK);
                r.played = end - start;
                // One generator per chunk: its buffers serve every game of the chunk.
                let mut generator = Generator::new(claim.rulesets(), &legality);
                for i in start..end {
                    let (game, driver) = generator.generate(&opts.gen, game_seed(opts.seed, i));
                    let e = evaluate_in(claim, &game, driver);
                    if !game.dead.is_empty() && e.is_ok() {
                        r.with_dead += 1;
                    }
                    match e {
                        Ok(ev) if ev.holds() => {}
                        Ok(_) => {
                            r.failures += 1;
                            if r.first_failures.len() < keep {
                                r.first_failures.push(i);
                            }
                        }
                        Err(skip) => *r.skipped.entry(skip.to_string()).or_insert(0) += 1,
                    }
                }
                progress(end - start);
                r
            })
            .reduce(ChunkResult::default, |a, b| a.merge(b, keep))
    });
    let counterexamples: Vec<Counterexample> = pool.install(|| {
        total
            .first_failures
            .par_iter()
            .map(|&i| counterexample(claim, opts, &legality, i))
            .collect()
    });
    RunReport {
        claim: claim.text().to_string(),
        name: claim.named_claim().map(|n| n.name.to_string()),
        games: total.played,
        first_game: first,
        seed: opts.seed,
        sizes: opts.gen.sizes.clone(),
        holds: total.failures == 0,
        failures: total.failures,
        skipped: total.skipped,
        tested_with_dead_stones: total.with_dead,
        counterexamples,
        seconds: start.elapsed().as_secs_f64(),
    }
}

fn score_lines(claim: &Claim, scores: &[ScoreValue]) -> Vec<ScoreLine> {
    claim
        .expr()
        .scores()
        .iter()
        .zip(scores)
        .map(|(r, v)| ScoreLine {
            score: r.to_string(),
            black: v.black,
            white: v.white,
            margin: v.margin,
            result: v.result(),
        })
        .collect()
}

fn witness_sides(w: &Witness) -> (SideReport, Option<SideReport>) {
    let side = |s: &crate::expr::Side| SideReport {
        expr: s.text.clone(),
        value: json_value(&s.value),
    };
    (side(&w.left), w.right.as_ref().map(side))
}

/// Regenerates failing game `index`, shrinks it, writes it and re-checks it.
fn counterexample(
    claim: &Claim,
    opts: &RunOptions,
    legality: &Arc<Ruleset>,
    index: u64,
) -> Counterexample {
    let seed = game_seed(opts.seed, index);
    let (game, eval) = run_one(claim, &opts.gen, legality, opts.seed, index);
    let eval = eval.expect("the game failed in the run");
    let (original_moves, original_size) = (game.moves.len(), game.size.to_string());
    let (game, eval) = if opts.shrink {
        let s = shrink(claim, legality, game, eval);
        (s.game, s.evaluation)
    } else {
        (game, eval)
    };
    let witness = eval.verdict.clone().expect_err("a failing game");
    let comment = comment(
        claim,
        &game,
        &eval,
        &witness,
        opts.seed,
        index,
        seed,
        original_moves,
    );
    let mut rec = game.to_record();
    rec.comment = Some(comment);
    rec.game_name = Some(format!("counterexample to {}", claim.slug()));
    rec.result = None;
    let text = to_sgf(&rec);
    let mut sgf = None;
    let mut write_error = None;
    if let Some(dir) = &opts.out_dir {
        let path = dir.join(format!(
            "{}-seed{}-game{}.sgf",
            claim.slug(),
            opts.seed,
            index
        ));
        match std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, &text)) {
            Ok(()) => sgf = Some(path),
            Err(e) => write_error = Some(format!("cannot write {}: {e}", path.display())),
        }
    }
    let recheck = match &sgf {
        Some(path) => recheck_file(claim, path),
        None => recheck_text(claim, &text, "counterexample.sgf"),
    };
    let recheck_error = match (&write_error, &recheck) {
        (Some(e), _) => Some(e.clone()),
        (None, Ok(e2)) if e2.scores != eval.scores || e2.verdict != eval.verdict => Some(format!(
            "replaying the SGF gave other values: {}",
            match &e2.verdict {
                Ok(()) => "the claim holds".to_string(),
                Err(w) => w.to_string(),
            }
        )),
        (None, Ok(_)) => None,
        (None, Err(e)) => Some(e.clone()),
    };
    let (left, right) = witness_sides(&witness);
    Counterexample {
        game: index,
        game_seed: seed,
        sgf,
        sgf_text: text,
        failed: witness.text.clone(),
        left,
        right,
        scores: score_lines(claim, &eval.scores),
        size: game.size.to_string(),
        moves: game.moves.len(),
        original_moves,
        original_size,
        rechecked: recheck_error.is_none(),
        recheck_error,
        fuzz_game: game,
    }
}

/// Reads an SGF file back and evaluates the claim on it by replaying it.
pub fn recheck_file(claim: &Claim, path: &Path) -> Result<Evaluation, String> {
    let bytes =
        gorules_compare::files::read_file(path, gorules_compare::files::DEFAULT_MAX_FILE_SIZE)
            .map_err(|e| e.to_string())?;
    recheck_text(
        claim,
        &gorules_sgf::sgf_text(&bytes),
        &path.display().to_string(),
    )
}

/// Parses SGF text and evaluates the claim on its (first) game by replaying it.
pub fn recheck_text(claim: &Claim, text: &str, name: &str) -> Result<Evaluation, String> {
    let games = parse_sgf(text, Some(name)).map_err(|e| e.to_string())?;
    let rec = games.first().ok_or("the SGF holds no game")?;
    evaluate_record(claim, rec)
}

#[allow(clippy::too_many_arguments)]
fn comment(
    claim: &Claim,
    game: &FuzzGame,
    eval: &Evaluation,
    witness: &Witness,
    run_seed: u64,
    index: u64,
    seed: u64,
    original_moves: usize,
) -> String {
    let mut c = String::new();
    c.push_str("gorules fuzz counterexample\n");
    match claim.named_claim() {
        Some(n) => c.push_str(&format!("claim: {} ({})\n", claim.text(), n.name)),
        None => c.push_str(&format!("claim: {}\n", claim.text())),
    }
    c.push_str(&format!("fails: {witness}\n"));
    for l in score_lines(claim, &eval.scores) {
        c.push_str(&format!(
            "{}: Black {} White {} margin {} ({})\n",
            l.score,
            format_points(l.black),
            format_points(l.white),
            format_points(l.margin),
            l.result
        ));
    }
    c.push_str(&format!(
        "seed: run {run_seed}, game {index}, game seed {seed}; shrunk from {original_moves} to {} moves\n",
        game.moves.len()
    ));
    if game.dead.is_empty() {
        c.push_str("agreed dead: none\n");
    } else {
        let dead: Vec<String> = game
            .dead
            .iter()
            .map(|&p| gorules_board::coords::gtp_point(p, game.size))
            .collect();
        c.push_str(&format!(
            "agreed dead (TB/TW markup in the last node): {}\n",
            dead.join(" ")
        ));
    }
    for (r, i) in claim.scores() {
        if !r.playout {
            continue;
        }
        let rs = &claim.rulesets()[i];
        if let Ok(rec) = playout_record(rs, game) {
            let cont: Vec<String> = rec.moves[game.moves.len()..]
                .iter()
                .map(|m| format!("{} {}", m.color.letter(), gtp_move(m.mv, game.size)))
                .collect();
            c.push_str(&format!(
                "play-out under {} (after the record): {}\n",
                rs.id,
                cont.join(", ")
            ));
        }
    }
    c
}
