// ChessMemory as the tests know it: square names worked out here (not taken
// from the client), the partners of a setup from the Rust engine
// (`gridforge chess pairs`), never from the page, and playing the board on
// a page the way a person does.

import assert from "node:assert/strict";
import { assertEventually } from "./browser.mjs";
import { gridforge } from "./engine.mjs";

/** The 64 square names in setup-text order: a8, b8, …, h8, a7, …, h1. */
export const SQUARES = Array.from({ length: 64 }, (_, i) => `${"abcdefgh"[i % 8]}${8 - Math.floor(i / 8)}`);

/** The position in the setup text of a square named in chess notation. */
export function indexOf(name) {
  assert.match(name, /^[a-h][1-8]$/);
  return (8 - Number(name[1])) * 8 + (name.charCodeAt(0) - 97);
}

/** The letter on square `name` of a setup. */
export function letterAt(setup, name) {
  return setup[indexOf(name)];
}

/**
 * The engine's 32 pairs of a valid setup, as a Map from each square's name
 * to its partner's. Checks that the pairs cover the board once.
 */
export function enginePartners(setup) {
  const { pairs } = JSON.parse(gridforge("chess", "pairs", "--json", setup));
  assert.equal(pairs.length, 32);
  const partner = new Map();
  for (const { piece, squares } of pairs) {
    const [a, b] = squares;
    assert.equal(letterAt(setup, a), piece, `${a} holds ${piece}`);
    assert.equal(letterAt(setup, b), piece, `${b} holds ${piece}`);
    assert.ok(!partner.has(a) && !partner.has(b), `${a} or ${b} in two pairs`);
    partner.set(a, b);
    partner.set(b, a);
  }
  assert.equal(partner.size, 64);
  return partner;
}

/** The page's board square `name`, as a selector. */
export const square = (name) => `#chess-board .chess-square[data-square='${name}']`;
/** What the page shows on square `name`: hidden, shown, missed or found. */
export const stateOf = (page, name) => page.getAttribute(square(name), "data-state");

/** Every square's state, by name. */
export async function states(page) {
  return Object.fromEntries(
    await page.$$eval("#chess-board .chess-square", (els) => els.map((e) => [e.dataset.square, e.dataset.state])),
  );
}

/** Checks that square `name` shows `state` and, face up, the setup's piece. */
export async function expectSquare(page, setup, name, state) {
  assert.equal(await stateOf(page, name), state, name);
  const piece = await page.getAttribute(square(name), "data-piece");
  if (state === "hidden") {
    assert.equal(piece, null, `face-down ${name} carries no piece`);
    assert.equal(await page.locator(`${square(name)} svg`).count(), 0);
  } else {
    assert.equal(piece, letterAt(setup, name), `${name} shows its piece`);
    assert.equal(await page.locator(`${square(name)} svg`).count(), 1);
  }
}

/** A square not yet found that is not `name`'s partner (nor `name`). */
export function nonPartner(name, partner, found) {
  return SQUARES.find((s) => s !== name && s !== partner.get(name) && !found.has(s));
}

/** Every square face down and no piece anywhere in the board's DOM. */
export async function expectAllHidden(page) {
  assert.deepEqual(Object.values(await states(page)), new Array(64).fill("hidden"));
  assert.equal(await page.locator("#chess-board [data-piece], #chess-board svg").count(), 0);
}

/**
 * Starts a log, kept by the page on its own clock, of every change to the
 * squares `names` (their state and piece): `window.squareLog`, a list of
 * `{ at, squares: [{ state, piece }, …] }` in the order of `names`. A missed
 * pair is open only for MISS_MS, so tests read such passing states from the
 * log, which a slow test step cannot outrun, rather than from the screen.
 */
export async function watchSquares(page, names) {
  await page.evaluate((selectors) => {
    window.squareWatch?.disconnect();
    window.squareLog = [];
    let last = "";
    const look = () => {
      const squares = selectors.map((sel) => {
        const el = document.querySelector(sel);
        return { state: el?.dataset.state, piece: el?.dataset.piece ?? null };
      });
      if (JSON.stringify(squares) === last) return;
      last = JSON.stringify(squares);
      window.squareLog.push({ at: performance.now(), squares });
    };
    window.squareWatch = new MutationObserver(look);
    window.squareWatch.observe(document.body, { subtree: true, childList: true, attributes: true });
    look();
  }, names.map(square));
}

/**
 * Waits until the log of `watchSquares` shows every square of `names` open
 * as a miss with its piece from `setup`; returns the log and the index of
 * that entry.
 */
export async function expectMissLogged(page, setup, names) {
  const isMiss = (entry) => entry.squares.every((s) => s.state === "missed");
  let log = [];
  await assertEventually(async () => {
    log = await page.evaluate(() => window.squareLog);
    return log.some(isMiss);
  }, `a miss on ${names.join(" and ")}`);
  const open = log.findIndex(isMiss);
  names.forEach((name, i) => assert.equal(log[open].squares[i].piece, letterAt(setup, name), `${name} shows its piece`));
  return { log, open };
}

/**
 * Plays the rest of the game with `press(name)` (a click, a tap, …): every
 * pair in board order, with a miss before every `missEvery`-th pair.
 * Returns the number of moves made.
 */
export async function playToEnd(page, setup, partner, press, missEvery = 6) {
  const found = new Set(
    Object.entries(await states(page))
      .filter(([, s]) => s === "found")
      .map(([n]) => n),
  );
  let moves = 0;
  let pairs = found.size / 2;
  for (const name of SQUARES) {
    if (found.has(name)) continue;
    let [first, second] = [name, partner.get(name)];
    if (pairs % missEvery === 3) {
      const other = nonPartner(name, partner, found);
      if (other) {
        await watchSquares(page, [name, other]);
        await press(name);
        await press(other);
        await expectMissLogged(page, setup, [name, other]);
        moves += 1;
        // The next square starts a new move and turns the missed pair back at once.
        [first, second] = [second, first];
      }
    }
    await press(first);
    await expectSquare(page, setup, first, "shown");
    await press(second);
    await expectSquare(page, setup, second, "found");
    await expectSquare(page, setup, first, "found");
    found.add(first).add(second);
    moves += 1;
    pairs += 1;
  }
  return moves;
}
