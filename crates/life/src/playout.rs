//! One random play-out from a position to its end, and who owns each point then.

use gorules_board::{Board, Color, Enclosure, Point, PointSet, Preview};

/// SplitMix64: small, fast and the same on every platform.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// Whether `c` may not play `p`, seen from its four neighbours alone (most refusals near the
/// end of a play-out, before any preview): the simple-ko point, an own true eye (every
/// neighbour `c`'s, and not a false eye), or the opponent's eye where the stone would capture
/// nothing (a suicide).
#[inline(always)]
fn refused_at_once(board: &Board, c: Color, p: Point, ko: Option<Point>) -> bool {
    match board.enclosure(c, p) {
        Enclosure::Open => ko == Some(p),
        Enclosure::EyeLike => !is_false_eye(board, c, p),
        Enclosure::SingleStoneSuicide => true,
    }
}

/// Whether `c` may play `p` in a play-out: a legal play (free point, no suicide, not the
/// simple-ko point), not one of its own true eyes, and not a self-atari of a chain of several
/// stones unless it captures or is a killing sacrifice ([`is_nakade`]). Filling a shared
/// liberty of a seki is such a self-atari, so seki survives the play-outs as it survives real
/// play. The play's preview when it may.
fn playable(board: &Board, c: Color, p: Point, ko: Option<Point>) -> Option<Preview> {
    if refused_at_once(board, c, p, ko) {
        return None;
    }
    playable_beyond_neighbours(board, c, p)
}

/// [`playable`] for a point that [`refused_at_once`] let through.
fn playable_beyond_neighbours(board: &Board, c: Color, p: Point) -> Option<Preview> {
    let preview = board.preview(c, p).ok()?;
    if preview.suicide > 0 {
        return None;
    }
    if preview.captures > 0 {
        return Some(preview);
    }
    // Two empty neighbours are two liberties: no self-atari, and nothing to look up. Else a
    // play that joins no own chain makes a single stone, which may be in atari.
    let (mut empty, mut joins_own) = (0, false);
    for q in board.size().neighbors(p) {
        match board.get(q) {
            None => empty += 1,
            Some(x) => joins_own |= x == c,
        }
    }
    if empty < 2 && joins_own && board.is_self_atari(c, p) == Ok(true) && !is_nakade(board, c, p) {
        return None;
    }
    Some(preview)
}

/// The most stones a sacrifice of [`is_nakade`] may have.
const NAKADE_STONES: usize = 5;

/// Whether `c` at `p`, a self-atari of several stones that captures nothing, is a killing
/// sacrifice (nakade): the chain it makes has at most five stones, in a shape the opponent
/// cannot make two eyes in once it has captured them ([`is_dead_shape`]), and an opponent
/// chain next to it is left in atari on the same liberty. That chain's only way out is to
/// capture at that liberty, after which its eye space is the shape just captured: dead if `c`
/// then plays its vital point. Without this exception, a group whose only liberties are shared
/// with a few enclosed stones looks like seki to the play-outs when the enclosed side can kill
/// it.
fn is_nakade(board: &Board, c: Color, p: Point) -> bool {
    let size = board.size();
    // The chain the play makes, found by a flood from `p` that gives up past five stones
    // (most self-ataris are of large chains: one step each).
    let mut stones = [p; NAKADE_STONES];
    let mut n = 1;
    let mut k = 0;
    while k < n {
        for q in size.neighbors(stones[k]) {
            if board.get(q) == Some(c) && !stones[..n].contains(&q) {
                if n == NAKADE_STONES {
                    return false;
                }
                stones[n] = q;
                n += 1;
            }
        }
        k += 1;
    }
    let stones = &stones[..n];
    if !is_dead_shape(size, stones) {
        return false;
    }
    // Its one liberty after the play.
    let Some(last) = stones
        .iter()
        .flat_map(|&s| size.neighbors(s))
        .find(|&q| q != p && board.get(q).is_none())
    else {
        return false;
    };
    // An opponent chain next to it whose liberties are `last` and at most `p` besides.
    let opponent = c.opponent();
    if !size.neighbors(last).any(|q| board.get(q) == Some(opponent)) {
        return false;
    }
    stones
        .iter()
        .flat_map(|&s| size.neighbors(s))
        .filter(|&q| board.get(q) == Some(opponent))
        .any(|q| liberties_within(board, q, [p, last]))
}

/// Whether every liberty of the chain through the stone `q` is one of `allowed`: a flood over
/// the chain that stops at the first other liberty (at once, for most chains).
fn liberties_within(board: &Board, q: Point, allowed: [Point; 2]) -> bool {
    let size = board.size();
    let color = board.get(q);
    let mut seen = PointSet::empty(size);
    let mut stack = vec![q];
    seen.insert(q);
    while let Some(s) = stack.pop() {
        for n in size.neighbors(s) {
            match board.get(n) {
                None if !allowed.contains(&n) => return false,
                Some(x) if Some(x) == color && !seen.contains(n) => {
                    seen.insert(n);
                    stack.push(n);
                }
                _ => {}
            }
        }
    }
    true
}

