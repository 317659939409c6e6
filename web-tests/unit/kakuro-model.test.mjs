// The Kakuro board model of the web client against the Rust engine: the
// digit sets of every sum and length (`gridforge kakuro combos`), the hint
// list with digits entered, reading and writing the text format of every
// pack puzzle, checking a board filled with the engine's solution, the
// editor's layout rules, the offline pack and the tutorial board.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  BoardFormatError,
  DIFFICULTIES,
  EDITOR_SIZES,
  PACK_SIZES,
  SIZES,
  boardText,
  checkBoard,
  checkLayout,
  combos,
  digitCells,
  layoutText,
  packEntries,
  packKey,
  packPuzzles,
  parseBoard,
  parseSolution,
  needsServer,
  pickPuzzle,
  readSize,
  runHint,
  sizeOf,
  sizeSides,
  solutionText,
  unpackPuzzle,
} from "../../web/js/kakuro-model.js";
import { TUTORIAL_BOARD, TUTORIAL_STEPS, nextStep } from "../../web/js/kakuro-tutorial.js";
import { WEB, binary, enginePackPuzzles, gridforge } from "../lib/engine.mjs";

/** The offline pack as the client holds it; `pack.puzzles` as the client reads it. */
const packFile = JSON.parse(readFileSync(path.join(WEB, "kakuro", "puzzles.json"), "utf8"));
const pack = { puzzles: packEntries(packFile) };

/** `gridforge kakuro combos` as JSON; [] when it says there is none (exit 1). */
function rustCombos(sum, len, placed = "") {
  const args = ["kakuro", "combos", String(sum), String(len), "--json"];
  if (placed) args.push("--placed", placed);
  try {
    return JSON.parse(execFileSync(binary(), args, { encoding: "utf8" }));
  } catch (err) {
    if (err.status === 1) return JSON.parse(err.stdout || "[]");
    throw err;
  }
}

/** The engine's solution of a puzzle, as row-major digits. */
function rustSolution(text) {
  const out = JSON.parse(gridforge("kakuro", "solve", text, "--json"));
  assert.equal(out.status, "unique", "the engine finds exactly one solution");
  return parseSolution(out.solutions[0], parseBoard(text));
}

test("every digit set of every sum and length is the engine's, in its order", () => {
  let sets = 0;
  for (let len = 1; len <= 9; len++) {
    for (let sum = 1; sum <= 45; sum++) {
      const mine = combos(sum, len);
      assert.deepEqual(mine, rustCombos(sum, len), `${sum} in ${len}`);
      sets += mine.length;
    }
  }
  // Every non-empty subset of 1..9 has exactly one sum and length.
  assert.equal(sets, 511);
});

test("the hint of a run strikes the sets the entered digits rule out, as combos --placed does", () => {
  const board = parseBoard(pack.puzzles.find((p) => p.size === 12 && p.difficulty === "hard").puzzle);
  const solution = rustSolution(boardText(board));
  let checked = 0;
  for (const [k, run] of board.runs.entries()) {
    if (run.cells.length < 3) continue;
    // Enter the solution's digits in the first two cells of the run.
    const values = board.cells.map(() => 0);
    const placed = run.cells.slice(0, 2).map((i) => solution[i]);
    run.cells.slice(0, 2).forEach((i) => (values[i] = solution[i]));
    const hint = runHint(board, k, values);
    assert.equal(hint.sum, run.sum);
    assert.equal(hint.len, run.cells.length);
    assert.deepEqual(hint.sets.map((s) => s.digits), rustCombos(run.sum, run.cells.length));
    const open = hint.sets.filter((s) => !s.ruledOut).map((s) => s.digits);
    const digits = [...placed].sort((a, b) => a - b).join("");
    assert.deepEqual(open, rustCombos(run.sum, run.cells.length, digits), `run ${k}, placed ${digits}`);
    assert.ok(open.length >= 1, "the solution's own set stays open");
    checked++;
  }
  assert.ok(checked > 5, `only ${checked} runs checked`);
  // A known run: 23 in 3 cells is only 6+8+9; a 7 entered strikes it.
  const tiny = parseBoard("4 3\n- 23, 6,\n,10 0 0\n,10 0 0\n,9 0 0");
  const values = tiny.cells.map(() => 0);
  values[4] = 7;
  const hint = runHint(tiny, tiny.runs.findIndex((r) => r.dir === "down" && r.sum === 23), values);
  assert.deepEqual(hint.sets, [{ digits: [6, 8, 9], ruledOut: true }]);
});

test("every pack puzzle reads and writes back to the same text", () => {
  for (const p of pack.puzzles) {
    const board = parseBoard(p.puzzle);
    assert.equal(board.rows, p.size);
    assert.equal(boardText(board), p.puzzle);
    // Every digit cell lies in one across and one down run.
    for (const i of digitCells(board)) {
      assert.ok(board.runsOf[i].across >= 0 && board.runsOf[i].down >= 0);
    }
  }
});

