//! "Play until captured": the `:playout` scores.
//!
//! Instead of removing the agreed-dead stones, the players resume (Concord Go Rules, "Dispute
//! resolution": "Let's play until all dead stones are captured") and capture them by play:
//!
//! 1. the record is replayed and ended by the ruleset's protocol (Concord's third pass, Ing's
//!    passes; AGA's final White pass is not made, since play resumes instead);
//! 2. play resumes with "play until captured" ([`Game::resume`]); the opponent of the last
//!    passer moves first (or the natural next player where either may resume);
//! 3. in turn, each player fills a liberty of an agreed-dead opponent chain still on the board,
//!    choosing only points of its own **territory in the agreed position** (the position with
//!    the dead stones removed), the chain with the fewest liberties first, then the first such
//!    point row by row, skipping plays the ruleset forbids; a player with no such play passes
//!    (the owner of the dead stones passes throughout);
//! 4. play ends by the ruleset's protocol, every stone left is alive, and the game is scored.
//!
//! If some agreed-dead stone is still on the board at the end (it was not capturable that way:
//! the players agreed on a live group, or its liberties are dame), the play-out does not apply
//! and the game is skipped for claims that use it.

use gorules_board::{Color, ColoredMove, Move, Point, PointSet};
use std::sync::Arc;

use gorules_rules::{Game, Ruleset, Setup, Status};

use crate::game::FuzzGame;

/// Why a play-out could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayoutError {
    /// Replaying the record under the ruleset failed or ended early.
    Record(String),
    /// Some agreed-dead stone could not be captured by plays inside its capturer's territory.
    NotCapturable,
}

/// A game whose dead stones were captured by play.
pub struct Playout {
    /// The finished game (every stone alive).
    pub game: Game,
    /// The moves after the record's last one: passes the protocol required, then the
    /// resumption.
    pub continuation: Vec<ColoredMove>,
}

/// Replays `fg` under `rules` and captures its agreed-dead stones by play.
pub fn play_out(rules: &Arc<Ruleset>, fg: &FuzzGame) -> Result<Playout, PlayoutError> {
    let mut game = Game::new(
        Arc::clone(rules),
        Setup {
            board: fg.setup_board(),
            handicap: fg.handicap,
            komi: fg.komi,
            first: fg.first(),
        },
    );
    for m in fg.colored_moves() {
        match game.play(m.color, m.mv) {
            Ok(r) if r.illegal.is_none() => {}
            Ok(_) => return Err(PlayoutError::Record("an illegal move".into())),
            Err(e) => return Err(PlayoutError::Record(e.to_string())),
        }
        if game.status() == Status::Finished {
            return Err(PlayoutError::Record(
                "the game finished before the record did".into(),
            ));
        }
    }
    let recorded = game.state().moves().len();
    // End play by the protocol.
    let mut guard = 0;
    while game.status() != Status::Ended {
        let Status::Playing { pass_required } = game.status() else {
            return Err(PlayoutError::Record("the game is over".into()));
        };
        if guard >= 4 || (pass_required.is_none() && game.state().consecutive_passes() == 0) {
            return Err(PlayoutError::Record(
                "the record does not end in passes".into(),
            ));
        }
        let c = game.to_move();
        game.play(c, Move::Pass)
            .map_err(|e| PlayoutError::Record(e.to_string()))?;
        guard += 1;
    }
    // The agreed position and each player's territory in it.
    let mut agreed = game.state().board().clone();
    agreed.remove_stones(fg.dead.iter().copied());
    let terr = agreed.territory();
    let own = |c: Color| -> PointSet {
        match c {
            Color::Black => terr.black,
            Color::White => terr.white,
        }
    };
    game.resume(true)
        .map_err(|e| PlayoutError::Record(e.to_string()))?;
    // Dead stones not captured yet (a captured point may be played on again later).
    let mut remaining = PointSet::empty(fg.size);
    for &p in &fg.dead {
        remaining.insert(p);
    }
    let limit = 4 * fg.size.area() + 8;
    let mut steps = 0;
    while game.status() != Status::Ended && game.status() != Status::Finished {
        steps += 1;
        if steps > limit {
            return Err(PlayoutError::NotCapturable);
        }
        let c = game.to_move();
        let mv = capture_move(&game, &remaining, c, &own(c)).map_or(Move::Pass, Move::Play);
        game.play(c, mv)
            .map_err(|e| PlayoutError::Record(e.to_string()))?;
        let board = game.state().board();
        let captured: Vec<Point> = remaining
            .iter()
            .filter(|&p| board.get(p).is_none())
            .collect();
        for p in captured {
            remaining.remove(p);
        }
    }
    if !remaining.is_empty() {
        return Err(PlayoutError::NotCapturable);
    }
    let continuation = game.state().moves()[recorded..]
        .iter()
        .map(|m| ColoredMove {
            color: m.color,
            mv: m.applied,
        })
        .collect();
    game.finish(&[]);
    Ok(Playout { game, continuation })
}

/// The play that fills a liberty of an agreed-dead chain of `c`'s opponent inside `c`'s
/// territory, if any is legal.
fn capture_move(game: &Game, remaining: &PointSet, c: Color, own: &PointSet) -> Option<Point> {
    let board = game.state().board();
    let opp = c.opponent();
    let mut seen = PointSet::empty(board.size());
    let mut candidates: Vec<(usize, Point, Point)> = Vec::new();
    for q in remaining.iter() {
        if board.get(q) != Some(opp) || seen.contains(q) {
            continue;
        }
        let chain = board.chain_at(q).expect("a stone");
        for &s in &chain.stones {
            seen.insert(s);
        }
        for &lib in &chain.liberties {
            if own.contains(lib) {
                candidates.push((chain.liberties.len(), lib, q));
            }
        }
    }
    candidates.sort_by_key(|&(libs, p, _)| (libs, p.y, p.x));
    candidates
        .into_iter()
        .map(|(_, p, _)| p)
        .find(|&p| matches!(game.check(c, Move::Play(p)), Ok(Ok(()))))
}
