//! The test suites of three scorers that Go servers use, run against gorules (the files are in
//! `tests/fixtures/peers/`, copied unchanged; its README says where each comes from):
//!
//! - goscorer's snapshot outputs: a position with its dead stones marked, and goscorer's
//!   territory map. gorules removes the marked stones, counts under the built-in `japanese`
//!   ruleset by territory, and must find the same territory point for point;
//! - OGS's autoscore tests: a position and its ownership map, made by hand. gorules finds the
//!   dead stones itself (`gorules-life`'s estimate), removes them, counts under the ruleset the
//!   file names, and must give each point the owner the map gives it;
//! - OGS's score-estimator tests: a position and the points to remove, dead stones and dame.
//!   gorules' estimated dead stones must be the stones removed, and the empty points removed
//!   must be dame in gorules' Japanese count.
//!
//! The expected values are the peers' own files. The positions gorules does not reproduce are
//! listed, each with why, in `tests/fixtures/peers/known-differences.txt`. The test fails when
//! a position not in the list differs, when a listed position now agrees (the list is stale),
//! or when a file cannot be read. With `GORULES_PEERS_LIST=1` it prints the positions that
//! differ now in the list's format instead of failing on the first two, the reasons of the
//! entries already listed kept, so that the list can be rebuilt after the count changes.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use gorules_board::coords::gtp_point;
use gorules_board::{Board, Color, Point, Size};
use gorules_life::{estimate, Options};
use gorules_rules::{builtin, Counting, PointKind, PointMap};

/// What became of one position.
enum Verdict {
    /// gorules gives the peer's answer at every point compared.
    Identical,
    /// The points where it does not, each in words.
    Differs(Vec<String>),
    /// Not run, and why (a few words, the same for every position left out for that reason).
    NotRun(String),
}

/// Rows of characters, the top row first.
type Grid = Vec<Vec<char>>;

/// One position of a suite: `suite/file` and what became of it.
struct Position {
    name: String,
    verdict: Verdict,
}

/// The positions of one suite, and the files it could not read: `suite/file`, and
/// `suite/file:line: what`.
struct Run {
    suite: &'static str,
    positions: Vec<Position>,
    unreadable: Vec<(String, String)>,
}

/// The directory of the copied suites.
fn peers() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/peers")
}

/// The files under `dir` (and its subdirectories) whose names end in `.ext`, sorted.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for entry in entries {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|x| x == ext) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Runs `check` on every file of suite `suite` whose name ends in `.ext` (licences aside):
/// each file is one position, named `suite/path`.
fn run_suite(
    suite: &'static str,
    ext: &str,
    check: impl Fn(&str, &str) -> Result<Verdict, String>,
) -> Run {
    let dir = peers().join(suite);
    let mut run = Run {
        suite,
        positions: Vec::new(),
        unreadable: Vec::new(),
    };
    for path in files(&dir, ext) {
        if path.file_stem().is_some_and(|s| s == "LICENSE") {
            continue;
        }
        let rel = path
            .strip_prefix(&dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let name = format!("{suite}/{rel}");
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) => {
                run.unreadable.push((name, format!("{suite}/{rel}: {e}")));
                continue;
            }
        };
        match check(&rel, &text) {
            Ok(verdict) => run.positions.push(Position { name, verdict }),
            Err(e) => run.unreadable.push((name, format!("{suite}/{e}"))),
        }
    }
    run
}

/// A board of `size` holding `stones`; `None` when it cannot be set up (a chain without a
/// liberty).
fn board_of(size: Size, stones: &[(Color, Point)]) -> Option<Board> {
    Board::with_stones(size, stones.iter().copied()).ok()
}

/// The map of `board` (every stone still on it) with the stones `dead` removed, counted under
/// the built-in ruleset `ruleset` by `counting`.
fn count(board: &Board, dead: &[(Color, Point)], ruleset: &str, counting: Counting) -> PointMap {
    let mut settled = board.clone();
    settled.remove_stones(dead.iter().map(|d| d.1));
    let rules = builtin(ruleset).unwrap_or_else(|| panic!("no built-in ruleset {ruleset}"));
    let territory = rules.counted_territory_by(&settled, counting);
    PointMap::new(&settled, dead, &territory)
}

