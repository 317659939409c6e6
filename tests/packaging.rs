//! What the Debian package installs besides the binary, checked against the
//! binary itself: the man pages and shell completions committed under
//! `packaging/` are exactly what `gridforge packaging-files` generates from
//! the clap definitions now, and `--version` names the commit.
//! (`scripts/check-package` checks the built package: its files, the unit,
//! the pages rendering, the bash completion working.)

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The command that brings `packaging/` up to date.
const REGENERATE: &str = "cargo run --release -- packaging-files --out packaging";

/// Every file under `root`'s `man/` and `completions/`, by path relative to
/// `root`, with its contents.
fn files_under(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    for dir in ["man", "completions"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_file() {
                let relative = path.strip_prefix(root).expect("under root").to_path_buf();
                files.insert(relative, std::fs::read(&path).expect("file reads"));
            }
        }
    }
    files
}

/// `text` with every `(commit …)` made `(commit *)`.
fn without_commit(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    let mut out = String::new();
    let mut rest = &*text;
    while let Some(at) = rest.find("(commit ") {
        out.push_str(&rest[..at]);
        out.push_str("(commit *)");
        rest = &rest[at..];
        rest = rest.find(')').map_or("", |end| &rest[end + 1..]);
    }
    out.push_str(rest);
    out
}

/// What `gridforge kakuro --version` prints, trimmed.
fn version_line() -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(["kakuro", "--version"])
        .output()
        .expect("gridforge runs");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .trim_end()
        .to_string()
}

#[test]
fn committed_man_pages_and_completions_match_the_cli() {
    let fresh_dir = tempfile::tempdir().expect("temporary directory");
    let out = Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(["packaging-files", "--out"])
        .arg(fresh_dir.path())
        .output()
        .expect("gridforge runs");
    assert!(
        out.status.success(),
        "packaging-files failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fresh = files_under(fresh_dir.path());
    let committed = files_under(&Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging"));

    // The generator covers every visible command and all three shells.
    for expected in [
        "man/gridforge.1",
        "man/gridforge-serve.1",
        "man/gridforge-kakuro-generate.1",
        "completions/gridforge.bash",
        "completions/_gridforge",
        "completions/gridforge.fish",
    ] {
        assert!(
            fresh.contains_key(Path::new(expected)),
            "packaging-files wrote no {expected}; it wrote {:?}",
            fresh.keys().collect::<Vec<_>>()
        );
    }
    assert!(
        !fresh
            .keys()
            .any(|p| p.to_string_lossy().contains("packaging-files")),
        "the hidden packaging-files command got a man page"
    );

    // The serve page, the one operators read, has the sections clap does
    // not write and names this binary's commit.
    let serve = String::from_utf8(fresh[Path::new("man/gridforge-serve.1")].clone()).unwrap();
    for section in [
        ".SH ENVIRONMENT",
        ".SH FILES",
        ".SH EXAMPLES",
        ".SH VERSION",
    ] {
        assert!(serve.contains(section), "gridforge-serve.1 lacks {section}");
    }
    assert!(serve.contains("\\fBGRIDFORGE_DATABASE_URL\\fR"), "{serve}");
    assert!(serve.contains("/etc/default/gridforge"), "{serve}");
    let version = version_line();
    let commit = version
        .rsplit_once("(commit ")
        .and_then(|(_, c)| c.strip_suffix(')'))
        .expect("--version names a commit");
    assert!(
        serve.contains(&format!("(commit {commit})")),
        "gridforge-serve.1 does not name the commit {commit}"
    );
    assert!(
        serve.find(".SH EXAMPLES") < serve.find(".SH VERSION"),
        "the sections come before VERSION"
    );

    // The commit in the committed pages is the one they were last
    // generated at; only the rest must match.
    let mut stale = Vec::new();
    for (path, contents) in &fresh {
        match committed.get(path) {
            None => stale.push(format!("{} is missing", path.display())),
            Some(old) if without_commit(old) != without_commit(contents) => {
                stale.push(format!("{} differs", path.display()))
            }
            Some(_) => {}
        }
    }
    for path in committed.keys().filter(|p| !fresh.contains_key(*p)) {
        stale.push(format!("{} belongs to no command", path.display()));
    }
    assert!(
        stale.is_empty(),
        "packaging/ is stale against the CLI ({}); regenerate with `{REGENERATE}` and commit",
        stale.join("; ")
    );
}

#[test]
fn version_names_the_package_version_and_the_commit() {
    let line = version_line();
    let line = line.as_str();
    let prefix = format!("gridforge-kakuro {} (commit ", env!("CARGO_PKG_VERSION"));
    let commit = line
        .strip_prefix(&prefix)
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or_else(|| panic!("--version printed {line:?}, not {prefix}…)"));
    // Built in a git work tree without an override, the commit is HEAD's;
    // otherwise it is the override or "unknown".
    let head = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    match head {
        Some(head) if std::env::var_os("GRIDFORGE_BUILD_COMMIT").is_none() => {
            assert!(
                commit.len() >= 7 && head.starts_with(commit),
                "--version names commit {commit:?}, HEAD is {head}"
            );
        }
        _ => assert!(!commit.is_empty(), "--version names no commit: {line:?}"),
    }
}