test("bad descriptions are refused with what is wrong", () => {
  const bad = [
    ["", /ROWS COLS/],
    ["2 2\n- -", /expected 2 rows/],
    ["2 2\n- 3,\n- 0", /across run without a clue/],
    ["3 3\n- 4, 6,\n,3 0 0\n,7 0 x", /bad token/],
    ["3 3\n- 4, 6,\n,3 0 0\n,70 0 0", /impossible/],
    ["3 3\n- 4, 6,\n,3 0 0\n,18 0 0", /cannot make 18/],
    ["3 3\n- 4, 6,\n,3 0 0\n, 0 0", /clue without a sum/],
    ["3 3\n- 4, 6,\n,3 0 0\n,7 0", /expected 3 cells/],
    ["2 3\n- 4, 3,\n,3 0 -", /down run without a clue|down clue without a run/],
  ];
  for (const [text, message] of bad) {
    assert.throws(() => parseBoard(text), (e) => e instanceof BoardFormatError && message.test(e.message), text);
  }
});

test("a board filled with the engine's solution is solved; a wrong digit or a repeat is found", () => {
  for (const size of [10, 16]) {
    const text = pack.puzzles.find((p) => p.size === size && p.difficulty === "expert").puzzle;
    const board = parseBoard(text);
    const solution = rustSolution(text);
    const full = checkBoard(board, solution);
    assert.deepEqual([full.filled, full.solved, full.repeats.size, full.wrongRuns.length], [true, true, 0, 0]);
    // One cell changed: both its runs now have the wrong sum.
    const i = digitCells(board)[3];
    const changed = [...solution];
    changed[i] = (solution[i] % 9) + 1;
    const wrong = checkBoard(board, changed);
    assert.equal(wrong.solved, false);
    assert.deepEqual(new Set(wrong.wrongRuns), new Set([board.runsOf[i].across, board.runsOf[i].down]));
    // A half-filled board is not solved and has no wrong sums.
    const half = solution.map((d, k) => (k % 2 ? d : 0));
    const partial = checkBoard(board, half);
    assert.deepEqual([partial.filled, partial.solved, partial.wrongRuns.length], [false, false, 0]);
  }
  const board = parseBoard("3 3\n- 4, 6,\n,3 0 0\n,7 0 0");
  const repeat = checkBoard(board, [0, 0, 0, 0, 2, 2, 0, 0, 0]);
  assert.deepEqual([...repeat.repeats].sort(), [4, 5]);
  assert.equal(repeat.wrongRuns.length, 1, "2+2 is not 3");
});

test("a solved board is written in the engine's solution format, byte for byte", () => {
  const text = enginePackPuzzles(10, "easy")[0].puzzle;
  const out = JSON.parse(gridforge("kakuro", "solve", text, "--json"));
  const board = parseBoard(text);
  const values = parseSolution(out.solutions[0], board);
  assert.equal(solutionText(board, values), out.solutions[0].trim());
});

test("layouts: runs of one cell, runs over nine, digits on the edge, no digits", () => {
  const grid = (rows, cols, cells) => {
    const d = Array(rows * cols).fill(false);
    for (const [r, c] of cells) d[r * cols + c] = true;
    return d;
  };
  assert.deepEqual(checkLayout(3, 3, grid(3, 3, [[1, 1], [1, 2], [2, 1], [2, 2]])), []);
  assert.deepEqual(checkLayout(3, 3, grid(3, 3, [])).map((p) => p.rule), ["empty"]);
  const single = checkLayout(4, 4, grid(4, 4, [[1, 1], [1, 2], [2, 1], [2, 2], [3, 3]]));
  assert.deepEqual(single.map((p) => [p.rule, p.dir, p.cells]), [
    ["short", "across", [15]],
    ["short", "down", [15]],
  ]);
  const long = checkLayout(12, 12, grid(12, 12, [...Array(10).keys()].flatMap((k) => [[1, k + 1], [2, k + 1]])));
  assert.deepEqual(long.map((p) => [p.rule, p.dir, p.cells.length]), [
    ["long", "across", 10],
    ["long", "across", 10],
  ]);
  const edge = checkLayout(3, 3, grid(3, 3, [[0, 1], [1, 1], [1, 2], [2, 1], [2, 2]]));
  assert.equal(edge[0].rule, "edge");
  assert.deepEqual(edge[0].cells, [1]);
  assert.equal(layoutText(3, 3, grid(3, 3, [[1, 1], [1, 2]])), "3 3\n- - -\n- 0 0\n- - -");
});

