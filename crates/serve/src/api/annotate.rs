//! `POST /api/annotate`: the record with its settlement written in, as `gorules annotate`
//! writes it: dead stones and territory as `TB`/`TW` on the final node, false eyes as `MA`,
//! seki as `SQ`, points whose count is not sure as `TR`, and the result as `RE` where the
//! record has none; every other byte kept.

use axum::extract::State;
use gorules_compare::annotate::annotate as annotate_text;
use gorules_compare::replay::Options;
use gorules_request::remote;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{auto, concord, games, ApiJson, JsonText};
use crate::error::{ApiError, ErrorBody};
use crate::inline;
use crate::limits::admit;
use crate::AppState;

/// What to annotate: the options of `gorules annotate`, by the same names.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnnotateRequest {
    /// The SGF text (every game of a collection is annotated).
    pub sgf: String,
    /// One built-in id or `katago:` rules string: the ruleset whose count is written.
    #[serde(default = "concord")]
    #[schema(default = "concord")]
    pub rules: String,
    /// A ruleset of your own as TOML text, used instead of `rules`.
    pub rules_toml: Option<String>,
    /// Where the dead stones come from: `auto`, `markup`, `estimate`, `none`, or points.
    #[serde(default = "auto")]
    #[schema(default = "auto")]
    pub dead: String,
    /// Komi for the result.
    pub komi: Option<f64>,
    /// Settle a game that does not end in two passes as it stands.
    #[serde(default)]
    pub unfinished: bool,
}

/// A game left as it was.
#[derive(Serialize, ToSchema)]
pub struct LeftGame {
    /// Its index in the collection, from 0.
    pub game: usize,
    /// Why it was left.
    pub reason: String,
    /// Whether the ruleset refused a move of it (the command line's exit code 1).
    pub refused: bool,
}

/// The annotated record.
#[derive(Serialize, ToSchema)]
pub struct AnnotateAnswer {
    /// The SGF text, each game that could be annotated with its markup.
    pub sgf: String,
    /// The games left as they were, and why.
    pub left: Vec<LeftGame>,
}

/// Writes the settlement into the record.
#[utoipa::path(post, path = "/api/annotate", tag = "records", request_body = AnnotateRequest,
    responses(
        (status = 200, description = "The annotated SGF", body = AnnotateAnswer),
        (status = 400, description = "The body is not an annotate request's JSON", body = ErrorBody),
        (status = 413, description = "The body is over the server's limit", body = ErrorBody),
        (status = 422, description = "A choice that cannot be taken, or a record that cannot be read", body = ErrorBody),
        (status = 503, description = "Busy, or over the server's time", body = ErrorBody)))]
pub async fn annotate(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<AnnotateRequest>,
) -> Result<JsonText, ApiError> {
    let max_games = state.limits.max_games;
    let admitted = admit(&state)?;
    let texts = [&req.sgf, &req.rules, &req.dead].into_iter();
    let texts = texts.map(String::as_str).chain(req.rules_toml.as_deref());
    if inline::readable(&state.limits, texts) && bounded(&req, max_games) {
        let answer = annotated(&req, max_games).and_then(|a| JsonText::of(&a));
        return admitted.in_time(&state.limits, answer)?;
    }
    admitted
        .on_pool(&state, move || JsonText::of(&annotated(&req, max_games)?))
        .await
}

/// Whether annotating the request's record is bounded and cheap by construction
/// ([`crate::inline::bounded`]: each game settled under one ruleset). A request that cannot be
/// read is: its error is answered before any work.
pub fn bounded(req: &AnnotateRequest, max_games: usize) -> bool {
    let (Ok(dead), Ok(games)) = (
        remote::dead_stones(&req.dead),
        games(&req.sgf, super::score::SOURCE, max_games),
    ) else {
        return true;
    };
    let games: Vec<_> = games.into_iter().flatten().collect();
    inline::bounded(&games, 1, &dead, req.unfinished)
}

/// The annotated record.
pub fn annotated(req: &AnnotateRequest, max_games: usize) -> Result<AnnotateAnswer, ApiError> {
    let rules = match &req.rules_toml {
        Some(text) => remote::ruleset_text(text, "rules_toml"),
        None => remote::one_ruleset(&req.rules, "a record is annotated with"),
    }
    .map_err(ApiError::request)?;
    let options = Options {
        komi: req
            .komi
            .map(gorules_request::komi)
            .transpose()
            .map_err(ApiError::request)?,
        dead: remote::dead_stones(&req.dead).map_err(ApiError::request)?,
        score_unfinished: req.unfinished,
        ..Options::default()
    };
    // The collection's size is checked, and its first error placed, before the work.
    for game in games(&req.sgf, super::score::SOURCE, max_games)? {
        game.map_err(|e| ApiError::record(&e))?;
    }
    let done = annotate_text(&req.sgf, super::score::SOURCE, &rules, &options)
        .map_err(ApiError::unprocessable)?;
    Ok(AnnotateAnswer {
        sgf: done.text,
        left: done
            .left
            .into_iter()
            .map(|(game, why)| LeftGame {
                game,
                refused: why.is_refusal(),
                reason: why.to_string(),
            })
            .collect(),
    })
}
