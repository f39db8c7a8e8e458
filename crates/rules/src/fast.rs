//! The shortcuts of the engines that replay many records under many rulesets, and only theirs:
//! the comparison of a record under every chosen ruleset (`gorules-compare`) and the fuzzing
//! of claims (`gorules-claims`). A program that plays or replays one game needs none of this:
//! it uses [`crate::Game`] or [`crate::Replay`].
//!
//! [`FastReplay`] is a [`Replay`] (it dereferences to one, and steps moves with
//! [`Replay::step`]) with the shortcuts:
//!
//! - the opening every ruleset plays alike played once ([`FastReplay::plain_opening`]) and
//!   forked to each ruleset ([`FastReplay::fork`]), sharing its board and repetition table
//!   until a fork changes them;
//! - buffers reused from game to game ([`FastReplay::restart`]);
//! - plays made with one board preview ([`FastReplay::step_plain`], [`FastReplay::step_if`]);
//! - scores sharing one analysis of the board ([`FastReplay::score_with`],
//!   [`FastReplay::score_each`]).
//!
//! Each gives what the ordinary path gives (the property tests `plain_opening`,
//! `replay_fast_paths` and `identities` of this crate, and `fast_path` of `gorules-compare`,
//! hold them to it). The free functions are the rules' side of the same shortcuts, for those
//! tests and for callers that keep a [`GameState`] of their own.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use gorules_board::{Color, Point, Preview};

use crate::game::{MoveError, Setup};
use crate::ownership::Ownership;
use crate::replay::Replay;
use crate::ruleset::{Counting, Ruleset};
use crate::rulings::Illegal;
use crate::score::Score;
use crate::state::GameState;
use crate::Komi;

/// A [`Replay`] with the shortcuts of the engines that replay many games: see the module's
/// documentation.
pub struct FastReplay {
    replay: Replay,
}

impl FastReplay {
    /// A replay from `setup` under `rules`, before its first move ([`Replay::new`]).
    pub fn new(rules: impl Into<Arc<Ruleset>>, setup: Setup) -> FastReplay {
        FastReplay {
            replay: Replay::new(rules, setup),
        }
    }

    /// A replay from `setup` with the leading *plain* board plays of `plays` played (in turn,
    /// on free points, neither the ko point, a suicide nor a return to a position seen
    /// before), and the number of plays made: it stops at the first play that is not plain.
    ///
    /// The same as [`FastReplay::new`] then [`Replay::step`] for each of them: no ko, superko,
    /// suicide, end-of-play or long-cycle rule of any ruleset refuses a plain play or ends
    /// play with one (play ends only after passes), so they are applied without asking the
    /// rules, with one board preview each. The replay can then be forked
    /// ([`FastReplay::fork`]): its forks share its board and repetition table until they
    /// change them.
    pub fn plain_opening(
        rules: Arc<Ruleset>,
        setup: Setup,
        plays: impl IntoIterator<Item = (Color, Point)>,
    ) -> (FastReplay, usize) {
        let (replay, played) = Replay::plain_opening(rules, setup, plays);
        (FastReplay { replay }, played)
    }

    /// This replay as it would stand had its moves been replayed from the start under `rules`
    /// with komi `komi`, when that is certain; `None` otherwise.
    ///
    /// It is certain when play is still on (no pass required, no outcome, nothing added) and
    /// every move so far was a board play applied as asked, none of them a suicide, and no
    /// position occurred twice: then no ko, superko, suicide, last-pass or long-cycle rule of
    /// any ruleset could have refused a move or ended play, and the state (board, history,
    /// prisoners, ko point) depends on the moves alone. A caller replaying one record under
    /// many rulesets plays the common opening once and forks it for each ruleset. The fork
    /// shares `rules` (a count, not a copy).
    pub fn fork(&self, rules: &Arc<Ruleset>, komi: Komi) -> Option<FastReplay> {
        self.replay
            .fork(rules, komi)
            .map(|replay| FastReplay { replay })
    }

