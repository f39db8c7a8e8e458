//! `POST /api/diagram`: the board after a move as one ruleset counts it, as `gorules diagram`
//! draws it: a self-contained SVG picture, or text with a legend.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use gorules_compare::dead::DeadStones;
use gorules_compare::diagram::{render, view, Format};
use gorules_compare::replay::Options;
use gorules_compare::rules_choice::{record_ruleset, RECORD};
use gorules_request::remote;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{auto, concord, games, ApiJson};
use crate::error::{ApiError, ErrorBody};
use crate::inline;
use crate::limits::admit;
use crate::AppState;

/// What to draw: the options of `gorules diagram`, by the same names.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DiagramRequest {
    /// The SGF text (its first game is drawn).
    pub sgf: String,
    /// Draw the position after this move (0: the setup; absent: the end of the record).
    #[serde(rename = "move")]
    pub move_number: Option<usize>,
    /// One built-in id, `katago:` rules string, or `record` (the ruleset the record's `RU`
    /// names).
    #[serde(default = "concord")]
    #[schema(default = "concord")]
    pub rules: String,
    /// A ruleset of your own as TOML text, drawn instead of `rules`.
    pub rules_toml: Option<String>,
    /// Where the dead stones come from: `auto`, `markup`, `estimate`, `none`, or points.
    #[serde(default = "auto")]
    #[schema(default = "auto")]
    pub dead: String,
    /// Komi for the score line.
    pub komi: Option<f64>,
    /// `svg` (the default) or `text`.
    #[serde(default = "svg")]
    #[schema(default = "svg")]
    pub format: String,
}

fn svg() -> String {
    "svg".into()
}

/// Draws the board after a move.
#[utoipa::path(post, path = "/api/diagram", tag = "records", request_body = DiagramRequest,
    responses(
        (status = 200, description = "The diagram", content(
            (String = "image/svg+xml"), (String = "text/plain"))),
        (status = 400, description = "The body is not a diagram request's JSON", body = ErrorBody),
        (status = 413, description = "The body is over the server's limit", body = ErrorBody),
        (status = 422, description = "A choice that cannot be taken, or a record that cannot be drawn", body = ErrorBody),
        (status = 503, description = "Busy, or over the server's time", body = ErrorBody)))]
pub async fn diagram(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<DiagramRequest>,
) -> Result<Response, ApiError> {
    let max_games = state.limits.max_games;
    let admitted = admit(&state)?;
    let texts = [&req.sgf, &req.rules, &req.dead].into_iter();
    let texts = texts.map(String::as_str).chain(req.rules_toml.as_deref());
    let (text, format) = if inline::readable(&state.limits, texts) && bounded(&req, max_games) {
        admitted.in_time(&state.limits, draw(&req, max_games))??
    } else {
        admitted
            .on_pool(&state, move || draw(&req, max_games))
            .await?
    };
    let kind = match format {
        Format::Svg => "image/svg+xml",
        Format::Text => "text/plain; charset=utf-8",
    };
    Ok(([(header::CONTENT_TYPE, kind)], text).into_response())
}

/// Whether drawing the request's diagram is bounded and cheap by construction
/// ([`crate::inline::bounded`]: the first game under one ruleset, its dead stones resolved
/// only at the end of the record). A request that cannot be read is: its error is answered
/// before any work.
pub fn bounded(req: &DiagramRequest, max_games: usize) -> bool {
    let (Ok(dead), Ok(games)) = (
        remote::dead_stones(&req.dead),
        games(&req.sgf, super::score::SOURCE, max_games),
    ) else {
        return true;
    };
    let Some(Ok(game)) = games.into_iter().next() else {
        return true;
    };
    let at_end = req.move_number.is_none_or(|n| n >= game.moves.len());
    let dead = if at_end { dead } else { DeadStones::None };
    inline::bounded([&game], 1, &dead, false)
}

/// The diagram's text and format.
pub fn draw(req: &DiagramRequest, max_games: usize) -> Result<(String, Format), ApiError> {
    let format: Format = gorules_request::format(&req.format).map_err(ApiError::request)?;
    let fixed = match (&req.rules_toml, req.rules.trim() == RECORD) {
        (Some(text), _) => {
            Some(remote::ruleset_text(text, "rules_toml").map_err(ApiError::request)?)
        }
        (None, true) => None,
        (None, false) => {
            Some(remote::one_ruleset(&req.rules, "a diagram shows").map_err(ApiError::request)?)
        }
    };
    let options = Options {
        komi: req
            .komi
            .map(gorules_request::komi)
            .transpose()
            .map_err(ApiError::request)?,
        dead: remote::dead_stones(&req.dead).map_err(ApiError::request)?,
        ..Options::default()
    };
    let record = match games(&req.sgf, super::score::SOURCE, max_games)?
        .into_iter()
        .next()
    {
        Some(Ok(g)) => g,
        Some(Err(e)) => return Err(ApiError::record(&e)),
        None => return Err(ApiError::unprocessable("no game in the SGF")),
    };
    let rules = match fixed {
        Some(r) => r,
        None => record_ruleset(&record).map_err(ApiError::unprocessable)?,
    };
    let v = view(&record, &rules, &options, req.move_number).map_err(|e| match e {
        gorules_compare::diagram::ViewError::Record(r) => {
            ApiError::record(&gorules_sgf::place_error(req.sgf.as_bytes(), r))
        }
        other => ApiError::unprocessable(other.to_string()),
    })?;
    Ok((render(&v, format), format))
}