/// The stones of `board` that gorules' estimate calls dead, `to_move` to play.
fn estimated_dead(board: &Board, to_move: Color) -> Vec<(Color, Point)> {
    estimate(board, to_move, &Options::default())
        .dead_stones()
        .into_iter()
        .map(|p| (board.get(p).expect("a dead stone is a stone"), p))
        .collect()
}

/// A colour, or nobody, in words.
fn who(owner: Option<Color>) -> &'static str {
    match owner {
        Some(Color::Black) => "Black",
        Some(Color::White) => "White",
        None => "nobody",
    }
}

/// Every point of a `width` x `height` board, row by row from the top.
fn points(width: usize, height: usize) -> impl Iterator<Item = Point> {
    (0..height).flat_map(move |y| (0..width).map(move |x| Point::new(x as u8, y as u8)))
}

/// The verdict of a list of differing points.
fn verdict(differences: Vec<String>) -> Verdict {
    if differences.is_empty() {
        Verdict::Identical
    } else {
        Verdict::Differs(differences)
    }
}

// ---------------------------------------------------------------------------------------------
// goscorer

/// Whether a section may have a character (the second) at a point of the board's (the first).
type Allowed = fn(char, char) -> bool;

/// The sections of a goscorer snapshot, in order, and whether a character may stand in each
/// at a point whose board character is `b`: `TERRITORY:` is the board with `z` (Black's) and
/// `a` (White's) territory painted over it, the point of a dead stone included; `SEKI:` marks
/// the stones (`x`/`o`) and points (`z`/`a`) of groups it sees in seki; the false-eye maps
/// paint `F`, `DAME:` paints `1`, `EYEVALUE:` paints the value of an eye, 1 to 9.
const GOSCORER_SECTIONS: [(&str, Allowed); 7] = [
    ("BOARD:", |_, c| "xobw.".contains(c)),
    ("TERRITORY:", |b, c| c == b || "za".contains(c)),
    ("SEKI:", |_, c| "xoza.".contains(c)),
    ("FALSE EYES:", |b, c| c == b || c == 'F'),
    ("UNSCORABLE FALSE EYES:", |b, c| c == b || c == 'F'),
    ("DAME:", |b, c| c == b || c == '1'),
    ("EYEVALUE:", |b, c| c == b || ('1'..='9').contains(&c)),
];

/// Reads a goscorer snapshot: each section's name on a line, then its rows, the top row first
/// (goscorer compares its snapshots with the white space normalised, so a row's surrounding
/// white space is no part of it). Returns the board and territory rows.
fn read_goscorer(file: &str, text: &str) -> Result<(Grid, Grid), String> {
    let mut sections: Vec<Vec<(usize, Vec<char>)>> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = n + 1;
        if line.is_empty() {
            continue;
        }
        if let Some(&(name, _)) = GOSCORER_SECTIONS.get(sections.len()) {
            if line == name {
                sections.push(Vec::new());
                continue;
            }
        }
        match sections.last_mut() {
            Some(rows) if !line.ends_with(':') => rows.push((at, line.chars().collect())),
            _ => return Err(format!("{file}:{at}: unexpected line {raw:?}")),
        }
    }
    if sections.len() != GOSCORER_SECTIONS.len() {
        let missing = GOSCORER_SECTIONS[sections.len()].0;
        return Err(format!("{file}: no section {missing}"));
    }
    let board = &sections[0];
    let width = board.first().map_or(0, |r| r.1.len());
    for (k, rows) in sections.iter().enumerate() {
        let (name, allowed) = GOSCORER_SECTIONS[k];
        if rows.len() != board.len() || rows.is_empty() {
            return Err(format!(
                "{file}: {name} has {} rows, BOARD: {}",
                rows.len(),
                board.len()
            ));
        }
        for ((at, row), (_, brow)) in rows.iter().zip(board) {
            if row.len() != width {
                return Err(format!(
                    "{file}:{at}: {} points in a row of {width}",
                    row.len()
                ));
            }
            if let Some(c) = row.iter().zip(brow).find(|(c, b)| !allowed(**b, **c)) {
                return Err(format!("{file}:{at}: {name} cannot have {:?} there", c.0));
            }
        }
    }
    let rows = |k: usize| sections[k].iter().map(|r| r.1.clone()).collect();
    Ok((rows(0), rows(1)))
}

