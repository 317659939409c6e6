// The daily puzzles as the end-to-end tests play them: a daily Kakuro typed
// in from the engine's own solution (`gridforge kakuro solve` on the puzzle
// the page shows), and a daily ChessMemory played by a bot that only knows
// what the server turned over (it remembers every piece revealed and pairs
// partners by the rules of chess-rules.js).

import assert from "node:assert/strict";
import { arePartners } from "../../web/js/chess-rules.js";
import { ready } from "./browser.mjs";
import { gridforge } from "./engine.mjs";
import { readPuzzle } from "./kakuro.mjs";

/** Opens the Today screen at `base` (a page already there is shown afresh). */
export async function openToday(page, base, date = null) {
  await page.goto(`${base}#/today${date ? `/${date}` : ""}`);
  await ready(page);
  await page.waitForSelector("#daily-list, .daily-offline, #daily-status:not(:empty)");
}

/** Answers the name dialog when it opens (the first daily asks once), with `name`. */
export async function answerName(page, name) {
  const dialog = page.locator("#name-dialog[open]");
  try {
    await dialog.waitFor({ timeout: 3000 });
  } catch {
    return false;
  }
  await page.fill("#name-input", name);
  await page.click("#name-save");
  await page.locator("#name-dialog[open]").waitFor({ state: "detached" });
  return true;
}

/** The engine's solution of a puzzle text: row-major digits, 0 off the digit cells. */
export function engineSolution(text) {
  const out = JSON.parse(gridforge("kakuro", "solve", text, "--json"));
  assert.equal(out.status, "unique", "the daily puzzle has one solution");
  const [, ...lines] = out.solutions[0].trim().split("\n");
  return lines.flatMap((l) => l.trim().split(/\s+/)).map((t) => (t === "-" ? 0 : Number(t)));
}

/**
 * Types the engine's solution into the empty cells of the Kakuro board on
 * screen, stopping before cell `stop(i)` says, and typing the last digit
 * no sooner than `notBefore` (ms since the epoch: the server refuses a solve
 * faster than a person could type it); returns the [cell, digit] pairs
 * typed.
 */
export async function typeEngineSolution(page, { stop = () => false, notBefore = 0 } = {}) {
  await page.waitForSelector("#kk-board");
  const text = await page.getAttribute("#kk-board", "data-puzzle");
  const { digit } = readPuzzle(text);
  const cells = engineSolution(text).flatMap((d, i) => (d && digit[i] ? [[i, d]] : []));
  const typed = [];
  for (const [k, [i, d]] of cells.entries()) {
    if (stop(i)) break;
    if ((await page.locator(`#kk-board [data-i='${i}'] .kk-value`).innerText()) === String(d)) continue;
    await page.click(`#kk-board [data-i='${i}']`);
    if (k === cells.length - 1 && Date.now() < notBefore) await page.waitForTimeout(notBefore - Date.now());
    await page.keyboard.press(String(d));
    typed.push([i, d]);
  }
  return typed;
}

/**
 * Types the engine's solution into the Kakuro board on screen as a person
 * does (issue 38: a path in reading order, without a correction, or faster
 * than a person, is held for review): the cells in an order shuffled by
 * `seed`, the first one written wrong and corrected last, and before that
 * last key `beforeLast()` (which moves the clocks past the puzzle's human
 * floor). Cells already right (after a reload) are left. With `stopAfter`,
 * stops after that many cells, the first still wrong. Returns the
 * [cell, digit] pairs typed right.
 */
export async function typeLikeAPerson(page, { seed = 1, stopAfter = Infinity, beforeLast = async () => {} } = {}) {
  await page.waitForSelector("#kk-board");
  const text = await page.getAttribute("#kk-board", "data-puzzle");
  const { digit } = readPuzzle(text);
  const cells = engineSolution(text).flatMap((d, i) => (d && digit[i] ? [[i, d]] : []));
  // mulberry32: a small seeded generator.
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  // Every cell's shown digit in one read (a read a cell cost a round trip each).
  const shown = await page.$$eval("#kk-board [data-i]", (els) =>
    Object.fromEntries(els.map((el) => [el.dataset.i, el.querySelector(".kk-value")?.innerText ?? ""])),
  );
  const todo = cells.filter(([i, d]) => shown[i] !== String(d));
  if (!todo.length) return [];
  const [[firstCell, firstDigit], ...rest] = todo;
  await page.click(`#kk-board [data-i='${firstCell}']`);
  await page.keyboard.press(String((firstDigit % 9) + 1));
  const typed = [];
  for (const [i, d] of rest) {
    if (typed.length + 1 >= stopAfter) return typed;
    await page.click(`#kk-board [data-i='${i}']`);
    await page.keyboard.press(String(d));
    typed.push([i, d]);
    await page.waitForTimeout(Math.round(10 + next() * 60));
  }
  await beforeLast();
  await page.click(`#kk-board [data-i='${firstCell}']`);
  await page.keyboard.press(String(firstDigit));
  return [...typed, [firstCell, firstDigit]];
}

