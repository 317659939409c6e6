//! The text formats: round trips, tolerated whitespace, and every parse error
//! with its line and column.

use gridforge_kakuro::{
    generate, Board, BoardError, Cell, Difficulty, Direction, Layout, ParseError, ParseErrorKind,
    RectParams, RuleError, Solution,
};

/// A 5×5 puzzle with clues of every shape (`d,`, `,a`, `d,a`) and its solution.
const PUZZLE: &str = "5 5
- 16, 12, - -
,17 0 0 9, -
,11 0 0 0 -
- ,9 0 0 -
- - - - -";

fn parse_err(text: &str) -> ParseError {
    match text.parse::<Board>() {
        Ok(board) => panic!("parsed, expected an error:\n{board}"),
        Err(err) => err,
    }
}

#[test]
fn board_round_trips_exactly() {
    let board: Board = PUZZLE.parse().unwrap();
    assert_eq!(board.to_string(), PUZZLE);
    assert_eq!((board.rows(), board.cols()), (5, 5));
    assert_eq!(
        board.cell(1, 3),
        Some(Cell::Clue {
            down: Some(9),
            across: None
        })
    );
    assert_eq!(
        board.cell(1, 0),
        Some(Cell::Clue {
            down: None,
            across: Some(17)
        })
    );
    assert_eq!(board.cell(2, 2), Some(Cell::Digit(None)));
    assert_eq!(board.cell(0, 0), Some(Cell::Blank));
    assert_eq!(board.cell(5, 0), None);
}

#[test]
fn filled_boards_and_solutions_round_trip() {
    let board: Board = PUZZLE.parse().unwrap();
    let solution: Solution = "5 5\n- - - - -\n- 9 8 - -\n- 7 1 3 -\n- - 3 6 -\n- - - - -"
        .parse()
        .unwrap();
    assert_eq!(
        solution.to_string(),
        "5 5\n- - - - -\n- 9 8 - -\n- 7 1 3 -\n- - 3 6 -\n- - - - -"
    );
    let filled = board.filled_with(&solution).unwrap();
    let text = filled.to_string();
    assert!(text.contains(",17 9 8 9, -"), "{text}");
    let again: Board = text.parse().unwrap();
    assert_eq!(again, filled);
    assert_eq!(Solution::of_board(&again), Some(solution));
    assert_eq!(again.cleared(), board);
}

#[test]
fn generated_puzzles_round_trip() {
    for (seed, difficulty) in [(1, Difficulty::Easy), (2, Difficulty::Expert)] {
        let made = generate(
            &RectParams {
                rows: 12,
                cols: 12,
                difficulty,
            },
            seed,
        )
        .unwrap();
        let text = made.puzzle.to_string();
        assert_eq!(text.parse::<Board>().unwrap(), made.puzzle);
        assert_eq!(text.parse::<Board>().unwrap().to_string(), text);
        let solution = made.solution.to_string();
        assert_eq!(solution.parse::<Solution>().unwrap(), made.solution);
        let layout = Layout::of_board(&made.puzzle);
        assert_eq!(layout.to_string().parse::<Layout>().unwrap(), layout);
    }
}

#[test]
fn surrounding_whitespace_is_tolerated_and_formatting_is_canonical() {
    let messy =
        "  5 5  \n- 16, 12, - -   \n\t,17 0 0 9, -\n,11   0 0 0 -\n- ,9 0 0 - \n- - - - -\n\n  \n";
    let board: Board = messy.parse().unwrap();
    assert_eq!(board.to_string(), PUZZLE);
    let solution: Solution = "2 3 \n- - - \n- 1 2  ".parse().unwrap();
    assert_eq!(solution.to_string(), "2 3\n- - -\n- 1 2");
}

#[test]
fn layout_round_trips() {
    let text = "4 4\n- - - -\n- 0 0 -\n- 0 0 0\n- - 0 0";
    let layout: Layout = text.parse().unwrap();
    assert_eq!(layout.to_string(), text);
    assert_eq!(layout.digit_cells(), 7);
    assert!(layout.is_digit(2, 3));
    let err = "2 2\n- -\n- 5".parse::<Layout>().unwrap_err();
    assert_eq!((err.line, err.column), (3, 3));
    assert!(matches!(err.kind, ParseErrorKind::BadToken { ref token, .. } if token == "5"));
}

#[test]
fn empty_text_is_an_error() {
    for text in ["", "   \n \n"] {
        let err = parse_err(text);
        assert_eq!(err.kind, ParseErrorKind::Empty);
    }
}

#[test]
fn bad_header_says_where() {
    for (text, line, column) in [("5\n-", 1, 1), ("5 x\n-", 1, 1), ("\n  5 5 5\n", 2, 3)] {
        let err = parse_err(text);
        assert!(
            matches!(err.kind, ParseErrorKind::BadHeader(_)),
            "{text:?}: {err}"
        );
        assert_eq!((err.line, err.column), (line, column), "{text:?}");
    }
    let err = parse_err("0 4\n");
    assert_eq!(
        err.kind,
        ParseErrorKind::Rule(RuleError::BadSize { rows: 0, cols: 4 })
    );
    let err = parse_err("101 4\n");
    assert!(matches!(
        err.kind,
        ParseErrorKind::Rule(RuleError::BadSize { rows: 101, .. })
    ));
}

