//! The manual's API examples and its `/docs` pages against a real
//! `gridforge serve`. Every `console` block of `docs/src/api/index.md` holds
//! `$ curl …` lines, each followed by the answer the book shows; each request
//! is sent to a fresh server (on SQLite and on PostgreSQL, as elsewhere:
//! `GRIDFORGE_TEST_POSTGRES_URL`) and its answer compared with the shown one
//! (`[..]` stands for the rest of a line's changing part, a line `...` for
//! any lines). An example this test cannot read (a curl option it does not
//! know) fails it, so the book cannot show a request nobody ran.

use reqwest::{Method, StatusCode};
use std::path::Path;

#[path = "../crates/server/tests/common/postgres.rs"]
mod postgres;

#[path = "common/server.rs"]
mod server;
use server::*;

/// The chapter whose examples run here.
const CHAPTER: &str = "docs/src/api/index.md";

/// One example: the command as shown, and the answer under it.
#[derive(Debug)]
struct Example {
    command: String,
    expected: String,
}

/// The `$ ` commands of every `console` block of `markdown`, each with the
/// lines under it up to the next command or the block's end.
fn examples(markdown: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut in_console = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_console = !in_console && line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            found.push(Example {
                command: command.to_string(),
                expected: String::new(),
            });
        } else if let Some(last) = found.last_mut() {
            last.expected.push_str(line);
            last.expected.push('\n');
        }
    }
    found
}

/// `text` split into words as a POSIX shell would for the quoting the book
/// uses (single and double quotes, no escapes inside single quotes).
fn shell_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    word.push(q);
                }
            }
            '"' => {
                in_word = true;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        _ => word.push(q),
                    }
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// A request read from a `curl` command line.
#[derive(Debug, PartialEq)]
struct Request {
    method: Method,
    path: String,
    headers: Vec<(String, String)>,
    body: Option<String>,
}

/// The request `command` sends to `http://localhost:8080`, the address the
/// book's examples use; an error names what this test cannot read.
fn parse_curl(command: &str) -> Result<Request, String> {
    let words = shell_words(command);
    let mut words = words.iter();
    if words.next().map(String::as_str) != Some("curl") {
        return Err(format!("not a curl command: {command}"));
    }
    let mut request = Request {
        method: Method::GET,
        path: String::new(),
        headers: Vec::new(),
        body: None,
    };
    let mut method = None;
    while let Some(word) = words.next() {
        let mut value = || {
            words
                .next()
                .cloned()
                .ok_or_else(|| format!("{word} without a value: {command}"))
        };
        match word.as_str() {
            "-s" | "--silent" => {}
            "-X" | "--request" => {
                method = Some(Method::from_bytes(value()?.as_bytes()).map_err(|e| e.to_string())?)
            }
            "-H" | "--header" => {
                let header = value()?;
                let (name, v) = header
                    .split_once(':')
                    .ok_or_else(|| format!("a header without ':': {header}"))?;
                request
                    .headers
                    .push((name.trim().to_string(), v.trim().to_string()));
            }
            "-d" | "--data" | "--json" => {
                if word == "--json" {
                    request
                        .headers
                        .push(("Content-Type".into(), "application/json".into()));
                }
                request.body = Some(value()?)
            }
            url if url.starts_with("http://localhost:8080/") => {
                request.path = url["http://localhost:8080".len()..].to_string();
            }
            other => {
                return Err(format!(
                    "the examples' test does not know {other}: {command}"
                ))
            }
        }
    }
    if request.path.is_empty() {
        return Err(format!("no http://localhost:8080/ URL: {command}"));
    }
    request.method = method.unwrap_or(if request.body.is_some() {
        Method::POST
    } else {
        Method::GET
    });
    Ok(request)
}

