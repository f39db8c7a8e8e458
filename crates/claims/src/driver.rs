//! Plays one move sequence under every ruleset of a claim at once, each in a
//! [`gorules_rules::fast::FastReplay`] (as [`gorules_compare::replay::replay`] replays a record, so that
//! a move means the same to both), and answers the questions a generator asks: may this stone
//! be played under the chosen legality, may the player pass without ending the game for some
//! ruleset, may the record end here.

use std::sync::Arc;

use gorules_board::{Board, Color, Enclosure, Move, Point};
use gorules_rules::fast::FastReplay;
use gorules_rules::ruleset::{KoRule, SuicideRule};
use gorules_rules::{GameState, Ruleset, Setup, Status, Track};

use crate::game::FuzzGame;

/// Every ruleset's game of one move sequence.
pub struct Driver<'r> {
    games: Vec<FastReplay>,
    /// Whether `games[0]` is a game under the legality ruleset (not one of the claim's).
    legality_game: bool,
    legality: &'r Ruleset,
    /// Whether the legality is the default one (positional superko, no suicide), answered
    /// from the board's preview and the history's hash counts alone.
    strict: bool,
    /// Whether the chosen legality refuses a single-stone suicide (every suicide rule but
    /// `all`): then [`Driver::try_play`] refuses one without previewing it.
    no_lone_suicide: bool,
    /// The game the position and the player to move are read from: a live one when there is
    /// one (all live games have the same position).
    lead: usize,
    moves: Vec<Move>,
    passes_in_a_row: u32,
    /// [`Driver::pass_required`], found once after each move (a game's status changes only
    /// with its moves), since the generator asks it for every point it tries.
    pass_required: bool,
    /// The setup of the next game, kept for [`Driver::restart`] (its board is reused).
    setup: Option<Setup>,
}

