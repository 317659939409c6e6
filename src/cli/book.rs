//! `gridforge kakuro|triplex|chess book`: PDF puzzle books. The puzzles are
//! made (or read and solved) here; `gridforge_book` lays them out and writes
//! the PDF.

use crate::cli;
use anyhow::Context;
use clap::Args;
use gridforge_book::{chess::ChessSetup, kakuro::KakuroPuzzle, triplex::TriplexLevel, Paper};
use gridforge_chessmemory::{ChessMemory, GenerateParams, Setup};
use gridforge_kakuro::{Board, Difficulty, Game, Kakuro, RectParams, Uniqueness};
use gridforge_triplex::{Family, Level};
use std::path::PathBuf;
use std::process::ExitCode;

/// What every `book` command takes: where to write, the paper, the title.
#[derive(Args)]
pub struct BookArgs {
    /// The PDF file to write.
    #[arg(long)]
    out: PathBuf,
    /// Paper size: a4 or letter.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    paper: Paper,
    /// The title on the first page (a default names the game and the puzzles).
    #[arg(long)]
    title: Option<String>,
    /// Print one JSON object saying what was written: out, pages, puzzles, paper.
    #[arg(long)]
    json: bool,
}

fn parse_paper(text: &str) -> Result<Paper, String> {
    text.parse()
        .map_err(|err: gridforge_book::BookError| err.to_string())
}

