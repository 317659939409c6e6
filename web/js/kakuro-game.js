// A Kakuro game in progress, without the DOM: the digits and pencil marks
// entered, undo and redo, the clock, and the plain-JSON form that the save
// slots and the autosave keep.
//
// Every move is one history entry: the list of cells it changed, each
// [cell, digit before, marks before, digit after, marks after], so undo and
// redo replay exactly what happened (placing a digit also takes that digit
// out of the pencil marks of its runs, in the same entry).

import { boardText, checkBoard, digitCells, isSize, parseBoard, sizeOf } from "./kakuro-model.js";

/** Undo entries kept (older ones are dropped). */
export const HISTORY_LIMIT = 500;
/** Version of the saved form. */
const SAVE_VERSION = 1;

/**
 * A new game on `board` (from parseBoard). `meta`: size, difficulty
 * ("easy"…"expert", or null for an editor board of unknown level), source
 * ("server", "pack", "editor"), seed, started (ms since the epoch).
 */
export function newGame(board, meta = {}) {
  const values = board.cells.map((cell) => (cell.kind === "digit" ? cell.given : 0));
  return {
    board,
    size: meta.size ?? sizeOf(board.rows, board.cols),
    difficulty: meta.difficulty ?? null,
    source: meta.source ?? "server",
    seed: Number.isInteger(meta.seed) ? meta.seed : null,
    started: meta.started ?? Date.now(),
    values,
    marks: board.cells.map(() => 0),
    undo: [],
    redo: [],
    elapsed: 0,
    solved: false,
  };
}

function isDigitCell(game, i) {
  return game.board.cells[i]?.kind === "digit";
}

/** The digit cells that share a run with cell i (i itself excluded). */
export function peers(board, i) {
  const out = new Set();
  for (const dir of ["across", "down"]) {
    const k = board.runsOf[i]?.[dir];
    if (k >= 0) for (const j of board.runs[k].cells) if (j !== i) out.add(j);
  }
  return [...out];
}

function commit(game, changes) {
  const real = changes.filter(([, d0, m0, d1, m1]) => d0 !== d1 || m0 !== m1);
  if (!real.length || game.solved) return false;
  for (const [i, , , d1, m1] of real) {
    game.values[i] = d1;
    game.marks[i] = m1;
  }
  game.undo.push(real);
  if (game.undo.length > HISTORY_LIMIT) game.undo.shift();
  game.redo = [];
  settle(game);
  return true;
}

/** Marks the game solved when the rules say so. */
function settle(game) {
  game.solved = checkBoard(game.board, game.values).solved;
}

/**
 * Writes `digit` (1..9) into cell i, clearing the cell's own marks and
 * removing that digit from the marks of every cell in its runs. True when
 * something changed.
 */
export function placeDigit(game, i, digit) {
  if (!isDigitCell(game, i) || !(digit >= 1 && digit <= 9)) return false;
  const bit = 1 << digit;
  const changes = [[i, game.values[i], game.marks[i], digit, 0]];
  for (const j of peers(game.board, i)) {
    const [d, m] = [game.values[j], game.marks[j]];
    if (m & bit) changes.push([j, d, m, d, m & ~bit]);
  }
  return commit(game, changes);
}

/** Switches the pencil mark `digit` of an empty cell i. */
export function toggleMark(game, i, digit) {
  if (!isDigitCell(game, i) || game.values[i] || !(digit >= 1 && digit <= 9)) return false;
  const m = game.marks[i];
  return commit(game, [[i, 0, m, 0, m ^ (1 << digit)]]);
}

/** Erases cell i: its digit if it has one, else its pencil marks. */
export function erase(game, i) {
  if (!isDigitCell(game, i)) return false;
  const d = game.values[i];
  const m = game.marks[i];
  return commit(game, [[i, d, m, 0, d ? m : 0]]);
}

/** Takes back the last move; true when there was one. */
export function undo(game) {
  const entry = game.undo.pop();
  if (!entry) return false;
  for (const [i, d0, m0] of [...entry].reverse()) {
    game.values[i] = d0;
    game.marks[i] = m0;
  }
  game.redo.push(entry);
  settle(game);
  return true;
}

/** Makes the last undone move again; true when there was one. */
export function redo(game) {
  const entry = game.redo.pop();
  if (!entry) return false;
  for (const [i, , , d1, m1] of entry) {
    game.values[i] = d1;
    game.marks[i] = m1;
  }
  game.undo.push(entry);
  settle(game);
  return true;
}

/** The digits of cell i's pencil marks, ascending. */
export function marksOf(game, i) {
  const out = [];
  for (let d = 1; d <= 9; d++) if (game.marks[i] & (1 << d)) out.push(d);
  return out;
}

// ---- the saved form -------------------------------------------------------

