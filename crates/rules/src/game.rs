//! `Game` runs the protocol: setup, alternating play, end of play, settlement (agreement, or a
//! dispute and resumption), and scoring, asking its rules ([`Ruleset`]) at every step.

use std::fmt;
use std::sync::Arc;

use gorules_board::handicap::{fixed_handicap, HandicapError};
use gorules_board::{pass_alive, Board, Color, Move, PlayError, Point, Preview, Size};

use crate::komi::Komi;
use crate::ruleset::{Counting, IllegalMoveRule, Ruleset, SuicideRule};
use crate::rulings::{forfeit, set_outcome, AllAliveReason, Illegal, PlayStatus, Settlement};
use crate::score::{Outcome, Score};
use crate::state::{GameState, MoveEntry, MoveKind, StateEntry};

/// How a game begins.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The board with any handicap or setup stones on it.
    pub board: Board,
    /// Number of handicap stones (0 or 2..=9 usually).
    pub handicap: u32,
    /// Komi for White.
    pub komi: Komi,
    /// Who moves first (White after handicap stones).
    pub first: Color,
}

impl Setup {
    /// An even game on an empty board.
    pub fn even(board: Board, komi: Komi) -> Setup {
        Setup {
            board,
            handicap: 0,
            komi,
            first: Color::Black,
        }
    }

    /// A handicap game on a `size` board: `stones` Black stones on the standard points (those
    /// of GTP's `fixed_handicap`), White moves first. Refused where the board has no standard
    /// points for that many stones.
    pub fn handicap(size: Size, stones: u32, komi: Komi) -> Result<Setup, HandicapError> {
        let points = fixed_handicap(size, stones)?;
        let board = Board::with_stones(size, points.into_iter().map(|p| (Color::Black, p)))
            .expect("standard handicap points are distinct and on the board");
        Ok(Setup {
            board,
            handicap: stones,
            komi,
            first: Color::White,
        })
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Play goes on; `pass_required` names a player who may only pass now.
    Playing {
        /// Concord's required third pass.
        pass_required: Option<Color>,
    },
    /// Play has ended: settle dead stones with [`Game::finish`], or resume with a move.
    Ended,
    /// The game is over.
    Finished,
}

/// A move that is not a move of the game at all: an error in the record, not a rule
/// difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The game is over.
    GameOver,
    /// It is the other player's turn.
    OutOfTurn {
        /// Who should move.
        expected: Color,
    },
    /// The point is off the board.
    OffBoard(Point),
    /// The point holds a stone.
    Occupied(Point),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => f.write_str("the game is already over"),
            MoveError::OutOfTurn { expected } => write!(f, "it is {expected}'s turn"),
            MoveError::OffBoard(p) => write!(f, "{p:?} is off the board"),
            MoveError::Occupied(p) => write!(f, "{p:?} is occupied"),
        }
    }
}

impl std::error::Error for MoveError {}

/// What happened to one move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveReport {
    /// Opponent stones captured.
    pub captured: u32,
    /// Own stones removed by an allowed suicide.
    pub suicided: u32,
    /// The move was illegal: why, and it was replaced by a pass or lost the game.
    pub illegal: Option<Illegal>,
    /// The move resumed play after it had ended (a dispute).
    pub resumed: bool,
    /// The move was the final pass the ruleset requires (AGA: White passes last).
    pub final_pass: bool,
}

/// How dead stones were settled when the game finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettlementReport {
    /// The agreed dead stones were removed as prisoners (possibly none).
    Removed {
        /// The stones removed.
        stones: Vec<Point>,
    },
    /// Stones were named dead but the rules keep every stone alive, for this reason.
    Ignored {
        /// Why.
        reason: AllAliveReason,
    },
    /// Under `dead-stones = "pass-alive"` the rules name the dead stones, not the players:
    /// the opponent stones inside pass-alive territory were removed (`stones`), and the
    /// stones named dead anywhere else stay on the board, alive (`kept`). KataGo's rules
    /// without its friendly pass: such stones must be captured by play.
    RulesNamed {
        /// The stones removed: those inside the opponent's pass-alive territory.
        stones: Vec<Point>,
        /// Stones named dead (by agreement, markup, an estimate or an engine) that these
        /// rules keep on the board.
        kept: Vec<Point>,
    },
}

