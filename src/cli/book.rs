//! `gridforge kakuro|triplex|chess book`: PDF puzzle books, and single
//! puzzles as SVG. The puzzles are made (or read and solved) here;
//! `gridforge_book` lays them out and draws them. `--out` is checked before
//! any work and written through a temporary file beside it, renamed into
//! place at the end, so a failure leaves nothing behind.

use crate::cli;
use crate::cli::puzzles::{partner_pairs, CHESS_BATCH, KAKURO_BATCH};
use anyhow::Context;
use clap::{Args, ValueEnum};
use gridforge_book::{
    chess::ChessSetup, kakuro::KakuroPuzzle, triplex::TriplexLevel, Book, BookError, FrontMatter,
    Page, Paper, Sheet,
};
use gridforge_chessmemory::{ChessMemory, GenerateParams, Setup};
use gridforge_kakuro::{Board, Difficulty, Game, Kakuro, RectParams, Uniqueness};
use gridforge_triplex::{Family, Level};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What a `book` command writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The book, as PDF.
    Pdf,
    /// One puzzle (exactly one) as SVG, and its solution beside it as
    /// NAME-solution.svg, drawn as in the book.
    Svg,
    /// The same as PNG at 300 dpi (greyscale), the solution as
    /// NAME-solution.png.
    Png,
}

/// Resolution of `--format png`.
const PNG_DPI: f32 = 300.0;

/// What every `book` command takes: where to write, the sheet, the title.
#[derive(Args)]
pub struct BookArgs {
    /// The file to write: the PDF, or with --format svg/png the puzzle's picture.
    #[arg(long)]
    out: PathBuf,
    /// Replace --out (and its -solution picture) if it exists; without it an
    /// existing file is refused before any work.
    #[arg(long)]
    force: bool,
    /// pdf (the book), or svg or png (one puzzle and its solution).
    #[arg(long, value_enum, default_value_t = Format::Pdf)]
    format: Format,
    /// Trim size: a4, letter (the same as 8.5x11), a5 or 6x9.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    paper: Paper,
    /// Extend every page 1/8 in (9 pt) beyond the trim on each side (BleedBox).
    #[arg(long)]
    bleed: bool,
    /// Draw crop marks at the trim's corners, outside the bleed.
    #[arg(long)]
    crop_marks: bool,
    /// Puzzles a page, 1 to 6 (default: as many as fit with clues of 6 pt
    /// or more).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=6))]
    per_page: Option<u64>,
    /// The title on the first page (a default names the game); wrapped to
    /// three lines at most, and refused if longer or if it holds characters
    /// the book's font lacks.
    #[arg(long)]
    title: Option<String>,
    /// A line under the title.
    #[arg(long)]
    subtitle: Option<String>,
    /// Print one JSON object saying what was written: out, pages, puzzles, paper.
    #[arg(long)]
    json: bool,
}

fn parse_paper(text: &str) -> Result<Paper, String> {
    text.parse().map_err(|err: BookError| err.to_string())
}

impl BookArgs {
    fn sheet(&self) -> Sheet {
        Sheet {
            paper: self.paper,
            bleed: self.bleed,
            crop_marks: self.crop_marks,
        }
    }

    fn per_page(&self) -> Option<usize> {
        self.per_page.map(|n| n as usize)
    }
}

/// The files a command will write, checked before any work: each is
/// refused if it is a directory or exists without `--force`, and a
/// temporary file is made beside it now (which proves the folder
/// writable); [`Outputs::commit`] fills and renames them.
struct Outputs {
    files: Vec<(PathBuf, tempfile::NamedTempFile)>,
    force: bool,
}

impl Outputs {
    fn prepare(args: &BookArgs) -> anyhow::Result<Outputs> {
        let mut paths = vec![args.out.clone()];
        if args.format != Format::Pdf {
            paths.push(solution_path(&args.out, args.format));
        }
        let mut files = Vec::new();
        for path in paths {
            let shown = path.display();
            if path.is_dir() {
                anyhow::bail!("cannot write {shown}: it is a directory");
            }
            if path.exists() && !args.force {
                anyhow::bail!("{shown} exists (give --force to replace it)");
            }
            let dir = match path.parent() {
                Some(dir) if !dir.as_os_str().is_empty() => dir,
                _ => Path::new("."),
            };
            let temp = tempfile::Builder::new()
                .prefix(".gridforge-book-")
                .tempfile_in(dir)
                .with_context(|| format!("cannot write {shown}"))?;
            files.push((path, temp));
        }
        Ok(Outputs {
            files,
            force: args.force,
        })
    }

