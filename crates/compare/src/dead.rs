//! Which stones of a record are dead: the source chosen (`--dead`) and its answer, with how
//! sure it is.
//!
//! - `markup`: the final node's `TB`/`TW` territory markup (a stone on a point marked as the
//!   other colour's territory is dead, the CGoban/KGS convention); none without it;
//! - `estimate`: `gorules-life`'s answer on the record's final position, certain where
//!   pass-alive, else by seeded play-outs, with a confidence per chain;
//! - `engine`: a GTP engine's `final_status_list dead` (GNU Go, KataGo, Pachi);
//! - `none`: every stone alive;
//! - `auto`: the markup where the record has it, else the estimate;
//! - a list of points.

use std::time::Duration;

use gorules_board::coords::gtp_point;
use gorules_board::{Board, Color, Point};
use gorules_life::{estimate, Engine, Estimate, Life, Options as LifeOptions};
use serde::Serialize;

use gorules_sgf::GameRecord;

/// Where the dead stones came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeadSource {
    /// `--dead` on the command line.
    CommandLine,
    /// The final node's `TB`/`TW` markup (CGoban/KGS convention).
    TerritoryMarkup,
    /// None given: every stone is alive.
    None,
    /// The estimate on the final position (`gorules-life`).
    Estimate,
    /// A GTP engine's `final_status_list dead`.
    Engine,
}

impl DeadSource {
    /// Its name in the JSON contract and in CSV (`"territory-markup"`).
    pub fn name(self) -> &'static str {
        match self {
            DeadSource::CommandLine => "command-line",
            DeadSource::TerritoryMarkup => "territory-markup",
            DeadSource::None => "none",
            DeadSource::Estimate => "estimate",
            DeadSource::Engine => "engine",
        }
    }
}

/// Where to take the dead stones from. The default is the command line's and the Python
/// package's: [`DeadStones::Auto`].
#[derive(Clone, Debug, Default, PartialEq)]
pub enum DeadStones {
    /// The record's territory markup where it has some, else the estimate.
    #[default]
    Auto,
    /// The record's territory markup; every stone alive without it.
    Markup,
    /// The estimate on the final position (`gorules-life`).
    Estimate,
    /// A GTP engine, started with this command line (no shell).
    Engine(String),
    /// Every stone alive.
    None,
    /// These points, GTP style and separated by commas (`D4,E5`), read on each record's board.
    Points(String),
    /// These points of the record's board.
    Stones(Vec<Point>),
}

/// How long a GTP engine may take for one answer.
pub const ENGINE_TIMEOUT: Duration = Duration::from_secs(60);

/// One chain of an estimate, in the JSON contract.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChainReport {
    /// `black` or `white`.
    pub color: gorules_rules::ColorName,
    /// Its stones, GTP style.
    pub stones: Vec<String>,
    /// The best answer: dead.
    pub dead: bool,
    /// Sure (pass-alive, or inside pass-alive territory: `1.0`) or estimated.
    pub certain: bool,
    /// The fraction of play-outs that agree with the answer (1 when certain).
    pub confidence: f64,
    /// Whether the play-outs do not decide it (confidence below the threshold).
    pub uncertain: bool,
}

/// What the estimate says of a record's final position, in the JSON contract.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EstimateReport {
    /// Every chain of the final position.
    pub chains: Vec<ChainReport>,
    /// Whether some chain is uncertain (such a game is counted apart in a corpus summary).
    pub uncertain: bool,
}

impl EstimateReport {
    fn of(e: &Estimate, record: &GameRecord) -> EstimateReport {
        let size = record.size;
        let chains = e
            .chains
            .iter()
            .map(|c| ChainReport {
                color: c.color.into(),
                stones: c.stones.iter().map(|&p| gtp_point(p, size)).collect(),
                dead: c.is_dead(),
                certain: c.certain,
                confidence: c.confidence(),
                uncertain: c.life == Life::Uncertain,
            })
            .collect();
        EstimateReport {
            chains,
            uncertain: !e.is_decided(),
        }
    }
}

/// The dead stones of a record, where they came from, and the estimate behind them if any.
pub struct Resolved {
    /// The dead stones.
    pub stones: Vec<Point>,
    /// Their source.
    pub source: DeadSource,
    /// The estimate, when it was the source.
    pub estimate: Option<EstimateReport>,
    /// The stones of the chains the estimate is not sure of, row by row (empty for the other
    /// sources).
    pub uncertain: Vec<Point>,
}

