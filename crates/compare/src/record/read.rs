//! Reading SGF into [`GameRecord`]s.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashSet};
use std::ops::Range;
use std::path::Path;

use gorules_board::coords::sgf_point;
use gorules_board::{Color, ColoredMove, Point, Size};
use sgf_parse::go::{self, Prop};
use sgf_parse::{GameTree, SgfNode, SgfParseError, SgfProp};

use super::error::{Location, RecordError, RecordErrorKind};
use super::scan::{self, LexFault, TokKind};
use super::{GameRecord, GameResult, TerritoryMarkup};

/// The deepest node nesting accepted (the longest chain of nodes, variations included).
///
/// `sgf-parse` builds and drops its trees recursively, one stack frame per level; deeper
/// trees are refused so no file can overflow the stack. Trees deeper than a few thousand
/// nodes are parsed on a thread with a stack sized for them.
pub const MAX_TREE_DEPTH: usize = 100_000;

/// Up to this depth, parse on the caller's thread: about a quarter of a megabyte of stack in
/// a debug build (a 2 MiB thread stack holds ~8,000 levels). Real games stay well below.
const INLINE_DEPTH: usize = 1_000;

/// Reads every game of an SGF file. The errors name the file.
///
/// The file is read as UTF-8, or as Latin-1 when it is not valid UTF-8 (old records often
/// are; structure is ASCII either way).
pub fn read_sgf_file(path: impl AsRef<Path>) -> Result<Vec<GameRecord>, RecordError> {
    let path = path.as_ref();
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        let mut err = RecordError::new(RecordErrorKind::Io {
            message: e.to_string(),
        });
        err.source_name = Some(name.clone());
        err
    })?;
    parse_sgf_bytes(&bytes, Some(&name))
}

/// Reads every game of SGF given as bytes: UTF-8, or Latin-1 when not valid UTF-8 (a leading
/// UTF-8 byte-order mark is skipped).
pub fn parse_sgf_bytes(
    bytes: &[u8],
    source_name: Option<&str>,
) -> Result<Vec<GameRecord>, RecordError> {
    parse_sgf(&sgf_text(bytes), source_name)
}

/// SGF bytes as text, as [`parse_sgf_bytes`] reads them: UTF-8, or Latin-1 when not valid
/// UTF-8.
pub fn sgf_text(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| b as char).collect()),
    }
}

/// Reads every game of an SGF collection (one [`GameRecord`] per game tree, in file order).
///
/// `source_name` (a file name, say) is used in error messages and kept in the records.
/// Errors give the line and column when the problem can be pinned to a place in the text.
pub fn parse_sgf(text: &str, source_name: Option<&str>) -> Result<Vec<GameRecord>, RecordError> {
    parse_sgf_games(text, source_name)?.into_iter().collect()
}

/// Reads every game of an SGF collection, each on its own: a game that cannot be read (a
/// truncated last game, an illegal property) is an error in its place, and the others are
/// still read. The outer error is for a text with no game at all.
pub fn parse_sgf_games(
    text: &str,
    source_name: Option<&str>,
) -> Result<Vec<Result<GameRecord, RecordError>>, RecordError> {
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    match parse_whole(text, start, source_name) {
        Some(games) => Ok(games.into_iter().map(Ok).collect()),
        None => parse_by_tree(text, start, source_name),
    }
}

/// [`parse_sgf_games`] of SGF given as bytes (UTF-8, or Latin-1 when not valid UTF-8).
pub fn parse_sgf_bytes_games(
    bytes: &[u8],
    source_name: Option<&str>,
) -> Result<Vec<Result<GameRecord, RecordError>>, RecordError> {
    parse_sgf_games(&sgf_text(bytes), source_name)
}