/// As reports write it: `none`, `removed N dead stone(s)`, `ignored: <reason>`, and under
/// `dead-stones = "pass-alive"` what was removed and how many named dead stones stay, and why.
impl fmt::Display for SettlementReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettlementReport::Removed { stones } if stones.is_empty() => f.write_str("none"),
            SettlementReport::Removed { stones } => {
                write!(f, "removed {} dead stone(s)", stones.len())
            }
            SettlementReport::Ignored { reason } => write!(f, "ignored: {reason}"),
            SettlementReport::RulesNamed { stones, kept } => {
                if !stones.is_empty() {
                    write!(
                        f,
                        "removed {} dead stone(s) inside pass-alive territory",
                        stones.len()
                    )?;
                } else if kept.is_empty() {
                    f.write_str("none")?;
                }
                if !kept.is_empty() {
                    if !stones.is_empty() {
                        f.write_str("; ")?;
                    }
                    write!(
                        f,
                        "{} stone(s) named dead left on the board: these rules take as dead only \
                         the stones inside pass-alive territory, and no others by agreement \
                         (KataGo's rules without a friendly pass: they must be captured by play)",
                        kept.len()
                    )?;
                }
                Ok(())
            }
        }
    }
}

/// A game under one ruleset, which it owns (shared: a [`Ruleset`] is read, never changed, by
/// the games played under it, and a game forked from another shares its ruleset by a count,
/// not a copy).
pub struct Game {
    rules: Arc<Ruleset>,
    state: GameState,
    status: Status,
    outcome: Option<Outcome>,
    added_passes: Vec<Color>,
    first_illegal: Option<(usize, Color, Move, Illegal)>,
    settlement: Option<SettlementReport>,
}

/// The status of a game in play with no pass required: moves go on freely.
const PLAYING: Status = Status::Playing {
    pass_required: None,
};

impl Game {
    /// Whether play goes on with no pass required.
    #[inline]
    fn plays_freely(&self) -> bool {
        self.status == PLAYING
    }

    /// A new game under `rules`: a [`Ruleset`] (the game takes it) or an `Arc<Ruleset>` shared
    /// with other games.
    pub fn new(rules: impl Into<Arc<Ruleset>>, setup: Setup) -> Game {
        Game::with_room(rules.into(), setup, None)
    }

    /// [`Game::new`], with room for `moves` moves at most before the game's tables grow
    /// (`None`: for a typical game on the board).
    fn with_room(rules: Arc<Ruleset>, setup: Setup, moves: Option<usize>) -> Game {
        Game {
            rules,
            state: GameState::new(setup.board, setup.komi, setup.handicap, setup.first, moves),
            status: PLAYING,
            outcome: None,
            added_passes: Vec::new(),
            first_illegal: None,
            settlement: None,
        }
    }

    /// Starts a new game under the same rules, as [`Game::new`] with a copy of `setup.board`
    /// would, but reusing this game's buffers (board, move list, history, repetition table):
    /// for playing many games one after the other.
    pub(crate) fn restart(&mut self, setup: &Setup) {
        self.state
            .restart(&setup.board, setup.komi, setup.handicap, setup.first);
        self.status = PLAYING;
        self.outcome = None;
        self.added_passes.clear();
        self.first_illegal = None;
        self.settlement = None;
    }

