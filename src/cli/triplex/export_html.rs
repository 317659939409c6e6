//! `gridforge triplex export-html`: the web client as one HTML file that
//! plays from `file://` with no network.
//!
//! The web client (`web/`, compiled into the binary) is plain ES modules that
//! load their data with `fetch`. The single file keeps them unchanged:
//! - the stylesheet goes into a `<style>` element;
//! - every JSON file (the five catalogs, the chained level pack) goes into
//!   one `<script type="application/json" id="gridforge-embedded">`, which
//!   `web/js/resources.js` reads instead of fetching;
//! - every module's source goes into `<script type="application/json"
//!   id="gridforge-modules">`, and a small loader turns each into a `blob:`
//!   URL, rewriting relative `import … from "./x.js"` specifiers to the
//!   blob URLs of their targets, then imports `js/app.js`.

use anyhow::{bail, Context};
use gridforge_server::web::{web_files, WEB};
use include_dir::File;
use std::collections::BTreeMap;

const STYLESHEET_TAG: &str = r#"<link rel="stylesheet" href="css/app.css">"#;
const ENTRY_TAG: &str = r#"<script type="module" src="js/app.js"></script>"#;

/// Turns the embedded module sources into blob: URLs and starts the app.
const LOADER: &str = r#"
const sources = JSON.parse(document.getElementById("gridforge-modules").textContent);
const urls = new Map();
const loading = new Set();
function resolve(from, spec) {
  const parts = from.split("/").slice(0, -1);
  for (const part of spec.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}
function urlOf(path) {
  if (urls.has(path)) return urls.get(path);
  if (!(path in sources)) throw new Error("module not in this file: " + path);
  if (loading.has(path)) throw new Error("import cycle at " + path);
  loading.add(path);
  const code = sources[path].replace(
    /((?:^|[\s;])(?:import|export)\b[^"';]*?\bfrom\s*|(?:^|[\s;])import\s*)(["'])(\.\.?\/[^"']+)\2/g,
    (whole, head, quote, spec) => head + quote + urlOf(resolve(path, spec)) + quote,
  );
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  urls.set(path, url);
  loading.delete(path);
  return url;
}
import(urlOf("js/app.js"));
"#;

fn text(file: &'static File<'static>) -> anyhow::Result<&'static str> {
    file.contents_utf8()
        .with_context(|| format!("web/{} is not UTF-8 text", file.path().display()))
}

/// JSON that may sit inside a `<script>` element: no `<` at all, so neither
/// `</script>` nor `<!--` can end or change the element.
fn script_safe_json(value: &serde_json::Value) -> anyhow::Result<String> {
    Ok(serde_json::to_string(value)?.replace('<', "\\u003c"))
}

/// The single-file game.
pub fn single_file() -> anyhow::Result<String> {
    let mut modules = BTreeMap::new();
    let mut data = BTreeMap::new();
    for (path, file) in web_files() {
        if path.ends_with(".js") {
            modules.insert(path, serde_json::Value::String(text(file)?.to_string()));
        } else if path.ends_with(".json") {
            let value: serde_json::Value = serde_json::from_str(text(file)?)
                .with_context(|| format!("web/{path} is not valid JSON"))?;
            data.insert(path, value);
        }
    }
    if !modules.contains_key("js/app.js") {
        bail!("the embedded web client has no js/app.js");
    }
    let index = WEB
        .get_file("index.html")
        .and_then(|f| f.contents_utf8())
        .context("the embedded web client has no index.html")?;
    let css = WEB
        .get_file("css/app.css")
        .and_then(|f| f.contents_utf8())
        .context("the embedded web client has no css/app.css")?;
    if !index.contains(STYLESHEET_TAG) || !index.contains(ENTRY_TAG) {
        bail!("web/index.html must load the page with exactly {STYLESHEET_TAG} and {ENTRY_TAG}");
    }
    // `</style` cannot occur in a stylesheet of ours, but make sure.
    if css.to_ascii_lowercase().contains("</style") {
        bail!("web/css/app.css contains </style");
    }
    let data = script_safe_json(&serde_json::to_value(data)?)?;
    let modules = script_safe_json(&serde_json::to_value(modules)?)?;
    let scripts = format!(
        "<script type=\"application/json\" id=\"gridforge-embedded\">{data}</script>\n\
         <script type=\"application/json\" id=\"gridforge-modules\">{modules}</script>\n\
         <script type=\"module\">{LOADER}</script>"
    );
    Ok(index
        .replace(STYLESHEET_TAG, &format!("<style>\n{css}</style>"))
        .replace(ENTRY_TAG, &scripts))
}
