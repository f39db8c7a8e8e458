//! How often the estimate names the same dead stones as GNU Go, and whether it says so when it
//! does not: on GNU Go self-play games that ended in two passes, or on game records. A
//! measurement, not a test: it prints figures (a row of the calibration table of
//! docs/dead-stones.md per threshold).
//!
//! ```sh
//! # GNU Go self-play: board size, levels, seeds (first-last), where the games are kept.
//! cargo run --release -p gorules-life --example gnugo_agreement -- \
//!     selfplay --size 9 --levels 1,5,10 --seeds 1001-1080 --cache /tmp/agree
//! # Records that ended in two passes (SGF files, or folders of them; the 19x19 ones).
//! cargo run --release -p gorules-life --example gnugo_agreement -- \
//!     records --size 19 --cache /tmp/agree PATH...
//! ```
//!
//! Options: `--thresholds 0.6,0.8,...` (a row for each; default the library's),
//! `--playouts N` (default the library's), `--out DIR` (each game whose dead stones differ
//! from GNU Go's, or that has an uncertain chain, written as SGF with both answers in its
//! comment, to look at by hand), `--play-only` (play and keep the games, estimate nothing),
//! `--cached` (only the games already in the cache: GNU Go is not started), `--list` (a line
//! for every game that differs or is flagged), `--histogram` (the estimated chains by the
//! fraction of play-outs behind their best answer, and how many of them agree with GNU Go),
//! `--repeat N` (each game estimated N times, its time the fastest: on a noisy machine, the
//! game's own cost), `--slowest K` (the K slowest games and their times),
//! `--half even|odd` (records: one half of the games, chosen by a hash of their setup and
//! moves, so that one game kept under two file names lands in the same half; for calibrating
//! on one half and checking on the other).
//!
//! GNU Go is `/usr/games/gnugo` (Debian's package `gnugo`, version 3.8). Self-play: a game of
//! level `L` and seed `S` is played with `level L` and `set_random_seed S`, komi 6.5, until two
//! passes (a resignation or a game over three times the board's area in moves is left out);
//! the dead stones are GNU Go's `final_status_list dead` at its default level (10) on the
//! final position. Records: the setup and moves are replayed into GNU Go (default level) and
//! it is asked the same. Games and answers are kept in the cache folder
//! (`NxN-levelL-seedS.txt`: the moves on one line, GNU Go's dead stones on the next;
//! `record-NAME-K.txt`: the dead stones), so a second run measures the estimate alone.
//!
//! A chain *agrees* when its best answer ([`gorules_life::ChainLife::is_dead`]) is GNU Go's; it
//! is *sure* when it is not uncertain (certain chains included). A game *differs* when the
//! estimate's dead stones are not GNU Go's, and is *flagged* when some chain is uncertain.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use gorules_board::coords::{gtp_move, gtp_point, parse_gtp_move, parse_gtp_point, sgf_move};
use gorules_board::{Board, Color, Move, Point, Size};
use gorules_life::{estimate, Engine, Estimate, Life, Options};
use gorules_sgf::parse_sgf_bytes;

const GNUGO: &str = "/usr/games/gnugo --mode gtp";
const KOMI: f64 = 6.5;

/// A game's moves, in order.
type Moves = Vec<(Color, Move)>;

/// One final position to judge, with GNU Go's dead stones.
struct Game {
    /// For messages and file names: `19x19-level5-seed1001`, `record-NAME-0`.
    name: String,
    size: Size,
    setup: Vec<(Color, Point)>,
    moves: Moves,
    komi: f64,
    gnugo_dead: Vec<Point>,
}

impl Game {
    fn final_board(&self) -> Option<Board> {
        let mut board = Board::with_stones(self.size, self.setup.iter().copied()).ok()?;
        for &(c, mv) in &self.moves {
            if let Move::Play(p) = mv {
                board.play(c, p).ok()?;
            }
        }
        Some(board)
    }

