//! Subcommands of the `gridforge` binary and the few helpers they share.

pub mod admin;
pub mod backup;
pub mod chess;
pub mod kakuro;
pub mod packaging;
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
            let message = message.join(" ");
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            eprintln!("gridforge: {message} (see --help)");
            ExitCode::from(2)
        }
    }
}

/// Prints a command's failure as one line, whatever the causes' messages
/// hold, and gives the exit code for it.
pub fn report_error(err: &anyhow::Error) -> ExitCode {
    let message = format!("{err:#}").replace(['\n', '\r'], " ");
    eprintln!("gridforge: {message}");
    ExitCode::from(2)
}

/// Reads a command's input: the text itself, a file path, or `-` for stdin.
///
/// Text that names an existing file is read from that file; anything else is
/// taken literally, so `gridforge triplex solve 4x2:...` and
/// `gridforge triplex solve level.txt` both work.
pub fn read_input(arg: &str) -> anyhow::Result<String> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input")?;
        return Ok(text);
    }
    let path = std::path::Path::new(arg);
    if path.is_file() {
        return std::fs::read_to_string(path).with_context(|| format!("cannot read {arg}"));
    }
    Ok(arg.to_string())
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
