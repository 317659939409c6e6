//! The search solver (counts, budgets), the logical solver's grading, validation
//! and the candidates hint, on small puzzles worked out by hand.

use gridforge_kakuro::{
    candidates, rate, solve, solve_logically, validate, Board, Difficulty, DigitSet, Direction,
    LogicOutcome, SolveError, Technique, Uniqueness, ViolationKind,
};

/// a+b = 3, c+d = 7, a+c = 4, b+d = 6: only 1 2 / 3 4.
const UNIQUE: &str = "3 3\n- 4, 6,\n,3 0 0\n,7 0 0";
/// Every sum 3: 1 2 / 2 1 and 2 1 / 1 2.
const TWO: &str = "3 3\n- 3, 3,\n,3 0 0\n,3 0 0";

fn board(text: &str) -> Board {
    text.parse().unwrap()
}

/// A 10×10 board whose 81 inner cells are all digit cells: every run is 9
/// cells summing to 45, and every 9×9 Latin square solves it.
fn latin_board() -> Board {
    let mut rows = vec![format!("- {}", ["45,"; 9].join(" "))];
    rows.extend((0..9).map(|_| format!(",45 {}", ["0"; 9].join(" "))));
    board(&format!("10 10\n{}", rows.join("\n")))
}

#[test]
fn unique_puzzle() {
    let outcome = solve(&board(UNIQUE), 2, 1000).unwrap();
    assert_eq!(outcome.uniqueness(), Uniqueness::Unique);
    assert_eq!(outcome.solutions[0].to_string(), "3 3\n- - -\n- 1 2\n- 3 4");
}

#[test]
fn two_solutions_are_both_found() {
    let outcome = solve(&board(TWO), 2, 1000).unwrap();
    assert_eq!(outcome.uniqueness(), Uniqueness::Several);
    let mut found: Vec<String> = outcome.solutions.iter().map(|s| s.to_string()).collect();
    found.sort();
    assert_eq!(
        found,
        ["3 3\n- - -\n- 1 2\n- 2 1", "3 3\n- - -\n- 2 1\n- 1 2"]
    );
    // With limit 1 the search stops at the first, and one solution found
    // proves nothing about a second: not "unique".
    let first = solve(&board(TWO), 1, 1000).unwrap();
    assert_eq!(first.solutions.len(), 1);
    assert_eq!(first.uniqueness(), Uniqueness::AtLeastOne);
    assert_eq!(
        solve(&board(UNIQUE), 1, 1000).unwrap().uniqueness(),
        Uniqueness::AtLeastOne
    );
}

#[test]
fn written_digits_are_kept_and_can_leave_no_solution() {
    let mut puzzle = board(TWO);
    puzzle.set_digit(1, 1, Some(2)).unwrap();
    let outcome = solve(&puzzle, 2, 1000).unwrap();
    assert_eq!(outcome.uniqueness(), Uniqueness::Unique);
    assert_eq!(outcome.solutions[0].digit(1, 1), Some(2));

    let mut wrong = board(UNIQUE);
    wrong.set_digit(1, 1, Some(2)).unwrap();
    let outcome = solve(&wrong, 2, 1000).unwrap();
    assert_eq!(outcome.uniqueness(), Uniqueness::None);
    assert!(outcome.solutions.is_empty());
}

#[test]
fn node_budget_turns_a_runaway_search_into_an_error() {
    let latin = latin_board();
    match solve(&latin, 1_000_000, 50) {
        Err(SolveError::BudgetExceeded { budget, stats, .. }) => {
            assert_eq!(budget, 50);
            assert!(stats.nodes > 50);
        }
        other => panic!("expected the budget to run out, got {other:?}"),
    }
    // The same board with room enough finds two solutions.
    let outcome = solve(&latin, 2, 100_000).unwrap();
    assert_eq!(outcome.uniqueness(), Uniqueness::Several);
    assert!(matches!(solve(&latin, 0, 100), Err(SolveError::ZeroLimit)));
}

