//! `gridforge triplex …` (work in progress).
use clap::Subcommand;
use std::process::ExitCode;

/// Triplex subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Solve a level.
    Solve {
        /// The level description.
        level: String,
    },
}

/// Runs a Triplex subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Solve { level } => anyhow::bail!("not yet: {level}"),
    }
}
