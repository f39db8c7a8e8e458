//! `GET /api/examples`, `GET /api/examples/{name}`: the example records the page offers,
//! embedded at build time from the repository's `examples/`.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorBody};

/// The examples: name, what it shows, SGF text.
pub const EXAMPLES: &[(&str, &str, &str)] = &[
    (
        "dame-parity",
        "Dame parity: Black fills the last neutral point (the README's example)",
        include_str!("../../../../examples/dame-parity.sgf"),
    ),
    (
        "concord-last-pass",
        "Concord's last pass (gallery 1)",
        include_str!("../../../../examples/gallery/01-concord-last-pass.sgf"),
    ),
    (
        "seki-with-eyes",
        "Seki with eyes (gallery 5)",
        include_str!("../../../../examples/gallery/05-seki-with-eyes.sgf"),
    ),
    (
        "handicap-four",
        "Four handicap stones (gallery 4)",
        include_str!("../../../../examples/gallery/04-handicap-four.sgf"),
    ),
    (
        "gnugo-selfplay-9x9",
        "GNU Go self-play, 9x9, Japanese rules",
        include_str!("../../../../examples/gnugo-selfplay-9x9.sgf"),
    ),
    (
        "gnugo-19x19-japanese",
        "GNU Go, 19x19, five handicap stones, Japanese rules",
        include_str!("../../../../examples/gnugo/19x19-japanese-52.sgf"),
    ),
];

/// An example record.
#[derive(Serialize, ToSchema)]
pub struct Example {
    /// Its name, for `/api/examples/{name}`.
    pub name: &'static str,
    /// What it shows.
    pub title: &'static str,
}

/// The example records.
#[utoipa::path(get, path = "/api/examples", tag = "records",
    responses((status = 200, description = "The examples", body = Vec<Example>)))]
pub async fn list() -> Json<Vec<Example>> {
    Json(
        EXAMPLES
            .iter()
            .map(|(name, title, _)| Example { name, title })
            .collect(),
    )
}

/// One example record's SGF text.
#[utoipa::path(get, path = "/api/examples/{name}", tag = "records",
    params(("name" = String, Path, description = "The example's name")),
    responses(
        (status = 200, description = "The SGF text", content_type = "application/x-go-sgf", body = String),
        (status = 404, description = "No such example", body = ErrorBody)))]
pub async fn one(Path(name): Path<String>) -> Result<Response, ApiError> {
    let (_, _, text) = EXAMPLES
        .iter()
        .find(|(n, _, _)| *n == name)
        .ok_or_else(|| {
            ApiError::new(StatusCode::NOT_FOUND, format!("no example named `{name}`"))
        })?;
    Ok((
        [(header::CONTENT_TYPE, "application/x-go-sgf; charset=utf-8")],
        *text,
    )
        .into_response())
}