test("the offline pack has ten puzzles or more of every size and difficulty", () => {
  for (const size of PACK_SIZES) {
    for (const difficulty of DIFFICULTIES) {
      assert.ok(packPuzzles(packFile, size, difficulty).length >= 10, `${size} ${difficulty}`);
    }
  }
  assert.deepEqual(packPuzzles({ ...packFile, format: "something else" }, 10, "easy"), []);
  assert.deepEqual(packPuzzles({ ...packFile, version: 1 }, 10, "easy"), []);
  // Played puzzles come last: with all but one played, that one is picked.
  const all = packPuzzles(packFile, 11, "medium");
  const played = new Set(all.slice(1).map((p) => packKey(11, "medium", p.seed)));
  for (const r of [0, 0.5, 0.99]) assert.equal(pickPuzzle(packFile, 11, "medium", played, () => r).seed, all[0].seed);
  assert.equal(pickPuzzle(packFile, 99, "easy", new Set()), null);
});

test("every pack puzzle's clues, derived from its layout and digits, are the engine's puzzle of that seed", () => {
  // The pack keeps each puzzle as one string of layout and digits; the
  // client sums the runs into clues. The engine makes the same puzzles
  // again from the pack's seeds, with their solutions.
  let checked = 0;
  for (const size of PACK_SIZES) {
    for (const difficulty of DIFFICULTIES) {
      const engine = enginePackPuzzles(size, difficulty);
      const bucket = packFile.buckets.find((b) => b.size === size && b.difficulty === difficulty);
      assert.equal(bucket.puzzles.length, engine.length, `${size} ${difficulty}`);
      bucket.puzzles.forEach((code, i) => {
        const { board, solution } = unpackPuzzle(size, code);
        assert.equal(boardText(board), engine[i].puzzle, `${size} ${difficulty} seed ${engine[i].seed}`);
        assert.deepEqual(solution, parseSolution(engine[i].solution, board));
        assert.equal(packPuzzles(packFile, size, difficulty)[i].seed, engine[i].seed);
        checked++;
      });
    }
  }
  assert.equal(checked, packFile.buckets.length * packFile.count);
  assert.equal(checked, 280);
  // A code that does not fit its layout, or a character outside base64url, is refused.
  const code = packFile.buckets[0].puzzles[0];
  for (const bad of [code.slice(0, -2), `${code}AA`, code.replace(/.$/, "*"), "", code.slice(0, 10)]) {
    assert.throws(() => unpackPuzzle(10, bad), BoardFormatError, bad);
  }
});

test("the tutorial board has the one solution its steps teach, and the steps lead to it", () => {
  const board = parseBoard(TUTORIAL_BOARD);
  const solution = rustSolution(TUTORIAL_BOARD);
  const expected = { 5: 1, 6: 3, 9: 2, 10: 9, 11: 7, 14: 8, 15: 9 };
  assert.deepEqual(
    Object.fromEntries(digitCells(board).map((i) => [i, solution[i]])),
    Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, v])),
  );
  assert.equal(TUTORIAL_STEPS.length, 10);
  // Doing what each step asks moves on by exactly one step.
  const values = board.cells.map(() => 0);
  const state = { selected: -1, values, hints: false, solved: false };
  const actions = [
    () => (state.selected = 5),
    () => (state.selected = 6),
    () => (state.hints = true),
    () => (values[5] = 1),
    () => (values[6] = 3),
    () => (values[9] = 2),
    () => (values[15] = 9),
    () => (values[11] = 9),
    () => (values[11] = 7),
    () => {
      values[14] = 8;
      assert.equal(nextStep(9, state), 9, "one of the last two cells is not enough");
      values[10] = 9;
      state.solved = checkBoard(board, values).solved;
    },
  ];
  let step = nextStep(0, state);
  assert.equal(step, 0);
  actions.forEach((act, k) => {
    assert.equal(step, k);
    act();
    step = nextStep(step, state);
    assert.equal(step, k + 1, `step ${k + 1} done`);
  });
  assert.equal(checkBoard(board, values).repeats.size, 0);
});

test("sizes: squares as N, rectangles as <columns>x<rows>; past the pack's only from the server", () => {
  // The engine makes every size New game offers (10 to 30 a side).
  for (const size of SIZES) {
    const { rows, cols } = sizeSides(size);
    assert.ok(rows >= 10 && rows <= 30 && cols >= 10 && cols <= 30, String(size));
    assert.equal(sizeOf(rows, cols), size, "a board's size names it again");
    assert.equal(readSize(String(size)), size, "as the menu's select writes it");
    assert.equal(needsServer(size), !PACK_SIZES.includes(size));
  }
  assert.ok(SIZES.includes(30) && SIZES.some((s) => typeof s === "string"), "large squares and rectangles");
  assert.deepEqual(sizeSides("24x28"), { rows: 28, cols: 24 });
  assert.equal(sizeOf(28, 24), "24x28");
  assert.equal(readSize("17"), null);
  assert.equal(readSize("28x24"), null, "only the rectangles offered");
  assert.equal(sizeSides("x"), null);
  assert.deepEqual(EDITOR_SIZES, SIZES.filter((s) => typeof s === "number"));
  assert.ok(EDITOR_SIZES.includes(30));
});
