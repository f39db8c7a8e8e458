//! The questions a game asks its rules (is this move legal, where does play stand, may dead
//! stones be removed by agreement, what is the score), answered by [`Ruleset`] from its knobs.
//! Rules are data: a rule difference is a knob, not code a user writes.

use std::fmt;

use gorules_board::{pass_alive, Board, Color, Move, PlayError, Point, PointSet, Preview};

use crate::group_tax::group_tax;
use crate::owned_regions::{owned_regions, owned_regions_with, OwnedRegions};
use crate::ownership::Ownership;
use crate::ruleset::*;
use crate::score::{ColorName, Outcome, Score, SideScore};
use crate::state::GameState;

/// Why a board play is illegal under a ruleset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Retakes a ko at once (simple ko).
    Ko {
        /// The ko point.
        point: Point,
    },
    /// Recreates an earlier position (the superko rule named).
    Superko(KoRule),
    /// A suicide the ruleset does not allow.
    Suicide {
        /// Stones the suicide would remove, the played one included.
        stones: u32,
    },
    /// The end-of-play protocol requires a pass by this player now (Concord's third pass).
    PassRequired(Color),
    /// Makes, in a cleanup phase, a ko capture the player already made from the same
    /// position in this phase (KataGo's cleanup phases allow each only once).
    KoCaptureRepeated {
        /// The point of the capture.
        point: Point,
    },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::Ko { .. } => f.write_str("ko: immediate recapture"),
            Illegal::Superko(KoRule::PositionalSuperko) => {
                f.write_str("positional superko: repeats an earlier position")
            }
            Illegal::Superko(KoRule::SituationalSuperko) => f.write_str(
                "situational superko: repeats an earlier position with the same player to move",
            ),
            Illegal::Superko(_) => f.write_str(
                "natural situational superko: repeats a position the player created before",
            ),
            Illegal::Suicide { stones: 1 } => f.write_str("suicide of a single stone"),
            Illegal::Suicide { stones } => write!(f, "suicide of {stones} stones"),
            Illegal::PassRequired(c) => write!(f, "the last-pass rule requires a pass by {c}"),
            Illegal::KoCaptureRepeated { .. } => f.write_str(
                "cleanup phase: the same ko capture from the same position a second time",
            ),
        }
    }
}

/// Where a game stands after a move, by the end-of-play protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayStatus {
    /// Play goes on.
    Continue,
    /// Play goes on, but only a pass by this player is allowed (Concord's third pass).
    PassRequired(Color),
    /// Play has ended; dead stones are settled next (or play resumes after a dispute).
    Ended,
}

/// What the rules say about settling dead stones at this point of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settlement {
    /// Stones may be removed by agreement.
    Agreement,
    /// Every stone on the board is alive, for this reason.
    AllAlive(AllAliveReason),
    /// Opponent stones inside a player's pass-alive territory are dead; every other stone is
    /// alive (`dead-stones = "pass-alive"`).
    PassAlive,
}

/// Why the rules take every stone as alive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllAliveReason {
    /// The ruleset scores the board as it stands (Tromp-Taylor).
    NoAgreement,
    /// Play went on "until all dead stones are captured" (Concord "Dispute resolution").
    PlayedUntilCaptured,
    /// A resumption began with two passes (BGA "Game End").
    ResumptionOpenedWithTwoPasses,
}

impl fmt::Display for AllAliveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AllAliveReason::NoAgreement => "the ruleset scores the board as it stands",
            AllAliveReason::PlayedUntilCaptured => {
                "play went on until all dead stones were captured"
            }
            AllAliveReason::ResumptionOpenedWithTwoPasses => "the resumption began with two passes",
        })
    }
}

