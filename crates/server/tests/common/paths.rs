//! Solving paths for the API tests (issue 38): a person's path (digits in a
//! shuffled order, one overwritten, uneven gaps) and the bots' paths the
//! review must hold, all ending at a given time since the start. Built with
//! the Kakuro library's path type, so the wire text is the library's.

// Each test file uses its own part.
#![allow(dead_code)]

use gridforge_kakuro::{KakuroEvent, KakuroPath};

/// The digit cells of a solution text (`generate --json`'s `solution`) as
/// (row * cols + col, digit), in reading order; none for a text that is
/// not a solution (a test's broken grid).
pub fn digit_cells(grid: &str) -> Vec<(usize, u8)> {
    let Ok(solution) = grid.parse::<gridforge_kakuro::Solution>() else {
        return Vec::new();
    };
    solution
        .digits()
        .iter()
        .enumerate()
        .filter(|(_, &d)| d != 0)
        .map(|(cell, &d)| (cell, d))
        .collect()
}

/// The human floor of a daily's puzzle text, as the server derives it.
pub fn floor_ms(puzzle: &str) -> u64 {
    let board: gridforge_kakuro::Board = puzzle.parse().expect("the daily parses");
    gridforge_kakuro::path::human_floor_ms(&board).expect("rated")
}

/// A small seeded generator.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Times for `n` events with the gaps' `weights`, the last at `end_ms`.
fn times(weights: &[u64], end_ms: u64) -> Vec<u64> {
    let total: u64 = weights.iter().sum();
    let mut at = 0;
    let mut out = Vec::with_capacity(weights.len());
    for (i, w) in weights.iter().enumerate() {
        at += w;
        let t = if i + 1 == weights.len() {
            end_ms
        } else {
            end_ms * at / total
        };
        let last = out.last().copied().unwrap_or(0);
        out.push(t.max(last + 1));
    }
    out
}

fn text(events: Vec<(usize, Option<u8>)>, times: Vec<u64>) -> String {
    KakuroPath {
        events: events
            .into_iter()
            .zip(times)
            .map(|((cell, digit), t_ms)| KakuroEvent { t_ms, cell, digit })
            .collect(),
    }
    .to_string()
}

/// A person's path: the digits in a shuffled order, the first one written
/// wrong and corrected at the end, gaps of 1 to 8 units.
pub fn person_path(grid: &str, end_ms: u64, seed: u64) -> String {
    let mut state = seed | 1;
    let mut cells = digit_cells(grid);
    if cells.is_empty() {
        return String::new();
    }
    for i in (1..cells.len()).rev() {
        let j = (next(&mut state) % (i as u64 + 1)) as usize;
        cells.swap(i, j);
    }
    let (first_cell, first_digit) = cells[0];
    let mut events = vec![(first_cell, Some(first_digit % 9 + 1))];
    events.extend(cells[1..].iter().map(|&(c, d)| (c, Some(d))));
    events.push((first_cell, Some(first_digit)));
    let weights: Vec<u64> = (0..events.len())
        .map(|_| 1 + next(&mut state) % 8)
        .collect();
    text(events, times(&weights, end_ms))
}

/// A metronome bot's path: the digits in a shuffled order, no correction,
/// equal gaps.
pub fn metronome_path(grid: &str, end_ms: u64, seed: u64) -> String {
    let mut state = seed | 1;
    let mut cells = digit_cells(grid);
    for i in (1..cells.len()).rev() {
        let j = (next(&mut state) % (i as u64 + 1)) as usize;
        cells.swap(i, j);
    }
    let events: Vec<_> = cells.iter().map(|&(c, d)| (c, Some(d))).collect();
    let weights = vec![1; events.len()];
    text(events, times(&weights, end_ms))
}

/// A reading-order bot's path: every digit in reading order, uneven gaps,
/// one correction (so its pacing alone would pass).
pub fn reading_order_path(grid: &str, end_ms: u64, seed: u64) -> String {
    let mut state = seed | 1;
    let cells = digit_cells(grid);
    let mut events: Vec<_> = cells.iter().map(|&(c, d)| (c, Some(d))).collect();
    let (c0, d0) = cells[0];
    events.insert(0, (c0, Some(d0 % 9 + 1)));
    let weights: Vec<u64> = (0..events.len())
        .map(|_| 1 + next(&mut state) % 8)
        .collect();
    text(events, times(&weights, end_ms))
}