    /// Starts over from `setup` under the same rules, as [`FastReplay::new`] with a copy of
    /// `setup.board` would, but reusing this replay's buffers (board, move list, history,
    /// repetition table): for replaying many games one after the other.
    pub fn restart(&mut self, setup: &Setup) {
        self.replay.restart(setup);
    }

    /// Replays a stone of `color` at `p` as [`Replay::step`] would, without asking the rules,
    /// if the play is *plain* (in turn, on a free point, not the ko point, no suicide, a
    /// position not seen before) while play goes on with no pass required.
    ///
    /// `Some(true)`: played, with one board preview and one lookup of the repetition table.
    /// `Some(false)`: not plain; nothing changed (the rules may still allow it, e.g. a return
    /// to an earlier position under simple ko: ask [`FastReplay::step_if`] or
    /// [`Replay::step`]). `None`: the replay cannot answer so (play ended, a pass required,
    /// the game over, the replay stopped); nothing changed.
    #[inline]
    pub fn step_plain(&mut self, color: Color, p: Point) -> Option<bool> {
        self.replay.step_plain(color, p)
    }

    /// Replays a stone of `color` at `p` if `accept` approves it *and* the rules allow it now;
    /// returns whether it was played. `accept` sees the game before the play and the play's
    /// [`Preview`] (e.g. for a stricter ko rule: no earlier position has [`Preview::hash`]);
    /// it is asked first, and the rules only if it approves. This is a generator's try, not a
    /// record's move: a stone refused here is not played at all (not replaced by a pass, not
    /// lost), and nothing changes.
    ///
    /// One board preview serves `accept`, the rules and the play. Errors are those of
    /// [`crate::Game::play`] (turn, game over, off board, occupied), found before anything
    /// changes; a replay that is not live answers [`MoveError::GameOver`].
    pub fn step_if(
        &mut self,
        color: Color,
        p: Point,
        accept: impl FnOnce(&GameState, &Preview) -> bool,
    ) -> Result<bool, MoveError> {
        self.replay.step_if(color, p, accept)
    }

    /// [`crate::Game::score`], starting from `ownership` when it is the analysis of this
    /// game's board (rulesets that score the same board share one; see [`score_with`]).
    pub fn score_with(&self, counting: Counting, ownership: &Ownership) -> Score {
        self.replay.score_with(counting, ownership)
    }

    /// The scores by each of `countings`, in order, as [`crate::Game::score`] gives them; the
    /// work they share is done once ([`score_each`]).
    pub fn score_each(&self, countings: &[Counting]) -> Vec<Score> {
        self.replay.score_each(countings)
    }

    /// The replay.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The replay, leaving the shortcuts.
    pub fn into_replay(self) -> Replay {
        self.replay
    }
}

impl Deref for FastReplay {
    type Target = Replay;

    fn deref(&self) -> &Replay {
        &self.replay
    }
}

impl DerefMut for FastReplay {
    fn deref_mut(&mut self) -> &mut Replay {
        &mut self.replay
    }
}

/// Whether `color` may play a stone at `p` now under `rules`, as [`Ruleset::check`] answers
/// for `Move::Play(p)`, given the game's own [`gorules_board::Board::preview`] of the play
/// (captures, suicide, the position hash after it), so that one preview serves the game and
/// its rules.
pub fn check_play(
    rules: &Ruleset,
    state: &GameState,
    color: Color,
    p: Point,
    preview: &Preview,
) -> Result<(), Illegal> {
    rules.check_play(state, color, p, preview)
}

/// [`Ruleset::score`], given `ownership`, an analysis of a board that other rulesets scoring
/// the same board may share: it is used only when it describes the state's board
/// ([`Ownership::is_of`]), so the score is [`Ruleset::score`]'s either way.
pub fn score_with(
    rules: &Ruleset,
    state: &GameState,
    counting: Counting,
    ownership: &Ownership,
) -> Score {
    rules.score_with(state, counting, ownership)
}

/// The scores by each of `countings` under `rules`, in order, as [`Ruleset::score`] gives
/// them one by one: one analysis of the board ([`Ownership`]) serves them all.
pub fn score_each(rules: &Ruleset, state: &GameState, countings: &[Counting]) -> Vec<Score> {
    rules.score_each(state, countings)
}
