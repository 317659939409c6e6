//! `triplex census` sharded on timely dataflow: `--workers` threads per
//! process, `--hostfile F --process I` for one process of a cluster, and
//! `--local-processes N` to start N such processes on loopback and wait for
//! them (for tests and single hosts).

use anyhow::{bail, Context};
use clap::Args;
use gridforge_sharded_census::{census_sharded, Cluster, Progress};
use gridforge_triplex::{CensusOptions, PieceSet, RectangleCensus};
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::sync::Arc;
use std::time::Instant;

/// Where the census runs, after timely's conventions. Without any of these
/// it runs in this process as always (threads from `--threads`).
#[derive(Args)]
pub struct ClusterArgs {
    /// Shard the census over timely dataflow with this many worker threads
    /// in each process (1 when only --hostfile or --local-processes is
    /// given).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    workers: Option<u32>,
    /// Be one process of a cluster: a file with every process's `host:port`,
    /// one per line, the same on every host (process 0 prints the results).
    #[arg(long, requires = "process", conflicts_with = "local_processes")]
    hostfile: Option<PathBuf>,
    /// This process's line in --hostfile, counting from 0.
    #[arg(long, requires = "hostfile")]
    process: Option<usize>,
    /// Start this many processes on this host, connected over loopback, run
    /// the census across them, and report each one's peak memory.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    local_processes: Option<u32>,
}

/// How a census runs.
pub enum Mode {
    /// In this process, unsharded (the default, and the fastest on one host).
    OneProcess,
    /// Sharded: this process is one of the cluster's.
    Sharded(Cluster),
    /// Start this many local processes and wait for them.
    Launch(usize),
}

impl ClusterArgs {
    /// The mode the flags ask for.
    pub fn mode(&self) -> anyhow::Result<Mode> {
        let workers = self.workers.unwrap_or(1) as usize;
        if let Some(n) = self.local_processes {
            return Ok(Mode::Launch(n as usize));
        }
        if let (Some(path), Some(process)) = (&self.hostfile, self.process) {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the hostfile {}", path.display()))?;
            return Ok(Mode::Sharded(Cluster::from_hostfile(
                &text, process, workers,
            )?));
        }
        if self.workers.is_some() {
            return Ok(Mode::Sharded(Cluster::single(workers)));
        }
        Ok(Mode::OneProcess)
    }
}

/// Readies this process for a sharded run, before any thread starts: one
/// malloc arena (see `one_malloc_arena`), and a panic anywhere ends the
/// process at once, since timely's other workers, here and in the other
/// processes, would otherwise wait forever for the one that panicked (the
/// launcher then stops the rest).
pub fn prepare_process() {
    gridforge_sharded_census::one_malloc_arena();
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        report(info);
        std::process::exit(101);
    }));
}

/// Runs this process's part of a sharded census; process 0 gets the
/// results (with a progress bar over every step of every rectangle).
pub fn run(
    set: &PieceSet,
    rects: &[(usize, usize)],
    options: &CensusOptions,
    cluster: &Cluster,
) -> anyhow::Result<Option<Vec<RectangleCensus>>> {
    let offsets: Vec<u64> = rects
        .iter()
        .scan(0u64, |total, &(w, h)| {
            let start = *total;
            *total += (w * h) as u64;
            Some(start)
        })
        .collect();
    let steps: u64 = rects.iter().map(|&(w, h)| (w * h) as u64).sum();
    let bar = if cluster.process == 0 {
        super::super::progress_bar(steps, "DP steps")
    } else {
        indicatif::ProgressBar::hidden()
    };
    let shown = bar.clone();
    let progress = Arc::new(move |p: &Progress| {
        shown.set_position(offsets[p.rectangle] + p.step as u64);
    });
    let results = census_sharded(set, rects, options, cluster, progress)?;
    bar.finish_and_clear();
    Ok(results)
}

/// Starts `n` processes of this same command on loopback (a hostfile of
/// free ports, `--hostfile F --process I` in place of `--local-processes`),
/// with process 0's standard output as this one's, waits for all of them,
/// and prints each one's peak resident memory on stderr. If one fails, the
/// others are stopped.
pub fn launch(n: usize) -> anyhow::Result<ExitCode> {
    let ports = free_loopback_ports(n)?;
    let hostfile = std::env::temp_dir().join(format!("gridforge-hosts-{}", std::process::id()));
    let hosts: String = ports.iter().map(|p| format!("127.0.0.1:{p}\n")).collect();
    // A new file only: never write through a name someone else put there.
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&hostfile)
        .and_then(|mut f| std::io::Write::write_all(&mut f, hosts.as_bytes()))
        .with_context(|| format!("cannot write the hostfile {}", hostfile.display()))?;
    let outcome = run_processes(n, &hostfile);
    let _ = std::fs::remove_file(&hostfile);
    outcome
}

