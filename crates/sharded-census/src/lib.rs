//! The census sharded over timely dataflow, for rectangles whose dynamic
//! program does not fit one machine (Triplex 9×8 needs more states than
//! this project's 24 GiB machines hold twice).
//!
//! Every worker (`--workers` threads in each of the cluster's processes)
//! holds the states whose hash of (profile, multiset) names it. A step of the
//! dynamic program ([`gridforge_triplex::tilings::Program::step`]) runs on
//! each worker's own states; the successors then go to the workers their
//! hashes name, in one exchange per step, and each worker merges what it
//! receives (a state that arrives more than once has several tilings). After
//! the last step each worker holds its share of the multisets that tile, and
//! runs the later stages on them (unique, three pieces, one per class,
//! straight cut, rotatable piece, rating: [`gridforge_triplex::census`]); a
//! set with a rotatable piece first shares every worker's final multisets
//! with everyone, since that rule asks about multisets one piece away. Worker
//! 0 gathers the levels and the counters.
//!
//! The result is exactly the one-process census's: the same levels, the same
//! counts, the same DP state counters (the states after each exchange are the
//! one-process states, split). Memory per process falls as processes are
//! added, since each holds only its share of the states.

#![deny(missing_docs)]

mod exchange;

use gridforge_triplex::census::{
    candidates, check_size, levels_of, oriented, sort_levels, splitmix64, CensusLevel,
    CensusOptions, RectangleCensus, RectangleReport,
};
use gridforge_triplex::pack::{census_level_list_text, parse_level_list};
use gridforge_triplex::tilings::{
    key_width, state_count, Key, KeyList, KeyWidth, Live, Program, U256,
};
use gridforge_triplex::{CensusError, PieceSet};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Instant;
use timely::communication::Config as CommunicationConfig;
use timely::worker::Worker;
use timely::{ExchangeData, WorkerConfig};

/// Where the census runs: worker threads per process and, for a cluster,
/// every process's address and which one this is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Worker threads in each process (timely's `--workers`).
    pub workers: usize,
    /// `host:port` of every process, in process order; empty for one process.
    pub addresses: Vec<String>,
    /// This process's index into `addresses`.
    pub process: usize,
}

impl Cluster {
    /// One process with `workers` threads.
    pub fn single(workers: usize) -> Cluster {
        Cluster {
            workers,
            addresses: Vec::new(),
            process: 0,
        }
    }

    /// A cluster from a hostfile's text (one `host:port` per line, after
    /// timely's convention; blank lines and `#` lines skipped), this
    /// process's index in it and the worker threads per process.
    pub fn from_hostfile(
        text: &str,
        process: usize,
        workers: usize,
    ) -> Result<Cluster, ShardedError> {
        let addresses: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect();
        if let Some(bad) = addresses.iter().find(|a| !a.contains(':')) {
            return Err(ShardedError::Hostfile(format!("'{bad}' is not host:port")));
        }
        if addresses.is_empty() {
            return Err(ShardedError::Hostfile("it lists no process".into()));
        }
        if process >= addresses.len() {
            return Err(ShardedError::Hostfile(format!(
                "process {process} is not among its {} lines (processes count from 0)",
                addresses.len()
            )));
        }
        Ok(Cluster {
            workers,
            addresses,
            process,
        })
    }

    /// How many processes take part.
    pub fn processes(&self) -> usize {
        self.addresses.len().max(1)
    }
}

/// Why a sharded census failed.
#[derive(Debug, thiserror::Error)]
pub enum ShardedError {
    /// The hostfile or process index does not describe a cluster.
    #[error("bad hostfile: {0}")]
    Hostfile(String),
    /// The processes could not connect, or the worker threads not start.
    #[error("cannot start the cluster: {0}")]
    Start(String),
    /// A rectangle the census cannot take (checked before anything starts).
    #[error(transparent)]
    Census(#[from] CensusError),
    /// A worker failed while finding levels (the solver's budget, say).
    #[error("a worker failed: {0}")]
    Worker(String),
}

/// Where a sharded census is, reported by worker 0 after every step.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Index of the rectangle in the list given.
    pub rectangle: usize,
    /// Its width and height as the census runs it.
    pub size: (usize, usize),
    /// Steps of its dynamic program done …
    pub step: usize,
    /// … out of this many (one per cell).
    pub steps: usize,
}

