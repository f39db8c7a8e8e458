//! Standard fixed handicap placements (GTP `fixed_handicap`).

use std::fmt;

use crate::{Point, Size};

/// A fixed handicap that does not exist for this board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandicapError {
    /// The board size.
    pub size: Size,
    /// The number of stones asked for.
    pub stones: u32,
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no fixed placement for {} handicap stones on {}: fixed handicaps are 2 to 9 stones on \
             square boards of 7x7 and larger (at most 4 on 7x7 and on even sizes)",
            self.stones, self.size
        )
    }
}

impl std::error::Error for HandicapError {}

/// The points of a fixed handicap of `stones` stones (2 to 9), as GTP's `fixed_handicap`
/// places them: star points on the 3rd line for boards smaller than 13x13 and on the 4th line
/// otherwise; 5, 7 and 9 stones add the centre; 6 and more add the side star points. Defined for
/// square boards of 7x7 and up; 7x7 and even sizes (no centre point) take at most 4 stones.
pub fn fixed_handicap(size: Size, stones: u32) -> Result<Vec<Point>, HandicapError> {
    let n = size.width();
    let bad = HandicapError { size, stones };
    if !size.is_square() || n < 7 || !(2..=9).contains(&stones) {
        return Err(bad);
    }
    let max = if n == 7 || n % 2 == 0 { 4 } else { 9 };
    if stones > max {
        return Err(bad);
    }
    let e = if n >= 13 { 3 } else { 2 };
    let (lo, hi, mid) = (e, n - 1 - e, n / 2);
    // (x, y) with y from the top; GTP names for 19x19 in comments.
    let lower_left = Point::new(lo, hi); // D4
    let upper_right = Point::new(hi, lo); // Q16
    let upper_left = Point::new(lo, lo); // D16
    let lower_right = Point::new(hi, hi); // Q4
    let mid_left = Point::new(lo, mid); // D10
    let mid_right = Point::new(hi, mid); // Q10
    let mid_bottom = Point::new(mid, hi); // K4
    let mid_top = Point::new(mid, lo); // K16
    let center = Point::new(mid, mid); // K10
    let mut pts = vec![lower_left, upper_right];
    if stones >= 3 {
        pts.push(upper_left);
    }
    if stones >= 4 {
        pts.push(lower_right);
    }
    if stones >= 6 {
        pts.push(mid_left);
        pts.push(mid_right);
    }
    if stones >= 8 {
        pts.push(mid_bottom);
        pts.push(mid_top);
    }
    if stones % 2 == 1 && stones >= 5 {
        pts.push(center);
    }
    Ok(pts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coords::gtp_point;

    fn names(n: u32, k: u32) -> Vec<String> {
        let size = Size::square(n).unwrap();
        let mut v: Vec<String> = fixed_handicap(size, k)
            .unwrap()
            .into_iter()
            .map(|p| gtp_point(p, size))
            .collect();
        v.sort();
        v
    }

    fn sorted(v: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn gtp_spec_placements() {
        // GTP 2 spec, section "fixed_handicap".
        assert_eq!(names(19, 2), sorted(&["D4", "Q16"]));
        assert_eq!(names(19, 3), sorted(&["D4", "Q16", "D16"]));
        assert_eq!(names(19, 5), sorted(&["D4", "Q16", "D16", "Q4", "K10"]));
        assert_eq!(
            names(19, 6),
            sorted(&["D4", "Q16", "D16", "Q4", "D10", "Q10"])
        );
        assert_eq!(
            names(19, 9),
            sorted(&["D4", "Q16", "D16", "Q4", "D10", "Q10", "K4", "K16", "K10"])
        );
        assert_eq!(
            names(13, 7),
            sorted(&["D4", "K10", "D10", "K4", "D7", "K7", "G7"])
        );
        assert_eq!(names(9, 4), sorted(&["C3", "G7", "C7", "G3"]));
        assert_eq!(
            names(9, 8),
            sorted(&["C3", "G7", "C7", "G3", "C5", "G5", "E3", "E7"])
        );
    }

    #[test]
    fn impossible_placements() {
        let s = |n| Size::square(n).unwrap();
        assert!(fixed_handicap(s(19), 1).is_err());
        assert!(fixed_handicap(s(19), 10).is_err());
        assert!(fixed_handicap(s(5), 2).is_err());
        assert!(fixed_handicap(s(7), 5).is_err());
        assert!(fixed_handicap(s(10), 5).is_err());
        assert_eq!(fixed_handicap(s(10), 4).unwrap().len(), 4);
        assert!(fixed_handicap(Size::new(9, 7).unwrap(), 2).is_err());
    }
}
