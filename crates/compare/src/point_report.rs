//! The point-by-point map of one score, as `score`'s JSON gives it (`points`): each point's
//! owner and why ([`gorules_rules::PointMap`]), and where the count is the referee's
//! settlement ([`gorules_rules::referee`]), the sekis with the reason for each and the groups
//! short of eyes with what each eye space is worth.

use gorules_board::coords::gtp_point;
use gorules_board::{Board, Color, Point, PointSet, Size};
use gorules_rules::{
    point_reasons, ColorName, CountedTerritory, Counting, Ownership, PointMap, Ruleset,
};
use serde::Serialize;

/// The map of one score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PointReport {
    /// One string per row, the top row first, one character per point
    /// ([`gorules_rules::PointKind::code`]).
    pub rows: Vec<String>,
    /// The sekis, where the count looks for them (territory counting that leaves out seki
    /// eyes or false eyes); absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seki: Vec<SekiReport>,
    /// The living groups with fewer than two eyes, where the count looks for seki; absent
    /// when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub short_of_eyes: Vec<ShortGroupReport>,
    /// Why each point the count leaves out is left out, and each point it counts without
    /// being sure ([`gorules_rules::point_reasons()`]), where the count is the referee's
    /// settlement; absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<PointReasonReport>,
}

/// One point left out of a territory, or counted without being sure, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PointReasonReport {
    /// The point (GTP).
    pub point: String,
    /// The colour whose stones surround it.
    pub color: ColorName,
    /// `false-eye`, `teire`, `seki-eye` or `territory` ([`gorules_rules::Reason::name`]).
    pub reason: &'static str,
    /// The dame that decide it (GTP points).
    pub dame: Vec<String>,
    /// Whether its count is sure.
    pub sure: bool,
}

/// One seki and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SekiReport {
    /// Black's stones in it (GTP points).
    pub black: Vec<String>,
    /// White's.
    pub white: Vec<String>,
    /// The eye points of its groups, not territory where seki eyes are not counted.
    pub eyes: Vec<String>,
    /// The liberties its groups share, which neither side can fill.
    pub shared_liberties: Vec<String>,
    /// Whether stones of the two colours touch (a double-ko seki shares no liberty).
    pub in_contact: bool,
}

/// A living group with fewer than two eyes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShortGroupReport {
    /// Its colour.
    pub color: ColorName,
    /// Its stones.
    pub stones: Vec<String>,
    /// Its eye spaces and what each is worth.
    pub eyes: Vec<EyeReport>,
    /// Its eyes in all: 0 or 1.
    pub eye_value: u8,
    /// Whether it is in seki; if not, it is alive only by the dead stones given.
    pub in_seki: bool,
}

/// An eye space and the eyes it is worth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EyeReport {
    /// Its points.
    pub points: Vec<String>,
    /// 0 (a false eye, or a point whose chain is in atari), 1 or 2.
    pub value: u8,
}

fn names(set: &PointSet, size: Size) -> Vec<String> {
    set.iter().map(|p| gtp_point(p, size)).collect()
}

impl PointReport {
    /// The map of `board` (dead stones removed; `dead` the removed stones where they stood)
    /// as `rules` count it by `counting`, from `ownership` when it is the analysis of `board`.
    pub fn new(
        board: &Board,
        dead: &[(Color, Point)],
        rules: &Ruleset,
        counting: Counting,
        ownership: &Ownership,
    ) -> PointReport {
        let fresh;
        let ownership = if ownership.is_of(board) {
            ownership
        } else {
            fresh = Ownership::of(board);
            &fresh
        };
        let territory = rules.counted_territory_with(board, counting, ownership);
        PointReport::of_count(board, dead, &territory, rules.settles(counting), ownership)
    }

    /// The map of `board` counted as `territory` ([`Ruleset::counted_territory_with`]), with
    /// the referee's sekis and groups short of eyes from `ownership` (the analysis of `board`)
    /// when the count `settles` ([`Ruleset::settles`]): all a point map depends on.
    fn of_count(
        board: &Board,
        dead: &[(Color, Point)],
        territory: &CountedTerritory,
        settles: bool,
        ownership: &Ownership,
    ) -> PointReport {
        let size = board.size();
        let rows = PointMap::new(board, dead, territory).rows();
        if !settles {
            return PointReport {
                rows,
                seki: Vec::new(),
                short_of_eyes: Vec::new(),
                reasons: Vec::new(),
            };
        }
        let referee = ownership.referee();
        PointReport {
            rows,
            seki: referee
                .sekis
                .iter()
                .map(|s| SekiReport {
                    black: names(&s.stones[0], size),
                    white: names(&s.stones[1], size),
                    eyes: names(&s.eyes[0].union(&s.eyes[1]), size),
                    shared_liberties: names(&s.shared_liberties, size),
                    in_contact: s.in_contact,
                })
                .collect(),
            short_of_eyes: referee
                .short_of_eyes
                .iter()
                .map(|g| ShortGroupReport {
                    color: g.color.into(),
                    stones: names(&g.stones, size),
                    eyes: g
                        .eyes
                        .iter()
                        .map(|e| EyeReport {
                            points: names(&e.points, size),
                            value: e.value,
                        })
                        .collect(),
                    eye_value: g.eye_value,
                    in_seki: g.in_seki,
                })
                .collect(),
            reasons: point_reasons(board, territory, referee)
                .into_iter()
                .map(|r| PointReasonReport {
                    point: gtp_point(r.point, size),
                    color: r.color.into(),
                    reason: r.reason.name(),
                    dame: names(&r.dame, size),
                    sure: r.sure,
                })
                .collect(),
        }
    }
}

/// The point maps of one comparison's scores made so far: scores that count the same board
/// (the same stones left, the same dead stones removed) the same way share one map instead of
/// each drawing it again.
#[derive(Default)]
pub(crate) struct PointReports(Vec<(PointKey, PointReport)>);

/// What a point map depends on ([`PointReport::of_count`]), but the analysis of the board,
/// which the stones determine.
#[derive(PartialEq)]
struct PointKey {
    stones: [PointSet; 2],
    dead: Vec<(Color, Point)>,
    territory: CountedTerritory,
    settles: bool,
}

impl PointReports {
    /// [`PointReport::new`], or a copy of the one made before for the same count.
    pub(crate) fn of(
        &mut self,
        board: &Board,
        dead: &[(Color, Point)],
        rules: &Ruleset,
        counting: Counting,
        ownership: &Ownership,
    ) -> PointReport {
        if !ownership.is_of(board) {
            return PointReport::new(board, dead, rules, counting, ownership);
        }
        let key = PointKey {
            stones: Color::ALL.map(|c| *board.stones(c)),
            dead: dead.to_vec(),
            territory: rules.counted_territory_with(board, counting, ownership),
            settles: rules.settles(counting),
        };
        if let Some((_, report)) = self.0.iter().find(|(k, _)| *k == key) {
            return report.clone();
        }
        let report = PointReport::of_count(board, dead, &key.territory, key.settles, ownership);
        self.0.push((key, report.clone()));
        report
    }
}
