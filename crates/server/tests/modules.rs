//! The server's modules form no import circle: each top-level module of
//! `src/` (a file, or a folder with its submodules) uses only modules below
//! it (ARCHITECTURE.md states the order). A module's uses are the
//! `crate::<module>` paths in its code, its tests and comments left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The module's code without its `#[cfg(test)] mod tests` and comments.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first identifier of `text`.
fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The names after every `crate::` in `code` (`crate::{a, b::c}` gives `a`, `b`).
fn used(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for piece in code.split("crate::").skip(1) {
        if let Some(group) = piece.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                names.insert(ident(item.trim()).to_string());
            }
        } else {
            names.insert(ident(piece).to_string());
        }
    }
    names
}

/// Every top-level module of `src/` with the modules it uses.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut texts: BTreeMap<String, String> = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).unwrap();
            let first = relative.components().next().unwrap();
            let name = Path::new(first.as_os_str())
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            texts.entry(name).or_default().push_str(&code(&text));
        }
    }
    texts.remove("lib");
    let known: BTreeSet<String> = texts.keys().cloned().collect();
    texts
        .iter()
        .map(|(name, text)| {
            let mut uses = used(text);
            uses.retain(|u| known.contains(u) && u != name);
            (name.clone(), uses)
        })
        .collect()
}

/// An import circle of the graph, if it has one.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // Depth-first, with the path so far: a module met again on it closes a circle.
    fn visit(
        graph: &BTreeMap<String, BTreeSet<String>>,
        module: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut found = path[at..].to_vec();
            found.push(module.to_string());
            return Some(found);
        }
        if done.contains(module) {
            return None;
        }
        path.push(module.to_string());
        for next in &graph[module] {
            if let Some(found) = visit(graph, next, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(module.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|m| visit(graph, m, &mut Vec::new(), &mut done))
}

#[test]
fn the_server_modules_form_no_import_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph(&src);
    assert!(graph.len() > 10, "modules read: {graph:?}");
    assert!(
        graph["router"].contains("triplex") && graph["triplex"].contains("state"),
        "the reader finds uses: {graph:?}"
    );
    if let Some(found) = circle(&graph) {
        panic!("import circle: {}", found.join(" -> "));
    }
}

#[test]
fn a_circle_is_found() {
    let edges = |pairs: &[(&str, &[&str])]| -> BTreeMap<String, BTreeSet<String>> {
        pairs
            .iter()
            .map(|(m, uses)| (m.to_string(), uses.iter().map(|u| u.to_string()).collect()))
            .collect()
    };
    let with = edges(&[("a", &["b"]), ("b", &["c"]), ("c", &["a"]), ("d", &[])]);
    assert_eq!(
        circle(&with),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    let without = edges(&[("a", &["b", "c"]), ("b", &["c"]), ("c", &[])]);
    assert_eq!(circle(&without), None);
    assert_eq!(
        used("use crate::{error::ApiError, state};\nlet x = crate::etag::cached;"),
        ["error", "etag", "state"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    );
}