#[test]
fn missing_and_extra_rows_say_where() {
    let err = parse_err("3 2\n- -\n- -");
    assert_eq!(
        err.kind,
        ParseErrorKind::MissingRows {
            expected: 3,
            found: 2
        }
    );
    assert_eq!(err.line, 4);
    let err = parse_err("1 2\n- -\n- -");
    assert_eq!(err.kind, ParseErrorKind::ExtraRow);
    assert_eq!((err.line, err.column), (3, 1));
}

#[test]
fn row_length_says_where() {
    let err = parse_err("2 3\n- - -\n- -");
    assert_eq!(
        err.kind,
        ParseErrorKind::RowLength {
            expected: 3,
            found: 2
        }
    );
    assert_eq!((err.line, err.column), (3, 4));
    let err = parse_err("2 3\n- - - -\n- - -");
    assert_eq!(
        err.kind,
        ParseErrorKind::RowLength {
            expected: 3,
            found: 4
        }
    );
    assert_eq!((err.line, err.column), (2, 7));
}

#[test]
fn bad_tokens_say_what_and_where() {
    for token in ["x", ",", "10", "3,4,5", "a,", ",b", "123,", "-1", "00"] {
        let text = format!("2 3\n- 4, -\n{token} 0 -");
        let err = parse_err(&text);
        match &err.kind {
            ParseErrorKind::BadToken { token: found, .. } => assert_eq!(found, token),
            other => panic!("{token:?}: expected a bad token, got {other}"),
        }
        assert_eq!((err.line, err.column), (3, 1), "{token:?}");
        assert!(err.to_string().contains(token), "{err}");
    }
    let err = "2 2\n- -\n- 0".parse::<Solution>().unwrap_err();
    assert!(matches!(err.kind, ParseErrorKind::BadToken { ref token, .. } if token == "0"));
    assert_eq!((err.line, err.column), (3, 3));
}

#[test]
fn run_longer_than_nine_cells_is_an_error() {
    let row = std::iter::repeat_n("0", 10).collect::<Vec<_>>().join(" ");
    let text = format!("2 11\n- {}\n,45 {row}", ["1,"; 10].join(" "));
    let err = parse_err(&text);
    assert_eq!(
        err.kind,
        ParseErrorKind::Rule(RuleError::RunTooLong {
            direction: Direction::Across,
            len: 10
        })
    );
    assert_eq!((err.line, err.column), (3, 1));
}

#[test]
fn run_without_clue_is_an_error() {
    // The digit cells of row 1 have a blank to their left.
    let err = parse_err("2 3\n- 3, 4,\n- 0 0");
    assert_eq!(
        err.kind,
        ParseErrorKind::Rule(RuleError::RunWithoutClue {
            direction: Direction::Across
        })
    );
    assert_eq!((err.line, err.column), (3, 3));
    // A clue to the left, but it only has a down sum.
    let err = parse_err("4 4\n- - 4, 6,\n- 3, 0 0\n,4 0 0 0\n,3 0 - -");
    assert_eq!(
        err.kind,
        ParseErrorKind::Rule(RuleError::RunWithoutClue {
            direction: Direction::Across
        })
    );
    assert_eq!((err.line, err.column), (3, 6));
    // No clue above.
    let err = parse_err("2 3\n- - -\n,3 0 0");
    assert_eq!(
        err.kind,
        ParseErrorKind::Rule(RuleError::RunWithoutClue {
            direction: Direction::Down
        })
    );
    assert_eq!((err.line, err.column), (3, 4));
}

#[test]
fn clue_without_run_is_an_error() {
    let err = parse_err("2 3\n- 3, 4,5\n,3 0 0");
    assert_eq!(
        err.kind,
        ParseErrorKind::Rule(RuleError::ClueWithoutRun {
            direction: Direction::Across
        })
    );
    assert_eq!((err.line, err.column), (2, 6));
    let err = parse_err("3 3\n- 3, 4,\n,3 0 0\n- 7, -");
    assert_eq!(
        err.kind,
        ParseErrorKind::Rule(RuleError::ClueWithoutRun {
            direction: Direction::Down
        })
    );
    assert_eq!((err.line, err.column), (4, 3));
    assert!(
        err.to_string()
            .starts_with("line 4, column 3: down clue without a run"),
        "{err}"
    );
}

