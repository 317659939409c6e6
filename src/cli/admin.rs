//! `gridforge admin …`: operator tools that work on the database directly
//! (there is no admin surface on the network).

use anyhow::{bail, Context};
use clap::Subcommand;
use gridforge_server::admin;
use gridforge_server::dailies::Day;
use gridforge_server::storage::{AuditEntry, Moderated, NameChange, NamedSolver};
use gridforge_server::triplex::{check_name, Catalogue};
use serde_json::json;
use std::process::ExitCode;

/// Admin subcommands.
#[derive(Subcommand)]
pub enum Command {
    /// Names on the tables: Triplex first solvers and daily puzzle solvers
    /// (`daily/<game>/<date>/<variant>/<player>`): list, hide, show again,
    /// rename, and the audit log of every change.
    #[command(subcommand)]
    Names(NamesCommand),
    /// The review queue (issue 38): table entries held off the public
    /// tables (flagged solving paths, no path, provisional claims, perfect
    /// games), with their path statistics and flags, oldest first.
    Review {
        #[command(flatten)]
        target: Target,
        /// One JSON array: id, what, first, player, account, time_ms,
        /// solved_at, reason, path_stats, flags.
        #[arg(long)]
        json: bool,
    },
    /// Approve a held entry: it goes on the public tables.
    Approve {
        /// The entry's id as `review` lists it (`daily-<hex>`, `triplex-<hex>`).
        id: String,
        #[command(flatten)]
        target: Target,
        /// Who is acting, for the audit table [default: the OS user].
        #[arg(long)]
        actor: Option<String>,
    },
    /// Void an entry: it leaves every table for good (a first-solver claim
    /// is removed and the level can be claimed again).
    Void {
        /// The entry's id as `review` lists it (`daily-<hex>`, `triplex-<hex>`).
        id: String,
        /// Why, for the audit table.
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        target: Target,
        /// Who is acting, for the audit table [default: the OS user].
        #[arg(long)]
        actor: Option<String>,
    },
    /// Ban an account: its solves leave every table, its sessions end, and
    /// its start requests are refused (403).
    Ban {
        /// The account's number.
        account: i64,
        /// Why, for the audit table.
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        target: Target,
        /// Who is acting, for the audit table [default: the OS user].
        #[arg(long)]
        actor: Option<String>,
    },
    /// The review audit: every hold, approval, void and ban, oldest first.
    Audit {
        #[command(flatten)]
        target: Target,
        /// One JSON array: id, at, actor, action, entry, reason.
        #[arg(long)]
        json: bool,
    },
}

/// The database and who is acting, shared by the names commands.
#[derive(clap::Args, Debug)]
pub struct Target {
    /// Database: `sqlite://FILE` (must exist) or a `postgres://` URL.
    #[arg(long, env = "GRIDFORGE_DATABASE_URL")]
    pub(crate) database: String,
}

/// `gridforge admin names …`.
#[derive(Subcommand)]
pub enum NamesCommand {
    /// Every level's first solver with their name, then every named daily
    /// solve (`daily/…`), hidden ones marked.
    List {
        #[command(flatten)]
        target: Target,
        /// One JSON array: level number (null if not in this pack), level,
        /// name, hidden, solved_at (Unix ms).
        #[arg(long)]
        json: bool,
    },
    /// Show a first solver as anonymous everywhere the API shows names (the
    /// name is kept and can be shown again).
    Hide {
        /// The level: its number in this server's pack, or its description;
        /// or a daily solve, `daily/<game>/<date>/<variant>/<player>` as
        /// `list` shows it.
        level: String,
        #[command(flatten)]
        target: Target,
        /// Who is acting, for the audit table [default: the OS user].
        #[arg(long)]
        actor: Option<String>,
    },
    /// Show a hidden name again.
    Unhide {
        /// The level: its number in this server's pack, or its description;
        /// or a daily solve, `daily/<game>/<date>/<variant>/<player>` as
        /// `list` shows it.
        level: String,
        #[command(flatten)]
        target: Target,
        /// Who is acting, for the audit table [default: the OS user].
        #[arg(long)]
        actor: Option<String>,
    },
    /// Replace a first solver's name (1 to 32 characters, no control
    /// characters).
    Rename {
        /// The level: its number in this server's pack, or its description;
        /// or a daily solve, `daily/<game>/<date>/<variant>/<player>` as
        /// `list` shows it.
        level: String,
        /// The new name.
        name: String,
        #[command(flatten)]
        target: Target,
        /// Who is acting, for the audit table [default: the OS user].
        #[arg(long)]
        actor: Option<String>,
    },
    /// The audit table: every hide, unhide and rename, oldest first.
    Log {
        #[command(flatten)]
        target: Target,
        /// One JSON array of the entries.
        #[arg(long)]
        json: bool,
    },
}

