//! `Replay`: a game replayed move by move from a list of moves (a record's, or one a fuzzer
//! generates) under one ruleset. The comparison of a record under many rulesets, the fuzzing
//! of claims and the GTP engine all step their games through it, so that a move means the same
//! to each:
//!
//! - a move after the game finished (an AGA final pass, a forfeit, a no-result cycle) is
//!   ignored, and counted;
//! - a move that no longer fits the position after an illegal move was replaced by a pass (a
//!   stone on a point the record had emptied) makes the replay *diverge*: it stops, and its
//!   position is not the record's;
//! - any other move that is not a move of the game at all (an occupied point, a move out of
//!   turn, a point off the board) is an error in the moves ([`MoveError`]): the replay stops
//!   there, and a comparison reports the record as broken.
//!
//! [`Replay::step`] is the one stepper. The shortcuts the engines that replay many games take
//! (a common opening forked to every ruleset, buffers reused, one board preview a play, one
//! board analysis for several scores) are kept apart, in [`crate::fast`].

use std::sync::Arc;

use gorules_board::{Color, Move, Point, Preview};

use crate::game::{Game, MoveError, Setup};
use crate::ruleset::{Counting, Ruleset};
use crate::score::Score;
use crate::state::GameState;

/// How a replay has gone so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Track {
    /// Every move so far was played.
    Live,
    /// The game finished before the moves did (an AGA final pass, a forfeit, a no-result
    /// cycle): later moves are ignored.
    Stopped,
    /// An illegal move was replaced by a pass and a later move no longer fits the position;
    /// that move and every later one are ignored. Such a game is not scored.
    Diverged,
    /// A move was not a move of the game at all (an error in the moves, as [`Replay::step`]
    /// answered); it and every later one are ignored. Such a game is not scored.
    Refused(MoveError),
}

/// A game under one ruleset, replayed from a list of moves: see the module's documentation.
pub struct Replay {
    game: Game,
    track: Track,
    moves_ignored: usize,
    resumptions: u32,
}

impl Replay {
    /// A replay from `setup` under `rules` (a [`Ruleset`], or an `Arc<Ruleset>` shared with
    /// other games), before its first move.
    pub fn new(rules: impl Into<Arc<Ruleset>>, setup: Setup) -> Replay {
        Replay::of(Game::new(rules, setup))
    }

    fn of(game: Game) -> Replay {
        Replay {
            game,
            track: Track::Live,
            moves_ignored: 0,
            resumptions: 0,
        }
    }

    /// A replay from `setup` with the leading *plain* board plays of `plays` played (in turn,
    /// on free points, neither the ko point, a suicide nor a return to a position seen
    /// before), and the number of plays made: it stops at the first play that is not plain.
    ///
    /// The same as [`Replay::new`] then [`Replay::step`] for each of them: no ko, superko,
    /// suicide, end-of-play or long-cycle rule of any ruleset refuses a plain play or ends
    /// play with one (play ends only after passes), so they are applied without asking the
    /// rules, with one board preview each. The replay can then be forked ([`Replay::fork`]):
    /// its forks share its board and repetition table until they change them.
    pub(crate) fn plain_opening(
        rules: Arc<Ruleset>,
        setup: Setup,
        plays: impl IntoIterator<Item = (Color, Point)>,
    ) -> (Replay, usize) {
        let (game, played) = Game::plain_opening(rules, setup, plays);
        (Replay::of(game), played)
    }

    /// This replay as it would stand had its moves been replayed from the start under `rules`
    /// with komi `komi`, when that is certain; `None` otherwise.
    ///
    /// It is certain when play is still on (no pass required, no outcome, nothing added) and
    /// every move so far was a board play applied as asked, none of them a suicide, and no
    /// position occurred twice: then no ko, superko, suicide, last-pass or long-cycle rule of
    /// any ruleset could have refused a move or ended play, and the state (board, history,
    /// prisoners, ko point) depends on the moves alone. A caller replaying one record under
    /// many rulesets plays the common opening once and forks it for each ruleset.
    pub(crate) fn fork(&self, rules: &Arc<Ruleset>, komi: crate::Komi) -> Option<Replay> {
        if self.track != Track::Live || self.resumptions > 0 {
            return None;
        }
        self.game.fork(rules, komi).map(Replay::of)
    }

    /// Starts over from `setup` under the same rules, as [`Replay::new`] with a copy of
    /// `setup.board` would, but reusing this replay's buffers (board, move list, history,
    /// repetition table): for replaying many games one after the other.
    pub(crate) fn restart(&mut self, setup: &Setup) {
        self.game.restart(setup);
        self.track = Track::Live;
        self.moves_ignored = 0;
        self.resumptions = 0;
    }

