//! Errors as the API answers them: a status and `{"error": ..., "line": ..., "column": ...}`
//! (`line` and `column`, from 1, where the problem has a place in the text sent: the SGF, a
//! ruleset's TOML, a claim, the JSON body itself; else `null`). Bad input is always a 4xx:
//! 400 for a body that is not the JSON asked for, 404 for an unknown path or ruleset, 413 for
//! a body over the limit, 422 for a value that cannot be used; 503 when the server is busy or
//! a request is over its time. A 500 is a bug.

use axum::extract::rejection::BytesRejection;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use gorules_request::RequestError;
use gorules_rules::printer::escape_controls;
use gorules_sgf::RecordError;
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What is wrong, and what is allowed.
    pub error: String,
    /// The line of the problem in the text sent, from 1.
    pub line: Option<usize>,
    /// The column of the problem in that line, from 1, in characters.
    pub column: Option<usize>,
}

/// An error answer: a status and its [`ErrorBody`].
#[derive(Clone, Debug, PartialEq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The body.
    pub body: ErrorBody,
    /// Seconds to wait before asking again (a 503 when busy).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with no place in a text.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: ErrorBody {
                // Messages may quote what was sent: no control character passes through.
                error: escape_message(&message.into()),
                line: None,
                column: None,
            },
            retry_after: None,
        }
    }

    /// A value that cannot be used (422).
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// The same error, placed at a line and column of the text sent.
    pub fn at(mut self, line: Option<usize>, column: Option<usize>) -> ApiError {
        self.body.line = line;
        self.body.column = column;
        self
    }

    /// Every permit taken: 503, ask again in a second.
    pub fn busy(max_inflight: usize) -> ApiError {
        let mut e = ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the server is busy ({max_inflight} requests at work): ask again shortly"),
        );
        e.retry_after = Some(1);
        e
    }

    /// Work over its time: 503.
    pub fn over_time(timeout: std::time::Duration) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request took longer than the server's {} s: send less (fewer games, moves or rulesets)",
                timeout.as_secs_f64()
            ),
        )
    }

    /// A bug: 500.
    pub fn internal(message: &str) -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: {message}"),
        )
    }

    /// A request's choice that cannot be taken (422), in the request layer's words, placed
    /// where the rules crate placed it in a ruleset's TOML text.
    pub fn request(e: RequestError) -> ApiError {
        let place = match &e {
            RequestError::RulesetText(r) => (r.line, r.column),
            _ => (None, None),
        };
        ApiError::unprocessable(e.to_string()).at(place.0, place.1)
    }

    /// A record that cannot be read or replayed (422), at its line and column in the SGF.
    pub fn record(e: &RecordError) -> ApiError {
        let (line, column) = e.location.map(|l| (l.line, l.column)).unzip();
        ApiError::unprocessable(e.to_string()).at(line, column)
    }

    /// A body that could not be read: its size over the limit (413), or another failure.
    pub fn body(e: BytesRejection) -> ApiError {
        let status = e.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            "the body is larger than the server's limit".to_string()
        } else {
            format!("cannot read the body: {}", e.body_text())
        };
        ApiError::new(status, message)
    }

    /// A body that is not the JSON asked for (400), at serde's line and column.
    pub fn json(e: &serde_json::Error) -> ApiError {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("the body is not the JSON asked for: {e}"),
        )
        .at(Some(e.line()), Some(e.column()))
    }
}

/// A message without control characters (a line break stays one: a message of several lines
/// puts a caret under a column).
fn escape_message(message: &str) -> String {
    message
        .split('\n')
        .map(escape_controls)
        .collect::<Vec<_>>()
        .join("\n")
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut r = (self.status, Json(self.body)).into_response();
        if let Some(s) = self.retry_after {
            r.headers_mut()
                .insert(header::RETRY_AFTER, s.to_string().parse().expect("digits"));
        }
        r
    }
}

/// The answer to a path the service does not have: 404.
pub async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!(
            "no such path: {} (the API is described at /api/openapi.json)",
            uri.path()
        ),
    )
}

/// The answer to a method a path does not take: 405.
pub async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!(
            "{} does not take {method} (see /api/openapi.json)",
            uri.path()
        ),
    )
}
