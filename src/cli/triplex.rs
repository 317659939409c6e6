//! `gridforge triplex …`: solve levels, run the census, write level packs,
//! the chained pack of the web client and its offline single-file export.

mod cluster;
mod export_html;
mod plot;

use crate::cli;
use anyhow::Context;
use clap::{Args, Subcommand};
use gridforge_triplex::chain::{cover_text, level_key, level_nonce, pack_codes};
use gridforge_triplex::hint::cells_of;
use gridforge_triplex::pack::{
    census_level_list_text, level_list_text, BLOCKPUZZLE_MAX_AREA, BLOCKPUZZLE_PACK_LEVELS,
    GAME_PACK_TIERS,
};
use gridforge_triplex::{
    census_rectangles_with, hint as triplex_hint, piece_letter, placements_from_grid,
    rectangles_for, rectangles_up_to, select_levels, solve, CensusLevel, CensusLine, CensusOptions,
    ChainedPack, Family, Level, LevelRecord, Pack, PieceSet, Placement, PublicLevel,
    RectangleCensus, Uniqueness, DEFAULT_NODE_BUDGET, GAME_PACK_MAX_AREA,
};
use std::io::Write;
use std::process::ExitCode;

/// Triplex subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Solve a level given by its description (e.g. `4x3:2h,v,Lnw,Lse@`), a
    /// file holding one, or `-` for stdin; says unique, several or none
    /// (exit 1 for none or several).
    Solve {
        /// The level description, a file, or `-`.
        level: String,
        /// Stop after this many solutions (2 proves uniqueness).
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=1000))]
        limit: u32,
        #[command(flatten)]
        search: SearchArgs,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// A hint for a level in play: which placed pieces lie wrong and one
    /// piece to place next (the game's "show one piece"). Exit 1 when the
    /// level has no solution or more than one.
    Hint {
        /// The level description, a file, or `-`.
        level: String,
        /// The pieces placed so far, as `solve` prints a solution: a row per
        /// line or rows joined by `/`, each cell its piece's letter (`a` is
        /// the level's first piece) or `.` when empty; text or a file.
        #[arg(long)]
        placed: Option<String>,
        #[command(flatten)]
        search: SearchArgs,
        /// Print one JSON object: {"wrong": [pieces], "next": {"piece", "letter", "shape", "cells"} or null}.
        #[arg(long)]
        json: bool,
    },
    /// Find every level of one rectangle, or of every rectangle up to an area,
    /// for a piece set.
    Census {
        #[command(flatten)]
        sizes: Sizes,
        #[command(flatten)]
        run: RunArgs,
        /// The piece set: `triplex`, `blockpuzzle`, or a list such as
        /// `h,v,1(##/#.),@` (a count in front caps a shape, e.g. 1 = at most
        /// once; a last `@` allows one rotatable piece).
        #[arg(long, default_value = "triplex")]
        pieces: String,
        /// Print one JSON object per level per line on stdout (without it,
        /// one line per level: description, solver nodes, solution rows).
        #[arg(long)]
        json: bool,
        /// Print only a family pack's selection of this many levels (across
        /// sizes, easiest first; see `select_levels`) as the JSON lines.
        #[arg(long, requires = "json", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        select: Option<u32>,
        /// Also draw levels and time per rectangle into this SVG file.
        #[arg(long)]
        plot: Option<std::path::PathBuf>,
        #[command(flatten)]
        cluster: cluster::ClusterArgs,
    },
    /// Write the level pack the web client plays: every level up to an area,
    /// numbered from 1 in increasing difficulty.
    Pack {
        /// Largest rectangle area to include.
        #[arg(long, default_value_t = GAME_PACK_MAX_AREA as u32, value_parser = clap::value_parser!(u32).range(4..=126))]
        max_area: u32,
        /// The JSON file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Write the game's pack instead (the committed level list, every
        /// level solved again: the numbers the server and the web client use).
        #[arg(long, conflicts_with = "max_area")]
        game: bool,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Run the census up to area 64 and write the game's level list
    /// (crates/triplex/data/game-levels.txt): every level up to area 36 in
    /// pack order (levels 1 to 724, as before), then every level of area 37
    /// to 64 in pack order. Takes minutes.
    GameLevels {
        /// The text file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Run the BlockPuzzle census (every rectangle up to an area) and write
    /// the BlockPuzzle family's level list
    /// (crates/triplex/data/blockpuzzle-levels.txt): 500 levels chosen by
    /// `select_levels` (equal quotas per area, the hardest of each difficulty
    /// slice), easiest first.
    BlockpuzzleLevels {
        /// The text file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Largest rectangle area of the census.
        #[arg(long, default_value_t = BLOCKPUZZLE_MAX_AREA as u32, value_parser = clap::value_parser!(u32).range(4..=40))]
        max_area: u32,
        #[command(flatten)]
        run: RunArgs,
    },
    /// List the levels whose players' median time disagrees most with the
    /// solver's order (verified solves without hints in the server's database).
    Stats {
        /// The server's database: sqlite://path or postgres://…
        #[arg(long, env = "GRIDFORGE_DATABASE_URL")]
        database: String,
        /// Only levels with at least this many solves without hints.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
        min_solves: u32,
        /// How many levels to list.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        top: u32,
        /// Print one JSON object instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Write a family's chained pack the web client carries
    /// (web/<family>/levels.json): no solutions, level k+1 sealed with a key
    /// from level k's solution.
    WebPack {
        /// The JSON file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        #[command(flatten)]
        family: FamilyArg,
    },
    /// Print, as JSON, the chain's values for the first levels of a family's
    /// web pack (cover of the previous solution, code, key, nonce), for
    /// testing the web client's implementation against this one.
    ChainVectors {
        /// How many levels, from level 1.
        #[arg(long, default_value_t = 12, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        count: u32,
        #[command(flatten)]
        family: FamilyArg,
    },
    /// Write a PDF book of levels: each level's rectangle with its pieces
    /// under it (the rotatable piece ringed), several a page, then the
    /// solutions.
    Book {
        /// Level numbers of the family's pack: N or A-B.
        #[arg(long, value_parser = cli::book::parse_range, required_unless_present = "input", conflicts_with = "input")]
        levels: Option<(usize, usize)>,
        /// Levels to print instead, one description a line (a file, or - for
        /// standard input); each is solved (unique).
        #[arg(long)]
        input: Option<String>,
        #[command(flatten)]
        family: FamilyArg,
        #[command(flatten)]
        book: cli::book::BookArgs,
    },
    /// Write the offline game: one HTML file holding the web client's code,
    /// styles, the chained level pack and every language.
    ExportHtml {
        /// The HTML file to write.
        #[arg(long)]
        out: std::path::PathBuf,
    },
}

/// The bounds of the solver in `solve` and `hint`.
#[derive(Args)]
pub struct SearchArgs {
    /// Give up (exit 3) after this many search nodes.
    #[arg(long, default_value_t = DEFAULT_NODE_BUDGET)]
    budget: u64,
    #[command(flatten)]
    timeout: cli::Timeout,
}

/// Which rectangles a census covers.
#[derive(Args)]
#[group(required = true, multiple = true)]
pub struct Sizes {
    /// Width of the one rectangle (with --height).
    #[arg(long, requires = "height", conflicts_with = "max_area")]
    width: Option<usize>,
    /// Height of the one rectangle (with --width).
    #[arg(long, requires = "width")]
    height: Option<usize>,
    /// Every W×H with W ≥ H ≥ 2 and W·H ≤ this.
    #[arg(long, value_parser = clap::value_parser!(u32).range(4..=126))]
    max_area: Option<u32>,
}

/// Which family's pack a command works on.
#[derive(Args)]
pub struct FamilyArg {
    /// The family of puzzles: its level list, chain and web pack.
    #[arg(long, default_value = "triplex", value_parser = clap::builder::PossibleValuesParser::new(Family::ALL.map(Family::name)))]
    family: String,
}

impl FamilyArg {
    fn family(&self) -> anyhow::Result<Family> {
        Family::named(&self.family).with_context(|| format!("no family {:?}", self.family))
    }
}

/// Settings shared by the census and the pack.
#[derive(Args)]
pub struct RunArgs {
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: Option<u32>,
    /// Seed for the orientation each rotatable piece is shown in.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Node budget of each solver run.
    #[arg(long, default_value_t = DEFAULT_NODE_BUDGET)]
    budget: u64,
}

/// Runs a Triplex subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Solve {
            level,
            limit,
            search,
            json,
        } => solve_command(&level, limit as usize, &search, json),
        Command::Hint {
            level,
            placed,
            search,
            json,
        } => hint_command(&level, placed.as_deref(), &search, json),
        Command::Census {
            sizes,
            run,
            pieces,
            json,
            select,
            plot,
            cluster,
        } => {
            let set: PieceSet = pieces
                .parse()
                .with_context(|| format!("bad --pieces {:?}", gridforge_game::excerpt(&pieces)))?;
            let rects = match (sizes.width, sizes.height, sizes.max_area) {
                (Some(w), Some(h), _) => vec![(w, h)],
                (_, _, Some(a)) => rectangles_for(&set, a as usize),
                _ => anyhow::bail!("give --width and --height, or --max-area"),
            };
            let results = match cluster.mode()? {
                cluster::Mode::OneProcess => run_census(&set, &rects, &run)?,
                cluster::Mode::Launch(n) => return cluster::launch(n),
                cluster::Mode::Sharded(c) => {
                    cluster::prepare_process();
                    set_threads(&run)?;
                    match cluster::run(&set, &rects, &census_options(&run), &c)? {
                        Some(results) => results,
                        // Process 0 reports; the others only took part.
                        None => return Ok(ExitCode::SUCCESS),
                    }
                }
            };
            print_report(&results);
            if let Some(path) = &plot {
                plot::write(path, &pieces, &results)?;
                eprintln!("wrote the plot to {}", path.display());
            }
            if !json {
                // The levels on stdout, as the level lists hold them.
                let all: Vec<CensusLevel> = results.iter().flat_map(|(l, _)| l.clone()).collect();
                let header = format!("census of {pieces}: {} levels", all.len());
                std::io::stdout()
                    .lock()
                    .write_all(census_level_list_text(&header, &all).as_bytes())?;
            } else {
                let all: Vec<&CensusLevel> = results.iter().flat_map(|(l, _)| l).collect();
                let chosen: Vec<CensusLevel>;
                let levels: Vec<&CensusLevel> = match select {
                    Some(n) => {
                        let owned: Vec<CensusLevel> = all.into_iter().cloned().collect();
                        chosen = select_levels(&owned, n as usize);
                        chosen.iter().collect()
                    }
                    None => all,
                };
                let mut out = std::io::stdout().lock();
                for found in levels {
                    let record = LevelRecord::from_census(found);
                    let line = CensusLine {
                        record: &record,
                        code: &record.description,
                    };
                    serde_json::to_writer(&mut out, &line)?;
                    writeln!(out)?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Pack {
            max_area,
            out,
            game,
            run,
        } => {
            let pack = if game {
                Pack::game()?
            } else {
                let results = run_census(
                    &PieceSet::triplex(),
                    &rectangles_up_to(max_area as usize),
                    &run,
                )?;
                print_report(&results);
                let all: Vec<CensusLevel> = results.into_iter().flat_map(|(l, _)| l).collect();
                Pack::new(max_area as usize, run.seed, &all)
            };
            let text = serde_json::to_string(&pack)?;
            std::fs::write(&out, &text)
                .with_context(|| format!("cannot write {}", out.display()))?;
            eprintln!(
                "wrote {} levels to {} ({} bytes)",
                pack.levels.len(),
                out.display(),
                text.len()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::GameLevels { out, run } => {
            let results = run_census(
                &PieceSet::triplex(),
                &rectangles_up_to(GAME_PACK_MAX_AREA),
                &run,
            )?;
            print_report(&results);
            let all: Vec<CensusLevel> = results.into_iter().flat_map(|(l, _)| l).collect();
            let pack = Pack::tiered(GAME_PACK_TIERS, run.seed, &all);
            std::fs::write(&out, level_list_text(&pack))
                .with_context(|| format!("cannot write {}", out.display()))?;
            eprintln!("wrote {} levels to {}", pack.levels.len(), out.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::BlockpuzzleLevels { out, max_area, run } => {
            let set = PieceSet::blockpuzzle();
            let results = run_census(&set, &rectangles_for(&set, max_area as usize), &run)?;
            print_report(&results);
            let all: Vec<CensusLevel> = results.into_iter().flat_map(|(l, _)| l).collect();
            let chosen = select_levels(&all, BLOCKPUZZLE_PACK_LEVELS);
            let header = format!(
                "gridforge BlockPuzzle levels: {} of the {} levels up to area {max_area}, \
                 chosen by select_levels (equal quotas per area, the hardest of each \
                 difficulty slice), easiest first; one per line (description, solver nodes, \
                 solution rows joined by /); written by `gridforge triplex blockpuzzle-levels`",
                chosen.len(),
                all.len()
            );
            std::fs::write(&out, census_level_list_text(&header, &chosen))
                .with_context(|| format!("cannot write {}", out.display()))?;
            eprintln!("wrote {} levels to {}", chosen.len(), out.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Stats {
            database,
            min_solves,
            top,
            json,
        } => stats_command(&database, min_solves as i64, top as usize, json),
        Command::WebPack { out, family } => {
            let family = family.family()?;
            let chained = ChainedPack::from_pack(&family.pack()?, family)?;
            let text = chained_pack_json(&chained)?;
            std::fs::write(&out, &text)
                .with_context(|| format!("cannot write {}", out.display()))?;
            eprintln!(
                "wrote the chained pack of {} levels to {} ({} bytes)",
                chained.count,
                out.display(),
                text.len()
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::ChainVectors { count, family } => {
            let family = family.family()?;
            let name = family.name();
            let pack = family.pack()?;
            let codes = pack_codes(name, &pack)?;
            let mut vectors = Vec::new();
            let mut previous: Option<&LevelRecord> = None;
            for (k, (record, code)) in pack.levels.iter().zip(&codes).enumerate() {
                if k >= count as usize {
                    break;
                }
                let number = k + 1;
                let (grid, cover) = match previous {
                    Some(p) => (
                        p.solution.clone(),
                        cover_text(number - 1, p.width, p.height, &p.solution)?,
                    ),
                    None => (Vec::new(), String::new()),
                };
                vectors.push(serde_json::json!({
                    "number": number,
                    "previous_solution": grid,
                    "previous_cover": cover,
                    "code": code,
                    "key": hex::encode(level_key(name, number, code)),
                    "nonce": hex::encode(level_nonce(name, number)),
                    "description": record.description,
                    "level": PublicLevel::of_record(number, record),
                }));
                previous = Some(record);
            }
            println!(
                "{}",
                serde_json::json!({ "family": name, "vectors": vectors })
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Book {
            levels,
            input,
            family,
            book,
        } => cli::book::triplex(family.family()?, levels, input.as_deref(), &book),
        Command::ExportHtml { out } => {
            let html = export_html::single_file()?;
            std::fs::write(&out, &html)
                .with_context(|| format!("cannot write {}", out.display()))?;
            eprintln!("wrote {} ({} bytes)", out.display(), html.len());
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The chained pack as JSON: the header fields, then the level table (one
/// long base64 string) last.
fn chained_pack_json(chained: &ChainedPack) -> anyhow::Result<String> {
    let mut text = serde_json::to_string(chained)?;
    text.push('\n');
    Ok(text)
}

/// `triplex stats`: the levels whose players' median disagrees most with
/// the solver's order.
fn stats_command(
    database: &str,
    min_solves: i64,
    top: usize,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let medians = gridforge_server::storage::read_medians(database)
        .with_context(|| "cannot read the solves".to_string())?;
    let levels = gridforge_triplex::pack::game_levels()?;
    let rows = gridforge_server::triplex::disagreements(&levels, &medians, min_solves);
    let shown: Vec<_> = rows.iter().take(top).collect();
    if json {
        let list: Vec<serde_json::Value> = shown
            .iter()
            .map(|r| {
                serde_json::json!({
                    "level": r.number,
                    "description": r.description,
                    "difficulty": r.difficulty,
                    "solver_rank": r.solver_rank,
                    "median_ms": r.median_ms,
                    "player_rank": r.player_rank,
                    "solves": r.solves,
                    "shift": r.shift(),
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({ "ranked": rows.len(), "min_solves": min_solves, "levels": list })
        );
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{} with at least {} without hints; ranks run from 1 (easiest)",
        cli::counted(rows.len() as u64, "level", "levels"),
        cli::counted(min_solves, "solve", "solves")
    );
    if shown.is_empty() {
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "{:>6} {:>6} {:>10} {:>7} {:>10} {:>7} {:>6} {:>6}",
        "level", "size", "difficulty", "solver", "median", "players", "solves", "shift"
    );
    for r in shown {
        println!(
            "{:>6} {:>6} {:>10} {:>7} {:>9.1}s {:>7} {:>6} {:>+6}",
            r.number,
            format!("{}x{}", r.width, r.height),
            r.difficulty,
            r.solver_rank,
            r.median_ms as f64 / 1000.0,
            r.player_rank,
            r.solves,
            r.shift()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads a level argument (text, file or `-`).
fn read_level(arg: &str) -> anyhow::Result<Level> {
    let input = cli::read_input(arg)?;
    input.trim().parse().context("bad level description")
}

fn solve_command(
    text: &str,
    limit: usize,
    search: &SearchArgs,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let level = read_level(text)?;
    let searched = level.clone();
    let budget = search.budget;
    let report = search
        .timeout
        .run(move || Ok(solve(&searched, limit, budget)?))?;
    let verdict = match report.uniqueness() {
        Uniqueness::AtLeastOne => "found one (use --limit 2 to prove uniqueness)",
        decided => decided.name(),
    };
    let grids: Vec<Vec<String>> = report
        .solutions
        .iter()
        .map(|s| level.solution_grid(s))
        .collect();
    if json {
        let value = serde_json::json!({
            "level": level.to_string(),
            "verdict": verdict,
            "nodes": report.stats.nodes,
            "solutions": grids,
        });
        println!("{value}");
    } else {
        for (i, grid) in grids.iter().enumerate() {
            if i > 0 {
                println!();
            }
            for row in grid {
                println!("{row}");
            }
        }
        println!("{verdict} ({} search nodes)", report.stats.nodes);
    }
    Ok(cli::verdict_code(report.uniqueness()))
}

fn hint_command(
    text: &str,
    placed: Option<&str>,
    search: &SearchArgs,
    json: bool,
) -> anyhow::Result<ExitCode> {
    let level = read_level(text)?;
    let placed = match placed {
        Some(arg) => placements_from_grid(&level, &cli::read_input(arg).context("--placed")?)?,
        None => Vec::new(),
    };
    let asked = level.clone();
    let budget = search.budget;
    let answer = search
        .timeout
        .run(move || Ok(triplex_hint(&asked, &placed, budget)?))?;
    let cells = |p: &Placement| -> Vec<[usize; 2]> {
        cells_of(p)
            .into_iter()
            .map(|(r, c)| [r + 1, c + 1])
            .collect()
    };
    if json {
        let next = answer.next.as_ref().map(|p| {
            serde_json::json!({
                "piece": p.piece,
                "letter": piece_letter(p.piece).to_string(),
                "shape": p.shape.to_string(),
                "cells": cells(p),
            })
        });
        println!(
            "{}",
            serde_json::json!({ "wrong": answer.wrong, "next": next })
        );
        return Ok(ExitCode::SUCCESS);
    }
    if !answer.wrong.is_empty() {
        let letters: Vec<String> = answer
            .wrong
            .iter()
            .map(|&k| piece_letter(k).to_string())
            .collect();
        println!("wrong: {}", letters.join(" "));
    }
    match &answer.next {
        None => println!("solved"),
        Some(p) => {
            let at: Vec<String> = cells(p).iter().map(|[r, c]| format!("({r},{c})")).collect();
            println!(
                "next: {} ({}) on {}",
                piece_letter(p.piece),
                p.shape,
                at.join(" ")
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn run_census(
    set: &PieceSet,
    rects: &[(usize, usize)],
    args: &RunArgs,
) -> anyhow::Result<Vec<RectangleCensus>> {
    set_threads(args)?;
    let bar = super::progress_bar(rects.len() as u64, "rectangles");
    let results = census_rectangles_with(set, rects, &census_options(args), |_| bar.inc(1))?;
    bar.finish_and_clear();
    Ok(results)
}

/// Sizes the thread pool the census's parallel loops run on (`--threads`).
fn set_threads(args: &RunArgs) -> anyhow::Result<()> {
    if let Some(n) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n as usize)
            .build_global()
            .context("cannot start the worker threads")?;
    }
    Ok(())
}

fn census_options(args: &RunArgs) -> CensusOptions {
    CensusOptions {
        seed: args.seed,
        node_budget: args.budget,
    }
}

/// The per-rectangle filter table on stderr.
fn print_report(results: &[RectangleCensus]) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "{:>6} {:>12} {:>10} {:>10} {:>8} {:>9} {:>8} {:>7} {:>9} {:>10}",
        "rect",
        "dp states",
        "peak",
        "multisets",
        "unique",
        "3+ pieces",
        "classes",
        "levels",
        "rotatable",
        "time"
    );
    let mut total = 0;
    for (_, r) in results {
        total += r.levels;
        let _ = writeln!(
            err,
            "{:>6} {:>12} {:>10} {:>10} {:>8} {:>9} {:>8} {:>7} {:>9} {:>8.1}ms",
            format!("{}x{}", r.width, r.height),
            r.states,
            r.peak_states,
            r.multisets,
            r.unique,
            r.three_pieces,
            r.classes,
            r.levels,
            r.rotatable,
            r.elapsed.as_secs_f64() * 1000.0
        );
    }
    let _ = writeln!(err, "{total} levels in {} rectangles", results.len());
}