/**
 * The game as plain JSON: the puzzle text, and over the digit cells only
 * (row-major) a string of digits and the marks' bitmasks.
 */
export function serializeGame(game) {
  const cells = digitCells(game.board);
  const index = new Map(cells.map((i, k) => [i, k]));
  const history = (list) =>
    list.map((entry) => entry.map(([i, d0, m0, d1, m1]) => [index.get(i), d0, m0, d1, m1]));
  return {
    version: SAVE_VERSION,
    puzzle: boardText(game.board),
    size: game.size,
    difficulty: game.difficulty,
    source: game.source,
    seed: game.seed,
    started: game.started,
    elapsed: Math.round(game.elapsed),
    digits: cells.map((i) => game.values[i]).join(""),
    marks: cells.map((i) => game.marks[i]),
    undo: history(game.undo.slice(-HISTORY_LIMIT)),
    redo: history(game.redo.slice(-HISTORY_LIMIT)),
  };
}

const MARK_BITS = 0b11_1111_1110;

function validEntry(entry, count) {
  return (
    Array.isArray(entry) &&
    entry.length > 0 &&
    entry.every(
      (c) =>
        Array.isArray(c) &&
        c.length === 5 &&
        Number.isInteger(c[0]) &&
        c[0] >= 0 &&
        c[0] < count &&
        [c[1], c[3]].every((d) => Number.isInteger(d) && d >= 0 && d <= 9) &&
        [c[2], c[4]].every((m) => Number.isInteger(m) && (m & ~MARK_BITS) === 0),
    )
  );
}

/**
 * A game back from its saved form, or null when the data is damaged or does
 * not fit its puzzle (nothing half-restored).
 */
export function restoreGame(data) {
  if (!data || typeof data !== "object" || data.version !== SAVE_VERSION) return null;
  let board;
  try {
    board = parseBoard(data.puzzle);
  } catch {
    return null;
  }
  const cells = digitCells(board);
  const n = cells.length;
  if (typeof data.digits !== "string" || !new RegExp(`^[0-9]{${n}}$`).test(data.digits)) return null;
  if (!Array.isArray(data.marks) || data.marks.length !== n) return null;
  if (!data.marks.every((m) => Number.isInteger(m) && (m & ~MARK_BITS) === 0)) return null;
  for (const list of [data.undo, data.redo]) {
    if (!Array.isArray(list) || !list.every((entry) => validEntry(entry, n))) return null;
  }
  const game = newGame(board, {
    size: isSize(data.size) ? data.size : sizeOf(board.rows, board.cols),
    difficulty: typeof data.difficulty === "string" ? data.difficulty : null,
    source: typeof data.source === "string" ? data.source : "server",
    seed: data.seed,
    started: Number.isFinite(data.started) ? data.started : Date.now(),
  });
  cells.forEach((i, k) => {
    game.values[i] = Number(data.digits[k]);
    game.marks[i] = data.marks[k];
  });
  const history = (list) =>
    list.map((entry) => entry.map(([k, d0, m0, d1, m1]) => [cells[k], d0, m0, d1, m1]));
  game.undo = history(data.undo);
  game.redo = history(data.redo);
  game.elapsed = Number.isFinite(data.elapsed) && data.elapsed >= 0 ? data.elapsed : 0;
  settle(game);
  return game;
}

// ---- the help's "show" ------------------------------------------------------

/**
 * Applies a hint as one move (one undo entry): `places` [{i, digit}] write
 * digits (taking each out of the pencil marks of its runs, as placeDigit
 * does), `removes` [{i, digits}] take digits out of the pencil marks of
 * cells that have marks (a cell without marks means "anything possible" and
 * stays so). True when something changed.
 */
export function applyHint(game, { places = [], removes = [] }) {
  if (game.solved) return false;
  const before = new Map();
  const now = new Map();
  const get = (i) => (now.has(i) ? now.get(i) : [game.values[i], game.marks[i]]);
  const set = (i, d, m) => {
    if (!before.has(i)) before.set(i, [game.values[i], game.marks[i]]);
    now.set(i, [d, m]);
  };
  for (const { i, digits } of removes) {
    if (!isDigitCell(game, i)) continue;
    const [d, m] = get(i);
    if (d || !m) continue;
    let left = m;
    for (const x of digits) left &= ~(1 << x);
    set(i, d, left);
  }
  for (const { i, digit } of places) {
    if (!isDigitCell(game, i) || !(digit >= 1 && digit <= 9)) continue;
    set(i, digit, 0);
    for (const j of peers(game.board, i)) {
      const [d, m] = get(j);
      if (m & (1 << digit)) set(j, d, m & ~(1 << digit));
    }
  }
  const changes = [...now].map(([i, [d1, m1]]) => [i, ...before.get(i), d1, m1]);
  return commit(game, changes);
}
