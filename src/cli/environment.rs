//! Which environment variable a bad value came from. clap reports an invalid
//! value under the flag's name even when the operator never typed the flag
//! but set its variable (in `/etc/default/gridforge`, a container's
//! environment); the error should name what they edited.

use clap::error::{ContextKind, ContextValue, ErrorKind};
use std::ffi::OsString;

/// For an invalid-value error of `command`'s flag that was not on the
/// command line `argv` but set in the environment: the flag as clap names it
/// in the message (`--rate-limit <RATE_LIMIT>`) and the variable's name.
pub fn variable_of(
    err: &clap::Error,
    command: &clap::Command,
    argv: &[OsString],
) -> Option<(String, String)> {
    if !matches!(
        err.kind(),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation
    ) {
        return None;
    }
    let Some(ContextValue::String(shown)) = err.get(ContextKind::InvalidArg) else {
        return None;
    };
    let long = shown.strip_prefix("--")?.split([' ', '=']).next()?;
    let flag = format!("--{long}");
    let typed = argv
        .iter()
        .filter_map(|a| a.to_str())
        .any(|a| a == flag || a.starts_with(&format!("{flag}=")));
    if typed {
        return None;
    }
    let variable = env_of(command, long)?;
    std::env::var_os(&variable).map(|_| (shown.clone(), variable))
}

/// The environment variable of the flag `--long` of `command` or of any of
/// its subcommands.
fn env_of(command: &clap::Command, long: &str) -> Option<String> {
    command
        .get_arguments()
        .find(|a| a.get_long() == Some(long))
        .and_then(|a| a.get_env())
        .map(|v| v.to_string_lossy().into_owned())
        .or_else(|| command.get_subcommands().find_map(|sub| env_of(sub, long)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, Command};

    fn command() -> Command {
        Command::new("t").subcommand(
            Command::new("serve").arg(
                Arg::new("rate")
                    .long("rate-limit")
                    .env("GRIDFORGE_TEST_ENV_NAMING_RATE")
                    .value_parser(clap::value_parser!(f64)),
            ),
        )
    }

    fn error_of(argv: &[&str]) -> (clap::Error, Vec<OsString>) {
        let argv: Vec<OsString> = argv.iter().map(OsString::from).collect();
        let err = command()
            .try_get_matches_from(&argv)
            .expect_err("the value is invalid");
        (err, argv)
    }

    #[test]
    fn a_value_from_the_environment_names_its_variable_and_a_typed_one_does_not() {
        // The only test touching this variable, so setting it is race-free.
        std::env::set_var("GRIDFORGE_TEST_ENV_NAMING_RATE", "abc");
        let (err, argv) = error_of(&["t", "serve"]);
        assert_eq!(
            variable_of(&err, &command(), &argv),
            Some((
                "--rate-limit <rate>".to_string(),
                "GRIDFORGE_TEST_ENV_NAMING_RATE".to_string()
            ))
        );
        let (err, argv) = error_of(&["t", "serve", "--rate-limit", "xyz"]);
        assert_eq!(variable_of(&err, &command(), &argv), None);
        let (err, argv) = error_of(&["t", "serve", "--rate-limit=xyz"]);
        assert_eq!(variable_of(&err, &command(), &argv), None);
        std::env::remove_var("GRIDFORGE_TEST_ENV_NAMING_RATE");
    }
}
