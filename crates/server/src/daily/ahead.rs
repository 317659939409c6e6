//! Dailies ahead of time: a background task that makes today's and the
//! next UTC day's dailies, and the archive's missing days (newest first),
//! before anybody asks for them, so the first request of a day never waits
//! on a generator.
//!
//! It runs in the compute slot reserved for the dailies (client work cannot
//! take it) and stores through the same `INSERT … ON CONFLICT DO NOTHING`
//! as a request would, so every server of a PostgreSQL cluster may run it:
//! the first to store a daily wins and the others read that one back. It
//! looks every [`crate::Config::dailies_every`] (the server's clock may be
//! moved, so it polls rather than sleeping until midnight); each look makes
//! at most one missing archive day, so the archive fills in the background
//! (366 days in about six hours at the default minute) without a burst of
//! CPU at start.

use super::{chess, kakuro, today, Day};
use crate::error::ApiError;
use crate::state::AppState;
use crate::storage::daily::DailyKey;
use std::time::Duration;

/// Starts the task (it runs until the runtime stops): every `every`, today
/// and tomorrow, then the newest archive day of the last `archive_days`
/// not made yet.
pub fn spawn(app: AppState, every: Duration, archive_days: i64) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let now = today(&app);
            let today_there = make_day(&app, now).await;
            let tomorrow_there = make_day(&app, Day(now.0 + 1)).await;
            if today_there == Ok(true) && tomorrow_there == Ok(true) {
                for back in 1..=archive_days {
                    // Days made already cost a read; stop after one made now.
                    match make_day(&app, Day(now.0 - back)).await {
                        Ok(true) => continue,
                        Ok(false) | Err(()) => break,
                    }
                }
            }
            tokio::time::sleep(every).await;
        }
    })
}

/// Makes every daily of `day` not made yet: `Ok(true)` if all were made
/// already, `Ok(false)` if some were made now, `Err` if one failed (logged;
/// the next look tries again).
async fn make_day(app: &AppState, day: Day) -> Result<bool, ()> {
    let mut all_there = true;
    for (key, make) in kakuro::dailies_of(day) {
        all_there &= make_one(app, &key, make).await?;
    }
    let (key, make) = chess::daily_of(day);
    all_there &= make_one(app, &key, make).await?;
    Ok(all_there)
}

/// Makes one daily in the reserved slot unless it is made: whether it was.
async fn make_one<E: std::fmt::Display + Send + 'static>(
    app: &AppState,
    key: &DailyKey,
    make: super::Maker<E>,
) -> Result<bool, ()> {
    let store = app.store.as_ref();
    let result: Result<bool, ApiError> = async {
        if app.daily.is_made(store, key).await? {
            return Ok(true);
        }
        let now = app.clock.now_ms() as i64;
        app.daily
            .puzzle(store, &app.compute, now, key, make, true)
            .await?;
        tracing::info!(game = key.game, day = %key.day, variant = key.variant, "daily made ahead of time");
        Ok(false)
    }
    .await;
    result.map_err(|err| {
        tracing::warn!(game = key.game, day = %key.day, variant = key.variant,
            error = %err.message, "a daily could not be made ahead of time");
    })
}