    /// A new game under `rules` (a [`Ruleset`]) from `setup`, with the leading *plain* board
    /// plays of `plays` played: in turn, on free points, neither the ko point, a suicide nor a
    /// return to a position seen before. Stops at the first play that is not plain, and returns
    /// the game and the number of plays made.
    ///
    /// The same game as [`Game::new`] then [`Game::play`] for each of them: no ko, superko,
    /// suicide, end-of-play or long-cycle rule of any [`Ruleset`] refuses a plain play or ends
    /// play with one (play ends only after passes, or under `all-pass-alive-ends` once every
    /// point is pass-alive, which is looked for after each play), so they are applied without
    /// asking the rules, with one board preview each. The game can then be forked ([`Game::fork`]): its
    /// forks share its board and repetition table until they change them.
    ///
    /// [`Ruleset`]: crate::Ruleset
    pub(crate) fn plain_opening(
        rules: Arc<Ruleset>,
        setup: Setup,
        plays: impl IntoIterator<Item = (Color, Point)>,
    ) -> (Game, usize) {
        let plays = plays.into_iter();
        // The opening holds no more moves than `plays` (a record's moves, often far fewer
        // than a typical game's room): its tables are made that large.
        let mut game = Game::with_room(rules, setup, plays.size_hint().1);
        let played = plays
            .take_while(|&(color, p)| game.play_plain(color, p) == Some(true))
            .count();
        game.state.share();
        (game, played)
    }

    /// This game as it would stand had it been played from the start under `rules` (a
    /// [`Ruleset`]) with komi `komi`, when that is certain; `None` otherwise.
    ///
    /// It is certain when play is still on (no pass required, no outcome, nothing added) and
    /// every move so far was a board play applied as asked, none of them a suicide, and no
    /// position occurred twice: then no ko, superko, suicide, last-pass or long-cycle rule of
    /// any [`Ruleset`] could have refused a move or ended play, and the state (board,
    /// history, prisoners, ko point) depends on the moves alone. Under `all-pass-alive-ends`
    /// a board play ends play once every point is pass-alive: a game is forked to such rules
    /// only from one whose rules looked for that after each play, with the same suicide rule
    /// (on which pass-alive depends). A caller replaying one record
    /// under many rulesets plays the common opening once and forks it for each ruleset.
    ///
    /// [`Ruleset`]: crate::Ruleset
    pub(crate) fn fork(&self, rules: &Arc<Ruleset>, komi: Komi) -> Option<Game> {
        let st = &self.state;
        let plain = self.plays_freely()
            && self.outcome.is_none()
            && self.added_passes.is_empty()
            && self.first_illegal.is_none()
            && self.settlement.is_none()
            && st.phase == 0
            && !st.until_captured
            && !st.dead_removed
            && st.prisoners.iter().all(|p| p.suicides == 0)
            && st.all_positions_distinct()
            && st.plays_only();
        debug_assert_eq!(
            st.plays_only(),
            st.moves
                .iter()
                .all(|m| m.kind == MoveKind::Normal && m.applied != Move::Pass)
        );
        // Under `all-pass-alive-ends` a board play may end play: only a game whose own rules
        // looked for that after each play, as `rules` do, tells that none did.
        let checked =
            |r: &crate::Ruleset| (r.all_pass_alive_ends, r.suicide == SuicideRule::Illegal);
        if !plain || rules.all_pass_alive_ends && checked(rules) != checked(&self.rules) {
            return None;
        }
        let mut state = st.clone();
        state.komi = komi;
        let mut game = Game {
            rules: Arc::clone(rules),
            state,
            status: self.status,
            outcome: None,
            added_passes: Vec::new(),
            first_illegal: None,
            settlement: None,
        };
        // As after its last move; before the first one a new game is in play whatever the
        // position (`all-pass-alive-ends` looks at the board after a move).
        if !game.state.moves.is_empty() {
            game.update_status();
        }
        Some(game)
    }

    /// The rules.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The rules, as shared with the other games played under them: a front end that keeps a
    /// game and hands its ruleset on clones this (a count, not a copy).
    pub fn shared_rules(&self) -> &Arc<Ruleset> {
        &self.rules
    }

    /// The game so far.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The player to move.
    pub fn to_move(&self) -> Color {
        self.state.to_move
    }

    /// Passes the protocol added at the end (Concord's third pass, AGA's White pass, Ing's
    /// passes), by whom.
    pub fn added_passes(&self) -> &[Color] {
        &self.added_passes
    }

