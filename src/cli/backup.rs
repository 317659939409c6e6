//! `gridforge backup`: an online, consistent copy of an SQLite database.

use crate::cli;
use gridforge_server::admin;
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

/// Flags of `gridforge backup`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The database to copy: `sqlite://FILE`. Servers may keep writing to it
    /// meanwhile. (PostgreSQL: use pg_dump, see the README.)
    #[arg(long, env = "GRIDFORGE_DATABASE_URL")]
    database: String,
    /// The copy to write; must not exist. It appears only once complete and
    /// checked.
    #[arg(long)]
    out: PathBuf,
    /// One JSON object: out, bytes, solves.
    #[arg(long)]
    json: bool,
}

/// Copies the database, checks the copy and says what it holds.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let runtime = admin::runtime()?;
    let report = runtime.block_on(admin::backup(&args.database, &args.out))?;
    if args.json {
        println!(
            "{}",
            json!({
                "out": report.out.display().to_string(),
                "bytes": report.bytes,
                "solves": report.solves,
            })
        );
    } else {
        println!(
            "wrote {} ({}, {}; integrity check ok)",
            report.out.display(),
            cli::counted(report.bytes, "byte", "bytes"),
            cli::counted(report.solves, "Triplex solve", "Triplex solves")
        );
    }
    Ok(ExitCode::SUCCESS)
}
