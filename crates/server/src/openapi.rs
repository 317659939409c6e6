//! The OpenAPI description of the API, served at `/api/openapi.json`.
//!
//! utoipa generates it from each handler's `#[utoipa::path]` and the request
//! and answer types it names, with `ToSchema` derived on them, so it cannot
//! drift from them. The handlers of a Triplex family are annotated once, as
//! a template: tag [`FAMILY_TAG`], paths below `/api/{name}` (`/levels`, …),
//! `{family}` in a summary for the family's label. [`document`] replaces the
//! template by one copy per row of [`FAMILIES`], where the template stood:
//! paths under `/api/{name}`, the family's name as tag, its
//! `operation_prefix` before each `operationId`. The route list is checked
//! against [`crate::router::ROUTES`] by a test.

use crate::etag::{cached_json, ETagged};
use crate::family::{FamilyRow, FAMILIES};
use axum::http::HeaderMap;
use axum::response::Response;
use std::sync::LazyLock;
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::OpenApi;

/// The tag of the family handlers' template operations.
pub const FAMILY_TAG: &str = "family";

/// The OpenAPI description as utoipa derives it from the handlers'
/// `#[utoipa::path]` annotations and the types they name, with the family
/// handlers once, as a template ([`FAMILY_TAG`], paths below
/// `/api/{name}`); [`document`] mounts the template once per family.
#[derive(utoipa::OpenApi)]
#[openapi(
    info(
        title = "gridforge",
        description = "The gridforge game server: Triplex levels and table of records, Kakuro generation and solving, ChessMemory setups.\n\nConventions: JSON in and out. Every error answer (4xx and 5xx) has the body `{\"error\": \"...\"}`. Request bodies are limited to 64 KiB (413), except `/api/sync` (256 KiB). POST requests are rate-limited per client address (429 with `Retry-After`). Times are Unix milliseconds. Seeds are unsigned 64-bit integers; seeds the server picks are below 2^53.\n\nTriplex anti-cheat: a player starts a level (`/start`) and gets a token signed by the server (HMAC-SHA256 over level, issue time and a nonce). A solve sends the token and the cells of every piece; the server checks the placement itself, measures the time from the token's issue, refuses a solve faster than `min_time_ms` (250 ms per piece), a token of another level, a token used before (409) and tokens older than 30 days. The first verified solve of a level (decided atomically in the database) may carry a name, or name itself afterwards with the same token (`/name`). A hint (`/hint`: the wrong pieces and the next piece, from the level's solution) is noted against the token, so the solve made with it is recorded as hinted whatever the client says; a used token gets no hint (409).\n\nBlockPuzzle (`/api/blockpuzzle/...`): the second family of the Triplex game (500 levels of distinct pieces of 2 to 5 cells, none rotatable), with the same routes, answers and rules as Triplex; its records, medians and tokens are its own (a Triplex token never serves a BlockPuzzle level).\n\nDaily puzzles (tag `daily`): every UTC day has a daily Kakuro per difficulty (10×10 easy, 12×12 medium, 13×13 hard, 15×15 expert) and one daily ChessMemory setup, derived from the date and a secret kept in the database, made on first request and stored. Days from 366 days ago to today are served; play counts for a day's table only when started and finished within the day or the 2 hours after it. A player is the client's random id (8 to 64 characters of `A-Za-z0-9_-`). Kakuro: a signed start token names day, difficulty, player and time; the solve is the solution grid, checked against the puzzle's one solution, timed from the token and refused under 150 ms per digit cell; one counted solve per player and daily (409); hints or checks make it assisted, listed apart. ChessMemory: the layout never leaves the server during play; the client turns squares over one at a time (`/turn`), at most one every `min_turn_ms` and, after a miss, not before `miss_show_ms` (429), and the server decides when the game is won, its time and move count; the player's first finished game counts.\n\nProgress sync (tag `sync`): a signed-in account keeps one progress document (a JSON object with `\"format\": 1`, at most 192 KiB) with a version. `PUT` names the version it was merged from; when another device wrote since, the answer is 409 with the stored document, which the client merges (the rules are the web client's, in the README) and sends again."
    ),
    paths(
        crate::health::health,
        openapi,
        crate::triplex::levels::list_levels,
        crate::triplex::levels::get_level,
        crate::triplex::play::start,
        crate::triplex::play::submit_solve,
        crate::triplex::hint::give_hint,
        crate::triplex::play::name_first_solver,
        crate::triplex::records::records,
        crate::triplex::records::medians,
        crate::kakuro::generate_puzzle,
        crate::kakuro::solve_board,
        crate::kakuro::fill_layout,
        crate::kakuro::board_candidates,
        crate::kakuro::board_hint,
        crate::chess::new_setup,
        crate::daily::kakuro::kakuro_today,
        crate::daily::kakuro::kakuro_day,
        crate::daily::kakuro::kakuro_start,
        crate::daily::kakuro::kakuro_solve,
        crate::daily::help::daily_hint,
        crate::daily::help::daily_candidates,
        crate::daily::kakuro::kakuro_table,
        crate::published::published_path,
        crate::daily::chess::chess_today,
        crate::daily::chess::chess_day,
        crate::daily::chess::chess_start,
        crate::daily::chess::chess_turn,
        crate::daily::chess::chess_game,
        crate::daily::chess::chess_table,
        crate::accounts::routes::account,
        crate::accounts::routes::delete_account,
        crate::accounts::routes::register_start,
        crate::accounts::routes::register_finish,
        crate::accounts::routes::signin_start,
        crate::accounts::routes::signin_finish,
        crate::accounts::routes::passkey_start,
        crate::accounts::routes::passkey_finish,
        crate::accounts::routes::signout,
        crate::accounts::routes::signout_everywhere,
        crate::sync::get_progress,
        crate::sync::put_progress,
        crate::sync::delete_progress,
    )
)]
struct ApiDoc;

