//! The web client, embedded in the binary.
//!
//! Everything under the workspace's `web/` folder is compiled in (the build
//! script reruns when it changes) and served by path, `index.html` for a
//! folder, each with an ETag (see `cache_control` for the policy).

use crate::error::ApiError;
use crate::etag::{cached, ETagged};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::Response;
use include_dir::{include_dir, Dir, File};
use std::collections::HashMap;
use std::sync::LazyLock;

/// The workspace's `web/` folder, compiled in: served here and inlined by
/// `gridforge triplex export-html`.
pub static WEB: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../web");

/// Every file of [`WEB`] with its path (`index.html`, `js/app.js`, …).
pub fn web_files() -> Vec<(String, &'static File<'static>)> {
    fn collect(dir: &'static Dir<'static>, out: &mut Vec<(String, &'static File<'static>)>) {
        for file in dir.files() {
            out.push((file.path().to_string_lossy().replace('\\', "/"), file));
        }
        for sub in dir.dirs() {
            collect(sub, out);
        }
    }
    let mut files = Vec::new();
    collect(&WEB, &mut files);
    files
}

/// The embedded files by path, each with its ETag.
static FILES: LazyLock<HashMap<String, ETagged>> = LazyLock::new(|| {
    web_files()
        .into_iter()
        .map(|(path, file)| {
            let item = ETagged::new(file.contents(), content_type(&path));
            (path, item)
        })
        .collect()
});

/// The content type of a file, by extension.
pub fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "pdf" => "application/pdf",
        "wasm" => "application/wasm",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Cache policy by type. Pages, scripts, styles and data are revalidated on
/// every load (a 304 when the ETag matches), since their names carry no
/// version and must change together; images and fonts are kept a day.
pub fn cache_control(content_type: &str) -> &'static str {
    let revalidate = [
        "text/",
        "application/json",
        "application/manifest+json",
        "application/wasm",
    ];
    if revalidate.iter().any(|p| content_type.starts_with(p)) {
        "no-cache"
    } else {
        "public, max-age=86400"
    }
}

/// The fallback route: an embedded file, or 404.
pub async fn static_file(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.starts_with("api/") || path == "api" {
        return axum::response::IntoResponse::into_response(ApiError::not_found(format!(
            "no API endpoint {} (see /api/openapi.json)",
            uri.path()
        )));
    }
    let candidates = if path.is_empty() || path.ends_with('/') {
        vec![format!("{path}index.html")]
    } else {
        vec![path.to_string(), format!("{path}/index.html")]
    };
    let Some(file) = candidates.iter().find_map(|p| FILES.get(p)) else {
        return axum::response::IntoResponse::into_response(ApiError::not_found(format!(
            "no such page: {}",
            uri.path()
        )));
    };
    if method != Method::GET && method != Method::HEAD {
        return axum::response::IntoResponse::into_response(ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "pages are read with GET",
        ));
    }
    cached(file, &headers, cache_control(file.content_type))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_embedded() {
        let index = FILES.get("index.html").expect("web/index.html is embedded");
        assert!(index.content_type.starts_with("text/html"));
        assert!(!index.body.is_empty());
    }
}
