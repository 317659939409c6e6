//! Kakuro solving paths: the wire text round-trips, replay refuses every way a
//! path can miss the solution, and the review flags catch scripted paths
//! (constant pacing, reading order, too fast) but not people's (varied
//! pacing, erases, jumps around the grid).

use gridforge_kakuro::path::{human_floor_ms, replay, ReplayError, MOTOR_MS_PER_CELL};
use gridforge_kakuro::{
    generate, review_flags, Board, Difficulty, KakuroEvent, KakuroPath, PathError, RectParams,
    Solution, Timing,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn tiny() -> (Board, Solution) {
    (
        "3 3\n- 4, 6,\n,3 0 0\n,7 0 0".parse().unwrap(),
        "3 3\n- - -\n- 1 2\n- 3 4".parse().unwrap(),
    )
}

fn event(t_ms: u64, cell: usize, digit: u8) -> KakuroEvent {
    KakuroEvent {
        t_ms,
        cell,
        digit: (digit != 0).then_some(digit),
    }
}

fn timing(path: &KakuroPath) -> Timing {
    Timing {
        solve_ms: path.events.last().unwrap().t_ms + 300,
        slack_ms: 1_000,
    }
}

#[test]
fn the_wire_text_round_trips_and_is_compact() {
    let path = KakuroPath {
        events: vec![
            event(1_000, 4, 2),
            event(2_500, 4, 1),
            event(4_000, 5, 2),
            event(6_000, 7, 3),
            event(8_500, 8, 4),
            event(9_000, 8, 0),
            event(700_000, 8, 4),
        ],
    };
    let text = path.to_string();
    assert_eq!(text.parse::<KakuroPath>().unwrap(), path);
    assert!(text.len() < 40, "{text}");
    // A Triplex path is not a Kakuro path.
    assert!(matches!(
        "AQIBAQE".parse::<KakuroPath>(),
        Err(PathError::WrongGame { found: 2, .. })
    ));
}

#[test]
fn replay_counts_what_the_player_did() {
    let (puzzle, solution) = tiny();
    let path = KakuroPath {
        events: vec![
            event(1_000, 4, 2),
            event(2_500, 4, 1),
            event(4_000, 5, 2),
            event(6_000, 7, 3),
            event(7_000, 8, 5),
            event(7_500, 8, 0),
            event(8_500, 8, 4),
        ],
    };
    let stats = replay(&puzzle, &solution, &path, timing(&path)).unwrap();
    assert_eq!(stats.events, 7);
    assert_eq!(stats.placements, 6);
    assert_eq!(stats.corrections, 2, "an overwrite and an erase");
    assert_eq!(stats.duration_ms, 8_500);
}

#[test]
fn replay_refuses_paths_that_miss_the_solution() {
    let (puzzle, solution) = tiny();
    let good = vec![
        event(1_000, 4, 1),
        event(2_000, 5, 2),
        event(3_000, 7, 3),
        event(4_000, 8, 4),
    ];
    let run = |events: Vec<KakuroEvent>, timing: Timing| {
        replay(&puzzle, &solution, &KakuroPath { events }, timing)
    };
    let fine = Timing {
        solve_ms: 4_200,
        slack_ms: 1_000,
    };
    assert!(run(good.clone(), fine).is_ok());
    // A clue cell, and a cell past the board.
    let mut clue = good.clone();
    clue.insert(0, event(500, 1, 3));
    assert_eq!(
        run(clue, fine),
        Err(ReplayError::NotADigitCell { event: 0, cell: 1 })
    );
    let mut outside = good.clone();
    outside.insert(0, event(500, 9, 3));
    assert!(matches!(
        run(outside, fine),
        Err(ReplayError::NotADigitCell { cell: 9, .. })
    ));
    // Erasing an empty cell changes nothing.
    let mut noop = good.clone();
    noop.insert(0, event(500, 4, 0));
    assert_eq!(
        run(noop, fine),
        Err(ReplayError::NoChange { event: 0, cell: 4 })
    );
    // A path that stops one digit short, or ends on a wrong digit.
    assert_eq!(
        run(good[..3].to_vec(), fine),
        Err(ReplayError::EndsElsewhere { row: 2, col: 2 })
    );
    let mut wrong = good.clone();
    wrong[3].digit = Some(5);
    assert_eq!(
        run(wrong, fine),
        Err(ReplayError::EndsElsewhere { row: 2, col: 2 })
    );
    // The solve took 10 s by the server's clock: a path ending at 4 s is off.
    let late = Timing {
        solve_ms: 10_000,
        slack_ms: 1_000,
    };
    assert!(matches!(
        run(good.clone(), late),
        Err(ReplayError::EndTime { last_ms: 4_000, .. })
    ));
    // The last event after the solve's time.
    let early = Timing {
        solve_ms: 3_999,
        slack_ms: 1_000,
    };
    assert!(matches!(run(good, early), Err(ReplayError::EndTime { .. })));
    // A solution of another shape.
    let other: Solution = "3 4\n- - - -\n- 1 2 -\n- 3 4 -".parse().unwrap();
    assert_eq!(
        replay(&puzzle, &other, &KakuroPath::default(), fine),
        Err(ReplayError::SolutionShape)
    );
}

/// A daily-sized puzzle (the server's Medium daily is 12×12).
fn daily() -> (Board, Solution) {
    let made = generate(&RectParams::square(12, Difficulty::Medium).unwrap(), 38).unwrap();
    (made.puzzle, made.solution)
}

fn digit_cells(puzzle: &Board) -> Vec<usize> {
    (0..puzzle.cells().len())
        .filter(|&i| puzzle.cells()[i].is_digit_cell())
        .collect()
}

/// A log-normal gap around `median_ms` (Box–Muller), as people's are.
fn human_gap(rng: &mut ChaCha8Rng, median_ms: f64, sigma: f64) -> u64 {
    let (u1, u2): (f64, f64) = (rng.random::<f64>().max(1e-12), rng.random());
    let normal = (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos();
    (median_ms * (sigma * normal).exp()).max(1.0) as u64 + 1
}

/// Fills `order` with the solution's digits, one gap from `gap` before each.
fn fill(solution: &Solution, order: &[usize], mut gap: impl FnMut(usize) -> u64) -> KakuroPath {
    let mut t = 0;
    let events = order
        .iter()
        .enumerate()
        .map(|(i, &cell)| {
            t += gap(i);
            event(t, cell, solution.digits()[cell])
        })
        .collect();
    KakuroPath { events }
}

/// A person: cells in a wandering order, log-normal pacing, and (with
/// probability `slips` a cell) a wrong digit written and put right later.
fn human(puzzle: &Board, solution: &Solution, seed: u64, sigma: f64, slips: f64) -> KakuroPath {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut order = digit_cells(puzzle);
    order.shuffle(&mut rng);
    let mut events = Vec::new();
    let mut t = 20_000;
    for &cell in &order {
        let right = solution.digits()[cell];
        if rng.random_bool(slips) {
            t += human_gap(&mut rng, 4_000.0, sigma);
            events.push(event(t, cell, right % 9 + 1));
            if rng.random_bool(0.5) {
                t += human_gap(&mut rng, 2_000.0, sigma);
                events.push(event(t, cell, 0));
            }
        }
        t += human_gap(&mut rng, 4_000.0, sigma);
        events.push(event(t, cell, right));
    }
    KakuroPath { events }
}

fn flags_of(puzzle: &Board, solution: &Solution, path: &KakuroPath) -> Vec<&'static str> {
    let floor = human_floor_ms(puzzle).unwrap();
    let time = timing(path);
    let stats = replay(puzzle, solution, path, time).unwrap();
    review_flags(&stats, time.solve_ms, floor)
        .iter()
        .map(|f| f.code())
        .collect()
}

#[test]
fn people_solving_are_not_flagged() {
    let (puzzle, solution) = daily();
    for seed in 0..20 {
        for sigma in [0.6, 0.9, 1.3] {
            // Also people who never slip: steady pacing alone is no flag.
            for slips in [0.0, 0.12] {
                let path = human(&puzzle, &solution, seed, sigma, slips);
                assert_eq!(
                    flags_of(&puzzle, &solution, &path),
                    Vec::<&str>::new(),
                    "seed {seed}, sigma {sigma}, slips {slips}"
                );
            }
        }
    }
}

#[test]
fn scripted_paths_are_flagged() {
    let (puzzle, solution) = daily();
    let cells = digit_cells(&puzzle);
    let floor = human_floor_ms(&puzzle).unwrap();
    let per_cell = floor / cells.len() as u64 + 200;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut shuffled = cells.clone();
    shuffled.shuffle(&mut rng);

    // A metronome in a random order, slow enough to pass the floor, with
    // ±20 % jitter, and the same with a few long pauses thrown in.
    let metronome = fill(&solution, &shuffled, |_| {
        per_cell * 4 / 5 + rng.random_range(0..per_cell * 2 / 5)
    });
    assert_eq!(
        flags_of(&puzzle, &solution, &metronome),
        ["mechanical_pacing"]
    );
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let paused = fill(&solution, &shuffled, |i| {
        if i % 15 == 7 {
            60_000
        } else {
            per_cell + rng.random_range(0..per_cell / 10)
        }
    });
    assert_eq!(flags_of(&puzzle, &solution, &paused), ["mechanical_pacing"]);

    // Reading order, row by row, at a person's uneven pace.
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let reading = fill(&solution, &cells, |_| human_gap(&mut rng, 4_000.0, 1.0));
    assert_eq!(flags_of(&puzzle, &solution, &reading), ["reading_order"]);
    // Column by column is a fill too.
    let mut by_column = cells.clone();
    by_column.sort_by_key(|&i| (i % puzzle.cols(), i / puzzle.cols()));
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let columns = fill(&solution, &by_column, |_| human_gap(&mut rng, 4_000.0, 1.0));
    assert_eq!(flags_of(&puzzle, &solution, &columns), ["reading_order"]);

    // A human-like path, too fast: the old minimum of 150 ms a cell, and the
    // floor minus one ms.
    let mut fast = human(&puzzle, &solution, 3, 0.9, 0.12);
    let end = fast.events.last().unwrap().t_ms;
    let target = 150 * cells.len() as u64;
    let mut last = 0;
    for e in &mut fast.events {
        e.t_ms = (e.t_ms * target / end).max(last + 1);
        last = e.t_ms;
    }
    assert_eq!(flags_of(&puzzle, &solution, &fast), ["below_human_floor"]);
    let stats = replay(&puzzle, &solution, &fast, timing(&fast)).unwrap();
    assert_eq!(
        review_flags(&stats, floor - 1, floor)
            .iter()
            .map(|f| f.code())
            .collect::<Vec<_>>(),
        ["below_human_floor"]
    );
    assert!(review_flags(&stats, floor, floor).is_empty());
}

#[test]
fn the_floor_grows_with_the_puzzle_and_beats_the_old_minimum() {
    let floor = |side, difficulty| {
        let made = generate(&RectParams::square(side, difficulty).unwrap(), 5).unwrap();
        let cells = digit_cells(&made.puzzle).len() as u64;
        (human_floor_ms(&made.puzzle).unwrap(), cells)
    };
    let (easy, easy_cells) = floor(8, Difficulty::Easy);
    let (expert, expert_cells) = floor(12, Difficulty::Expert);
    assert!(
        easy > easy_cells * MOTOR_MS_PER_CELL,
        "thinking adds to typing"
    );
    assert!(
        easy > 150 * easy_cells * 2,
        "{easy} ms for {easy_cells} cells"
    );
    assert!(expert > easy * 2, "{expert} vs {easy}");
    assert!(
        expert / expert_cells > easy / easy_cells,
        "harder techniques cost more a cell"
    );
    // A filled-in board gives the floor of its puzzle.
    let made = generate(&RectParams::square(8, Difficulty::Easy).unwrap(), 5).unwrap();
    let filled = made.puzzle.filled_with(&made.solution).unwrap();
    assert_eq!(human_floor_ms(&filled).unwrap(), easy);
}

/// The attacker's script: random texts and random well-formed paths thrown at
/// the parser and the replay; each is answered with a value or an error,
/// never a panic, and a replay that passes really ends at the solution.
#[test]
fn random_paths_are_answered_never_panic() {
    use gridforge_game::path::{PathGame, PathWriter};
    let (puzzle, solution) = tiny();
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    const ALPHABET: &[u8] =
        b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/ \xc3\xa9";
    for _ in 0..20_000 {
        let len = rng.random_range(0..40);
        let bytes: Vec<u8> = (0..len)
            .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())])
            .collect();
        let _ = String::from_utf8_lossy(&bytes).parse::<KakuroPath>();
    }
    let mut replayed = 0;
    for _ in 0..20_000 {
        let events = rng.random_range(1..10);
        let mut w = PathWriter::new(PathGame::Kakuro, events);
        let mut t = 0;
        for _ in 0..events {
            t += rng.random_range(0..3_000);
            w.event(t);
            // Mostly the four digit cells and small digits, so some paths solve.
            let cell = [4, 5, 7, 8, rng.random_range(0..12)][rng.random_range(0..5)];
            w.varint(cell * 10 + rng.random_range(0..5));
        }
        if let Ok(path) = w.finish().parse::<KakuroPath>() {
            let timing = Timing {
                solve_ms: t + 100,
                slack_ms: 1_000,
            };
            if replay(&puzzle, &solution, &path, timing).is_ok() {
                replayed += 1;
                let mut board = [0u8; 9];
                for e in path.events.iter() {
                    board[e.cell] = e.digit.unwrap_or(0);
                }
                assert_eq!(&board[..], solution.digits(), "{path:?}");
            }
        }
    }
    assert!(replayed > 0, "no random path solved the 2×2");
}