impl Ruleset {
    fn check_ko(
        &self,
        state: &GameState,
        color: Color,
        p: Point,
        preview: &Preview,
    ) -> Result<(), Illegal> {
        if self.in_cleanup(state) {
            // Cleanup phases: no simple ko or superko; each ko capture once from a position.
            return if state.cleanup.capture_made(state.board(), color, p) {
                Err(Illegal::KoCaptureRepeated { point: p })
            } else {
                Ok(())
            };
        }
        let board = state.board();
        let position = || {
            let mut b = board.clone();
            b.play_allowing_suicide(color, p)
                .expect("preview said the point is free");
            b.position()
        };
        let next = color.opponent();
        let repeated = match self.ko {
            KoRule::Simple => {
                if state.ko_point() == Some(p) {
                    return Err(Illegal::Ko { point: p });
                }
                false
            }
            KoRule::PositionalSuperko => state.repeats(preview.hash, position, |_| true),
            KoRule::SituationalSuperko => {
                state.repeats(preview.hash, position, |e| e.to_move == next)
            }
            KoRule::NaturalSituationalSuperko => state.repeats(preview.hash, position, |e| {
                e.created_by_play_of == Some(color)
            }),
        };
        if repeated {
            Err(Illegal::Superko(self.ko))
        } else {
            Ok(())
        }
    }

    fn bonus_points(&self, state: &GameState, counting: Counting) -> [f64; 2] {
        let mut out = [0.0; 2];
        for b in &self.bonuses {
            if !b.counting.contains(&counting) {
                continue;
            }
            let maker = match b.event {
                BonusEvent::FirstPass => state.first_pass(),
                BonusEvent::LastPass => state.last_pass(),
                BonusEvent::LastBoardPlay => state.last_board_play(),
            };
            let Some(maker) = maker else { continue };
            let matches = match b.by {
                BonusMaker::Black => maker == Color::Black,
                BonusMaker::White => maker == Color::White,
                BonusMaker::Either => true,
            };
            if !matches {
                continue;
            }
            let to = match b.to {
                BonusRecipient::Black => Color::Black,
                BonusRecipient::White => Color::White,
                BonusRecipient::Maker => maker,
                BonusRecipient::Opponent => maker.opponent(),
            };
            out[to.index()] += b.points;
        }
        out
    }
}

/// The empty points a ruleset counts as each player's territory on a board (dead stones
/// already removed): what [`Ruleset::score`] counts for [`Ruleset`], for drawing or checking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountedTerritory {
    /// Points counted as territory, `[black, white]` (index with [`Color::index`]).
    pub counted: [PointSet; 2],
    /// Points that reach one colour only but are not counted: seki eyes under
    /// `seki-eyes = "not-counted"`, `[black, white]`. Empty when seki eyes count.
    pub not_counted: [PointSet; 2],
    /// Points that reach one colour only but are not counted because that colour must still
    /// fill them: false eyes under territory counting with `false-eyes = "not-counted"`
    /// ([`crate::referee`]), `[black, white]`; a false eye of a group in seki whose eyes are
    /// not counted is in `not_counted` instead. Empty otherwise.
    pub false_eyes: [PointSet; 2],
    /// The stones of groups in seki, `[black, white]`, where the count looks for seki with the
    /// referee's settlement (territory counting under `seki-eyes = "not-counted"` or
    /// `false-eyes = "not-counted"`); empty otherwise.
    pub seki_stones: [PointSet; 2],
    /// Empty points that reach both colours, or none (dame).
    pub neutral: PointSet,
}

impl Ruleset {
    /// Who owns each empty point of `board` as this ruleset counts it by its first counting
    /// method ([`Ruleset::counted_territory_by`]).
    pub fn counted_territory(&self, board: &Board) -> CountedTerritory {
        let counting = self.counting.first().copied().unwrap_or(Counting::Area);
        self.counted_territory_by(board, counting)
    }

    /// Who owns each empty point of `board` as this ruleset counts it by `counting`: the
    /// flood-fill territory ([`Board::territory`]), less seki eyes when the ruleset does not
    /// count them; under territory counting, the referee's settlement
    /// ([`crate::referee::RefereeCount`]) finds the seki (dame filled or not) and the false
    /// eyes where the ruleset leaves either out. The one definition [`Ruleset::score`] uses.
    pub fn counted_territory_by(&self, board: &Board, counting: Counting) -> CountedTerritory {
        self.counted_territory_of(board, &Ownership::of(board), counting)
    }

