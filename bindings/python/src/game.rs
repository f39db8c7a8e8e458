//! `gorules.Game`: one game under one ruleset, played move by move (`gorules_rules::Game`):
//! legality with the reason, the end-of-play protocol, settlement and the score breakdown.

use std::sync::{Mutex, MutexGuard};

use gorules_board::coords::gtp_move;
use gorules_board::diagram::to_diagram;
use gorules_board::{Board, Color, Move};
use gorules_compare::replay::ScoreReport;
use gorules_rules::{Game, MoveReport, SettlementReport, Setup, Status};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args;
use crate::errors::{gorules_error, illegal_move};
use crate::ruleset::PyRuleset;

/// One game under one ruleset, played move by move: a legality and scoring engine.
///
/// `Game(size, rules="chinese", komi=None, handicap=0)`: `size` is `19` or `(width, height)`;
/// `rules` a built-in id, a TOML path or a `Ruleset`; `komi` by default the ruleset's for
/// that handicap; `handicap` stones go on the standard points and White moves first.
///
/// Colours are `"black"`/`"white"` (or `"b"`/`"w"`). Vertices are GTP points (`"D4"`; rows
/// count from the bottom, no column `I`), `"pass"`, or `(x, y)` tuples: column from the left
/// and row from the top, from 0 (SGF order; `(3, 15)` is D4 on 19x19).
///
/// A game may be shared by threads: each call runs alone (the game is locked for its
/// duration), so moves from two threads come in whatever order the threads make them.
#[pyclass(module = "gorules._gorules", name = "Game", frozen)]
pub struct PyGame {
    game: Mutex<Game>,
    /// The board size (it never changes).
    size: gorules_board::Size,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (size=None, rules=None, komi=None, handicap=0))]
    fn new(
        size: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = args::komi_arg)] komi: Option<f64>,
        #[pyo3(from_py_with = args::handicap)] handicap: u32,
    ) -> PyResult<PyGame> {
        let size = match size {
            Some(s) => args::size(s)?,
            None => gorules_board::Size::square(19).expect("19x19 is a board size"),
        };
        let rules = match rules {
            None => crate::ruleset::load_ruleset("chinese")?,
            Some(r) => {
                let mut list = args::rulesets(Some(r))?;
                if list.len() != 1 {
                    return Err(gorules_error(
                        "rules: a game is played under one ruleset: give one id, TOML path or Ruleset",
                    ));
                }
                list.remove(0)
            }
        };
        let komi = gorules_rules::game_komi(args::komi(komi)?, None, &rules, handicap).0;
        let setup = if handicap == 0 {
            Setup::even(Board::new(size), komi)
        } else {
            Setup::handicap(size, handicap, komi)
                .map_err(|e| gorules_error(format!("handicap {handicap}: {e}")))?
        };
        let game = Game::new(rules, setup);
        Ok(PyGame {
            game: Mutex::new(game),
            size,
        })
    }

    /// Plays `color`'s move at `vertex` (or `"pass"`) and returns what happened: `captured`,
    /// `suicided` (own stones removed by a suicide the rules allow), `resumed` (the move
    /// resumed play after it had ended), `final_pass` (the pass that finished the game) and
    /// `illegal` (`None`, or why the rules forbid the move).
    ///
    /// A move the rules forbid is refused with `IllegalMoveError` and the game is unchanged;
    /// with `allow_illegal=True` it is handled as the ruleset says instead (replaced by a pass,
    /// or the game lost) and `illegal` says why. A move that is not a move of the game at all
    /// (out of turn, an occupied point, off the board, the game over) is always refused.
    #[pyo3(signature = (color, vertex, *, allow_illegal=false))]
    fn play<'py>(
        &self,
        py: Python<'py>,
        color: &str,
        vertex: &Bound<'py, PyAny>,
        allow_illegal: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let c = args::color(color)?;
        let mv = args::vertex(vertex, self.size)?;
        self.play_move(py, c, mv, allow_illegal)
    }

    /// Passes for `color` (`play(color, "pass")`).
    fn pass_<'py>(&self, py: Python<'py>, color: &str) -> PyResult<Bound<'py, PyDict>> {
        let c = args::color(color)?;
        self.play_move(py, c, Move::Pass, false)
    }

    /// Whether `color` may play at `vertex` now: turn, board and rules.
    fn is_legal(&self, color: &str, vertex: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.illegal_reason(color, vertex)?.is_none())
    }

    /// Why `color` may not play at `vertex` now (`"ko: immediate recapture"`, `"suicide of a
    /// single stone"`, `"it is white's turn"`, ...), or `None` when the move is legal.
    fn illegal_reason(&self, color: &str, vertex: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let c = args::color(color)?;
        let mv = args::vertex(vertex, self.size)?;
        Ok(match self.locked().check(c, mv) {
            Ok(Ok(())) => None,
            Ok(Err(illegal)) => Some(illegal.to_string()),
            Err(e) => Some(move_error(e, self.size)),
        })
    }

    /// Ends the game once play has ended: adds the passes the protocol still requires
    /// (Concord's third pass, AGA's White pass, Ing's passes) and removes `dead` (GTP points
    /// or `(x, y)` tuples) as the players' agreement where the rules allow one. Returns the
    /// settlement: `"none"`, `"removed N dead stone(s)"` or `"ignored: <reason>"`.
    ///
    /// Before play has ended it raises `GorulesError`, unless `as_it_stands=True`: then the
    /// position is scored as it stands (a game stopped by resignation or time).
    #[pyo3(signature = (dead=None, *, as_it_stands=false))]
    fn finish(&self, dead: Option<&Bound<'_, PyAny>>, as_it_stands: bool) -> PyResult<String> {
        let dead = args::points(dead, self.size)?;
        let mut locked = self.locked();
        (|game: &mut Game| {
            match game.status() {
                Status::Finished => return Err(gorules_error("the game is already over")),
                Status::Playing { .. } if !as_it_stands => {
                    return Err(gorules_error(
                        "play has not ended (two passes end it): finish(as_it_stands=True) scores the position as it stands",
                    ))
                }
                Status::Playing { .. } => game.finish_as_it_stands(&dead),
                Status::Ended => game.finish(&dead),
            }
            Ok(())
        })(&mut locked)?;
        Ok(locked
            .settlement()
            .map_or_else(|| "none".to_string(), SettlementReport::to_string))
    }

    /// The score by `counting` (`"area"`, `"territory"`, `"stone"`; default: the first the
    /// ruleset allows) as the JSON contract writes one (`rulesets[].scores[]` of `score()`):
    /// `counting`, `black`, `white`, `margin`, `result` and the `breakdown` of both totals.
    /// A game still in play is scored as it stands.
    #[pyo3(signature = (counting=None))]
    fn score<'py>(&self, py: Python<'py>, counting: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
        let locked = self.locked();
        let game = &*locked;
        let counting = match counting {
            Some(name) => {
                let c = args::counting(name)?;
                if !game.rules().counting.contains(&c) {
                    return Err(gorules_error(format!(
                        "{} does not count by {} (it allows {})",
                        game.rules().id,
                        c.name(),
                        game.rules()
                            .counting
                            .iter()
                            .map(|c| c.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )));
                }
                c
            }
            None => game.rules().counting[0],
        };
        let score = ScoreReport::from_score(game.score(counting));
        drop(locked);
        crate::json::serialize_to_py(py, &score)
    }

    /// The score by every counting method the ruleset allows, as `score()` gives each.
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let scores: Vec<ScoreReport> = self
            .locked()
            .scores()
            .into_iter()
            .map(ScoreReport::from_score)
            .collect();
        scores
            .iter()
            .map(|s| crate::json::serialize_to_py(py, s))
            .collect()
    }

    /// The board, one string per row from the top: `X` Black, `O` White, `.` empty.
    #[getter]
    fn board(&self) -> Vec<String> {
        let locked = self.locked();
        let board = locked.state().board();
        let size = board.size();
        (0..size.height())
            .map(|y| {
                (0..size.width())
                    .map(|x| match board.get(gorules_board::Point::new(x, y)) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// The stone at `vertex`: `"black"`, `"white"` or `None`.
    fn stone_at(&self, vertex: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        match args::vertex(vertex, self.size)? {
            Move::Play(p) => Ok(self.locked().state().board().get(p).map(args::color_name)),
            Move::Pass => Err(gorules_error("a pass is not a point")),
        }
    }

    /// The board as a text diagram with GTP coordinates on the edges.
    fn diagram(&self) -> String {
        to_diagram(self.locked().state().board())
    }

    /// `(width, height)`.
    #[getter(size)]
    fn size_xy(&self) -> (u8, u8) {
        (self.size.width(), self.size.height())
    }

    /// The player to move: `"black"` or `"white"`.
    #[getter]
    fn to_move(&self) -> &'static str {
        args::color_name(self.locked().to_move())
    }

    /// Where the game stands: `"playing"`, `"ended"` (play ended: `finish()` it, or a move
    /// resumes play) or `"finished"`.
    #[getter]
    fn status(&self) -> &'static str {
        match self.locked().status() {
            Status::Playing { .. } => "playing",
            Status::Ended => "ended",
            Status::Finished => "finished",
        }
    }

    /// Whether play has ended (`status` is `"ended"` or `"finished"`).
    #[getter]
    fn is_over(&self) -> bool {
        !matches!(self.locked().status(), Status::Playing { .. })
    }

    /// The player who may only pass now (Concord's required third pass), or `None`.
    #[getter]
    fn pass_required(&self) -> Option<&'static str> {
        match self.locked().status() {
            Status::Playing { pass_required } => pass_required.map(args::color_name),
            _ => None,
        }
    }

    /// The komi.
    #[getter]
    fn komi(&self) -> f64 {
        self.locked().state().komi().points()
    }

    /// The handicap stones.
    #[getter]
    fn handicap(&self) -> u32 {
        self.locked().state().handicap()
    }

    /// The ruleset.
    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset {
            rules: self.locked().rules().clone(),
        }
    }

    /// The moves so far as `(colour, vertex)`, passes as `"pass"` (an illegal move that was
    /// replaced by a pass appears as the pass).
    #[getter]
    fn moves(&self) -> Vec<(&'static str, String)> {
        let size = self.size;
        self.locked()
            .state()
            .moves()
            .iter()
            .map(|m| (args::color_name(m.color), gtp_move(m.applied, size)))
            .collect()
    }

    /// Prisoners `color` holds: `captures`, `dead_stones`, `suicides`, `pass_stones`.
    fn prisoners<'py>(&self, py: Python<'py>, color: &str) -> PyResult<Bound<'py, PyAny>> {
        let c = args::color(color)?;
        let prisoners = *self.locked().state().prisoners(c);
        crate::json::serialize_to_py(py, &prisoners)
    }

    /// Passes the protocol added at the end, by whom.
    #[getter]
    fn added_passes(&self) -> Vec<&'static str> {
        self.locked()
            .added_passes()
            .iter()
            .map(|&c| args::color_name(c))
            .collect()
    }

    fn __str__(&self) -> String {
        self.diagram()
    }

    fn __repr__(&self) -> String {
        let s = self.size;
        let (id, moves) = {
            let locked = self.locked();
            let game = &*locked;
            (game.rules().id.clone(), game.state().moves().len())
        };
        format!(
            "Game({}x{}, rules={id:?}, moves={moves}, status={:?})",
            s.width(),
            s.height(),
            self.status()
        )
    }
}