fn run_processes(n: usize, hostfile: &std::path::Path) -> anyhow::Result<ExitCode> {
    let exe = std::env::current_exe().context("cannot find this program to start it again")?;
    let args = without_local_processes(std::env::args_os().skip(1));
    let start = Instant::now();
    let mut children = Vec::with_capacity(n);
    for process in 0..n {
        let child = Command::new(&exe)
            .args(&args)
            .arg("--hostfile")
            .arg(hostfile)
            .arg("--process")
            .arg(process.to_string())
            .stdin(Stdio::null())
            .stdout(if process == 0 {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn();
        match child {
            Ok(child) => {
                children.push(child);
                // Each process connects to the ones before it: a moment to
                // start listening spares timely's "retrying" messages.
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            Err(e) => {
                stop(&mut children);
                return Err(e).context(format!("cannot start process {process}"));
            }
        }
    }
    // Wait for whichever ends first, so a failure stops the rest at once
    // instead of leaving them waiting for a peer that is gone.
    let mut ended: Vec<Option<(i32, u64)>> = vec![None; n];
    let mut failure: Option<String> = None;
    while ended.iter().any(Option::is_none) {
        let (pid, status, peak_kib) = match wait_any() {
            Ok(ended) => ended,
            Err(e) => {
                // Only those not reaped yet: a reaped one's pid may be reused.
                let running: Vec<usize> = (0..n).filter(|&i| ended[i].is_none()).collect();
                for i in running {
                    let _ = children[i].kill();
                    let _ = children[i].wait();
                }
                return Err(e);
            }
        };
        let Some(process) = children.iter().position(|c| c.id() as i32 == pid) else {
            continue;
        };
        ended[process] = Some((status, peak_kib));
        if status != 0 && failure.is_none() {
            failure = Some(format!(
                "process {process} of {n} failed ({})",
                describe(status)
            ));
            for (other, child) in children.iter().enumerate() {
                if ended[other].is_none() {
                    // SAFETY: signalling a child of ours that has not been
                    // reaped, so its pid is still its own.
                    unsafe {
                        libc::kill(child.id() as i32, libc::SIGTERM);
                    }
                }
            }
        }
    }
    let wall = start.elapsed();
    eprintln!(
        "{n} local processes, {:.1} s wall; peak resident memory per process:",
        wall.as_secs_f64()
    );
    for (process, end) in ended.iter().enumerate() {
        let (status, peak_kib) = end.expect("every process ended");
        eprintln!(
            "  process {process}: {:.2} GB, {}",
            peak_kib as f64 * 1024.0 / 1e9,
            describe(status)
        );
    }
    match failure {
        Some(message) => bail!(message),
        None => Ok(ExitCode::SUCCESS),
    }
}

/// The arguments without `--local-processes N` (or `--local-processes=N`).
fn without_local_processes(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    let mut kept = Vec::new();
    let mut skip_value = false;
    for arg in args {
        if skip_value {
            skip_value = false;
            continue;
        }
        match arg.to_str() {
            Some("--local-processes") => skip_value = true,
            Some(a) if a.starts_with("--local-processes=") => {}
            _ => kept.push(arg),
        }
    }
    kept
}

/// `n` distinct loopback ports free right now (each listener is held until
/// all are picked, then closed for the processes to bind; another program
/// could take one in between, and then that process fails to start, which
/// stops the run with its message).
fn free_loopback_ports(n: usize) -> anyhow::Result<Vec<u16>> {
    let listeners = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0"))
        .collect::<Result<Vec<_>, _>>()
        .context("cannot find free loopback ports")?;
    listeners
        .iter()
        .map(|l| Ok(l.local_addr()?.port()))
        .collect()
}

/// Waits for any child: its pid, its wait status and its peak resident
/// memory in KiB.
fn wait_any() -> anyhow::Result<(i32, i32, u64)> {
    let mut status = 0;
    // SAFETY: rusage is plain data that wait4 fills in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = loop {
        // SAFETY: valid pointers to our own locals.
        let pid = unsafe { libc::wait4(-1, &mut status, 0, &mut usage) };
        if pid >= 0 {
            break pid;
        }
        let error = std::io::Error::last_os_error();
        if error.kind() != std::io::ErrorKind::Interrupted {
            return Err(error).context("cannot wait for the processes");
        }
    };
    Ok((pid, status, usage.ru_maxrss.max(0) as u64))
}

/// A wait status in words.
fn describe(status: i32) -> String {
    if libc::WIFEXITED(status) {
        format!("exit {}", libc::WEXITSTATUS(status))
    } else if libc::WIFSIGNALED(status) {
        format!("killed by signal {}", libc::WTERMSIG(status))
    } else {
        format!("status {status}")
    }
}

/// Stops children already started when a later one cannot be.
fn stop(children: &mut [std::process::Child]) {
    for child in children {
        let _ = child.kill();
        let _ = child.wait();
    }
}