/// [`parse_sgf`] tree by tree: each top-level tree of `text[start..]` (text outside trees
/// skipped) is handed to `sgf-parse` alone, on a big stack when it is deep, and each error is
/// placed in the text.
fn parse_by_tree(
    text: &str,
    start: usize,
    source_name: Option<&str>,
) -> Result<Vec<Result<GameRecord, RecordError>>, RecordError> {
    let spans = scan::split_trees(text, start);
    let fail = |mut e: RecordError, at: Option<usize>| {
        e.source_name = source_name.map(str::to_string);
        e.location = at.map(|o| {
            let (line, column) = scan::line_col(text, o);
            Location { line, column }
        });
        e
    };
    if spans.is_empty() {
        return Err(fail(RecordError::new(RecordErrorKind::NoGame), None));
    }
    let several = spans.len() > 1;
    let mut games = Vec::with_capacity(spans.len());
    for (g, span) in spans.into_iter().enumerate() {
        let range = span.range.clone();
        let result = if span.depth > MAX_TREE_DEPTH {
            Err(Fail::at(
                RecordErrorKind::TooDeep {
                    depth: span.depth,
                    limit: MAX_TREE_DEPTH,
                },
                At::Offset(range.start),
            ))
        } else if span.depth <= INLINE_DEPTH {
            parse_tree(text, range.clone(), span.depth)
        } else {
            on_big_stack(span.depth, || parse_tree(text, range.clone(), span.depth))
        };
        games.push(match result {
            Ok(mut rec) => {
                rec.source_name = source_name.map(str::to_string);
                rec.game_index = g;
                Ok(rec)
            }
            Err(f) => {
                let offset = match f.at {
                    At::Nowhere => None,
                    At::Offset(o) => Some(o),
                    At::Prop {
                        node,
                        ident,
                        occurrence,
                    } => scan::locate_property(text, range, node, ident, occurrence),
                };
                let mut e = fail(*f.err, offset);
                if several {
                    e.game = Some(g);
                }
                Err(e)
            }
        });
    }
    Ok(games)
}

/// [`parse_sgf`] in the common case, at the cost of `sgf-parse` alone: the text from its first
/// game tree on is a collection of Go games that `sgf-parse` reads and that all convert, with
/// too few nodes (`;`) to nest deeper than [`INLINE_DEPTH`]. `None` otherwise (text between
/// or after the trees, an error anywhere, a deep tree): then [`parse_sgf`] reads the trees one
/// by one ([`parse_by_tree`]), which finds and places the error, and gives the same records
/// when there is none.
fn parse_whole(text: &str, start: usize, source_name: Option<&str>) -> Option<Vec<GameRecord>> {
    let first = scan::next_tree_start(text, start)?;
    let rest = &text[first..];
    if rest.bytes().filter(|&b| b == b';').count() > INLINE_DEPTH {
        return None;
    }
    // A `(` that starts no node (`()`, or a bracket in a comment) is read differently by
    // `sgf-parse` (an empty game) and by the tree-by-tree reading (not a tree): leave such a
    // text to the latter.
    let bytes = rest.as_bytes();
    let lone_bracket = bytes.iter().enumerate().any(|(i, &b)| {
        b == b'('
            && bytes[i + 1..]
                .iter()
                .find(|c| !c.is_ascii_whitespace())
                .is_some_and(|&c| c != b';')
    });
    if lone_bracket {
        return None;
    }
    let trees = sgf_parse::parse(rest).ok()?;
    let mut games = Vec::with_capacity(trees.len());
    for (g, tree) in trees.into_iter().enumerate() {
        let GameTree::GoGame(root) = tree else {
            return None;
        };
        let mut rec = convert(&root).ok()?;
        rec.source_name = source_name.map(str::to_string);
        rec.game_index = g;
        games.push(rec);
    }
    Some(games)
}

/// Runs `f` on a thread whose stack fits a tree `depth` nodes deep.
fn on_big_stack<F>(depth: usize, f: F) -> Result<GameRecord, Fail>
where
    F: FnOnce() -> Result<GameRecord, Fail> + Send,
{
    let stack = (16 << 20) + depth * 1024;
    std::thread::scope(|s| {
        let spawned = std::thread::Builder::new()
            .name("sgf-parse".into())
            .stack_size(stack)
            .spawn_scoped(s, f);
        match spawned {
            Ok(handle) => handle.join().unwrap_or_else(|_| {
                Err(Fail::at(
                    RecordErrorKind::Thread {
                        message: "the parser thread panicked".into(),
                    },
                    At::Nowhere,
                ))
            }),
            Err(e) => Err(Fail::at(
                RecordErrorKind::Thread {
                    message: e.to_string(),
                },
                At::Nowhere,
            )),
        }
    })
}

/// Where an error is, before it is turned into a line and column.
enum At {
    Nowhere,
    Offset(usize),
    /// The `occurrence`-th property `ident` of main-line node `node`.
    Prop {
        node: usize,
        ident: &'static str,
        occurrence: usize,
    },
}

struct Fail {
    err: Box<RecordError>,
    at: At,
}

