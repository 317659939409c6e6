//! Triplex and BlockPuzzle solving paths for the API tests (issue 38): a
//! person's path to a level's solution, built with the Triplex library's
//! path type, so the wire text is the library's. Shared by the server's
//! tests and, by path, the binary's (`tests/common/server.rs`).

// Each test file uses its own part.
#![allow(dead_code)]

use gridforge_triplex::{LevelRecord, TriplexAction, TriplexEvent, TriplexPath};

/// A person's path to `record`'s solution ending at `end_ms` after the
/// start: the pieces in a shuffled order (from `seed`; no reading order),
/// the last one taken off and put back (a correction), uneven gaps.
/// `end_ms` must exceed twice the pieces' count, so every gap is at least
/// 1 ms.
pub fn person_path(record: &LevelRecord, seed: u64, end_ms: u64) -> String {
    let cells = record.solution_cells();
    let width = record.width;
    let place = |piece: usize| TriplexAction::Place {
        piece,
        cells: cells[piece].iter().map(|[r, c]| r * width + c).collect(),
    };
    let mut order: Vec<usize> = (0..cells.len()).collect();
    let mut state = seed * 0x9E37_79B9 + 1;
    for i in (1..order.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        order.swap(i, (state % (i as u64 + 1)) as usize);
    }
    let mut actions: Vec<TriplexAction> = order.iter().map(|&piece| place(piece)).collect();
    let last = *order.last().unwrap();
    actions.push(TriplexAction::Remove { piece: last });
    actions.push(place(last));
    let count = actions.len() as u64;
    let step = end_ms / (count + 1);
    let events = actions
        .into_iter()
        .enumerate()
        .map(|(i, action)| {
            let i = i as u64;
            let jitter = (i * 7_919) % (step / 2).max(1);
            TriplexEvent {
                t_ms: if i + 1 == count {
                    end_ms
                } else {
                    step * (i + 1) - jitter
                },
                action,
            }
        })
        .collect();
    TriplexPath { events }.to_string()
}
