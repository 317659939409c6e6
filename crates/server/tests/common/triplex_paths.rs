//! Triplex and BlockPuzzle solving paths for the API tests (issue 38): a
//! person's path to a level's solution, built with the Triplex library's
//! path type, so the wire text is the library's. Shared by the server's
//! tests and, by path, the binary's (`tests/common/server.rs`).

// Each test file uses its own part.
#![allow(dead_code)]

use gridforge_triplex::{LevelRecord, TriplexAction, TriplexEvent, TriplexPath};

/// A person's path to `record`'s solution ending at `end_ms` after the
/// start ([`person_path_of_cells`]).
pub fn person_path(record: &LevelRecord, end_ms: u64) -> String {
    person_path_of_cells(&record.solution_cells(), record.width, end_ms)
}

/// A person's path laying piece k on `cells[k]` (`[row, col]` in a
/// rectangle `width` wide) ending at `end_ms` after the start: the pieces
/// from the rectangle's far end back (against reading order, which a
/// script's fill follows), the last one taken off and put back (a
/// correction), uneven gaps. `end_ms` must exceed twice the pieces'
/// count, so every gap is at least 1 ms.
pub fn person_path_of_cells(cells: &[Vec<[usize; 2]>], width: usize, end_ms: u64) -> String {
    let index = |&[r, c]: &[usize; 2]| r * width + c;
    let place = |piece: usize| TriplexAction::Place {
        piece,
        cells: cells[piece].iter().map(index).collect(),
    };
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(cells[k].iter().map(index).min()));
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

/// When a Triplex start token was issued, Unix ms: its hex holds the level
/// (4 bytes), then the issue time (8 bytes, big-endian).
pub fn issued_at(token: &str) -> u64 {
    u64::from_str_radix(&token[8..24], 16).expect("a token's issue time")
}
