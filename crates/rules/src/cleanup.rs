//! KataGo's cleanup phases (`end-of-play = "cleanup-phases"`): after the main phase of a
//! territory game, two phases in which ko works differently ("KataGo's Supported Go Rules,
//! Version 2", "Cleanup Phases"; KataGo boardhistory.cpp, `makeBoardMoveAssumeLegal`,
//! `isLegal`, `isPassForKo`):
//!
//! - a ko capture *blocks* the capturing stone: the opponent may not take it back directly;
//! - a play at a blocked ko (on the blocked stone, or on the empty point that would retake it)
//!   is a *pass for ko*: it lifts the block and leaves the board unchanged;
//! - a player may make the same ko capture (same position, same point) only once a phase;
//! - simple ko and superko do not apply; a state (position, player to move, blocks) that occurs
//!   for the third time since the last pass ends the game without result;
//! - board plays in the second phase cost nothing under territory counting, and stones placed
//!   there count only inside regions of independent life.
//!
//! This module keeps that phase's state; [`crate::Game`] and [`crate::Ruleset`] ask it.

use gorules_board::{side_to_move_key, Board, Color, Point, PointSet};

/// The state of the current cleanup phase.
#[derive(Clone, Debug, Default)]
pub(crate) struct Cleanup {
    /// Stones whose direct recapture is blocked.
    blocked: Vec<Point>,
    /// Ko captures made in this phase: (position hash before the capture, point, player).
    ko_captures: Vec<(u64, Point, Color)>,
    /// The state key (position, player to move, blocks) of each state of this phase, from
    /// the state it began in; index `k` is the state before the phase's `k`-th move.
    states: Vec<u64>,
    /// Where each colour had stones when the second cleanup phase began.
    second_start: Option<[PointSet; 2]>,
    /// Board plays (passes for ko aside) of each colour in the second cleanup phase.
    second_plays: [u32; 2],
}

/// A hash of one blocked point, to tell states with different blocks apart.
fn block_key(p: Point) -> u64 {
    // SplitMix64 of the point's coordinates: distinct, well-mixed keys.
    let mut z = (u64::from(p.x) << 8 | u64::from(p.y)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Cleanup {
    /// Starts cleanup phase `phase` (1 or 2) on `board` with `to_move` to play.
    pub(crate) fn begin(&mut self, phase: u32, board: &Board, to_move: Color) {
        self.blocked.clear();
        self.ko_captures.clear();
        self.states.clear();
        if phase == 2 {
            self.second_start = Some([*board.stones(Color::Black), *board.stones(Color::White)]);
        }
        self.states.push(self.key(board, to_move));
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        *self = Cleanup::default();
    }

    fn key(&self, board: &Board, to_move: Color) -> u64 {
        self.blocked
            .iter()
            .fold(board.hash() ^ side_to_move_key(to_move), |h, &p| {
                h ^ block_key(p)
            })
    }

    /// The blocked stone that a play of `color` at `p` would take back, or `p` itself when it
    /// is a blocked stone in atari: the play is then a pass for ko.
    pub(crate) fn pass_for_ko(&self, board: &Board, color: Color, p: Point) -> Option<Point> {
        if self.blocked.is_empty() || !board.size().contains(p) {
            return None;
        }
        let opponent = color.opponent();
        let size = board.size();
        match board.get(p) {
            Some(c) if c == opponent => {
                let single = size.neighbors(p).all(|q| board.get(q) != Some(opponent));
                (self.blocked.contains(&p) && single && board.liberty_count(p) == 1).then_some(p)
            }
            Some(_) => None,
            None => {
                // KataGo board.cpp `getKoCaptureLoc`: every neighbour is an opponent stone (or
                // off the board) and exactly one of them is in atari.
                let mut capturable = None;
                for q in size.neighbors(p) {
                    if board.get(q) != Some(opponent) {
                        return None;
                    }
                    if board.liberty_count(q) == 1 {
                        if capturable.is_some() {
                            return None;
                        }
                        capturable = Some(q);
                    }
                }
                capturable.filter(|q| self.blocked.contains(q))
            }
        }
    }

    /// Whether `color` already made this ko capture at `p` from this position in this phase.
    pub(crate) fn capture_made(&self, board: &Board, color: Color, p: Point) -> bool {
        self.ko_captures.contains(&(board.hash(), p, color))
    }

    /// Records a pass for ko that lifted the block on `blocked`.
    pub(crate) fn lift(&mut self, blocked: Point) {
        self.blocked.retain(|&q| q != blocked);
    }

    /// Records a board play of `color` at `p` made from a position with hash `hash_before`
    /// in cleanup phase `phase`: a ko capture (`ko_capture`) blocks its stone; blocks on
    /// points left empty go.
    pub(crate) fn played(
        &mut self,
        phase: u32,
        board: &Board,
        color: Color,
        p: Point,
        hash_before: u64,
        ko_capture: bool,
    ) {
        if ko_capture {
            self.blocked.push(p);
            self.ko_captures.push((hash_before, p, color));
        }
        self.blocked.retain(|&q| board.get(q).is_some());
        if phase == 2 {
            self.second_plays[color.index()] += 1;
        }
    }

    /// Records the state after a move of the phase.
    pub(crate) fn push_state(&mut self, board: &Board, to_move: Color) {
        let key = self.key(board, to_move);
        self.states.push(key);
    }

    /// The key of the state before the phase's `k`-th move (`k` = the number of moves made
    /// in the phase: the state now).
    pub(crate) fn state(&self, k: usize) -> Option<u64> {
        self.states.get(k).copied()
    }

    /// How often the state now occurs among the states from the phase's `from`-th on.
    pub(crate) fn occurrences_of_now(&self, from: usize) -> usize {
        let Some(&now) = self.states.last() else {
            return 0;
        };
        self.states
            .get(from..)
            .map_or(0, |s| s.iter().filter(|&&k| k == now).count())
    }

    /// For the territory count: board plays of each colour in the second phase, and where
    /// each colour had stones when it began (`None` when it never began).
    pub(crate) fn second_phase(&self) -> ([u32; 2], Option<&[PointSet; 2]>) {
        (self.second_plays, self.second_start.as_ref())
    }
}
