//! The referee's settlement of final positions (`gorules_rules::referee`), checked point by
//! point on the positions of `tests/fixtures/referee/*.txt`. Each position is a small board
//! beside the map a referee makes of it under the Japanese rules, worked out by hand from the
//! rules text the position cites (see the files' heads for the format and the codes).
//!
//! Each position is also checked
//! - under Concord territory counting, which counts every point that reaches one colour only
//!   ("Territory intersection"): false eyes and seki eyes are territory there, seki stones
//!   plain stones;
//! - turned and mirrored (the eight symmetries of the board): the rules know no orientation;
//! - with the colours swapped: nor colour;
//! - for its score: the territory and the points left out add up to the map.

use std::path::{Path, PathBuf};

use gorules_board::{Board, Color, Point, Size};
use gorules_rules::{builtin, Counting, PointKind, PointMap, RefereeCount};

/// One position of a fixture file.
#[derive(Clone, Debug)]
struct Case {
    file: String,
    line: usize,
    name: String,
    rule: String,
    why: String,
    /// `doubt:` the points whose count the settlement must call unsure (GTP points).
    doubt: Vec<String>,
    /// `either:` groups of points among which the map may name its points in any order: a
    /// side must fill some of them, and which is its choice.
    either: Vec<Vec<String>>,
    board: Vec<Vec<char>>,
    expected: Vec<Vec<char>>,
}

impl Case {
    fn title(&self) -> String {
        format!("{}:{}: {}", self.file, self.line, self.name)
    }
}

fn fixture_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/referee");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

/// Reads a fixture file: `== name` starts a position; `rule:` and `why:` (continued on
/// indented lines) say which rule decides it and how; `doubt:` lists the points whose count is
/// not sure, `either:` groups of points (separated by commas) among which the map may name
/// its points in any order; indented lines `board | map` hold the rows, the top row first;
/// lines starting with `#` are comments.
fn parse(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap();
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let mut cases: Vec<Case> = Vec::new();
    let mut field: Option<&'static str> = None;
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let at = || format!("{file}:{line}");
        if raw.starts_with('#') || raw.trim().is_empty() {
            field = None;
            continue;
        }
        if let Some(name) = raw.strip_prefix("== ") {
            cases.push(Case {
                file: file.clone(),
                line,
                name: name.trim().to_string(),
                rule: String::new(),
                why: String::new(),
                doubt: Vec::new(),
                either: Vec::new(),
                board: Vec::new(),
                expected: Vec::new(),
            });
            field = None;
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("{}: text before the first `== name`", at()));
        if let Some(rest) = raw.strip_prefix("rule:") {
            case.rule.push_str(rest.trim());
            field = Some("rule");
        } else if let Some(rest) = raw.strip_prefix("doubt:") {
            case.doubt = rest.split_whitespace().map(String::from).collect();
            field = None;
        } else if let Some(rest) = raw.strip_prefix("either:") {
            case.either = rest
                .split(',')
                .map(|g| g.split_whitespace().map(String::from).collect())
                .collect();
            field = None;
        } else if let Some(rest) = raw.strip_prefix("why:") {
            case.why.push_str(rest.trim());
            field = Some("why");
        } else if raw.contains('|') {
            let (board, map) = raw.split_once('|').unwrap();
            let cells =
                |s: &str| -> Vec<char> { s.chars().filter(|c| !c.is_whitespace()).collect() };
            case.board.push(cells(board));
            case.expected.push(cells(map));
            field = None;
        } else if raw.starts_with(char::is_whitespace) && field.is_some() {
            let target = if field == Some("rule") {
                &mut case.rule
            } else {
                &mut case.why
            };
            target.push(' ');
            target.push_str(raw.trim());
        } else {
            panic!("{}: cannot read {raw:?}", at());
        }
    }
    cases
}

/// Stones with their colours.
type Stones = Vec<(Color, Point)>;

/// The stones of a board column (`X`, `O`, and `#`/`@` for dead black/white stones): the
/// living ones, then the dead.
fn stones(case: &Case, rows: &[Vec<char>]) -> (Size, Stones, Stones) {
    let height = rows.len() as u32;
    let width = rows[0].len() as u32;
    let size = Size::new(width, height).unwrap_or_else(|e| panic!("{}: {e}", case.title()));
    let mut alive = Vec::new();
    let mut dead = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len() as u32, width, "{}: ragged row {y}", case.title());
        for (x, &c) in row.iter().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match c {
                'X' => alive.push((Color::Black, p)),
                'O' => alive.push((Color::White, p)),
                '#' => dead.push((Color::Black, p)),
                '@' => dead.push((Color::White, p)),
                '.' => {}
                other => panic!("{}: board character {other:?}", case.title()),
            }
        }
    }
    (size, alive, dead)
}

