//! The man page sections clap does not write: ENVIRONMENT (every variable
//! a command reads, from its flags' `env`), FILES and EXAMPLES (for the
//! commands an operator runs), as roff, put before the VERSION section.

/// The files the Debian package installs and the server uses, for the
/// pages of `gridforge` and `gridforge serve`.
const FILES: &[(&str, &str)] = &[
    (
        "/etc/default/gridforge",
        "The service's settings, one GRIDFORGE_* variable per flag (mode 0640, group gridforge: it may hold a database password).",
    ),
    (
        "/var/lib/gridforge/gridforge.db",
        "The SQLite database of the service, made on its first start.",
    ),
    (
        "/lib/systemd/system/gridforge.service",
        "The systemd unit that runs gridforge serve as the user gridforge.",
    ),
];

/// Examples by page name (the page's command path joined with `-`).
const EXAMPLES: &[(&str, &[(&str, &str)])] = &[
    (
        "gridforge",
        &[
            ("gridforge serve", "Serve the games on http://127.0.0.1:8080 with an SQLite file in the working directory."),
            ("gridforge kakuro generate --size 9 --difficulty easy --seed 7", "Print a unique 9x9 Kakuro; the same seed gives the same puzzle."),
        ],
    ),
    (
        "gridforge-serve",
        &[
            ("gridforge serve --addr 0.0.0.0:8080 --database sqlite:///var/lib/gridforge/gridforge.db", "Serve on every interface with the packaged database."),
            ("GRIDFORGE_DATABASE_URL=postgres://gridforge@db/gridforge gridforge serve", "Serve from PostgreSQL, the URL taken from the environment."),
            ("gridforge serve --metrics-addr 127.0.0.1:9100 --log-format json", "Metrics on a listener of their own, logs as JSON lines."),
            ("gridforge serve --addr 0.0.0.0:8443 --tls-cert /etc/gridforge/fullchain.pem --tls-key /etc/gridforge/privkey.pem", "Serve HTTPS itself; after renewing the files, systemctl reload gridforge (SIGHUP) swaps the certificate without dropping connections."),
            ("gridforge serve --addr unix:/run/gridforge/gridforge.sock --socket-mode 0660", "Listen on a Unix socket for a proxy on the same host (its X-Forwarded-For names the client)."),
            ("systemctl edit gridforge", "Change the packaged service's settings beyond /etc/default/gridforge."),
        ],
    ),
    (
        "gridforge-backup",
        &[(
            "gridforge backup --database sqlite:///var/lib/gridforge/gridforge.db --out backup.db",
            "Copy the running server's database consistently.",
        )],
    ),
    (
        "gridforge-health",
        &[(
            "gridforge health --addr 127.0.0.1:8080",
            "Exit 0 when the server on that address answers /healthz with 200 (the container image's HEALTHCHECK).",
        )],
    ),
    (
        "gridforge-kakuro-generate",
        &[(
            "gridforge kakuro generate --size 12 --difficulty hard --seed 1 --json",
            "A hard 12x12 puzzle and its solution as JSON.",
        )],
    ),
];

/// Text made safe for a roff line: backslashes doubled, a leading dot or
/// quote escaped, hyphens as minus signs (as clap_mangen writes them).
fn roff_text(text: &str) -> String {
    let text = text.replace('\\', "\\\\").replace('-', "\\-");
    match text.chars().next() {
        Some('.') | Some('\'') => format!("\\&{text}"),
        _ => text,
    }
}

/// The sections clap does not write for the page `page_name` of `command`.
pub fn extra_sections(page_name: &str, command: &clap::Command) -> String {
    let mut out = String::new();
    let variables: Vec<(String, String)> = command
        .get_arguments()
        .filter(|a| !a.is_hide_set())
        .filter_map(|a| {
            let var = a.get_env()?.to_string_lossy().into_owned();
            let flag = a
                .get_long()
                .map_or_else(|| a.get_id().to_string(), |l| format!("--{l}"));
            Some((var, flag))
        })
        .collect();
    if !variables.is_empty() {
        out.push_str(".SH ENVIRONMENT\n");
        for (var, flag) in &variables {
            out.push_str(&format!(
                ".TP\n\\fB{}\\fR\nThe value of \\fB{}\\fR when the flag is not given.\n",
                roff_text(var),
                roff_text(flag)
            ));
        }
        if variables.iter().any(|(v, _)| v == "GRIDFORGE_DATABASE_URL") {
            out.push_str(".PP\nA bad value in a variable is reported under the variable's name.\n");
        }
    }
    if page_name == "gridforge" || page_name == "gridforge-serve" {
        out.push_str(".SH FILES\n");
        for (path, what) in FILES {
            out.push_str(&format!(
                ".TP\n\\fI{}\\fR\n{}\n",
                roff_text(path),
                roff_text(what)
            ));
        }
    }
    if let Some((_, examples)) = EXAMPLES.iter().find(|(name, _)| *name == page_name) {
        out.push_str(".SH EXAMPLES\n");
        for (line, what) in *examples {
            out.push_str(&format!(
                ".TP\n\\fB{}\\fR\n{}\n",
                roff_text(line),
                roff_text(what)
            ));
        }
    }
    out
}

/// `page` (a rendered man page) with `extra` put before its VERSION
/// section, or at its end when it has none.
pub fn insert_before_version(page: &str, extra: &str) -> String {
    match page.find("\n.SH VERSION\n") {
        Some(at) => format!("{}\n{extra}{}", &page[..at], &page[at + 1..]),
        None => format!("{page}{extra}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roff_control_characters_are_escaped() {
        assert_eq!(roff_text(".hidden"), "\\&.hidden");
        assert_eq!(roff_text("a\\b-c"), "a\\\\b\\-c");
    }

    #[test]
    fn sections_go_before_the_version() {
        let page = ".TH x 1\n.SH NAME\nx\n.SH VERSION\nv1\n";
        assert_eq!(
            insert_before_version(page, ".SH FILES\nf\n"),
            ".TH x 1\n.SH NAME\nx\n.SH FILES\nf\n.SH VERSION\nv1\n"
        );
        assert_eq!(insert_before_version(".TH x 1\n", "E\n"), ".TH x 1\nE\n");
    }
}