/// A goscorer position: the marked stones removed, counted by territory under the Japanese
/// rules; compared with its `TERRITORY:` map (`z` Black's, `a` White's, anything else nobody's)
/// at every point.
fn goscorer(file: &str, text: &str) -> Result<Verdict, String> {
    let (board_rows, territory_rows) = read_goscorer(file, text)?;
    let (height, width) = (board_rows.len(), board_rows[0].len());
    let Ok(size) = Size::new(width as u32, height as u32) else {
        return Ok(Verdict::NotRun("board size".into()));
    };
    let (mut stones, mut dead) = (Vec::new(), Vec::new());
    for p in points(width, height) {
        match board_rows[p.y as usize][p.x as usize] {
            'x' => stones.push((Color::Black, p)),
            'o' => stones.push((Color::White, p)),
            'b' => dead.push((Color::Black, p)),
            'w' => dead.push((Color::White, p)),
            _ => {}
        }
    }
    stones.extend(&dead);
    let Some(board) = board_of(size, &stones) else {
        return Ok(Verdict::NotRun("not a legal position".into()));
    };
    let map = count(&board, &dead, "japanese", Counting::Territory);
    let mut differences = Vec::new();
    for p in points(width, height) {
        let expected = match territory_rows[p.y as usize][p.x as usize] {
            'z' => Some(Color::Black),
            'a' => Some(Color::White),
            _ => None,
        };
        let kind = map.get(p);
        let got = match kind {
            PointKind::Territory(c) => Some(c),
            PointKind::DeadStone(c) => Some(c.opponent()),
            _ => None,
        };
        if got != expected {
            differences.push(format!(
                "{} goscorer {}, gorules {} ({})",
                gtp_point(p, size),
                who(expected),
                who(got),
                kind.reason()
            ));
        }
    }
    Ok(verdict(differences))
}

// ---------------------------------------------------------------------------------------------
// OGS autoscore

/// The fields an autoscore test may have: `game_id` and `description` say where it comes from;
/// `black` and `white` are KataGo's ownership estimates with either player to move first (the
/// input of OGS's own autoscorer, not gorules'); `sealed_ownership` is the map once the points
/// that need sealing are sealed (OGS's development script checks it, its unit test does not).
const AUTOSCORE_FIELDS: [&str; 8] = [
    "game_id",
    "description",
    "rules",
    "board",
    "black",
    "white",
    "correct_ownership",
    "sealed_ownership",
];

/// The line of `text` on which the field `key` first appears (1 when it does not).
fn line_of(text: &str, key: &str) -> usize {
    let quoted = format!("\"{key}\"");
    text.lines()
        .position(|l| l.contains(&quoted))
        .map_or(1, |n| n + 1)
}