#[test]
fn impossible_sums_are_errors() {
    for (clue, sum) in [("18,", 18), ("1,", 1), ("0,", 0), ("99,", 99)] {
        let text = format!("3 2\n- {clue}\n,1 0\n,2 0");
        let err = parse_err(&text);
        assert_eq!(
            err.kind,
            ParseErrorKind::Rule(RuleError::ImpossibleSum {
                direction: Direction::Down,
                sum,
                len: 2
            }),
            "{clue}"
        );
        assert_eq!((err.line, err.column), (2, 3), "{clue}");
        assert!(err.to_string().contains("impossible sum"), "{err}");
    }
}

#[test]
fn single_cell_runs_are_accepted() {
    // Published puzzles have a few runs of one cell.
    let board: Board = "2 2\n- 4,\n,4 0".parse().unwrap();
    assert_eq!(board.runs().len(), 2);
}

#[test]
fn from_cells_checks_the_structure() {
    let err = Board::from_cells(1, 2, vec![Cell::Blank]).unwrap_err();
    assert!(matches!(err.rule, RuleError::CellCount { found: 1, .. }));
    let err = Board::from_cells(
        1,
        2,
        vec![
            Cell::Clue {
                down: None,
                across: None,
            },
            Cell::Blank,
        ],
    )
    .unwrap_err();
    assert_eq!(
        err,
        BoardError {
            row: 0,
            col: 0,
            rule: RuleError::EmptyClue
        }
    );
    let clue = Cell::Clue {
        down: None,
        across: Some(5),
    };
    let err = Board::from_cells(1, 2, vec![clue, Cell::Digit(Some(12))]).unwrap_err();
    assert_eq!(err.rule, RuleError::BadDigit(12));
    let err = Board::from_cells(1, 2, vec![clue, Cell::Digit(Some(5))]).unwrap_err();
    assert_eq!(
        err.rule,
        RuleError::RunWithoutClue {
            direction: Direction::Down
        }
    );
}

#[test]
fn set_digit_checks_its_arguments() {
    let mut board: Board = PUZZLE.parse().unwrap();
    board.set_digit(1, 1, Some(9)).unwrap();
    assert_eq!(board.cell(1, 1), Some(Cell::Digit(Some(9))));
    assert!(board.set_digit(0, 0, Some(1)).is_err());
    assert!(board.set_digit(1, 1, Some(10)).is_err());
    assert!(board.set_digit(9, 9, Some(1)).is_err());
    board.set_digit(1, 1, None).unwrap();
    assert_eq!(board.to_string(), PUZZLE);
}

/// Random grids built like puzzles (clues before runs, sums at random, a few
/// tokens broken on purpose): parsing never panics, whatever parses formats
/// back to text that parses to the same board, and the solvers handle it
/// without panicking.
#[test]
fn random_texts_parse_or_fail_cleanly() {
    use rand::{Rng, SeedableRng};
    let garbage = ["x", ",", "1,2,3", "-1", "00", "123,"];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut parsed = 0;
    for _ in 0..20_000 {
        let rows = rng.random_range(2..8);
        let cols = rng.random_range(2..8);
        let digit: Vec<Vec<bool>> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| r > 0 && c > 0 && rng.random_bool(0.6))
                    .collect()
            })
            .collect();
        let mut lines = vec![format!("{rows} {cols}")];
        for r in 0..rows {
            let row: Vec<String> = (0..cols)
                .map(|c| {
                    if rng.random_bool(0.01) {
                        return garbage[rng.random_range(0..garbage.len())].to_string();
                    }
                    if digit[r][c] {
                        return if rng.random_bool(0.1) {
                            rng.random_range(1..=9).to_string()
                        } else {
                            "0".to_string()
                        };
                    }
                    let below = (r + 1..rows).take_while(|&rr| digit[rr][c]).count();
                    let right = (c + 1..cols).take_while(|&cc| digit[r][cc]).count();
                    // Mostly a sum the run can make, sometimes any.
                    let mut sum = |len: usize| {
                        if len == 0 && !rng.random_bool(0.02) {
                            return String::new();
                        }
                        let (low, high) = (len * (len + 1) / 2, len * (19 - len) / 2);
                        if len > 0 && rng.random_bool(0.9) {
                            rng.random_range(low..=high).to_string()
                        } else {
                            rng.random_range(1..=45).to_string()
                        }
                    };
                    let (down, across) = (sum(below), sum(right));
                    if down.is_empty() && across.is_empty() {
                        "-".to_string()
                    } else {
                        format!("{down},{across}")
                    }
                })
                .collect();
            lines.push(row.join(" "));
        }
        let text = lines.join("\n");
        let _ = text.parse::<Solution>();
        let _ = text.parse::<Layout>();
        if let Ok(board) = text.parse::<Board>() {
            parsed += 1;
            let again: Board = board.to_string().parse().unwrap();
            assert_eq!(again, board);
            let _ = gridforge_kakuro::solve(&board, 2, 1000);
            let _ = gridforge_kakuro::rate(&board);
            let _ = gridforge_kakuro::candidates(&board);
            let _ = gridforge_kakuro::validate(&board);
        }
    }
    assert!(parsed > 1000, "only {parsed} random boards parsed");
}
