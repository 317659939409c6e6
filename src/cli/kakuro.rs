//! `gridforge kakuro …`: generate, solve and rate Kakuro puzzles, list digit
//! sets, give hints that explain, and write the pack of pregenerated puzzles
//! the web client plays offline.

use crate::cli;
use crate::cli::puzzles::KAKURO_BATCH as BATCH;
use anyhow::Context;
use clap::Subcommand;
use gridforge_kakuro::{
    combos_with, hint, rate_within, solve, Board, Detail, Difficulty, DigitSet, Game, Hint,
    HintRun, Kakuro, LogicOutcome, LogicReport, Marks, Param, Pos, RectParams, SolveOutcome, Step,
    Technique, Uniqueness, MAX_RUN, MAX_SUM, PACK_SIZES, SIZES,
};
use gridforge_server::kakuro::{hint_json, parse_marks};
use std::io::Write;
use std::process::ExitCode;

/// Kakuro subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Generate puzzles with exactly one solution, rated at the asked difficulty.
    Generate {
        /// Board size N (an N×N grid including the clue row and column), 6 to 30.
        #[arg(long, value_parser = side_parser(), required_unless_present = "width", conflicts_with_all = ["width", "height"])]
        size: Option<u64>,
        /// Columns of a rectangular board (including the clue column), 6 to 30; with --height.
        #[arg(long, value_parser = side_parser(), requires = "height")]
        width: Option<u64>,
        /// Rows of a rectangular board (including the clue row), 6 to 30; with --width.
        #[arg(long, value_parser = side_parser(), requires = "width")]
        height: Option<u64>,
        /// easy, medium, hard or expert.
        #[arg(long)]
        difficulty: Difficulty,
        /// Seed of the first puzzle; puzzle i uses seed + i, so each can be made again alone.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// How many puzzles to generate.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        count: u64,
        /// One JSON object per line: size, difficulty, seed, puzzle, solution, technique.
        #[arg(long)]
        json: bool,
    },
    /// Solve a puzzle: print the solution and whether it is unique. Exits with
    /// code 1 when there is no solution or more than one.
    Solve {
        /// The puzzle in the text format, a file holding it, or - for standard input.
        puzzle: String,
        /// Search nodes allowed before giving up (exit 3).
        #[arg(long, default_value_t = 10_000_000)]
        budget: u64,
        #[command(flatten)]
        timeout: cli::Timeout,
        /// Print one JSON object: status, solutions and search statistics.
        #[arg(long)]
        json: bool,
    },
    /// Rate a puzzle: the hardest technique the logical solver needs, and what
    /// the search solver spends on it. Exits with code 1 when the puzzle has
    /// no solution or more than one (and then does not rate it).
    Rate {
        /// The puzzle in the text format, a file holding it, or - for standard input.
        puzzle: String,
        /// Nodes the search and then the logical solver may each spend before
        /// giving up (exit 3).
        #[arg(long, default_value_t = 10_000_000)]
        budget: u64,
        #[command(flatten)]
        timeout: cli::Timeout,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// A hint for a position: the mistakes among the digits written in, or
    /// the deductions up to the next digit the logical solver places, each
    /// with its technique and why.
    Hint {
        /// The puzzle with the player's digits written in (text format), a
        /// file holding it, or - for standard input.
        board: String,
        /// A JSON file of pencil marks: {"row,col": [digits], ...} (0-based,
        /// as the API takes them).
        #[arg(long)]
        candidates: Option<String>,
        /// Nodes the uniqueness proof and then the logical solver may each
        /// spend before giving up (exit 3).
        #[arg(long, default_value_t = 10_000_000)]
        budget: u64,
        #[command(flatten)]
        timeout: cli::Timeout,
        /// Print the JSON answer of POST /api/kakuro/hint.
        #[arg(long)]
        json: bool,
    },
    /// List every set of distinct digits 1-9 with the given sum and number of
    /// cells. Exits with code 1 when there is none.
    Combos {
        /// The run's sum.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=MAX_SUM as i64))]
        sum: u32,
        /// The run's number of cells.
        #[arg(value_parser = clap::value_parser!(u64).range(1..=MAX_RUN as u64))]
        len: u64,
        /// Digits already placed in the run (for example 13): only sets holding them.
        #[arg(long, value_parser = parse_digits, default_value = "")]
        placed: DigitSet,
        /// Digits ruled out (for example 89): only sets without them.
        #[arg(long, value_parser = parse_digits, default_value = "")]
        excluded: DigitSet,
        /// Print one JSON array of the sets.
        #[arg(long)]
        json: bool,
    },
    /// Write a PDF puzzle book: a title page, the puzzles several a page
    /// (large ones a page each) with number and difficulty, then the
    /// solutions. The same arguments give the same bytes.
    Book {
        /// Board size N (N×N including the clue row and column), 6 to 30.
        #[arg(long, value_parser = side_parser(), conflicts_with_all = ["width", "height", "input"])]
        size: Option<u64>,
        /// Columns of a rectangular board (including the clue column), 6 to 30; with --height.
        #[arg(long, value_parser = side_parser(), requires = "height", conflicts_with = "input")]
        width: Option<u64>,
        /// Rows of a rectangular board (including the clue row), 6 to 30; with --width.
        #[arg(long, value_parser = side_parser(), requires = "width", conflicts_with = "input")]
        height: Option<u64>,
        /// easy, medium, hard or expert (with --size or --width and --height).
        #[arg(long, conflicts_with_all = ["input", "mix"])]
        difficulty: Option<Difficulty>,
        /// A book of mixed difficulty: counts per difficulty, such as
        /// easy:10,medium:10,hard:10; printed easiest first, each captioned
        /// with its grade.
        #[arg(long, value_parser = cli::book::parse_mix, conflicts_with_all = ["input", "count"])]
        mix: Option<cli::book::Mix>,
        /// Seed of the first puzzle; puzzle i uses seed + i.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// How many puzzles to generate.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=10_000))]
        count: u64,
        /// Puzzles to print instead, as `generate` writes them (a file, or -
        /// for standard input); each is solved (unique) and rated.
        #[arg(long)]
        input: Option<String>,
        #[command(flatten)]
        book: cli::book::BookArgs,
    },
    /// Write the pack of pregenerated puzzles the web client plays when the
    /// server cannot be reached (web/kakuro/puzzles.json): `--count` puzzles
    /// of every size and difficulty, each as its layout and digits (the clues
    /// follow from them).
    WebPack {
        /// The JSON file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Seed of each size and difficulty's first puzzle; puzzle i uses seed + i.
        #[arg(long, default_value_t = WEB_PACK_SEED)]
        seed: u64,
        /// Puzzles per size and difficulty.
        #[arg(long, default_value_t = WEB_PACK_COUNT, value_parser = clap::value_parser!(u64).range(1..=1000))]
        count: u64,
    },
}