/// Called with each [`Progress`] (from one thread of process 0).
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// Runs the census of `rects` (one after another, each on every worker of
/// the cluster). Every process of the cluster calls this with the same
/// arguments; process 0 gets the results, in the order of `rects`, the
/// others `None`.
pub fn census_sharded(
    set: &PieceSet,
    rects: &[(usize, usize)],
    options: &CensusOptions,
    cluster: &Cluster,
    progress: ProgressFn,
) -> Result<Option<Vec<RectangleCensus>>, ShardedError> {
    for &(w, h) in rects {
        check_size(set, w, h)?;
        let (w, h) = oriented(set, w, h);
        key_width(set, w, h)?;
    }
    if cluster.workers == 0 {
        return Err(ShardedError::Start(
            "a process needs at least one worker".into(),
        ));
    }
    let communication = if cluster.processes() == 1 {
        CommunicationConfig::Process(cluster.workers)
    } else {
        CommunicationConfig::Cluster {
            threads: cluster.workers,
            process: cluster.process,
            addresses: cluster.addresses.clone(),
            report: false,
            zerocopy: false,
        }
    };
    let (builders, others) =
        with_stdout_on_stderr(|| communication.try_build()).map_err(ShardedError::Start)?;
    let set = Arc::new(set.clone());
    let rects = rects.to_vec();
    let options = *options;
    let guards =
        timely::execute::execute_from(builders, others, WorkerConfig::default(), move |worker| {
            let mut results = Vec::new();
            let mut failure = None;
            for (index, &(w, h)) in rects.iter().enumerate() {
                let (w, h) = oriented(&set, w, h);
                let report = |step| {
                    progress(&Progress {
                        rectangle: index,
                        size: (w, h),
                        step,
                        steps: w * h,
                    })
                };
                let found = match key_width(&set, w, h).map_err(|e| e.to_string())? {
                    KeyWidth::U64 => rectangle::<u64>(worker, &set, w, h, &options, report),
                    KeyWidth::U128 => rectangle::<u128>(worker, &set, w, h, &options, report),
                    KeyWidth::U256 => rectangle::<U256>(worker, &set, w, h, &options, report),
                }?;
                match found {
                    Some(Ok(result)) => results.push(result),
                    Some(Err(e)) => failure = failure.or(Some(e)),
                    None => {}
                }
            }
            match failure {
                Some(e) => Err(e),
                None => Ok((worker.index() == 0).then_some(results)),
            }
        })
        .map_err(ShardedError::Start)?;
    let mut mine = None;
    for outcome in guards.join() {
        match outcome {
            Ok(Ok(Some(results))) => mine = Some(results),
            Ok(Ok(None)) => {}
            Ok(Err(e)) => return Err(ShardedError::Worker(e)),
            Err(panic) => return Err(ShardedError::Worker(format!("a worker panicked: {panic}"))),
        }
    }
    Ok(mine)
}

/// One worker's part of one rectangle's census; worker 0 returns the whole
/// rectangle's result. An outer error is one every worker returns (all stop
/// together); an inner one is worker 0's alone, which still takes part in
/// the rectangles after it so that no worker waits for it.
fn rectangle<K: Key>(
    worker: &mut Worker,
    set: &PieceSet,
    width: usize,
    height: usize,
    options: &CensusOptions,
    progress: impl Fn(usize),
) -> Result<Option<Result<RectangleCensus, String>>, String> {
    let start = Instant::now();
    let program = Program::<K>::new(set, width, height).map_err(|e| e.to_string())?;
    let mut live = if worker.index() == 0 {
        program.start()
    } else {
        Live::new()
    };
    let mut summary = ShardSummary::default();
    for cell in 0..program.cells() {
        summary.examined += state_count(&live);
        let next = program.step(cell, live);
        live = exchange_states(worker, next);
        summary.live_after_step.push(state_count(&live));
        if worker.index() == 0 {
            progress(cell + 1);
        }
    }
    let entries = Program::finish(live);
    // The rotatable rule asks whether multisets one piece away tile, and any
    // worker may hold those: every worker gets every final multiset (a few
    // megabytes for Triplex; sets without a rotatable piece skip this).
    let whole = set
        .rotatable()
        .then(|| program.table(share_with_everyone(worker, &entries), 0, 0));
    let shard = program.table(entries, 0, 0);
    let found = candidates(set, width, height, &shard);
    summary.multisets = shard.len() as u64;
    summary.unique = found.unique as u64;
    summary.three_pieces = found.three_pieces as u64;
    summary.classes = found.classes.len() as u64;
    let levels = levels_of(
        set,
        width,
        height,
        &found.classes,
        whole.as_ref().unwrap_or(&shard),
        options,
    );
    // Every worker learns whether any failed, so all stop together instead
    // of some waiting in the next rectangle for one that has stopped.
    let failed = levels
        .as_ref()
        .err()
        .map(|e| format!("the census of {width}x{height}: {e}"));
    if let Some(first) = to_everyone(worker, failed.into_iter().collect())
        .into_iter()
        .next()
    {
        return Err(first);
    }
    summary.levels = census_level_list_text("shard", &levels.unwrap_or_default());
    let summaries = gather_at_zero(worker, summary);
    Ok((worker.index() == 0).then(|| assemble(width, height, &summaries, start)))
}