impl Resolved {
    fn from(stones: Vec<Point>, source: DeadSource) -> Resolved {
        Resolved {
            stones,
            source,
            estimate: None,
            uncertain: Vec::new(),
        }
    }
}

/// The dead stones of `record` by `choice`. The estimate and the engine look at the record's
/// final position, and only for a record that ended in passes or when `unfinished` asks for it
/// to be scored as it stands: elsewhere they answer none.
pub fn resolve(
    record: &GameRecord,
    choice: &DeadStones,
    unfinished: bool,
) -> Result<Resolved, String> {
    resolve_on(record, choice, unfinished, None)
}

/// [`resolve`], given the record's final board when it is known already
/// ([`GameRecord::final_board`], e.g. the board of an opening that holds every play of the
/// record), so that the markup and the estimate read it instead of replaying the record.
pub(crate) fn resolve_on(
    record: &GameRecord,
    choice: &DeadStones,
    unfinished: bool,
    final_board: Option<&Board>,
) -> Result<Resolved, String> {
    let final_board = || match final_board {
        Some(board) => {
            debug_assert!(record.final_board().is_ok_and(|b| b == *board));
            Some(std::borrow::Cow::Borrowed(board))
        }
        None => record.final_board().ok().map(std::borrow::Cow::Owned),
    };
    // As `GameRecord::dead_stones_from_markup`, on the final board.
    let markup = || {
        let markup = record.territory_markup.as_ref()?;
        let board = final_board()?;
        Some(markup.dead_stones(&board))
    };
    let scored = record.ended_by_two_passes() || unfinished;
    match choice {
        DeadStones::Points(spec) => Ok(Resolved::from(
            parse_points(spec, record.size)?,
            DeadSource::CommandLine,
        )),
        DeadStones::Stones(stones) => Ok(Resolved::from(stones.clone(), DeadSource::CommandLine)),
        DeadStones::None => Ok(Resolved::from(Vec::new(), DeadSource::None)),
        DeadStones::Markup => Ok(match markup() {
            Some(d) => Resolved::from(d, DeadSource::TerritoryMarkup),
            None => Resolved::from(Vec::new(), DeadSource::None),
        }),
        DeadStones::Auto => match markup() {
            Some(d) => Ok(Resolved::from(d, DeadSource::TerritoryMarkup)),
            None if scored => Ok(estimated(record, final_board())),
            None => Ok(Resolved::from(Vec::new(), DeadSource::None)),
        },
        DeadStones::Estimate if scored => Ok(estimated(record, final_board())),
        DeadStones::Engine(cmd) if scored => from_engine(record, cmd),
        DeadStones::Estimate | DeadStones::Engine(_) => {
            Ok(Resolved::from(Vec::new(), DeadSource::None))
        }
    }
}

/// The estimate on `board`, the record's final board (`None`: the record's moves do not fit
/// the board, an error elsewhere; nothing to estimate).
fn estimated(record: &GameRecord, board: Option<std::borrow::Cow<'_, Board>>) -> Resolved {
    let Some(board) = board else {
        return Resolved::from(Vec::new(), DeadSource::None);
    };
    let next = record
        .moves
        .last()
        .map_or(Color::Black, |m| m.color.opponent());
    let e = estimate(&board, next, &LifeOptions::default());
    Resolved {
        stones: e.dead_stones(),
        source: DeadSource::Estimate,
        estimate: Some(EstimateReport::of(&e, record)),
        uncertain: e.uncertain_stones(),
    }
}

fn from_engine(record: &GameRecord, command: &str) -> Result<Resolved, String> {
    let name = record.source_name.as_deref().unwrap_or("<game>");
    let fail = |e: gorules_life::EngineError| format!("{name}: {e}");
    let mut engine = Engine::start(command, ENGINE_TIMEOUT).map_err(fail)?;
    let komi = record.komi.map_or(0.0, f64::from);
    let moves: Vec<_> = record.moves.iter().map(|m| (m.color, m.mv)).collect();
    let dead = engine
        .dead_stones(record.size, komi, &record.setup, &moves)
        .map_err(fail)?;
    Ok(Resolved::from(dead, DeadSource::Engine))
}

/// GTP points separated by commas, on a board of `size`.
pub fn parse_points(spec: &str, size: gorules_board::Size) -> Result<Vec<Point>, String> {
    spec.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| gorules_board::coords::parse_gtp_point(s, size).map_err(|e| e.to_string()))
        .collect()
}