    /// 0 or 1 by an FNV-1a hash of the setup and the moves: the half of `--half`, the same
    /// for every copy of one game whatever its file.
    fn half(&self) -> usize {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let setup = self.setup.iter().map(|&(c, p)| (c, Move::Play(p)));
        for (c, mv) in setup.chain(self.moves.iter().copied()) {
            for b in format!("{c:?}{};", sgf_move(mv)).bytes() {
                h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        (h >> 32) as usize % 2
    }

    fn next_to_move(&self) -> Color {
        self.moves
            .last()
            .map_or(Color::Black, |&(c, _)| c.opponent())
    }
}

struct Args {
    mode: String,
    size: Size,
    levels: Vec<u32>,
    seeds: (u64, u64),
    cache: PathBuf,
    out: Option<PathBuf>,
    thresholds: Vec<f64>,
    playouts: u32,
    play_only: bool,
    cached: bool,
    list: bool,
    histogram: bool,
    half: Option<usize>,
    repeat: u32,
    slowest: usize,
    paths: Vec<PathBuf>,
}

fn usage(problem: &str) -> ! {
    eprintln!("gnugo_agreement: {problem}");
    eprintln!(
        "usage: gnugo_agreement selfplay --size N --levels 1,5 --seeds A-B --cache DIR [options]\n       gnugo_agreement records --size N --cache DIR [options] PATH...\noptions: --thresholds T,T --playouts N --out DIR --play-only --cached --list --histogram --repeat N --slowest K --half even|odd"
    );
    std::process::exit(2)
}

fn parse_args() -> Args {
    let mut it = std::env::args().skip(1);
    let mode = it.next().unwrap_or_default();
    if mode != "selfplay" && mode != "records" {
        usage("the first argument is `selfplay` or `records`");
    }
    let defaults = Options::default();
    let mut args = Args {
        mode,
        size: Size::square(19).expect("19x19"),
        levels: vec![1],
        seeds: (1, 1),
        cache: PathBuf::new(),
        out: None,
        thresholds: vec![defaults.threshold],
        playouts: defaults.playouts,
        play_only: false,
        cached: false,
        list: false,
        histogram: false,
        half: None,
        repeat: 1,
        slowest: 0,
        paths: Vec::new(),
    };
    let number = |v: Option<String>, what: &str| -> String {
        v.unwrap_or_else(|| usage(&format!("{what} needs a value")))
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--size" => {
                let n = number(it.next(), "--size").parse().unwrap_or(0);
                args.size = Size::square(n).unwrap_or_else(|_| usage("--size: 1 to 25"));
            }
            "--levels" => {
                args.levels = number(it.next(), "--levels")
                    .split(',')
                    .map(|l| l.parse().unwrap_or_else(|_| usage("--levels: 1,5,10")))
                    .collect();
            }
            "--seeds" => {
                let v = number(it.next(), "--seeds");
                let (a, b) = v.split_once('-').unwrap_or((&v, &v));
                let parse = |s: &str| s.parse().unwrap_or_else(|_| usage("--seeds: A-B"));
                args.seeds = (parse(a), parse(b));
            }
            "--cache" => args.cache = PathBuf::from(number(it.next(), "--cache")),
            "--out" => args.out = Some(PathBuf::from(number(it.next(), "--out"))),
            "--thresholds" => {
                args.thresholds = number(it.next(), "--thresholds")
                    .split(',')
                    .map(|t| t.parse().unwrap_or_else(|_| usage("--thresholds: 0.6,0.8")))
                    .collect();
            }
            "--playouts" => {
                args.playouts = number(it.next(), "--playouts")
                    .parse()
                    .unwrap_or_else(|_| usage("--playouts: a number"));
            }
            "--repeat" => {
                args.repeat = number(it.next(), "--repeat")
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| usage("--repeat: a number from 1"));
            }
            "--slowest" => {
                args.slowest = number(it.next(), "--slowest")
                    .parse()
                    .unwrap_or_else(|_| usage("--slowest: a number"));
            }
            "--play-only" => args.play_only = true,
            "--cached" => args.cached = true,
            "--list" => args.list = true,
            "--histogram" => args.histogram = true,
            "--half" => {
                args.half = match number(it.next(), "--half").as_str() {
                    "even" => Some(0),
                    "odd" => Some(1),
                    _ => usage("--half: even or odd"),
                }
            }
            s if s.starts_with("--") => usage(&format!("unknown option {s}")),
            path => args.paths.push(PathBuf::from(path)),
        }
    }
    if args.cache.as_os_str().is_empty() {
        usage("--cache DIR is needed");
    }
    args
}

