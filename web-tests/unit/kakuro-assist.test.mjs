// The escalating help without the DOM (web/js/kakuro-assist.js and
// applyHint of kakuro-game.js): the position sent to POST /api/kakuro/hint
// (digits in the board text, pencil marks as candidates), the server's
// answer read onto cells and runs (what does not fit the board left out),
// the mistakes the client sees by itself offline, and "show" applied as one
// undoable move.

import assert from "node:assert/strict";
import { test } from "node:test";
import { STAGES, completeRuns, hintRequest, positionKey, readAnswer, ruleMistakes, solutionAnswer } from "../../web/js/kakuro-assist.js";
import { applyHint, marksOf, newGame, placeDigit, toggleMark, undo } from "../../web/js/kakuro-game.js";
import { parseBoard } from "../../web/js/kakuro-model.js";

/*
 *        23↓  6↓
 *   10→  [4]  [5]
 *   10→  [7]  [8]
 *    9→ [10] [11]
 * The solution: 9 1 / 8 2 / 6 3.
 */
const BOARD = "4 3\n- 23, 6,\n,10 0 0\n,10 0 0\n,9 0 0";
const game = () => newGame(parseBoard(BOARD), { size: 4, difficulty: "easy" });

test("the stages are check, where, why, show", () => {
  assert.deepEqual(STAGES, ["check", "where", "why", "show"]);
});

test("the request holds the player's digits and the marks of cells without a digit", () => {
  const g = game();
  assert.deepEqual(hintRequest(g), { board: BOARD });
  placeDigit(g, 4, 9);
  toggleMark(g, 8, 2);
  toggleMark(g, 8, 4);
  toggleMark(g, 11, 3);
  const key = positionKey(g);
  assert.deepEqual(hintRequest(g), {
    board: "4 3\n- 23, 6,\n,10 9 0\n,10 0 0\n,9 0 0",
    candidates: { "2,2": [2, 4], "3,2": [3] },
  });
  toggleMark(g, 11, 3);
  assert.notEqual(positionKey(g), key, "a mark changes the position");
});

test("an answer is read onto the board's cells and runs", () => {
  const board = parseBoard(BOARD);
  assert.deepEqual(readAnswer(board, { kind: "mistakes", cells: [[1, 1], [1, 1], [0, 0], [9, 9]] }), {
    kind: "mistakes",
    cells: [4],
  });
  assert.deepEqual(readAnswer(board, { kind: "solved" }), { kind: "solved" });
  assert.equal(readAnswer(board, { kind: "steps", steps: [] }), null);
  assert.equal(readAnswer(board, { nonsense: true }), null);
  const answer = readAnswer(board, {
    kind: "steps",
    steps: [
      {
        technique: "combination-intersection",
        level: "medium",
        runs: [
          { cell: [0, 2], direction: "down", sum: 6, cells: [[1, 2], [2, 2], [3, 2]] },
          { cell: [1, 0], direction: "across", sum: 10, cells: [[1, 1], [1, 2]] },
          { cell: [0, 2], direction: "across", sum: 6, cells: [] },
        ],
        cells: [[1, 2], [0, 1]],
        removes: [{ cell: [1, 2], digits: [4, 5, 0] }, { cell: [0, 0], digits: [1] }],
        places: [],
        message: { key: "kakuro.explain.combination-intersection", params: { sum: 6, digits: [1, 2, 3], bad: {} } },
      },
      {
        technique: "single",
        level: "easy",
        runs: [{ cell: [1, 0], direction: "across", sum: 10, cells: [] }],
        cells: [],
        removes: [],
        places: [{ cell: [1, 2], digit: 1 }, { cell: [1, 1], digit: 12 }],
        message: { key: "not.an.explanation", params: {} },
      },
    ],
  });
  assert.equal(answer.kind, "steps");
  // Run 0 is 23↓ (clue 1), then 6↓ (clue 2), then the across runs of clues 3, 6, 9.
  const down6 = board.runs.findIndex((r) => r.clue === 2 && r.dir === "down");
  const across10 = board.runs.findIndex((r) => r.clue === 3 && r.dir === "across");
  assert.deepEqual(answer.steps[0].runs, [down6, across10], "a run that does not exist is left out");
  assert.deepEqual(answer.steps[0].cells, [5], "a clue cell is not a cell to look at");
  assert.deepEqual(answer.steps[0].removes, [{ i: 5, digits: [4, 5] }]);
  assert.deepEqual(answer.steps[0].params, { sum: 6, digits: "1, 2, 3" });
  assert.equal(answer.steps[1].key, null, "only kakuro.explain.* keys");
  assert.deepEqual(answer.runs, [down6, across10]);
  assert.deepEqual(answer.places, [{ i: 5, digit: 1 }]);
  assert.deepEqual(answer.cells, [5]);
});