impl Fail {
    fn at(kind: RecordErrorKind, at: At) -> Fail {
        Fail {
            err: Box::new(RecordError::new(kind)),
            at,
        }
    }

    /// An error about property `ident` of node `node`.
    fn prop(kind: RecordErrorKind, node: usize, ident: &'static str, occurrence: usize) -> Fail {
        Fail {
            err: Box::new(RecordError::new(kind).at_node(node)),
            at: At::Prop {
                node,
                ident,
                occurrence,
            },
        }
    }
}

/// Parses the game tree in `text[range]`, `depth` nodes deep, with `sgf-parse` and converts
/// its main line.
fn parse_tree(text: &str, range: Range<usize>, depth: usize) -> Result<GameRecord, Fail> {
    let mut trees = match sgf_parse::parse(&text[range.clone()]) {
        Ok(trees) => trees,
        Err(e) => return Err(parse_error(text, range, e)),
    };
    // The range holds exactly one tree; keep the first and take the rest apart.
    let tree = match trees.len() {
        0 => return Err(Fail::at(RecordErrorKind::NoGame, At::Offset(range.start))),
        _ => trees.swap_remove(0),
    };
    trees.into_iter().for_each(dismantle_tree);
    match tree {
        GameTree::GoGame(root) => {
            let result = convert(&root);
            // A tree that `sgf-parse` could build on this stack can be dropped on it too.
            if depth > INLINE_DEPTH {
                dismantle(root);
            }
            result
        }
        GameTree::Unknown(root) => {
            let gm = match root.get_property("GM") {
                Some(sgf_parse::unknown_game::Prop::GM(n)) => n.to_string(),
                _ => "?".into(),
            };
            dismantle(root);
            Err(Fail::prop(RecordErrorKind::NotGo { gm }, 0, "GM", 0))
        }
    }
}

fn dismantle_tree(tree: GameTree) {
    match tree {
        GameTree::GoGame(n) => dismantle(n),
        GameTree::Unknown(n) => dismantle(n),
    }
}

/// Drops a tree without recursing (dropping it normally recurses once per level).
fn dismantle<P: SgfProp>(root: SgfNode<P>) {
    let mut stack = vec![root];
    while let Some(mut node) = stack.pop() {
        stack.append(&mut node.children);
    }
}

/// Explains an `sgf-parse` error and finds where it happened.
fn parse_error(text: &str, range: Range<usize>, e: SgfParseError) -> Fail {
    let toks = || scan::tokens(text, range.clone());
    let ident_at = |start: usize| -> String {
        text[start..]
            .chars()
            .take_while(|&c| c != '[' && c.is_ascii() && !c.is_ascii_whitespace())
            .take(12)
            .collect()
    };
    let (reason, at): (String, Option<usize>) = match e {
        SgfParseError::LexerError(_) => match scan::first_lex_fault(text, range.clone()) {
            Some(LexFault::UnclosedValue {
                bracket: _,
                ident_start,
            }) => (
                format!(
                    "unterminated property value: {}[ is never closed by ']'",
                    ident_at(ident_start)
                ),
                Some(ident_start),
            ),
            Some(LexFault::MissingValue { ident_start }) => (
                format!(
                    "\"{}\" is not followed by a [value] before the end of the file",
                    ident_at(ident_start)
                ),
                Some(ident_start),
            ),
            Some(LexFault::BadIdentChar { at }) => (
                format!(
                    "unexpected character {:?} in a property name",
                    text[at..].chars().next().unwrap_or('?')
                ),
                Some(at),
            ),
            None => (e.to_string(), None),
        },
        SgfParseError::UnexpectedGameTreeStart => {
            let t = toks();
            let at = t
                .windows(2)
                .find(|w| w[0].kind == TokKind::Open && w[1].kind == TokKind::Open)
                .map(|w| w[1].start);
            ("a variation \"(\" must come after a node \";\"".into(), at)
        }
        SgfParseError::UnexpectedProperty => {
            let t = toks();
            let mut prev: Option<&TokKind> = None;
            let mut at = None;
            for tok in &t {
                if matches!(tok.kind, TokKind::Prop { .. })
                    && !matches!(prev, Some(TokKind::Node) | Some(TokKind::Prop { .. }))
                {
                    at = Some(tok.start);
                    break;
                }
                prev = Some(&tok.kind);
            }
            match at {
                Some(at) => (
                    "a property outside any node (a \";\" is missing before it)".into(),
                    Some(at),
                ),
                None => {
                    // The other cause: GM given twice in the root node.
                    let nodes = scan::scan_nodes(text, range.clone());
                    let second_gm = nodes
                        .first()
                        .and_then(|root| root.props.iter().filter(|p| p.ident == "GM").nth(1));
                    (
                        "GM is given twice in the root node".into(),
                        second_gm.map(|p| p.start),
                    )
                }
            }
        }
        SgfParseError::UnexpectedEndOfData | SgfParseError::UnexpectedGameTreeEnd => {
            let (line, column) = scan::line_col(text, range.start);
            (
                format!(
                    "the game tree opened at line {line}, column {column} is never closed \
                     (a \")\" is missing)"
                ),
                Some(range.end),
            )
        }
        SgfParseError::InvalidGameType => {
            let nodes = scan::scan_nodes(text, range.clone());
            let gm = nodes
                .first()
                .and_then(|root| root.props.iter().find(|p| p.ident == "GM"));
            let shown = gm
                .map(|p| {
                    p.values
                        .iter()
                        .map(|v| text[v.clone()].to_string())
                        .collect::<Vec<_>>()
                        .join("][")
                })
                .unwrap_or_default();
            (
                format!("GM[{shown}] is not a game number (Go is GM[1])"),
                gm.map(|p| p.start),
            )
        }
        other => (other.to_string(), Some(range.start)),
    };
    Fail::at(
        RecordErrorKind::Malformed {
            reason: format!("{reason} (sgf-parse: {e})"),
        },
        at.map_or(At::Nowhere, At::Offset),
    )
}

