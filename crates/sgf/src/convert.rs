//! A game tree's main line turned into a [`GameRecord`]: board size, komi, handicap, setup
//! stones, moves (with the passes the record implies), text properties and territory markup,
//! each checked, and each error tied to the property it is about ([`Fail`]).

use gorules_board::coords::sgf_point;
use gorules_board::{Color, ColoredMove, Point, Size};
use gorules_rules::implied_pass;
use std::collections::BTreeMap;
use std::ops::Range;

use crate::error::{RecordError, RecordErrorKind};
use crate::prop::{known_name, plain_move, Value};
use crate::tree::{Collection, Prop, Tree};
use crate::{GameRecord, GameResult, TerritoryMarkup};

/// Where an error is, before it is turned into a line and column.
pub(crate) enum At {
    Nowhere,
    Offset(usize),
    /// The `occurrence`-th property `ident` of main-line node `node`.
    Prop {
        node: usize,
        ident: &'static str,
        occurrence: usize,
    },
}

pub(crate) struct Fail {
    pub err: Box<RecordError>,
    pub at: At,
}

impl Fail {
    pub(crate) fn at(kind: RecordErrorKind, at: At) -> Fail {
        Fail {
            err: Box::new(RecordError::new(kind)),
            at,
        }
    }

    /// An error about property `ident` of node `node`.
    pub(crate) fn prop(
        kind: RecordErrorKind,
        node: usize,
        ident: &'static str,
        occurrence: usize,
    ) -> Fail {
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

/// A non-empty trimmed text, or `None`.
fn text_value(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_string())
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

/// A property's values as written (escapes removed), for messages.
fn values_of(prop: &Prop<'_, '_>) -> Vec<String> {
    prop.values().map(|v| v.into_owned()).collect()
}

fn read_size(prop: &Prop<'_, '_>, value: &Value) -> Result<Size, RecordErrorKind> {
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
    let (w, h) = match value {
        Value::Size(w, h) => (*w as u64, *h as u64),
        _ => {
            let values = values_of(prop);
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
    };
    let clamp = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    Size::new(clamp(w), clamp(h)).map_err(|_| out_of_range(shown(w, h), w, h))
}

fn read_komi(
    prop: &Prop<'_, '_>,
    value: &Value,
) -> Result<Option<gorules_rules::Komi>, RecordErrorKind> {
    let checked = |k: f64, written: &str| {
        gorules_rules::Komi::new(k)
            .map(Some)
            .map_err(|_| RecordErrorKind::KomiOutOfRange {
                value: written.to_string(),
            })
    };
    match *value {
        // The number is kept, not its text: a huge one is shown as `1e20`.
        Value::Komi(k) if k.is_finite() && k.abs() >= 1e6 => checked(k, &format!("{k:e}")),
        Value::Komi(k) if k.is_finite() => checked(k, &k.to_string()),
        Value::Komi(k) => Err(RecordErrorKind::KomiNotNumber {
            value: k.to_string(),
        }),
        _ => {
            let values = values_of(prop);
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
    }
}

fn read_handicap(prop: &Prop<'_, '_>, value: &Value) -> Result<u32, RecordErrorKind> {
    match *value {
        Value::Handicap(n) => u32::try_from(n).map_err(|_| RecordErrorKind::HandicapNotNumber {
            value: n.to_string(),
        }),
        _ => {
            let values = values_of(prop);
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
    }
}

/// The points of a point list, each checked against the board.
fn read_points(
    property: &'static str,
    points: &[Point],
    size: Size,
) -> Result<Vec<Point>, RecordErrorKind> {
    points
        .iter()
        .map(|&p| {
            size.contains(p)
                .then_some(p)
                .ok_or_else(|| RecordErrorKind::PointOffBoard {
                    property: property.into(),
                    value: sgf_point(p),
                    size,
                })
        })
        .collect()
}

/// How many properties before property `i` of main-line node `node` (a range of properties)
/// are named `name`: which of its node's `name`s an error is about.
fn occurrence(collection: &Collection<'_>, node: &Range<usize>, i: usize, name: &str) -> usize {
    collection
        .props(node.clone())
        .take(i)
        .filter(|p| known_name(&p.ident()) == Some(name))
        .count()
}

/// Builds the record from the main line of a Go game tree.
pub(crate) fn convert(collection: &Collection<'_>, tree: &Tree) -> Result<GameRecord, Fail> {
    let line = collection.line(tree);

    // The size first: every point depends on it.
    let mut size = Size::square(19).expect("19x19 is a valid size");
    if let Some(root) = line.first() {
        if let Some(prop) = collection.props(root.clone()).find(|p| p.ident() == "SZ") {
            size = read_size(&prop, &Value::of(&prop)).map_err(|k| Fail::prop(k, 0, "SZ", 0))?;
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

    for (n, node) in line.iter().enumerate() {
        for (i, prop) in collection.props(node.clone()).enumerate() {
            // Moves first: most properties are moves, and no other case reads them. A move
            // written the usual way is typed from its bytes.
            let value = match plain_move(&prop) {
                Some((color, mv)) => Value::Move(color, mv),
                None => Value::of(&prop),
            };
            if let Value::Move(color, mv) = value {
                let m = match mv {
                    None => ColoredMove::pass(color),
                    // A point on the board is a move; `tt` is off every board it is a pass on.
                    Some(p) if size.contains(p) => ColoredMove::play(color, p),
                    Some(p)
                        if p.x == 19 && p.y == 19 && size.width() <= 19 && size.height() <= 19 =>
                    {
                        // `tt`: the old way to write a pass.
                        ColoredMove::pass(color)
                    }
                    Some(p) => {
                        let name = if color == Color::Black { "B" } else { "W" };
                        let mut f = Fail::prop(
                            RecordErrorKind::MoveOffBoard {
                                color,
                                value: sgf_point(p),
                                size,
                            },
                            n,
                            name,
                            occurrence(collection, node, i, name),
                        );
                        f.err.move_number = Some(rec.moves.len() + 1);
                        return Err(f);
                    }
                };
                rec.moves.push(m);
                rec.move_nodes.push(n);
                continue;
            }
            let name = match value {
                Value::Points(name, _) | Value::Text(name) | Value::Invalid(name) => name,
                Value::Komi(_) => "KM",
                Value::Handicap(_) => "HA",
                Value::Size(..) => "SZ",
                Value::Move(..) | Value::Other => "",
            };
            let here =
                |k: RecordErrorKind| Fail::prop(k, n, name, occurrence(collection, node, i, name));
            let setup_name = matches!(name, "AB" | "AW" | "AE");
            let markup_name = matches!(name, "TB" | "TW");
            match value {
                Value::Text(id) => set_text(&mut rec, id, &prop.first(), n),
                Value::Komi(_) | Value::Invalid("KM") if !komi_seen => {
                    komi_seen = true;
                    rec.komi = read_komi(&prop, &value).map_err(|k| Fail::prop(k, n, "KM", 0))?;
                }
                Value::Handicap(_) | Value::Invalid("HA") if handicap_at.is_none() => {
                    handicap_at = Some(n);
                    rec.handicap =
                        read_handicap(&prop, &value).map_err(|k| Fail::prop(k, n, "HA", 0))?;
                }
                Value::Points(_, ref points) if setup_name => {
                    if !rec.moves.is_empty() {
                        return Err(here(RecordErrorKind::SetupAfterMoves {
                            property: name.into(),
                        }));
                    }
                    for p in read_points(name, points, size).map_err(here)? {
                        let key = (p.y, p.x);
                        let color = match name {
                            "AB" => Color::Black,
                            "AW" => Color::White,
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
                Value::Invalid(_)
                    if setup_name
                        && prop.values().all(|v| v.trim().is_empty())
                        && rec.moves.is_empty() =>
                {
                    // `AB[]`: an empty list, nothing to place.
                }
                Value::Invalid(_) if setup_name && !rec.moves.is_empty() => {
                    return Err(here(RecordErrorKind::SetupAfterMoves {
                        property: name.into(),
                    }));
                }
                Value::Invalid(_) if setup_name || (markup_name && n == last) => {
                    if markup_name && prop.values().all(|v| v.trim().is_empty()) {
                        // `TB[]`: an empty list.
                        rec.territory_markup
                            .get_or_insert_with(TerritoryMarkup::default);
                    } else {
                        return Err(here(RecordErrorKind::BadPointList {
                            property: name.into(),
                            values: values_of(&prop),
                        }));
                    }
                }
                Value::Invalid(id @ ("B" | "W")) => {
                    let color = if id == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let mut f = here(RecordErrorKind::BadMove {
                        color,
                        values: values_of(&prop),
                    });
                    f.err.move_number = Some(rec.moves.len() + 1);
                    return Err(f);
                }
                Value::Points(_, ref points) if markup_name && n == last => {
                    let points = read_points(name, points, size).map_err(here)?;
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
                _ => {}
            }
        }
    }

    let empty_nodes: Vec<usize> = line
        .iter()
        .enumerate()
        .filter(|(_, props)| props.is_empty())
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
        return Err(ha(RecordErrorKind::HandicapMismatch {
            handicap: rec.handicap,
            black_stones,
        }));
    }
    Ok(rec)
}

/// Adds the passes a record implies but does not write: a colour that moves twice in a row
/// has the other colour's pass between ([`gorules_rules::implied_pass`], the rule the GTP
/// engine reads a `play` out of turn by), at the empty node between them if there is one (GNU
/// Go writes a pass as an empty node, `;B[fa];;W[fb]`), else at the second move's node. Once a
/// record has shown that it writes passes as empty nodes, the empty nodes after its last move
/// are passes too, colours alternating; elsewhere an empty node is nothing (some editors leave
/// one at the end of a record). The count is kept in [`GameRecord::implied_passes`].
///
/// `empty_nodes` are the numbers of the main line's empty nodes, in order. Linear in the
/// record's moves and empty nodes.
fn passes_from_empty_nodes(rec: &mut GameRecord, empty_nodes: &[usize]) {
    if rec.moves.len() < 2 {
        return;
    }
    // The pass a move implies after the one before it, moved by its colour.
    let implied =
        |before: &ColoredMove, m: &ColoredMove| implied_pass(before.color.opponent(), m.color);
    let twice = rec
        .moves
        .windows(2)
        .any(|w| implied(&w[0], &w[1]).is_some());
    if !twice {
        return;
    }
    let mut moves = Vec::with_capacity(rec.moves.len() + empty_nodes.len() + 4);
    let mut nodes = Vec::with_capacity(moves.capacity());
    let mut shown = false;
    // The first empty node not before the move looked at: the moves' nodes only grow, so one
    // pass over the empty nodes serves every pair of moves (no search from the start).
    let mut next_empty = 0;
    for i in 0..rec.moves.len() {
        let pass = i
            .checked_sub(1)
            .and_then(|before| implied(&rec.moves[before], &rec.moves[i]));
        if let Some(pass) = pass {
            let (from, to) = (rec.move_nodes[i - 1], rec.move_nodes[i]);
            while empty_nodes.get(next_empty).is_some_and(|&n| n <= from) {
                next_empty += 1;
            }
            let node = match empty_nodes.get(next_empty) {
                Some(&n) if n < to => {
                    shown = true;
                    n
                }
                _ => to,
            };
            moves.push(pass);
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
    use crate::parse_sgf;

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

    /// The passes implied, worked out the plain way (for each colour moving twice, the
    /// first empty node between the two moves, searched from the start), to hold the
    /// one-pass reading to.
    fn implied_plainly(kinds: &[u8]) -> Vec<(ColoredMove, usize)> {
        // Node n + 1 is kinds[n]: 0 empty, 1 Black's pass, 2 White's pass, 3 both (B then W).
        let mut moves = Vec::new();
        let mut empty = Vec::new();
        for (n, &k) in kinds.iter().enumerate() {
            match k {
                0 => empty.push(n + 1),
                1 => moves.push((ColoredMove::pass(Color::Black), n + 1)),
                2 => moves.push((ColoredMove::pass(Color::White), n + 1)),
                _ => {
                    moves.push((ColoredMove::pass(Color::Black), n + 1));
                    moves.push((ColoredMove::pass(Color::White), n + 1));
                }
            }
        }
        if !moves.windows(2).any(|w| w[0].0.color == w[1].0.color) {
            return moves;
        }
        let mut out: Vec<(ColoredMove, usize)> = Vec::new();
        let mut shown = false;
        for i in 0..moves.len() {
            if i > 0 && moves[i].0.color == moves[i - 1].0.color {
                let (from, to) = (moves[i - 1].1, moves[i].1);
                let at = empty.iter().find(|&&n| from < n && n < to).copied();
                shown |= at.is_some();
                out.push((
                    ColoredMove::pass(moves[i].0.color.opponent()),
                    at.unwrap_or(to),
                ));
            }
            out.push(moves[i]);
        }
        if shown {
            let last = moves.last().unwrap().1;
            for &n in empty.iter().filter(|&&n| n > last) {
                let color = out.last().unwrap().0.color.opponent();
                out.push((ColoredMove::pass(color), n));
            }
        }
        out
    }

    proptest::proptest! {
        #[test]
        fn implied_passes_are_those_of_the_plain_reading(
            kinds in proptest::collection::vec(0u8..4, 0..40)
        ) {
            let mut text = String::from("(;SZ[5]");
            for k in &kinds {
                text.push_str([";", ";B[]", ";W[]", ";B[]W[]"][*k as usize]);
            }
            text.push(')');
            let r = parse_sgf(&text, None).unwrap().remove(0);
            let got: Vec<(ColoredMove, usize)> =
                r.moves.iter().copied().zip(r.move_nodes.iter().copied()).collect();
            proptest::prop_assert_eq!(got, implied_plainly(&kinds), "{}", text);
        }
    }
}
