//! `GET /api/rulesets`, `GET /api/rulesets/{id}`, `GET /api/rulesets/diff`,
//! `POST /api/rulesets/check`: the rulesets, as `gorules rules list | show | diff` give them
//! (the rules crate's printers), and a ruleset of one's own checked from its TOML text.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use gorules_request::{remote, RequestError};
use gorules_rules::printer::{self, differing_knobs, Format};
use gorules_rules::{builtin_text, builtins, Ruleset};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{ApiJson, JsonText};
use crate::error::{ApiError, ErrorBody};

/// A ruleset as `gorules rules show --format json` gives it (`id`, `name`, `description`,
/// `source`, and every `knobs` entry `{knob, value}`), with the text of its TOML file.
fn shown(rs: &Ruleset, toml: String) -> Result<serde_json::Value, ApiError> {
    let mut v: serde_json::Value = serde_json::from_str(&printer::show(rs, Format::Json))
        .map_err(|e| ApiError::internal(&e.to_string()))?;
    v["toml"] = serde_json::Value::String(toml);
    Ok(v)
}

/// The TOML text of a ruleset: its built-in file, else every knob written out.
fn toml_of(rs: &Ruleset) -> String {
    builtin_text(&rs.id)
        .map(str::to_string)
        .unwrap_or_else(|| printer::toml(rs))
}

/// Every built-in ruleset with every knob (the feature matrix), in display order.
#[utoipa::path(get, path = "/api/rulesets", tag = "rulesets",
    responses((status = 200, description = "Every built-in ruleset: id, name, description, source, knobs and TOML text", body = Vec<Object>)))]
pub async fn list() -> Result<JsonText, ApiError> {
    let all = builtins()
        .iter()
        .map(|rs| shown(rs, toml_of(rs)))
        .collect::<Result<Vec<_>, _>>()?;
    JsonText::of(&all)
}

/// One ruleset (a built-in id or a `katago:` rules string): every knob and its TOML text.
#[utoipa::path(get, path = "/api/rulesets/{id}", tag = "rulesets",
    params(("id" = String, Path, description = "A built-in id or a `katago:` rules string")),
    responses(
        (status = 200, description = "The ruleset", body = Object),
        (status = 404, description = "No such ruleset", body = ErrorBody),
        (status = 422, description = "A name that is not read here (a file) or a rules string that cannot be read", body = ErrorBody)))]
pub async fn show(Path(id): Path<String>) -> Result<JsonText, ApiError> {
    let rs = load(&id)?;
    JsonText::of(&shown(&rs, toml_of(&rs))?)
}

/// A ruleset by name: an unknown id is a 404.
fn load(name: &str) -> Result<Ruleset, ApiError> {
    remote::ruleset(name).map_err(|e| {
        let unknown = matches!(&e, RequestError::Ruleset(_))
            && !name.trim().starts_with(gorules_rules::KATAGO_PREFIX);
        let mut err = ApiError::request(e);
        if unknown {
            err.status = StatusCode::NOT_FOUND;
        }
        err
    })
}

/// The two rulesets of a diff.
#[derive(Deserialize, IntoParams)]
pub struct DiffQuery {
    /// A built-in id or `katago:` rules string.
    pub a: String,
    /// A built-in id or `katago:` rules string.
    pub b: String,
}

/// One knob two rulesets set differently.
#[derive(Serialize, ToSchema)]
pub struct KnobDiff {
    /// The knob (`play.ko`).
    pub knob: String,
    /// Its value in `a`.
    pub a: String,
    /// Its value in `b`.
    pub b: String,
}

/// The knobs two rulesets set differently.
#[derive(Serialize, ToSchema)]
pub struct DiffAnswer {
    /// `a`'s id.
    pub a: String,
    /// `b`'s id.
    pub b: String,
    /// The knobs they set differently (empty: alike), values as `rules show` writes them.
    pub knobs: Vec<KnobDiff>,
}

/// The knobs on which two rulesets differ, as `gorules rules diff` gives them.
#[utoipa::path(get, path = "/api/rulesets/diff", tag = "rulesets", params(DiffQuery),
    responses(
        (status = 200, description = "The knobs that differ", body = DiffAnswer),
        (status = 400, description = "`a` or `b` missing", body = ErrorBody),
        (status = 404, description = "No such ruleset", body = ErrorBody),
        (status = 422, description = "A name that is not read here or cannot be read", body = ErrorBody)))]
pub async fn diff(query: Result<Query<DiffQuery>, QueryRejection>) -> Result<JsonText, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    let (a, b) = (load(&q.a)?, load(&q.b)?);
    let knobs = differing_knobs(&a, &b)
        .into_iter()
        .map(|(knob, x, y)| KnobDiff {
            knob: knob.to_string(),
            a: x,
            b: y,
        })
        .collect();
    JsonText::of(&DiffAnswer {
        a: a.id,
        b: b.id,
        knobs,
    })
}

/// A ruleset of one's own.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    /// The text of a ruleset's TOML file (it may `extends` a built-in ruleset).
    pub toml: String,
}

/// Reads a ruleset from its TOML text: every knob, or the error at its line and column.
#[utoipa::path(post, path = "/api/rulesets/check", tag = "rulesets", request_body = CheckRequest,
    responses(
        (status = 200, description = "The ruleset, every knob", body = Object),
        (status = 400, description = "The body is not a check request's JSON", body = ErrorBody),
        (status = 413, description = "The body is over the server's limit", body = ErrorBody),
        (status = 422, description = "The TOML cannot be used: what, with its line and column", body = ErrorBody)))]
pub async fn check(ApiJson(req): ApiJson<CheckRequest>) -> Result<JsonText, ApiError> {
    let rs = remote::ruleset_text(&req.toml, "rules_toml").map_err(ApiError::request)?;
    JsonText::of(&shown(&rs, req.toml)?)
}