    /// [`Ruleset::counted_territory_by`], starting from `ownership` when it is the analysis of
    /// `board` ([`Ownership::is_of`]; else from a new one): the same answer, for a caller that
    /// shares one analysis between rulesets.
    pub fn counted_territory_with(
        &self,
        board: &Board,
        counting: Counting,
        ownership: &Ownership,
    ) -> CountedTerritory {
        if ownership.is_of(board) {
            self.counted_territory_of(board, ownership, counting)
        } else {
            self.counted_territory_by(board, counting)
        }
    }

    /// Whether this ruleset's count by `counting` is the referee's settlement
    /// ([`crate::referee::RefereeCount`]): territory counting that leaves out false eyes or
    /// seki eyes (never under a tax, which decides on whole regions as KataGo does).
    pub fn settles(&self, counting: Counting) -> bool {
        counting == Counting::Territory
            && self.tax == Tax::None
            && (self.false_eyes == FalseEyes::NotCounted || self.seki_eyes == SekiEyes::NotCounted)
    }

    /// [`Ruleset::counted_territory_by`] from `ownership`, the analysis of `board`.
    fn counted_territory_of(
        &self,
        board: &Board,
        ownership: &Ownership,
        counting: Counting,
    ) -> CountedTerritory {
        if self.tax != Tax::None {
            return self.taxed_territory(board, &self.owned_regions(board));
        }
        let terr = ownership.territory();
        let owned = [terr.black, terr.white];
        let size = board.size();
        let none = [PointSet::empty(size), PointSet::empty(size)];
        if self.settles(counting) {
            let referee = ownership.settled();
            // A false eye of a group in seki is a seki eye: its owner cannot fill it.
            let not_counted = match self.seki_eyes {
                SekiEyes::Count => none,
                SekiEyes::NotCounted => referee.seki_eyes,
            };
            let false_eyes = match self.false_eyes {
                FalseEyes::Count => none,
                FalseEyes::NotCounted => {
                    [0, 1].map(|c| referee.false_eyes[c].difference(&not_counted[c]))
                }
            };
            return CountedTerritory {
                counted: [0, 1].map(|c| {
                    owned[c]
                        .difference(&not_counted[c])
                        .difference(&false_eyes[c])
                }),
                not_counted,
                false_eyes,
                seki_stones: referee.seki_stones,
                neutral: terr.neutral,
            };
        }
        let not_counted = match self.seki_eyes {
            SekiEyes::Count => none,
            SekiEyes::NotCounted => {
                let eyes = ownership.seki_eyes(board);
                [
                    eyes[0].intersection(&owned[0]),
                    eyes[1].intersection(&owned[1]),
                ]
            }
        };
        CountedTerritory {
            counted: [
                owned[0].difference(&not_counted[0]),
                owned[1].difference(&not_counted[1]),
            ],
            not_counted,
            false_eyes: none,
            seki_stones: none,
            neutral: terr.neutral,
        }
    }
}

impl Ruleset {
    /// The owned regions of `board` under this ruleset's suicide rule.
    fn owned_regions(&self, board: &Board) -> OwnedRegions {
        owned_regions(board, self.suicide != SuicideRule::Illegal)
    }

    /// The territory under `tax = "seki"` or `"all"`: the empty points of the regions of
    /// independent life; the other owned empty points are not counted.
    fn taxed_territory(&self, board: &Board, regions: &OwnedRegions) -> CountedTerritory {
        let empty = board
            .stones(Color::Black)
            .union(board.stones(Color::White))
            .complement();
        let counted = regions.independent.map(|r| r.intersection(&empty));
        let owned = regions.owned.map(|r| r.intersection(&empty));
        CountedTerritory {
            not_counted: [
                owned[0].difference(&counted[0]),
                owned[1].difference(&counted[1]),
            ],
            counted,
            false_eyes: [PointSet::empty(board.size()); 2],
            seki_stones: [PointSet::empty(board.size()); 2],
            neutral: empty.difference(&owned[0]).difference(&owned[1]),
        }
    }