    /// The first illegal move: its index in [`GameState::moves`], who made it, what it was and
    /// why it was illegal.
    pub fn first_illegal(&self) -> Option<(usize, Color, Move, Illegal)> {
        self.first_illegal
    }

    /// How dead stones were settled, once the game is finished.
    pub fn settlement(&self) -> Option<&SettlementReport> {
        self.settlement.as_ref()
    }

    /// The outcome when the game ended other than on points (forfeit, no result).
    pub fn special_outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether `color` may make the move now (turn, board and rules), without playing it.
    pub fn check(&self, color: Color, mv: Move) -> Result<Result<(), Illegal>, MoveError> {
        self.check_turn(color)?;
        if self.blocked_ko(color, mv).is_some() {
            return Ok(Ok(()));
        }
        let preview = self.preview(color, mv)?;
        Ok(self.rules_check(color, mv, preview.as_ref()))
    }

    /// The rules' verdict on a move whose point was checked: a board play is judged with its
    /// `preview` ([`Ruleset::check_play`]), a pass by [`Ruleset::check`].
    fn rules_check(
        &self,
        color: Color,
        mv: Move,
        preview: Option<&Preview>,
    ) -> Result<(), Illegal> {
        match (mv, preview) {
            (Move::Play(p), Some(pv)) => self.rules.check_play(&self.state, color, p, pv),
            _ => self.rules.check(&self.state, color, mv),
        }
    }

    #[inline]
    fn check_turn(&self, color: Color) -> Result<(), MoveError> {
        // The usual case first, inlined where the game is played.
        if self.plays_freely() && color == self.state.to_move {
            return Ok(());
        }
        self.check_turn_in(color)
    }

    fn check_turn_in(&self, color: Color) -> Result<(), MoveError> {
        match self.status {
            Status::Finished => Err(MoveError::GameOver),
            Status::Ended => match self.rules.resumption_first(&self.state) {
                Some(c) if c != color && !self.is_final_pass_turn(color) => {
                    Err(MoveError::OutOfTurn { expected: c })
                }
                _ => Ok(()),
            },
            Status::Playing { .. } if color != self.state.to_move => Err(MoveError::OutOfTurn {
                expected: self.state.to_move,
            }),
            Status::Playing { .. } => Ok(()),
        }
    }

    fn is_final_pass_turn(&self, color: Color) -> bool {
        self.rules.final_pass(&self.state) == Some(color)
    }

    /// Checks that a board play's point is on the board and empty, and previews the play (one
    /// preview for the rules' check and the play itself); `None` for a pass.
    #[inline]
    fn preview(&self, color: Color, mv: Move) -> Result<Option<Preview>, MoveError> {
        let Move::Play(p) = mv else { return Ok(None) };
        match self.state.board.preview(color, p) {
            Ok(pv) => Ok(Some(pv)),
            Err(PlayError::OffBoard) => Err(MoveError::OffBoard(p)),
            Err(PlayError::Occupied) => Err(MoveError::Occupied(p)),
            Err(PlayError::Suicide { .. }) => unreachable!("a preview describes a suicide"),
        }
    }

