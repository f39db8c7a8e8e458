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

use gorules_board::{Board, Color, Point, Size};

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
    pub fn new(board: &Board, dead: &[(Color, Point)], territory: &CountedTerritory) -> PointMap {
        let size = board.size();
        let mut kinds = Vec::with_capacity(size.area());
        for p in size.points() {
            kinds.push(Self::kind(board, dead, territory, p));
        }
        PointMap { size, kinds }
    }

    fn kind(
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
