//! A level's table of records and every level's players' median time.

use super::{no_store, FamilyState};
use crate::error::{ApiError, ErrorBody};
use crate::etag::{cached, ETagged};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use serde::Serialize;
use std::sync::Arc;

/// The first solver in a records answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = FirstSolver)]
pub(crate) struct FirstJson {
    /// Their name; null if they gave none or an operator hid it.
    name: Option<String>,
    /// When they solved the level, Unix milliseconds.
    solved_at: i64,
    /// Their account is provisional (new): the client shows
    /// `account.provisional` with the name.
    provisional: bool,
}

/// Answer to a records request.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Records)]
pub(crate) struct RecordsJson {
    /// The level number.
    level: usize,
    /// The first solver (always an account), if one claimed the level
    /// and the claim is not held.
    first: Option<FirstJson>,
    /// An account's claim of the level is held for review: the level is
    /// claimed (no one else claims it) but no first solver is shown until
    /// an operator approves it (a void frees the level).
    claim_held: bool,
    /// Number of recorded solves.
    solves: i64,
    /// Of those, solves that used a hint.
    hinted: i64,
    /// Median solve time over the solves without hints.
    median_ms: Option<i64>,
    /// Fastest solve time of an account (without hints).
    best_ms: Option<i64>,
    /// The server's clock, Unix milliseconds (for "solved 3 days ago").
    now: u64,
}

/// `GET /api/{family}/levels/{number}/records`: the table of records.
#[utoipa::path(get, path = "/levels/{number}/records", tag = "family",
    summary = "A level's table of records",
    params(("number" = String, Path, description = "The level number, from 1.")),
    responses(
        (status = 200, description = "The records.", body = RecordsJson),
        (status = 400, description = "Not a level number.", body = ErrorBody),
        (status = 404, description = "No such level.", body = ErrorBody),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn records(
    State(family): State<FamilyState>,
    Path(number): Path<String>,
) -> Result<Response, ApiError> {
    let (number, level) = family.catalogue.lookup(&number)?;
    let records = family.app.store.records(&family.record_key(level)).await?;
    let now = family.app.clock.now_ms();
    Ok(no_store(Json(RecordsJson {
        level: number,
        first: records.first.map(|f| FirstJson {
            name: f.name,
            solved_at: f.solved_at,
            provisional: f.provisional_until > now as i64,
        }),
        claim_held: records.claim_held,
        solves: records.solves,
        hinted: records.hinted,
        median_ms: records.median_ms,
        best_ms: records.best_ms,
        now,
    })))
}

/// The medians answer: `[level, median_ms, solves]` for every level with
/// solves without hints, in level order.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Medians)]
pub(crate) struct MediansJson {
    /// `[level, median_ms, solves]` per level with solves without hints.
    levels: Vec<[i64; 3]>,
}

/// `GET /api/{family}/medians`: every level's players' median time (solves
/// without hints), remade at most once a minute, and after a solve on this
/// server.
#[utoipa::path(get, path = "/medians", tag = "family",
    summary = "Every level's players' median time",
    description = "For every level with verified solves made without a hint: `[level, median_ms, solves]`, in level order. Remade from the database at most once a minute and after a solve on this server; `Cache-Control: no-cache` with an `ETag` (`If-None-Match` answers 304).",
    responses(
        (status = 200, description = "The medians.", body = MediansJson),
        (status = 304, description = "Not modified (the `ETag` matched)."),
        (status = 503, description = "The database is unavailable; try again shortly.", body = ErrorBody),
    ))]
pub async fn medians(
    State(family): State<FamilyState>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let answer = match family.fresh_medians() {
        Some(answer) => answer,
        None => {
            let rows = family.app.store.medians().await?;
            let mut levels: Vec<[i64; 3]> = rows
                .iter()
                .filter_map(|m| {
                    let number = family.number_of_record_key(&m.level)?;
                    Some([number as i64, m.median_ms, m.solves])
                })
                .collect();
            levels.sort_unstable();
            let answer = Arc::new(ETagged::json(&MediansJson { levels }));
            family.keep_medians(answer.clone());
            answer
        }
    };
    // Revalidated on every use: the ETag spares the body when nothing changed.
    Ok(cached(&answer, &headers, "no-cache"))
}