/// The OpenAPI document: [`ApiDoc`] with the family template mounted once
/// per family.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    let derived = std::mem::take(&mut doc.paths.paths);
    let templates: Vec<(String, PathItem)> = derived
        .iter()
        .filter(|(_, item)| is_template(item))
        .map(|(path, item)| (path.clone(), item.clone()))
        .collect();
    let mut mounted = false;
    for (path, item) in derived {
        if !is_template(&item) {
            doc.paths.paths.insert(path, item);
        } else if !mounted {
            // The families take the template's place in the order.
            mount(&mut doc, &templates);
            mounted = true;
        }
    }
    doc
}

/// Adds every family's copy of the template paths.
fn mount(doc: &mut utoipa::openapi::OpenApi, templates: &[(String, PathItem)]) {
    for row in FAMILIES {
        for (path, item) in templates {
            let path = format!("/api/{}{path}", row.name);
            doc.paths.paths.insert(path, for_family(item, row));
        }
    }
}

/// The operations of a path item.
fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.options,
        &mut item.head,
        &mut item.patch,
        &mut item.trace,
    ]
    .into_iter()
    .flatten()
}

/// Whether a derived path item is the family template.
fn is_template(item: &PathItem) -> bool {
    operations(&mut item.clone()).any(|op| {
        op.tags
            .as_ref()
            .is_some_and(|tags| tags.iter().any(|t| t == FAMILY_TAG))
    })
}

/// A template path item as one family's.
fn for_family(item: &PathItem, row: &FamilyRow) -> PathItem {
    let mut item = item.clone();
    for op in operations(&mut item) {
        op.tags = Some(vec![row.name.to_string()]);
        op.operation_id = op
            .operation_id
            .take()
            .map(|id| format!("{}{id}", row.operation_prefix));
        for text in [&mut op.summary, &mut op.description].into_iter().flatten() {
            *text = text.replace("{family}", row.label);
        }
    }
    item
}