/// Writes the book's PDF to `--out` and says what was written.
fn write(book: &gridforge_book::Book, puzzles: usize, args: &BookArgs) -> anyhow::Result<ExitCode> {
    let bytes = gridforge_book::write_pdf(book)?;
    let shown = args.out.display();
    std::fs::write(&args.out, &bytes).with_context(|| format!("cannot write {shown}"))?;
    if args.json {
        let line = serde_json::json!({
            "out": args.out.display().to_string(),
            "pages": book.pages.len(),
            "puzzles": puzzles,
            "paper": book.paper.name(),
        });
        println!("{line}");
    } else {
        println!(
            "wrote {shown}: {} pages, {puzzles} puzzles, {}",
            book.pages.len(),
            book.paper.name()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The title page's first line: how many, and how they were made (empty
/// for puzzles read from the input).
fn count_line(count: usize, noun: &str, what: &str) -> String {
    if what.is_empty() {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun} · {what}")
    }
}

/// The side of the book's puzzles, as its title names it.
fn size_text(rows: usize, cols: usize) -> String {
    format!("{cols}×{rows}")
}

/// A Kakuro book: `count` puzzles generated from `seed` on, or the puzzles
/// of `input` (each solved to prove it unique and rated).
pub fn kakuro(
    shape: Option<(usize, usize)>,
    difficulty: Option<Difficulty>,
    seed: u64,
    count: u64,
    input: Option<&str>,
    args: &BookArgs,
) -> anyhow::Result<ExitCode> {
    let (puzzles, what) = match (input, shape, difficulty) {
        (Some(input), _, _) => (read_kakuro(input)?, String::new()),
        (None, Some((rows, cols)), Some(difficulty)) => {
            let params = RectParams::new(rows, cols, difficulty)?;
            let mut puzzles = Vec::with_capacity(count as usize);
            cli::generate_seeded(
                count,
                seed,
                cli::kakuro::BATCH,
                "generating puzzles",
                |first, n| Kakuro::generate_batch(&params, first, n),
                |index, _, made| {
                    puzzles.push(KakuroPuzzle {
                        number: index as usize + 1,
                        difficulty: made.difficulty.to_string(),
                        puzzle: made.puzzle,
                        solution: made.solution,
                    });
                    Ok(())
                },
            )?;
            let what = format!("{difficulty} · {} · seed {seed}", size_text(rows, cols));
            (puzzles, what)
        }
        _ => anyhow::bail!("give --size (or --width and --height) and --difficulty, or --input"),
    };
    let title = args.title.clone().unwrap_or_else(|| "Kakuro".to_string());
    let lines = [
        count_line(puzzles.len(), "puzzles", &what),
        "Write a digit 1 to 9 in every white cell: each run adds up to its clue (down sums below a clue cell's diagonal, across sums above it), no digit twice in a run.".to_string(),
    ];
    let book = gridforge_book::kakuro::book(args.paper, &title, &lines, &puzzles)?;
    write(&book, puzzles.len(), args)
}

/// Node budget of the search that proves a read puzzle unique, and of its rating.
const READ_BUDGET: u64 = 10_000_000;

/// Reads Kakuro puzzles as `kakuro generate` writes them: each a header
/// (`rows cols`) and its rows; `#` lines are comments, and the block after
/// a `# solution` line is skipped (the solution is found again).
fn read_kakuro(input: &str) -> anyhow::Result<Vec<KakuroPuzzle>> {
    let text = cli::read_input(input)?;
    let mut lines = text.lines().map(str::trim).enumerate().peekable();
    let mut puzzles = Vec::new();
    let mut skip_next = false;
    while let Some((line_no, line)) = lines.next() {
        if line.is_empty() {
            continue;
        }
        if line.starts_with('#') {
            skip_next |= line.trim_start_matches('#').trim() == "solution";
            continue;
        }
        let rows: usize = line
            .split_whitespace()
            .next()
            .and_then(|r| r.parse().ok())
            .with_context(|| format!("line {}: expected a header `rows cols`", line_no + 1))?;
        let mut block = vec![line.to_string()];
        for _ in 0..rows {
            match lines.next() {
                Some((_, row)) => block.push(row.to_string()),
                None => break,
            }
        }
        if std::mem::take(&mut skip_next) {
            continue;
        }
        let number = puzzles.len() + 1;
        let board: Board = block
            .join("\n")
            .parse()
            .with_context(|| format!("puzzle {number} (line {})", line_no + 1))?;
        let search = gridforge_kakuro::solve(&board, 2, READ_BUDGET)
            .with_context(|| format!("puzzle {number}"))?;
        if search.uniqueness() != Uniqueness::Unique {
            return Err(cli::NotOneSolution(format!(
                "puzzle {number} has {}",
                if search.solutions.is_empty() {
                    "no solution"
                } else {
                    "more than one solution"
                }
            ))
            .into());
        }
        let difficulty = gridforge_kakuro::rate_within(&board, READ_BUDGET)
            .with_context(|| format!("puzzle {number}"))?
            .difficulty()
            .map_or_else(|| "unrated".to_string(), |d| d.to_string());
        let solution = search.solutions.into_iter().next().context("no solution")?;
        puzzles.push(KakuroPuzzle {
            number,
            difficulty,
            puzzle: board.cleared(),
            solution,
        });
    }
    anyhow::ensure!(!puzzles.is_empty(), "the input holds no puzzle");
    Ok(puzzles)
}

/// Parses a level range: `N` or `A-B` (from 1).
pub fn parse_range(text: &str) -> Result<(usize, usize), String> {
    let number = |t: &str| -> Result<usize, String> {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| {
                format!(
                    "{:?} is not a level number (1 or more)",
                    gridforge_game::excerpt(t)
                )
            })
    };
    let (first, last) = match text.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(text)?, number(text)?),
    };
    if first > last {
        return Err(format!("the range {first}-{last} is empty"));
    }
    Ok((first, last))
}

