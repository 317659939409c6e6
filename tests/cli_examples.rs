//! Every command-line example the manual and the README show with its
//! output runs here, with trycmd (as clap and ripgrep test theirs): each
//! `console` block's `$ gridforge …` lines run against this build of the
//! binary and their output must be the one shown (`...` for lines left out,
//! `[..]` for the rest of a line; `? failed` under a command for a non-zero
//! exit). Blocks marked `sh` are recipes and are not run. The API chapter's
//! `curl` examples run against a server in `api_examples.rs` instead.

#[test]
fn the_books_and_the_readmes_command_line_examples() {
    trycmd::TestCases::new()
        .register_bin("gridforge", trycmd::cargo::cargo_bin!("gridforge"))
        .case("README.md")
        .case("docs/src/**/*.md")
        .skip("docs/src/api/index.md");
}
