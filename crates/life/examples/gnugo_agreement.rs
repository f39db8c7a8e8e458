//! How often the estimate names the same dead stones as GNU Go, on GNU Go self-play games that
//! ended in two passes, and how long it takes. A measurement, not a test: it prints figures.
//!
//! ```sh
//! cargo run --release -p gorules-life --example gnugo_agreement -- 9 100 1 [OUT_DIR]
//! cargo run --release -p gorules-life --example gnugo_agreement -- 19 20 1 [OUT_DIR]
//! ```
//!
//! Arguments: board size, number of games, first seed (game `k` uses seed `first + k` for
//! GNU Go's `set_random_seed`), a folder where each game whose dead stones differ is written
//! as SGF with both answers in its comment (for looking at by hand; `-` for none; the games
//! and GNU Go's answers are kept in its `cache/` for the next run), and the
//! estimate's play-outs at most (default: the library's). GNU Go is
//! `/usr/games/gnugo` (Debian's package `gnugo`), run as `--mode gtp --level 1`.

use std::time::{Duration, Instant};

use gorules_board::coords::{parse_gtp_move, sgf_move};
use gorules_board::{Board, Color, Move, Point, Size};
use gorules_life::{estimate, Engine, Options};

const GNUGO: &str = "/usr/games/gnugo --mode gtp --level 1";

/// One self-play game: the moves, or `None` when it did not end in two passes.
/// A game's moves, in order.
type Moves = Vec<(Color, Move)>;

fn self_play(engine: &mut Engine, size: Size, seed: u64) -> Option<Vec<(Color, Move)>> {
    engine.send(&format!("set_random_seed {seed}")).ok()?;
    engine.send(&format!("boardsize {}", size.width())).ok()?;
    engine.send("clear_board").ok()?;
    engine.send("komi 6.5").ok()?;
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

/// One self-play game and GNU Go's dead stones at its end, from the cache in `out_dir` when an
/// earlier run played it (`cache/NxN-seedS.txt`: the moves on one line, the dead stones on the
/// next), else played now and cached.
fn game(
    engine: &mut Engine,
    size: Size,
    seed: u64,
    out_dir: Option<&str>,
) -> Option<(Moves, Vec<Point>)> {
    let n = size.width();
    let cache = out_dir.map(|d| format!("{d}/cache/{n}x{n}-seed{seed}.txt"));
    let parse_points = |line: &str| -> Vec<Point> {
        let mut v: Vec<Point> = line
            .split_whitespace()
            .map(|w| gorules_board::coords::parse_gtp_point(w, size).expect("a point"))
            .collect();
        v.sort_by_key(|p| (p.y, p.x));
        v
    };
    if let Some(text) = cache.as_ref().and_then(|c| std::fs::read_to_string(c).ok()) {
        let mut lines = text.lines();
        let moves_line = lines.next()?;
        if moves_line == "none" {
            return None;
        }
        let mut color = Color::Black;
        let mut moves = Vec::new();
        for w in moves_line.split_whitespace() {
            moves.push((color, parse_gtp_move(w, size).expect("a move")));
            color = color.opponent();
        }
        return Some((moves, parse_points(lines.next().unwrap_or(""))));
    }
    let played = self_play(engine, size, seed).map(|moves| {
        let answer = engine.send("final_status_list dead").expect("an answer");
        (moves, parse_points(&answer))
    });
    if let Some(c) = &cache {
        std::fs::create_dir_all(std::path::Path::new(c).parent().expect("a folder"))
            .expect("the cache folder");
        let text = match &played {
            None => "none\n".to_string(),
            Some((moves, dead)) => format!(
                "{}\n{}\n",
                moves
                    .iter()
                    .map(|&(_, mv)| gorules_board::coords::gtp_move(mv, size))
                    .collect::<Vec<_>>()
                    .join(" "),
                gtp_list(dead, size)
            ),
        };
        std::fs::write(c, text).expect("the cache written");
    }
    played
}

fn gtp_list(points: &[Point], size: Size) -> String {
    points
        .iter()
        .map(|&p| gorules_board::coords::gtp_point(p, size))
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(9);
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let first_seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let out_dir = args.get(3).cloned().filter(|d| d != "-");
    let options = Options {
        playouts: args
            .get(4)
            .and_then(|a| a.parse().ok())
            .unwrap_or(Options::default().playouts),
        ..Options::default()
    };
    let size = Size::square(n).expect("a board size from 2 to 25");
    let mut engine = Engine::start(GNUGO, Duration::from_secs(120)).expect("GNU Go starts");

    let (mut played, mut same, mut undecided, mut certain_disagree) = (0, 0, 0, 0);
    let mut times = Vec::new();
    for k in 0..games {
        let seed = first_seed + k;
        let Some((moves, theirs)) = game(&mut engine, size, seed, out_dir.as_deref()) else {
            println!("seed {seed}: did not end in two passes, skipped");
            continue;
        };
        played += 1;
        let mut board = Board::new(size);
        for &(c, mv) in &moves {
            if let Move::Play(p) = mv {
                board.play(c, p).expect("GNU Go plays legal moves");
            }
        }
        let t = Instant::now();
        let next = moves.last().map_or(Color::Black, |&(c, _)| c.opponent());
        let e = estimate(&board, next, &options);
        times.push(t.elapsed());
        let ours = e.dead_stones();
        if !e.is_decided() {
            undecided += 1;
        }
        let certain_wrong = e
            .chains
            .iter()
            .any(|c| c.certain && c.is_dead() != c.stones.iter().all(|p| theirs.contains(p)));
        if certain_wrong {
            certain_disagree += 1;
        }
        if ours == theirs {
            same += 1;
            if e.is_decided() {
                continue;
            }
        }
        println!(
            "seed {seed}: GNU Go dead [{}], estimate dead [{}], uncertain [{}]",
            gtp_list(&theirs, size),
            gtp_list(&ours, size),
            gtp_list(&e.uncertain_stones(), size)
        );
        if let Some(dir) = &out_dir {
            std::fs::create_dir_all(dir).expect("the output folder");
            let mut sgf = format!(
                "(;GM[1]FF[4]SZ[{n}]KM[6.5]C[GNU Go self-play, --level 1, set_random_seed {seed}. GNU Go final_status_list dead: {}. Estimate dead: {}. Uncertain: {}.]",
                gtp_list(&theirs, size),
                gtp_list(&ours, size),
                gtp_list(&e.uncertain_stones(), size)
            );
            for &(c, mv) in &moves {
                let tag = if c == Color::Black { 'B' } else { 'W' };
                sgf.push_str(&format!(";{tag}[{}]", sgf_move(mv)));
            }
            sgf.push_str(")\n");
            std::fs::write(format!("{dir}/{n}x{n}-seed{seed}.sgf"), sgf).expect("written");
        }
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{n}x{n}: {played} games ended in two passes; dead stones identical in {same} ({:.1}%); games with an uncertain chain {undecided}; games where a certain chain disagrees with GNU Go {certain_disagree}",
        100.0 * same as f64 / played.max(1) as f64
    );
    if !times.is_empty() {
        println!(
            "estimate time per position: median {:.2} ms, max {:.2} ms ({} play-outs)",
            ms(times[times.len() / 2]),
            ms(times[times.len() - 1]),
            options.playouts
        );
    }
}