test("offline, the check marks repeats, wrong full sums and digits no set allows", () => {
  const board = parseBoard(BOARD);
  const values = board.cells.map(() => 0);
  assert.deepEqual([...ruleMistakes(board, values)], []);
  values[4] = 9;
  values[7] = 9; // a repeat in 23↓
  assert.deepEqual([...ruleMistakes(board, values)].sort((a, b) => a - b), [4, 7]);
  values[7] = 8;
  values[10] = 5; // 9 + 8 + 5 ≠ 23: the whole run
  values[11] = 4; // 5 + 4 = 9 is right, but 4 is in no set of 6↓ of three cells (1+2+3)
  assert.deepEqual([...ruleMistakes(board, values)].sort((a, b) => a - b), [4, 7, 10, 11]);
});

test("show applies places and removals as one move that undo takes back", () => {
  const g = game();
  for (const d of [1, 2, 3, 4]) toggleMark(g, 5, d);
  for (const d of [1, 2]) toggleMark(g, 8, d);
  const before = { values: [...g.values], marks: [...g.marks] };
  const moves = g.undo.length;
  assert.ok(
    applyHint(g, {
      removes: [{ i: 5, digits: [4] }, { i: 11, digits: [5, 6] }],
      places: [{ i: 4, digit: 9 }, { i: 5, digit: 1 }],
    }),
  );
  assert.equal(g.undo.length, moves + 1, "one move");
  assert.equal(g.values[4], 9);
  assert.equal(g.values[5], 1);
  assert.deepEqual(marksOf(g, 5), [], "a placed cell loses its marks");
  assert.deepEqual(marksOf(g, 8), [2], "the placed 1 leaves the marks of its runs");
  assert.deepEqual(marksOf(g, 11), [], "a cell without marks keeps none (anything possible)");
  assert.ok(undo(g));
  assert.deepEqual({ values: g.values, marks: g.marks }, before);
  assert.equal(applyHint(g, { removes: [{ i: 11, digits: [1] }], places: [] }), false, "nothing to change");
});

test("with the puzzle's digits, the help needs no server: mistakes, then the tightest empty cell", () => {
  const g = game();
  const solution = [0, 0, 0, 0, 9, 1, 0, 8, 2, 0, 6, 3];
  placeDigit(g, 4, 8);
  assert.deepEqual(solutionAnswer(g.board, g.values, solution), { kind: "mistakes", cells: [4], offline: true });
  placeDigit(g, 4, 9);
  placeDigit(g, 8, 2);
  const next = solutionAnswer(g.board, g.values, solution);
  assert.equal(next.kind, "steps");
  // Cell 5 (row 1) has one empty cell in its across run and two below in its down run: the tightest.
  assert.deepEqual(next.cells, [5]);
  assert.deepEqual(next.places, [{ i: 5, digit: 1 }]);
  assert.equal(next.runs.length, 2);
  assert.ok(applyHint(g, next));
  assert.equal(g.values[5], 1);
  for (const [i, d] of [[7, 8], [10, 6], [11, 3]]) placeDigit(g, i, d);
  assert.deepEqual(solutionAnswer(g.board, g.values, solution), { kind: "solved", offline: true });
});

test("a run is complete when every cell is filled, no digit twice and the digits add up to its clue", () => {
  const board = parseBoard("3 3\n- 4, 6,\n,3 0 0\n,7 0 0");
  // Each complete run as "direction sum".
  const done = (values) => completeRuns(board, values).map((k) => `${board.runs[k].dir} ${board.runs[k].sum}`).sort();
  assert.deepEqual(done([0, 0, 0, 0, 0, 0, 0, 0, 0]), []);
  assert.deepEqual(done([0, 0, 0, 0, 1, 2, 0, 0, 0]), ["across 3"], "one run filled to its sum");
  assert.deepEqual(done([0, 0, 0, 0, 2, 1, 0, 0, 0]), ["across 3"], "another order that adds up is complete too");
  assert.deepEqual(done([0, 0, 0, 0, 1, 3, 0, 0, 0]), [], "1 + 3 is not 3");
  assert.deepEqual(done([0, 0, 0, 0, 2, 0, 0, 2, 0]), [], "2 + 2 adds up to 4 but repeats a digit");
  assert.deepEqual(done([0, 0, 0, 0, 1, 2, 0, 3, 4]), ["across 3", "across 7", "down 4", "down 6"], "solved: every run");
  assert.deepEqual(done([0, 0, 0, 0, 1, 2, 0, 3, 0]), ["across 3", "down 4"], "a run with an empty cell is not");
});
