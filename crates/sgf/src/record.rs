//! [`GameRecord`]: one game of an SGF file, and what can be asked of it (the final board, the
//! dead stones its markup implies).

use crate::error::{RecordError, RecordErrorKind};
use crate::result::GameResult;
use crate::rules_hint::{ruleset_hint, RulesHint};
use gorules_board::coords::{gtp_point, sgf_point};
use gorules_board::{Board, Color, ColoredMove, Move, PlayError, Point, SetupError, Size};

/// One game of an SGF file: what a ruleset needs to replay and score it, and what a report
/// needs to name it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The board (`SZ`; 19x19 when absent; `SZ[9:7]` is 9 wide and 7 high).
    pub size: Size,
    /// Komi (`KM`), when given.
    pub komi: Option<gorules_rules::Komi>,
    /// Handicap stones (`HA`), 0 when absent.
    pub handicap: u32,
    /// Stones on the board before the first move (`AB`/`AW` of the nodes before it, less `AE`):
    /// Black's stones first, then White's, each in row-major order. A point named twice within
    /// one property (`AB[cc][cc]`) counts once (a list is read as a set); across
    /// properties it is an error.
    pub setup: Vec<(Color, Point)>,
    /// The moves of the main line. A node holding both `B` and `W` gives two moves, in the
    /// order written.
    pub moves: Vec<ColoredMove>,
    /// For each move, the number of its node in the main line (the root is node 0), for
    /// messages.
    pub move_nodes: Vec<usize>,
    /// The rules (`RU`) as written; see [`ruleset_hint`].
    pub rules: Option<String>,
    /// The result (`RE`); an empty `RE[]` counts as absent.
    pub result: Option<GameResult>,
    /// Black's name (`PB`).
    pub black_player: Option<String>,
    /// White's name (`PW`).
    pub white_player: Option<String>,
    /// The game's name (`GN`).
    pub game_name: Option<String>,
    /// The date (`DT`), as written.
    pub date: Option<String>,
    /// Territory marked in the final node of the main line (`TB`/`TW`), if any.
    pub territory_markup: Option<TerritoryMarkup>,
    /// The root node's comment (`C`).
    pub comment: Option<String>,
    /// The file or name the record was read from, for messages (not written to SGF).
    pub source_name: Option<String>,
    /// The position of this game in its file's collection, from 0 (not written to SGF).
    pub game_index: usize,
    /// Passes the record does not write but implies, added to [`GameRecord::moves`]: an empty
    /// node read as a pass, or a colour moving twice in a row read as the other colour's
    /// unrecorded pass between (as CGoban and Sabaki read them). Reports count them as a
    /// warning; `--strict` refuses such a record.
    pub implied_passes: usize,
}

/// Territory marked in a record's final node, as CGoban and KGS write it when a game is scored:
/// `TB` marks Black's territory, `TW` White's, and points holding dead stones are marked as the
/// territory of the side that captures them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TerritoryMarkup {
    /// Points marked `TB`, in row-major order.
    pub black: Vec<Point>,
    /// Points marked `TW`, in row-major order.
    pub white: Vec<Point>,
}

impl TerritoryMarkup {
    /// The dead stones this markup implies on `board` (CGoban/KGS convention): a stone
    /// standing on a point marked as the other colour's territory (a black stone on `TW`, a
    /// white stone on `TB`) is dead; a stone on its own colour's territory, or on no marked
    /// point, is alive. In row-major order.
    pub fn dead_stones(&self, board: &Board) -> Vec<Point> {
        let mut dead: Vec<Point> = self
            .black
            .iter()
            .filter(|&&p| board.get(p) == Some(Color::White))
            .chain(
                self.white
                    .iter()
                    .filter(|&&p| board.get(p) == Some(Color::Black)),
            )
            .copied()
            .collect();
        dead.sort_by_key(|p| (p.y, p.x));
        dead.dedup();
        dead
    }
}

impl GameRecord {
    /// The number of handicap stones: `HA`, or (without `HA`) the black setup stones when
    /// there are at least two and no white ones.
    pub fn handicap_stones(&self) -> u32 {
        if self.handicap > 0 {
            return self.handicap;
        }
        let black = self
            .setup
            .iter()
            .filter(|(c, _)| *c == Color::Black)
            .count();
        let white = self.setup.len() - black;
        if white == 0 && black >= 2 {
            black as u32
        } else {
            0
        }
    }

