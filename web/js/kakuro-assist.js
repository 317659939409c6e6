// The escalating help of a Kakuro game, without the DOM: what the player's
// position is sent as (POST /api/kakuro/hint, see the contract in
// crates/kakuro's docs and /api/openapi.json), the server's answer read onto
// the board's cells and runs, and the mistakes the client finds by itself
// when the server cannot be reached; and the runs the player completed,
// whose clues the board marks (a setting).
//
// The stages (kakuro-help.js shows them): 1 check (mistakes marked),
// 2 where (the runs of the next deduction highlighted), 3 why (its
// explanation, a catalog key "kakuro.explain.*" with parameters), 4 show
// (applied with applyHint of kakuro-game.js). The "next deduction" is the
// server's answer as a whole: the steps from this position up to and
// including the one that places a digit.

import { boardText, checkBoard, combos } from "./kakuro-model.js";

/** The stages, in the order the help button goes through them. */
export const STAGES = ["check", "where", "why", "show"];

/** "r,c" of cell i. */
const cellKey = (board, i) => `${Math.floor(i / board.cols)},${i % board.cols}`;

/**
 * The request body for the hint endpoint: the puzzle with the player's
 * digits, and the pencil marks of the white cells without a digit that have
 * any (cells without marks are left to the server: "all it would start with").
 */
export function hintRequest(game) {
  const { board, values, marks } = game;
  const candidates = {};
  board.cells.forEach((cell, i) => {
    if (cell.kind !== "digit" || values[i] || !marks[i]) return;
    const digits = [];
    for (let d = 1; d <= 9; d++) if (marks[i] & (1 << d)) digits.push(d);
    candidates[cellKey(board, i)] = digits;
  });
  const body = { board: boardText(board, values) };
  if (Object.keys(candidates).length) body.candidates = candidates;
  return body;
}

/** What identifies a position for the help: the digits and the marks. */
export function positionKey(game) {
  return `${game.values.join("")}/${game.marks.join(",")}`;
}

/** Cell index of an [r, c] pair of the answer if it is a white cell of `board`, else -1. */
function whiteCell(board, rc) {
  if (!Array.isArray(rc) || rc.length !== 2) return -1;
  const [r, c] = rc;
  if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0 || r >= board.rows || c >= board.cols) {
    return -1;
  }
  const i = r * board.cols + c;
  return board.cells[i].kind === "digit" ? i : -1;
}

const isDigit = (d) => Number.isInteger(d) && d >= 1 && d <= 9;

/** The index of the run the answer names ({cell: clue [r,c], direction}), or -1. */
function runIndex(board, run) {
  if (!run || !Array.isArray(run.cell)) return -1;
  const [r, c] = run.cell;
  const clue = r * board.cols + c;
  return board.runs.findIndex((k) => k.clue === clue && k.dir === run.direction);
}

/**
 * One step of the answer on the board: {technique, level, runs (indices),
 * cells, removes [{i, digits}], places [{i, digit}], key, params}. What does
 * not fit the board is left out, never an error.
 */
function readStep(board, step) {
  const list = (x) => (Array.isArray(x) ? x : []);
  const message = step?.message ?? {};
  const params = {};
  for (const [name, value] of Object.entries(message.params ?? {})) {
    if (typeof value === "string" || typeof value === "number") params[name] = value;
    else if (Array.isArray(value)) params[name] = value.join(", ");
  }
  return {
    technique: typeof step?.technique === "string" ? step.technique : "",
    level: typeof step?.level === "string" ? step.level : "",
    runs: list(step?.runs)
      .map((run) => runIndex(board, run))
      .filter((k) => k >= 0),
    cells: list(step?.cells)
      .map((rc) => whiteCell(board, rc))
      .filter((i) => i >= 0),
    removes: list(step?.removes)
      .map((x) => ({ i: whiteCell(board, x?.cell), digits: list(x?.digits).filter(isDigit) }))
      .filter((x) => x.i >= 0 && x.digits.length),
    places: list(step?.places)
      .map((x) => ({ i: whiteCell(board, x?.cell), digit: x?.digit }))
      .filter((x) => x.i >= 0 && isDigit(x.digit)),
    key: typeof message.key === "string" && message.key.startsWith("kakuro.explain.") ? message.key : null,
    params,
  };
}