/// Which property a value came from, for messages and locations.
fn prop_name(p: &Prop) -> &'static str {
    match p {
        Prop::AB(_) => "AB",
        Prop::AW(_) => "AW",
        Prop::AE(_) => "AE",
        Prop::TB(_) => "TB",
        Prop::TW(_) => "TW",
        Prop::B(_) => "B",
        Prop::W(_) => "W",
        _ => "",
    }
}

fn static_ident(id: &str) -> &'static str {
    match id {
        "AB" => "AB",
        "AW" => "AW",
        "AE" => "AE",
        "TB" => "TB",
        "TW" => "TW",
        "B" => "B",
        "W" => "W",
        "SZ" => "SZ",
        "KM" => "KM",
        "HA" => "HA",
        _ => "",
    }
}

/// A non-empty trimmed text, or `None`.
fn text_value(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// The game-information and comment properties kept as text: identifier and value (the first
/// value when several are given where one is expected).
fn text_property(prop: &Prop) -> Option<(&'static str, &str)> {
    Some(match prop {
        Prop::RU(t) => ("RU", &t.text),
        Prop::RE(t) => ("RE", &t.text),
        Prop::PB(t) => ("PB", &t.text),
        Prop::PW(t) => ("PW", &t.text),
        Prop::GN(t) => ("GN", &t.text),
        Prop::DT(t) => ("DT", &t.text),
        Prop::C(t) => ("C", &t.text),
        Prop::Invalid(id, values) => {
            let id = match id.as_str() {
                "RU" => "RU",
                "RE" => "RE",
                "PB" => "PB",
                "PW" => "PW",
                "GN" => "GN",
                "DT" => "DT",
                "C" => "C",
                _ => return None,
            };
            (id, values.first().map_or("", String::as_str))
        }
        _ => return None,
    })
}

/// Keeps the first non-empty value of each text property (the root's for the comment).
fn set_text(rec: &mut GameRecord, id: &str, value: &str, node: usize) {
    let slot = match id {
        "RU" => &mut rec.rules,
        "PB" => &mut rec.black_player,
        "PW" => &mut rec.white_player,
        "GN" => &mut rec.game_name,
        "DT" => &mut rec.date,
        "RE" => {
            if rec.result.is_none() {
                rec.result = text_value(value).map(|s| GameResult::parse(&s));
            }
            return;
        }
        _ => {
            if node == 0 {
                rec.comment = Some(value.to_string());
            }
            return;
        }
    };
    if slot.is_none() {
        *slot = text_value(value);
    }
}

fn read_size(prop: &Prop) -> Result<Size, RecordErrorKind> {
    let out_of_range = |value: String, w: u64, h: u64| RecordErrorKind::SizeOutOfRange {
        value,
        width: w,
        height: h,
    };
    let shown = |w: u64, h: u64| {
        if w == h {
            w.to_string()
        } else {
            format!("{w}:{h}")
        }
    };
    let (w, h) = match prop {
        Prop::SZ((w, h)) => (*w as u64, *h as u64),
        Prop::Invalid(_, values) => {
            let joined = values.join("][");
            let not_numeric = || RecordErrorKind::SizeNotNumeric {
                value: joined.clone(),
            };
            let [value] = values.as_slice() else {
                return Err(not_numeric());
            };
            let parts: Vec<&str> = value.split(':').map(str::trim).collect();
            let nums: Option<Vec<u64>> = parts.iter().map(|p| p.parse::<u64>().ok()).collect();
            match nums.as_deref() {
                Some([n]) => (*n, *n),
                Some([w, h]) => (*w, *h),
                _ => return Err(not_numeric()),
            }
        }
        _ => (19, 19),
    };
    let clamp = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    Size::new(clamp(w), clamp(h)).map_err(|_| out_of_range(shown(w, h), w, h))
}

fn read_komi(prop: &Prop) -> Result<Option<f64>, RecordErrorKind> {
    let checked = |k: f64, written: &str| {
        gorules_rules::Komi::new(k)
            .map(|k| Some(k.points()))
            .map_err(|_| RecordErrorKind::KomiOutOfRange {
                value: written.to_string(),
            })
    };
    match prop {
        // The parser keeps the number, not its text: a huge one is shown as `1e20`.
        Prop::KM(k) if k.is_finite() && k.abs() >= 1e6 => checked(*k, &format!("{k:e}")),
        Prop::KM(k) if k.is_finite() => checked(*k, &k.to_string()),
        Prop::KM(k) => Err(RecordErrorKind::KomiNotNumber {
            value: k.to_string(),
        }),
        Prop::Invalid(_, values) => {
            let bad = || RecordErrorKind::KomiNotNumber {
                value: values.join("]["),
            };
            let [value] = values.as_slice() else {
                return Err(bad());
            };
            let t = value.trim();
            if t.is_empty() {
                return Ok(None);
            }
            // A decimal comma (KM[6,5]) is unambiguous; accept it.
            match t.replace(',', ".").parse::<f64>() {
                Ok(k) if k.is_finite() => checked(k, t),
                _ => Err(bad()),
            }
        }
        _ => Ok(None),
    }
}

fn read_handicap(prop: &Prop) -> Result<u32, RecordErrorKind> {
    match prop {
        Prop::HA(n) => u32::try_from(*n).map_err(|_| RecordErrorKind::HandicapNotNumber {
            value: n.to_string(),
        }),
        Prop::Invalid(_, values) => {
            let bad = || RecordErrorKind::HandicapNotNumber {
                value: values.join("]["),
            };
            let [value] = values.as_slice() else {
                return Err(bad());
            };
            let t = value.trim();
            if t.is_empty() {
                return Ok(0);
            }
            t.parse::<u32>().map_err(|_| bad())
        }
        _ => Ok(0),
    }
}

fn on_board(p: go::Point, size: Size) -> Option<Point> {
    let q = Point::new(p.x, p.y);
    size.contains(q).then_some(q)
}

/// The points of a point list, row-major, each checked against the board.
fn read_points(
    property: &'static str,
    set: &HashSet<go::Point>,
    size: Size,
) -> Result<Vec<Point>, RecordErrorKind> {
    let mut pts: Vec<go::Point> = set.iter().copied().collect();
    pts.sort_by_key(|p| (p.y, p.x));
    pts.into_iter()
        .map(|p| {
            on_board(p, size).ok_or_else(|| RecordErrorKind::PointOffBoard {
                property: property.into(),
                value: sgf_point(Point::new(p.x, p.y)),
                size,
            })
        })
        .collect()
}

/// Builds the record from the root of a Go game tree.
fn convert(root: &SgfNode<Prop>) -> Result<GameRecord, Fail> {
    let line: Vec<&SgfNode<Prop>> = root.main_variation().collect();

    // The size first: every point depends on it.
    let mut size = Size::square(19).expect("19x19 is a valid size");
    for prop in &root.properties {
        let is_sz = match prop {
            Prop::SZ(_) => true,
            Prop::Invalid(id, _) => id == "SZ",
            _ => false,
        };
        if is_sz {
            size = read_size(prop).map_err(|k| Fail::prop(k, 0, "SZ", 0))?;
            break;
        }
    }

    let mut rec = GameRecord::new(size);
    // About one move per node.
    rec.moves.reserve(line.len());
    rec.move_nodes.reserve(line.len());
    let mut komi_seen = false;
    let mut handicap_at: Option<usize> = None;
    // Setup stones by (row, column): colour and the property that placed them.
    let mut setup: BTreeMap<(u8, u8), (Color, &'static str)> = BTreeMap::new();
    let last = line.len().saturating_sub(1);

    // How often each property name occurred so far in the node (a few names: a short list,
    // reused from node to node).
    let mut seen: Vec<(&'static str, usize)> = Vec::new();
    for (n, node) in line.iter().enumerate() {
        seen.clear();
        for prop in &node.properties {
            let name = match prop {
                Prop::Invalid(id, _) => static_ident(id),
                other => prop_name(other),
            };
            let occurrence = match seen.iter_mut().find(|(id, _)| *id == name) {
                Some((_, c)) => {
                    *c += 1;
                    *c - 1
                }
                None => {
                    seen.push((name, 1));
                    0
                }
            };
            let here = |k: RecordErrorKind| Fail::prop(k, n, name, occurrence);
            if let Some((id, value)) = text_property(prop) {
                set_text(&mut rec, id, value, n);
                continue;
            }
            match prop {
                Prop::KM(_) if !komi_seen => {
                    komi_seen = true;
                    rec.komi = read_komi(prop).map_err(|k| Fail::prop(k, n, "KM", 0))?;
                }
                Prop::HA(_) if handicap_at.is_none() => {
                    handicap_at = Some(n);
                    rec.handicap = read_handicap(prop).map_err(|k| Fail::prop(k, n, "HA", 0))?;
                }
                Prop::Invalid(id, _) if id == "KM" && !komi_seen => {
                    komi_seen = true;
                    rec.komi = read_komi(prop).map_err(|k| Fail::prop(k, n, "KM", 0))?;
                }
                Prop::Invalid(id, _) if id == "HA" && handicap_at.is_none() => {
                    handicap_at = Some(n);
                    rec.handicap = read_handicap(prop).map_err(|k| Fail::prop(k, n, "HA", 0))?;
                }
                Prop::AB(set) | Prop::AW(set) | Prop::AE(set) => {
                    if !rec.moves.is_empty() {
                        return Err(here(RecordErrorKind::SetupAfterMoves {
                            property: name.into(),
                        }));
                    }
                    let points = read_points(name, set, size).map_err(here)?;
                    for p in points {
                        let key = (p.y, p.x);
                        let color = match prop {
                            Prop::AB(_) => Color::Black,
                            Prop::AW(_) => Color::White,
                            _ => {
                                setup.remove(&key);
                                continue;
                            }
                        };
                        if let Some(&(_, first)) = setup.get(&key) {
                            return Err(here(RecordErrorKind::SetupConflict {
                                point: sgf_point(p),
                                first: first.into(),
                                second: name.into(),
                            }));
                        }
                        setup.insert(key, (color, name));
                    }
                }
                Prop::Invalid(id, values)
                    if matches!(id.as_str(), "AB" | "AW" | "AE")
                        && values.iter().all(|v| v.trim().is_empty())
                        && rec.moves.is_empty() =>
                {
                    // `AB[]`: an empty list, nothing to place.
                }
                Prop::Invalid(id, _)
                    if matches!(id.as_str(), "AB" | "AW" | "AE") && !rec.moves.is_empty() =>
                {
                    return Err(here(RecordErrorKind::SetupAfterMoves {
                        property: name.into(),
                    }));
                }
                Prop::Invalid(id, values) if matches!(id.as_str(), "AB" | "AW" | "AE") => {
                    return Err(here(RecordErrorKind::BadPointList {
                        property: name.into(),
                        values: values.clone(),
                    }));
                }
                Prop::B(mv) | Prop::W(mv) => {
                    let color = if matches!(prop, Prop::B(_)) {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let m = match mv {
                        go::Move::Pass => ColoredMove::pass(color),
                        go::Move::Move(p)
                            if p.x == 19
                                && p.y == 19
                                && size.width() <= 19
                                && size.height() <= 19 =>
                        {
                            // `tt`: the old way to write a pass.
                            ColoredMove::pass(color)
                        }
                        go::Move::Move(p) => match on_board(*p, size) {
                            Some(q) => ColoredMove::play(color, q),
                            None => {
                                let mut f = here(RecordErrorKind::MoveOffBoard {
                                    color,
                                    value: sgf_point(Point::new(p.x, p.y)),
                                    size,
                                });
                                f.err.move_number = Some(rec.moves.len() + 1);
                                return Err(f);
                            }
                        },
                    };
                    rec.moves.push(m);
                    rec.move_nodes.push(n);
                }
                Prop::Invalid(id, values) if id == "B" || id == "W" => {
                    let color = if id == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let mut f = here(RecordErrorKind::BadMove {
                        color,
                        values: values.clone(),
                    });
                    f.err.move_number = Some(rec.moves.len() + 1);
                    return Err(f);
                }
                Prop::TB(set) | Prop::TW(set) if n == last => {
                    let points = read_points(name, set, size).map_err(here)?;
                    let markup = rec
                        .territory_markup
                        .get_or_insert_with(TerritoryMarkup::default);
                    let side = if name == "TB" {
                        &mut markup.black
                    } else {
                        &mut markup.white
                    };
                    side.extend(points);
                    side.sort_by_key(|p| (p.y, p.x));
                    side.dedup();
                }
                Prop::Invalid(id, values)
                    if (id == "TB" || id == "TW")
                        && n == last
                        && values.iter().all(|v| v.trim().is_empty()) =>
                {
                    // `TB[]`: an empty list (sgf-parse only reads non-empty ones).
                    rec.territory_markup
                        .get_or_insert_with(TerritoryMarkup::default);
                }
                Prop::Invalid(id, values) if (id == "TB" || id == "TW") && n == last => {
                    return Err(here(RecordErrorKind::BadPointList {
                        property: name.into(),
                        values: values.clone(),
                    }));
                }
                _ => {}
            }
        }
    }

    let empty_nodes: Vec<usize> = line
        .iter()
        .enumerate()
        .filter(|(_, node)| node.properties.is_empty())
        .map(|(n, _)| n)
        .collect();
    passes_from_empty_nodes(&mut rec, &empty_nodes);

    rec.setup = setup
        .iter()
        .filter(|(_, (c, _))| *c == Color::Black)
        .chain(setup.iter().filter(|(_, (c, _))| *c == Color::White))
        .map(|(&(y, x), &(c, _))| (c, Point::new(x, y)))
        .collect();

    let black_stones = setup.values().filter(|(c, _)| *c == Color::Black).count();
    let ha = |kind| Fail::prop(kind, handicap_at.unwrap_or(0), "HA", 0);
    if rec.handicap as usize > size.area() {
        return Err(ha(RecordErrorKind::HandicapTooLarge {
            handicap: rec.handicap,
            size,
        }));
    }
    if rec.handicap >= 2 && black_stones == 0 {
        return Err(ha(RecordErrorKind::HandicapWithoutStones {
            handicap: rec.handicap,
        }));
    }
    if rec.handicap >= 2 && black_stones > 0 && black_stones as u64 != rec.handicap as u64 {
        return Err(Fail::prop(
            RecordErrorKind::HandicapMismatch {
                handicap: rec.handicap,
                black_stones,
            },
            handicap_at.unwrap_or(0),
            "HA",
            0,
        ));
    }
    Ok(rec)
}

/// Adds the passes a record implies but does not write: a colour that moves twice in a row
/// has the other colour's pass between, at the empty node between them if there is one (GNU
/// Go writes a pass as an empty node, `;B[fa];;W[fb]`), else at the second move's node. Once a
/// record has shown that it writes passes as empty nodes, the empty nodes after its last move
/// are passes too, colours alternating; elsewhere an empty node is nothing (some editors leave
/// one at the end of a record). The count is kept in [`GameRecord::implied_passes`].
fn passes_from_empty_nodes(rec: &mut GameRecord, empty_nodes: &[usize]) {
    if rec.moves.len() < 2 {
        return;
    }
    let twice = rec.moves.windows(2).any(|w| w[0].color == w[1].color);
    if !twice {
        return;
    }
    let mut moves = Vec::with_capacity(rec.moves.len() + empty_nodes.len() + 4);
    let mut nodes = Vec::with_capacity(moves.capacity());
    let mut shown = false;
    for i in 0..rec.moves.len() {
        if i > 0 && rec.moves[i].color == rec.moves[i - 1].color {
            let (from, to) = (rec.move_nodes[i - 1], rec.move_nodes[i]);
            let node = match empty_nodes.iter().find(|&&n| from < n && n < to) {
                Some(&n) => {
                    shown = true;
                    n
                }
                None => to,
            };
            moves.push(ColoredMove::pass(rec.moves[i].color.opponent()));
            nodes.push(node);
            rec.implied_passes += 1;
        }
        moves.push(rec.moves[i]);
        nodes.push(rec.move_nodes[i]);
    }
    if shown {
        let last_node = *rec.move_nodes.last().expect("two moves or more");
        for &n in empty_nodes.iter().filter(|&&n| n > last_node) {
            let color = moves.last().expect("moves").color.opponent();
            moves.push(ColoredMove::pass(color));
            nodes.push(n);
            rec.implied_passes += 1;
        }
    }
    rec.moves = moves;
    rec.move_nodes = nodes;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GNU Go writes a pass as an empty node; a record shows the convention by two moves of
    /// one colour around one, and its trailing empty nodes are then passes too.
    #[test]
    fn empty_nodes_are_passes_where_the_record_writes_them_so() {
        let read = |t: &str| parse_sgf(t, None).unwrap().remove(0);
        let r = read("(;SZ[5];B[aa];W[bb];;W[cc];B[dd];;)");
        let colors: String = r
            .moves
            .iter()
            .map(|m| match (m.color, m.mv) {
                (Color::Black, gorules_board::Move::Pass) => 'b',
                (Color::White, gorules_board::Move::Pass) => 'w',
                (Color::Black, _) => 'B',
                (Color::White, _) => 'W',
            })
            .collect();
        assert_eq!(colors, "BWbWBwb");
        assert_eq!(r.move_nodes, vec![1, 2, 3, 4, 5, 6, 7]);
        assert!(r.ended_by_two_passes());
        assert_eq!(r.implied_passes, 3);
        // No move out of turn: an empty node, even at the end, is nothing.
        let r = read("(;SZ[5];B[aa];W[bb];;B[cc];;)");
        assert_eq!(r.moves.len(), 3);
        assert!(!r.ended_by_two_passes());
        // A colour moving twice: the other's pass between, at the second move's node (a
        // node with only a comment is not an empty node).
        let r = read("(;SZ[5];B[aa];W[bb];C[hm];W[cc])");
        assert_eq!(r.moves.len(), 4);
        assert_eq!(r.moves[2], ColoredMove::pass(Color::Black));
        assert_eq!(r.move_nodes, vec![1, 2, 4, 4]);
        assert_eq!(r.implied_passes, 1);
        // In turn throughout: nothing implied.
        assert_eq!(read("(;SZ[5];B[aa];W[bb];B[];W[])").implied_passes, 0);
    }

    /// Whenever the whole text reads at once, it reads as tree by tree.
    #[test]
    fn reading_at_once_gives_what_reading_tree_by_tree_gives() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/sgf");
        let mut texts: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
            .collect();
        texts.extend(
            [
                "(;GM[1]SZ[5];B[cc];W[dd];B[];W[])",
                "\u{feff}(;SZ[9]KM[6.5];B[ee])",
                "prose (with parens) and ;semicolons\n(;SZ[9];B[ee];W[ff])\n(;SZ[13]HA[2]AB[dd][jj];W[gg])\n",
                "(;SZ[9];B[ee])  junk after",
                "(;SZ[9];B[ee]) ; B[ff]",
                "(;SZ[9];B[ee])junk(;SZ[9];W[ee])",
                "(;SZ[9];B[ee]))(;SZ[9])",
                "(;SZ[9]C[a (;tree) in a comment \\] and brackets];B[ee](;W[ff])(;W[gg];B[hh]))",
                "(;GM[1])(;GM[2]SZ[9])",
                "(;SZ[3])(;SZ[3];B[aa];W[];B[]);()",
                "(;);()",
                "(;SZ[9]CoPyright[x]PlayerBlack[y];B[ee])",
                "(;SZ[9]KM[six];B[ee])",
                "(;SZ[9];B[zz])",
                "(;SZ[9];B[ee]",
            ]
            .map(String::from),
        );
        let mut at_once = 0;
        for text in &texts {
            let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
            if let Some(games) = parse_whole(text, start, Some("f.sgf")) {
                let by_tree: Result<Vec<GameRecord>, RecordError> =
                    parse_by_tree(text, start, Some("f.sgf"))
                        .and_then(|games| games.into_iter().collect());
                assert_eq!(Ok(games), by_tree, "{text}");
                at_once += 1;
            }
        }
        assert!(at_once >= 10, "{at_once} of {} read at once", texts.len());
    }
}
