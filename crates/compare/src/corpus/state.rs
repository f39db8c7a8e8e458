//! A [`Tally`] as data that crosses processes: its serde form, read back only when its counts
//! are those of some run, and a versioned envelope around it ([`Tally::to_state`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{GroupTally, PairTally, RecordDifference, Tally, WinnerChange};

/// The version of the form [`Tally::to_state`] writes; a state of another version is refused
/// by [`Tally::from_state`]. It changes whenever [`Tally`]'s fields do.
pub const TALLY_STATE_VERSION: u32 = 2;

/// The key of the envelope that names the version.
const VERSION_KEY: &str = "gorules_tally";

/// [`Tally`]'s fields as they are read, before they are checked ([`TryFrom`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TallyFields {
    games: usize,
    reports: usize,
    with_illegal_moves: usize,
    uncertain: usize,
    unsure: usize,
    finished: usize,
    columns: Vec<String>,
    pairs: Vec<PairTally>,
    examples: usize,
    kept: Vec<Vec<WinnerChange>>,
    groups: BTreeMap<String, GroupTally>,
    agreement: Vec<(usize, usize, usize)>,
    differences: Vec<Vec<RecordDifference>>,
}

/// `Err(what)` unless `ok`.
fn check(ok: bool, what: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(what())
    }
}

impl TryFrom<TallyFields> for Tally {
    type Error = String;

    /// The tally, when its counts could come from a run: as many pairs, per-column counts and
    /// example lists as its columns call for, and no count larger than the one it is part of
    /// (the games counted apart are some of the finished ones, a pair's games are finished
    /// games with sure dead stones and territory counts, its winner changes are some of its
    /// games, ...). [`Tally::summary`] and [`Tally::merge`] rely on that.
    fn try_from(f: TallyFields) -> Result<Tally, String> {
        let n = f.columns.len();
        let npairs = n * n.saturating_sub(1) / 2;
        check(f.reports <= f.games, || {
            format!("{} games read of {} entries", f.reports, f.games)
        })?;
        check(f.finished <= f.reports, || {
            format!("{} finished of {} games read", f.finished, f.reports)
        })?;
        // The games counted apart, each once: uncertain dead stones, or sure ones with a
        // territory count not sure.
        let apart = f.uncertain.checked_add(f.unsure);
        check(apart.is_some_and(|a| a <= f.finished), || {
            format!(
                "{} uncertain and {} unsure of {} finished",
                f.uncertain, f.unsure, f.finished
            )
        })?;
        check(f.with_illegal_moves <= f.reports, || {
            format!(
                "{} with illegal moves of {} games read",
                f.with_illegal_moves, f.reports
            )
        })?;
        check(f.pairs.len() == npairs, || {
            format!("{} pairs for {n} score columns", f.pairs.len())
        })?;
        let sure = f.finished - f.uncertain - f.unsure;
        for (k, p) in f.pairs.iter().enumerate() {
            let changed = p
                .deltas
                .values()
                .try_fold(0usize, |sum, &c| sum.checked_add(c));
            check(
                p.games <= sure
                    && p.winner_changes <= p.games
                    && p.eye_changes <= p.games
                    && !p.deltas.contains_key(&0)
                    && changed.is_some_and(|c| c <= p.games),
                || format!("the counts of pair {k} do not add up"),
            )?;
        }
        check(
            f.kept.len() == npairs || (f.kept.is_empty() && f.examples == 0),
            || format!("{} example lists for {npairs} pairs", f.kept.len()),
        )?;
        check(f.agreement.len() == n && f.differences.len() == n, || {
            format!(
                "{} agreement counts and {} example lists for {n} score columns",
                f.agreement.len(),
                f.differences.len()
            )
        })?;
        check(
            f.kept.iter().all(|k| k.len() <= f.examples)
                && f.differences.iter().all(|d| d.len() <= f.examples),
            || format!("more examples kept than the {} asked", f.examples),
        )?;
        for (k, &(games, same_result, same_winner)) in f.agreement.iter().enumerate() {
            check(
                games <= sure && same_result <= games && same_winner <= games,
                || format!("the record agreement of column {k} does not add up"),
            )?;
        }
        for (key, g) in &f.groups {
            check(
                g.games <= f.reports
                    && g.finished <= g.games
                    && g.pairs.len() == npairs
                    && g.pairs.iter().all(|&(games, winner, margin)| {
                        games <= g.finished && winner <= games && margin <= games
                    }),
                || format!("the counts of group {key:?} do not add up"),
            )?;
        }
        Ok(Tally {
            games: f.games,
            reports: f.reports,
            with_illegal_moves: f.with_illegal_moves,
            uncertain: f.uncertain,
            unsure: f.unsure,
            finished: f.finished,
            columns: f.columns,
            pairs: f.pairs,
            examples: f.examples,
            kept: f.kept,
            groups: f.groups,
            agreement: f.agreement,
            differences: f.differences,
        })
    }
}

/// The envelope: the version, then the tally.
#[derive(Serialize)]
struct Envelope<'a> {
    gorules_tally: u32,
    tally: &'a Tally,
}

impl Tally {
    /// The tally as JSON text that [`Tally::from_state`] reads back, in any process of the same
    /// version of this crate: `{"gorules_tally": VERSION, "tally": {...}}`
    /// ([`TALLY_STATE_VERSION`]).
    pub fn to_state(&self) -> String {
        serde_json::to_string(&Envelope {
            gorules_tally: TALLY_STATE_VERSION,
            tally: self,
        })
        .expect("a tally serialises")
    }

    /// The tally [`Tally::to_state`] wrote. Refused, with the reason: text that is not such a
    /// state, a state of another version, and counts that no run gives.
    pub fn from_state(state: &[u8]) -> Result<Tally, String> {
        let value: serde_json::Value = serde_json::from_slice(state)
            .map_err(|e| format!("not a tally's state (JSON expected): {e}"))?;
        let version = value
            .get(VERSION_KEY)
            .ok_or_else(|| format!("not a tally's state (no \"{VERSION_KEY}\" version)"))?;
        if version.as_u64() != Some(u64::from(TALLY_STATE_VERSION)) {
            return Err(format!(
                "a tally's state of version {version}; this version of gorules reads version \
                 {TALLY_STATE_VERSION} (the processes must run the same gorules)"
            ));
        }
        let tally = value
            .get("tally")
            .ok_or("not a tally's state (no \"tally\")")?;
        Tally::deserialize(tally).map_err(|e| format!("a tally's state that cannot be read: {e}"))
    }
}