/// The OpenAPI document as JSON.
pub fn openapi_json() -> String {
    document()
        .to_json()
        .expect("the OpenAPI document serialises")
}

static OPENAPI: LazyLock<ETagged> =
    LazyLock::new(|| ETagged::new(openapi_json(), "application/json"));

/// `GET /api/openapi.json`.
#[utoipa::path(get, path = "/api/openapi.json", tag = "server", summary = "This description",
    responses((status = 200, description = "The OpenAPI document.", body = serde_json::Value)))]
pub async fn openapi(headers: HeaderMap) -> Response {
    cached_json(&OPENAPI, &headers)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The property names of a schema, following `$ref` and `allOf`.
    fn properties(doc: &serde_json::Value, schema: &serde_json::Value) -> Vec<String> {
        if let Some(target) = schema["$ref"].as_str() {
            let name = target.trim_start_matches("#/components/schemas/");
            return properties(doc, &doc["components"]["schemas"][name]);
        }
        let mut names: Vec<String> = schema["properties"]
            .as_object()
            .map(|p| p.keys().cloned().collect())
            .unwrap_or_default();
        for part in schema["allOf"].as_array().into_iter().flatten() {
            names.extend(properties(doc, part));
        }
        names.sort();
        names
    }

    #[test]
    fn the_level_schema_names_exactly_the_fields_of_a_level() {
        let doc: serde_json::Value = serde_json::from_str(&openapi_json()).unwrap();
        let catalogue = crate::triplex::Catalogue::shared().unwrap();
        let level = serde_json::to_value(&catalogue.get(1).unwrap().public).unwrap();
        let mut fields: Vec<String> = level.as_object().unwrap().keys().cloned().collect();
        fields.sort();
        let schema = &doc["components"]["schemas"]["Level"];
        assert_eq!(properties(&doc, schema), fields, "{schema}");
    }

    #[test]
    fn openapi_is_valid_json() {
        let doc: serde_json::Value = serde_json::from_str(&openapi_json()).unwrap();
        assert_eq!(doc["openapi"].as_str().map(|v| &v[..2]), Some("3."));
    }

    #[test]
    fn the_template_is_every_family_route_once() {
        let doc = ApiDoc::openapi();
        let mut template: Vec<(String, String)> = Vec::new();
        for (path, item) in doc.paths.paths.iter() {
            if !is_template(item) {
                continue;
            }
            let mut item = item.clone();
            let methods = [("get", item.get.take()), ("post", item.post.take())];
            for (method, op) in methods {
                if op.is_some() {
                    template.push((method.to_string(), path.clone()));
                }
            }
        }
        let mut routes: Vec<(String, String)> = crate::triplex::FAMILY_ROUTES
            .iter()
            .map(|route| (route.method.to_string(), route.path.to_string()))
            .collect();
        template.sort();
        routes.sort();
        assert_eq!(template, routes);
    }

    #[test]
    fn each_family_has_its_tag_and_operation_ids() {
        let doc: serde_json::Value = serde_json::from_str(&openapi_json()).unwrap();
        let blockpuzzle = &doc["paths"]["/api/blockpuzzle/levels"]["get"];
        assert_eq!(blockpuzzle["tags"], serde_json::json!(["blockpuzzle"]));
        assert_eq!(blockpuzzle["operationId"], "blockpuzzle_list_levels");
        assert_eq!(
            blockpuzzle["summary"],
            "Every BlockPuzzle level, without solutions"
        );
        let triplex = &doc["paths"]["/api/triplex/levels/{number}/solves"]["post"];
        assert_eq!(triplex["tags"], serde_json::json!(["triplex"]));
        assert_eq!(triplex["operationId"], "submit_solve");
        let text = openapi_json();
        assert!(!text.contains("[\"family\"]"), "a template tag is left");
        assert!(!text.contains("{family}"), "a template label is left");
    }
}
