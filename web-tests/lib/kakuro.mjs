// Kakuro as the end-to-end tests see it, written apart from the client's
// own model so the tests do not grade the page with its own code: the runs
// of a puzzle in the crate's text format, and its solution from the server.

import assert from "node:assert/strict";
import { ready } from "./browser.mjs";

/**
 * Reads a puzzle: {rows, cols, digit (row-major booleans), runs: [{dir,
 * sum, cells}]}. Only as much as the tests need; the puzzles come from the
 * server or the pack, so they are well formed.
 */
export function readPuzzle(text) {
  const [header, ...lines] = text.trim().split("\n");
  const [rows, cols] = header.split(" ").map(Number);
  const tokens = lines.flatMap((l) => l.trim().split(/\s+/));
  assert.equal(tokens.length, rows * cols);
  const digit = tokens.map((t) => /^\d$/.test(t));
  const runs = [];
  tokens.forEach((t, i) => {
    if (!t.includes(",")) return;
    const [down, across] = t.split(",");
    for (const [dir, sum, step] of [["across", across, 1], ["down", down, cols]]) {
      if (!sum) continue;
      const cells = [];
      for (let j = i + step; j < rows * cols && digit[j] && (dir === "down" || j % cols !== 0); j += step) {
        cells.push(j);
      }
      runs.push({ dir, sum: Number(sum), cells });
    }
  });
  return { rows, cols, digit, runs };
}

/** The runs through cell i. */
export function runsThrough(puzzle, i) {
  return puzzle.runs.filter((r) => r.cells.includes(i));
}

/** The solution of `puzzle` from POST /api/kakuro/solve: row-major digits (0 off the digit cells). */
export async function solveOnServer(url, puzzle) {
  const response = await fetch(new URL("api/kakuro/solve", url), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ puzzle }),
  });
  assert.equal(response.status, 200);
  const answer = await response.json();
  assert.equal(answer.uniqueness, "unique");
  const [, ...lines] = answer.solutions[0].trim().split("\n");
  return lines.flatMap((l) => l.trim().split(/\s+/)).map((t) => (t === "-" ? 0 : Number(t)));
}

/** Opens the Kakuro menu at `base` and starts a new game; returns the puzzle text. */
export async function newGame(page, base, size, difficulty) {
  await page.goto(`${base}#/kakuro`);
  await ready(page);
  await page.selectOption("#kk-size", String(size));
  await page.selectOption("#kk-difficulty", difficulty);
  await page.click("#kk-new");
  await page.waitForSelector("#kk-board");
  return page.getAttribute("#kk-board", "data-puzzle");
}

/** Types the server's solution of the puzzle on the page (text as `newGame` gives it) into every digit cell. */
export async function typeSolution(page, base, text) {
  const { digit } = readPuzzle(text);
  const solution = await solveOnServer(base, text);
  for (const [i, d] of solution.entries()) {
    if (!d || !digit[i]) continue;
    await page.click(`#kk-board [data-i='${i}']`);
    await page.keyboard.press(String(d));
  }
}
