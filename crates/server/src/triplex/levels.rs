//! The level list and one level, without solutions: fixed answers with
//! ETags, made once per process.

use super::FamilyState;
use crate::catalogue::{ApiLevel, LevelList};
use crate::error::{ApiError, ErrorBody};
use crate::etag::cached_json;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;

/// `GET /api/{family}/levels`: every level, without solutions.
#[utoipa::path(get, path = "/levels", tag = "family",
    summary = "Every {family} level, without solutions",
    responses(
        (status = 200, description = "The level list.", body = LevelList),
        (status = 304, description = "Not modified."),
    ))]
pub async fn list_levels(State(family): State<FamilyState>, headers: HeaderMap) -> Response {
    cached_json(&family.catalogue.list, &headers)
}

/// `GET /api/{family}/levels/{number}`: one level, without its solution.
#[utoipa::path(get, path = "/levels/{number}", tag = "family",
    summary = "One level, without its solution",
    params(("number" = String, Path, description = "The level number, from 1.")),
    responses(
        (status = 200, description = "The level.", body = ApiLevel),
        (status = 304, description = "Not modified."),
        (status = 400, description = "Not a level number.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
    ))]
pub async fn get_level(
    State(family): State<FamilyState>,
    Path(number): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (_, level) = family.catalogue.lookup(&number)?;
    Ok(cached_json(&level.json, &headers))
}
