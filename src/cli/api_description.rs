//! `gridforge api-description`: prints the server's OpenAPI document, the
//! one `/api/openapi.json` serves, without starting a server. `scripts/docs`
//! writes the manual's API chapter from it. Like `packaging-files`, it is
//! handed over before parsing, so the man pages and completions of the CLI
//! do not offer it.

use std::io::Write;
use std::process::ExitCode;

/// The command's name, the binary's first argument.
pub const COMMAND: &str = "api-description";

/// Prints the document (JSON, one line) on stdout; 2 when it cannot be written.
pub fn main() -> ExitCode {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{}", gridforge_server::openapi::openapi_json()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("gridforge: cannot write the API description: {err}");
            ExitCode::from(2)
        }
    }
}
