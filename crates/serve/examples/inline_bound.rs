//! The longest work `gorules serve` runs inline (`gorules_serve::inline`): requests built at
//! the edge of the bound, each timed in-process (the body's JSON read, the request read, the
//! work and the answer's JSON), as the connection's thread would run it.
//!
//! `cargo run --release -p gorules-serve --example inline_bound -- [RUNS [UNITS]]` prints, for
//! each request, its text's bytes, its units of work, its answer's bytes, whether it is
//! bounded (it must be), and the fastest and slowest of RUNS runs (default 20) in
//! milliseconds; then the slowest of all, against the smallest request time under which work
//! runs inline. UNITS (default: the bound) builds the requests up to fewer units, to see how
//! the time grows with them.
//!
//! The records are random legal games (a fixed seed: the same every run), made long with
//! captures, so that every ruleset replays them to the end; positions never repeat.
//!
//! Allocator: mimalloc, as in the `gorules` binary.

use std::collections::HashSet;
use std::time::Instant;

use gorules_board::coords::sgf_point;
use gorules_board::{Board, Color, Point, Size};
use gorules_serve::api::annotate::{self, AnnotateRequest};
use gorules_serve::api::diagram::{self, DiagramRequest};
use gorules_serve::api::score::{self, ScoreRequest};
use gorules_serve::api::JsonText;
use gorules_serve::inline::{self, MAX_TEXT, MAX_UNITS, MIN_TIMEOUT};
use serde_json::json;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A small generator of random numbers (xorshift), fixed seed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random legal game of `moves` moves on a `side` x `side` board (no suicide, no position
/// repeated; a pass where no move is found), ending in two passes, as SGF.
fn game(rng: &mut Rng, side: u32, moves: usize) -> String {
    let size = Size::square(side).expect("a board size");
    let mut board = Board::new(size);
    let mut seen = HashSet::from([board.hash()]);
    let mut sgf = format!("(;GM[1]FF[4]SZ[{side}]KM[6.5]");
    let mut color = Color::Black;
    for _ in 0..moves {
        let empty: Vec<Point> = board.empty_points().collect();
        let mut played = None;
        for _ in 0..empty.len().min(40) {
            let p = empty[rng.below(empty.len())];
            let mut next = board.clone();
            if next.play(color, p).is_ok() && seen.insert(next.hash()) {
                board = next;
                played = Some(p);
                break;
            }
        }
        let c = if color == Color::Black { 'B' } else { 'W' };
        let at = played.map_or(String::new(), sgf_point);
        sgf += &format!(";{c}[{at}]");
        color = color.opponent();
    }
    sgf + ";B[];W[])"
}

/// The most moves a game on `side` may have for `scores` scores of it to stay in the bound,
/// and for `games` such games to fit the text limit.
fn moves_within(side: u32, scores: usize, games: usize, bound: u64) -> usize {
    let units = bound as usize / scores / games;
    // The board's points, and the two passes that end the game (and one to spare).
    let by_units = units.saturating_sub((side * side) as usize + 3);
    // Each move is `;B[xy]`, 6 bytes; a game's head about 30 bytes.
    let by_text = (MAX_TEXT / games).saturating_sub(40) / 6 - 2;
    by_units.min(by_text)
}

fn collection(rng: &mut Rng, side: u32, scores: usize, games: usize, bound: u64) -> String {
    let moves = moves_within(side, scores, games, bound);
    (0..games).map(|_| game(rng, side, moves)).collect()
}

/// The units of a record scored once.
fn record_units(sgf: &str) -> u64 {
    let games = gorules_sgf::parse_sgf(sgf, None).expect("a record");
    inline::units(&games, 1)
}

struct Case {
    name: String,
    run: Box<dyn Fn() -> (usize, bool)>,
    units: u64,
    text: usize,
}

fn score_case(name: &str, sgf: String, rules: &str, counting: &str, dead: &str) -> Case {
    let body =
        json!({"sgf": sgf, "rules": rules, "counting": counting, "dead": dead, "points": true});
    let body = serde_json::to_vec(&body).expect("JSON");
    let req: ScoreRequest = serde_json::from_slice(&body).expect("a score request");
    Case {
        name: format!("score, {name}, rules {rules}, counting {counting}"),
        text: sgf.len(),
        units: score::read(&req, 16).expect("read").units(),
        run: Box::new(move || {
            let req: ScoreRequest = serde_json::from_slice(&body).expect("a score request");
            let work = score::read(&req, 16).expect("read");
            let bounded = work.bounded();
            let answer = score::score_work(&req, &work).expect("scored");
            (JsonText::of(&answer).expect("JSON").0.len(), bounded)
        }),
    }
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    // The units to build the requests up to: the bound, or less to see how time grows.
    let bound: u64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(MAX_UNITS);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    // Every built-in ruleset and the record's own (13), every counting method (3).
    let all = 13 * 3;
    // The record of `scripts/serve-bench.sh`, as it asks: the common request, for scale.
    let bench = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../examples/gnugo/19x19-norules-54.sgf"),
    )
    .expect("the benchmark's record");
    let mut cases = vec![
        score_case("serve-bench.sh's record", bench, "all", "all", "auto"),
        score_case(
            "one 19x19 game",
            collection(&mut rng, 19, all, 1, bound),
            "all",
            "all",
            "none",
        ),
        score_case(
            "one 25x25 game",
            collection(&mut rng, 25, all, 1, bound),
            "all",
            "all",
            "none",
        ),
        score_case(
            "4 9x9 games",
            collection(&mut rng, 9, all, 4, bound),
            "all",
            "all",
            "none",
        ),
        score_case(
            "one 19x19 game",
            collection(&mut rng, 19, 3, 1, bound),
            "japanese",
            "all",
            "none",
        ),
        score_case(
            "one 19x19 game",
            collection(&mut rng, 19, 1, 1, bound),
            "chinese",
            "area",
            "none",
        ),
        score_case(
            "one 19x19 game",
            collection(&mut rng, 19, 9, 1, bound),
            "japanese,aga,chinese",
            "all",
            "none",
        ),
    ];
    let long = collection(&mut rng, 19, 1, 1, bound);
    let body = serde_json::to_vec(&json!({"sgf": long, "rules": "japanese", "dead": "none"}))
        .expect("JSON");
    cases.push(Case {
        name: "annotate, one 19x19 game, japanese".into(),
        text: long.len(),
        units: record_units(&long),
        run: Box::new(move || {
            let req: AnnotateRequest = serde_json::from_slice(&body).expect("a request");
            let bounded = annotate::bounded(&req, 16);
            let a = annotate::annotated(&req, 16).expect("annotated");
            (JsonText::of(&a).expect("JSON").0.len(), bounded)
        }),
    });
    let body = serde_json::to_vec(&json!({"sgf": long, "rules": "japanese", "dead": "none"}))
        .expect("JSON");
    cases.push(Case {
        name: "diagram, one 19x19 game, japanese".into(),
        text: long.len(),
        units: record_units(&long),
        run: Box::new(move || {
            let req: DiagramRequest = serde_json::from_slice(&body).expect("a request");
            let bounded = diagram::bounded(&req, 16);
            (diagram::draw(&req, 16).expect("drawn").0.len(), bounded)
        }),
    });
    println!(
        "bound: {MAX_UNITS} units, {MAX_TEXT} bytes of text; inline only under a request time of at least {} ms; {runs} runs each",
        MIN_TIMEOUT.as_millis()
    );
    println!(
        "{:<62} {:>7} {:>7} {:>9} {:>7} {:>9} {:>9}",
        "request", "bytes", "units", "answer", "bounded", "min ms", "max ms"
    );
    let mut worst = 0.0f64;
    for case in &cases {
        // Once first: the built-in rulesets are read once per process, as in the server.
        let (answer, bounded) = (case.run)();
        let mut times = Vec::new();
        for _ in 0..runs {
            let t = Instant::now();
            std::hint::black_box((case.run)());
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        let min = times.iter().copied().fold(f64::INFINITY, f64::min);
        let max = times.iter().copied().fold(0.0, f64::max);
        worst = worst.max(max);
        println!(
            "{:<62} {:>7} {:>7} {:>9} {:>7} {:>9.2} {:>9.2}",
            case.name, case.text, case.units, answer, bounded, min, max
        );
        assert!(bounded, "{} is not bounded", case.name);
        assert!(case.units <= MAX_UNITS);
    }
    println!(
        "slowest: {worst:.2} ms, {:.1}% of the {} ms request time under which work runs inline",
        100.0 * worst / MIN_TIMEOUT.as_secs_f64() / 1000.0,
        MIN_TIMEOUT.as_millis()
    );
}