/// The rows of the field `key`, an array of strings of `width` characters (the first row's
/// when `width` is `None`) each in `alphabet`.
fn rows_of(
    file: &str,
    text: &str,
    data: &serde_json::Value,
    key: &str,
    width: Option<usize>,
    alphabet: &str,
) -> Result<Grid, String> {
    let at = format!("{file}:{}: `{key}`", line_of(text, key));
    let rows = data[key]
        .as_array()
        .filter(|rows| !rows.is_empty())
        .ok_or(format!("{at}: not an array of rows"))?;
    let mut grid: Grid = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        let row: Vec<char> = row
            .as_str()
            .ok_or(format!("{at}: row {} is not a string", y + 1))?
            .chars()
            .collect();
        let w = width.unwrap_or(grid.first().map_or(row.len(), Vec::len));
        if row.len() != w {
            return Err(format!(
                "{at}: row {} has {} points, not {w}",
                y + 1,
                row.len()
            ));
        }
        if let Some(c) = row.iter().find(|c| !alphabet.contains(**c)) {
            return Err(format!("{at}: row {} has {c:?}", y + 1));
        }
        grid.push(row);
    }
    Ok(grid)
}

/// Reads an autoscore test: the board rows (`b`/`B` black, `w`/`W` white, space empty), the
/// ownership map (`B`, `W`, space for nobody, `*` anything, `s` a point that must be sealed)
/// and the ruleset with its counting (`chinese`, the default, or `japanese`).
fn read_autoscore(file: &str, text: &str) -> Result<(Grid, Grid, &'static str), String> {
    let data: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| format!("{file}:{}:{}: {e}", e.line(), e.column()))?;
    let fields = data
        .as_object()
        .ok_or(format!("{file}:1: not a JSON object"))?;
    if let Some(key) = fields
        .keys()
        .find(|k| !AUTOSCORE_FIELDS.contains(&k.as_str()))
    {
        return Err(format!(
            "{file}:{}: unknown field `{key}`",
            line_of(text, key)
        ));
    }
    let board = rows_of(file, text, &data, "board", None, "bBwW ")?;
    let (height, width) = (board.len(), board[0].len());
    let ownership = rows_of(file, text, &data, "correct_ownership", Some(width), "BW *s")?;
    if fields.contains_key("sealed_ownership") {
        let sealed = rows_of(file, text, &data, "sealed_ownership", Some(width), "BW *s")?;
        if sealed.len() != height {
            let at = line_of(text, "sealed_ownership");
            return Err(format!(
                "{file}:{at}: `sealed_ownership` is not the board's height"
            ));
        }
    }
    if ownership.len() != height {
        let at = line_of(text, "correct_ownership");
        return Err(format!(
            "{file}:{at}: `correct_ownership` is not the board's height"
        ));
    }
    for key in ["black", "white"] {
        let fits = data[key].as_array().is_some_and(|rows| {
            rows.len() == height
                && rows.iter().all(|r| {
                    r.as_array()
                        .is_some_and(|r| r.len() == width && r.iter().all(|v| v.is_number()))
                })
        });
        if !fits {
            let at = line_of(text, key);
            return Err(format!("{file}:{at}: `{key}` is not a board of numbers"));
        }
    }
    let ruleset = match data.get("rules").map(|r| r.as_str()) {
        None | Some(Some("chinese")) => "chinese",
        Some(Some("japanese")) => "japanese",
        Some(other) => {
            let at = line_of(text, "rules");
            return Err(format!("{file}:{at}: unknown rules {other:?}"));
        }
    };
    Ok((board, ownership, ruleset))
}

