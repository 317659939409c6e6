//! The standard Prometheus process metrics (`process_cpu_seconds_total`,
//! `process_resident_memory_bytes`, `process_virtual_memory_bytes`,
//! `process_open_fds`, `process_max_fds`, `process_start_time_seconds`,
//! `process_threads`), read from `/proc/self` at scrape time and rendered in
//! the text format next to the recorder's own metrics. The `metrics` crate
//! has no float counter, so these are written here with their proper types
//! rather than bent into gauges. Elsewhere than Linux there are none.

use std::fmt::Write;

/// One process's figures, as read from `/proc`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProcessFigures {
    /// User and system CPU time, seconds.
    pub cpu_seconds: f64,
    /// Resident set size, bytes.
    pub resident_bytes: u64,
    /// Virtual memory size, bytes.
    pub virtual_bytes: u64,
    /// Threads.
    pub threads: u64,
    /// Start time, seconds since the Unix epoch.
    pub start_time_seconds: f64,
    /// Open file descriptors.
    pub open_fds: u64,
    /// The soft limit on open file descriptors (`None`: unlimited).
    pub max_fds: Option<u64>,
}

/// The fields of `/proc/self/stat` this reads: user and system time and
/// start time in clock ticks, threads, virtual size in bytes, resident
/// size in pages. `None` when the text is not such a line.
fn parse_stat(stat: &str) -> Option<(u64, u64, u64, u64, u64, u64)> {
    // The command name (field 2) may hold spaces and parentheses; the
    // fields after its closing parenthesis start at field 3 (the state).
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let field = |n: usize| fields.get(n - 3)?.parse::<u64>().ok();
    Some((
        field(14)?,
        field(15)?,
        field(20)?,
        field(22)?,
        field(23)?,
        field(24)?,
    ))
}

/// The soft "Max open files" of a `/proc/<pid>/limits` text; `Some(None)`
/// when it is unlimited.
fn parse_max_fds(limits: &str) -> Option<Option<u64>> {
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    let soft = line["Max open files".len()..].split_whitespace().next()?;
    if soft == "unlimited" {
        return Some(None);
    }
    soft.parse().ok().map(Some)
}

/// The boot time, seconds since the epoch, from a `/proc/stat` text.
fn parse_boot_time(stat: &str) -> Option<u64> {
    stat.lines()
        .find_map(|l| l.strip_prefix("btime "))
        .and_then(|v| v.trim().parse().ok())
}

/// This process's figures; `None` where `/proc` cannot be read.
#[cfg(target_os = "linux")]
pub fn read() -> Option<ProcessFigures> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let (utime, stime, threads, start_ticks, virtual_bytes, rss_pages) = parse_stat(&stat)?;
    // SAFETY: sysconf only reads a configuration value.
    let (ticks, page) = unsafe {
        (
            libc::sysconf(libc::_SC_CLK_TCK),
            libc::sysconf(libc::_SC_PAGESIZE),
        )
    };
    if ticks <= 0 || page <= 0 {
        return None;
    }
    let ticks = ticks as f64;
    let boot = parse_boot_time(&std::fs::read_to_string("/proc/stat").ok()?)?;
    let open_fds = std::fs::read_dir("/proc/self/fd").ok()?.count() as u64;
    let max_fds = parse_max_fds(&std::fs::read_to_string("/proc/self/limits").ok()?)?;
    Some(ProcessFigures {
        cpu_seconds: (utime + stime) as f64 / ticks,
        resident_bytes: rss_pages * page as u64,
        virtual_bytes,
        threads,
        start_time_seconds: boot as f64 + start_ticks as f64 / ticks,
        open_fds,
        max_fds,
    })
}

/// This process's figures: none on this platform.
#[cfg(not(target_os = "linux"))]
pub fn read() -> Option<ProcessFigures> {
    None
}

/// `figures` in the Prometheus text format, each with its HELP and TYPE.
pub fn render(figures: &ProcessFigures) -> String {
    let mut out = String::new();
    let mut metric = |name: &str, kind: &str, help: &str, value: f64| {
        // Writing to a String cannot fail.
        let _ = write!(
            out,
            "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}\n\n"
        );
    };
    metric(
        "process_cpu_seconds_total",
        "counter",
        "Total user and system CPU time spent in seconds.",
        figures.cpu_seconds,
    );
    metric(
        "process_resident_memory_bytes",
        "gauge",
        "Resident memory size in bytes.",
        figures.resident_bytes as f64,
    );
    metric(
        "process_virtual_memory_bytes",
        "gauge",
        "Virtual memory size in bytes.",
        figures.virtual_bytes as f64,
    );
    metric(
        "process_threads",
        "gauge",
        "Number of OS threads in the process.",
        figures.threads as f64,
    );
    metric(
        "process_start_time_seconds",
        "gauge",
        "Start time of the process since unix epoch in seconds.",
        figures.start_time_seconds,
    );
    metric(
        "process_open_fds",
        "gauge",
        "Number of open file descriptors.",
        figures.open_fds as f64,
    );
    if let Some(max) = figures.max_fds {
        metric(
            "process_max_fds",
            "gauge",
            "Maximum number of open file descriptors.",
            max as f64,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_fields_are_read_after_a_command_name_with_spaces_and_parentheses() {
        // Fields 3..=24 of a real line, with a hostile command name.
        let line = "4242 (a b) c)) S 1 4242 4242 0 -1 4194560 500 0 0 0 \
                    150 50 0 0 20 0 7 0 123456 987654321 2500 18446744073709551615";
        assert_eq!(
            parse_stat(line),
            Some((150, 50, 7, 123456, 987654321, 2500))
        );
        assert_eq!(parse_stat("no parenthesis at all"), None);
        assert_eq!(parse_stat("1 (x) S 1 2"), None);
    }

    #[test]
    fn limits_and_boot_time_are_read() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max open files            20000                524288               files\n";
        assert_eq!(parse_max_fds(limits), Some(Some(20000)));
        let unlimited =
            "Max open files            unlimited            unlimited            files\n";
        assert_eq!(parse_max_fds(unlimited), Some(None));
        assert_eq!(
            parse_boot_time("cpu  1 2 3\nbtime 1764000000\nprocesses 9\n"),
            Some(1764000000)
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_is_read_and_rendered() {
        let figures = read().expect("/proc is readable on Linux");
        assert!(figures.resident_bytes > 0 && figures.virtual_bytes >= figures.resident_bytes);
        assert!(figures.threads >= 1 && figures.open_fds >= 3);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs_f64();
        // Started in the last hour, not in the future (a second of slack
        // for the tick rounding).
        assert!(figures.start_time_seconds <= now + 1.0, "{figures:?}");
        assert!(figures.start_time_seconds > now - 3600.0, "{figures:?}");
        let text = render(&figures);
        assert!(
            text.contains("# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total ")
        );
        assert!(text.contains(&format!(
            "process_resident_memory_bytes {}\n",
            figures.resident_bytes
        )));
    }
}