/// Seed of the committed web pack (web/kakuro/puzzles.json).
pub const WEB_PACK_SEED: u64 = 0;
/// Puzzles per size and difficulty in the committed web pack.
pub const WEB_PACK_COUNT: u64 = 10;
/// The `format` field of the web pack, which the web client checks.
pub const WEB_PACK_FORMAT: &str = "gridforge-kakuro-pack";
/// The `version` field of the web pack: 2 since puzzles are pack codes.
pub const WEB_PACK_VERSION: u32 = 2;

/// Runs a Kakuro subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Generate {
            size,
            width,
            height,
            difficulty,
            seed,
            count,
            json,
        } => {
            // clap lets through --size alone or --width with --height.
            let Some((rows, cols)) = shape(size, width, height) else {
                anyhow::bail!("give --size, or --width and --height")
            };
            generate(rows, cols, difficulty, seed, count, json)
        }
        Command::Solve {
            puzzle,
            budget,
            timeout,
            json,
        } => {
            let board = read_board(&puzzle)?;
            let outcome = timeout.run(move || Ok(solve(&board, 2, budget)?))?;
            solve_command(&outcome, json)
        }
        Command::Rate {
            puzzle,
            budget,
            timeout,
            json,
        } => {
            let board = read_board(&puzzle)?;
            let rating = timeout.run(move || rating(&board, budget))?;
            rate_command(&rating, json)
        }
        Command::Hint {
            board,
            candidates,
            budget,
            timeout,
            json,
        } => {
            let board = read_board(&board)?;
            let marks = read_marks(candidates.as_deref())?;
            let answer = timeout.run(move || Ok(hint(&board, &marks, budget)?))?;
            hint_command(&answer, json)
        }
        Command::Combos {
            sum,
            len,
            placed,
            excluded,
            json,
        } => combos_command(sum, len as usize, placed, excluded, json),
        Command::WebPack { out, seed, count } => web_pack(&out, seed, count),
        Command::Book {
            size,
            width,
            height,
            difficulty,
            mix,
            seed,
            count,
            input,
            book,
        } => cli::book::kakuro(
            shape(size, width, height),
            difficulty,
            mix,
            seed,
            count,
            input.as_deref(),
            &book,
        ),
    }
}