/// One self-play game, or `None` when it did not end in two passes.
fn self_play(engine: &mut Engine, size: Size, level: u32, seed: u64) -> Option<Moves> {
    engine.send(&format!("level {level}")).ok()?;
    engine.send(&format!("set_random_seed {seed}")).ok()?;
    engine.send(&format!("boardsize {}", size.width())).ok()?;
    engine.send("clear_board").ok()?;
    engine.send(&format!("komi {KOMI}")).ok()?;
    let mut moves = Vec::new();
    let mut color = Color::Black;
    for _ in 0..3 * size.area() {
        let name = if color == Color::Black {
            "black"
        } else {
            "white"
        };
        let answer = engine.send(&format!("genmove {name}")).ok()?;
        if answer.eq_ignore_ascii_case("resign") {
            return None;
        }
        let mv = parse_gtp_move(&answer, size).ok()?;
        moves.push((color, mv));
        let n = moves.len();
        if n >= 2 && moves[n - 1].1 == Move::Pass && moves[n - 2].1 == Move::Pass {
            return Some(moves);
        }
        color = color.opponent();
    }
    None
}

fn parse_points(line: &str, size: Size) -> Vec<Point> {
    let mut v: Vec<Point> = line
        .split_whitespace()
        .map(|w| parse_gtp_point(w, size).expect("a point in the cache"))
        .collect();
    v.sort_by_key(|p| (p.y, p.x));
    v
}

fn gtp_list(points: &[Point], size: Size) -> String {
    points
        .iter()
        .map(|&p| gtp_point(p, size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// GNU Go, started when first needed; `None` when only cached games are wanted.
struct Gnugo(Option<Engine>, bool);

impl Gnugo {
    fn get(&mut self) -> Option<&mut Engine> {
        if self.1 {
            return None;
        }
        Some(self.0.get_or_insert_with(|| {
            Engine::start(GNUGO, Duration::from_secs(600)).expect("GNU Go starts")
        }))
    }
}

/// The self-play game of `level` and `seed`, from the cache, else played now and cached.
fn self_play_game(
    gnugo: &mut Gnugo,
    size: Size,
    level: u32,
    seed: u64,
    cache: &Path,
) -> Option<Game> {
    let n = size.width();
    let name = format!("{n}x{n}-level{level}-seed{seed}");
    let file = cache.join(format!("{name}.txt"));
    let (moves, gnugo_dead) = if let Ok(text) = std::fs::read_to_string(&file) {
        let mut lines = text.lines();
        let moves_line = lines.next()?;
        if moves_line == "none" {
            return None;
        }
        let mut color = Color::Black;
        let mut moves = Vec::new();
        for w in moves_line.split_whitespace() {
            moves.push((color, parse_gtp_move(w, size).expect("a move in the cache")));
            color = color.opponent();
        }
        (moves, parse_points(lines.next().unwrap_or(""), size))
    } else {
        let engine = gnugo.get()?;
        let played = self_play(engine, size, level, seed).map(|moves| {
            engine.send("level 10").expect("GNU Go sets its level");
            let answer = engine
                .send("final_status_list dead")
                .expect("GNU Go answers final_status_list");
            (moves, parse_points(&answer, size))
        });
        std::fs::create_dir_all(cache).expect("the cache folder");
        let text = match &played {
            None => "none\n".to_string(),
            Some((moves, dead)) => format!(
                "{}\n{}\n",
                moves
                    .iter()
                    .map(|&(_, mv)| gtp_move(mv, size))
                    .collect::<Vec<_>>()
                    .join(" "),
                gtp_list(dead, size)
            ),
        };
        std::fs::write(&file, text).expect("the cache written");
        played?
    };
    Some(Game {
        name,
        size,
        setup: Vec::new(),
        moves,
        komi: KOMI,
        gnugo_dead,
    })
}

/// The SGF files under `path` (itself if a file), sorted by name.
fn sgf_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .expect("a readable folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for e in entries {
            sgf_files(&e, out);
        }
    } else if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
    {
        out.push(path.to_path_buf());
    }
}

/// The games of the records under `paths` that have board size `size` and ended in two
/// passes, with GNU Go's dead stones (from the cache, else asked now and cached).
fn record_games(gnugo: &mut Gnugo, paths: &[PathBuf], size: Size, cache: &Path) -> Vec<Game> {
    let mut files = Vec::new();
    for p in paths {
        sgf_files(p, &mut files);
    }
    let mut games = Vec::new();
    for file in files {
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Ok(records) = parse_sgf_bytes(&bytes, Some(&stem)) else {
            continue;
        };
        for (k, r) in records.iter().enumerate() {
            if r.size != size || !r.ended_by_two_passes() {
                continue;
            }
            let name = format!("record-{stem}-{k}");
            let moves: Moves = r.moves.iter().map(|m| (m.color, m.mv)).collect();
            let komi = r.komi.map_or(KOMI, f64::from);
            let file = cache.join(format!("{name}.txt"));
            let dead = match std::fs::read_to_string(&file) {
                Ok(text) if text.trim() == "error" => continue,
                Ok(text) => parse_points(text.lines().next().unwrap_or(""), size),
                Err(_) => {
                    let Some(engine) = gnugo.get() else { continue };
                    let answer = engine.dead_stones(size, komi, &r.setup, &moves);
                    std::fs::create_dir_all(cache).expect("the cache folder");
                    let text = match &answer {
                        Ok(dead) => format!("{}\n", gtp_list(dead, size)),
                        Err(_) => "error\n".to_string(),
                    };
                    std::fs::write(&file, text).expect("the cache written");
                    match answer {
                        Ok(dead) => dead,
                        Err(e) => {
                            eprintln!("{name}: GNU Go: {e}");
                            // A failed engine is replaced for the next record.
                            gnugo.0 = None;
                            continue;
                        }
                    }
                }
            };
            games.push(Game {
                name,
                size,
                setup: r.setup.clone(),
                moves,
                komi,
                gnugo_dead: dead,
            });
        }
    }
    games
}

/// The counts of one row of the calibration table.
#[derive(Default)]
struct Tally {
    games: usize,
    chains: usize,
    sure: usize,
    sure_agree: usize,
    estimated: usize,
    estimated_sure: usize,
    estimated_sure_agree: usize,
    differ: usize,
    differ_flagged: usize,
    flagged: usize,
    times: Vec<Duration>,
    /// Estimated chains by the fraction of play-outs behind their best answer: chains, and
    /// how many of them agree with GNU Go, per bin of [`BINS`].
    bins: [(usize, usize); BINS.len()],
}

/// The lower ends of the bins of `--histogram`.
const BINS: [f64; 10] = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98, 0.99, 1.0];

