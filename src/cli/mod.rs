//! Subcommands of the `gridforge` binary and the few helpers they share.

pub mod admin;
pub mod api_description;
pub mod backup;
pub mod book;
pub mod chess;
pub mod environment;
pub mod fair_use;
pub mod health;
pub mod kakuro;
pub mod man_sections;
pub mod packaging;
pub mod puzzles;
pub mod review;
pub mod serve;
pub mod triplex;

use anyhow::Context;
use std::io::Read;
use std::process::ExitCode;

/// Prints a clap error as the one line that says what is wrong (help and
/// version requests are printed in full, as asked for) and picks the exit code.
pub fn report_usage_error(err: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            ExitCode::SUCCESS
        }
        _ => {
            // clap's message is a paragraph (sometimes a heading and a list
            // of names) followed by usage; keep the paragraph, on one line.
            let rendered = err.render().to_string();
            let message: Vec<&str> = rendered
                .lines()
                .map(str::trim)
                .take_while(|l| !l.is_empty() && !l.starts_with("Usage:"))
                .collect();
            let mut message = message.join(" ");
            let argv: Vec<_> = std::env::args_os().collect();
            if let Some((flag, variable)) = environment::variable_of(
                &err,
                &<crate::Cli as clap::CommandFactory>::command(),
                &argv,
            ) {
                message = message.replace(
                    &format!("'{flag}'"),
                    &format!(
                        "{variable} (set in the environment, for {})",
                        flag.split(' ').next().unwrap_or(&flag)
                    ),
                );
            }
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            eprintln!("gridforge: {message} (see --help)");
            ExitCode::from(2)
        }
    }
}

/// Prints a command's failure as one line, whatever the causes' messages
/// hold, and gives the exit code the README's rule assigns it
/// ([`exit_code_of`]).
pub fn report_error(err: &anyhow::Error) -> ExitCode {
    let message = format!("{err:#}").replace(['\n', '\r'], " ");
    let code = exit_code_of(err);
    if code == EXIT_GAVE_UP {
        eprintln!("gridforge: {message} (raise --budget or --timeout)");
    } else {
        eprintln!("gridforge: {message}");
    }
    ExitCode::from(code)
}

/// Largest puzzle input a command reads: a 100×100 Kakuro is about 40 KB,
/// so a megabyte is far beyond any puzzle and still quick to refuse.
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// Reads a command's input: the text itself, a file path, or `-` for stdin.
///
/// Text that names an existing file is read from that file; an argument that
/// looks like a path ([`looks_like_path`]) but names nothing is "no such
/// file", not a puzzle; anything else is taken literally, so
/// `gridforge triplex solve 4x2:...` and `gridforge triplex solve level.txt`
/// both work. Directories, input over [`MAX_INPUT_BYTES`], text that is not
/// UTF-8, empty input and `-` on a terminal (which would wait for typing)
/// are refused with one line that says so, without quoting the input.
pub fn read_input(arg: &str) -> anyhow::Result<String> {
    let limit = MAX_INPUT_BYTES;
    let text = if arg == "-" {
        use std::io::IsTerminal;
        anyhow::ensure!(
            !std::io::stdin().is_terminal(),
            "- reads standard input, which is a terminal: pipe the input in or give a file"
        );
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .context("cannot read standard input")?;
        anyhow::ensure!(
            bytes.len() as u64 <= limit,
            "standard input holds more than {limit} bytes, more than any puzzle"
        );
        String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("standard input is not UTF-8 text"))?
    } else {
        let path = std::path::Path::new(arg);
        let shown = gridforge_game::excerpt(arg);
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => anyhow::bail!("{shown} is a directory, not a file"),
            Ok(meta) => {
                anyhow::ensure!(
                    meta.len() <= limit,
                    "{shown} holds {} bytes, more than any puzzle ({limit} at most)",
                    meta.len()
                );
                let mut bytes = Vec::new();
                std::fs::File::open(path)
                    .and_then(|file| file.take(limit + 1).read_to_end(&mut bytes))
                    .with_context(|| format!("cannot read {shown}"))?;
                String::from_utf8(bytes)
                    .map_err(|_| anyhow::anyhow!("{shown} is not UTF-8 text"))?
            }
            Err(_) if looks_like_path(arg) => anyhow::bail!("no such file: {shown}"),
            Err(_) => {
                anyhow::ensure!(
                    arg.len() as u64 <= limit,
                    "the argument holds {} bytes, more than any puzzle",
                    arg.len()
                );
                arg.to_string()
            }
        }
    };
    let what = if arg == "-" {
        "standard input"
    } else {
        "the input"
    };
    anyhow::ensure!(!text.trim().is_empty(), "{what} is empty");
    Ok(text)
}