/// Whether the connected points `shape` (at most five) make an eye space in which its owner
/// cannot make two eyes against a player who takes the vital point: three points or fewer, or
/// (by the number of adjacent pairs and the most neighbours a point has within the shape) the
/// square four (four pairs), the pyramid four (a point with three), the bent four in the
/// corner (a corner of the board and both its neighbours: a ko at best, dead under Japanese
/// rules), the bulky five (five pairs: the only five-point shape holding a square) and the
/// crossed five (a point with four). The straight four, the other bent fours and the other
/// fives make two eyes, whoever plays first.
fn is_dead_shape(size: gorules_board::Size, shape: &[Point]) -> bool {
    let inside = |q: &Point| shape.contains(q);
    let degrees: Vec<usize> = shape
        .iter()
        .map(|&s| size.neighbors(s).filter(inside).count())
        .collect();
    let pairs = degrees.iter().sum::<usize>() / 2;
    let most = degrees.iter().copied().max().unwrap_or(0);
    // A corner of the board has two neighbours: both in the shape.
    let bent_in_corner = shape
        .iter()
        .zip(&degrees)
        .any(|(&s, &d)| d == 2 && size.neighbors(s).count() == 2);
    match shape.len() {
        0..=3 => true,
        4 => pairs >= 4 || most == 3 || bent_in_corner,
        5 => pairs >= 5 || most == 4,
        _ => false,
    }
}

/// Whether `c`'s eye-like point `p` (every neighbour `c`'s) is a false eye: the opponent holds
/// two of its diagonal points, or one where `p` is on the edge or in the corner, so the chains
/// around it are not connected through it and the opponent can cut them. Such a point is
/// filled like any other (it joins the chains, which may then fill an outside liberty without
/// a self-atari); a true eye is never filled. The eye rule of Pachi's and Fuego's play-outs.
fn is_false_eye(board: &Board, c: Color, p: Point) -> bool {
    let size = board.size();
    let (w, h) = (i32::from(size.width()), i32::from(size.height()));
    let (x, y) = (i32::from(p.x), i32::from(p.y));
    let mut opponent = 0;
    let mut off_board = false;
    for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        let (qx, qy) = (x + dx, y + dy);
        if qx < 0 || qy < 0 || qx >= w || qy >= h {
            off_board = true;
        } else if board.get(Point::new(qx as u8, qy as u8)) == Some(c.opponent()) {
            opponent += 1;
        }
    }
    opponent + i32::from(off_board) >= 2
}

/// The point `c` should answer the opponent's move at `last` with, if any: the liberty of an
/// opponent chain next to it (or its own) left in atari, which captures it; else the liberty
/// of an own chain next to it put in atari, which extends it (when that is playable: not a
/// self-atari). The "capture" and "save" rules of Monte Carlo Go play-outs (MoGo).
fn urgent(board: &Board, c: Color, last: Point, ko: Option<Point>) -> Option<Point> {
    let size = board.size();
    let around = || std::iter::once(last).chain(size.neighbors(last));
    let take = around()
        .filter(|&q| board.get(q) == Some(c.opponent()))
        .find_map(|q| board.atari_liberty(q))
        .filter(|&l| playable(board, c, l, ko).is_some());
    take.or_else(|| {
        around()
            .filter(|&q| board.get(q) == Some(c))
            .find_map(|q| board.atari_liberty(q))
            .filter(|&l| playable(board, c, l, ko).is_some())
    })
}

/// Plays `c` at `p` (playable; `empties[k]`), keeping `empties` and the ko point.
fn play_at(
    board: &mut Board,
    c: Color,
    p: Point,
    k: usize,
    ko: &mut Option<Point>,
    empties: &mut Vec<Point>,
) {
    let placed = board.play(c, p).expect("checked playable");
    *ko = placed.ko_point;
    empties.swap_remove(k);
    if placed.captured > 0 {
        empties.extend_from_slice(board.last_removed());
    }
}

/// Plays `board` out at random, `first` to move, until both players pass or the move cap is
/// reached, and returns who owns each point then by area: `[black, white]` (stones, and empty
/// points that reach one colour only), and the number of plies played (passes included).
/// `empties` is a buffer reused between play-outs.
pub(crate) fn play_out(
    board: &mut Board,
    first: Color,
    rng: &mut Rng,
    empties: &mut Vec<Point>,
) -> ([PointSet; 2], u32) {
    let mut color = first;
    let mut plies = 0;
    let mut ko = None;
    let mut passes = 0;
    let cap = 3 * board.size().area() + 20;
    // The empty points, kept up to date move by move. Each ply looks at them from a random
    // start onwards, wrapping around, and plays the first one it may (as Pachi's
    // `board_play_random` does): one random number a ply, and a pass costs one sweep.
    empties.clear();
    empties.extend(board.empty_points());
    let mut last: Option<Point> = None;
    for _ in 0..cap {
        plies += 1;
        let mut played = false;
        // First the answer to the last move: capture a chain it left in atari, else save an
        // own chain it put in atari.
        if let Some(p) = last.and_then(|l| urgent(board, color, l, ko)) {
            let k = empties
                .iter()
                .position(|&q| q == p)
                .expect("an urgent point is empty");
            play_at(board, color, p, k, &mut ko, empties);
            last = Some(p);
            played = true;
        }
        let n = empties.len();
        if !played && n > 0 {
            let start = rng.below(n);
            for i in 0..n {
                let k = if start + i < n {
                    start + i
                } else {
                    start + i - n
                };
                let p = empties[k];
                if refused_at_once(board, color, p, ko) {
                    continue;
                }
                if let Some(preview) = playable_beyond_neighbours(board, color, p) {
                    let placed = board
                        .play_previewed(color, p, &preview)
                        .expect("checked playable");
                    ko = placed.ko_point;
                    empties.swap_remove(k);
                    if placed.captured > 0 {
                        empties.extend_from_slice(board.last_removed());
                    }
                    last = Some(p);
                    played = true;
                    break;
                }
            }
        }
        if played {
            passes = 0;
        } else {
            ko = None;
            last = None;
            passes += 1;
            if passes == 2 {
                break;
            }
        }
        color = color.opponent();
    }
    let t = board.territory();
    (
        [
            t.black_stones.union(&t.black),
            t.white_stones.union(&t.white),
        ],
        plies,
    )
}