/// An autoscore test: the dead stones gorules estimates removed, counted under the ruleset
/// the file names (Chinese by area, Japanese by territory), and each point's owner compared
/// with the map as OGS's unit test compares its own: `*` and `s` agree with anything, space
/// is nobody's, and a stone left on the board is its colour's (OGS's result gives the stones
/// left their colour, and a removed stone's point to whoever counts it).
fn autoscore(file: &str, text: &str) -> Result<Verdict, String> {
    let (board_rows, ownership, ruleset) = read_autoscore(file, text)?;
    let (height, width) = (board_rows.len(), board_rows[0].len());
    let Ok(size) = Size::new(width as u32, height as u32) else {
        return Ok(Verdict::NotRun("board size".into()));
    };
    let mut stones = Vec::new();
    for p in points(width, height) {
        match board_rows[p.y as usize][p.x as usize] {
            'b' | 'B' => stones.push((Color::Black, p)),
            'w' | 'W' => stones.push((Color::White, p)),
            _ => {}
        }
    }
    let Some(board) = board_of(size, &stones) else {
        return Ok(Verdict::NotRun("not a legal position".into()));
    };
    // The files do not say who is to move; the estimate's play-outs alternate who moves first.
    let dead = estimated_dead(&board, Color::Black);
    let counting = if ruleset == "japanese" {
        Counting::Territory
    } else {
        Counting::Area
    };
    let map = count(&board, &dead, ruleset, counting);
    let mut differences = Vec::new();
    for p in points(width, height) {
        let expected = match ownership[p.y as usize][p.x as usize] {
            'B' => Some(Color::Black),
            'W' => Some(Color::White),
            ' ' => None,
            _ => continue,
        };
        let kind = map.get(p);
        if kind.owner() != expected {
            differences.push(format!(
                "{} OGS {}, gorules {} ({})",
                gtp_point(p, size),
                who(expected),
                who(kind.owner()),
                kind.reason()
            ));
        }
    }
    Ok(verdict(differences))
}

// ---------------------------------------------------------------------------------------------
// OGS score estimator

/// A score-estimator test as its reader reads it: `height`, `width`, the player to move
/// (`1` Black, `-1` White), the board and the removals, row by row from the top.
struct Removals {
    height: usize,
    width: usize,
    to_move: Color,
    board: Vec<Vec<i8>>,
    removed: Vec<Vec<i8>>,
}

/// Reads a score-estimator test: a comment line (`#`), `height N`, `width N`,
/// `player_to_move 1|-1`, the board (`height` rows of `width` numbers: 1 black, -1 white,
/// 0 empty), then the removals (as many rows of 0 or 1). Blank lines are skipped, as its own
/// reader (which reads numbers with `fscanf`) skips them.
fn read_removals(file: &str, text: &str) -> Result<Removals, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty());
    let mut next = |what: &str| lines.next().ok_or(format!("{file}: ends before {what}"));
    let (at, first) = next("the comment line")?;
    if !first.starts_with('#') {
        return Err(format!("{file}:{at}: not a comment line: {first:?}"));
    }
    let mut header = |key: &str| -> Result<i64, String> {
        let (at, line) = next(key)?;
        line.strip_prefix(key)
            .and_then(|v| v.trim().parse().ok())
            .ok_or(format!("{file}:{at}: expected `{key} N`, found {line:?}"))
    };
    let height = header("height")?;
    let width = header("width")?;
    let to_move = match header("player_to_move")? {
        1 => Color::Black,
        -1 => Color::White,
        other => return Err(format!("{file}: player to move {other}")),
    };
    let (Ok(height), Ok(width)) = (usize::try_from(height), usize::try_from(width)) else {
        return Err(format!("{file}: board {width}x{height}"));
    };
    let mut grid = |what: &str, values: &[i8]| -> Result<Vec<Vec<i8>>, String> {
        let mut rows = Vec::new();
        for _ in 0..height {
            let (at, line) = next(what)?;
            let row: Vec<i8> = line
                .split_whitespace()
                .map(|v| v.parse().ok().filter(|v| values.contains(v)))
                .collect::<Option<_>>()
                .ok_or(format!("{file}:{at}: a {what} row cannot hold {line:?}"))?;
            if row.len() != width {
                return Err(format!(
                    "{file}:{at}: {} numbers in a row of {width}",
                    row.len()
                ));
            }
            rows.push(row);
        }
        Ok(rows)
    };
    let board = grid("board", &[-1, 0, 1])?;
    let removed = grid("removal", &[0, 1])?;
    if let Some((at, line)) = lines.next() {
        return Err(format!("{file}:{at}: text after the removals: {line:?}"));
    }
    Ok(Removals {
        height,
        width,
        to_move,
        board,
        removed,
    })
}

