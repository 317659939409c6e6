//! `gridforge chess …`: generate, check and transform ChessMemory setups, and
//! write the offline pack of setups the web client carries.

use crate::cli;
use crate::cli::puzzles::{partner_pairs, CHESS_BATCH as BATCH};
use anyhow::{bail, Context};
use clap::{Subcommand, ValueEnum};
use gridforge_chessmemory::{validate, ChessMemory, Effort, Game, GenerateParams, Method, Setup};
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
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
    /// Print the 32 partner pairs of a valid setup, one line per pair (the squares
    /// and the piece's letter); an invalid setup is an error.
    Pairs {
        /// The setup: 64 letters, a file holding them, or - for standard input.
        setup: String,
        /// One JSON object: {"pairs": [{"piece", "squares": [a, b]}, …]}.
        #[arg(long)]
        json: bool,
    },
    /// Write a PDF book of setups, each an answer sheet for play on a real
    /// board: the board with its pieces and the key of its 32 pairs.
    Book {
        /// How many setups to generate.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000))]
        count: u64,
        /// Seed of the first setup; setup i uses seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Setups to print instead, one 64-letter setup a line (a file, or -
        /// for standard input).
        #[arg(long, conflicts_with_all = ["count", "seed"])]
        input: Option<String>,
        #[command(flatten)]
        book: cli::book::BookArgs,
    },
    /// Write the offline pack of setups the web client plays without the server
    /// (web/chess/setups.json): valid setups from consecutive seeds, none of them an
    /// image of another under the board's symmetries, so that the client can vary
    /// each one with the 8 symmetries.
    WebPack {
        /// The JSON file to write.
        #[arg(long)]
        out: PathBuf,
        /// How many setups the pack holds.
        #[arg(long, default_value_t = WEB_PACK_COUNT, value_parser = clap::value_parser!(u64).range(1..=100_000))]
        count: u64,
        /// Seed of the first setup tried; the same seed and count give the same file.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

/// Setups in the web client's offline pack, `web/chess/setups.json` (each one
/// plays in 8 orientations).
pub const WEB_PACK_COUNT: u64 = 256;

/// The `format` field of the offline pack.
const WEB_PACK_FORMAT: &str = "gridforge-chess-setups";

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
        Command::Pairs { setup, json } => pairs(&read_setup(&setup)?, json),
        Command::WebPack { out, count, seed } => web_pack(&out, count, seed),
        Command::Book {
            count,
            seed,
            input,
            book,
        } => cli::book::chess(seed, count, input.as_deref(), &book),
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
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    cli::generate_seeded(
        count,
        seed,
        BATCH,
        "generating setups",
        |first, n| ChessMemory::generate_batch(&params, first, n),
        |_, _, generated| {
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
            Ok(())
        },
    )?;
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
        ExitCode::from(cli::EXIT_NOT_ONE)
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

fn pairs(setup: &Setup, json: bool) -> anyhow::Result<ExitCode> {
    let pairs = partner_pairs(setup)?;
    if json {
        let list: Vec<_> = pairs
            .iter()
            .map(|(a, b)| {
                serde_json::json!({
                    "piece": setup.piece_at(*a).letter().to_string(),
                    "squares": [a.to_string(), b.to_string()],
                })
            })
            .collect();
        println!("{}", serde_json::json!({ "pairs": list }));
    } else {
        for (a, b) in pairs {
            println!("{a} {b} {}", setup.piece_at(a).letter());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The setups of the offline pack: valid setups from seeds `seed`, `seed + 1`, …,
/// in seed order, skipping any that is an image of one already taken.
fn web_pack_setups(count: u64, seed: u64) -> anyhow::Result<Vec<Setup>> {
    let params = GenerateParams::default();
    // Two seeds giving symmetric images of one setup is rare; this many tries
    // leaves plenty of room and still bounds the work.
    let most_seeds = count.saturating_mul(2).saturating_add(1024);
    let bar = cli::progress_bar(count, "generating the offline pack");
    let mut classes = HashSet::new();
    let mut setups = Vec::with_capacity(count as usize);
    let mut tried = 0;
    while (setups.len() as u64) < count {
        if tried >= most_seeds {
            bail!(
                "found only {} distinct setups in {tried} seeds",
                setups.len()
            );
        }
        let batch = BATCH
            .min(count - setups.len() as u64)
            .min(most_seeds - tried);
        let first_seed = seed.wrapping_add(tried);
        for (offset, result) in ChessMemory::generate_batch(&params, first_seed, batch as usize)
            .into_iter()
            .enumerate()
        {
            let this_seed = first_seed.wrapping_add(offset as u64);
            let generated = result.with_context(|| format!("seed {this_seed}"))?;
            // A symmetry class is named by the least text among its 8 images.
            let class = generated
                .setup
                .images()
                .map(|(_, image)| image.to_string())
                .into_iter()
                .min()
                .expect("8 images");
            if (setups.len() as u64) < count && classes.insert(class) {
                setups.push(generated.setup);
                bar.inc(1);
            }
        }
        tried += batch;
    }
    bar.finish_and_clear();
    Ok(setups)
}

/// The offline pack as JSON, one setup per line so that a change reads as a diff.
fn web_pack_json(setups: &[Setup], seed: u64) -> anyhow::Result<String> {
    let texts: Vec<String> = setups.iter().map(ToString::to_string).collect();
    let value = serde_json::json!({
        "format": WEB_PACK_FORMAT,
        "seed": seed,
        "setups": texts,
    });
    let mut text = serde_json::to_string_pretty(&value)?;
    text.push('\n');
    Ok(text)
}

fn web_pack(out: &Path, count: u64, seed: u64) -> anyhow::Result<ExitCode> {
    let setups = web_pack_setups(count, seed)?;
    let text = web_pack_json(&setups, seed)?;
    std::fs::write(out, &text).with_context(|| format!("cannot write {}", out.display()))?;
    eprintln!(
        "wrote {} setups to {} ({} bytes)",
        setups.len(),
        out.display(),
        text.len()
    );
    Ok(ExitCode::SUCCESS)
}