    /// Replays the next move: `color` plays `mv`. As the module's documentation says: a move
    /// after the game finished, or once the replay diverged, is ignored (and counted); a move
    /// that does not fit after an illegal move was replaced by a pass makes the replay
    /// diverge; any other move that is not a move of the game is an error: the game is left
    /// as it was, and the replay stops ([`Track::Refused`]).
    pub fn step(&mut self, color: Color, mv: Move) -> Result<(), MoveError> {
        if self.track == Track::Live && self.game.status() == crate::Status::Finished {
            self.track = Track::Stopped;
        }
        if self.track != Track::Live {
            self.moves_ignored += 1;
            return Ok(());
        }
        match self.game.play(color, mv) {
            Ok(report) => {
                self.resumptions += u32::from(report.resumed);
                Ok(())
            }
            // After an illegal move was replaced by a pass, the position is no longer the
            // moves' own: a later move may land on a stone they had captured. That is a
            // consequence of the rule, not an error in the moves.
            Err(_) if self.game.first_illegal().is_some() => {
                self.track = Track::Diverged;
                self.moves_ignored += 1;
                Ok(())
            }
            Err(e) => {
                self.track = Track::Refused(e);
                self.moves_ignored += 1;
                Err(e)
            }
        }
    }

    /// Replays a stone of `color` at `p` as [`Replay::step`] would, without asking the rules,
    /// if the play is *plain* (in turn, on a free point, not the ko point, no suicide, a
    /// position not seen before) while play goes on with no pass required.
    ///
    /// `Some(true)`: played, with one board preview and one lookup of the repetition table.
    /// `Some(false)`: not plain; nothing changed (the rules may still allow it, e.g. a return
    /// to an earlier position under simple ko: ask [`Replay::step_if`] or [`Replay::step`]).
    /// `None`: the replay cannot answer so (play ended, a pass required, the game over, the
    /// replay stopped); nothing changed.
    #[inline]
    pub(crate) fn step_plain(&mut self, color: Color, p: Point) -> Option<bool> {
        if self.track != Track::Live {
            return None;
        }
        self.game.play_plain(color, p)
    }

    /// Replays a stone of `color` at `p` if `accept` approves it *and* the rules allow it now;
    /// returns whether it was played. `accept` sees the game before the play and the play's
    /// [`Preview`] (e.g. for a stricter ko rule: no earlier position has [`Preview::hash`]);
    /// it is asked first, and the rules only if it approves. This is a generator's try, not a
    /// record's move: a stone refused here is not played at all (not replaced by a pass, not
    /// lost), and nothing changes.
    ///
    /// One board preview serves `accept`, the rules and the play. Errors are those of
    /// [`Game::play`] (turn, game over, off board, occupied), found before anything changes;
    /// a replay that is not live answers [`MoveError::GameOver`].
    pub(crate) fn step_if(
        &mut self,
        color: Color,
        p: Point,
        accept: impl FnOnce(&GameState, &Preview) -> bool,
    ) -> Result<bool, MoveError> {
        if self.track != Track::Live {
            return Err(MoveError::GameOver);
        }
        let report = self.game.play_if(color, p, accept)?;
        if let Some(r) = report {
            self.resumptions += u32::from(r.resumed);
        }
        Ok(report.is_some())
    }

    /// How the replay has gone.
    pub fn track(&self) -> Track {
        self.track
    }

    /// Moves ignored because the game had finished or the replay diverged.
    pub fn moves_ignored(&self) -> usize {
        self.moves_ignored
    }

    /// How many times a move resumed play after it had ended (a dispute).
    pub fn resumptions(&self) -> u32 {
        self.resumptions
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to finish it ([`Game::finish`]) or play on by hand. Moves played through it
    /// are not the replay's: they are not tracked or counted.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The game, leaving the replay.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// [`Game::score`], starting from `ownership` when it is the analysis of this game's board
    /// (rulesets that score the same board share one; see [`Ruleset::score_with`]).
    pub(crate) fn score_with(&self, counting: Counting, ownership: &crate::Ownership) -> Score {
        self.game.score_with(counting, ownership)
    }

    /// The scores by each of `countings`, in order, as [`Game::score`] gives them; the work
    /// they share is done once ([`Ruleset::score_each`]).
    pub(crate) fn score_each(&self, countings: &[Counting]) -> Vec<Score> {
        self.game.score_each(countings)
    }
}