/// `n` and the noun, singular for one ("1 solve", "2 solves").
pub fn counted(n: impl Into<i128>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Whether an argument that names no file was meant as one: a single line
/// that starts like a path (`/`, `./`, `../`, `~`), has a `/` outside a
/// Triplex piece picture (which always holds `(`) and outside a grid of
/// rows joined by `/` (rows of one length, as `triplex hint --placed`
/// takes), or ends in an extension such as `.txt`. No puzzle text of any
/// game looks like that.
pub fn looks_like_path(arg: &str) -> bool {
    if arg.contains('\n') {
        return false;
    }
    let rows: Vec<usize> = arg.split('/').map(|row| row.chars().count()).collect();
    let grid = rows.len() > 1 && rows[0] > 0 && rows.iter().all(|&n| n == rows[0]);
    let extension = arg.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=5).contains(&ext.len())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
            && !arg.contains(char::is_whitespace)
    });
    arg.starts_with('/')
        || arg.starts_with("./")
        || arg.starts_with("../")
        || arg.starts_with('~')
        || (arg.contains('/') && !arg.contains('(') && !grid)
        || extension
}

/// The exit codes of every command, one rule for all games (README,
/// "Command line"): 0 answered as asked, [`EXIT_NOT_ONE`] the puzzle has no
/// solution or more than one (or the setup is invalid), [`EXIT_BAD_INPUT`]
/// bad input, usage or another failure, [`EXIT_GAVE_UP`] a search spent its
/// node budget or its time.
pub const EXIT_NOT_ONE: u8 = 1;
/// Exit code of bad input, bad usage or another failure (see [`EXIT_NOT_ONE`]).
pub const EXIT_BAD_INPUT: u8 = 2;
/// Exit code of a search that gave up (see [`EXIT_NOT_ONE`]).
pub const EXIT_GAVE_UP: u8 = 3;

/// The exit code of a verdict on a puzzle's solutions: 0 when it has one
/// (or one was found and uniqueness was not asked), [`EXIT_NOT_ONE`] for
/// none or several.
pub fn verdict_code(uniqueness: gridforge_game::Uniqueness) -> ExitCode {
    use gridforge_game::Uniqueness;
    match uniqueness {
        Uniqueness::Unique | Uniqueness::AtLeastOne => ExitCode::SUCCESS,
        Uniqueness::None | Uniqueness::Several => ExitCode::from(EXIT_NOT_ONE),
    }
}

/// A command's failure that is an answer about the puzzle: it has no
/// solution or more than one, so the command cannot do what was asked
/// (a hint). Exits with [`EXIT_NOT_ONE`].
#[derive(Debug)]
pub struct NotOneSolution(pub String);

impl std::fmt::Display for NotOneSolution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotOneSolution {}

/// A search stopped by its time bound (`--timeout`). Exits with
/// [`EXIT_GAVE_UP`], like the libraries' budget errors.
#[derive(Debug)]
pub struct TimedOut {
    /// The bound, in seconds.
    pub seconds: u64,
}

impl std::fmt::Display for TimedOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "gave up after {} s (--timeout)", self.seconds)
    }
}

impl std::error::Error for TimedOut {}

/// The exit code of a failed command, from what its error chain holds: the
/// one place that maps errors to [`EXIT_NOT_ONE`], [`EXIT_GAVE_UP`] and
/// [`EXIT_BAD_INPUT`].
pub fn exit_code_of(err: &anyhow::Error) -> u8 {
    use gridforge_kakuro::HintError;
    for cause in err.chain() {
        let gave_up = cause.is::<TimedOut>()
            || cause.is::<gridforge_kakuro::SolveError>()
            || cause.is::<gridforge_kakuro::LogicGaveUp>()
            || cause.is::<gridforge_chessmemory::SolveError>()
            || cause.is::<gridforge_triplex::SolveError>()
            || matches!(
                cause.downcast_ref::<gridforge_triplex::HintError>(),
                Some(gridforge_triplex::HintError::Search(_))
            )
            || matches!(
                cause.downcast_ref::<HintError>(),
                Some(HintError::Undecided(_) | HintError::GaveUp(_))
            );
        if gave_up {
            return EXIT_GAVE_UP;
        }
        let not_one = cause.is::<NotOneSolution>()
            || matches!(
                cause.downcast_ref::<gridforge_triplex::HintError>(),
                Some(
                    gridforge_triplex::HintError::NoSolution
                        | gridforge_triplex::HintError::SeveralSolutions
                )
            )
            || matches!(
                cause.downcast_ref::<HintError>(),
                Some(HintError::NoSolution | HintError::SeveralSolutions)
            );
        if not_one {
            return EXIT_NOT_ONE;
        }
    }
    EXIT_BAD_INPUT
}