/// Worker 0's sum of every worker's summary: the rectangle's levels and
/// report, as one process would give them.
fn assemble(
    width: usize,
    height: usize,
    summaries: &[ShardSummary],
    start: Instant,
) -> Result<RectangleCensus, String> {
    let steps = summaries.first().map_or(0, |s| s.live_after_step.len());
    let mut report = RectangleReport {
        width,
        height,
        peak_states: (0..steps)
            .map(|step| summaries.iter().map(|s| s.live_after_step[step]).sum())
            .fold(1, u64::max),
        ..RectangleReport::default()
    };
    let mut levels: Vec<CensusLevel> = Vec::new();
    for s in summaries {
        report.states += s.examined;
        report.multisets += s.multisets as usize;
        report.unique += s.unique as usize;
        report.three_pieces += s.three_pieces as usize;
        report.classes += s.classes as usize;
        let listed = parse_level_list(&s.levels).map_err(|e| e.to_string())?;
        for level in listed {
            levels.push(level.record().to_census().map_err(|e| e.to_string())?);
        }
    }
    sort_levels(&mut levels);
    report.count_levels(&levels);
    report.elapsed = start.elapsed();
    Ok((levels, report))
}

/// The most keys in one exchanged record, so no message grows huge and
/// receivers drain while senders send.
const KEYS_PER_RECORD: usize = 1 << 14;

/// One exchange round of a step's successors: each goes to the worker its
/// hash names, and what arrives is merged into this worker's live states.
fn exchange_states<K: Key>(worker: &mut Worker, next: Live<K>) -> Live<K> {
    let peers = worker.peers();
    if peers == 1 {
        return next;
    }
    let me = worker.index();
    // Per profile, the sorted runs that arrived (each sender's share of one
    // of its sorted lists, in pieces).
    let received: Rc<RefCell<HashMap<u64, Runs<K>>>> = Rc::default();
    let sink = Rc::clone(&received);
    let kept = Rc::clone(&received);
    let records = next.into_iter().flat_map(move |(profile, keys)| {
        // Room for a fair share each, so the parts rarely grow by doubling.
        let share = (keys.len() / peers + keys.len() / (4 * peers) + 16).min(KEYS_PER_RECORD);
        let mut parts: Vec<KeyList<K>> =
            (0..peers).map(|_| KeyList::with_capacity(share)).collect();
        let mut full = Vec::new();
        for key in keys.iter() {
            let to = owner(profile, key, peers);
            parts[to].push(key);
            if parts[to].len() == KEYS_PER_RECORD && to != me {
                let piece = std::mem::replace(&mut parts[to], KeyList::with_capacity(share));
                full.push((to, piece));
            }
        }
        drop(keys);
        // This worker's own share stays here instead of crossing a channel.
        let own = std::mem::take(&mut parts[me]);
        if !own.is_empty() {
            kept.borrow_mut()
                .entry(profile)
                .or_default()
                .push(vec![own]);
        }
        full.extend(parts.into_iter().enumerate().filter(|(_, p)| !p.is_empty()));
        full.into_iter().map(move |(to, keys)| StateRecord {
            to: to as u64,
            profile,
            keys,
        })
    });
    exchange::round(
        worker,
        records,
        |record: &StateRecord<K>| record.to,
        move |record: StateRecord<K>| {
            add_piece(
                sink.borrow_mut().entry(record.profile).or_default(),
                record.keys,
            )
        },
    );
    let received = received.take();
    let mut live: Live<K> = received
        .into_iter()
        .map(|(profile, runs)| (profile, merge_runs(runs)))
        .collect();
    live.sort_unstable_by_key(|(profile, _)| *profile);
    live
}

/// The sorted runs that arrived for one profile: each a chain of pieces in
/// increasing order (a sender's pieces of one list), kept as they came so
/// nothing is copied before the merge.
type Runs<K> = Vec<Vec<KeyList<K>>>;

/// Adds a piece that arrived to its profile's runs: at the end of a run it
/// continues, else as a run of its own.
fn add_piece<K: Key>(runs: &mut Runs<K>, piece: KeyList<K>) {
    let Some(first) = piece.first() else {
        return;
    };
    let continues = |run: &&mut Vec<KeyList<K>>| {
        run.last()
            .and_then(KeyList::last)
            .is_some_and(|k| k.unflagged() < first.unflagged())
    };
    match runs.iter_mut().find(continues) {
        Some(run) => run.push(piece),
        None => runs.push(vec![piece]),
    }
}