    /// Plays a move. After play has ended, a pass by the player who owes the final pass (AGA)
    /// is that pass and finishes the game; any other move resumes play (a dispute). An illegal
    /// move is handled as the ruleset says: replaced by a pass, or the game is lost.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<MoveReport, MoveError> {
        self.check_turn(color)?;
        if let Some(blocked) = self.blocked_ko(color, mv) {
            self.pass_for_ko(color, mv, blocked);
            return Ok(MoveReport::default());
        }
        let preview = self.preview(color, mv)?;
        let mut report = MoveReport::default();
        if self.status == Status::Ended {
            if mv == Move::Pass && self.is_final_pass_turn(color) {
                self.apply(color, Move::Pass, Move::Pass, MoveKind::Normal, None);
                report.final_pass = true;
                self.status = Status::Finished;
                return Ok(report);
            }
            self.resume_phase();
            self.state.to_move = color;
            report.resumed = true;
        }
        match self.rules_check(color, mv, preview.as_ref()) {
            Ok(()) => {
                self.play_legal(color, mv, preview.as_ref(), &mut report);
                if self.status == Status::Finished {
                    return Ok(report);
                }
            }
            Err(illegal) => {
                report.illegal = Some(illegal);
                if self.first_illegal.is_none() {
                    self.first_illegal = Some((self.state.moves.len(), color, mv, illegal));
                }
                match self.rules.illegal_moves {
                    IllegalMoveRule::Pass => {
                        self.apply(color, Move::Pass, mv, MoveKind::ReplacedIllegal, None);
                    }
                    IllegalMoveRule::Loss => {
                        self.outcome = Some(forfeit(color));
                        self.status = Status::Finished;
                        return Ok(report);
                    }
                }
            }
        }
        self.update_status();
        Ok(report)
    }

    /// Plays a stone of `color` at `p` like [`Game::play`] if `accept` approves it *and* the
    /// rules allow it now. `accept` sees the game before the play and the play's [`Preview`]
    /// (e.g. for a stricter ko rule: no earlier position has [`Preview::hash`]); it is asked
    /// first, and the rules only if it approves. Otherwise returns `Ok(None)` and leaves the
    /// game unchanged: an illegal stone is not replaced by a pass and does not lose the game
    /// here, it is simply not played.
    ///
    /// One board preview serves `accept`, the rules ([`Ruleset::check_play`]) and the play,
    /// where [`Game::check`] then [`Game::play`] preview the move twice. Errors are those of
    /// [`Game::play`] (turn, game over, off board, occupied), found before anything changes.
    /// A play that would be a pass for ko in a cleanup phase is not made here (`Ok(None)`):
    /// [`Game::play`] makes it.
    pub(crate) fn play_if(
        &mut self,
        color: Color,
        p: Point,
        accept: impl FnOnce(&GameState, &Preview) -> bool,
    ) -> Result<Option<MoveReport>, MoveError> {
        self.check_turn(color)?;
        if self.blocked_ko(color, Move::Play(p)).is_some() {
            return Ok(None);
        }
        let preview = self
            .preview(color, Move::Play(p))?
            .expect("a board play has a preview");
        if !accept(&self.state, &preview) {
            return Ok(None);
        }
        Ok(self.play_accepted(color, p, &preview))
    }

    /// Plays a stone of `color` at `p` as [`Game::play`] would, without asking the rules, if
    /// the play is *plain* (in turn, on a free point, not the ko point, no suicide, a position
    /// the game has not seen) while play goes on with no pass required: no knob refuses such a
    /// play or ends play with one (play ends only after passes, a long cycle needs a repeated
    /// position), but `all-pass-alive-ends`, which is looked for after the play as
    /// [`Game::play`] does.
    ///
    /// `Some(true)`: played, with one board preview and one lookup of the repetition table.
    /// `Some(false)`: not plain; nothing changed (the rules may still allow it, e.g. a return
    /// to an earlier position under simple ko: ask [`Game::play_if`]). `None`: the game cannot
    /// answer so (play ended, a pass required, the game over); nothing changed.
    #[inline]
    pub(crate) fn play_plain(&mut self, color: Color, p: Point) -> Option<bool> {
        if !self.plays_freely() || self.state.phase > 0 && self.rules.in_cleanup(&self.state) {
            // In a cleanup phase a play may block a ko: the rules' bookkeeping is needed.
            return None;
        }
        let played = self.state.play_plain(color, p);
        // The status after a plain play is the same (play ends only after passes), but under
        // `all-pass-alive-ends`, where a play that leaves every point pass-alive ends it.
        if played && self.rules.all_pass_alive_ends && self.all_pass_alive() {
            self.status = Status::Ended;
        }
        Some(played)
    }

    /// [`Game::play_if`] once `accept` approved the play: the rules' check, then the play.
    /// Not generic, so that the rules crate compiles it with the steps it calls.
    fn play_accepted(&mut self, color: Color, p: Point, preview: &Preview) -> Option<MoveReport> {
        let mv = Move::Play(p);
        let mut report = MoveReport::default();
        // A board play after play ended resumes it (never a final pass): check the play in the
        // resumed game, and restore the ended one if the rules refuse the play.
        let before = (
            self.status,
            self.state.phase,
            self.state.phase_start,
            self.state.to_move,
        );
        if self.status == Status::Ended {
            self.resume_phase();
            self.state.to_move = color;
            report.resumed = true;
        }
        if self
            .rules
            .check_play(&self.state, color, p, preview)
            .is_err()
        {
            (
                self.status,
                self.state.phase,
                self.state.phase_start,
                self.state.to_move,
            ) = before;
            return None;
        }
        self.play_legal(color, mv, Some(preview), &mut report);
        if self.status != Status::Finished {
            self.update_status();
        }
        Some(report)
    }

    /// Applies a move the rules found legal (a board play with its `preview`); a long cycle
    /// may end the game.
    fn play_legal(
        &mut self,
        color: Color,
        mv: Move,
        preview: Option<&Preview>,
        report: &mut MoveReport,
    ) {
        let (captured, suicided) = self.apply(color, mv, mv, MoveKind::Normal, preview);
        report.captured = captured;
        report.suicided = suicided;
        if mv != Move::Pass && self.rules.long_cycle_ends_game(&self.state) {
            self.outcome = Some(Outcome::NoResult);
            self.status = Status::Finished;
        }
    }

    /// The blocked stone a board play of `color` would take back in a cleanup phase, which
    /// makes the play a pass for ko ([`crate::cleanup`]).
    fn blocked_ko(&self, color: Color, mv: Move) -> Option<Point> {
        let Move::Play(p) = mv else { return None };
        if !self.plays_freely() || !self.rules.in_cleanup(&self.state) {
            return None;
        }
        self.state.cleanup.pass_for_ko(&self.state.board, color, p)
    }

    /// Plays a pass for ko: the block on `blocked` is lifted, the board stays as it is.
    fn pass_for_ko(&mut self, color: Color, mv: Move, blocked: Point) {
        let st = &mut self.state;
        st.cleanup.lift(blocked);
        st.ko_point = None;
        st.push_move(MoveEntry {
            color,
            applied: Move::Pass,
            requested: mv,
            kind: MoveKind::PassForKo,
            phase: st.phase,
        });
        st.to_move = color.opponent();
        st.push_state(StateEntry {
            hash: st.board.hash(),
            to_move: st.to_move,
            created_by_play_of: None,
        });
        st.cleanup.push_state(&st.board, st.to_move);
        if self.rules.long_cycle_ends_game(&self.state) {
            self.outcome = Some(Outcome::NoResult);
            self.status = Status::Finished;
        } else {
            self.update_status();
        }
    }

    /// Resumes play after it ended (a dispute), optionally under "play until all dead stones
    /// are captured" (every stone left when play ends again is alive).
    pub fn resume(&mut self, until_captured: bool) -> Result<(), MoveError> {
        if self.status != Status::Ended {
            return Err(MoveError::GameOver);
        }
        self.resume_phase();
        if let Some(c) = self.rules.resumption_first(&self.state) {
            self.state.to_move = c;
        }
        self.state.until_captured |= until_captured;
        Ok(())
    }

    fn resume_phase(&mut self) {
        // After the last cleanup phase, play goes on in it, as KataGo continues a game moved
        // on after its end (boardhistory.cpp, `makeBoardMoveAssumeLegal`).
        let last = self.rules.end_of_play.cleanup_phases();
        if last == 0 || self.state.phase < last {
            self.state.phase += 1;
            self.state.phase_start = self.state.moves.len();
        }
        self.status = PLAYING;
    }

    fn update_status(&mut self) {
        self.status = match self.rules.play_status(&self.state) {
            PlayStatus::Continue => PLAYING,
            PlayStatus::PassRequired(c) => Status::Playing {
                pass_required: Some(c),
            },
            PlayStatus::Ended if self.state.phase < self.rules.end_of_play.cleanup_phases() => {
                // The main phase or the first cleanup phase ended: the next cleanup phase
                // begins, the same player to move.
                let st = &mut self.state;
                st.phase += 1;
                st.phase_start = st.moves.len();
                st.ko_point = None;
                st.cleanup.begin(st.phase, &st.board, st.to_move);
                PLAYING
            }
            PlayStatus::Ended => Status::Ended,
        };
        if self.status == PLAYING && self.rules.all_pass_alive_ends && self.all_pass_alive() {
            self.status = Status::Ended;
        }
    }

    /// Whether every point of the board is a pass-alive stone or pass-alive territory.
    fn all_pass_alive(&self) -> bool {
        let board = self.state.board();
        let alive = pass_alive(board, self.rules.suicide != SuicideRule::Illegal);
        let covered = alive.stones[0]
            .union(&alive.stones[1])
            .union(&alive.territory[0])
            .union(&alive.territory[1]);
        covered.len() == board.size().area()
    }

    /// Applies a legal move (or the pass replacing an illegal one) to the state; a board play
    /// with the preview it was checked with, when there is one.
    fn apply(
        &mut self,
        color: Color,
        applied: Move,
        requested: Move,
        kind: MoveKind,
        preview: Option<&Preview>,
    ) -> (u32, u32) {
        let cleanup = self.rules.in_cleanup(&self.state);
        let st = &mut self.state;
        let mut out = (0, 0);
        st.ko_point = None;
        let hash_before = st.board.hash();
        let takes_button = self.rules.button && applied == Move::Pass && st.first_pass().is_none();
        let created_by = match applied {
            Move::Pass => {
                if self.rules.pass_stones {
                    st.prisoners[color.opponent().index()].pass_stones += 1;
                }
                None
            }
            Move::Play(p) => {
                let placed = match preview {
                    Some(pv) => st.board.play_previewed(color, p, pv),
                    None => st.board.play_allowing_suicide(color, p),
                }
                .expect("legality was checked");
                st.prisoners[color.index()].captures += placed.captured;
                st.prisoners[color.opponent().index()].suicides += placed.suicided;
                st.ko_point = placed.ko_point;
                out = (placed.captured, placed.suicided);
                if cleanup {
                    let ko_capture = st.ko_point.take().is_some();
                    st.cleanup
                        .played(st.phase, &st.board, color, p, hash_before, ko_capture);
                }
                Some(color)
            }
        };
        st.push_move(MoveEntry {
            color,
            applied,
            requested,
            kind,
            phase: st.phase,
        });
        st.to_move = color.opponent();
        let entry = StateEntry {
            hash: st.board.hash(),
            to_move: st.to_move,
            created_by_play_of: created_by,
        };
        st.push_state(entry);
        if takes_button {
            // Positions before the button was taken no longer count for repetition.
            st.repetition_start = st.history.len() - 1;
        }
        if cleanup {
            st.cleanup.push_state(&st.board, st.to_move);
        }
        out
    }

    /// Ends a record that stopped in passes: adds the passes the protocol still requires
    /// (Concord's third pass, Ing's four passes, AGA's White pass), settles the dead stones
    /// the players agreed on (ignored where the rules keep every stone alive), and finishes.
    pub fn finish(&mut self, dead: &[Point]) {
        if self.status == Status::Finished {
            // Play may have finished with a move of the record itself (AGA: White's final pass
            // after Black's); the players still settle the dead stones then.
            if self.settlement.is_none() {
                self.settle(dead);
            }
            return;
        }
        // A game that stopped in passes short of the protocol: the players pass on, at most
        // as many passes as the protocol can need (four passes, or a third pass; two more for
        // each cleanup phase).
        let most = 5 + 2 * self.rules.end_of_play.cleanup_phases();
        let mut guard = 0;
        while let Status::Playing { pass_required } = self.status {
            let c = pass_required.unwrap_or(self.state.to_move);
            if c != self.state.to_move {
                break;
            }
            self.add_pass(c);
            guard += 1;
            if guard >= most {
                break;
            }
        }
        if let Some(c) = self.rules.final_pass(&self.state) {
            if self.status == Status::Ended {
                self.state.to_move = c;
                self.add_pass(c);
            }
        }
        self.settle(dead);
        self.status = Status::Finished;
    }

    /// Finishes a game that did not end by the protocol (resignation, time, a cut-off record),
    /// scoring the position as it stands after removing `dead`.
    pub fn finish_as_it_stands(&mut self, dead: &[Point]) {
        if self.status != Status::Finished {
            self.settle(dead);
            self.status = Status::Finished;
        }
    }

    fn add_pass(&mut self, c: Color) {
        self.apply(c, Move::Pass, Move::Pass, MoveKind::AddedPass, None);
        self.added_passes.push(c);
        self.update_status();
    }

    fn settle(&mut self, dead: &[Point]) {
        if self.outcome.is_some() {
            return;
        }
        let settlement = self.rules.settlement(&self.state);
        // Under `dead-stones = "pass-alive"` the rules name the dead stones, not the players.
        let named;
        let mut kept = Vec::new();
        let dead = if settlement == Settlement::PassAlive {
            named = self.rules.pass_alive_dead(self.state.board());
            kept = dead
                .iter()
                .filter(|p| !named.contains(p))
                .copied()
                .collect();
            &named[..]
        } else {
            dead
        };
        match settlement {
            Settlement::PassAlive => {
                let st = &mut self.state;
                let counts = st.board.remove_stones(dead);
                for c in Color::ALL {
                    st.prisoners[c.opponent().index()].dead_stones += counts[c.index()];
                }
                st.dead_removed = !dead.is_empty();
                let stones = if dead.is_empty() {
                    Vec::new()
                } else {
                    st.board.last_removed().to_vec()
                };
                self.settlement = Some(SettlementReport::RulesNamed { stones, kept });
            }
            Settlement::AllAlive(reason) if !dead.is_empty() => {
                self.settlement = Some(SettlementReport::Ignored { reason });
            }
            _ if dead.is_empty() => {
                self.settlement = Some(SettlementReport::Removed { stones: Vec::new() });
            }
            _ => {
                let st = &mut self.state;
                let counts = st.board.remove_stones(dead);
                for c in Color::ALL {
                    st.prisoners[c.opponent().index()].dead_stones += counts[c.index()];
                }
                st.dead_removed = !dead.is_empty();
                self.settlement = Some(SettlementReport::Removed {
                    stones: st.board.last_removed().to_vec(),
                });
            }
        }
    }

    /// The score by `counting` (a finished game; a game still in play is scored as it stands).
    pub fn score(&self, counting: Counting) -> Score {
        self.with_special_outcome(self.rules.score(&self.state, counting))
    }

    /// [`Game::score`], starting from `ownership` when it is the analysis of this game's board
    /// (rulesets that score the same board share one; see [`Ruleset::score_with`]).
    pub(crate) fn score_with(&self, counting: Counting, ownership: &crate::Ownership) -> Score {
        self.with_special_outcome(self.rules.score_with(&self.state, counting, ownership))
    }

    /// The scores by each of `countings`, in order, as [`Game::score`] gives them; the work
    /// they share is done once ([`Ruleset::score_each`]).
    pub(crate) fn score_each(&self, countings: &[Counting]) -> Vec<Score> {
        let scores = self.rules.score_each(&self.state, countings);
        scores
            .into_iter()
            .map(|s| self.with_special_outcome(s))
            .collect()
    }

    fn with_special_outcome(&self, mut s: Score) -> Score {
        if let Some(o) = self.outcome {
            set_outcome(&mut s, o);
        }
        s
    }

    /// The score by every counting method the ruleset allows.
    pub fn scores(&self) -> Vec<Score> {
        self.score_each(&self.rules.counting.clone())
    }
}
