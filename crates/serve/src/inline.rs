//! Which work runs inline, on the connection's own thread, and which on the blocking pool.
//!
//! Handing a request to a thread of the blocking pool and back costs two thread switches, and
//! the answer is then freed on another thread than the one that built it: more of the
//! server's CPU than a score of a whole record under every ruleset. Work that is bounded and
//! cheap by construction therefore runs where the request was read, and the rest (anything
//! that may take long) on the pool, where the timer can answer a 503 on time while it works.
//!
//! Work runs inline only when all of these hold:
//! - the server's time a request ([`Limits::timeout`]) is at least [`MIN_TIMEOUT`], many times
//!   the longest bounded work, so that the clock read after it ([`Admitted::in_time`])
//!   answers a request over its time late by a small fraction of that time at most;
//! - the texts of the request to read (its SGF, rulesets' TOML, rules list, dead stones and
//!   other choices) are at most [`MAX_TEXT`] bytes in all, which bounds their reading and the
//!   number of rulesets named;
//! - no game's dead stones are estimated by play-outs ([`estimates`]: `estimate`, or `auto`
//!   on a scored game without territory markup);
//! - the request's size in [`units`] (each game's setup stones, moves and points, times the
//!   scores asked of it) is at most [`MAX_UNITS`], which bounds the replays, the settlements,
//!   the point maps and the answer's JSON.
//!
//! The bound's longest work is measured by `crates/serve/examples/inline_bound.rs`
//! (docs/performance.md, "The HTTP service").
//!
//! [`Admitted::in_time`]: crate::limits::Admitted::in_time

use std::time::Duration;

use gorules_compare::dead::DeadStones;
use gorules_sgf::GameRecord;

use crate::Limits;

/// The smallest request time under which bounded work runs inline: with a shorter
/// `--timeout`, every request that computes goes to the blocking pool.
pub const MIN_TIMEOUT: Duration = Duration::from_millis(100);

/// The most bytes of text (SGF, TOML and choices) a request may send to be read inline: a 19x19 game
/// of 300 moves takes 2 to 4 KB; this bounds a game to about 1,300 moves (each `;B[dd]`), as
/// the replays of long games cost more a move than those of short ones.
pub const MAX_TEXT: usize = 8 * 1024;

/// The most [`units`] of work a request may ask for to run inline: 1.7 times the 23,712 units
/// of a 247-move 19x19 record scored under every built-in ruleset (and the record's own) with
/// every counting method.
pub const MAX_UNITS: u64 = 40_000;

/// Whether the server's limits let bounded work run inline ([`MIN_TIMEOUT`]).
pub fn allowed(limits: &Limits) -> bool {
    limits.timeout >= MIN_TIMEOUT
}

/// Whether `texts` are small enough to be read inline ([`MAX_TEXT`] in all), the limits
/// allowing.
pub fn readable<S: AsRef<str>>(limits: &Limits, texts: impl IntoIterator<Item = S>) -> bool {
    allowed(limits) && texts.into_iter().map(|t| t.as_ref().len()).sum::<usize>() <= MAX_TEXT
}

/// The size of the work on one game: its setup stones, its moves and its board's points (a
/// replay plays every move, a settlement, a point map and a diagram look at every point).
pub fn game_units(game: &GameRecord) -> u64 {
    (game.setup.len() + game.moves.len() + game.size.area()) as u64
}

/// The size of the work on `games`, each scored `scores` times (rulesets times counting
/// methods).
pub fn units<'a>(games: impl IntoIterator<Item = &'a GameRecord>, scores: usize) -> u64 {
    games.into_iter().map(game_units).sum::<u64>() * scores as u64
}