    /// The opponent stones each player's pass-alive territory holds that
    /// `dead-stones = "pass-alive"` removes, `[black's, white's]` (index with the colour of
    /// the stones): all of them, except, under a tax, those in a region in seki, which KataGo
    /// leaves on the board (board.cpp, `calculateIndependentLifeArea`).
    pub(crate) fn pass_alive_dead(&self, board: &Board) -> Vec<Point> {
        let alive = pass_alive(board, self.suicide != SuicideRule::Illegal);
        let regions = (self.tax != Tax::None).then(|| owned_regions_with(board, &alive));
        let mut out = Vec::new();
        for c in Color::ALL {
            let mut dead = alive.dead_stones_of(board, c);
            if let Some(r) = &regions {
                dead = dead.intersection(&r.independent[c.opponent().index()]);
            }
            out.extend(dead.iter());
        }
        out
    }
}

/// The questions a game asks its rules, answered from the knobs.
impl Ruleset {
    /// Whether `color` may play `mv` now. Whose turn it is and whether the point is on the
    /// board and empty are checked by the game before this is asked.
    pub fn check(&self, state: &GameState, color: Color, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Pass => Ok(()),
            Move::Play(p) => {
                let preview = match state.board().preview(color, p) {
                    Ok(pv) => pv,
                    // The game checks occupancy first; treat a stray one as the board does.
                    Err(PlayError::Suicide { stones }) => return Err(Illegal::Suicide { stones }),
                    Err(_) => unreachable!("the game checks the point before asking the rules"),
                };
                self.check_play(state, color, p, &preview)
            }
        }
    }

    /// Whether `color` may play a stone at `p` now, as [`Ruleset::check`] answers for
    /// `Move::Play(p)`, given the game's own [`Board::preview`] of the play (captures, suicide,
    /// the position hash after it), so that one preview serves the game and its rules.
    pub(crate) fn check_play(
        &self,
        state: &GameState,
        color: Color,
        p: Point,
        preview: &Preview,
    ) -> Result<(), Illegal> {
        if let PlayStatus::PassRequired(c) = self.play_status(state) {
            return Err(Illegal::PassRequired(c));
        }
        if preview.suicide > 0 {
            let allowed = match self.suicide {
                SuicideRule::Illegal => false,
                SuicideRule::MultiStone => preview.suicide > 1,
                SuicideRule::All => true,
            };
            if !allowed {
                return Err(Illegal::Suicide {
                    stones: preview.suicide,
                });
            }
        }
        self.check_ko(state, color, p, preview)
    }

    /// Where play stands after the last move, by the end-of-play protocol.
    pub fn play_status(&self, state: &GameState) -> PlayStatus {
        let mut passes = state.consecutive_passes();
        if self.button && passes > 0 {
            // The pass that took the button does not count (KataGo boardhistory.cpp).
            let first = state.moves().len() - passes as usize;
            if button_pass(state).is_some_and(|k| k >= first) {
                passes -= 1;
            }
        }
        let needed = match self.end_of_play {
            EndOfPlay::FourPasses => 4,
            _ => 2,
        };
        if passes < needed && !self.repeated_pass(state) {
            return PlayStatus::Continue;
        }
        if self.end_of_play == EndOfPlay::FirstAndLastPassDiffer {
            if let (Some(first), Some(last)) = (state.first_pass(), state.last_pass()) {
                if first == last {
                    return PlayStatus::PassRequired(last.opponent());
                }
            }
        }
        PlayStatus::Ended
    }

    /// Whether a cleanup phase is being played.
    pub(crate) fn in_cleanup(&self, state: &GameState) -> bool {
        self.end_of_play == EndOfPlay::CleanupPhases && state.phase() >= 1
    }

    /// Whether the last move is a pass from a state from which the same player already
    /// passed in this phase, and that ends the phase: under `repeated-pass-ends` in the main
    /// phase, and always in a cleanup phase (KataGo boardhistory.cpp,
    /// `wouldBeSpightlikeEndingPass`). Passes before the button was taken do not count.
    fn repeated_pass(&self, state: &GameState) -> bool {
        let cleanup = self.in_cleanup(state);
        if !(cleanup || self.repeated_pass_ends && state.phase() == 0) {
            return false;
        }
        let moves = state.moves();
        let Some(last) = moves.last().filter(|m| m.is_pass()) else {
            return false;
        };
        let j = moves.len() - 1;
        if j < state.phase_start {
            // The pass that ended the previous phase.
            return false;
        }
        let mut from = state.phase_start;
        if self.button {
            match button_pass(state) {
                Some(b) if b >= j => return false,
                Some(b) => from = from.max(b + 1),
                None => {}
            }
        }
        let before = |k: usize| {
            if cleanup {
                state.cleanup.state(k - state.phase_start)
            } else {
                Some(state.history()[k].situation_hash())
            }
        };
        let now = before(j);
        (from..j).any(|i| {
            let m = &moves[i];
            m.is_pass() && m.color == last.color && before(i) == now
        })
    }

    /// A pass the player must add when the game finishes (AGA: White makes the last move).
    pub fn final_pass(&self, state: &GameState) -> Option<Color> {
        match (self.end_of_play, state.moves().last()) {
            (EndOfPlay::WhitePassesLast, Some(m)) if m.color == Color::Black => Some(Color::White),
            _ => None,
        }
    }

    /// Whether the last board play completed a long cycle that ends the game without result.
    pub fn long_cycle_ends_game(&self, state: &GameState) -> bool {
        if self.in_cleanup(state) {
            // In a cleanup phase, always; the state includes the ko-recapture blocks.
            let moves = state.phase_moves();
            let since = moves.iter().rposition(|m| m.is_pass()).map_or(0, |k| k + 1);
            return state.cleanup.occurrences_of_now(since) >= 3;
        }
        if self.long_cycle != LongCycleRule::NoResult {
            return false;
        }
        // Count earlier occurrences of the current (position, player to move) state since the
        // last pass; the current state is the last history entry.
        let hist = state.history();
        let Some(now) = hist.last() else { return false };
        if state.board_occurrences(now.hash) < 3 {
            return false;
        }
        let moves = state.moves();
        let since = moves
            .iter()
            .rposition(|m| m.is_pass())
            .map_or(0, |k| k + 1)
            .max(state.repetition_start);
        let occurrences = hist[since..]
            .iter()
            .filter(|e| e.situation_hash() == now.situation_hash())
            .count();
        occurrences >= 3
    }

    /// Who must move first when play resumes after a dispute (`None`: either player).
    pub fn resumption_first(&self, state: &GameState) -> Option<Color> {
        match self.resumption_first {
            ResumptionFirst::OpponentOfLastPasser => state.last_pass().map(|c| c.opponent()),
            ResumptionFirst::Either => None,
        }
    }

    /// Whether stones may be removed by agreement now that play has ended.
    pub fn settlement(&self, state: &GameState) -> Settlement {
        match self.dead_stones {
            DeadStones::AsTheyStand => return Settlement::AllAlive(AllAliveReason::NoAgreement),
            DeadStones::PassAlive => return Settlement::PassAlive,
            DeadStones::Agreement => {}
        }
        if state.until_captured() {
            return Settlement::AllAlive(AllAliveReason::PlayedUntilCaptured);
        }
        if self.resumption_double_pass_ends && state.phase() > 0 {
            let opening: Vec<_> = state.phase_moves().iter().take(2).collect();
            if opening.len() == 2 && opening.iter().all(|m| m.is_pass()) {
                return Settlement::AllAlive(AllAliveReason::ResumptionOpenedWithTwoPasses);
            }
        }
        Settlement::Agreement
    }

    /// The score of the finished game (dead stones already removed) by `counting`.
    pub fn score(&self, state: &GameState, counting: Counting) -> Score {
        self.score_with(state, counting, &Ownership::of(state.board()))
    }

    /// [`Ruleset::score`], given `ownership`, an analysis of a board that other rulesets scoring
    /// the same board may share: it is used only when it describes the state's board
    /// ([`Ownership::is_of`]), so the score is [`Ruleset::score`]'s either way.
    pub(crate) fn score_with(
        &self,
        state: &GameState,
        counting: Counting,
        ownership: &Ownership,
    ) -> Score {
        let board = state.board();
        if !ownership.is_of(board) {
            return self.score(state, counting);
        }
        let regions = (self.tax != Tax::None
            || counting == Counting::Territory && self.end_of_play == EndOfPlay::CleanupPhases)
            .then(|| self.owned_regions(board));
        let terr = match &regions {
            Some(r) if self.tax != Tax::None => self.taxed_territory(board, r),
            _ => self.counted_territory_of(board, ownership, counting),
        };
        let mut bonus = self.bonus_points(state, counting);
        if self.button {
            // The first pass took it; scored before anyone passed, the player to move gets it
            // (KataGo boardhistory.cpp, `endAndScoreGameNow`).
            let taker = state.first_pass().unwrap_or(state.to_move());
            bonus[taker.index()] += 0.5;
        }
        let mut tax = match counting {
            Counting::Stone => group_tax(board, &terr.counted),
            Counting::Area | Counting::Territory => [0, 0],
        };
        if let (Tax::All, Some(r)) = (self.tax, &regions) {
            for (t, n) in tax.iter_mut().zip(r.independent_regions) {
                *t += 2 * n;
            }
        }
        let mut sides = [SideScore::default(), SideScore::default()];
        for c in Color::ALL {
            let s = &mut sides[c.index()];
            s.territory = terr.counted[c.index()].len() as u32;
            s.seki_eyes_not_counted = terr.not_counted[c.index()].len() as u32;
            s.false_eyes_not_counted = terr.false_eyes[c.index()].len() as u32;
            match counting {
                Counting::Area => {
                    s.stones = match &regions {
                        // Stones inside the opponent's owned area count for nobody.
                        Some(r) if self.tax != Tax::None => board
                            .stones(c)
                            .difference(&r.owned[c.opponent().index()])
                            .len()
                            as u32,
                        _ => board.stones_on_board(c),
                    }
                }
                Counting::Territory => {
                    s.prisoners = *state.prisoners(c);
                    if let (EndOfPlay::CleanupPhases, Some(r)) = (self.end_of_play, &regions) {
                        s.cleanup_plays = cleanup_plays(state, c, r);
                    }
                }
                Counting::Stone => s.stones = board.stones_on_board(c),
            }
            s.group_tax = tax[c.index()];
            s.bonus = bonus[c.index()];
        }
        let white = &mut sides[Color::White.index()];
        white.komi = state.komi().points();
        if counting.counts_stones() {
            white.handicap_compensation =
                self.handicap_compensation.points(state.handicap()) as f64;
        }
        for s in &mut sides {
            s.total = (s.territory + s.stones + s.prisoners.total() + s.cleanup_plays) as f64
                - s.group_tax as f64
                + s.komi
                + s.handicap_compensation
                + s.bonus;
        }
        let [black, white] = sides;
        let margin = black.total - white.total;
        let doubts = match &regions {
            Some(_) if self.tax != Tax::None => Vec::new(),
            _ if self.settles(counting) => ownership.settled().doubts.clone(),
            _ => Vec::new(),
        };
        Score {
            counting,
            black,
            white,
            margin,
            outcome: Outcome::Points { margin },
            doubts,
        }
    }

    /// The scores by each of `countings`, in order, as [`Ruleset::score`] gives them one by
    /// one: one analysis of the board ([`Ownership`]) serves them all.
    pub(crate) fn score_each(&self, state: &GameState, countings: &[Counting]) -> Vec<Score> {
        let ownership = Ownership::of(state.board());
        countings
            .iter()
            .map(|&c| self.score_with(state, c, &ownership))
            .collect()
    }
}