    /// Writes `contents[i]` to file i's temporary file, syncs it and renames
    /// it to its path (refusing, without `--force`, a file made meanwhile).
    fn commit(self, contents: &[&[u8]]) -> anyhow::Result<()> {
        for ((path, mut temp), bytes) in self.files.into_iter().zip(contents) {
            let shown = path.display().to_string();
            temp.write_all(bytes)
                .and_then(|()| match permissions_for(&path) {
                    Some(permissions) => temp.as_file().set_permissions(permissions),
                    None => Ok(()),
                })
                .and_then(|()| temp.as_file().sync_all())
                .with_context(|| format!("cannot write {shown}"))?;
            let kept = if self.force {
                temp.persist(&path).map(|_| ())
            } else {
                temp.persist_noclobber(&path).map(|_| ())
            };
            kept.map_err(|err| err.error)
                .with_context(|| format!("cannot write {shown}"))?;
        }
        Ok(())
    }
}

/// The permissions the written file gets: those of the file it replaces,
/// or what a plain create would give (0666 less the umask), not the
/// temporary file's private 0600.
fn permissions_for(path: &Path) -> Option<std::fs::Permissions> {
    if let Ok(meta) = std::fs::metadata(path) {
        return Some(meta.permissions());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // SAFETY: umask only swaps the process's file mode mask; it is read
        // and put back at once, before any other file is made.
        let mask = unsafe {
            let mask = libc::umask(0o022);
            libc::umask(mask);
            mask
        };
        Some(std::fs::Permissions::from_mode(0o666 & !mask))
    }
    #[cfg(not(unix))]
    None
}

/// Where `--format svg` (or png) puts the solution: `NAME-solution.svg`
/// beside NAME.svg.
fn solution_path(out: &Path, format: Format) -> PathBuf {
    let stem = out
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let ext = if format == Format::Png { "png" } else { "svg" };
    out.with_file_name(format!("{stem}-solution.{ext}"))
}

/// The command line that makes this book again: the arguments as given,
/// without where it was written (`--out`, `--force`) or `--json`, quoted
/// for a POSIX shell where needed.
fn rebuild_command() -> String {
    let mut words = vec!["gridforge".to_string()];
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => {
                args.next();
            }
            "--force" | "--json" => {}
            _ if arg.starts_with("--out=") => {}
            _ => words.push(shell_quoted(&arg)),
        }
    }
    words.join(" ")
}

