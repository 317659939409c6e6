//! `gridforge`: one binary for the server and every game's command-line tools.
//!
//! `main` only parses arguments and dispatches; each subcommand lives in its own
//! module under `cli/` and the real work lives in the library crates.

#![deny(missing_docs)]

mod cli;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// mimalloc instead of glibc's malloc: under load the server's requests
/// allocate and free many small buffers, which took a fifth of its CPU in
/// glibc's allocator (issue 46).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// What `--version` prints after the name: the package version and the
/// commit the binary was built from (see build.rs).
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("GRIDFORGE_BUILD_COMMIT"),
    ")"
);

/// Puzzle generators, solvers and the gridforge game server.
#[derive(Parser)]
#[command(name = "gridforge", version = VERSION, about, propagate_version = true)]
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
    /// Ask a running server's /healthz (a container's HEALTHCHECK); exit 0
    /// when it answers 200.
    Health(cli::health::Args),
}

fn main() -> ExitCode {
    // For packagers, and kept out of `Cli` so that the man pages and
    // completions it writes do not offer it.
    if std::env::args_os()
        .nth(1)
        .is_some_and(|a| a == cli::packaging::COMMAND)
    {
        return cli::packaging::main(Cli::command());
    }
    // For scripts/docs, which writes the manual's API chapter from it.
    if std::env::args_os()
        .nth(1)
        .is_some_and(|a| a == cli::api_description::COMMAND)
    {
        return cli::api_description::main();
    }
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
        Command::Health(args) => cli::health::run(args),
    };
    outcome.unwrap_or_else(|err| cli::report_error(&err))
}