impl<'r> Driver<'r> {
    /// Games under each of `rulesets`, set up as `game` is (its moves are not played). The
    /// position is read from a game under `legality` itself when that is looser than the
    /// default (then some ruleset may replace a move by a pass, and its position is not the
    /// record's) or when there is no ruleset.
    pub fn new(
        rulesets: &'r [Arc<Ruleset>],
        legality: &'r Arc<Ruleset>,
        game: &FuzzGame,
    ) -> Driver<'r> {
        let board = game.setup_board();
        let setup = |b: Board| Setup {
            board: b,
            handicap: game.handicap,
            komi: game.komi,
            first: game.first(),
        };
        let strict =
            legality.ko == KoRule::PositionalSuperko && legality.suicide == SuicideRule::Illegal;
        let legality_game = !strict || rulesets.is_empty();
        let mut games = Vec::with_capacity(rulesets.len() + 1);
        let all = legality_game
            .then_some(legality)
            .into_iter()
            .chain(rulesets.iter());
        let n = rulesets.len() + legality_game as usize;
        let mut board = Some(board);
        for (k, rs) in all.enumerate() {
            // The last game takes the board itself.
            let b = if k + 1 == n {
                board.take().expect("one board per game")
            } else {
                board.clone().expect("one board per game")
            };
            games.push(FastReplay::new(Arc::clone(rs), setup(b)));
        }
        Driver {
            games,
            legality_game,
            legality,
            strict,
            no_lone_suicide: legality.suicide != SuicideRule::All,
            lead: 0,
            moves: Vec::with_capacity(3 * game.size.area() + 24),
            passes_in_a_row: 0,
            pass_required: false,
            setup: None,
        }
    }

    /// Starts over with games set up as `game` is, as [`Driver::new`] with the same rulesets
    /// would, reusing every buffer (boards, move lists, histories, repetition tables): for
    /// generating many games on one thread.
    pub fn restart(&mut self, game: &FuzzGame) {
        let mut setup = self.setup.take().unwrap_or_else(|| Setup {
            board: Board::new(game.size),
            handicap: 0,
            komi: gorules_rules::Komi::ZERO,
            first: Color::Black,
        });
        setup.board.reset(game.size);
        if !game.setup.is_empty() {
            setup
                .board
                .add_stones(game.setup.iter().map(|&p| (Color::Black, p)))
                .expect("handicap stones are placed on distinct points with liberties");
        }
        setup.handicap = game.handicap;
        setup.komi = game.komi;
        setup.first = game.first();
        for g in &mut self.games {
            g.restart(&setup);
        }
        self.setup = Some(setup);
        self.lead = 0;
        self.moves.clear();
        self.passes_in_a_row = 0;
        self.pass_required = false;
    }

    /// The replays of the claim's rulesets, in their order, each with how it went (as
    /// [`Driver::into_games`], but keeping them for [`Driver::restart`]). For finishing and
    /// scoring them: the driver's own answers (e.g. [`Driver::pass_required`]) do not follow
    /// changes made through them.
    pub fn games_mut(&mut self) -> &mut [FastReplay] {
        let skip = self.legality_game as usize;
        &mut self.games[skip..]
    }

    /// The position.
    #[inline]
    pub fn board(&self) -> &Board {
        self.games[self.lead].game().state().board()
    }

    /// The game so far (of a live ruleset game).
    #[inline]
    pub fn state(&self) -> &GameState {
        self.games[self.lead].game().state()
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.games[self.lead].game().to_move()
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Passes in a row at the end of the moves.
    pub fn passes_in_a_row(&self) -> u32 {
        self.passes_in_a_row
    }

    fn live(&self) -> impl Iterator<Item = &gorules_rules::Game> {
        self.games
            .iter()
            .filter(|g| g.track() == Track::Live)
            .map(|g| g.game())
    }

    /// Whether some ruleset's end-of-play protocol allows only a pass now (Concord's third
    /// pass).
    #[inline]
    pub fn pass_required(&self) -> bool {
        self.pass_required
    }

    fn find_pass_required(&self) -> bool {
        self.live().any(|g| {
            matches!(
                g.status(),
                Status::Playing {
                    pass_required: Some(_)
                }
            )
        })
    }

    /// Whether the player to move may play at the empty point `p`: no ruleset requires a pass,
    /// and the chosen legality (ko and suicide) allows the play.
    #[inline]
    pub fn play_ok(&self, p: Point) -> bool {
        !self.pass_required() && self.legal(p)
    }

    /// Whether the chosen legality allows the player to move to play at `p` (not asking
    /// whether some ruleset requires a pass now).
    #[inline]
    pub fn legal(&self, p: Point) -> bool {
        let g = self.games[self.lead].game();
        let state = g.state();
        if self.strict {
            // Positional superko: the position after the play must be new. A hash never seen is
            // a new position; a hash seen before is taken as a repetition without rebuilding
            // the earlier position (a collision would only cost the generator one legal move).
            return match state.board().preview(g.to_move(), p) {
                Ok(pv) => pv.suicide == 0 && state.board_occurrences(pv.hash) == 0,
                Err(_) => false,
            };
        }
        state.board().get(p).is_none()
            && self
                .legality
                .check(state, g.to_move(), Move::Play(p))
                .is_ok()
    }

    /// Whether the player to move may pass without that pass finishing the game under some
    /// ruleset (AGA: White's pass after play ended on Black's pass is White's final pass; a
    /// record that goes on after it would be cut short).
    pub fn pass_ok(&self) -> bool {
        let c = self.to_move();
        self.live()
            .all(|g| g.status() != Status::Ended || g.rules().final_pass(g.state()) != Some(c))
    }

    /// Whether the record may end here: two passes in a row, and no ruleset still requires a
    /// pass. (Each ruleset adds what its protocol needs when the game is finished: AGA's
    /// White pass, Ing's four passes.)
    pub fn can_end(&self) -> bool {
        self.passes_in_a_row >= 2 && !self.pass_required()
    }

    /// Plays a stone at the empty point `p` for the player to move if the chosen legality
    /// allows it (as [`Driver::legal`] answers) and no ruleset requires a pass, in every
    /// ruleset's game as [`Driver::apply`] does; returns whether it played.
    ///
    /// Under the default legality the lead game checks the play once for both questions: a
    /// play that legality allows is a plain play, which the lead game's rules allow too
    /// ([`FastReplay::step_plain`] plays it without asking them); otherwise ([`FastReplay::step_if`]) its
    /// own rules must allow it (they do whenever the strictest legality does) and its preview
    /// must create a position never seen before.
    pub fn try_play(&mut self, p: Point) -> bool {
        if self.pass_required() || self.refuses_lone_suicide(p) {
            return false;
        }
        self.try_play_tested(p)
    }

    /// Whether the chosen legality refuses a play at the empty point `p` by the player to move
    /// as a single-stone suicide (the opponent's eyes, drawn often late in a game), found
    /// without a preview: part of [`Driver::try_play`], for a caller that tries many points.
    #[inline(always)]
    pub fn refuses_lone_suicide(&self, p: Point) -> bool {
        self.no_lone_suicide && self.board().is_single_stone_suicide(self.to_move(), p)
    }

    /// Whether a random player refuses the empty point `p` at once: an own eye (unless `eyes`)
    /// or a single-stone suicide the legality refuses ([`Driver::refuses_lone_suicide`]).
    /// One look at the lead game's board for both tests ([`gorules_board::Board::enclosure`]).
    #[inline(always)]
    pub(crate) fn refuses_at_once(&self, p: Point, eyes: bool) -> bool {
        let game = self.games[self.lead].game();
        match game.state().board().enclosure(game.to_move(), p) {
            Enclosure::Open => false,
            Enclosure::EyeLike => !eyes,
            Enclosure::SingleStoneSuicide => self.no_lone_suicide,
        }
    }

    /// [`Driver::try_play`] once its first two tests passed: no ruleset requires a pass (true
    /// until the next move once [`Driver::pass_required`] answered `false`) and
    /// [`Driver::refuses_lone_suicide`] answered `false` for `p`. The rest of the test, and
    /// the play.
    pub(crate) fn try_play_tested(&mut self, p: Point) -> bool {
        debug_assert!(!self.pass_required() && !self.refuses_lone_suicide(p));
        if self.strict {
            let c = self.to_move();
            let lead = self.lead;
            let single = self.games.len() == 1;
            let game = &mut self.games[lead];
            // A play the strictest legality allows is plain (a return to the position before a
            // ko capture is a repetition), and a plain play is one it allows: the lead game
            // plays it without asking its rules when they allow every plain play.
            let played = match game.step_plain(c, p) {
                Some(true) if single => {
                    // The only game played it, and a plain play leaves play going on with no
                    // pass required: all that `apply_to_games` and `record` would do.
                    self.moves.push(Move::Play(p));
                    self.passes_in_a_row = 0;
                    self.pass_required = false;
                    debug_assert!(!self.find_pass_required());
                    return true;
                }
                Some(played) => Ok(played),
                None => game.step_if(c, p, |state, pv| {
                    pv.suicide == 0 && state.board_occurrences(pv.hash) == 0
                }),
            };
            match played {
                Ok(true) => {
                    self.apply_to_games(c, Move::Play(p), Some(lead));
                    self.record(Move::Play(p));
                    return true;
                }
                Ok(false) => return false,
                // Not a move of the lead game now (turn, game over): as before, decide by
                // the legality alone and let `apply` track the games.
                Err(_) => {}
            }
        }
        if self.legal(p) {
            self.apply(Move::Play(p));
            true
        } else {
            false
        }
    }

    /// Plays `mv` for the player to move in every ruleset's game, as a replay would.
    pub fn apply(&mut self, mv: Move) {
        let c = self.to_move();
        self.apply_to_games(c, mv, None);
        self.record(mv);
    }

    /// Plays `mv` by `c` in every live game but `skip` (one that has played it already). A game
    /// whose replay refuses the move ([`Track::Refused`]) stops there and is not scored.
    fn apply_to_games(&mut self, c: Color, mv: Move, skip: Option<usize>) {
        for (k, g) in self.games.iter_mut().enumerate() {
            if Some(k) != skip {
                let _ = g.step(c, mv);
            }
        }
    }

    /// Records `mv` once every game has played it.
    #[inline]
    fn record(&mut self, mv: Move) {
        // Read the position from a game that is still live (the legality's game, if there is
        // one, accepts every move).
        if self.games[self.lead].track() != Track::Live {
            if let Some(k) = self.games.iter().position(|g| g.track() == Track::Live) {
                self.lead = k;
            }
        }
        self.moves.push(mv);
        if mv == Move::Pass {
            self.passes_in_a_row += 1;
        } else {
            self.passes_in_a_row = 0;
        }
        self.pass_required = self.find_pass_required();
    }

    /// Whether some ruleset's game is over (AGA after White's final pass, which another
    /// ruleset's protocol may have required, e.g. Concord's third pass; a forfeit): the record
    /// must end here, since that ruleset would ignore any later move.
    pub fn any_finished(&self) -> bool {
        self.live().any(|g| g.status() == Status::Finished)
    }

    /// Whether every game has stopped or diverged (nothing can be played any more).
    pub fn all_stopped(&self) -> bool {
        self.games.iter().all(|g| g.track() != Track::Live)
    }

    /// The games, in the order of the rulesets given to [`Driver::new`] (empty if the claim
    /// names no ruleset), each with how it went.
    pub fn into_games(self) -> Vec<FastReplay> {
        let mut games = self.games;
        if self.legality_game {
            games.remove(0);
        }
        games
    }
}