/// The points `c` gets for board plays in the second cleanup phase under territory counting:
/// one per play, less one per stone placed there (on a point that did not hold a stone of `c`
/// when the phase began) that lies outside `c`'s regions of independent life. KataGo counts
/// the board's area less one point per stone placed in the main and first cleanup phases
/// (boardhistory.cpp, `countTerritoryAreaScoreWhiteMinusBlack` and the "chill" of
/// `makeBoardMoveAssumeLegal`); written as territory plus prisoners, that leaves this part.
fn cleanup_plays(state: &GameState, c: Color, regions: &OwnedRegions) -> u32 {
    let (plays, start) = state.cleanup.second_phase();
    let Some(start) = start else { return 0 };
    let outside = state
        .board()
        .stones(c)
        .difference(&regions.independent[c.index()])
        .difference(&start[c.index()])
        .len() as u32;
    plays[c.index()] - outside
}

/// The index in [`GameState::moves`] of the pass that took the button: the game's first pass.
fn button_pass(state: &GameState) -> Option<usize> {
    state.moves().iter().position(|m| m.is_pass())
}

/// Makes `score` that of a game that ended by forfeit or without result: totals as counted,
/// but the outcome replaced.
pub(crate) fn set_outcome(score: &mut Score, outcome: Outcome) {
    if !matches!(outcome, Outcome::Points { .. }) {
        // A forfeit or no result rests on no count.
        score.margin = 0.0;
        score.doubts.clear();
    }
    score.outcome = outcome;
}

