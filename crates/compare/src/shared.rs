//! What the rulesets of one comparison share, worked out once per record instead of once per
//! ruleset: the opening they all play alike ([`Opening`]) and the analysis of each board they
//! score ([`Ownerships`]). [`crate::replay::replay`] works without them and gives the same
//! reports (checked by `tests/fast_path.rs`).

use std::sync::Arc;

use gorules_board::{Board, Move};
use gorules_rules::fast::FastReplay;
use gorules_rules::{Ownership, Ruleset, Setup};

use gorules_sgf::GameRecord;

use crate::point_report::PointReports;

/// What the rulesets of a comparison of one record share.
pub(crate) struct Shared {
    /// The record's common opening, if any.
    pub opening: Option<Opening>,
    /// The boards scored so far.
    pub ownerships: Ownerships,
    /// The point maps drawn so far.
    pub point_reports: PointReports,
}

impl Shared {
    /// Nothing worked out yet for `record`, but its opening, played under `rules`.
    pub(crate) fn new(record: &GameRecord, rules: &Arc<Ruleset>) -> Shared {
        Shared {
            opening: Opening::of(record, rules),
            ownerships: Ownerships::default(),
            point_reports: PointReports::default(),
        }
    }
}

/// The analyses of the boards scored so far: rulesets that end with the same board (the same
/// stones, after dead stones are removed) score it from one [`Ownership`].
#[derive(Default)]
pub(crate) struct Ownerships(Vec<Ownership>);

impl Ownerships {
    /// The analysis of `board`: one made before for a board with the same stones, or a new one.
    pub(crate) fn of(&mut self, board: &Board) -> &Ownership {
        let i = match self.0.iter().position(|o| o.is_of(board)) {
            Some(i) => i,
            None => {
                self.0.push(Ownership::of(board));
                self.0.len() - 1
            }
        };
        &self.0[i]
    }
}

/// The opening of a record that every ruleset plays alike, played once: the longest run of
/// first moves that are board plays in turn, on free points, neither suicide nor a return to
/// an earlier position (so that no ko, superko, suicide or end-of-play rule can tell rulesets
/// apart). The replays fork it ([`FastReplay::fork`]) instead of replaying those moves under each
/// ruleset; the result is the same.
pub(crate) struct Opening {
    game: FastReplay,
    played: usize,
}

impl Opening {
    /// The common opening of `record`, played under `rules` (any ruleset: the moves it
    /// holds are legal under all). `None` when the setup is broken (the replays report it).
    pub(crate) fn of(record: &GameRecord, rules: &Arc<Ruleset>) -> Option<Opening> {
        let board = record.setup_board().ok()?;
        let setup = Setup {
            board,
            handicap: record.handicap_stones(),
            komi: gorules_rules::Komi::ZERO,
            first: record.first_player(),
        };
        let plays = record.moves.iter().map_while(|m| match m.mv {
            Move::Play(p) => Some((m.color, p)),
            Move::Pass => None,
        });
        let (game, played) = FastReplay::plain_opening(Arc::clone(rules), setup, plays);
        Some(Opening { game, played })
    }

    /// The board after every move of `record` (of which this is the opening), when the
    /// opening holds every play of the record and only passes follow: then it is
    /// [`GameRecord::final_board`].
    pub(crate) fn final_board(&self, record: &GameRecord) -> Option<&Board> {
        record.moves[self.played..]
            .iter()
            .all(|m| m.mv == Move::Pass)
            .then(|| self.game.game().state().board())
    }

    /// The opening as `rules` would have played it with komi `komi`, and the number of moves
    /// it holds, when that is no more than `moves` and the game can be forked
    /// ([`FastReplay::fork`]).
    pub(crate) fn fork(
        &self,
        rules: &Arc<Ruleset>,
        komi: gorules_rules::Komi,
        moves: usize,
    ) -> Option<(FastReplay, usize)> {
        if self.played > moves {
            return None;
        }
        Some((self.game.fork(rules, komi)?, self.played))
    }
}