/// Whether `actual` is `expected` where `[..]` in a line matches any text
/// and a line `...` any number of lines.
fn matches(expected: &str, actual: &str) -> bool {
    fn line_matches(pattern: &str, line: &str) -> bool {
        let parts: Vec<&str> = pattern.split("[..]").collect();
        if parts.len() == 1 {
            return pattern == line;
        }
        let (first, last) = (parts[0], parts[parts.len() - 1]);
        if !line.starts_with(first) || line.len() < first.len() + last.len() {
            return false;
        }
        let mut rest = &line[first.len()..];
        for middle in &parts[1..parts.len() - 1] {
            match rest.find(middle) {
                Some(at) => rest = &rest[at + middle.len()..],
                None => return false,
            }
        }
        rest.ends_with(last)
    }
    fn lines_match(expected: &[&str], actual: &[&str]) -> bool {
        match expected.split_first() {
            None => actual.is_empty(),
            Some((&"...", rest)) => {
                (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
            }
            Some((pattern, rest)) => actual
                .split_first()
                .is_some_and(|(line, more)| line_matches(pattern, line) && lines_match(rest, more)),
        }
    }
    let expected: Vec<&str> = expected.trim_end().lines().collect();
    let actual: Vec<&str> = actual.trim_end().lines().collect();
    lines_match(&expected, &actual)
}

/// Runs every example of the chapter against `server` and fails naming
/// each one whose answer is not the shown one.
async fn run_examples(server: &ServerProcess) -> usize {
    let markdown = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(CHAPTER))
        .expect("the API chapter");
    let examples = examples(&markdown);
    assert!(
        examples.len() >= 4,
        "the chapter shows its examples: {examples:?}"
    );
    let http = client();
    let mut failures = Vec::new();
    for example in &examples {
        let request = parse_curl(&example.command).unwrap_or_else(|e| panic!("{e}"));
        let mut builder = http.request(request.method.clone(), server.url(&request.path));
        for (name, value) in &request.headers {
            builder = builder.header(name, value);
        }
        if let Some(body) = &request.body {
            builder = builder.body(body.clone());
        }
        let answer = builder.send().await.expect("the server answers");
        let shown = answer.text().await.unwrap();
        if !matches(&example.expected, &shown) {
            failures.push(format!(
                "$ {}\nthe book shows:\n{}the server answered:\n{shown}\n",
                example.command, example.expected
            ));
        }
    }
    assert!(failures.is_empty(), "{CHAPTER}:\n{}", failures.join("\n"));
    examples.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_chapters_examples_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::spawn(&["--database", "sqlite://examples.db"], dir.path());
    let count = run_examples(&server).await;
    eprintln!("{count} API examples answered as the book shows (SQLite)");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_chapters_examples_on_postgres() {
    let Some(url) = postgres::fresh_database().await else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::spawn(&["--database", &url], dir.path());
    let count = run_examples(&server).await;
    eprintln!("{count} API examples answered as the book shows (PostgreSQL)");
}

/// The manual is served under `/docs/` with the pages the committed book
/// has, `/docs` sends a reader there, and the pages' own policy names their
/// inline scripts by hash while the API keeps the strict one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_manual_is_served_under_docs() {
    let dir = tempfile::tempdir().unwrap();
    let server = ServerProcess::spawn(&["--database", "sqlite://docs.db"], dir.path());
    let http = reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/html");

    let moved = http.get(server.url("/docs")).send().await.unwrap();
    assert_eq!(moved.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(moved.headers()["location"], "/docs/");

    for (path, file) in [
        ("/docs/", "index.html"),
        ("/docs/running/install.html", "running/install.html"),
        ("/docs/api/reference.html", "api/reference.html"),
    ] {
        let answer = http.get(server.url(path)).send().await.unwrap();
        assert_eq!(answer.status(), StatusCode::OK, "{path}");
        assert!(answer.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html"));
        let policy = answer.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_string();
        let script_src = policy
            .split(';')
            .find(|d| d.trim().starts_with("script-src"))
            .unwrap();
        assert!(script_src.contains("'sha256-"), "{policy}");
        assert!(!script_src.contains("unsafe"), "{policy}");
        let body = answer.text().await.unwrap();
        assert_eq!(
            body,
            std::fs::read_to_string(book.join(file)).unwrap(),
            "{path}"
        );
    }

    // A page that is not in the book: a JSON 404, not the web client.
    let missing = http
        .get(server.url("/docs/no-such-page.html"))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let error: serde_json::Value = missing.json().await.unwrap();
    assert!(
        error["error"].as_str().unwrap().contains("manual"),
        "{error}"
    );

    // A path that climbs out of the book finds nothing outside it.
    let climb = http
        .get(server.url("/docs/../Cargo.toml"))
        .send()
        .await
        .unwrap();
    assert_ne!(climb.status(), StatusCode::OK);
    let climb = http
        .get(server.url("/docs/%2e%2e/%2e%2e/Cargo.toml"))
        .send()
        .await
        .unwrap();
    assert_eq!(climb.status(), StatusCode::NOT_FOUND);

    // The API and the web client keep the server's policy: no inline script.
    let api = http.get(server.url("/healthz")).send().await.unwrap();
    let policy = api.headers()["content-security-policy"].to_str().unwrap();
    assert!(policy.contains("script-src 'self';"), "{policy}");
}

#[test]
fn examples_are_read_from_console_blocks_only() {
    let markdown = "```sh\n$ curl -s http://localhost:8080/a\n```\n\
                    ```console\n$ curl -s http://localhost:8080/b\n{\"x\": 1}\n```\n";
    let found = examples(markdown);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].command, "curl -s http://localhost:8080/b");
    assert_eq!(found[0].expected, "{\"x\": 1}\n");
}

#[test]
fn curl_lines_are_read_or_refused() {
    let request = parse_curl(
        r#"curl -s -X PUT -H 'Content-Type: application/json' -d '{"a": "b c"}' http://localhost:8080/api/x"#,
    )
    .unwrap();
    assert_eq!(request.method, Method::PUT);
    assert_eq!(request.path, "/api/x");
    assert_eq!(request.body.as_deref(), Some(r#"{"a": "b c"}"#));
    assert_eq!(
        request.headers,
        vec![("Content-Type".to_string(), "application/json".to_string())]
    );
    assert_eq!(
        parse_curl("curl -s -d '{}' http://localhost:8080/api/y")
            .unwrap()
            .method,
        Method::POST
    );
    assert!(parse_curl("curl -i http://localhost:8080/").is_err());
    assert!(parse_curl("curl -s https://example.org/").is_err());
    assert!(parse_curl("wget http://localhost:8080/").is_err());
}

#[test]
fn answers_match_with_wildcards_and_only_so() {
    assert!(matches(
        "{\"token\":\"[..]\",\"n\":1}",
        "{\"token\":\"abc\",\"n\":1}"
    ));
    assert!(!matches(
        "{\"token\":\"[..]\",\"n\":1}",
        "{\"token\":\"abc\",\"n\":2}"
    ));
    assert!(matches("a\n...\nz", "a\nb\nc\nz"));
    assert!(!matches("a\nz", "a\nb\nz"));
    assert!(!matches("a", ""));
}