/**
 * The server's answer on the board: {kind: "mistakes", cells}, {kind:
 * "solved"}, {kind: "steps", steps, runs, cells, removes, places} (runs and
 * cells: the union over the steps; removes and places: all of them, in
 * order), or null for an answer that is none of these.
 */
export function readAnswer(board, data) {
  if (data?.kind === "solved") return { kind: "solved" };
  if (data?.kind === "mistakes" && Array.isArray(data.cells)) {
    const cells = data.cells.map((rc) => whiteCell(board, rc)).filter((i) => i >= 0);
    return { kind: "mistakes", cells: [...new Set(cells)] };
  }
  if (data?.kind === "steps" && Array.isArray(data.steps) && data.steps.length) {
    const steps = data.steps.map((s) => readStep(board, s));
    return {
      kind: "steps",
      steps,
      runs: [...new Set(steps.flatMap((s) => s.runs))],
      cells: [...new Set(steps.flatMap((s) => [...s.cells, ...s.places.map((p) => p.i)]))],
      removes: steps.flatMap((s) => s.removes),
      places: steps.flatMap((s) => s.places),
    };
  }
  return null;
}

/**
 * The mistakes the client can see without the solution: digits repeated in
 * a run, every cell of a full run with the wrong sum, and digits that are in
 * no digit set of one of their runs (a 5 in a run of two making 3).
 * A Set of cell indices.
 */
export function ruleMistakes(board, values) {
  const checked = checkBoard(board, values);
  const out = new Set(checked.repeats);
  for (const k of checked.wrongRuns) for (const i of board.runs[k].cells) out.add(i);
  for (const run of board.runs) {
    const possible = new Set(combos(run.sum, run.cells.length).flat());
    for (const i of run.cells) if (values[i] && !possible.has(values[i])) out.add(i);
  }
  return out;
}

/**
 * The help's answer without the server for a puzzle whose digits are known
 * (the offline pack carries them): the same shapes as readAnswer, with
 * `offline: true`. Wrong digits are mistakes; otherwise the next digit is
 * the empty cell whose runs have the fewest empty cells (the tightest
 * spot), its runs are where to look, and "show" places its digit. No
 * explanation: the logical solver's steps need the server.
 */
export function solutionAnswer(board, values, solution) {
  const digitCells = board.cells.flatMap((c, i) => (c.kind === "digit" ? [i] : []));
  const wrong = digitCells.filter((i) => values[i] && values[i] !== solution[i]);
  if (wrong.length) return { kind: "mistakes", cells: wrong, offline: true };
  const runsOf = (i) => [board.runsOf[i].across, board.runsOf[i].down].filter((k) => k >= 0);
  const empties = (k) => board.runs[k].cells.filter((j) => !values[j]).length;
  let best = null;
  for (const i of digitCells) {
    if (values[i]) continue;
    const runs = runsOf(i);
    const score = runs.reduce((sum, k) => sum + empties(k), 0);
    if (!best || score < best.score) best = { i, runs, score };
  }
  if (!best) return { kind: "solved", offline: true };
  const places = [{ i: best.i, digit: solution[best.i] }];
  return { kind: "steps", steps: [], runs: best.runs, cells: [best.i], removes: [], places, offline: true };
}

/**
 * The runs of `board` the player has completed: every cell filled, no digit
 * twice, the digits adding up to the clue (run indices, in board order).
 * Whether the digits are the solution's is not known here: a run can be
 * complete and still wrong where the puzzle has other digits (the help's
 * check tells).
 */
export function completeRuns(board, values) {
  const done = [];
  for (const [k, run] of board.runs.entries()) {
    const digits = run.cells.map((i) => values[i]);
    if (digits.some((d) => !d)) continue;
    if (new Set(digits).size !== digits.length) continue;
    if (digits.reduce((a, b) => a + b, 0) === run.sum) done.push(k);
  }
  return done;
}
