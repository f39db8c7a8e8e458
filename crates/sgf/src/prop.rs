//! The values of the properties a record is built from, read as typed values: moves, point
//! lists, komi, handicap, board size, text.
//!
//! A property whose values do not read as its type is [`Value::Invalid`], and the record's
//! reader decides what that means (most often an error that quotes the values). The typing
//! rules are SGF's, as the `sgf-parse` crate (4.2) applies them:
//!
//! - a move is one value: empty (a pass) or two letters, `a`-`z` for 0-25 and `A`-`Z` for
//!   26-51 (column, then row);
//! - a point list (`AB`, `AW`, `AE`, `TB`, `TW`) is one or more values, each a point or a
//!   rectangle `ul:lr` whose first corner is above and left of the second; a point named
//!   twice counts once;
//! - `KM` is one real number (as Rust reads `f64`, so `inf` and `1e20` are numbers), `HA` one
//!   integer of at least 2 (`HA[0]` and `HA[1]` are invalid, and read as text by the
//!   record's reader), `SZ` one number or `width:height`, each from 0 to 255;
//! - a text property (`RU`, `RE`, `PB`, `PW`, `GN`, `DT`, `C`) is read from its first value.

use gorules_board::{Color, Point};

use crate::tree::Prop;

/// The largest coordinate a point letter gives (`Z`).
const MAX_COORD: usize = 51;

/// A property, typed.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    /// `B` or `W`: a point, or `None` for a pass.
    Move(Color, Option<Point>),
    /// `AB`, `AW`, `AE`, `TB` or `TW` (the name): the points in row-major order, each once.
    Points(&'static str, Vec<Point>),
    /// `KM`.
    Komi(f64),
    /// `HA` (2 or more).
    Handicap(i64),
    /// `SZ`: width and height.
    Size(u8, u8),
    /// A text property (the name); its text is the property's first value.
    Text(&'static str),
    /// One of the properties above (the name) whose values do not read as its type.
    Invalid(&'static str),
    /// Any other property.
    Other,
}

/// `ident` as a `'static` name, when it is one of the properties a record is built from.
pub(crate) fn known_name(ident: &str) -> Option<&'static str> {
    Some(match ident {
        "B" => "B",
        "W" => "W",
        "AB" => "AB",
        "AW" => "AW",
        "AE" => "AE",
        "TB" => "TB",
        "TW" => "TW",
        "KM" => "KM",
        "HA" => "HA",
        "SZ" => "SZ",
        "RU" => "RU",
        "RE" => "RE",
        "PB" => "PB",
        "PW" => "PW",
        "GN" => "GN",
        "DT" => "DT",
        "C" => "C",
        _ => return None,
    })
}

impl Value {
    /// Types `prop`.
    pub(crate) fn of(prop: &Prop<'_, '_>) -> Value {
        if let Some((color, mv)) = plain_move(prop) {
            return Value::Move(color, mv);
        }
        let ident = prop.ident();
        let Some(name) = known_name(&ident) else {
            return Value::Other;
        };
        let typed = match name {
            "B" | "W" => single(prop).and_then(|v| {
                let color = if name == "B" {
                    Color::Black
                } else {
                    Color::White
                };
                if v.is_empty() {
                    Some(Value::Move(color, None))
                } else {
                    point(&v).map(|p| Value::Move(color, Some(p)))
                }
            }),
            "AB" | "AW" | "AE" | "TB" | "TW" => {
                point_list(prop).map(|pts| Value::Points(name, pts))
            }
            "KM" => single(prop).and_then(|v| v.parse().ok().map(Value::Komi)),
            "HA" => single(prop)
                .and_then(|v| v.parse::<i64>().ok())
                .filter(|&n| n >= 2)
                .map(Value::Handicap),
            "SZ" => single(prop).and_then(|v| size(&v)),
            _ => Some(Value::Text(name)),
        };
        typed.unwrap_or(Value::Invalid(name))
    }
}

/// A move written the common way, read without the general path: `B` or `W` as written,
/// with one value that is empty (a pass) or two letters (a point, which no escape can be
/// part of): its colour, and its point or `None` for a pass. `None` for anything else, which
/// [`Value::of`] then reads the general way, to the same typed value when it is a move.
#[inline]
pub(crate) fn plain_move(prop: &Prop<'_, '_>) -> Option<(Color, Option<Point>)> {
    if let Some(typed) = prop.typed_move() {
        return Some(typed);
    }
    if prop.len() != 1 {
        return None;
    }
    move_from_bytes(prop.raw_ident(), prop.raw_first())
}

/// A move from the bytes of a property with one value, identifier then value, as
/// [`plain_move`] reads it.
#[inline]
pub(crate) fn move_from_bytes(ident: &[u8], value: &[u8]) -> Option<(Color, Option<Point>)> {
    let color = match ident {
        b"B" => Color::Black,
        b"W" => Color::White,
        _ => return None,
    };
    match *value {
        [] => Some((color, None)),
        [x, y] => Some((color, Some(Point::new(coord(x)?, coord(y)?)))),
        _ => None,
    }
}

/// The value of a property that must have exactly one.
fn single<'a>(prop: &Prop<'_, 'a>) -> Option<std::borrow::Cow<'a, str>> {
    (prop.len() == 1).then(|| prop.first())
}

/// `SZ`'s value: `n` or `w:h`, each a `u8`.
fn size(v: &str) -> Option<Value> {
    if v.contains(':') {
        let (w, h) = compose(v)?;
        Some(Value::Size(w.parse().ok()?, h.parse().ok()?))
    } else {
        let n = v.parse().ok()?;
        Some(Value::Size(n, n))
    }
}

/// The two halves of a composed value `a:b` (exactly one `:`).
fn compose(v: &str) -> Option<(&str, &str)> {
    let (a, b) = v.split_once(':')?;
    (!b.contains(':')).then_some((a, b))
}

/// A point: exactly two letters, column then row.
pub(crate) fn point(v: &str) -> Option<Point> {
    // Two letters are two bytes; a value of two bytes that are not both letters, or of any
    // other length, is not a point.
    match *v.as_bytes() {
        [x, y] => Some(Point::new(coord(x)?, coord(y)?)),
        _ => None,
    }
}

/// A coordinate letter: `a`-`z` for 0-25, `A`-`Z` for 26-51.
fn coord(c: u8) -> Option<u8> {
    match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    }
}