/// A score-estimator test, compared as its own test runner compares: a stone removed must be
/// dead (here: in gorules' estimate), a stone not removed alive; an empty point removed is
/// dame and must be nobody's (here: in gorules' Japanese count once its dead stones are
/// removed); an empty point not removed is not checked (the runner assumes it is somebody's
/// territory, and does not ask whose).
fn score_estimator(file: &str, text: &str) -> Result<Verdict, String> {
    let game = read_removals(file, text)?;
    let Ok(size) = Size::new(game.width as u32, game.height as u32) else {
        return Ok(Verdict::NotRun("board size".into()));
    };
    let mut stones = Vec::new();
    for p in points(game.width, game.height) {
        match game.board[p.y as usize][p.x as usize] {
            1 => stones.push((Color::Black, p)),
            -1 => stones.push((Color::White, p)),
            _ => {}
        }
    }
    let Some(board) = board_of(size, &stones) else {
        return Ok(Verdict::NotRun("not a legal position".into()));
    };
    let dead = estimated_dead(&board, game.to_move);
    let map = count(&board, &dead, "japanese", Counting::Territory);
    let mut differences = Vec::new();
    for p in points(game.width, game.height) {
        let removed = game.removed[p.y as usize][p.x as usize] == 1;
        let name = gtp_point(p, size);
        if board.get(p).is_some() {
            let is_dead = dead.iter().any(|d| d.1 == p);
            if is_dead != removed {
                let (ogs, ours) = if removed {
                    ("dead", "alive")
                } else {
                    ("alive", "dead")
                };
                differences.push(format!("{name} stone OGS {ogs}, gorules {ours}"));
            }
        } else if removed && map.get(p).owner().is_some() {
            let kind = map.get(p);
            differences.push(format!(
                "{name} OGS dame, gorules {} ({})",
                who(kind.owner()),
                kind.reason()
            ));
        }
    }
    Ok(verdict(differences))
}

// ---------------------------------------------------------------------------------------------
// The list of known differences

const LIST: &str = "known-differences.txt";
const NOT_EXPLAINED: &str = "not yet explained";

/// Reads the list: `#` comment lines, and for each position a line `suite/file` followed by a
/// line `why: ...`. Returns each position's reason, in the list's order.
fn read_list(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut entries: Vec<(String, String)> = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    for (n, raw) in text.lines().enumerate() {
        let (at, line) = (n + 1, raw.trim());
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(why) = line.strip_prefix("why:") {
            let (_, name) = pending
                .take()
                .ok_or(format!("{LIST}:{at}: a `why:` with no position before it"))?;
            entries.push((name, why.trim().to_string()));
        } else if let Some((from, name)) = &pending {
            return Err(format!("{LIST}:{from}: {name} has no `why:` line"));
        } else if !line.contains('/') || line.contains(char::is_whitespace) {
            return Err(format!("{LIST}:{at}: not `suite/file`: {raw:?}"));
        } else if entries.iter().any(|e| e.0 == line) {
            return Err(format!("{LIST}:{at}: {line} is listed twice"));
        } else {
            pending = Some((at, line.to_string()));
        }
    }
    if let Some((at, name)) = pending {
        return Err(format!("{LIST}:{at}: {name} has no `why:` line"));
    }
    Ok(entries)
}

/// One suite's summary line.
fn summary(run: &Run) -> String {
    let total = run.positions.len();
    let mut identical = 0;
    let mut differing = 0;
    let mut not_run: BTreeMap<&str, usize> = BTreeMap::new();
    for p in &run.positions {
        match &p.verdict {
            Verdict::Identical => identical += 1,
            Verdict::Differs(_) => differing += 1,
            Verdict::NotRun(why) => *not_run.entry(why.as_str()).or_default() += 1,
        }
    }
    let ran = identical + differing;
    let skipped: usize = not_run.values().sum();
    let reasons: Vec<String> = not_run.iter().map(|(w, n)| format!("{n} {w}")).collect();
    let reasons = if reasons.is_empty() {
        String::new()
    } else {
        format!(" ({})", reasons.join(", "))
    };
    let share = if ran == 0 {
        0.0
    } else {
        100.0 * identical as f64 / ran as f64
    };
    let unreadable = if run.unreadable.is_empty() {
        String::new()
    } else {
        format!(", {} unreadable", run.unreadable.len())
    };
    format!(
        "peer suite {}: {total} positions, {ran} run, {identical} identical, {differing} \
         differing, {skipped} not run{reasons}{unreadable}; {share:.1}% of those run identical",
        run.suite
    )
}

