//! `gridforge admin review|approve|void|ban|audit`: the review hold of
//! issue 38 (held table entries, their solving paths' statistics and flags;
//! approving, voiding, banning; the audit of every action). Like `admin
//! names`, it works on the database directly.

use super::admin::{utc, Target};
use anyhow::{bail, Context};
use gridforge_server::admin;
use gridforge_server::storage::review::{EntryId, QueuedEntry, ReviewAudit, Reviewed};
use serde_json::json;
use std::process::ExitCode;

/// Who is acting: `--actor`, or the OS user.
fn actor_of(actor: Option<String>) -> anyhow::Result<String> {
    match actor {
        Some(actor) if actor.trim().is_empty() => bail!("--actor may not be empty"),
        Some(actor) => Ok(actor),
        None => Ok(admin::os_user()),
    }
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

fn entry_id(text: &str) -> anyhow::Result<EntryId> {
    text.parse::<EntryId>()
        .map_err(|e| anyhow::anyhow!("'{text}' is {e}"))
}

fn reason_of(reason: &str) -> anyhow::Result<&str> {
    if reason.trim().is_empty() {
        bail!("--reason may not be empty");
    }
    Ok(reason)
}

/// `admin review`: the held entries.
pub async fn queue(target: &Target, json: bool) -> anyhow::Result<ExitCode> {
    let store = admin::open_existing(&target.database).await?;
    let queue = store.review_queue().await?;
    store.close().await;
    if json {
        let list: Vec<_> = queue.iter().map(queued_json).collect();
        println!("{}", serde_json::Value::Array(list));
        return Ok(ExitCode::SUCCESS);
    }
    if queue.is_empty() {
        println!("no entry is held for review");
    }
    for q in &queue {
        let first = if q.first { "  [first solve]" } else { "" };
        let account = q
            .account_id
            .map_or("anonymous".to_string(), |a| format!("account {a}"));
        println!(
            "{}\t{}\t{}{first}\t{} ms\t{account}\t{}",
            q.id,
            utc(q.solved_at),
            q.what,
            q.time_ms,
            q.reason.as_deref().unwrap_or("")
        );
        if let Some(stats) = &q.path_stats {
            println!("\tpath: {stats}");
        }
        if let Some(flags) = &q.flags {
            let flags: Vec<String> = serde_json::from_str(flags).unwrap_or_default();
            for flag in flags {
                println!("\tflag: {flag}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn queued_json(q: &QueuedEntry) -> serde_json::Value {
    let parsed = |text: &Option<String>| {
        text.as_deref()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(t).ok())
    };
    json!({
        "id": q.id.to_string(),
        "what": q.what,
        "first": q.first,
        "player": q.player,
        "account": q.account_id,
        "time_ms": q.time_ms,
        "solved_at": q.solved_at,
        "reason": q.reason,
        "path_stats": parsed(&q.path_stats),
        "flags": parsed(&q.flags),
    })
}

/// What an approve, void or ban did, as one line (or an error).
fn report(what: &str, outcome: Reviewed, done: &str, actor: &str) -> anyhow::Result<ExitCode> {
    match outcome {
        Reviewed::NoSuchEntry => bail!("{what}: no such entry (see gridforge admin review)"),
        Reviewed::Unchanged => println!("{what}: nothing to do ({done} already, or not allowed)"),
        Reviewed::Changed => println!("{what}: {done} (audited as {actor})"),
    }
    Ok(ExitCode::SUCCESS)
}

/// `admin approve <id>`.
pub async fn approve(id: &str, target: &Target, actor: Option<String>) -> anyhow::Result<ExitCode> {
    let id = entry_id(id)?;
    let actor = actor_of(actor)?;
    let store = admin::open_existing(&target.database).await?;
    let outcome = store
        .approve(&id, &actor, now_ms())
        .await
        .context("cannot approve")?;
    store.close().await;
    report(&id.to_string(), outcome, "approved", &actor)
}

/// `admin void <id> --reason`.
pub async fn void(
    id: &str,
    reason: &str,
    target: &Target,
    actor: Option<String>,
) -> anyhow::Result<ExitCode> {
    let id = entry_id(id)?;
    let reason = reason_of(reason)?;
    let actor = actor_of(actor)?;
    let store = admin::open_existing(&target.database).await?;
    let outcome = store
        .void(&id, reason, &actor, now_ms())
        .await
        .context("cannot void")?;
    store.close().await;
    report(&id.to_string(), outcome, "voided", &actor)
}

/// `admin ban <account> --reason`.
pub async fn ban(
    account: i64,
    reason: &str,
    target: &Target,
    actor: Option<String>,
) -> anyhow::Result<ExitCode> {
    let reason = reason_of(reason)?;
    let actor = actor_of(actor)?;
    let store = admin::open_existing(&target.database).await?;
    let outcome = store
        .ban(account, reason, &actor, now_ms())
        .await
        .context("cannot ban")?;
    store.close().await;
    report(
        &format!("account {account}"),
        outcome,
        "banned, its solves voided",
        &actor,
    )
}

/// `admin audit`.
pub async fn audit(target: &Target, json: bool) -> anyhow::Result<ExitCode> {
    let store = admin::open_existing(&target.database).await?;
    let entries = store.review_audit().await?;
    store.close().await;
    if json {
        let list: Vec<_> = entries.iter().map(audit_json).collect();
        println!("{}", serde_json::Value::Array(list));
        return Ok(ExitCode::SUCCESS);
    }
    if entries.is_empty() {
        println!("no review action yet");
    }
    for e in &entries {
        println!(
            "{}\t{}\t{}\t{}\t{}",
            utc(e.at),
            e.actor,
            e.action,
            e.entry,
            e.reason.as_deref().unwrap_or("")
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn audit_json(e: &ReviewAudit) -> serde_json::Value {
    json!({
        "id": e.id,
        "at": e.at,
        "actor": e.actor,
        "action": e.action,
        "entry": e.entry,
        "reason": e.reason,
    })
}