/**
 * Moves both clocks on by `ms`: the server's (through its test clock file)
 * and the page's (Playwright's clock, installed before the page loaded), so
 * a solve's time and its path's times agree, past a puzzle's human floor.
 */
export async function advanceClocks(suite, page, ms) {
  await suite.shiftClock(ms);
  await page.clock.fastForward(ms);
}

/**
 * When a daily Kakuro whose start token was answered at `startedAt` may be
 * solved: the believable minimum the server gives for the puzzle
 * (`min_time_ms` of GET /api/kakuro/daily/{date}, none: 0) and a margin.
 */
export async function solvableAt(base, date, difficulty, startedAt) {
  const day = await (await fetch(new URL(`api/kakuro/daily/${date}`, base))).json();
  const min = day.puzzles?.find((p) => p.difficulty === difficulty)?.min_time_ms ?? 0;
  return startedAt + min + 500;
}

const squareAt = (i) => `#chess-board .chess-square[data-index='${i}']`;

/**
 * Plays the daily ChessMemory on screen to its end: turns a square over and
 * waits until the page shows what the server answered. After
 * `reloadAfter` moves it reloads the page and checks the pairs found are
 * still open. Returns {moves, misses}: the turns of two the bot made and how
 * many were misses.
 */
export async function playDailyChess(page, { reloadAfter = null } = {}) {
  const known = Array(64).fill("");
  const found = new Set();
  let moves = 0;
  let misses = 0;
  /** Turns square i over; the piece the server showed there. */
  async function turn(i) {
    // A missed pair shows for a moment: its squares are chosen again once face down.
    await page.locator(`${squareAt(i)}[data-state='hidden']`).waitFor({ timeout: 10_000 });
    await page.click(squareAt(i));
    const shown = page.locator(`${squareAt(i)}:is([data-state='shown'], [data-state='missed'], [data-state='found'])`);
    await shown.waitFor({ timeout: 10_000 });
    known[i] = await page.getAttribute(squareAt(i), "data-piece");
    assert.match(known[i], /^[QNBRqnbr]$/);
    return known[i];
  }
  const partnerOf = (i) => known.findIndex((p, j) => p && !found.has(j) && arePartners(known, i, j));
  /** The pair missed last: the server (as merged) refuses either of its squares as the next move's first. */
  let missed = [];
  while (found.size < 64) {
    // A pair already known: take it, a square of the pair missed last second.
    let a = known.findIndex((p, i) => p && !found.has(i) && partnerOf(i) >= 0);
    let b;
    if (a >= 0) {
      b = partnerOf(a);
      if (missed.includes(a)) [a, b] = [b, a];
      await turn(a);
      await turn(b);
    } else {
      a = known.findIndex((p, i) => !p && !found.has(i));
      await turn(a);
      b = partnerOf(a);
      if (b < 0) b = known.findIndex((p, i) => !p && i !== a);
      await turn(b);
    }
    moves += 1;
    missed = [];
    if (arePartners(known, a, b)) {
      found.add(a).add(b);
      await page.locator(`${squareAt(b)}[data-state='found']`).waitFor();
    } else {
      misses += 1;
      missed = [a, b];
    }
    if (moves === reloadAfter) {
      await page.reload();
      await ready(page);
      await page.waitForSelector("#chess-board");
      const open = await page.$$eval("#chess-board [data-state='found']", (els) => els.map((e) => Number(e.dataset.index)));
      assert.deepEqual(open.sort((x, y) => x - y), [...found].sort((x, y) => x - y), "the reload keeps the pairs found");
    }
  }
  return { moves, misses };
}

/** The pieces on the ChessMemory board on screen, by square (0 = a8), "" where face down. */
export async function chessBoardOnScreen(page) {
  return page.$$eval("#chess-board .chess-square", (els) => {
    const board = Array(64).fill("");
    for (const el of els) board[Number(el.dataset.index)] = el.dataset.piece ?? "";
    return board;
  });
}