    /// The first player: the first move's colour, else White after two or more handicap
    /// stones, else Black.
    pub fn first_player(&self) -> Color {
        match self.moves.first() {
            Some(m) => m.color,
            None if self.handicap_stones() >= 2 => Color::White,
            None => Color::Black,
        }
    }

    /// An empty record on a board of this size: no komi, no handicap, no moves.
    pub fn new(size: Size) -> GameRecord {
        GameRecord {
            size,
            komi: None,
            handicap: 0,
            setup: Vec::new(),
            moves: Vec::new(),
            move_nodes: Vec::new(),
            rules: None,
            result: None,
            black_player: None,
            white_player: None,
            game_name: None,
            date: None,
            territory_markup: None,
            comment: None,
            source_name: None,
            game_index: 0,
            implied_passes: 0,
        }
    }

    /// What the `RU` value says about the rules (`None` when there is no `RU`).
    pub fn rules_hint(&self) -> Option<RulesHint> {
        self.rules.as_deref().map(ruleset_hint)
    }

    /// Whether the main line ends with two passes in a row.
    pub fn ended_by_two_passes(&self) -> bool {
        let n = self.moves.len();
        n >= 2 && self.moves[n - 2..].iter().all(|m| m.mv == Move::Pass)
    }

    /// The position after the setup and every move of the main line, replayed with captures;
    /// suicide is allowed (some rulesets permit it and the record is what was played). Ko is
    /// not checked.
    ///
    /// Fails on a move onto an occupied point or setup stones without a liberty; the error
    /// names the move number and node.
    pub fn final_board(&self) -> Result<Board, RecordError> {
        let mut board = self.setup_board()?;
        for (i, m) in self.moves.iter().enumerate() {
            if let Move::Play(p) = m.mv {
                if let Err(e) = board.play_allowing_suicide(m.color, p) {
                    let node = self.move_nodes.get(i).copied().unwrap_or(i + 1);
                    let kind = match e {
                        PlayError::Occupied => RecordErrorKind::Occupied {
                            color: m.color,
                            point: sgf_point(p),
                            gtp: gtp_point(p, self.size),
                        },
                        // A record from this crate has only on-board moves; suicide is allowed.
                        PlayError::OffBoard | PlayError::Suicide { .. } => {
                            RecordErrorKind::MoveOffBoard {
                                color: m.color,
                                value: sgf_point(p),
                                size: self.size,
                            }
                        }
                    };
                    return Err(self.error(kind).at_move(i + 1, node));
                }
            }
        }
        Ok(board)
    }

    /// The board holding the setup stones, before the first move.
    pub fn setup_board(&self) -> Result<Board, RecordError> {
        Board::with_stones(self.size, self.setup.iter().copied()).map_err(|e| {
            let kind = match e {
                SetupError::Occupied(p) => RecordErrorKind::SetupConflict {
                    point: sgf_point(p),
                    first: "a setup stone".into(),
                    second: "another".into(),
                },
                SetupError::OffBoard(p) => RecordErrorKind::PointOffBoard {
                    property: "setup".into(),
                    value: sgf_point(p),
                    size: self.size,
                },
                SetupError::NoLiberty(p) => RecordErrorKind::SetupWithoutLiberty {
                    point: sgf_point(p),
                },
            };
            self.error(kind).at_node(0)
        })
    }

    /// The dead stones the final node's territory markup implies (CGoban/KGS convention): a
    /// stone standing on a point marked as the other colour's territory (a black stone on `TW`,
    /// a white stone on `TB`) is dead. In row-major order.
    ///
    /// `None` when the record has no markup, or when the main line cannot be replayed (see
    /// [`GameRecord::final_board`] for why).
    pub fn dead_stones_from_markup(&self) -> Option<Vec<Point>> {
        let markup = self.territory_markup.as_ref()?;
        let board = self.final_board().ok()?;
        Some(markup.dead_stones(&board))
    }

    fn error(&self, kind: RecordErrorKind) -> RecordError {
        let mut e = RecordError::new(kind);
        e.source_name = self.source_name.clone();
        e.game = (self.game_index > 0).then_some(self.game_index);
        e
    }
}
