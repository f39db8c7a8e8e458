//! The OpenAPI document of the API, generated from the handlers' types (utoipa) and served at
//! `/api/openapi.json`.

use utoipa::OpenApi;

use crate::api;
use crate::api::JsonText;
use crate::error::{ApiError, ErrorBody};

/// The API's description: every endpoint and the types of its requests and answers.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "gorules",
        description = "Score Go game records under many rulesets and see why the scores differ: the JSON API of `gorules serve`, over the same libraries and JSON contract as `gorules score` (docs/json.md). Errors are `{\"error\", \"line\", \"column\"}` with a 4xx status for bad input; limits: body size (413), time and requests at once (503), games per collection (422).",
    ),
    paths(
        api::health::health,
        api::score::score,
        api::annotate::annotate,
        api::diagram::diagram,
        api::examples::list,
        api::examples::one,
        api::rulesets::list,
        api::rulesets::show,
        api::rulesets::diff,
        api::rulesets::check,
        api::claims::list,
        api::claims::fuzz,
    ),
    components(schemas(ErrorBody))
)]
pub struct ApiDoc;

/// The OpenAPI document (version 3.1) as JSON.
pub fn document_text() -> Result<String, ApiError> {
    ApiDoc::openapi()
        .to_json()
        .map_err(|e| ApiError::internal(&e.to_string()))
}

/// `GET /api/openapi.json`.
pub async fn document() -> Result<JsonText, ApiError> {
    document_text().map(JsonText)
}