/// The points of a point list, row-major, each once; `None` when a value is neither a point
/// nor a rectangle or when the list is empty.
fn point_list(prop: &Prop<'_, '_>) -> Option<Vec<Point>> {
    // Every point of a rectangle is pushed, and rectangles may overlap: duplicates are
    // dropped whenever the list grows past what the coordinates allow, so its size stays
    // bounded whatever the text.
    const BOUND: usize = 2 * (MAX_COORD + 1) * (MAX_COORD + 1);
    let mut points = Vec::new();
    for v in prop.values() {
        if v.contains(':') {
            let (a, b) = compose(&v)?;
            let (ul, lr) = (point(a)?, point(b)?);
            if ul.x > lr.x || ul.y > lr.y {
                return None;
            }
            for y in ul.y..=lr.y {
                points.extend((ul.x..=lr.x).map(|x| Point::new(x, y)));
            }
            if points.len() > BOUND {
                sort_points(&mut points);
            }
        } else {
            points.push(point(&v)?);
        }
    }
    sort_points(&mut points);
    (!points.is_empty()).then_some(points)
}

/// Sorts points in row-major order and drops repeats.
fn sort_points(points: &mut Vec<Point>) {
    points.sort_unstable_by_key(|p| (p.y, p.x));
    points.dedup();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_two_letters() {
        assert_eq!(point("aa"), Some(Point::new(0, 0)));
        assert_eq!(point("sd"), Some(Point::new(18, 3)));
        assert_eq!(point("aC"), Some(Point::new(0, 28)));
        assert_eq!(point("ZZ"), Some(Point::new(51, 51)));
        for bad in ["", "a", "abc", "a1", "é a", "a é"] {
            assert_eq!(point(bad), None, "{bad}");
        }
    }

    fn typed(text: &str) -> Vec<Value> {
        let c = crate::tree::parse(text).unwrap();
        let node = c.line(&c.trees[0])[0].clone();
        c.props(node).map(|p| Value::of(&p)).collect()
    }

    #[test]
    fn point_lists_are_sets_of_points_and_rectangles() {
        let pts = |v: &[(u8, u8)]| v.iter().map(|&(x, y)| Point::new(x, y)).collect();
        // Rectangles `pq:ss` (4x3) and `lr:ns` (3x2) and the point `so`: 19 points.
        let mut want: Vec<(u8, u8)> = (15..=18)
            .flat_map(|x| (16..=18).map(move |y| (x, y)))
            .collect();
        want.extend((11..=13).flat_map(|x| (17..=18).map(move |y| (x, y))));
        want.push((18, 14));
        want.sort_by_key(|&(x, y)| (y, x));
        assert_eq!(
            typed("(;AB[pq:ss][so][lr:ns])"),
            [Value::Points("AB", pts(&want))]
        );
        // A point named twice, in two values or a value and a rectangle, counts once.
        assert_eq!(
            typed("(;AW[cc][cc][aa:cc])"),
            [Value::Points(
                "AW",
                pts(&[
                    (0, 0),
                    (1, 0),
                    (2, 0),
                    (0, 1),
                    (1, 1),
                    (2, 1),
                    (0, 2),
                    (1, 2),
                    (2, 2)
                ])
            )]
        );
        // Corners in the wrong order, an empty value, a bad point: not a list.
        for text in ["(;AB[cc:aa])", "(;TB[])", "(;AE[c])", "(;TW[aa:bb:cc])"] {
            assert!(matches!(typed(text)[..], [Value::Invalid(_)]), "{text}");
        }
    }

    #[test]
    fn moves_numbers_and_texts() {
        assert_eq!(typed("(;B[])"), [Value::Move(Color::Black, None)]);
        assert_eq!(
            typed("(;W[tt])"),
            [Value::Move(Color::White, Some(Point::new(19, 19)))]
        );
        assert_eq!(
            typed("(;GM[1]W[rp.pmonpoqprpsornqmpm])"),
            [Value::Other, Value::Invalid("W")]
        );
        assert_eq!(typed("(;B[aa][bb])"), [Value::Invalid("B")]);
        assert_eq!(
            typed("(;KM[6.5]HA[3]SZ[9:7])"),
            [Value::Komi(6.5), Value::Handicap(3), Value::Size(9, 7)]
        );
        assert_eq!(
            typed("(;KM[6,5]HA[1]SZ[300])"),
            [
                Value::Invalid("KM"),
                Value::Invalid("HA"),
                Value::Invalid("SZ")
            ]
        );
        assert_eq!(
            typed("(;RE[B+R][x]PlayerBlack[a]XY[z])"),
            [Value::Text("RE"), Value::Text("PB"), Value::Other]
        );
    }

    #[test]
    fn sizes_are_numbers_or_pairs() {
        assert_eq!(size("19"), Some(Value::Size(19, 19)));
        assert_eq!(size("9:7"), Some(Value::Size(9, 7)));
        assert_eq!(size("0"), Some(Value::Size(0, 0)));
        for bad in ["300", "-9", "9:", "9:9:9", "", " 9", "nine"] {
            assert_eq!(size(bad), None, "{bad}");
        }
    }
}