/// Whether the dead stones of `game` are estimated by play-outs: `estimate`, or `auto` on a
/// game without territory markup, and only for a game scored at all (it ended in two passes,
/// or `unfinished` asks for it as it stands), as `gorules_compare::dead::resolve` decides.
pub fn estimates(game: &GameRecord, dead: &DeadStones, unfinished: bool) -> bool {
    let scored = game.ended_by_two_passes() || unfinished;
    match dead {
        DeadStones::Estimate => scored,
        DeadStones::Auto => scored && game.territory_markup.is_none(),
        // Not offered by the API; a program runs for as long as it does.
        DeadStones::Engine(_) => true,
        DeadStones::Markup | DeadStones::None | DeadStones::Points(_) | DeadStones::Stones(_) => {
            false
        }
    }
}

/// Whether the work on `games`, each scored `scores` times with dead stones from `dead`, is
/// bounded and cheap: no estimate, and at most [`MAX_UNITS`].
pub fn bounded<'a>(
    games: impl IntoIterator<Item = &'a GameRecord> + Clone,
    scores: usize,
    dead: &DeadStones,
    unfinished: bool,
) -> bool {
    !games
        .clone()
        .into_iter()
        .any(|g| estimates(g, dead, unfinished))
        && units(games, scores) <= MAX_UNITS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(sgf: &str) -> GameRecord {
        gorules_sgf::parse_sgf(sgf, None)
            .expect("a record")
            .remove(0)
    }

    #[test]
    fn units_count_setup_stones_moves_and_points_times_the_scores() {
        // 2 setup stones, 4 moves (two of them passes), 25 points: 31 units a score.
        let g = game("(;SZ[5]AB[aa][bb];B[cc];W[dd];B[];W[])");
        assert_eq!(game_units(&g), 31);
        // Two such games, 13 rulesets times 3 counting methods: 2 * 31 * 39.
        assert_eq!(units([&g, &g], 39), 2418);
    }

    #[test]
    fn the_estimate_runs_only_where_the_dead_stones_source_asks_for_it() {
        let ended = game("(;SZ[5];B[cc];W[dd];B[];W[])");
        let marked = game("(;SZ[5];B[cc];W[dd];B[];W[]TB[aa])");
        let unended = game("(;SZ[5];B[cc];W[dd])");
        // `auto`: the markup where there is some, else the estimate, for a scored game only.
        assert!(estimates(&ended, &DeadStones::Auto, false));
        assert!(!estimates(&marked, &DeadStones::Auto, false));
        assert!(!estimates(&unended, &DeadStones::Auto, false));
        assert!(estimates(&unended, &DeadStones::Auto, true));
        // `estimate`: on a scored game, markup or not.
        assert!(estimates(&marked, &DeadStones::Estimate, false));
        assert!(!estimates(&unended, &DeadStones::Estimate, false));
        // The others never.
        for dead in [
            DeadStones::Markup,
            DeadStones::None,
            DeadStones::Points("C3".into()),
        ] {
            assert!(!estimates(&ended, &dead, true), "{dead:?}");
        }
    }

    #[test]
    fn work_is_bounded_without_an_estimate_and_within_the_units() {
        let g = game("(;SZ[19];B[dd];W[pp];B[];W[])");
        // 365 units a score: 109 scores fit in the bound (39,785 units), 110 do not (40,150).
        assert_eq!(game_units(&g), 365);
        assert!(bounded([&g], 109, &DeadStones::None, false));
        assert!(!bounded([&g], 110, &DeadStones::None, false));
        assert!(!bounded([&g], 1, &DeadStones::Auto, false));
    }

    #[test]
    fn inline_work_needs_a_request_time_many_times_its_own() {
        let limits = |ms| Limits {
            timeout: Duration::from_millis(ms),
            ..Limits::default()
        };
        assert!(!allowed(&limits(99)));
        assert!(allowed(&limits(100)));
        assert!(readable(&limits(100), ["x".repeat(MAX_TEXT).as_str()]));
        assert!(!readable(&limits(100), [&"x".repeat(MAX_TEXT), "y"]));
        assert!(!readable(&limits(1), ["x"]));
    }
}