/// Merges the runs that arrived for one profile, two at a time (shortest
/// first), into one sorted list with exact capacity: a state that arrived
/// more than once, or flagged, is flagged (several tilings).
fn merge_runs<K: Key>(mut runs: Runs<K>) -> KeyList<K> {
    let length = |run: &Vec<KeyList<K>>| run.iter().map(KeyList::len).sum::<usize>();
    runs.retain(|run| length(run) > 0);
    while runs.len() > 1 {
        runs.sort_unstable_by_key(|run| std::cmp::Reverse(length(run)));
        let (Some(b), Some(a)) = (runs.pop(), runs.pop()) else {
            break;
        };
        let capacity = length(&a) + length(&b);
        let merged = KeyList::merged(
            a.iter().flat_map(KeyList::iter),
            b.iter().flat_map(KeyList::iter),
            capacity,
        );
        // The inputs go before the next merge needs room.
        drop((a, b));
        runs.push(vec![merged]);
    }
    let mut list = match runs.pop() {
        Some(run) if run.len() == 1 => run.into_iter().next().unwrap_or_default(),
        Some(run) => KeyList::merged(
            run.iter().flat_map(KeyList::iter),
            std::iter::empty(),
            length(&run),
        ),
        None => KeyList::default(),
    };
    list.shrink_to_fit();
    list
}

/// The worker that holds a state: a hash of its profile and multiset (not
/// its flag), the same in every process.
fn owner<K: Key>(profile: u64, key: K, peers: usize) -> usize {
    let hash = splitmix64(profile.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ key.unflagged().fold64());
    (hash % peers as u64) as usize
}

/// States sent to one worker: some keys of one profile.
#[derive(Clone, Serialize, Deserialize)]
#[serde(bound(deserialize = "K: Key"))]
struct StateRecord<K> {
    to: u64,
    profile: u64,
    keys: KeyList<K>,
}

/// Every worker's final multisets, on every worker, sorted (each multiset
/// has one owner, so none arrives twice).
fn share_with_everyone<K: Key>(worker: &mut Worker, entries: &[K]) -> Vec<K> {
    let chunks = entries.chunks(KEYS_PER_RECORD).map(<[K]>::to_vec).collect();
    let mut all: Vec<K> = to_everyone(worker, chunks).into_iter().flatten().collect();
    all.sort_unstable();
    all
}

/// Sends each item to every worker; returns every item every worker sent.
fn to_everyone<T: ExchangeData + Clone>(worker: &mut Worker, items: Vec<T>) -> Vec<T> {
    let peers = worker.peers() as u64;
    let received: Rc<RefCell<Vec<T>>> = Rc::default();
    let sink = Rc::clone(&received);
    let records = (0..peers).flat_map(|to| items.iter().map(move |item| (to, item.clone())));
    exchange::round(
        worker,
        records,
        |(to, _): &(u64, T)| *to,
        move |(_, item)| sink.borrow_mut().push(item),
    );
    received.take()
}

/// What one worker found in one rectangle, gathered at worker 0.
#[derive(Clone, Default, Serialize, Deserialize)]
struct ShardSummary {
    /// Live states on this worker after each step.
    live_after_step: Vec<u64>,
    /// States this worker's steps went through.
    examined: u64,
    multisets: u64,
    unique: u64,
    three_pieces: u64,
    classes: u64,
    /// The levels it made, as a level list text (what the game's level
    /// lists hold: description, difficulty and solution per line).
    levels: String,
}

/// Sends `summary` to worker 0; worker 0 gets every worker's, the others
/// nothing.
fn gather_at_zero(worker: &mut Worker, summary: ShardSummary) -> Vec<ShardSummary> {
    let gathered: Rc<RefCell<Vec<ShardSummary>>> = Rc::default();
    let sink = Rc::clone(&gathered);
    exchange::round(
        worker,
        [summary],
        |_: &ShardSummary| 0,
        move |s| sink.borrow_mut().push(s),
    );
    gathered.take()
}

/// Makes every thread of this process allocate from one glibc arena; call it
/// before any thread starts (the binary does, before a sharded census). The
/// workers free lists that timely's threads received and allocate them again
/// step after step; with an arena per thread the freed memory of one is not
/// reused by another and the process's peak grows (8×7 on 2 processes:
/// 0.84 GB per process with the default arenas, 0.57 GB with one).
pub fn one_malloc_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets an allocator parameter (threads that already
    // have an arena keep it, which is only less effective).
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

/// Runs `f` with this process's standard output sent to standard error:
/// timely prints its connection progress with `println!`, which would mix
/// into the census's JSON lines.
fn with_stdout_on_stderr<T>(f: impl FnOnce() -> T) -> T {
    // SAFETY: dup and dup2 on the process's own standard descriptors; the
    // saved copy is put back and closed before returning.
    unsafe {
        let saved = libc::dup(1);
        if saved < 0 {
            return f();
        }
        libc::dup2(2, 1);
        let result = f();
        libc::dup2(saved, 1);
        libc::close(saved);
        result
    }
}