/// A Triplex (or BlockPuzzle) book: the family's levels `range`, or the
/// level descriptions of `input`, one a line (each solved, unique).
pub fn triplex(
    family: Family,
    range: Option<(usize, usize)>,
    input: Option<&str>,
    args: &BookArgs,
) -> anyhow::Result<ExitCode> {
    let (levels, what) = match (range, input) {
        (Some((first, last)), None) => {
            let pack = family.pack()?;
            let total = pack.levels.len();
            anyhow::ensure!(
                last <= total,
                "{} has levels 1 to {total}, not {last}",
                family.name()
            );
            let levels = pack.levels[first - 1..last]
                .iter()
                .enumerate()
                .map(|(i, record)| -> anyhow::Result<TriplexLevel> {
                    Ok(TriplexLevel {
                        number: record.number.unwrap_or(first + i),
                        level: record.level()?,
                        difficulty: record.difficulty,
                        solution: record.solution.clone(),
                    })
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            (levels, format!("levels {first} to {last}"))
        }
        (None, Some(input)) => {
            let text = cli::read_input(input)?;
            let mut levels = Vec::new();
            for (line_no, line) in text.lines().map(str::trim).enumerate() {
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let number = levels.len() + 1;
                let level: Level = line
                    .parse()
                    .with_context(|| format!("line {}", line_no + 1))?;
                let outcome =
                    gridforge_triplex::solve(&level, 2, gridforge_triplex::DEFAULT_NODE_BUDGET)
                        .with_context(|| format!("line {}", line_no + 1))?;
                if outcome.uniqueness() != Uniqueness::Unique {
                    return Err(cli::NotOneSolution(format!(
                        "line {}: the level has {}",
                        line_no + 1,
                        if outcome.solutions.is_empty() {
                            "no solution"
                        } else {
                            "more than one solution"
                        }
                    ))
                    .into());
                }
                let solution = level.solution_grid(&outcome.solutions[0]);
                levels.push(TriplexLevel {
                    number,
                    level,
                    difficulty: outcome.stats.nodes,
                    solution,
                });
            }
            anyhow::ensure!(!levels.is_empty(), "the input holds no level");
            (levels, String::new())
        }
        _ => anyhow::bail!("give --levels or --input"),
    };
    let name = match family {
        Family::Triplex => "Triplex",
        Family::BlockPuzzle => "BlockPuzzle",
    };
    let title = args.title.clone().unwrap_or_else(|| name.to_string());
    let lines = [count_line(levels.len(), "levels", &what)];
    let book = gridforge_book::triplex::book(args.paper, &title, &lines, &levels)?;
    write(&book, levels.len(), args)
}

/// A ChessMemory book: `count` setups generated from `seed` on, or the
/// setups of `input`, one a line; each with its pairing key.
pub fn chess(
    seed: u64,
    count: u64,
    input: Option<&str>,
    args: &BookArgs,
) -> anyhow::Result<ExitCode> {
    let (setups, what): (Vec<Setup>, String) = match input {
        Some(input) => {
            let text = cli::read_input(input)?;
            let setups = text
                .lines()
                .map(str::trim)
                .enumerate()
                .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
                .map(|(line_no, line)| {
                    line.parse::<Setup>()
                        .with_context(|| format!("line {}: invalid setup", line_no + 1))
                })
                .collect::<anyhow::Result<_>>()?;
            (setups, String::new())
        }
        None => {
            let params = GenerateParams::default();
            let mut setups = Vec::new();
            cli::generate_seeded(
                count,
                seed,
                cli::chess::BATCH,
                "generating setups",
                |first, n| ChessMemory::generate_batch(&params, first, n),
                |_, _, made| {
                    setups.push(made.setup);
                    Ok(())
                },
            )?;
            (setups, format!("seed {seed}"))
        }
    };
    anyhow::ensure!(!setups.is_empty(), "the input holds no setup");
    let setups = setups
        .into_iter()
        .enumerate()
        .map(|(i, setup)| -> anyhow::Result<ChessSetup> {
            let pairs =
                cli::chess::partner_pairs(&setup).with_context(|| format!("setup {}", i + 1))?;
            Ok(ChessSetup {
                number: i + 1,
                setup,
                pairs,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let title = args
        .title
        .clone()
        .unwrap_or_else(|| "ChessMemory".to_string());
    let lines = [count_line(setups.len(), "setups", &what)];
    let book = gridforge_book::chess::book(args.paper, &title, &lines, &setups)?;
    write(&book, setups.len(), args)
}
