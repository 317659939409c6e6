//! Triplex and BlockPuzzle solving paths: the wire text round-trips, replay
//! refuses every way a path can miss the submitted placements, and the review
//! flags catch scripted paths (constant pacing, reading order, too fast) but
//! not people's (uneven pacing, pieces tried in the wrong place and moved,
//! jumps around the rectangle).

use gridforge_game::{review_flags, PathError, Timing};
use gridforge_triplex::pack::{blockpuzzle_levels, game_levels, GameLevel};
use gridforge_triplex::path::{human_floor_ms, replay, ReplayError};
use gridforge_triplex::{
    placements_from_grid, Level, Placement, TriplexAction, TriplexEvent, TriplexPath,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn solution_of(game: &GameLevel) -> Vec<Placement> {
    placements_from_grid(&game.level, &game.solution.join("/")).unwrap()
}

fn cells_of(level: &Level, p: &Placement) -> Vec<usize> {
    p.shape
        .cells()
        .map(|(r, c)| (p.row + r) * level.width() + p.col + c)
        .collect()
}

fn place(t_ms: u64, piece: usize, cells: Vec<usize>) -> TriplexEvent {
    TriplexEvent {
        t_ms,
        action: TriplexAction::Place { piece, cells },
    }
}

fn remove(t_ms: u64, piece: usize) -> TriplexEvent {
    TriplexEvent {
        t_ms,
        action: TriplexAction::Remove { piece },
    }
}

fn timing(path: &TriplexPath) -> Timing {
    Timing {
        solve_ms: path.events.last().unwrap().t_ms + 300,
        slack_ms: 1_000,
    }
}

/// The game's first level: 4×2, `v@,H,Lnw`, solved `ccaa/cbbb`.
fn first() -> (GameLevel, Vec<Placement>) {
    let game = game_levels().unwrap().swap_remove(0);
    assert_eq!(game.level.to_string(), "4x2:v@,H,Lnw");
    let solution = solution_of(&game);
    (game, solution)
}

#[test]
fn the_wire_text_round_trips() {
    let path = TriplexPath {
        events: vec![
            place(900, 2, vec![0, 1, 4]),
            remove(2_000, 2),
            place(3_100, 0, vec![2, 3]),
            place(3_200, 255, vec![255; 16]),
        ],
    };
    let text = path.to_string();
    assert_eq!(text.parse::<TriplexPath>().unwrap(), path);
    assert!(matches!(
        "AQEBAQE".parse::<TriplexPath>(),
        Err(PathError::WrongGame { found: 1, .. })
    ));
    // A placement of 0 or 17 cells, and a cell past the largest rectangle.
    let bad = |cells: Vec<usize>| {
        TriplexPath {
            events: vec![place(5, 0, cells)],
        }
        .to_string()
        .parse::<TriplexPath>()
    };
    assert!(matches!(
        bad(vec![]),
        Err(PathError::BadValue {
            what: "cell count",
            value: 0,
            ..
        })
    ));
    assert!(matches!(
        bad(vec![0; 17]),
        Err(PathError::BadValue {
            what: "cell count",
            value: 17,
            ..
        })
    ));
    assert!(matches!(
        bad(vec![256]),
        Err(PathError::BadValue {
            what: "cell",
            value: 256,
            ..
        })
    ));
}

#[test]
fn replay_refuses_paths_that_miss_the_placements() {
    let (game, solution) = first();
    let level = &game.level;
    let good: Vec<TriplexEvent> = solution
        .iter()
        .enumerate()
        .map(|(i, p)| place(1_000 * (i as u64 + 1), p.piece, cells_of(level, p)))
        .collect();
    let end = good.last().unwrap().t_ms;
    let fine = Timing {
        solve_ms: end + 100,
        slack_ms: 1_000,
    };
    let run = |events: Vec<TriplexEvent>| replay(level, &solution, &TriplexPath { events }, fine);
    let stats = run(good.clone()).unwrap();
    assert_eq!(
        (stats.events, stats.placements, stats.corrections),
        (3, 3, 0)
    );

    let before = |event: TriplexEvent| {
        let mut events = vec![event];
        events.extend(good.iter().cloned());
        run(events)
    };
    assert_eq!(
        before(place(10, 3, vec![0, 1])),
        Err(ReplayError::UnknownPiece { event: 0, piece: 3 })
    );
    assert_eq!(
        before(place(10, 0, vec![7, 8])),
        Err(ReplayError::OutsideRectangle { event: 0, cell: 8 })
    );
    // The H piece (index 1: three across) laid down, and cells not joined.
    let h = solution[1].piece;
    assert_eq!(
        before(place(10, h, vec![0, 4])),
        Err(ReplayError::WrongShape { event: 0, piece: h })
    );
    assert_eq!(
        before(place(10, h, vec![0, 2, 3])),
        Err(ReplayError::WrongShape { event: 0, piece: h })
    );
    // Removing a piece that is not in the rectangle.
    assert_eq!(
        before(remove(10, 0)),
        Err(ReplayError::NoChange { event: 0, piece: 0 })
    );
    // Laying a piece where it already lies.
    let mut twice = good.clone();
    twice.push(TriplexEvent {
        t_ms: end + 50,
        ..good[2].clone()
    });
    assert!(matches!(
        run(twice),
        Err(ReplayError::NoChange { event: 3, .. })
    ));
    // Two pieces on one cell: the second piece shifted onto the first.
    let mut overlap = good.clone();
    let first_cells = cells_of(level, &solution[0]);
    let shifted = (0..level.height())
        .flat_map(|row| (0..level.width()).map(move |col| (row, col)))
        .map(|(row, col)| Placement {
            row,
            col,
            ..solution[1].clone()
        })
        .find(|p| {
            p.row + p.shape.height() <= level.height()
                && p.col + p.shape.width() <= level.width()
                && cells_of(level, p).iter().any(|c| first_cells.contains(c))
        })
        .unwrap();
    overlap.insert(
        1,
        place(1_500, solution[1].piece, cells_of(level, &shifted)),
    );
    assert!(matches!(
        run(overlap),
        Err(ReplayError::Overlap { event: 1, .. })
    ));
    // Stopping a piece short, and taking one out at the end.
    assert_eq!(
        run(good[..2].to_vec()),
        Err(ReplayError::EndsElsewhere {
            piece: solution[2].piece
        })
    );
    let mut out = good.clone();
    out.push(remove(end + 50, solution[0].piece));
    assert!(matches!(run(out), Err(ReplayError::EndsElsewhere { .. })));
    // Submitted placements that are no solution, and an end far from the
    // solve's time.
    assert_eq!(
        replay(
            level,
            &solution[..2],
            &TriplexPath {
                events: good.clone()
            },
            fine
        ),
        Err(ReplayError::NotASolution)
    );
    let late = Timing {
        solve_ms: end + 5_000,
        slack_ms: 1_000,
    };
    assert!(matches!(
        replay(level, &solution, &TriplexPath { events: good }, late),
        Err(ReplayError::EndTime { .. })
    ));
}

/// A log-normal gap around `median_ms` (Box–Muller), as people's are.
fn human_gap(rng: &mut ChaCha8Rng, median_ms: f64, sigma: f64) -> u64 {
    let (u1, u2): (f64, f64) = (rng.random::<f64>().max(1e-12), rng.random());
    let normal = (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos();
    (median_ms * (sigma * normal).exp()).max(1.0) as u64 + 1
}

/// A person: pieces in a wandering order at an uneven pace; with
/// probability `slips` a piece is first tried somewhere free but wrong and
/// set right later (taken out when another piece needs its cells).
fn human(level: &Level, solution: &[Placement], seed: u64, sigma: f64, slips: f64) -> TriplexPath {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let area = level.width() * level.height();
    let mut owner: Vec<Option<usize>> = vec![None; area];
    let mut queue: Vec<&Placement> = solution.iter().collect();
    queue.shuffle(&mut rng);
    let mut tried = vec![false; level.pieces().len()];
    let mut events = Vec::new();
    let mut t = 5_000;
    let lay = |owner: &mut Vec<Option<usize>>, piece, cells: Vec<usize>, t| {
        for slot in owner.iter_mut().filter(|o| **o == Some(piece)) {
            *slot = None;
        }
        for &c in &cells {
            owner[c] = Some(piece);
        }
        place(t, piece, cells)
    };
    while let Some(p) = queue.pop() {
        t += human_gap(&mut rng, 3_000.0, sigma);
        if !tried[p.piece] && rng.random_bool(slips) {
            tried[p.piece] = true;
            let right = cells_of(level, p);
            let wrong = (0..level.height())
                .flat_map(|row| (0..level.width()).map(move |col| (row, col)))
                .find_map(|(row, col)| {
                    let spot = Placement {
                        row,
                        col,
                        ..p.clone()
                    };
                    let cells: Vec<usize> = p
                        .shape
                        .cells()
                        .map(|(r, c)| (row + r, col + c))
                        .filter(|&(r, c)| r < level.height() && c < level.width())
                        .map(|(r, c)| r * level.width() + c)
                        .collect();
                    (cells.len() == p.shape.size()
                        && cells != right
                        && cells.iter().all(|&c| owner[c].is_none()))
                    .then(|| cells_of(level, &spot))
                });
            if let Some(cells) = wrong {
                events.push(lay(&mut owner, p.piece, cells, t));
                let at = rng.random_range(0..=queue.len());
                queue.insert(at, p);
                continue;
            }
        }
        let right = cells_of(level, p);
        for &c in &right {
            if let Some(other) = owner[c].filter(|&o| o != p.piece) {
                for slot in owner.iter_mut().filter(|o| **o == Some(other)) {
                    *slot = None;
                }
                events.push(remove(t, other));
                t += human_gap(&mut rng, 1_500.0, sigma);
            }
        }
        events.push(lay(&mut owner, p.piece, right, t));
    }
    TriplexPath { events }
}

/// Lays the pieces of `order` right, one gap from `gap` before each.
fn script(level: &Level, order: &[&Placement], mut gap: impl FnMut(usize) -> u64) -> TriplexPath {
    let mut t = 0;
    let events = order
        .iter()
        .enumerate()
        .map(|(i, p)| {
            t += gap(i);
            place(t, p.piece, cells_of(level, p))
        })
        .collect();
    TriplexPath { events }
}

fn flags_of(game: &GameLevel, solution: &[Placement], path: &TriplexPath) -> Vec<&'static str> {
    let floor = human_floor_ms(&game.level, game.difficulty);
    let time = timing(path);
    let stats = replay(&game.level, solution, path, time).unwrap();
    review_flags(&stats, time.solve_ms, floor)
        .iter()
        .map(|f| f.code())
        .collect()
}

/// Big levels of both families: the game's three hardest (8×8 and 9×7,
/// over 20 pieces) and BlockPuzzle's last.
fn big_levels() -> Vec<(GameLevel, Vec<Placement>)> {
    let mut levels = game_levels().unwrap();
    let mut chosen: Vec<GameLevel> = levels.split_off(levels.len() - 3);
    chosen.push(blockpuzzle_levels().unwrap().pop().unwrap());
    chosen
        .into_iter()
        .map(|game| {
            let solution = solution_of(&game);
            (game, solution)
        })
        .collect()
}

#[test]
fn people_solving_are_not_flagged() {
    for (game, solution) in big_levels() {
        for seed in 0..10 {
            for sigma in [0.6, 1.0] {
                for slips in [0.0, 0.15] {
                    let path = human(&game.level, &solution, seed, sigma, slips);
                    assert_eq!(
                        flags_of(&game, &solution, &path),
                        Vec::<&str>::new(),
                        "{} seed {seed} sigma {sigma} slips {slips}",
                        game.level
                    );
                }
            }
        }
    }
}

#[test]
fn scripted_paths_are_flagged() {
    for (game, solution) in big_levels() {
        let level = &game.level;
        let floor = human_floor_ms(level, game.difficulty);
        let per_piece = floor / solution.len() as u64 + 300;
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut shuffled: Vec<&Placement> = solution.iter().collect();
        shuffled.shuffle(&mut rng);
        let metronome = script(level, &shuffled, |_| {
            per_piece + rng.random_range(0..per_piece / 5)
        });
        assert_eq!(
            flags_of(&game, &solution, &metronome),
            ["mechanical_pacing"],
            "{level}"
        );

        // In reading order of the pieces' first cells, at a person's pace.
        let mut reading: Vec<&Placement> = solution.iter().collect();
        reading.sort_by_key(|p| cells_of(level, p).into_iter().min());
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let path = script(level, &reading, |_| human_gap(&mut rng, 3_000.0, 1.0));
        assert_eq!(
            flags_of(&game, &solution, &path),
            ["reading_order"],
            "{level}"
        );

        // The old minimum, 250 ms a piece, with a person's order and pace.
        let mut fast = human(level, &solution, 4, 1.0, 0.15);
        let end = fast.events.last().unwrap().t_ms;
        let target = 250 * solution.len() as u64;
        let mut last = 0;
        for e in &mut fast.events {
            e.t_ms = (e.t_ms * target / end).max(last + 1);
            last = e.t_ms;
        }
        assert_eq!(
            flags_of(&game, &solution, &fast),
            ["below_human_floor"],
            "{level}"
        );
    }
}

#[test]
fn the_floor_grows_with_pieces_and_difficulty() {
    let (game, _) = first();
    let small = human_floor_ms(&game.level, game.difficulty);
    assert!(small > 250 * 3 * 4, "{small} ms: the old rule gave 750");
    let hardest = game_levels().unwrap().pop().unwrap();
    let big = human_floor_ms(&hardest.level, hardest.difficulty);
    assert!(big > small * 4, "{big} vs {small}");
    assert!(human_floor_ms(&game.level, 1 << 20) > small);
}

/// The attacker's script: random well-formed paths of random placements
/// thrown at the replay of level 1 and of a big level; each is answered with
/// a value or an error, never a panic, and one that passes really ends with
/// every piece where the solution puts it.
#[test]
fn random_paths_are_answered_never_panic() {
    use gridforge_game::path::{PathGame, PathWriter};
    let mut rng = ChaCha8Rng::seed_from_u64(98);
    let (game, solution) = first();
    let mut levels = vec![(game, solution)];
    levels.extend(big_levels().into_iter().take(1));
    let mut replayed = 0;
    for (game, solution) in &levels {
        let area = game.level.width() * game.level.height();
        let pieces = solution.len();
        for _ in 0..20_000 {
            let events = rng.random_range(1..8);
            let mut w = PathWriter::new(PathGame::Triplex, events);
            let mut t = 0;
            for _ in 0..events {
                t += rng.random_range(0..3_000);
                w.event(t);
                let piece = rng.random_range(0..pieces + 1);
                if rng.random_bool(0.2) {
                    w.varint(piece as u64 * 2);
                    continue;
                }
                w.varint(piece as u64 * 2 + 1);
                // Half the time a piece's own cells, else random ones.
                let cells = match solution.get(piece) {
                    Some(p) if rng.random_bool(0.5) => cells_of(&game.level, p),
                    _ => (0..rng.random_range(0..5))
                        .map(|_| rng.random_range(0..area + 2))
                        .collect(),
                };
                w.varint(cells.len() as u64);
                for c in cells {
                    w.varint(c as u64);
                }
            }
            let Ok(path) = w.finish().parse::<TriplexPath>() else {
                continue;
            };
            let timing = Timing {
                solve_ms: t + 100,
                slack_ms: 1_000,
            };
            if replay(&game.level, solution, &path, timing).is_ok() {
                replayed += 1;
                for p in solution {
                    let last = path.events.iter().rev().find_map(|e| match &e.action {
                        TriplexAction::Place { piece, cells } if *piece == p.piece => {
                            Some(cells.clone())
                        }
                        _ => None,
                    });
                    let mut last = last.unwrap();
                    last.sort_unstable();
                    let mut right = cells_of(&game.level, p);
                    right.sort_unstable();
                    assert_eq!(last, right, "{path:?}");
                }
            }
        }
    }
    assert!(replayed > 0, "no random path solved level 1");
}