/// The board's (rows, columns) from `--size`, or `--width` and `--height`.
fn shape(size: Option<u64>, width: Option<u64>, height: Option<u64>) -> Option<(usize, usize)> {
    match (size, height, width) {
        (Some(size), _, _) => Some((size as usize, size as usize)),
        (None, Some(height), Some(width)) => Some((height as usize, width as usize)),
        _ => None,
    }
}

/// Reads a puzzle argument (text, file or `-`).
fn read_board(arg: &str) -> anyhow::Result<Board> {
    let text = cli::read_input(arg)?;
    text.parse().context("invalid puzzle")
}

/// Reads a set of digits written together, such as `139`.
fn parse_digits(text: &str) -> Result<DigitSet, String> {
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d @ 1..=9) => Ok(d as u8),
            _ => Err(format!("{c:?} is not a digit 1-9")),
        })
        .collect()
}

/// The board sides `generate` takes: the generator's [`SIZES`]. Below 6
/// (down to the 3 of the smallest board with a digit) is refused too, naming
/// the range: smaller boards leave the layout rules no room.
fn side_parser() -> clap::builder::RangedU64ValueParser {
    clap::value_parser!(u64).range(*SIZES.start() as u64..=*SIZES.end() as u64)
}

fn generate(
    rows: usize,
    cols: usize,
    difficulty: Difficulty,
    seed: u64,
    count: u64,
    json: bool,
) -> anyhow::Result<ExitCode> {
    // A square keeps its one number; a rectangle is width × height, as asked.
    let (json_size, text_size) = if rows == cols {
        (format!(r#""size":{rows}"#), rows.to_string())
    } else {
        (
            format!(r#""width":{cols},"height":{rows}"#),
            format!("{cols}x{rows}"),
        )
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    cli::generate_seeded(
        count,
        seed,
        BATCH,
        "generating puzzles",
        |first, n| {
            let params = RectParams {
                rows,
                cols,
                difficulty,
            };
            Kakuro::generate_batch(&params, first, n)
        },
        |index, this_seed, made| {
            if json {
                // Written by hand to keep the documented key order.
                writeln!(
                    out,
                    r#"{{{json_size},"difficulty":"{difficulty}","seed":{this_seed},"puzzle":{},"solution":{},"technique":"{}"}}"#,
                    serde_json::to_string(&made.puzzle.to_string())?,
                    serde_json::to_string(&made.solution.to_string())?,
                    made.hardest,
                )?;
            } else {
                if index > 0 {
                    writeln!(out)?;
                }
                writeln!(
                    out,
                    "# size {text_size}, {difficulty}, seed {this_seed}, hardest technique {}",
                    made.hardest
                )?;
                writeln!(out, "{}", made.puzzle)?;
                writeln!(out, "# solution")?;
                writeln!(out, "{}", made.solution)?;
            }
            Ok(())
        },
    )?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn solve_command(outcome: &SolveOutcome, json: bool) -> anyhow::Result<ExitCode> {
    let status = outcome.uniqueness();
    if json {
        let solutions: Vec<String> = outcome.solutions.iter().map(|s| s.to_string()).collect();
        let line = serde_json::json!({
            "status": status.to_string(),
            "solutions": solutions,
            "nodes": outcome.stats.nodes,
            "revisions": outcome.stats.revisions,
            "max_depth": outcome.stats.max_depth,
        });
        println!("{line}");
    } else {
        for (i, solution) in outcome.solutions.iter().enumerate() {
            if i > 0 {
                println!();
            }
            println!("{solution}");
        }
        match status {
            Uniqueness::None => println!("none"),
            Uniqueness::Unique => println!("unique"),
            Uniqueness::Several => println!("several (two shown)"),
            // The search runs with limit 2, which always decides.
            Uniqueness::AtLeastOne => println!("at least one"),
        }
    }
    Ok(cli::verdict_code(status))
}

/// What `rate` found: the search's verdict, and the logical solver's report
/// when the puzzle has exactly one solution (only then is there a rating).
struct Rating {
    search: SolveOutcome,
    report: Option<LogicReport>,
}

/// The search first (quick, and it decides whether there is a rating at
/// all: a board with many solutions would make the Master techniques try
/// every candidate), then the logical solver, each within `budget` nodes.
fn rating(board: &Board, budget: u64) -> anyhow::Result<Rating> {
    let search = solve(board, 2, budget)?;
    let report = match search.uniqueness() {
        Uniqueness::Unique => Some(rate_within(board, budget)?),
        _ => None,
    };
    Ok(Rating { search, report })
}

fn rate_command(rating: &Rating, json: bool) -> anyhow::Result<ExitCode> {
    let search = &rating.search;
    let Some(report) = &rating.report else {
        let why = match search.uniqueness() {
            Uniqueness::None => "the puzzle has no solution",
            _ => "the puzzle has more than one solution",
        };
        if json {
            let line = serde_json::json!({
                "difficulty": null,
                "technique": null,
                "outcome": "not-rated",
                "search": search_json(search),
            });
            println!("{line}");
        } else {
            println!("difficulty: none ({why})");
            println!("{}", search_line(search));
        }
        return Ok(cli::verdict_code(search.uniqueness()));
    };
    let outcome = match report.outcome {
        LogicOutcome::Solved(_) => "solved",
        LogicOutcome::Stuck => "stuck",
        LogicOutcome::Contradiction(_) => "contradiction",
    };
    let difficulty = report.difficulty();
    if json {
        let steps: serde_json::Map<String, serde_json::Value> = Technique::ALL
            .into_iter()
            .map(|t| (t.name().to_string(), report.steps_with(t).into()))
            .collect();
        let line = serde_json::json!({
            "difficulty": difficulty.map(|d| d.name()),
            "technique": report.hardest.map(|t| t.name()),
            "outcome": outcome,
            "open_cells": report.open_cells,
            "steps": steps,
            "search": search_json(search),
        });
        println!("{line}");
    } else {
        match (&report.outcome, difficulty) {
            (_, Some(d)) => println!("difficulty: {d}"),
            (LogicOutcome::Contradiction(c), _) => println!(
                "difficulty: none (the {} run of the clue at {} cannot be completed)",
                c.direction,
                at((c.row, c.col))
            ),
            _ => println!(
                "difficulty: none (cannot finish without guessing: {} cells open)",
                report.open_cells
            ),
        }
        match report.hardest {
            Some(t) => println!("hardest technique: {t} ({})", t.difficulty()),
            None => println!("hardest technique: none needed"),
        }
        let steps: Vec<String> = Technique::ALL
            .into_iter()
            .map(|t| format!("{t} {}", report.steps_with(t)))
            .collect();
        println!("steps: {}", steps.join(", "));
        println!("{}", search_line(search));
    }
    Ok(ExitCode::SUCCESS)
}

/// The search's verdict and effort in `rate --json`.
fn search_json(search: &SolveOutcome) -> serde_json::Value {
    serde_json::json!({
        "status": search.uniqueness().to_string(),
        "nodes": search.stats.nodes,
        "revisions": search.stats.revisions,
        "max_depth": search.stats.max_depth,
    })
}

/// The search's verdict and effort in `rate`'s text.
fn search_line(search: &SolveOutcome) -> String {
    format!(
        "search: {}, {} nodes, {} run revisions, depth {}",
        search.uniqueness(),
        search.stats.nodes,
        search.stats.revisions,
        search.stats.max_depth
    )
}

/// A cell as the CLI names it to people: `(row,column)` counted from 1, the
/// clue row and column included (the board text's first line is row 1).
fn at((row, col): Pos) -> String {
    format!("({},{})", row + 1, col + 1)
}

/// Cells named with [`at`], separated by spaces.
fn cells_text(cells: &[Pos]) -> String {
    let names: Vec<String> = cells.iter().map(|&p| at(p)).collect();
    names.join(" ")
}

/// The English sentences of the web client, which the readable hint uses.
const ENGLISH: &str = include_str!("../../web/i18n/en.json");

/// The English sentence of a message key with its parameters filled in (the
/// key and parameters themselves when the catalogue lacks the key).
fn english(key: &str, params: &[(&'static str, Param)]) -> String {
    let catalogue: serde_json::Value = serde_json::from_str(ENGLISH).unwrap_or_default();
    let value = |param: &Param| match param {
        Param::Number(n) => n.to_string(),
        Param::Text(t) => t.clone(),
    };
    match catalogue.get(key).and_then(|v| v.as_str()) {
        Some(template) => params.iter().fold(template.to_string(), |text, (name, p)| {
            text.replace(&format!("{{{name}}}"), &value(p))
        }),
        None => {
            let list: Vec<String> = params
                .iter()
                .map(|(name, p)| format!("{name}={}", value(p)))
                .collect();
            format!("{key} {}", list.join(" "))
        }
    }
}

/// Reads `--candidates` (text, file or `-`, as the puzzle) into pencil marks.
fn read_marks(candidates: Option<&str>) -> anyhow::Result<Marks> {
    let Some(arg) = candidates else {
        return Ok(Marks::new());
    };
    let text = cli::read_input(arg).context("--candidates")?;
    let raw: std::collections::BTreeMap<String, Vec<u8>> = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("--candidates: not a JSON object of digit lists ({e})"))?;
    parse_marks(&raw).map_err(|e| anyhow::anyhow!("--candidates: {e}"))
}

fn hint_command(answer: &Hint, json: bool) -> anyhow::Result<ExitCode> {
    if json {
        println!("{}", hint_json(answer));
        return Ok(ExitCode::SUCCESS);
    }
    match answer {
        Hint::Solved => println!("solved"),
        Hint::Mistakes(cells) => println!("mistakes: {}", cells_text(cells)),
        Hint::Steps(steps) if steps.is_empty() => {
            println!("no deduction found from this position")
        }
        Hint::Steps(steps) => {
            println!("cells are (row,column) counted from 1, the clue row and column included");
            for (i, step) in steps.iter().enumerate() {
                let sentence = match &step.detail {
                    // The catalogue's sentence points at highlighted runs.
                    Detail::Region { .. } => "Runs of one direction counted in, less the runs \
                        of the other direction counted out, leave a few cells whose sum is known."
                        .to_string(),
                    _ => english(step.message.key, &step.message.params),
                };
                println!(
                    "{}. {} ({}): {sentence}",
                    i + 1,
                    step.technique,
                    step.level()
                );
                for line in detail_lines(step) {
                    println!("   {line}");
                }
                for removal in &step.removes {
                    println!("   remove {} from {}", removal.digits, at(removal.cell));
                }
                for place in &step.places {
                    println!("   place {} at {}", place.digit, at(place.cell));
                }
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A run as the hint names it: direction, sum, clue and cells.
fn run_text(run: &HintRun) -> String {
    format!(
        "{} {} from the clue at {}: {}",
        run.direction,
        run.sum,
        at(run.clue),
        cells_text(&run.cells)
    )
}

/// The lines under a hint's sentence: the runs it looks at with their
/// cells, and the arithmetic of sum bounds, region sums and contradictions.
fn detail_lines(step: &Step) -> Vec<String> {
    let mut lines = Vec::new();
    match &step.detail {
        Detail::None => {
            for run in &step.runs {
                lines.push(format!("run: {}", run_text(run)));
            }
        }
        Detail::Bounds(bounds) => {
            for run in &step.runs {
                lines.push(format!("run: {}", run_text(run)));
            }
            for b in bounds {
                let low = b.rest.saturating_sub(b.others_most).max(1);
                let high = b.rest.saturating_sub(b.others_least).min(9);
                lines.push(format!(
                    "{}: the other open cells make {} to {}, so it holds {} - {} to {} - {}: {low} to {high}",
                    at(b.cell),
                    b.others_least,
                    b.others_most,
                    b.rest,
                    b.others_most,
                    b.rest,
                    b.others_least
                ));
            }
        }
        Detail::Region {
            counted_in,
            counted_out,
            inside,
            outside,
        } => {
            let total = |runs: &[HintRun]| runs.iter().map(|r| r.sum).sum::<u32>();
            let sums = |runs: &[HintRun]| {
                let list: Vec<String> = runs.iter().map(|r| r.sum.to_string()).collect();
                list.join(" + ")
            };
            for run in counted_in {
                lines.push(format!("counted in: {}", run_text(run)));
            }
            for run in counted_out {
                lines.push(format!("counted out: {}", run_text(run)));
            }
            let (plus, minus) = (total(counted_in), total(counted_out));
            let mut sum = format!("{} = {plus}", sums(counted_in));
            if !counted_out.is_empty() {
                sum = format!(
                    "{} - ({}) = {}",
                    sums(counted_in),
                    sums(counted_out),
                    i64::from(plus) - i64::from(minus)
                );
            }
            let cells = match (inside.is_empty(), outside.is_empty()) {
                (_, true) => format!("the cells {}", cells_text(inside)),
                (true, false) => format!("minus the cells {}", cells_text(outside)),
                (false, false) => format!(
                    "the cells {} minus the cells {}",
                    cells_text(inside),
                    cells_text(outside)
                ),
            };
            lines.push(format!("so {cells} make {sum}"));
        }
        Detail::Chain {
            cell,
            digit,
            placed,
            broken,
        } => {
            let mut chain = vec![format!("{digit} at {}", at(*cell))];
            chain.extend(
                placed
                    .iter()
                    .map(|p| format!("{} at {}", p.digit, at(p.cell))),
            );
            lines.push(format!("chain: {}", chain.join(" -> ")));
            lines.push(format!(
                "then the run {} cannot be completed",
                run_text(broken)
            ));
        }
    }
    lines
}

fn combos_command(
    sum: u32,
    len: usize,
    placed: DigitSet,
    excluded: DigitSet,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let sets = combos_with(sum, len, placed, excluded);
    if json {
        let list: Vec<Vec<u8>> = sets.iter().map(|s| s.iter().collect()).collect();
        println!("{}", serde_json::to_string(&list)?);
    } else if sets.is_empty() {
        println!("none");
    } else {
        for set in &sets {
            let digits: Vec<String> = set.iter().map(|d| d.to_string()).collect();
            println!("{}", digits.join("+"));
        }
    }
    Ok(if sets.is_empty() {
        ExitCode::from(cli::EXIT_NOT_ONE)
    } else {
        ExitCode::SUCCESS
    })
}

/// Writes the offline pack: one JSON object, one size × difficulty per line,
/// sizes ascending and difficulties easiest first, so a regenerated pack
/// compares byte for byte with the committed one. Each puzzle is one string,
/// its layout and digits ([`pack_code`]); the client derives the clues.
fn web_pack(out: &std::path::Path, seed: u64, count: u64) -> anyhow::Result<ExitCode> {
    let buckets: Vec<(usize, Difficulty)> = PACK_SIZES
        .flat_map(|size| Difficulty::ALL.into_iter().map(move |d| (size, d)))
        .collect();
    let bar = cli::progress_bar(buckets.len() as u64 * count, "generating the web pack");
    let mut lines = Vec::with_capacity(buckets.len());
    for (size, difficulty) in buckets {
        let results = Kakuro::generate_batch(
            &RectParams {
                rows: size,
                cols: size,
                difficulty,
            },
            seed,
            count as usize,
        );
        let mut codes = Vec::with_capacity(count as usize);
        for (i, result) in results.into_iter().enumerate() {
            let this_seed = seed.wrapping_add(i as u64);
            let made =
                result.with_context(|| format!("size {size}, {difficulty}, seed {this_seed}"))?;
            let code = pack_code(&made.solution);
            // The client derives the clues from the code: they must be the generator's.
            let back = unpack_code(size, &code)
                .with_context(|| format!("size {size}, {difficulty}, seed {this_seed}"))?;
            anyhow::ensure!(
                back.0 == made.puzzle && back.1 == made.solution,
                "size {size}, {difficulty}, seed {this_seed}: the pack code does not give the puzzle back"
            );
            codes.push(serde_json::to_string(&code)?);
        }
        lines.push(format!(
            r#"{{"size":{size},"difficulty":"{difficulty}","puzzles":[{}]}}"#,
            codes.join(",")
        ));
        bar.inc(count);
    }
    bar.finish_and_clear();
    let text = format!(
        "{{\"format\":\"{WEB_PACK_FORMAT}\",\"version\":{WEB_PACK_VERSION},\"seed\":{seed},\"count\":{count},\"buckets\":[\n{}\n]}}\n",
        lines.join(",\n")
    );
    std::fs::write(out, text).with_context(|| format!("cannot write {}", out.display()))?;
    Ok(ExitCode::SUCCESS)
}

/// The 64 characters of a pack code, each worth its index (base64url's).
const CODE_ALPHABET: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A puzzle of the web pack as one string, from its solution alone (a square
/// board; the clues are the sums of the runs, so they follow): first the
/// layout, one bit per cell row-major (1 = digit cell), six bits per
/// character, most significant first, the last one padded with zeros; then
/// the digits of the digit cells in row-major order, three per two
/// characters as `(a-1)·81 + (b-1)·9 + (c-1)` (a 10-bit number, high six bits
/// first), a last group of one or two digits padded with 1s. Characters are
/// base64url's. `web/js/kakuro-model.js` (`unpackPuzzle`) reads it.
fn pack_code(solution: &gridforge_kakuro::Solution) -> String {
    let char_of = |v: u32| CODE_ALPHABET[v as usize] as char;
    let digits = solution.digits();
    let mut code = String::new();
    for chunk in digits.chunks(6) {
        let mut v = 0;
        for k in 0..6 {
            v = v << 1 | u32::from(chunk.get(k).is_some_and(|&d| d != 0));
        }
        code.push(char_of(v));
    }
    let placed: Vec<u32> = digits
        .iter()
        .filter(|&&d| d != 0)
        .map(|&d| u32::from(d) - 1)
        .collect();
    for group in placed.chunks(3) {
        let v = (0..3).fold(0, |v, k| v * 9 + group.get(k).copied().unwrap_or(0));
        code.push(char_of(v >> 6));
        code.push(char_of(v & 63));
    }
    code
}

/// Reads a [`pack_code`] of a `size`×`size` puzzle back: the puzzle (clues
/// summed from the digits) and its solution.
fn unpack_code(size: usize, code: &str) -> anyhow::Result<(Board, gridforge_kakuro::Solution)> {
    let values: Vec<u32> = code
        .bytes()
        .map(|b| {
            CODE_ALPHABET
                .iter()
                .position(|&c| c == b)
                .map(|v| v as u32)
                .context("a character outside base64url")
        })
        .collect::<anyhow::Result<_>>()?;
    let cells = size * size;
    let layout_chars = cells.div_ceil(6);
    anyhow::ensure!(values.len() >= layout_chars, "the code is too short");
    let is_digit: Vec<bool> = (0..cells)
        .map(|i| values[i / 6] >> (5 - i % 6) & 1 == 1)
        .collect();
    let count = is_digit.iter().filter(|&&d| d).count();
    let rest = &values[layout_chars..];
    anyhow::ensure!(
        rest.len() == count.div_ceil(3) * 2,
        "the code's length does not fit its layout"
    );
    let mut placed = Vec::with_capacity(count);
    for pair in rest.chunks(2) {
        let v = pair[0] << 6 | pair[1];
        anyhow::ensure!(v < 729, "a digit group out of range");
        placed.extend([v / 81 + 1, v / 9 % 9 + 1, v % 9 + 1].map(|d| d as u8));
    }
    let mut placed = placed.into_iter();
    let digits: Vec<u8> = is_digit
        .iter()
        .map(|&d| if d { placed.next().unwrap_or(0) } else { 0 })
        .collect();
    let sum_from = |start: usize, step: usize, limit: usize| -> Option<u8> {
        let mut sum = 0u8;
        let mut i = start;
        while i < limit && digits[i] != 0 {
            sum += digits[i];
            i += step;
        }
        (sum > 0).then_some(sum)
    };
    let mut board_cells = Vec::with_capacity(cells);
    for (i, &digit) in digits.iter().enumerate() {
        let (row, col) = (i / size, i % size);
        board_cells.push(if digit != 0 {
            gridforge_kakuro::Cell::Digit(None)
        } else {
            let across = (col + 1 < size)
                .then(|| sum_from(i + 1, 1, (row + 1) * size))
                .flatten();
            let down = (row + 1 < size)
                .then(|| sum_from(i + size, size, cells))
                .flatten();
            if across.is_none() && down.is_none() {
                gridforge_kakuro::Cell::Blank
            } else {
                gridforge_kakuro::Cell::Clue { down, across }
            }
        });
    }
    let board = Board::from_cells(size, size, board_cells)?;
    let solution = gridforge_kakuro::Solution::from_digits(size, size, digits)
        .context("a solution of that size cannot be")?;
    Ok((board, solution))
}
