//! The endpoints, one module each, with their request and answer types; [`ApiJson`] reads a
//! request's JSON body with the API's errors.

pub mod annotate;
pub mod claims;
pub mod diagram;
pub mod examples;
pub mod health;
pub mod rulesets;
pub mod score;

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::ApiError;

/// A JSON body read as `T`: a body over the limit is a 413, one that is not `T`'s JSON a 400
/// at serde's line and column.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<ApiJson<T>, ApiError> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(ApiError::body)?;
        serde_json::from_slice(&bytes)
            .map(ApiJson)
            .map_err(|e| ApiError::json(&e))
    }
}

/// A JSON answer, written as the command line writes its JSON ([`gorules_rules::json`]:
/// serde's text with DEL and the C1 control characters escaped as well, so that no control
/// character passes through).
pub struct JsonText(pub String);

impl JsonText {
    /// The JSON of `value`.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> Result<JsonText, ApiError> {
        gorules_rules::json::to_string(value)
            .map(JsonText)
            .map_err(|e| ApiError::internal(&format!("cannot write the answer: {e}")))
    }
}

impl IntoResponse for JsonText {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.0).into_response()
    }
}

/// Serde's default of a rules list: every built-in ruleset.
pub(crate) fn all() -> String {
    "all".into()
}

/// Serde's default of the one ruleset an annotation or a diagram is drawn under.
pub(crate) fn concord() -> String {
    "concord".into()
}

/// Serde's default of a dead-stone source.
pub(crate) fn auto() -> String {
    "auto".into()
}

/// Serde's default of a flag that is on.
pub(crate) fn yes() -> bool {
    true
}

/// Reads an SGF text sent with a request into its games, at most `max_games` of them: a text
/// with no game, or one that cannot be read at all, is a 422 at its line and column.
pub(crate) fn games(
    sgf: &str,
    name: &str,
    max_games: usize,
) -> Result<Vec<Result<gorules_sgf::GameRecord, gorules_sgf::RecordError>>, ApiError> {
    let games = gorules_sgf::parse_sgf_games(sgf, Some(name)).map_err(|e| ApiError::record(&e))?;
    if games.len() > max_games {
        return Err(ApiError::unprocessable(format!(
            "the SGF holds {} games; the server scores at most {max_games} a request",
            games.len()
        )));
    }
    Ok(games)
}
