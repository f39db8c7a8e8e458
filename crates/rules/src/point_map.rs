//! Each point of a counted board, with whom it counts for and why: the point-by-point map that
//! `score`'s JSON, `annotate` and `diagram` show. One character per point:
//!
//! | code | owner | why |
//! | --- | --- | --- |
//! | `X` / `O` | Black / White | a living stone |
//! | `S` / `s` | Black / White | a stone of a group alive in seki |
//! | `x` / `o` | Black / White | territory |
//! | `#` / `@` | White / Black | a dead black / white stone, its point counted for the other colour |
//! | `.` | nobody | dame (also the point of a dead stone nobody counts) |
//! | `F` / `f` | nobody | a false eye of Black / White: a point that colour must still fill |
//! | `E` / `e` | nobody | a seki eye of Black / White (under a KataGo tax: an owned point outside the regions of independent life) |
//!
//! A ruleset shows only the reasons its count uses: where it counts seki eyes or false eyes
//! as territory, they are `x`/`o`, and their stones `X`/`O`.

use gorules_board::{Board, Color, Point, PointSet, Size};

use crate::rulings::CountedTerritory;

/// What one point of a counted board is, with the colour it concerns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointKind {
    /// A living stone.
    Stone(Color),
    /// A stone of a group alive in seki.
    SekiStone(Color),
    /// Territory of this colour.
    Territory(Color),
    /// A dead stone of this colour, its point counted for the other colour.
    DeadStone(Color),
    /// A false eye of this colour: not counted, the colour must still fill it.
    FalseEye(Color),
    /// A seki eye of this colour, not counted.
    SekiEye(Color),
    /// Dame: nobody's.
    Dame,
}

impl PointKind {
    /// The map's character for it (see the module documentation).
    pub fn code(self) -> char {
        let pick = |c: Color, black: char, white: char| match c {
            Color::Black => black,
            Color::White => white,
        };
        match self {
            PointKind::Stone(c) => pick(c, 'X', 'O'),
            PointKind::SekiStone(c) => pick(c, 'S', 's'),
            PointKind::Territory(c) => pick(c, 'x', 'o'),
            PointKind::DeadStone(c) => pick(c, '#', '@'),
            PointKind::FalseEye(c) => pick(c, 'F', 'f'),
            PointKind::SekiEye(c) => pick(c, 'E', 'e'),
            PointKind::Dame => '.',
        }
    }

    /// The kind a map character stands for; `None` for any other character.
    pub fn from_code(code: char) -> Option<PointKind> {
        let (b, w) = (Color::Black, Color::White);
        Some(match code {
            'X' => PointKind::Stone(b),
            'O' => PointKind::Stone(w),
            'S' => PointKind::SekiStone(b),
            's' => PointKind::SekiStone(w),
            'x' => PointKind::Territory(b),
            'o' => PointKind::Territory(w),
            '#' => PointKind::DeadStone(b),
            '@' => PointKind::DeadStone(w),
            'F' => PointKind::FalseEye(b),
            'f' => PointKind::FalseEye(w),
            'E' => PointKind::SekiEye(b),
            'e' => PointKind::SekiEye(w),
            '.' => PointKind::Dame,
            _ => return None,
        })
    }

    /// Whom the point counts for, or belongs to (a stone's colour): `None` for dame, false
    /// eyes and seki eyes.
    pub fn owner(self) -> Option<Color> {
        match self {
            PointKind::Stone(c) | PointKind::SekiStone(c) | PointKind::Territory(c) => Some(c),
            PointKind::DeadStone(c) => Some(c.opponent()),
            PointKind::FalseEye(_) | PointKind::SekiEye(_) | PointKind::Dame => None,
        }
    }

    /// Why, in words: `stone`, `seki stone`, `territory`, `dead stone`, `false eye`,
    /// `seki eye` or `dame`.
    pub fn reason(self) -> &'static str {
        match self {
            PointKind::Stone(_) => "stone",
            PointKind::SekiStone(_) => "seki stone",
            PointKind::Territory(_) => "territory",
            PointKind::DeadStone(_) => "dead stone",
            PointKind::FalseEye(_) => "false eye",
            PointKind::SekiEye(_) => "seki eye",
            PointKind::Dame => "dame",
        }
    }
}

/// Every point of a counted board, as [`PointKind`]s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointMap {
    size: Size,
    /// Row by row from the top left ([`Size::dense_index`]).
    kinds: Vec<PointKind>,
}

