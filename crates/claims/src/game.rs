//! A fuzzed game: the board, komi, handicap, the moves (colours alternate), and the stones the
//! players agreed dead at the end. It converts to and from a [`GameRecord`], the agreed-dead
//! stones written as `TB`/`TW` markup in the final node (the CGoban convention that
//! [`GameRecord::dead_stones_from_markup`] reads).

use gorules_board::{Board, Color, ColoredMove, Move, Point, PointSet, Size};
use gorules_rules::Komi;
use gorules_sgf::{GameRecord, TerritoryMarkup};

use crate::expr::GameFacts;

/// A game as the fuzzer makes it.
#[derive(Clone, Debug, PartialEq)]
pub struct FuzzGame {
    /// The board size (square).
    pub size: Size,
    /// Komi, written in the record (`KM`) so that every ruleset uses it.
    pub komi: Komi,
    /// Handicap stones: 0, 1 (Black moves first with no stone placed), or 2 and more.
    pub handicap: u32,
    /// The black stones placed before the first move (as many as `handicap` when it is 2 or
    /// more, none otherwise), in row-major order.
    pub setup: Vec<Point>,
    /// The moves. Colours alternate, starting with [`FuzzGame::first`].
    pub moves: Vec<Move>,
    /// The stones agreed dead after the last move, in row-major order.
    pub dead: Vec<Point>,
}

/// Sorts points row by row, as records list them.
pub(crate) fn sort_points(points: &mut [Point]) {
    points.sort_by_key(|p| (p.y, p.x));
}

impl FuzzGame {
    /// Who moves first: White after two or more handicap stones, otherwise Black.
    pub fn first(&self) -> Color {
        if self.handicap >= 2 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The moves with their colours.
    pub fn colored_moves(&self) -> impl Iterator<Item = ColoredMove> + '_ {
        let first = self.first();
        self.moves
            .iter()
            .enumerate()
            .map(move |(i, &mv)| ColoredMove {
                color: if i % 2 == 0 { first } else { first.opponent() },
                mv,
            })
    }

    /// The board with the handicap stones.
    pub fn setup_board(&self) -> Board {
        if self.setup.is_empty() {
            return Board::new(self.size);
        }
        Board::with_stones(self.size, self.setup.iter().map(|&p| (Color::Black, p)))
            .expect("handicap stones are placed on distinct points with liberties")
    }

    /// The position after the last move (before the dead stones are removed).
    pub fn final_board(&self) -> Board {
        let mut b = self.setup_board();
        for m in self.colored_moves() {
            if let Move::Play(p) = m.mv {
                let _ = b.play_allowing_suicide(m.color, p);
            }
        }
        b
    }

    /// The game as a record: `SZ`, `KM`, `HA`, `AB`, the moves, and the dead stones as `TB`/`TW`
    /// markup in the final node (a black stone on a `TW` point, a white stone on a `TB` point).
    pub fn to_record(&self) -> GameRecord {
        let mut rec = GameRecord::new(self.size);
        rec.komi = Some(self.komi);
        rec.handicap = self.handicap;
        rec.setup = self.setup.iter().map(|&p| (Color::Black, p)).collect();
        rec.moves = self.colored_moves().collect();
        rec.move_nodes = (1..=rec.moves.len()).collect();
        if !self.dead.is_empty() {
            let board = self.final_board();
            let mut markup = TerritoryMarkup::default();
            for &p in &self.dead {
                match board.get(p) {
                    Some(Color::Black) => markup.white.push(p),
                    Some(Color::White) => markup.black.push(p),
                    None => {}
                }
            }
            sort_points(&mut markup.black);
            sort_points(&mut markup.white);
            rec.territory_markup = Some(markup);
        }
        rec
    }

