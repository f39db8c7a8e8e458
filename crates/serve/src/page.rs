//! The page (the rules explorer): plain HTML, CSS and JavaScript written for it, embedded in
//! the binary at build time, so that it works offline and from any directory.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};

use crate::error::ApiError;

/// The page.
pub const INDEX: &str = include_str!("../assets/index.html");

/// Its files: name, content type, text.
pub const ASSETS: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
];

/// `GET /`.
pub async fn index() -> Html<&'static str> {
    Html(INDEX)
}

/// `GET /assets/{name}`.
pub async fn asset(Path(name): Path<String>) -> Result<Response, ApiError> {
    let (_, kind, text) = ASSETS
        .iter()
        .find(|(n, _, _)| *n == name)
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, format!("no asset named `{name}`")))?;
    Ok(([(header::CONTENT_TYPE, *kind)], *text).into_response())
}