/// The counted board of `board` rows: the stones with the dead ones removed, and the dead.
fn settled(case: &Case, rows: &[Vec<char>]) -> (Board, Vec<(Color, Point)>) {
    let (size, alive, dead) = stones(case, rows);
    let mut board = Board::with_stones(size, alive.iter().chain(&dead).copied())
        .unwrap_or_else(|e| panic!("{}: not a legal position: {e}", case.title()));
    board.remove_stones(dead.iter().map(|d| d.1));
    (board, dead)
}

/// The map of `rows` under the ruleset `id`'s territory counting.
fn map_of(case: &Case, rows: &[Vec<char>], id: &str) -> Vec<Vec<char>> {
    let (board, dead) = settled(case, rows);
    let rules = builtin(id).unwrap();
    let territory = rules.counted_territory_by(&board, Counting::Territory);
    PointMap::new(&board, &dead, &territory)
        .rows()
        .iter()
        .map(|r| r.chars().collect())
        .collect()
}

/// The cells of `case`'s `either:` groups as a grid of the rows' shape: the group's number
/// (as a digit) on its cells, `.` elsewhere.
fn either_mask(case: &Case) -> Vec<Vec<char>> {
    let (h, w) = (case.board.len(), case.board[0].len());
    let size = Size::new(w as u32, h as u32).unwrap();
    let mut mask = vec![vec!['.'; w]; h];
    for (k, group) in case.either.iter().enumerate() {
        for name in group {
            let p = gorules_board::coords::parse_gtp_point(name, size)
                .unwrap_or_else(|e| panic!("{}: either: {name}: {e:?}", case.title()));
            mask[p.y as usize][p.x as usize] = char::from_digit(k as u32, 10).unwrap();
        }
    }
    mask
}

/// Whether the map `got` is `expected`: point for point, but within each group of `mask`
/// (see [`either_mask`]) only the same codes in any order.
fn agrees(got: &[Vec<char>], expected: &[Vec<char>], mask: &[Vec<char>]) -> bool {
    let mut groups: std::collections::BTreeMap<char, (Vec<char>, Vec<char>)> = Default::default();
    for ((g, e), m) in got
        .iter()
        .flatten()
        .zip(expected.iter().flatten())
        .zip(mask.iter().flatten())
    {
        if *m == '.' {
            if g != e {
                return false;
            }
        } else {
            let entry = groups.entry(*m).or_default();
            entry.0.push(*g);
            entry.1.push(*e);
        }
    }
    got.len() == expected.len()
        && groups.into_values().all(|(mut g, mut e)| {
            g.sort_unstable();
            e.sort_unstable();
            g == e
        })
}

fn show(rows: &[Vec<char>]) -> String {
    rows.iter()
        .map(|r| {
            let s: String = r.iter().flat_map(|c| [*c, ' ']).collect();
            format!("  {}\n", s.trim_end())
        })
        .collect()
}

/// The map as Concord counts it: every reason the Japanese count leaves out is territory.
fn as_concord(expected: &[Vec<char>]) -> Vec<Vec<char>> {
    expected
        .iter()
        .map(|row| {
            row.iter()
                .map(|&c| match c {
                    'F' | 'E' => 'x',
                    'f' | 'e' => 'o',
                    'S' => 'X',
                    's' => 'O',
                    c => c,
                })
                .collect()
        })
        .collect()
}

/// The eight symmetries of a grid of rows: `k & 1` mirrors left-right, `k & 2` upside down,
/// `k & 4` transposes.
fn transform(rows: &[Vec<char>], k: usize) -> Vec<Vec<char>> {
    let mut out: Vec<Vec<char>> = rows.to_vec();
    if k & 1 != 0 {
        for r in &mut out {
            r.reverse();
        }
    }
    if k & 2 != 0 {
        out.reverse();
    }
    if k & 4 != 0 {
        let (h, w) = (out.len(), out[0].len());
        out = (0..w)
            .map(|x| (0..h).map(|y| out[y][x]).collect())
            .collect();
    }
    out
}

fn all_cases() -> Vec<Case> {
    fixture_files().iter().flat_map(|f| parse(f)).collect()
}

#[test]
fn every_position_is_stated_with_its_rule() {
    let cases = all_cases();
    assert!(cases.len() >= 60, "{} positions", cases.len());
    let mut names = std::collections::BTreeSet::new();
    for case in &cases {
        assert!(!case.rule.is_empty(), "{}: no `rule:`", case.title());
        assert!(!case.why.is_empty(), "{}: no `why:`", case.title());
        assert!(
            names.insert(case.name.clone()),
            "{}: name used twice",
            case.title()
        );
        assert!(!case.board.is_empty(), "{}: no rows", case.title());
        for (y, row) in case.expected.iter().enumerate() {
            for &c in row {
                assert!(
                    PointKind::from_code(c).is_some(),
                    "{}: map row {y}: {c:?} is no map code",
                    case.title()
                );
            }
        }
    }
}