fn shell_quoted(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.,:=/+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The front matter of a book: the title (or `default_title`), subtitle,
/// what the book holds and how to play on the title page; how it was made
/// (`made`: the seed, or that the puzzles were read) and the command that
/// makes it again on the colophon.
fn front_matter(
    args: &BookArgs,
    default_title: &str,
    lines: Vec<String>,
    made: &str,
) -> FrontMatter {
    FrontMatter {
        title: args
            .title
            .clone()
            .unwrap_or_else(|| default_title.to_string()),
        subtitle: args.subtitle.clone(),
        lines,
        colophon: vec![
            format!("Made with gridforge {}. {made}", env!("CARGO_PKG_VERSION")),
            format!(
                "The same command makes the same book: {}",
                rebuild_command()
            ),
        ],
    }
}

/// Checks what can be checked before any puzzle is made: the title fits
/// and the font has its characters, `--format svg` asks for one puzzle,
/// and the output files can be written.
fn before_work(
    args: &BookArgs,
    default_title: &str,
    count: Option<u64>,
) -> anyhow::Result<Outputs> {
    front_matter(args, default_title, Vec::new(), "").check(args.sheet())?;
    if let Some(count) = count {
        anyhow::ensure!(
            args.format == Format::Pdf || count == 1,
            "--format svg and png write one puzzle and its solution: ask for one, not {count}"
        );
    }
    Outputs::prepare(args)
}

/// Lays out and writes what was asked: the book as PDF, or (for one
/// puzzle) its two SVG pictures; then says what was written.
fn finish(
    outputs: Outputs,
    args: &BookArgs,
    puzzles: usize,
    book: impl FnOnce() -> Result<Book, BookError>,
    single: impl FnOnce() -> Result<[(Page, f32, f32); 2], BookError>,
) -> anyhow::Result<ExitCode> {
    let shown = args.out.display();
    match args.format {
        Format::Pdf => {
            let book = book()?;
            let bytes = gridforge_book::write_pdf(&book)?;
            outputs.commit(&[&bytes])?;
            if args.json {
                let line = serde_json::json!({
                    "out": args.out.display().to_string(),
                    "pages": book.pages.len(),
                    "puzzles": puzzles,
                    "paper": book.sheet.paper.name(),
                    "solutions_from": book.outline.get(1).map(|s| s.page + 1),
                });
                println!("{line}");
            } else {
                println!(
                    "wrote {shown}: {} pages, {}, {}",
                    book.pages.len(),
                    cli::counted(puzzles as u64, "puzzle", "puzzles"),
                    book.sheet.paper.name()
                );
            }
        }
        Format::Svg | Format::Png => {
            anyhow::ensure!(
                puzzles == 1,
                "--format svg and png write one puzzle and its solution: the input holds {puzzles}"
            );
            let pictures = single()?.map(|(page, w, h)| {
                if args.format == Format::Png {
                    gridforge_book::write_png(&page, w, h, PNG_DPI)
                } else {
                    gridforge_book::write_svg(&page, w, h).into_bytes()
                }
            });
            outputs.commit(&[&pictures[0], &pictures[1]])?;
            let solution_out = solution_path(&args.out, args.format);
            if args.json {
                let line = serde_json::json!({
                    "out": args.out.display().to_string(),
                    "solution": solution_out.display().to_string(),
                    "puzzles": 1,
                });
                println!("{line}");
            } else {
                println!("wrote {shown} and {}", solution_out.display());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The side of the book's puzzles, as its title page names it.
fn size_text(rows: usize, cols: usize) -> String {
    format!("{cols}×{rows}")
}

/// A book's mix of difficulties: how many puzzles of each, easiest first.
#[derive(Clone, Debug)]
pub struct Mix(pub Vec<(Difficulty, u64)>);

/// Parses `--mix`: `easy:10,medium:10,hard:10`, each difficulty once, counts
/// 1 or more; returned easiest first.
pub fn parse_mix(text: &str) -> Result<Mix, String> {
    let mut mix: Vec<(Difficulty, u64)> = Vec::new();
    for part in text.split(',') {
        let (name, count) = part.split_once(':').ok_or_else(|| {
            format!(
                "{:?} is not difficulty:count",
                gridforge_game::excerpt(part)
            )
        })?;
        let difficulty: Difficulty = name
            .trim()
            .parse()
            .map_err(|_| format!("no difficulty {:?}", gridforge_game::excerpt(name)))?;
        let count: u64 = count
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=10_000).contains(n))
            .ok_or_else(|| {
                format!(
                    "{:?} is not a count from 1 to 10000",
                    gridforge_game::excerpt(count)
                )
            })?;
        if mix.iter().any(|(d, _)| *d == difficulty) {
            return Err(format!("{difficulty} is given twice"));
        }
        mix.push((difficulty, count));
    }
    if mix.iter().map(|(_, n)| n).sum::<u64>() > 10_000 {
        return Err("a mix holds 10000 puzzles at most".into());
    }
    mix.sort_by_key(|(d, _)| *d);
    Ok(Mix(mix))
}

/// A Kakuro book: puzzles generated from `seed` on (puzzle i uses seed +
/// i), `count` of one difficulty or the groups of a mix easiest first, or
/// the puzzles of `input` (each solved to prove it unique and rated).
pub fn kakuro(
    shape: Option<(usize, usize)>,
    difficulty: Option<Difficulty>,
    mix: Option<Mix>,
    seed: u64,
    count: u64,
    input: Option<&str>,
    args: &BookArgs,
) -> anyhow::Result<ExitCode> {
    let groups = match (input, shape, difficulty, mix) {
        (Some(_), ..) => None,
        (None, Some(shape), Some(difficulty), None) => Some((shape, vec![(difficulty, count)])),
        (None, Some(shape), None, Some(Mix(mix))) => Some((shape, mix)),
        _ => anyhow::bail!(
            "give --size (or --width and --height) and --difficulty or --mix, or --input"
        ),
    };
    let total = groups
        .as_ref()
        .map(|(_, groups)| groups.iter().map(|(_, n)| n).sum());
    let outputs = before_work(args, "Kakuro", total)?;
    let (puzzles, what, made) = match (input, groups) {
        (Some(input), _) => (
            read_kakuro(input)?,
            String::new(),
            "The puzzles were read from the input, each solved again to prove it unique."
                .to_string(),
        ),
        (None, Some(((rows, cols), groups))) => {
            let mut puzzles = Vec::new();
            for &(difficulty, count) in &groups {
                let params = RectParams::new(rows, cols, difficulty)?;
                let first = seed.wrapping_add(puzzles.len() as u64);
                cli::generate_seeded(
                    count,
                    first,
                    KAKURO_BATCH,
                    "generating puzzles",
                    |first, n| Kakuro::generate_batch(&params, first, n),
                    |_, _, made| {
                        puzzles.push(KakuroPuzzle {
                            number: puzzles.len() + 1,
                            difficulty: made.difficulty.to_string(),
                            puzzle: made.puzzle,
                            solution: made.solution,
                        });
                        Ok(())
                    },
                )?;
            }
            let grades: Vec<String> = groups.iter().map(|(d, n)| format!("{n} {d}")).collect();
            let what = if groups.len() == 1 {
                format!("{} · {}", groups[0].0, size_text(rows, cols))
            } else {
                format!("{} · {}", grades.join(", "), size_text(rows, cols))
            };
            (
                puzzles,
                what,
                format!("Seed {seed}: puzzle i was made from seed {seed} + i."),
            )
        }
        (None, None) => unreachable!("checked above"),
    };
    let count_line = count_line(puzzles.len(), "puzzle", "puzzles", &what);
    let front = front_matter(
        args,
        "Kakuro",
        vec![
            count_line,
            "Write a digit 1 to 9 in every white cell: each run adds up to its clue (down sums below a clue cell's diagonal, across sums above it), no digit twice in a run.".to_string(),
        ],
        &made,
    );
    let sheet = args.sheet();
    finish(
        outputs,
        args,
        puzzles.len(),
        || gridforge_book::kakuro::book(sheet, &front, &puzzles, args.per_page()),
        || gridforge_book::kakuro::single(&puzzles[0]),
    )
}

/// The title page's first line: how many, and what (empty for puzzles
/// read from the input).
fn count_line(count: usize, one: &str, many: &str, what: &str) -> String {
    let counted = cli::counted(count as u64, one, many);
    if what.is_empty() {
        counted
    } else {
        format!("{counted} · {what}")
    }
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
    let name = match family {
        Family::Triplex => "Triplex",
        Family::BlockPuzzle => "BlockPuzzle",
    };
    let count = range.map(|(first, last)| (last - first + 1) as u64);
    let outputs = before_work(args, name, count)?;
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
    let made = if what.is_empty() {
        "The levels were read from the input, each solved again to prove it unique."
    } else {
        "The levels are the game's own, with their numbers."
    };
    let lines = vec![count_line(levels.len(), "level", "levels", &what)];
    let front = front_matter(args, name, lines, made);
    let sheet = args.sheet();
    finish(
        outputs,
        args,
        levels.len(),
        || gridforge_book::triplex::book(sheet, &front, &levels, args.per_page()),
        || gridforge_book::triplex::single(&levels[0]),
    )
}

/// A ChessMemory book: `count` setups generated from `seed` on, or the
/// setups of `input`, one a line; each with its pairing key.
pub fn chess(
    seed: u64,
    count: u64,
    input: Option<&str>,
    args: &BookArgs,
) -> anyhow::Result<ExitCode> {
    let outputs = before_work(args, "ChessMemory", input.is_none().then_some(count))?;
    let (setups, made): (Vec<Setup>, String) = match input {
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
            (setups, "The setups were read from the input.".to_string())
        }
        None => {
            let params = GenerateParams::default();
            let mut setups = Vec::new();
            cli::generate_seeded(
                count,
                seed,
                CHESS_BATCH,
                "generating setups",
                |first, n| ChessMemory::generate_batch(&params, first, n),
                |_, _, made| {
                    setups.push(made.setup);
                    Ok(())
                },
            )?;
            (
                setups,
                format!("Seed {seed}: setup i was made from seed {seed} + i."),
            )
        }
    };
    anyhow::ensure!(!setups.is_empty(), "the input holds no setup");
    let setups = setups
        .into_iter()
        .enumerate()
        .map(|(i, setup)| -> anyhow::Result<ChessSetup> {
            let pairs = partner_pairs(&setup).with_context(|| format!("setup {}", i + 1))?;
            Ok(ChessSetup {
                number: i + 1,
                setup,
                pairs,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let lines = vec![count_line(setups.len(), "setup", "setups", "")];
    let front = front_matter(args, "ChessMemory", lines, &made);
    let sheet = args.sheet();
    finish(
        outputs,
        args,
        setups.len(),
        || gridforge_book::chess::book(sheet, &front, &setups, args.per_page()),
        || gridforge_book::chess::single(&setups[0]),
    )
}