fn tally_game(t: &mut Tally, game: &Game, e: &Estimate) -> (bool, bool) {
    t.games += 1;
    for c in &e.chains {
        let theirs = game
            .gnugo_dead
            .binary_search_by_key(&(c.stones[0].y, c.stones[0].x), |p| (p.y, p.x))
            .is_ok();
        let agree = c.is_dead() == theirs;
        let sure = c.life != Life::Uncertain;
        t.chains += 1;
        t.sure += usize::from(sure);
        t.sure_agree += usize::from(sure && agree);
        if !c.certain {
            let majority = c.dead_fraction.max(1.0 - c.dead_fraction);
            let bin = BINS.iter().rposition(|&b| majority >= b).unwrap_or(0);
            t.bins[bin].0 += 1;
            t.bins[bin].1 += usize::from(agree);
            t.estimated += 1;
            t.estimated_sure += usize::from(sure);
            t.estimated_sure_agree += usize::from(sure && agree);
        }
    }
    let differs = e.dead_stones() != game.gnugo_dead;
    let flagged = !e.is_decided();
    t.differ += usize::from(differs);
    t.differ_flagged += usize::from(differs && flagged);
    t.flagged += usize::from(flagged);
    (differs, flagged)
}

fn write_sgf(dir: &Path, game: &Game, e: &Estimate) {
    let n = game.size.width();
    let size = game.size;
    std::fs::create_dir_all(dir).expect("the output folder");
    let mut sgf = format!(
        "(;GM[1]FF[4]SZ[{n}]KM[{}]C[{}. GNU Go final_status_list dead: {}. Estimate dead: {}. Uncertain: {}.]",
        game.komi,
        game.name,
        gtp_list(&game.gnugo_dead, size),
        gtp_list(&e.dead_stones(), size),
        gtp_list(&e.uncertain_stones(), size)
    );
    for (tag, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let stones: Vec<String> = game
            .setup
            .iter()
            .filter(|&&(c, _)| c == color)
            .map(|&(_, p)| format!("[{}]", sgf_move(Move::Play(p))))
            .collect();
        if !stones.is_empty() {
            sgf.push_str(tag);
            sgf.push_str(&stones.concat());
        }
    }
    for &(c, mv) in &game.moves {
        let tag = if c == Color::Black { 'B' } else { 'W' };
        sgf.push_str(&format!(";{tag}[{}]", sgf_move(mv)));
    }
    sgf.push_str(")\n");
    std::fs::write(dir.join(format!("{}.sgf", game.name)), sgf).expect("written");
}

