//! `gridforge chess …`: generate, check and transform ChessMemory setups.

use crate::cli;
use anyhow::Context;
use clap::{Subcommand, ValueEnum};
use gridforge_chessmemory::{generate_batch, validate, Effort, GenerateParams, Method, Setup};
use std::io::Write;
use std::process::ExitCode;

/// ChessMemory subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Generate valid setups, one 64-letter setup per line.
    Generate {
        /// How many setups to generate.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        count: u64,
        /// Seed of the first setup; setup i uses seed + i, so each can be made again alone.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The generator: backtracking search, or the original restart method.
        #[arg(long, value_enum, default_value_t = MethodArg::Backtrack)]
        method: MethodArg,
        /// One JSON object per line: setup, method and the nodes or restarts it took.
        #[arg(long)]
        json: bool,
    },
    /// Check a setup: print "valid", or one line per piece without exactly one partner
    /// and exit with code 1.
    Check {
        /// The setup: 64 letters, a file holding them, or - for standard input.
        setup: String,
        /// Print one JSON object: whether it is valid and every violation.
        #[arg(long)]
        json: bool,
    },
    /// Print the 8 images of a setup under the board's symmetries.
    Symmetries {
        /// The setup: 64 letters, a file holding them, or - for standard input.
        setup: String,
        /// One JSON object per image: the symmetry and the setup.
        #[arg(long)]
        json: bool,
    },
}

/// The generator as named on the command line.
#[derive(Clone, Copy, ValueEnum)]
pub enum MethodArg {
    /// Backtracking search with propagation (fast).
    Backtrack,
    /// The original restart method (the slow baseline).
    Restart,
}

impl From<MethodArg> for Method {
    fn from(method: MethodArg) -> Method {
        match method {
            MethodArg::Backtrack => Method::Backtrack,
            MethodArg::Restart => Method::Restart,
        }
    }
}

/// Setups generated per parallel batch, between progress updates and output.
const BATCH: u64 = 512;

/// Runs a ChessMemory subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Generate {
            count,
            seed,
            method,
            json,
        } => generate(count, seed, method.into(), json),
        Command::Check { setup, json } => check(&read_setup(&setup)?, json),
        Command::Symmetries { setup, json } => symmetries(&read_setup(&setup)?, json),
    }
}

/// Reads a setup argument (text, file or `-`), ignoring surrounding whitespace.
fn read_setup(arg: &str) -> anyhow::Result<Setup> {
    let text = cli::read_input(arg)?;
    text.trim().parse().context("invalid setup")
}

fn generate(count: u64, seed: u64, method: Method, json: bool) -> anyhow::Result<ExitCode> {
    let params = GenerateParams {
        method,
        ..GenerateParams::default()
    };
    let bar = if count > 1 {
        cli::progress_bar(count, "generating setups")
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut done = 0;
    while done < count {
        let batch = BATCH.min(count - done);
        let first_seed = seed.wrapping_add(done);
        let results = generate_batch(&params, first_seed, batch as usize);
        for (offset, result) in results.into_iter().enumerate() {
            let this_seed = first_seed.wrapping_add(offset as u64);
            let generated = result.with_context(|| format!("seed {this_seed}"))?;
            if json {
                let (key, amount) = match generated.effort {
                    Effort::Nodes(nodes) => ("nodes", nodes),
                    Effort::Restarts(restarts) => ("restarts", restarts),
                };
                // Written by hand to keep the documented key order; setups and method
                // names are plain letters, so nothing needs escaping.
                writeln!(
                    out,
                    r#"{{"setup":"{}","method":"{}","{key}":{amount}}}"#,
                    generated.setup,
                    generated.method.name()
                )?;
            } else {
                writeln!(out, "{}", generated.setup)?;
            }
        }
        done += batch;
        bar.inc(batch);
    }
    bar.finish_and_clear();
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn check(setup: &Setup, json: bool) -> anyhow::Result<ExitCode> {
    let violations = validate(setup);
    if json {
        let list: Vec<_> = violations
            .iter()
            .map(|violation| {
                serde_json::json!({
                    "square": violation.square.to_string(),
                    "piece": violation.piece.letter().to_string(),
                    "partners": violation.partners,
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({ "valid": violations.is_empty(), "violations": list })
        );
    } else if violations.is_empty() {
        println!("valid");
    } else {
        for violation in &violations {
            println!("{violation}");
        }
    }
    Ok(if violations.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn symmetries(setup: &Setup, json: bool) -> anyhow::Result<ExitCode> {
    for (symmetry, image) in setup.images() {
        if json {
            let line = serde_json::json!({
                "symmetry": symmetry.name(),
                "setup": image.to_string(),
            });
            println!("{line}");
        } else {
            println!("{:<20} {image}", symmetry.name());
        }
    }
    Ok(ExitCode::SUCCESS)
}
