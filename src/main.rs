//! `gridforge`: one binary for the server and every game's command-line tools.
//!
//! `main` only parses arguments and dispatches; each subcommand lives in its own
//! module under `cli/` and the real work lives in the library crates.

#![deny(missing_docs)]

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Puzzle generators, solvers and the gridforge game server.
#[derive(Parser)]
#[command(name = "gridforge", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Triplex: pack dominoes and trominoes into a rectangle.
    #[command(subcommand)]
    Triplex(cli::triplex::Command),
    /// ChessMemory: generate, check and transform full-board memory-game setups.
    #[command(subcommand)]
    Chess(cli::chess::Command),
    /// Kakuro: generate unique puzzles, solve and rate them, list digit sets.
    #[command(subcommand)]
    Kakuro(cli::kakuro::Command),
    /// Run the game server: HTTP API, table of records, embedded web client.
    Serve(cli::serve::Args),
    /// Operator tools on the server's database (name moderation).
    #[command(subcommand)]
    Admin(cli::admin::Command),
    /// Copy a running server's SQLite database to a file, consistently.
    Backup(cli::backup::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return cli::report_usage_error(err),
    };
    // The command-line tools die quietly when a reader such as `head` closes
    // the pipe, as other tools do, instead of panicking on the failed write.
    // Not the server: a client that goes away mid-answer would kill it (a
    // vectored socket write raises SIGPIPE), so it keeps Rust's "ignore" and
    // sees an error on that one connection.
    #[cfg(unix)]
    if !matches!(cli.command, Command::Serve(_)) {
        // SAFETY: restoring the default disposition of a signal before any
        // thread starts has no preconditions.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    let outcome = match cli.command {
        Command::Triplex(command) => cli::triplex::run(command),
        Command::Chess(command) => cli::chess::run(command),
        Command::Kakuro(command) => cli::kakuro::run(command),
        Command::Serve(args) => cli::serve::run(args),
        Command::Admin(command) => cli::admin::run(command),
        Command::Backup(args) => cli::backup::run(args),
    };
    match outcome {
        Ok(code) => code,
        Err(err) => {
            // One line, whatever the causes' messages hold.
            let message = format!("{err:#}").replace(['\n', '\r'], " ");
            let code = cli::exit_code_of(&err);
            if code == cli::EXIT_GAVE_UP {
                eprintln!("gridforge: {message} (raise --budget or --timeout)");
            } else {
                eprintln!("gridforge: {message}");
            }
            ExitCode::from(code)
        }
    }
}