/// The forfeit outcome when `offender` made an illegal move.
pub(crate) fn forfeit(offender: Color) -> Outcome {
    Outcome::Forfeit {
        winner: ColorName::from(offender.opponent()),
    }
}

#[cfg(test)]
mod tests {
    use gorules_board::diagram::from_diagram;

    use super::*;
    use crate::builtin;

    use crate::seki::CLASSIC_SEKI as SEKI;

    #[test]
    fn a_shared_ownership_gives_the_score_of_the_board_itself() {
        let seki = from_diagram(SEKI).unwrap();
        let mut other = seki.clone();
        other.remove_stones([Point::new(4, 0)]);
        let shared = Ownership::of(&seki);
        for rules in crate::builtins() {
            for board in [&seki, &other] {
                let game = crate::Game::new(
                    rules.clone(),
                    crate::Setup::even(board.clone(), crate::Komi::new(6.5).unwrap()),
                );
                for &c in &rules.counting {
                    // The analysis of the seki board is used for it, ignored for the other.
                    assert_eq!(game.score_with(c, &shared), game.score(c), "{}", rules.id);
                }
            }
        }
    }

    #[test]
    fn counted_territory_leaves_out_seki_eyes_only_where_the_rules_say() {
        let board = from_diagram(SEKI).unwrap();
        let (c1, g1, e1) = (Point::new(2, 8), Point::new(6, 8), Point::new(4, 8));
        let japanese = builtin("japanese").unwrap().counted_territory(&board);
        assert_eq!(japanese.counted[0].len(), 18, "g4..i9");
        assert_eq!(japanese.counted[1].len(), 24, "a4..d9");
        assert_eq!(japanese.not_counted[0].iter().collect::<Vec<_>>(), [c1]);
        assert_eq!(japanese.not_counted[1].iter().collect::<Vec<_>>(), [g1]);
        assert_eq!(japanese.neutral.iter().collect::<Vec<_>>(), [e1]);
        let concord = builtin("concord").unwrap().counted_territory(&board);
        assert_eq!(concord.counted[0].len(), 19);
        assert!(concord.counted[0].contains(c1) && concord.counted[1].contains(g1));
        assert!(concord.not_counted.iter().all(PointSet::is_empty));
        assert_eq!(concord.neutral, japanese.neutral);
    }
}
