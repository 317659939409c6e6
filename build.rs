//! Records the commit the `gridforge` binary is built from, for `--version`.
//!
//! `GRIDFORGE_BUILD_COMMIT` wins when set (a packager building from a
//! tarball can name the commit); otherwise `git` is asked, but only when
//! this package is the top of its work tree (a tarball unpacked inside some
//! other repository must not take that repository's commit); otherwise the
//! commit is "unknown". Nothing here fails the build.

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=GRIDFORGE_BUILD_COMMIT");
    let commit = std::env::var("GRIDFORGE_BUILD_COMMIT")
        .ok()
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
        .or_else(git_commit)
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=GRIDFORGE_BUILD_COMMIT={commit}");
}

/// `git` with `args` in this package's directory: its trimmed output, or
/// `None` when git is missing or fails.
fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// The abbreviated commit of HEAD, when this package is a git work tree's
/// top; asks cargo to run this script again when HEAD or its branch moves.
fn git_commit() -> Option<String> {
    let top = git(&["rev-parse", "--show-toplevel"])?;
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).canonicalize().ok()?;
    if Path::new(&top).canonicalize().ok()? != here {
        return None;
    }
    // HEAD names the branch; the branch's ref file (or packed-refs) moves
    // on each commit. A path that does not exist would make cargo rerun this
    // script on every build, so only existing ones are named.
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watched.push(branch);
    }
    for name in &watched {
        if let Some(path) = git(&["rev-parse", "--git-path", name]) {
            let path = here.join(path);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    git(&["rev-parse", "--short=12", "HEAD"])
}