/// Runs an admin command.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    use super::review;
    let runtime = admin::runtime()?;
    runtime.block_on(async {
        match command {
            Command::Names(command) => names(command).await,
            Command::Review { target, json } => review::queue(&target, json).await,
            Command::Approve { id, target, actor } => review::approve(&id, &target, actor).await,
            Command::Void {
                id,
                reason,
                target,
                actor,
            } => review::void(&id, &reason, &target, actor).await,
            Command::Ban {
                account,
                reason,
                target,
                actor,
            } => review::ban(account, &reason, &target, actor).await,
            Command::Audit { target, json } => review::audit(&target, json).await,
        }
    })
}

async fn names(command: NamesCommand) -> anyhow::Result<ExitCode> {
    let catalogue = Catalogue::shared().map_err(anyhow::Error::msg)?;
    match command {
        NamesCommand::List { target, json } => {
            let store = admin::open_existing(&target.database).await?;
            let mut solvers = store.first_solvers().await?;
            let daily = store.daily_names().await?;
            store.close().await;
            solvers.extend(daily.into_iter().map(|d| NamedSolver {
                level: d.key,
                name: Some(d.name),
                hidden: d.hidden,
                solved_at: d.solved_at,
            }));
            print_solvers(&catalogue, &solvers, json);
            Ok(ExitCode::SUCCESS)
        }
        NamesCommand::Hide {
            level,
            target,
            actor,
        } => moderate(&catalogue, &level, &target, actor, NameChange::Hide).await,
        NamesCommand::Unhide {
            level,
            target,
            actor,
        } => moderate(&catalogue, &level, &target, actor, NameChange::Unhide).await,
        NamesCommand::Rename {
            level,
            name,
            target,
            actor,
        } => {
            let name = check_name(&name).map_err(|e| anyhow::anyhow!("{}", e.message))?;
            moderate(&catalogue, &level, &target, actor, NameChange::Rename(name)).await
        }
        NamesCommand::Log { target, json } => {
            let store = admin::open_existing(&target.database).await?;
            let entries = store.name_audit().await?;
            store.close().await;
            print_audit(&catalogue, &entries, json);
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The level description `arg` names: a number in the pack, or a
/// description; a daily solve's key (`daily/…`) as given.
fn level_description(catalogue: &Catalogue, arg: &str) -> anyhow::Result<String> {
    if arg.starts_with(DAILY_PREFIX) {
        return Ok(arg.to_string());
    }
    if let Ok(number) = arg.parse::<usize>() {
        return match catalogue.get(number) {
            Some(level) => Ok(level.public.level.description.clone()),
            None => bail!(
                "there is no level {number} (levels are 1 to {})",
                catalogue.len()
            ),
        };
    }
    if arg.contains(':') {
        return Ok(arg.to_string());
    }
    bail!("'{arg}' is neither a level number nor a level description")
}

/// A level's number in the pack, if it is there.
fn level_number(catalogue: &Catalogue, description: &str) -> Option<usize> {
    (1..=catalogue.len()).find(|&n| {
        catalogue
            .get(n)
            .is_some_and(|l| l.public.level.description == description)
    })
}

/// What a daily solve's key starts with.
const DAILY_PREFIX: &str = "daily/";

/// `level 12` or the description when the level is not in this pack; a
/// daily solve's key as it is.
fn level_label(catalogue: &Catalogue, description: &str) -> String {
    if description.starts_with(DAILY_PREFIX) {
        return description.to_string();
    }
    match level_number(catalogue, description) {
        Some(n) => format!("level {n}"),
        None => format!("level {description}"),
    }
}

async fn moderate(
    catalogue: &Catalogue,
    level: &str,
    target: &Target,
    actor: Option<String>,
    change: NameChange,
) -> anyhow::Result<ExitCode> {
    let description = level_description(catalogue, level)?;
    let actor = match actor {
        Some(actor) if actor.trim().is_empty() => bail!("--actor may not be empty"),
        Some(actor) => actor,
        None => admin::os_user(),
    };
    let store = admin::open_existing(&target.database).await?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    let daily = description.starts_with(DAILY_PREFIX);
    let outcome = if daily {
        store
            .moderate_daily(&description, &change, &actor, now)
            .await
    } else {
        store.moderate(&description, &change, &actor, now).await
    }
    .context("cannot change the name")?;
    store.close().await;
    let label = level_label(catalogue, &description);
    match outcome {
        Moderated::NoFirstSolver if daily => {
            bail!("{label}: no named counted daily solve (see gridforge admin names list)")
        }
        Moderated::NoFirstSolver => bail!("{label} has no first solver yet"),
        Moderated::Unchanged => {
            let state = match change {
                NameChange::Hide => "already hidden".to_string(),
                NameChange::Unhide => "not hidden".to_string(),
                NameChange::Rename(name) => format!("already named {name:?}"),
            };
            println!("{label}: {state}; nothing changed");
        }
        Moderated::Changed => {
            let done = match change {
                NameChange::Hide => "name hidden".to_string(),
                NameChange::Unhide => "name shown again".to_string(),
                NameChange::Rename(name) => format!("renamed to {name:?}"),
            };
            println!("{label}: {done} (audited as {actor})");
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn print_solvers(catalogue: &Catalogue, solvers: &[NamedSolver], json: bool) {
    if json {
        let list: Vec<_> = solvers
            .iter()
            .map(|s| {
                json!({
                    "number": level_number(catalogue, &s.level),
                    "level": s.level,
                    "name": s.name,
                    "hidden": s.hidden,
                    "solved_at": s.solved_at,
                })
            })
            .collect();
        println!("{}", serde_json::Value::Array(list));
        return;
    }
    if solvers.is_empty() {
        println!("no level has a first solver yet");
    }
    for s in solvers {
        let name = match &s.name {
            Some(name) => format!("{name:?}"),
            None => "(no name given)".to_string(),
        };
        let hidden = if s.hidden { "  [hidden]" } else { "" };
        println!(
            "{}\t{}\t{name}{hidden}",
            level_label(catalogue, &s.level),
            utc(s.solved_at)
        );
    }
}

fn print_audit(catalogue: &Catalogue, entries: &[AuditEntry], json: bool) {
    if json {
        let list: Vec<_> = entries
            .iter()
            .map(|e| {
                json!({
                    "id": e.id,
                    "at": e.at,
                    "actor": e.actor,
                    "action": e.action,
                    "number": level_number(catalogue, &e.level),
                    "level": e.level,
                    "old_name": e.old_name,
                    "new_name": e.new_name,
                })
            })
            .collect();
        println!("{}", serde_json::Value::Array(list));
        return;
    }
    if entries.is_empty() {
        println!("no name has been moderated");
    }
    for e in entries {
        let shown = |name: &Option<String>| match name {
            Some(name) => format!("{name:?}"),
            None => "(no name given)".to_string(),
        };
        let change = match &e.new_name {
            Some(_) => format!("{} -> {}", shown(&e.old_name), shown(&e.new_name)),
            None => shown(&e.old_name),
        };
        println!(
            "{}\t{}\t{}\t{}\t{change}",
            utc(e.at),
            e.actor,
            e.action,
            level_label(catalogue, &e.level)
        );
    }
}

/// Unix milliseconds as `YYYY-MM-DD HH:MM:SS UTC`.
pub(crate) fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    format!(
        "{} {:02}:{:02}:{:02} UTC",
        Day(days),
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::utc;

    #[test]
    fn utc_dates() {
        assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(951_782_400_000), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc(1_795_000_000_123), "2026-11-18 11:06:40 UTC");
    }
}
