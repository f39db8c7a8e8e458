//! `GET /api/health`: whether the service answers, and its version.

use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

/// The service's health.
#[derive(Serialize, ToSchema)]
pub struct Health {
    /// Always `"ok"` when it answers.
    pub status: &'static str,
    /// The version of gorules.
    pub version: &'static str,
}

/// Whether the service answers.
#[utoipa::path(get, path = "/api/health", tag = "service",
    responses((status = 200, description = "The service answers", body = Health)))]
pub async fn health() -> Json<Health> {
    Json(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
    })
}