impl PointMap {
    /// The map of `board` (the stones left after the dead ones were removed), the dead stones
    /// `dead` (colour and point, where they stood) and `territory`, the count of `board`
    /// ([`crate::Ruleset::counted_territory_by`]).
    ///
    /// A point is, by precedence: a stone (in seki where `territory` says so); the point of a
    /// dead stone (its first entry in `dead`) that the other colour counts; Black's
    /// territory, false eye or seki eye, then White's; else dame. The map is written from
    /// the point sets, the lowest precedence first, so that a higher one overwrites it.
    pub fn new(board: &Board, dead: &[(Color, Point)], territory: &CountedTerritory) -> PointMap {
        let size = board.size();
        let mut kinds = vec![PointKind::Dame; size.area()];
        let mark = |kinds: &mut Vec<PointKind>, points: &PointSet, kind: PointKind| {
            for p in points.iter() {
                kinds[size.dense_index(p)] = kind;
            }
        };
        let stones = board.stones(Color::Black).union(board.stones(Color::White));
        for c in [Color::White, Color::Black] {
            let i = c.index();
            mark(
                &mut kinds,
                &territory.not_counted[i].difference(&stones),
                PointKind::SekiEye(c),
            );
            mark(
                &mut kinds,
                &territory.false_eyes[i].difference(&stones),
                PointKind::FalseEye(c),
            );
            mark(
                &mut kinds,
                &territory.counted[i].difference(&stones),
                PointKind::Territory(c),
            );
        }
        let mut listed = PointSet::empty(size);
        for &(c, p) in dead {
            if !size.contains(p) || listed.contains(p) {
                continue;
            }
            listed.insert(p);
            if !stones.contains(p) && territory.counted[c.opponent().index()].contains(p) {
                kinds[size.dense_index(p)] = PointKind::DeadStone(c);
            }
        }
        for c in Color::ALL {
            let seki = &territory.seki_stones[c.index()];
            mark(
                &mut kinds,
                &board.stones(c).difference(seki),
                PointKind::Stone(c),
            );
            mark(
                &mut kinds,
                &board.stones(c).intersection(seki),
                PointKind::SekiStone(c),
            );
        }
        PointMap { size, kinds }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The kind of point `p`.
    pub fn get(&self, p: Point) -> PointKind {
        self.kinds[self.size.dense_index(p)]
    }

    /// The map as text, one string of [`PointKind::code`]s per row, the top row first.
    pub fn rows(&self) -> Vec<String> {
        self.kinds
            .chunks(self.size.width() as usize)
            .map(|row| row.iter().map(|k| k.code()).collect())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use gorules_board::diagram::from_diagram;

    use super::*;
    use crate::{builtins, Counting};

    /// The kind of `p` by the precedence [`PointMap::new`] states, asked point by point.
    fn kind_of(
        board: &Board,
        dead: &[(Color, Point)],
        territory: &CountedTerritory,
        p: Point,
    ) -> PointKind {
        if let Some(c) = board.get(p) {
            return if territory.seki_stones[c.index()].contains(p) {
                PointKind::SekiStone(c)
            } else {
                PointKind::Stone(c)
            };
        }
        if let Some(&(c, _)) = dead.iter().find(|(_, q)| *q == p) {
            if territory.counted[c.opponent().index()].contains(p) {
                return PointKind::DeadStone(c);
            }
        }
        for c in Color::ALL {
            let i = c.index();
            if territory.counted[i].contains(p) {
                return PointKind::Territory(c);
            }
            if territory.false_eyes[i].contains(p) {
                return PointKind::FalseEye(c);
            }
            if territory.not_counted[i].contains(p) {
                return PointKind::SekiEye(c);
            }
        }
        PointKind::Dame
    }

    #[test]
    fn every_point_takes_the_reason_of_highest_precedence() {
        // A seki, a false eye and dead stones removed (their points listed, some twice and
        // with both colours), under every built-in ruleset's countings.
        let boards = [
            crate::seki::CLASSIC_SEKI,
            ". X O . O\nX X O O .\nO O O X X\n. O X . X\nO O X X .",
            ". . X O .\n. X . X O\nX . X O .\nX X O O O\n. X O . .",
        ];
        let mut seen = std::collections::BTreeSet::new();
        for text in boards {
            let board = from_diagram(text).unwrap();
            let size = board.size();
            let empty: Vec<Point> = size.points().filter(|&p| board.get(p).is_none()).collect();
            let dead: Vec<(Color, Point)> = empty
                .iter()
                .enumerate()
                .filter(|(k, _)| k % 3 == 0)
                .flat_map(|(k, &p)| {
                    let c = if k % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    [(c, p), (c.opponent(), p)]
                })
                .collect();
            for rules in builtins() {
                for counting in [Counting::Area, Counting::Territory] {
                    let territory = rules.counted_territory_by(&board, counting);
                    let map = PointMap::new(&board, &dead, &territory);
                    for p in size.points() {
                        seen.insert(map.get(p).code());
                        assert_eq!(
                            map.get(p),
                            kind_of(&board, &dead, &territory, p),
                            "{p:?} under {} by {counting:?} on\n{text}",
                            rules.id
                        );
                    }
                }
            }
        }
        // Every reason a point can have came up.
        let codes: String = seen.into_iter().collect();
        assert_eq!(codes, "#.@EFOSXefosx");
    }
}