/// The first few of a position's differing points, and how many more there are.
fn first_of(points: &[String]) -> String {
    const SHOWN: usize = 10;
    let mut text = points[..points.len().min(SHOWN)].join("; ");
    if points.len() > SHOWN {
        text.push_str(&format!("; and {} more", points.len() - SHOWN));
    }
    text
}

/// Writes to the process's standard error directly: the test harness captures what
/// `eprintln!` writes, and shows it only when a test fails.
fn show(text: &str) {
    let _ = std::io::stderr().write_all(text.as_bytes());
}

#[test]
fn peer_suites_agree_with_gorules_or_are_listed() {
    let runs = std::thread::scope(|s| {
        let suites = [
            s.spawn(|| run_suite("goscorer", "txt", goscorer)),
            s.spawn(|| run_suite("ogs-autoscore", "json", autoscore)),
            s.spawn(|| run_suite("ogs-score-estimator", "game", score_estimator)),
        ];
        suites.map(|t| t.join().unwrap())
    });
    let mut out = String::new();
    for run in &runs {
        out.push_str(&summary(run));
        out.push('\n');
    }
    show(&out);

    let unreadable = || runs.iter().flat_map(|r| &r.unreadable);
    let mut failures: Vec<String> = unreadable().map(|u| u.1.clone()).collect();
    let list_path = peers().join(LIST);
    let listed = std::fs::read_to_string(&list_path)
        .map_err(|e| format!("{LIST}: {e}"))
        .and_then(|text| read_list(&text))
        .unwrap_or_else(|e| {
            failures.push(e);
            Vec::new()
        });
    let why_of = |name: &str| listed.iter().find(|e| e.0 == name).map(|e| e.1.as_str());

    let listing = std::env::var("GORULES_PEERS_LIST").is_ok_and(|v| v == "1");
    let mut list = String::new();
    let mut unlisted = Vec::new();
    let mut stale = Vec::new();
    for p in runs.iter().flat_map(|r| &r.positions) {
        match (&p.verdict, why_of(&p.name)) {
            (Verdict::Differs(points), why) => {
                let why = why.unwrap_or(NOT_EXPLAINED);
                list.push_str(&format!("{}\nwhy: {why}\n", p.name));
                list.push_str(&format!("# differs at {}\n\n", first_of(points)));
                if why_of(&p.name).is_none() {
                    unlisted.push(format!("{} differs at {}", p.name, first_of(points)));
                }
            }
            (Verdict::Identical, Some(_)) => stale.push(format!(
                "{} is listed in {LIST} but gorules now agrees with it: the list is stale",
                p.name
            )),
            (Verdict::NotRun(why), _) => {
                list.push_str(&format!("# not run ({why}): {}\n\n", p.name))
            }
            (Verdict::Identical, None) => {}
        }
    }
    for (name, _) in &listed {
        if !runs
            .iter()
            .flat_map(|r| &r.positions)
            .any(|p| &p.name == name)
            && !unreadable().any(|u| &u.0 == name)
        {
            stale.push(format!(
                "{name} is listed in {LIST} but is no position of the suites: the list is stale"
            ));
        }
    }
    if listing {
        show(&format!(
            "# The positions that differ now, in the format of {LIST}:\n\n{list}"
        ));
    } else {
        failures.extend(unlisted);
        failures.extend(stale);
    }
    assert!(
        failures.is_empty(),
        "{} problem(s) with the peer suites (set GORULES_PEERS_LIST=1 to print the list of \
         the positions that differ now):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