impl PyGame {
    /// The game, locked for one call.
    fn locked(&self) -> MutexGuard<'_, Game> {
        // A panic in a call cannot leave the game half-changed in a way a later call would
        // misread: every change goes through `Game`, whose state stays whole.
        self.game.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn play_move<'py>(
        &self,
        py: Python<'py>,
        c: Color,
        mv: Move,
        allow_illegal: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let size = self.size;
        let what = format!("{} {}", args::color_name(c), gtp_move(mv, size));
        let mut game = self.locked();
        let played: Result<MoveReport, String> = match game.check(c, mv) {
            Err(e) => Err(move_error(e, size)),
            Ok(Err(illegal)) if !allow_illegal => Err(illegal.to_string()),
            Ok(_) => game.play(c, mv).map_err(|e| move_error(e, size)),
        };
        drop(game);
        let report = played.map_err(|reason| illegal_move(py, &what, &reason))?;
        let dict = PyDict::new(py);
        dict.set_item("captured", report.captured)?;
        dict.set_item("suicided", report.suicided)?;
        dict.set_item("resumed", report.resumed)?;
        dict.set_item("final_pass", report.final_pass)?;
        dict.set_item("illegal", report.illegal.map(|i| i.to_string()))?;
        Ok(dict)
    }
}

/// Why a move is no move of the game, for `IllegalMoveError` and `illegal_reason`.
fn move_error(e: gorules_rules::MoveError, size: gorules_board::Size) -> String {
    match e {
        gorules_rules::MoveError::OffBoard(_) => "off the board".to_string(),
        gorules_rules::MoveError::Occupied(p) => {
            format!("{} is occupied", gtp_move(Move::Play(p), size))
        }
        other => other.to_string(),
    }
}
