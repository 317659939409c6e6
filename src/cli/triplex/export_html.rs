//! `gridforge triplex export-html`: the web client as one HTML file that
//! plays from `file://` with no network.
//!
//! The web client (`web/`, compiled into the binary) is plain ES modules that
//! load their data with `fetch`. The single file keeps them unchanged:
//! - the stylesheet goes into a `<style>` element, without its comments
//!   and indentation (`css_without_comments`);
//! - every JSON file (the five catalogs, the chained level pack) goes into
//!   one `<script type="application/json" id="gridforge-embedded">`, which
//!   `web/js/resources.js` reads instead of fetching;
//! - every module's source goes into `<script type="application/json"
//!   id="gridforge-modules">`, and a small loader turns each into a `blob:`
//!   URL, rewriting relative `import … from "./x.js"` specifiers to the
//!   blob URLs of their targets, then imports `js/app.js`. The sources go
//!   in without their whole-line comments and indentation
//!   (`without_comments`), a fifth of their size, so the file keeps its
//!   600 KB budget.

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

/// What only a client with a server uses (progress sync and "your data",
/// issue 43; `js/app.js` loads them only then): left out of the file,
/// modules and catalog entries, to keep it within its budget.
const ONLINE_ONLY_MODULES: [&str; 3] = ["js/sync.js", "js/your-data.js", "js/progress-doc.js"];
const ONLINE_ONLY_KEYS: [&str; 2] = ["data.", "sync."];

fn text(file: &'static File<'static>) -> anyhow::Result<&'static str> {
    file.contents_utf8()
        .with_context(|| format!("web/{} is not UTF-8 text", file.path().display()))
}

/// JSON that may sit inside a `<script>` element: no `<` at all, so neither
/// `</script>` nor `<!--` can end or change the element.
fn script_safe_json(value: &serde_json::Value) -> anyhow::Result<String> {
    Ok(serde_json::to_string(value)?.replace('<', "\\u003c"))
}

/// The stylesheet without its comments (`/* … */`, which say why a rule
/// is there, a sixth of the file) and each line's indentation; lines left
/// empty go. The rules are as in the file. Session 49's layout, pause,
/// level filters and Kakuro aids brought the file past its 640 KB budget
/// with the comments in.
fn css_without_comments(css: &str) -> String {
    let mut text = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        text.push_str(&rest[..start]);
        match rest[start + 2..].find("*/") {
            Some(end) => rest = &rest[start + 2 + end + 2..],
            None => {
                rest = "";
            }
        }
    }
    text.push_str(rest);
    let mut out = String::with_capacity(text.len());
    for line in text.lines().map(str::trim).filter(|line| !line.is_empty()) {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The single-file game.
/// A module's source without what the browser does not need: lines that
/// are only a comment (`// …`, or a `/* … */` block from a line starting
/// with `/*`) and each line's indentation. Newlines stay, so automatic
/// semicolons and line numbers in errors are as in the file. Lines inside a
/// template literal (after an odd number of backticks) are kept as they
/// are: there the text is the string's.
fn without_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut in_template = false;
    let mut in_block = false;
    for line in source.lines() {
        let trimmed = line.trim();
        if in_template {
            out.push_str(line);
        } else if in_block {
            if trimmed.ends_with("*/") {
                in_block = false;
            } else if let Some((_, rest)) = trimmed.split_once("*/") {
                // Code after the block's end on its last line: kept.
                in_block = false;
                out.push_str(rest.trim_start());
            }
        } else if trimmed.starts_with("//") {
            // A line that is only a comment.
        } else if let Some(body) = trimmed.strip_prefix("/*") {
            match body.find("*/") {
                // The whole line is one comment.
                Some(end) if end + 2 == body.len() => {}
                // Code follows the comment: the line is kept.
                Some(_) => out.push_str(trimmed),
                None => in_block = true,
            }
        } else {
            out.push_str(trimmed);
        }
        if !in_block && !trimmed.starts_with("//") {
            // Backticks in this line's code open or close a template literal.
            let ticks = line.matches('`').count();
            in_template ^= ticks % 2 == 1;
        }
        out.push('\n');
    }
    out
}

pub fn single_file() -> anyhow::Result<String> {
    let mut modules = BTreeMap::new();
    let mut data = BTreeMap::new();
    for (path, file) in web_files() {
        if ONLINE_ONLY_MODULES.contains(&path.as_str()) {
            continue;
        }
        if path.ends_with(".js") {
            modules.insert(
                path,
                serde_json::Value::String(without_comments(text(file)?)),
            );
        } else if path.ends_with(".json") {
            let mut value: serde_json::Value = serde_json::from_str(text(file)?)
                .with_context(|| format!("web/{path} is not valid JSON"))?;
            if path.starts_with("i18n/") {
                if let Some(catalog) = value.as_object_mut() {
                    catalog.retain(|key, _| !ONLINE_ONLY_KEYS.iter().any(|p| key.starts_with(p)));
                }
            }
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
        .replace(
            STYLESHEET_TAG,
            &format!("<style>\n{}</style>", css_without_comments(css)),
        )
        .replace(ENTRY_TAG, &scripts))
}

#[cfg(test)]
mod tests {
    use super::{css_without_comments, without_comments};

    #[test]
    fn css_comments_indentation_and_empty_lines_go_rules_stay() {
        let css = "/* head\n   more */\n.a {\n  color: red; /* why */\n}\n\n@media print {\n  .b { top: 0; }\n}\n/* open";
        assert_eq!(
            css_without_comments(css),
            ".a {\ncolor: red;\n}\n@media print {\n.b { top: 0; }\n}\n"
        );
    }

    #[test]
    fn comments_and_indentation_go_code_and_template_text_stay() {
        let source = "// head\n/**\n * doc\n */\n/** a */ let b;\nexport function f(x) {\n  // why\n  /* one line */\n  const a = x / 2; // tail\n  const s = `a\n  // kept\n`;\n  return \"//\" + s;\n}\n/* x\n y */ const z = 1;\n";
        assert_eq!(
            without_comments(source),
            "\n\n\n\n/** a */ let b;\nexport function f(x) {\n\n\nconst a = x / 2; // tail\nconst s = `a\n  // kept\n`;\nreturn \"//\" + s;\n}\n\nconst z = 1;\n"
        );
    }
}
