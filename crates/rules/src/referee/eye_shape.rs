//! How many eyes an eye space of two points or more is worth, by its shape: the classical
//! eye shapes of life and death. A space of two or three points makes one eye (the opponent
//! takes the vital point of three); of four, two unless it is the square or the "T" (the
//! pyramid four); of five, two unless it is the "bulky five" (a square with one more point)
//! or the cross; of six, two unless it is the "rabbity six" (the cross with a square in it);
//! of seven or more, two. A space of one point is judged apart (real or false eye, see
//! [`super::false_eyes`]).
//!
//! The values are those of an empty space whose owner answers every play inside it: they do
//! not read shortage of liberties, and a bent four in the corner counts as two.

/// The number of eyes (1 or 2) a connected eye space of `points.len() >= 2` points is worth;
/// `points` are indices on a grid `width` cells wide (row by row).
pub(super) fn eye_value(points: &[u32], width: usize) -> u8 {
    let n = points.len();
    if n <= 3 {
        return 1;
    }
    if n >= 7 {
        return 2;
    }
    let mut buffer = [(0i32, 0i32); 6];
    for (c, &i) in buffer.iter_mut().zip(points) {
        *c = ((i as usize % width) as i32, (i as usize / width) as i32);
    }
    let coords = &buffer[..n];
    let has = |x: i32, y: i32| coords.contains(&(x, y));
    let degree = |&(x, y): &(i32, i32)| {
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .iter()
            .filter(|&&(a, b)| has(a, b))
            .count()
    };
    let max_degree = coords.iter().map(degree).max().unwrap_or(0);
    let has_square = coords
        .iter()
        .any(|&(x, y)| has(x + 1, y) && has(x, y + 1) && has(x + 1, y + 1));
    let dead_shape = match n {
        // The square, and the pyramid four (one point next to the three others).
        4 => has_square || max_degree == 3,
        // The bulky five, and the cross.
        5 => has_square || max_degree == 4,
        // The rabbity six: the cross with one more point that closes a square.
        _ => has_square && max_degree == 4,
    };
    if dead_shape {
        1
    } else {
        2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dense indices of the `#` of a small picture, on a board 9 points wide.
    fn shape(picture: &str) -> Vec<u32> {
        picture
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .enumerate()
            .flat_map(|(y, line)| {
                line.chars()
                    .enumerate()
                    .filter(|(_, c)| *c == '#')
                    .map(move |(x, _)| (y * 9 + x) as u32)
            })
            .collect()
    }

    #[test]
    fn the_classical_shapes() {
        // Values from the classical eye shapes: straight, bent and zigzag four live; the
        // square and the pyramid four, the bulky five, the cross and the rabbity six are
        // killed by a play on their vital point; seven points or more always live.
        let cases = [
            ("##", 1),
            ("###", 1),
            ("##\n.#", 1),
            ("####", 2),
            ("###\n..#", 2),
            ("##.\n.##", 2),
            ("##\n##", 1),
            ("###\n.#.", 1),
            ("#####", 2),
            ("###\n##.", 1),
            (".#.\n###\n.#.", 1),
            ("###\n#.#", 2),
            ("######", 2),
            ("###\n###", 2),
            (".#.\n###\n.##", 1),
            (".#..\n####\n.#..", 2),
            ("#######", 2),
            ("###\n###\n#..", 2),
        ];
        for (picture, value) in cases {
            assert_eq!(eye_value(&shape(picture), 9), value, "{picture}");
        }
    }
}