fn percent(a: usize, b: usize) -> String {
    if b == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * a as f64 / b as f64)
    }
}

fn main() {
    let args = parse_args();
    let mut gnugo = Gnugo(None, args.cached);
    let n = args.size.width();
    let games: Vec<Game> = if args.mode == "selfplay" {
        let mut games = Vec::new();
        for seed in args.seeds.0..=args.seeds.1 {
            for &level in &args.levels {
                match self_play_game(&mut gnugo, args.size, level, seed, &args.cache) {
                    Some(g) => games.push(g),
                    None if args.cached => {}
                    None => eprintln!(
                        "{n}x{n}-level{level}-seed{seed}: did not end in two passes, left out"
                    ),
                }
            }
        }
        games
    } else {
        let all = record_games(&mut gnugo, &args.paths, args.size, &args.cache);
        all.into_iter()
            .filter(|g| args.half.is_none_or(|h| g.half() == h))
            .collect()
    };
    drop(gnugo);
    if args.play_only {
        println!("{} games kept in {}", games.len(), args.cache.display());
        return;
    }
    let boards: Vec<Board> = games
        .iter()
        .map(|g| g.final_board().expect("a record GNU Go accepted replays"))
        .collect();
    println!(
        "| board | threshold | play-outs | games | chains | sure | sure, agreeing with GNU Go | estimated chains | estimated sure | estimated sure, agreeing | games differing | differing, flagged uncertain | games flagged | median time | slowest |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for &threshold in &args.thresholds {
        let options = Options {
            threshold,
            playouts: args.playouts,
            ..Options::default()
        };
        let mut t = Tally::default();
        let mut listed = Vec::new();
        let mut named_times = Vec::new();
        for (game, board) in games.iter().zip(&boards) {
            let mut fastest = Duration::MAX;
            let mut e = None;
            for _ in 0..args.repeat {
                let start = Instant::now();
                e = Some(estimate(board, game.next_to_move(), &options));
                fastest = fastest.min(start.elapsed());
            }
            let e = e.expect("estimated at least once");
            t.times.push(fastest);
            named_times.push((fastest, &game.name));
            let (differs, flagged) = tally_game(&mut t, game, &e);
            if differs || flagged {
                listed.push(format!(
                    "{}: {}{}GNU Go dead [{}], estimate dead [{}], uncertain [{}]",
                    game.name,
                    if differs { "DIFFERS, " } else { "" },
                    if flagged {
                        "flagged, "
                    } else {
                        "NOT FLAGGED, "
                    },
                    gtp_list(&game.gnugo_dead, game.size),
                    gtp_list(&e.dead_stones(), game.size),
                    gtp_list(&e.uncertain_stones(), game.size)
                ));
                if let Some(dir) = &args.out {
                    write_sgf(dir, game, &e);
                }
            }
        }
        t.times.sort();
        let ms = |d: Option<&Duration>| d.map_or(0.0, |d| d.as_secs_f64() * 1e3);
        if args.list {
            for l in &listed {
                println!("{l}");
            }
        }
        named_times.sort();
        for (d, name) in named_times.iter().rev().take(args.slowest) {
            println!("slowest: {name} {:.2} ms", d.as_secs_f64() * 1e3);
        }
        if args.histogram {
            for (k, &(chains, agree)) in t.bins.iter().enumerate() {
                let upper = BINS.get(k + 1).map_or("1".to_string(), |b| format!("{b}"));
                let lower = BINS[k];
                let range = if k + 1 == BINS.len() {
                    "1".to_string()
                } else {
                    format!("[{lower}, {upper})")
                };
                println!(
                    "  fraction {range}: {chains} chains, {agree} agree ({})",
                    percent(agree, chains)
                );
            }
        }
        println!(
            "| {n}x{n} | {threshold} | {} | {} | {} | {} | {} ({}) | {} | {} | {} ({}) | {} | {} | {} | {:.2} ms | {:.2} ms |",
            args.playouts,
            t.games,
            t.chains,
            t.sure,
            t.sure_agree,
            percent(t.sure_agree, t.sure),
            t.estimated,
            t.estimated_sure,
            t.estimated_sure_agree,
            percent(t.estimated_sure_agree, t.estimated_sure),
            t.differ,
            t.differ_flagged,
            t.flagged,
            ms(t.times.get(t.times.len() / 2)),
            ms(t.times.last()),
        );
    }
}