#[test]
fn japanese_maps_are_the_referees() {
    let mut failures = Vec::new();
    for case in all_cases() {
        let got = map_of(&case, &case.board, "japanese");
        if !agrees(&got, &case.expected, &either_mask(&case)) {
            failures.push(format!(
                "{}\nboard:\n{}expected:\n{}got:\n{}",
                case.title(),
                show(&case.board),
                show(&case.expected),
                show(&got)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn concord_counts_every_surrounded_point() {
    for case in all_cases() {
        let got = map_of(&case, &case.board, "concord");
        assert!(
            agrees(&got, &as_concord(&case.expected), &either_mask(&case)),
            "{}\n{}",
            case.title(),
            show(&got)
        );
    }
}

#[test]
fn the_board_has_no_orientation() {
    for case in all_cases() {
        for k in 1..8 {
            let board = transform(&case.board, k);
            let got = map_of(&case, &board, "japanese");
            assert!(
                agrees(
                    &got,
                    &transform(&case.expected, k),
                    &transform(&either_mask(&case), k)
                ),
                "{} (symmetry {k})\n{}",
                case.title(),
                show(&got)
            );
        }
    }
}

/// `rows` with the colours swapped.
fn swap_colours(rows: &[Vec<char>]) -> Vec<Vec<char>> {
    let swap = |c: char| match c {
        'X' => 'O',
        'O' => 'X',
        'x' => 'o',
        'o' => 'x',
        '#' => '@',
        '@' => '#',
        'F' => 'f',
        'f' => 'F',
        'E' => 'e',
        'e' => 'E',
        'S' => 's',
        's' => 'S',
        c => c,
    };
    rows.iter()
        .map(|r| r.iter().map(|&c| swap(c)).collect())
        .collect()
}

#[test]
fn the_rules_know_no_colour() {
    for case in all_cases() {
        let got = map_of(&case, &swap_colours(&case.board), "japanese");
        assert!(
            agrees(&got, &swap_colours(&case.expected), &either_mask(&case)),
            "{} (colours swapped)\n{}",
            case.title(),
            show(&got)
        );
    }
}

#[test]
fn the_score_adds_up_the_map() {
    // Japanese Rules of Go (1989), Article 8: territory is the eye points of living groups
    // not in seki; the score's parts are the map's counts.
    let rules = builtin("japanese").unwrap();
    for case in all_cases() {
        let (board, _) = settled(&case, &case.board);
        let count = |codes: &[char]| -> usize {
            case.expected
                .iter()
                .flatten()
                .filter(|c| codes.contains(c))
                .count()
        };
        let game = gorules_rules::Game::new(
            rules.clone(),
            gorules_rules::Setup::even(board, gorules_rules::Komi::new(0.0).unwrap()),
        );
        let s = game.score(Counting::Territory);
        assert_eq!(
            (s.black.territory as usize, s.white.territory as usize),
            (count(&['x', '@']), count(&['o', '#'])),
            "{}",
            case.title()
        );
        assert_eq!(
            (
                s.black.false_eyes_not_counted as usize,
                s.white.false_eyes_not_counted as usize
            ),
            (count(&['F']), count(&['f'])),
            "{}",
            case.title()
        );
        assert_eq!(
            (
                s.black.seki_eyes_not_counted as usize,
                s.white.seki_eyes_not_counted as usize
            ),
            (count(&['E']), count(&['e'])),
            "{}",
            case.title()
        );
    }
}

#[test]
fn a_seki_always_names_its_reason() {
    // A region is left out as a seki eye only for a group short of eyes that shares liberties
    // with a group of the other colour short of eyes, or touches it (Japanese Rules of Go,
    // 1989, Article 8: stones in seki "possess dame").
    for case in all_cases() {
        let (board, _) = settled(&case, &case.board);
        let count = RefereeCount::of(&board);
        for seki in &count.sekis {
            assert!(
                !seki.shared_liberties.is_empty() || seki.in_contact,
                "{}",
                case.title()
            );
            assert!(
                !seki.stones[0].is_empty() && !seki.stones[1].is_empty(),
                "{}",
                case.title()
            );
        }
        for g in &count.short_of_eyes {
            assert!(g.eye_value < 2, "{}", case.title());
        }
    }
}

#[test]
fn the_settlement_says_where_it_is_not_sure() {
    // A count that rests on a choice the rules leave open (who fills a dame first), or that the
    // settlement could not read, says so; every other count is sure.
    for case in all_cases() {
        let (board, _) = settled(&case, &case.board);
        let size = board.size();
        let count = RefereeCount::of(&board);
        let mut got: Vec<String> = count
            .doubts
            .iter()
            .flat_map(|d| d.points.iter())
            .map(|p| gorules_board::coords::gtp_point(p, size))
            .collect();
        got.sort();
        got.dedup();
        let mut expected = case.doubt.clone();
        expected.sort();
        assert_eq!(got, expected, "{}: {:?}", case.title(), count.doubts);
    }
}
