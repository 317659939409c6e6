//! Secret-bearing settings read from a file instead of the environment, so
//! that a password need not sit in `/etc/default/gridforge` or a container's
//! environment: `NAME_FILE` (the container convention: the file's path), or
//! the systemd credential of that name (`LoadCredential=` puts it in
//! `$CREDENTIALS_DIRECTORY`). The value is never logged; errors name the
//! variable and the path, not the contents.

use std::path::{Path, PathBuf};
use thiserror::Error;

/// A secret that was asked for in a file and could not be read.
#[derive(Debug, Error)]
pub enum SecretError {
    /// The file named by the variable (or the credential) cannot be read.
    #[error("cannot read {source_name} ({path}): {cause}")]
    Unreadable {
        /// `NAME_FILE`, or `the systemd credential NAME`.
        source_name: String,
        /// The file.
        path: String,
        /// Why.
        cause: std::io::Error,
    },
    /// The file is empty (or only a newline).
    #[error("{source_name} ({path}) is empty")]
    Empty {
        /// `NAME_FILE`, or `the systemd credential NAME`.
        source_name: String,
        /// The file.
        path: String,
    },
}

/// Where a secret comes from when it is not given directly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SecretSource {
    /// The file `NAME_FILE` names.
    File(PathBuf),
    /// A systemd credential: `$CREDENTIALS_DIRECTORY/<credential>`.
    Credential(PathBuf),
}

/// Where the secret `variable` (e.g. `GRIDFORGE_DATABASE_URL`), known to
/// systemd as `credential` (e.g. `database-url`), is to be read from, given
/// the environment `env`: `variable_FILE` first, then the credential if
/// systemd passed one; `None` when neither.
pub fn source_of(
    variable: &str,
    credential: &str,
    env: impl Fn(&str) -> Option<String>,
) -> Option<SecretSource> {
    if let Some(path) = env(&format!("{variable}_FILE")).filter(|p| !p.is_empty()) {
        return Some(SecretSource::File(PathBuf::from(path)));
    }
    let dir = env("CREDENTIALS_DIRECTORY").filter(|d| !d.is_empty())?;
    let path = Path::new(&dir).join(credential);
    path.exists().then_some(SecretSource::Credential(path))
}

/// Reads the secret at `source` for `variable`: the file's contents
/// without a trailing newline (`echo` and editors add one).
pub fn read(variable: &str, source: &SecretSource) -> Result<String, SecretError> {
    let (source_name, path) = match source {
        SecretSource::File(path) => (format!("{variable}_FILE"), path),
        SecretSource::Credential(path) => (
            format!(
                "the systemd credential {}",
                path.file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            ),
            path,
        ),
    };
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|cause| SecretError::Unreadable {
        source_name: source_name.clone(),
        path: shown.clone(),
        cause,
    })?;
    let value = text.strip_suffix('\n').unwrap_or(&text);
    let value = value.strip_suffix('\r').unwrap_or(value);
    if value.trim().is_empty() {
        return Err(SecretError::Empty {
            source_name,
            path: shown,
        });
    }
    Ok(value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn the_file_variable_wins_over_the_credential_and_a_newline_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("url");
        std::fs::write(&file, "postgres://u:pw@h/db\n").unwrap();
        let creds = dir.path().join("creds");
        std::fs::create_dir(&creds).unwrap();
        std::fs::write(creds.join("database-url"), "postgres://u:other@h/db").unwrap();
        let both = env(&[
            ("GRIDFORGE_DATABASE_URL_FILE", file.to_str().unwrap()),
            ("CREDENTIALS_DIRECTORY", creds.to_str().unwrap()),
        ]);
        let source = source_of("GRIDFORGE_DATABASE_URL", "database-url", &both).unwrap();
        assert_eq!(source, SecretSource::File(file.clone()));
        assert_eq!(
            read("GRIDFORGE_DATABASE_URL", &source).unwrap(),
            "postgres://u:pw@h/db"
        );

        let systemd = env(&[("CREDENTIALS_DIRECTORY", creds.to_str().unwrap())]);
        let source = source_of("GRIDFORGE_DATABASE_URL", "database-url", &systemd).unwrap();
        assert_eq!(
            read("GRIDFORGE_DATABASE_URL", &source).unwrap(),
            "postgres://u:other@h/db"
        );
        // A credentials directory without this credential: nothing.
        assert_eq!(source_of("GRIDFORGE_DATABASE_URL", "other", &systemd), None);
        assert_eq!(
            source_of("GRIDFORGE_DATABASE_URL", "database-url", env(&[])),
            None
        );
    }

    #[test]
    fn a_missing_or_empty_file_is_an_error_naming_the_variable_not_the_contents() {
        let dir = tempfile::tempdir().unwrap();
        let missing = SecretSource::File(dir.path().join("nope"));
        let err = read("GRIDFORGE_DATABASE_URL", &missing)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("cannot read GRIDFORGE_DATABASE_URL_FILE ("),
            "{err}"
        );
        let empty = dir.path().join("empty");
        std::fs::write(&empty, "\n").unwrap();
        let err = read("GRIDFORGE_DATABASE_URL", &SecretSource::File(empty))
            .unwrap_err()
            .to_string();
        assert!(err.ends_with("is empty"), "{err}");
    }
}
