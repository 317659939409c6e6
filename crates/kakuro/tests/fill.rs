//! The editor's filler: a hand-made layout becomes a puzzle with one solution;
//! layouts that break the rules are refused with the rule and the place.

use gridforge_kakuro::{
    fill, is_solved, solve, Direction, FillError, Layout, LayoutRule, Uniqueness,
};

/// Drawn by hand, not symmetric: the editor does not ask for symmetry.
const LAYOUT: &str = "10 10
- - - - - - - - - -
- 0 0 - - - 0 0 - -
- 0 0 0 - 0 0 0 0 -
- - 0 0 0 0 - 0 0 -
- - - 0 0 - - 0 0 0
- 0 0 - 0 0 - - 0 0
- 0 0 0 - 0 0 0 - -
- - 0 0 - 0 0 0 0 -
- - 0 0 0 0 - 0 0 -
- - - - 0 0 - - - -";

fn layout(text: &str) -> Layout {
    text.parse().unwrap()
}

#[test]
fn a_hand_made_layout_gets_a_unique_puzzle() {
    let layout = layout(LAYOUT);
    assert!(layout.check().is_ok());
    for seed in [0, 1, 2] {
        let made = fill(&layout, seed).unwrap_or_else(|err| panic!("seed {seed}: {err}"));
        // The puzzle has exactly the drawn digit cells.
        assert_eq!(Layout::of_board(&made.puzzle), layout);
        // The solver finds exactly one solution, the one returned.
        let outcome = solve(&made.puzzle, 2, 1_000_000).unwrap();
        assert_eq!(outcome.uniqueness(), Uniqueness::Unique, "seed {seed}");
        assert_eq!(outcome.solutions[0], made.solution);
        assert!(is_solved(&made.puzzle.filled_with(&made.solution).unwrap()));
        // And the logical solver finishes it at the difficulty reported.
        let report = gridforge_kakuro::rate(&made.puzzle);
        assert_eq!(report.difficulty(), Some(made.difficulty), "seed {seed}");
    }
    assert_eq!(fill(&layout, 7).unwrap(), fill(&layout, 7).unwrap());
}

fn refused(text: &str) -> (usize, usize, LayoutRule) {
    match fill(&layout(text), 0) {
        Err(FillError::Layout(err)) => (err.row, err.col, err.rule),
        other => panic!("expected a layout error, got {other:?}"),
    }
}

#[test]
fn layouts_breaking_the_run_rules_are_refused() {
    assert_eq!(
        refused("3 3\n- - -\n- - -\n- - -"),
        (0, 0, LayoutRule::NoDigitCells)
    );
    assert_eq!(
        refused("3 3\n- 0 -\n- 0 0\n- 0 0"),
        (0, 1, LayoutRule::DigitInFirstRow)
    );
    assert_eq!(
        refused("3 3\n- - -\n0 0 0\n- 0 0"),
        (1, 0, LayoutRule::DigitInFirstColumn)
    );
    // (2, 1) is a down run of one cell.
    assert_eq!(
        refused("4 4\n- - - -\n- - 0 0\n- 0 0 0\n- - - -"),
        (
            2,
            1,
            LayoutRule::RunTooShort {
                direction: Direction::Down,
                len: 1
            }
        )
    );
    let long = format!(
        "3 12\n{}\n- {}\n- {}",
        ["-"; 12].join(" "),
        ["0"; 11].join(" "),
        ["0"; 11].join(" ")
    );
    assert_eq!(
        refused(&long),
        (
            1,
            1,
            LayoutRule::RunTooLong {
                direction: Direction::Across,
                len: 11
            }
        )
    );
    let err = fill(&layout("3 3\n- 0 -\n- 0 0\n- 0 0"), 0).unwrap_err();
    assert!(err.to_string().contains("row 0, column 1"), "{err}");
}

#[test]
fn a_layout_without_a_unique_filling_is_an_error() {
    // Every run has 9 cells, so every sum is 45 and any Latin square fits.
    let rows: Vec<String> = std::iter::once(["-"; 10].join(" "))
        .chain((0..9).map(|_| format!("- {}", ["0"; 9].join(" "))))
        .collect();
    let text = format!("10 10\n{}", rows.join("\n"));
    let err = fill(&layout(&text), 0).unwrap_err();
    assert!(
        matches!(err, FillError::NoUniqueFilling { .. }),
        "expected no unique filling, got {err}"
    );
}