    /// The game a record holds (the dead stones from its `TB`/`TW` markup). The record must
    /// have a square board, only black setup stones (as many as `HA` when it is 2 or more)
    /// and alternating moves starting with the right colour.
    pub fn from_record(rec: &GameRecord) -> Result<FuzzGame, String> {
        if !rec.size.is_square() {
            return Err(format!(
                "the board is {}; fuzzed games are square",
                rec.size
            ));
        }
        if rec.setup.iter().any(|(c, _)| *c == Color::White) {
            return Err("the record places white setup stones".into());
        }
        let mut setup: Vec<Point> = rec.setup.iter().map(|&(_, p)| p).collect();
        sort_points(&mut setup);
        let handicap = rec.handicap_stones();
        if handicap >= 2 && setup.len() != handicap as usize {
            return Err(format!(
                "HA is {handicap} but the record places {} stones",
                setup.len()
            ));
        }
        if handicap < 2 && !setup.is_empty() {
            return Err("setup stones without a handicap".into());
        }
        let mut g = FuzzGame {
            size: rec.size,
            komi: rec.komi.unwrap_or(Komi::ZERO),
            handicap,
            setup,
            moves: rec.moves.iter().map(|m| m.mv).collect(),
            dead: Vec::new(),
        };
        for (i, (want, got)) in g.colored_moves().zip(&rec.moves).enumerate() {
            if want.color != got.color {
                return Err(format!(
                    "move {} is by {} where {} should move: moves must alternate",
                    i + 1,
                    got.color,
                    want.color
                ));
            }
        }
        g.dead = rec.dead_stones_from_markup().unwrap_or_default();
        Ok(g)
    }

    /// The facts about the game that claims may test.
    pub fn facts(&self) -> GameFacts {
        let passes = self.moves.iter().filter(|m| **m == Move::Pass).count() as u32;
        let final_run = self
            .moves
            .iter()
            .rev()
            .take_while(|m| **m == Move::Pass)
            .count() as u32;
        let mut resumptions = 0;
        let mut run = 0;
        for m in &self.moves {
            if *m == Move::Pass {
                run += 1;
            } else {
                if run >= 2 {
                    resumptions += 1;
                }
                run = 0;
            }
        }
        GameFacts {
            size: self.size.width() as u32,
            handicap: self.handicap,
            komi: self.komi.points(),
            moves: self.moves.len() as u32,
            plays: self.moves.len() as u32 - passes,
            passes,
            midgame_passes: passes - final_run,
            resumptions,
            dead: self.dead.len() as u32,
            white_passed_first: self
                .colored_moves()
                .find(|m| m.mv == Move::Pass)
                .is_some_and(|m| m.color == Color::White),
            black_played_last: self
                .colored_moves()
                .filter(|m| m.mv != Move::Pass)
                .last()
                .is_some_and(|m| m.color == Color::Black),
        }
    }

    /// Replaces the dead stones by whole chains of the final position: every chain with a
    /// stone on one of the given points, and nothing else.
    pub fn normalize_dead(&mut self) {
        if self.dead.is_empty() {
            return;
        }
        let board = self.final_board();
        let mut set = PointSet::empty(self.size);
        for &p in &self.dead {
            if set.contains(p) {
                continue;
            }
            if let Some(chain) = board.chain_at(p) {
                for q in chain.stones {
                    set.insert(q);
                }
            }
        }
        let mut dead: Vec<Point> = set.iter().collect();
        sort_points(&mut dead);
        self.dead = dead;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gorules_sgf::{parse_sgf, to_sgf};

    #[test]
    fn round_trips_through_sgf() {
        let size = Size::square(5).unwrap();
        let mut g = FuzzGame {
            size,
            komi: Komi::new(0.5).unwrap(),
            handicap: 2,
            setup: vec![Point::new(1, 1), Point::new(3, 3)],
            moves: vec![
                Move::Play(Point::new(0, 1)),
                Move::Pass,
                Move::Play(Point::new(4, 4)),
                Move::Pass,
                Move::Pass,
            ],
            dead: vec![Point::new(0, 1), Point::new(4, 4)],
        };
        g.normalize_dead();
        assert_eq!(g.dead, vec![Point::new(0, 1), Point::new(4, 4)]);
        let rec = g.to_record();
        let text = to_sgf(&rec);
        assert!(
            text.contains("HA[2]") && text.contains("TB[ab][ee]"),
            "{text}"
        );
        let back = parse_sgf(&text, None).unwrap().remove(0);
        assert_eq!(FuzzGame::from_record(&back).unwrap(), g);
        let f = g.facts();
        assert_eq!(
            (f.passes, f.midgame_passes, f.plays, f.resumptions),
            (3, 1, 2, 0)
        );
    }
}
