//! `gridforge packaging-files`: writes the man pages and the shell
//! completions, generated from the clap definitions, that the Debian package
//! installs. They are committed under `packaging/`; `tests/packaging.rs`
//! fails when they no longer match the CLI. The command is not part of the
//! CLI it describes (`main` hands it over before parsing), so neither the
//! pages nor the completions offer it.

use anyhow::Context;
use clap::Parser;
use clap_complete::Shell;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The command's name, the binary's first argument.
pub const COMMAND: &str = "packaging-files";

/// Write the man pages and shell completions that the Debian package installs.
#[derive(Parser, Debug)]
#[command(name = "gridforge packaging-files", no_binary_name = true)]
pub struct Args {
    /// Directory to write into: man pages go to `DIR/man`, completions to
    /// `DIR/completions`; stale `gridforge*.1` pages there are removed.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

/// The version the pages name: the package version and the commit.
pub const PAGE_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("GRIDFORGE_BUILD_COMMIT"),
    ")"
);

/// One generated file: its path under the output directory and its bytes.
pub struct GeneratedFile {
    /// Path relative to the output directory, e.g. `man/gridforge-serve.1`.
    pub path: PathBuf,
    /// The file's contents.
    pub contents: Vec<u8>,
}

/// The man pages (one per visible command, `gridforge-kakuro-generate.1`
/// for `gridforge kakuro generate`) and the bash, zsh and fish completions
/// of `cli`, the binary's whole command.
///
/// The pages carry the package version and the commit (in the footer and
/// the VERSION section) and no date; besides the commit they change only
/// when the CLI (or the version) does. Each has ENVIRONMENT, and the
/// operator's commands FILES and EXAMPLES ([`super::man_sections`]).
pub fn generated_files(cli: clap::Command) -> anyhow::Result<Vec<GeneratedFile>> {
    let mut cli = cli.version(PAGE_VERSION);
    let name = cli.get_name().to_string();
    let source = format!("{name} {PAGE_VERSION}");
    // No page for `help` (clap_mangen::generate_to leaves it out too); the
    // completions keep it.
    let mut documented = cli.clone().disable_help_subcommand(true);
    documented.build();
    let mut files = Vec::new();
    man_pages(&documented, &source, &mut files)?;
    cli.build();
    for (shell, file_name) in [
        (Shell::Bash, format!("{name}.bash")),
        (Shell::Zsh, format!("_{name}")),
        (Shell::Fish, format!("{name}.fish")),
    ] {
        let mut contents = Vec::new();
        clap_complete::generate(shell, &mut cli.clone(), &name, &mut contents);
        files.push(GeneratedFile {
            path: Path::new("completions").join(file_name),
            contents,
        });
    }
    Ok(files)
}

/// Appends the man page of `command` and of each visible subcommand, depth
/// first (as `clap_mangen::generate_to` walks them); `source` is the pages'
/// footer, the package and its version.
fn man_pages(
    command: &clap::Command,
    source: &str,
    files: &mut Vec<GeneratedFile>,
) -> anyhow::Result<()> {
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        man_pages(sub, source, files)?;
    }
    let page = clap_mangen::Man::new(command.clone())
        .source(source)
        .manual("gridforge manual");
    let mut rendered = Vec::new();
    page.render(&mut rendered)
        .with_context(|| format!("cannot render the man page of {}", command.get_name()))?;
    let filename = page.get_filename();
    let page_name = filename.strip_suffix(".1").unwrap_or(&filename);
    let rendered =
        String::from_utf8(rendered).context("clap_mangen wrote a page that is not UTF-8")?;
    let extra = super::man_sections::extra_sections(page_name, command);
    files.push(GeneratedFile {
        path: Path::new("man").join(&filename),
        contents: super::man_sections::insert_before_version(&rendered, &extra).into_bytes(),
    });
    Ok(())
}

/// Runs `gridforge packaging-files` on the binary's command `cli`, printing
/// a failure as one line as the other commands do.
pub fn main(cli: clap::Command) -> ExitCode {
    // The flags follow the binary and the command name.
    let args = match Args::try_parse_from(std::env::args_os().skip(2)) {
        Ok(args) => args,
        Err(err) => return super::report_usage_error(err),
    };
    run(args, cli).unwrap_or_else(|err| super::report_error(&err))
}

/// Writes [`generated_files`] of `cli` under `args.out`.
fn run(args: Args, cli: clap::Command) -> anyhow::Result<ExitCode> {
    let files = generated_files(cli)?;
    let man_dir = args.out.join("man");
    if man_dir.is_dir() {
        // A page whose command is gone must not stay behind.
        for entry in std::fs::read_dir(&man_dir)
            .with_context(|| format!("cannot list {}", man_dir.display()))?
        {
            let path = entry?.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let generated = files.iter().any(|f| args.out.join(&f.path) == path);
            if name.starts_with("gridforge") && name.ends_with(".1") && !generated {
                std::fs::remove_file(&path)
                    .with_context(|| format!("cannot remove {}", path.display()))?;
            }
        }
    }
    for file in &files {
        let path = args.out.join(&file.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        std::fs::write(&path, &file.contents)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    println!("wrote {} files under {}", files.len(), args.out.display());
    Ok(ExitCode::SUCCESS)
}