#[test]
fn logical_solver_grades_easy_puzzles() {
    let report = rate(&board(UNIQUE));
    assert_eq!(report.difficulty(), Some(Difficulty::Easy));
    assert_eq!(report.hardest, Some(Technique::RunDigits));
    assert!(matches!(report.outcome, LogicOutcome::Solved(_)));
    assert_eq!(report.open_cells, 0);
}

#[test]
fn logical_solver_reports_when_it_must_guess() {
    let report = rate(&board(TWO));
    assert_eq!(report.outcome, LogicOutcome::Stuck);
    assert_eq!(report.difficulty(), None);
    assert_eq!(report.open_cells, 4);
    assert_eq!(report.candidates.get(1, 1), DigitSet::from_bits(0b110));
}

#[test]
fn each_level_needs_its_techniques() {
    // A puzzle of each difficulty is solved with the techniques of its level
    // and every harder one, and with no easier level.
    for difficulty in Difficulty::ALL {
        let made = gridforge_kakuro::generate(
            &gridforge_kakuro::RectParams {
                rows: 10,
                cols: 10,
                difficulty,
            },
            11,
        )
        .unwrap();
        for level in Difficulty::ALL {
            let report = solve_logically(&made.puzzle, level);
            let solved = matches!(report.outcome, LogicOutcome::Solved(_));
            assert_eq!(
                solved,
                level >= difficulty,
                "{difficulty} puzzle at {level}"
            );
            if let Some(t) = report.hardest {
                assert!(t.difficulty() <= level);
            }
        }
    }
}

#[test]
fn validate_reports_every_broken_run() {
    let mut filled = board(UNIQUE);
    for (r, c, d) in [(1, 1, 2), (1, 2, 2), (2, 1, 3), (2, 2, 4)] {
        filled.set_digit(r, c, Some(d)).unwrap();
    }
    let violations = validate(&filled);
    let kinds: Vec<_> = violations
        .iter()
        .map(|v| (v.clue, v.direction, v.kind.clone()))
        .collect();
    assert!(kinds.contains(&((1, 0), Direction::Across, ViolationKind::DuplicateDigit(2))));
    assert!(kinds.contains(&(
        (1, 0),
        Direction::Across,
        ViolationKind::WrongSum {
            expected: 3,
            actual: 4
        }
    )));
    assert!(kinds.contains(&(
        (0, 1),
        Direction::Down,
        ViolationKind::WrongSum {
            expected: 4,
            actual: 5
        }
    )));
    assert_eq!(violations.len(), 3, "{violations:?}");
    assert!(violations[0].to_string().contains("run of the clue at row"));

    // Partly filled runs that can no longer reach their sums: 7 in 7 over two
    // cells, and 7 in 4 over two cells.
    let mut partial = board(UNIQUE);
    partial.set_digit(2, 1, Some(7)).unwrap();
    let violations = validate(&partial);
    let found: Vec<_> = violations
        .iter()
        .map(|v| (v.clue, v.kind.clone()))
        .collect();
    assert_eq!(
        found,
        [
            ((2, 0), ViolationKind::Unreachable),
            ((0, 1), ViolationKind::Unreachable)
        ]
    );
    partial.set_digit(2, 1, Some(3)).unwrap();
    assert!(validate(&partial).is_empty());
    assert!(validate(&board(UNIQUE)).is_empty());
}

#[test]
fn candidates_follow_the_written_digits() {
    let open = candidates(&board(TWO)).unwrap();
    assert_eq!(open.get(1, 1).unwrap().to_string(), "12");
    assert_eq!(open.get(0, 0), None);
    let mut partly = board(TWO);
    partly.set_digit(1, 1, Some(1)).unwrap();
    let forced = candidates(&partly).unwrap();
    assert_eq!(forced.get(1, 2).unwrap().to_string(), "2");
    assert_eq!(forced.get(2, 1).unwrap().to_string(), "2");
    assert_eq!(forced.get(2, 2).unwrap().to_string(), "1");

    let mut broken = board(TWO);
    broken.set_digit(1, 1, Some(1)).unwrap();
    broken.set_digit(1, 2, Some(1)).unwrap();
    let err = candidates(&broken).unwrap_err();
    assert!(err.to_string().contains("cannot be completed"), "{err}");
}
