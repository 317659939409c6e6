//! The manual, embedded in the binary and served under `/docs/`, so an
//! installed server carries the book that documents it.
//!
//! The book is built by `scripts/docs` (mdBook) into the workspace's
//! `docs/html`, which is committed: a fresh clone builds without mdBook, and
//! `scripts/docs --check` fails when the committed HTML is not the book its
//! sources make. mdBook's pages carry a few inline scripts (the theme and
//! the sidebar, set before the page paints); rather than allow inline
//! scripts, the pages get a policy of their own that names each of those
//! scripts by its SHA-256, computed from the embedded pages at first use,
//! so a script that is not in the book cannot run there either.

use crate::error::ApiError;
use crate::etag::{cached, ETagged};
use crate::web::{cache_control, content_type};
use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use base64::Engine;
use include_dir::{include_dir, Dir};
use sha2::{Digest, Sha256};
use std::collections::{BTreeSet, HashMap};
use std::sync::LazyLock;

/// Where the book is served: `site-url` in `docs/book.toml`.
pub const PREFIX: &str = "/docs/";

/// The workspace's `docs/html` folder (the built book), compiled in.
pub static BOOK: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../docs/html");

/// The book's files by path (`index.html`, `running/install.html`, …), each
/// with its ETag.
static FILES: LazyLock<HashMap<String, ETagged>> = LazyLock::new(|| {
    fn collect(dir: &'static Dir<'static>, out: &mut HashMap<String, ETagged>) {
        for file in dir.files() {
            let path = file.path().to_string_lossy().replace('\\', "/");
            let item = ETagged::new(file.contents(), content_type(&path));
            out.insert(path, item);
        }
        for sub in dir.dirs() {
            collect(sub, out);
        }
    }
    let mut files = HashMap::new();
    collect(&BOOK, &mut files);
    files
});

/// The text of every inline `<script>` (one without `src`) in `html`.
pub fn inline_scripts(html: &str) -> Vec<&str> {
    let mut scripts = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find("<script") {
        let after = &rest[open + "<script".len()..];
        let Some(tag_end) = after.find('>') else {
            break;
        };
        let attributes = &after[..tag_end];
        let body = &after[tag_end + 1..];
        let Some(close) = body.find("</script>") else {
            break;
        };
        if !attributes.contains("src=") {
            scripts.push(&body[..close]);
        }
        rest = &body[close..];
    }
    scripts
}

/// The Content-Security-Policy of the book's pages: the server's own policy
/// (see [`crate::http::CONTENT_SECURITY_POLICY`]) with the book's inline
/// scripts named by hash, and inline styles allowed (mdBook sets a few
/// `style` attributes; a style cannot run code).
pub static CONTENT_SECURITY_POLICY: LazyLock<String> = LazyLock::new(|| {
    let hashes: BTreeSet<String> = FILES
        .iter()
        .filter(|(path, _)| path.ends_with(".html"))
        .flat_map(|(_, file)| {
            let html = std::str::from_utf8(&file.body).unwrap_or("");
            inline_scripts(html)
                .into_iter()
                .map(|script| {
                    let digest = Sha256::digest(script.as_bytes());
                    let hash = base64::engine::general_purpose::STANDARD.encode(digest);
                    format!("'sha256-{hash}'")
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let scripts = hashes.into_iter().collect::<Vec<_>>().join(" ");
    format!(
        "default-src 'self'; script-src 'self' {scripts}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
});

/// `GET /docs`: the book is read from `/docs/`, where its relative links work.
pub async fn root() -> Redirect {
    Redirect::permanent(PREFIX)
}

/// `GET /docs/` and `GET /docs/{*path}`: a file of the book, `index.html`
/// for a folder, or a JSON 404.
pub async fn page(method: Method, path: Option<Path<String>>, headers: HeaderMap) -> Response {
    let path = path.map(|Path(p)| p).unwrap_or_default();
    let candidates = if path.is_empty() || path.ends_with('/') {
        vec![format!("{path}index.html")]
    } else {
        vec![path.clone(), format!("{path}/index.html")]
    };
    let Some(file) = candidates.iter().find_map(|p| FILES.get(p)) else {
        return ApiError::not_found(format!("no such page in the manual: {PREFIX}{path}"))
            .into_response();
    };
    if method != Method::GET && method != Method::HEAD {
        return ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "pages are read with GET")
            .into_response();
    }
    let mut response = cached(file, &headers, cache_control(file.content_type));
    if let Ok(policy) = HeaderValue::from_str(&CONTENT_SECURITY_POLICY) {
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_book_is_embedded() {
        let index = FILES
            .get("index.html")
            .expect("docs/html/index.html is embedded");
        assert!(index.content_type.starts_with("text/html"));
        assert!(std::str::from_utf8(&index.body)
            .unwrap()
            .contains("The gridforge manual"));
    }

    #[test]
    fn inline_scripts_are_found_and_external_ones_left_out() {
        let html = r#"<script src="a.js"></script><script>var a = 1;</script>
            <script type="text/javascript">b();</script>"#;
        assert_eq!(inline_scripts(html), vec!["var a = 1;", "b();"]);
    }

    #[test]
    fn every_inline_script_of_the_book_is_in_the_policy() {
        let mut seen = 0;
        for (path, file) in FILES.iter().filter(|(p, _)| p.ends_with(".html")) {
            for script in inline_scripts(std::str::from_utf8(&file.body).unwrap()) {
                let hash = base64::engine::general_purpose::STANDARD
                    .encode(Sha256::digest(script.as_bytes()));
                assert!(
                    CONTENT_SECURITY_POLICY.contains(&format!("'sha256-{hash}'")),
                    "{path}: an inline script the policy does not name"
                );
                seen += 1;
            }
        }
        assert!(seen > 0, "the book's pages have inline scripts to name");
        let scripts = CONTENT_SECURITY_POLICY
            .split(';')
            .find(|d| d.trim().starts_with("script-src"))
            .unwrap();
        assert!(!scripts.contains("unsafe"), "{scripts}");
    }
}
