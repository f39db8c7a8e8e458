//! `GET /api/claims`, `POST /api/claims/fuzz`: the named claims, and a claim tested on seeded
//! random games as `gorules fuzz --format json` tests it, within a number of games and a time
//! budget; a failing game is shrunk and given as SGF with its explanation.

use std::time::{Duration, Instant};

use axum::extract::State;
use gorules_claims::expr::Expr;
use gorules_claims::generate::{parse_sizes, GenOptions};
use gorules_claims::printer::{self, Format};
use gorules_claims::{run_until, Claim, RunOptions};
use gorules_request::remote;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{yes, ApiJson, JsonText};
use crate::error::{ApiError, ErrorBody};
use crate::limits::on_worker;
use crate::AppState;

/// The named claims, as `gorules fuzz --list --format json` gives them: `name`, `claim`,
/// `expected` (`holds` or `fails`) and `statement`.
#[utoipa::path(get, path = "/api/claims", tag = "claims",
    responses((status = 200, description = "The named claims", body = Vec<Object>)))]
pub async fn list() -> Result<JsonText, ApiError> {
    let v: serde_json::Value = serde_json::from_str(&printer::claims_list(Format::Json))
        .map_err(|e| ApiError::internal(&e.to_string()))?;
    JsonText::of(&v)
}

/// A claim to test: the options of `gorules fuzz`, by the same names.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FuzzRequest {
    /// A named claim, or an expression (`concord:area == concord:territory`) over built-in ids
    /// and `katago:` rules strings.
    pub claim: String,
    /// How many random games (at most the server's limit).
    #[serde(default = "games")]
    #[schema(default = 1000)]
    pub games: u64,
    /// The run's seed: the same seed gives the same games.
    #[serde(default)]
    pub seed: u64,
    /// Board sizes: `2..9`, `9`, or `5,7,9`; each from 1 to 25 (square).
    #[serde(default = "sizes")]
    #[schema(default = "2..9")]
    pub sizes: String,
    /// The largest handicap (0: even games only).
    #[serde(default = "max_handicap")]
    #[schema(default = 9)]
    pub max_handicap: u32,
    /// How many failing games to shrink and give (0 to 3).
    #[serde(default = "one")]
    #[schema(default = 1)]
    pub counterexamples: usize,
    /// Shrink the failing games.
    #[serde(default = "yes")]
    #[schema(default = true)]
    pub shrink: bool,
    /// The time budget in seconds (at most the server's): the run stops beginning games then,
    /// and answers with those it played.
    pub seconds: Option<f64>,
}

fn games() -> u64 {
    1000
}

fn sizes() -> String {
    "2..9".into()
}

fn max_handicap() -> u32 {
    9
}

fn one() -> usize {
    1
}

/// The most counterexamples a request may ask for.
pub const MAX_COUNTEREXAMPLES: usize = 3;

/// Tests a claim on random games.
#[utoipa::path(post, path = "/api/claims/fuzz", tag = "claims", request_body = FuzzRequest,
    responses(
        (status = 200, description = "The run's report as `gorules fuzz --format json` gives it (`holds`, `games` played, `failures`, `counterexamples`, each with its shrunk game's SGF text `sgf_text`), with `explanation` (the report as `gorules fuzz` prints it), `games_asked`, `stopped_by_budget` and `budget_seconds`", body = Object),
        (status = 400, description = "The body is not a fuzz request's JSON", body = ErrorBody),
        (status = 413, description = "The body is over the server's limit", body = ErrorBody),
        (status = 422, description = "A claim or option that cannot be used; a claim's error at its column", body = ErrorBody),
        (status = 503, description = "Busy", body = ErrorBody)))]
pub async fn fuzz(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<FuzzRequest>,
) -> Result<JsonText, ApiError> {
    let limits = state.limits;
    // The answer's JSON is written on the pool too: nothing of the run's size is left to the
    // thread that reads the requests.
    on_worker(&state, move || {
        let (claim, opts, budget) = prepare(&req, &limits)?;
        let report = run_until(&claim, &opts, Some(Instant::now() + budget), &|_| {});
        let mut v: serde_json::Value = serde_json::from_str(&printer::json(&report))
            .map_err(|e| ApiError::internal(&e.to_string()))?;
        // The shrunk games as SGF, to replay, and the explanation `gorules fuzz` prints.
        if let Some(list) = v["counterexamples"].as_array_mut() {
            for (c, ce) in list.iter_mut().zip(&report.counterexamples) {
                c["sgf_text"] = ce.sgf_text.clone().into();
            }
        }
        v["explanation"] = printer::text(&claim, &report, opts.jobs).into();
        v["games_asked"] = req.games.into();
        v["stopped_by_budget"] = (report.games < req.games).into();
        v["budget_seconds"] = budget.as_secs_f64().into();
        JsonText::of(&v)
    })
    .await
}

/// The claim, the run's options and its time budget, each checked.
pub fn prepare(
    req: &FuzzRequest,
    limits: &crate::Limits,
) -> Result<(Claim, RunOptions, Duration), ApiError> {
    let claim = claim(&req.claim)?;
    if req.games == 0 || req.games > limits.max_fuzz_games {
        return Err(ApiError::unprocessable(format!(
            "games {}: from 1 to the server's {}",
            req.games, limits.max_fuzz_games
        )));
    }
    if req.counterexamples > MAX_COUNTEREXAMPLES {
        return Err(ApiError::unprocessable(format!(
            "counterexamples {}: from 0 to {MAX_COUNTEREXAMPLES}",
            req.counterexamples
        )));
    }
    let sizes =
        parse_sizes(&req.sizes).map_err(|e| ApiError::unprocessable(format!("sizes: {e}")))?;
    let budget = match req.seconds {
        None => limits.fuzz_budget(),
        Some(s) if s.is_finite() && s > 0.0 => {
            Duration::from_secs_f64(s.min(limits.fuzz_budget().as_secs_f64()))
        }
        Some(s) => {
            return Err(ApiError::unprocessable(format!(
                "seconds {s}: a time budget above 0 (at most the server's {} s)",
                limits.fuzz_budget().as_secs_f64()
            )))
        }
    };
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let opts = RunOptions {
        games: req.games,
        first_game: 0,
        seed: req.seed,
        gen: GenOptions {
            sizes,
            max_handicap: req.max_handicap,
            ..GenOptions::default()
        },
        jobs,
        max_counterexamples: req.counterexamples,
        shrink: req.shrink,
        // Counterexamples are given as text: nothing is written on this machine.
        out_dir: None,
    };
    Ok((claim, opts, budget))
}

/// A named claim, or an expression whose rulesets are each a built-in id or a `katago:` rules
/// string (a file named in it is refused before anything is loaded); an error at its column.
pub fn claim(text: &str) -> Result<Claim, ApiError> {
    let at = |column: usize| {
        if column == 0 {
            (None, None)
        } else {
            (Some(1), Some(column))
        }
    };
    if let Some(named) = Claim::named(text.trim()) {
        return named.map_err(|e| ApiError::unprocessable(e.message.clone()));
    }
    let expr = Expr::parse(text).map_err(|e| {
        let (line, column) = at(e.column);
        ApiError::unprocessable(format!("bad claim at column {}: {}", e.column, e.message))
            .at(line, column)
    })?;
    for score in expr.scores() {
        if let Err(e) = remote::ruleset(&score.ruleset) {
            let (line, column) = at(expr.column(score.offset));
            return Err(ApiError::request(e).at(line, column));
        }
    }
    Claim::parse(text).map_err(|e| {
        let (line, column) = at(e.column);
        ApiError::unprocessable(e.message).at(line, column)
    })
}
