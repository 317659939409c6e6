//! The process's limit on open files (`RLIMIT_NOFILE`): raised to the hard
//! limit at start, so that the connection cap, not the default soft limit
//! (often 1024), decides how many clients the server holds.

/// The open-file limits of the process, as found at start and after raising.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileLimits {
    /// The soft limit before raising.
    pub soft_before: u64,
    /// The soft limit now (the hard limit when raising worked).
    pub soft: u64,
    /// The hard limit.
    pub hard: u64,
}

/// Files the server keeps for itself beside client connections: the
/// listening socket, the database, logs, the runtime's own descriptors.
pub const RESERVED_FILES: u64 = 64;

/// Raises the soft `RLIMIT_NOFILE` to the hard limit and says what it was
/// and is; `None` where the platform has no such limit or refuses to say.
#[cfg(unix)]
pub fn raise_to_hard() -> Option<FileLimits> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes into the struct we own.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return None;
    }
    let soft_before = limit.rlim_cur;
    if limit.rlim_cur < limit.rlim_max {
        let raised = libc::rlimit {
            rlim_cur: limit.rlim_max,
            rlim_max: limit.rlim_max,
        };
        // SAFETY: setrlimit reads the struct we own. macOS refuses values
        // above OPEN_MAX with an unlimited hard limit; the old soft limit
        // then stands and is reported as it is.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            limit.rlim_cur = limit.rlim_max;
        }
    }
    Some(FileLimits {
        soft_before: as_u64(soft_before),
        soft: as_u64(limit.rlim_cur),
        hard: as_u64(limit.rlim_max),
    })
}

/// No open-file limit to raise on this platform.
#[cfg(not(unix))]
pub fn raise_to_hard() -> Option<FileLimits> {
    None
}

/// `rlim_t` is u64 on most platforms and may be signed or narrower on others.
#[cfg(unix)]
#[allow(clippy::unnecessary_cast, clippy::useless_conversion)]
fn as_u64(value: libc::rlim_t) -> u64 {
    u64::try_from(value).unwrap_or(u64::MAX)
}

/// The connection cap to use: `wanted`, lowered so that connections,
/// database connections and [`RESERVED_FILES`] fit in the soft limit.
pub fn fitting_cap(wanted: usize, db_connections: u32, limits: Option<FileLimits>) -> usize {
    let Some(limits) = limits else {
        return wanted;
    };
    let room = limits
        .soft
        .saturating_sub(RESERVED_FILES + u64::from(db_connections));
    wanted
        .min(usize::try_from(room).unwrap_or(usize::MAX))
        .max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_fits_in_the_soft_limit() {
        let limits = FileLimits {
            soft_before: 1024,
            soft: 1024,
            hard: 1024,
        };
        assert_eq!(fitting_cap(4096, 16, Some(limits)), 1024 - 64 - 16);
        assert_eq!(fitting_cap(100, 16, Some(limits)), 100);
        assert_eq!(fitting_cap(100, 16, None), 100);
        let tiny = FileLimits { soft: 10, ..limits };
        assert_eq!(fitting_cap(100, 16, Some(tiny)), 1);
    }

    #[cfg(unix)]
    #[test]
    fn raising_leaves_the_soft_limit_at_the_hard_one() {
        let limits = raise_to_hard().expect("unix has RLIMIT_NOFILE");
        assert!(limits.soft >= limits.soft_before);
        assert!(limits.soft <= limits.hard);
    }
}