/// Time bound of a search command, shared by every command that searches.
#[derive(clap::Args, Clone, Copy)]
pub struct Timeout {
    /// Give up (exit 3) after this many seconds, whatever the node budget.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub timeout: u64,
}

impl Timeout {
    /// Runs `work` on its own thread and waits at most the timeout for it:
    /// past it the command fails with [`TimedOut`] (the process exits with
    /// the thread still running, which ends it).
    pub fn run<T: Send + 'static>(
        self,
        work: impl FnOnce() -> anyhow::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let _ = send.send(work());
            })
            .context("cannot start the search thread")?;
        let bound = std::time::Duration::from_secs(self.timeout);
        match receive.recv_timeout(bound) {
            Ok(result) => result,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(TimedOut {
                seconds: self.timeout,
            }
            .into()),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                anyhow::bail!("the search stopped without an answer")
            }
        }
    }
}

/// A progress bar on stderr that only draws when stderr is a terminal.
pub fn progress_bar(len: u64, what: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} {elapsed}")
            .expect("static template is valid")
            .progress_chars("=> "),
    );
    bar.set_message(what.to_string());
    bar
}

/// Makes `count` things from consecutive seeds starting at `seed`, `batch` at
/// a time (`make(first_seed, n)` makes a batch, in parallel if it likes), and
/// hands each to `emit(index, seed, thing)` in seed order. A progress bar
/// (`what`) runs when more than one is asked for; the first failure stops
/// everything and names its seed.
pub fn generate_seeded<T, E>(
    count: u64,
    seed: u64,
    batch: u64,
    what: &str,
    make: impl Fn(u64, usize) -> Vec<Result<T, E>>,
    mut emit: impl FnMut(u64, u64, T) -> anyhow::Result<()>,
) -> anyhow::Result<()>
where
    E: std::error::Error + Send + Sync + 'static,
{
    let bar = if count > 1 {
        progress_bar(count, what)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut done = 0;
    while done < count {
        let n = batch.max(1).min(count - done);
        let first_seed = seed.wrapping_add(done);
        for (offset, result) in make(first_seed, n as usize).into_iter().enumerate() {
            let this_seed = first_seed.wrapping_add(offset as u64);
            let thing = result.with_context(|| format!("seed {this_seed}"))?;
            emit(done + offset as u64, this_seed, thing)?;
        }
        done += n;
        bar.inc(n);
    }
    bar.finish_and_clear();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_past_its_time_gives_up_with_exit_3() {
        let bound = Timeout { timeout: 1 };
        let started = std::time::Instant::now();
        let err = bound
            .run(|| {
                std::thread::sleep(std::time::Duration::from_secs(30));
                Ok(())
            })
            .unwrap_err();
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert_eq!(err.to_string(), "gave up after 1 s (--timeout)");
        assert_eq!(exit_code_of(&err), EXIT_GAVE_UP);
        assert_eq!(bound.run(|| Ok(7)).unwrap(), 7);
        let bad = bound.run(|| -> anyhow::Result<()> { anyhow::bail!("bad input") });
        assert_eq!(exit_code_of(&bad.unwrap_err()), EXIT_BAD_INPUT);
    }

    #[test]
    fn paths_are_told_from_puzzle_texts() {
        for path in [
            "/nonexistent",
            "./level",
            "../x",
            "~/p",
            "dir/puzzle",
            "level.txt",
        ] {
            assert!(looks_like_path(path), "{path}");
        }
        for text in [
            "4x3:2h,v,Lnw,Lse@",
            "4x3:(##/#.),h",
            "aab/abb",
            ".b./bb.",
            "3 3\n- 4, 6,\n,3 0 0\n,7 0 0",
            "QQQQ",
        ] {
            assert!(!looks_like_path(text), "{text}");
        }
    }
}
