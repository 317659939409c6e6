//! What the binary's integration tests share: running `gridforge`, its
//! output as text, scratch files, and the check that a web pack committed
//! under `web/` is the one the binary makes today.

// Each test file is its own crate and uses only part of this.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs the gridforge binary with `args`.
pub fn gridforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(args)
        .output()
        .expect("the gridforge binary runs")
}

/// Runs the gridforge binary with `args` and `input` on standard input.
pub fn gridforge_with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridforge"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gridforge binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Standard output as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Runs gridforge, which must succeed, and returns its standard output.
pub fn succeeded(args: &[&str]) -> String {
    let out = gridforge(args);
    assert!(out.status.success(), "gridforge {args:?}: {}", stderr(&out));
    stdout(&out)
}

/// A path in cargo's scratch folder for tests, unique to this test process.
pub fn temp_file(name: &str) -> String {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("{}-{name}", std::process::id()))
        .to_string_lossy()
        .into_owned()
}

/// The text of `web/<path>` after checking that `gridforge <command…>
/// --out FILE` (a `web-pack` command) makes that very file today (a stale
/// pack fails, saying how to remake it).
pub fn committed_web_pack(command: &[&str], path: &str) -> String {
    let fresh = temp_file(&path.replace('/', "-"));
    let mut args = command.to_vec();
    args.extend(["--out", &fresh]);
    succeeded(&args);
    let fresh = std::fs::read_to_string(&fresh).expect("web-pack wrote its file");
    let committed_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("web").join(path);
    let committed = std::fs::read_to_string(&committed_path).unwrap_or_default();
    assert!(
        fresh == committed,
        "web/{path} is stale: run `gridforge {} --out web/{path}`",
        command.join(" ")
    );
    committed
}

/// Checks how a command that reads a puzzle argument (`args` holds `{}`
/// where the argument goes) answers input that is no puzzle: a missing
/// file, a directory, an empty file, a file far over the size limit, a long
/// line of garbage given as text, and `-` with nothing on standard input.
/// Each gets exit 2 and one short line on stderr that says what is wrong,
/// never the input itself.
pub fn check_bad_inputs(args: &[&str]) {
    let with = |input: &str| -> Vec<String> {
        args.iter()
            .map(|a| {
                if *a == "{}" {
                    input.to_string()
                } else {
                    a.to_string()
                }
            })
            .collect()
    };
    let dir = temp_file("inputs");
    std::fs::create_dir_all(&dir).unwrap();
    let empty = format!("{dir}/empty.txt");
    std::fs::write(&empty, "").unwrap();
    let huge = format!("{dir}/huge.txt");
    std::fs::write(&huge, "x".repeat(3 << 20)).unwrap();
    let garbage = "y".repeat(100_000);
    let cases: [(&str, &str); 6] = [
        ("/nonexistent/puzzle.txt", "no such file"),
        ("puzzle.txt", "no such file"),
        (dir.as_str(), "is a directory"),
        (empty.as_str(), "is empty"),
        (huge.as_str(), "more than any puzzle"),
        (garbage.as_str(), ""),
    ];
    for (input, says) in cases {
        let argv = with(input);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let out = gridforge(&argv);
        let err = stderr(&out);
        let shown = &input[..input.len().min(40)];
        assert_eq!(out.status.code(), Some(2), "{args:?} {shown}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?} {shown}: {err}");
        assert!(err.starts_with("gridforge: "), "{err}");
        assert!(err.contains(says), "{args:?} {shown}: {err}");
        assert!(
            err.len() < 300,
            "{args:?} {shown}: the error quotes too much"
        );
        assert!(stdout(&out).is_empty(), "{args:?} {shown}");
    }
    let argv = with("-");
    let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
    let out = gridforge_with_stdin(&argv, "");
    assert_eq!(out.status.code(), Some(2), "{args:?} -");
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{args:?} -: {err}");
    assert!(err.contains("standard input is empty"), "{args:?} -: {err}");
    std::fs::remove_dir_all(&dir).ok();
}
