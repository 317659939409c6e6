// Large Kakuro boards on a phone (390×844, touch) in Chromium against the
// real server: a 30×30 from New game opens at readable cells on its first
// empty run, shows the whole board with one tap, zooms in by the
// button and by a pinch (CDP touch events) to cells a finger can hit,
// pans by a one-finger drag (which selects nothing), takes digits by tap
// and pad and by keyboard (the selection scrolled into view, its run sums
// in the bar above the board), is solved by keyboard alone with the
// solution `gridforge kakuro solve` gives for the served puzzle (its first
// digits by real key presses, the rest by keydown events dispatched in the
// page), and comes
// back from a save slot at its size; the help and the statistics work at
// that size. A 24×28
// rectangle's link opens the same rectangle in a fresh context, and
// without a server the large sizes are greyed and explained.
// Screenshots: test-artifacts/big-*.png.

import assert from "node:assert/strict";
import { test } from "node:test";
import { assertEventually, e2eSuite, ready, text } from "../lib/browser.mjs";
import { exportedFile, gridforge } from "../lib/engine.mjs";
import { expectAccessible } from "../lib/accessibility.mjs";
import { newGame, readPuzzle, runsThrough } from "../lib/kakuro.mjs";

const suite = e2eSuite("big");
const { withPage, snap } = suite;
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
/** A finger's width in CSS px: the zoom must reach cells this large. */
const FINGER = 44;
/** The cell size (CSS px) a big board opens at: readable without zooming. */
const READABLE = 32;
/** Digits of the keyboard solve typed by real key presses (the rest are dispatched in the page). */
const REAL_PRESSES = 40;
const ARROWS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

const cellSel = (i) => `#kk-board [data-i='${i}']`;
const cellSize = async (page) => (await page.locator(cellSel(0)).boundingBox()).width;
const selected = (page) => page.$eval("#kk-board [aria-selected='true']", (el) => Number(el.dataset.i));
const scroll = (page) => page.$eval("#kk-viewport", (el) => ({ x: el.scrollLeft, y: el.scrollTop }));

/** The solution of `puzzle` from the binary (`gridforge kakuro solve`): row-major digits, 0 off the digit cells. */
function solveWithBinary(puzzle) {
  const [header, ...rest] = gridforge("kakuro", "solve", puzzle).trim().split("\n");
  const [rows] = header.split(" ").map(Number);
  assert.equal(rest[rows], "unique", "the served puzzle has one solution");
  return rest.slice(0, rows).flatMap((l) => l.trim().split(/\s+/)).map((t) => (t === "-" ? 0 : Number(t)));
}

/** Whether the box of `selector` lies inside the board's viewport (and the window). */
function inViewport(page, selector) {
  return page.evaluate((sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    const v = document.getElementById("kk-viewport").getBoundingClientRect();
    const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    return inside(r, v) && inside(r, { left: 0, top: 0, right: innerWidth, bottom: innerHeight });
  }, selector);
}

/** Touch points through CDP: `frames` is a list of point lists (one per finger), then every finger lifts. */
async function touch(cdp, frames) {
  const [first, ...moves] = frames;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: first });
  for (const points of moves) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/**
 * The arrow keys that take the selection from cell `from` to `to`: the
 * client moves to the next digit cell in a direction, so the path is a
 * breadth-first search over those moves (written here, not the client's).
 */
function arrowPath(puzzle, from, to) {
  const { rows, cols, digit } = puzzle;
  const step = (i, [dr, dc]) => {
    let [r, c] = [Math.floor(i / cols), i % cols];
    for (;;) {
      r += dr;
      c += dc;
      if (r < 0 || c < 0 || r >= rows || c >= cols) return -1;
      if (digit[r * cols + c]) return r * cols + c;
    }
  };
  const back = new Map([[from, null]]);
  const queue = [from];
  while (queue.length && !back.has(to)) {
    const i = queue.shift();
    for (const [key, delta] of Object.entries(ARROWS)) {
      const j = step(i, delta);
      if (j >= 0 && !back.has(j)) {
        back.set(j, [i, key]);
        queue.push(j);
      }
    }
  }
  assert.ok(back.has(to), `no arrow path from ${from} to ${to}`);
  const keys = [];
  for (let at = to; back.get(at); at = back.get(at)[0]) keys.unshift(back.get(at)[1]);
  return keys;
}

/** Presses Help at `stage` and waits for its answer; returns the panel's text. */
async function help(page, stage) {
  assert.equal(await page.getAttribute("#kk-help", "data-stage"), stage);
  await page.click("#kk-help");
  await page.waitForFunction(
    (s) => document.getElementById("kk-help-panel").dataset.stage === s && !document.getElementById("kk-help").disabled,
    stage,
    { timeout: 30_000 },
  );
  return text(page, "#kk-help-panel");
}

/** Types digit `d` into cell `i` with the keyboard only (arrows from the selected cell, then the digit). */
async function keyInto(page, puzzle, i, d) {
  for (const key of arrowPath(puzzle, await selected(page), i)) await page.keyboard.press(key);
  await page.keyboard.press(String(d));
}

test("a 30×30 on a phone: zoom, pinch, pan, tap, pad and keys, solved by keyboard, saved and loaded, counted", async () => {
  await withPage("big-30", phone, async (page, context) => {
    const cdp = await context.newCDPSession(page);
    const text30 = await newGame(page, suite.url, 30, "easy");
    const puzzle = readPuzzle(text30);
    assert.deepEqual([puzzle.rows, puzzle.cols], [30, 30]);
    assert.equal(await text(page, "#kk-title"), "Kakuro 30×30 · Easy");
    const solution = solveWithBinary(text30);
    await page.waitForTimeout(100);

    // It opens at a readable zoom on its first empty run (the first digit
    // cell in reading order: all are empty), the pad under it...
    const first = puzzle.digit.findIndex(Boolean);
    const row = Math.floor(first / puzzle.cols);
    const run = [first - 1];
    for (let i = first; i < (row + 1) * puzzle.cols && puzzle.digit[i]; i++) run.push(i);
    const opened = await cellSize(page);
    assert.ok(opened >= READABLE, `opened at ${opened} px cells`);
    for (const i of run) assert.ok(await inViewport(page, cellSel(i)), `cell ${i} of the first run (and its clue) in sight`);
    assert.ok(!(await page.isDisabled("#kk-zoom-fit")), "the whole board one tap away");
    await snap(page, "30-opened");
    // ...and the whole board is one tap away.
    await page.click("#kk-zoom-fit");
    assert.ok(await inViewport(page, "#kk-board"), "the whole board at a glance");
    assert.ok(await page.$eval("#kk-viewport", (el) => el.scrollWidth <= el.clientWidth), "nothing to pan at first");
    const fit = await cellSize(page);
    assert.ok(fit < FINGER, `fitted cells are ${fit} px`);
    const pad = await page.locator("#kk-pad").boundingBox();
    assert.ok(pad.y + pad.height <= 844, "the pad is on the first screen");
    assert.ok(await page.isDisabled("#kk-zoom-out"));
    await snap(page, "30-fit");

    // Zoom in with the button as far as it goes: finger-sized cells, a board larger than its viewport.
    while (!(await page.isDisabled("#kk-zoom-in"))) await page.click("#kk-zoom-in");
    const zoomed = await cellSize(page);
    assert.ok(zoomed >= FINGER, `zoomed in, cells are ${zoomed} px`);
    assert.ok(await page.$eval("#kk-viewport", (el) => el.scrollWidth > el.clientWidth + 100));
    await snap(page, "30-zoomed");
    // The zoomed 30×30 (its zoom controls, the clue bar, 784 cells) passes axe as the small boards do.
    await expectAccessible(page, "a zoomed 30×30 Kakuro");
    await page.click("#kk-zoom-fit");
    assert.equal(await cellSize(page), fit, "whole board again");

    // A pinch: two fingers spreading apart over the board zoom in.
    const view = await page.locator("#kk-viewport").boundingBox();
    const [cx, cy] = [view.x + view.width / 2, view.y + view.height / 2];
    const pinch = [];
    for (let k = 0; k <= 10; k++) {
      const d = 20 + k * 12;
      pinch.push([
        { x: cx - d, y: cy, id: 0 },
        { x: cx + d, y: cy, id: 1 },
      ]);
    }
    const before = await selected(page);
    await touch(cdp, pinch);
    const pinched = await cellSize(page);
    assert.ok(pinched >= fit * 3, `the pinch zoomed from ${fit} to ${pinched} px`);
    assert.equal(await selected(page), before, "a pinch selects nothing");

    // A one-finger drag pans (and selects nothing).
    while (!(await page.isDisabled("#kk-zoom-in"))) await page.click("#kk-zoom-in");
    const start = await scroll(page);
    const drag = [];
    for (let k = 0; k <= 10; k++) drag.push([{ x: cx + 60 - k * 15, y: cy + 60 - k * 12, id: 0 }]);
    await touch(cdp, drag);
    const panned = await scroll(page);
    assert.ok(Math.abs(panned.x - start.x - 150) <= 2 && Math.abs(panned.y - start.y - 120) <= 2, `panned from ${JSON.stringify(start)} to ${JSON.stringify(panned)}`);
    assert.equal(await selected(page), before, "a drag is not a tap");
    await snap(page, "30-panned");
    // The window changing height (a phone's address bar) keeps the zoom and the place panned to.
    await page.setViewportSize({ width: 390, height: 780 });
    await page.waitForTimeout(200);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    assert.equal(await cellSize(page), zoomed);
    assert.deepEqual(await scroll(page), panned);

    // A tap selects the cell under the finger; the pad writes into it; the bar shows its runs' sums.
    const visible = await page.evaluate(() => {
      const v = document.getElementById("kk-viewport").getBoundingClientRect();
      const mid = { x: (v.left + v.right) / 2, y: (v.top + v.bottom) / 2 };
      const cells = [...document.querySelectorAll("#kk-board .kk-cell")].map((el) => [el, el.getBoundingClientRect()]);
      const inside = cells.filter(([, r]) => r.left >= v.left && r.right <= v.right && r.top >= v.top && r.bottom <= v.bottom);
      inside.sort(([, a], [, b]) => Math.hypot(a.x - mid.x, a.y - mid.y) - Math.hypot(b.x - mid.x, b.y - mid.y));
      const [el, r] = inside[0];
      return { i: Number(el.dataset.i), x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    await page.touchscreen.tap(visible.x, visible.y);
    assert.equal(await selected(page), visible.i, "the tapped cell is selected");
    await page.tap(`#kk-pad [data-digit='${solution[visible.i]}']`);
    assert.equal(await page.getAttribute(cellSel(visible.i), "data-value"), String(solution[visible.i]));
    const sums = runsThrough(puzzle, visible.i)
      .sort((a, b) => (a.dir === "across" ? -1 : 1) - (b.dir === "across" ? -1 : 1))
      .map((r) => `${r.dir === "across" ? "Across" : "Down"}: ${r.sum} in ${r.cells.length} cell${r.cells.length > 1 ? "s" : ""}`);
    assert.equal(await text(page, "#kk-clue-bar"), sums.join(" · "));

    // The keyboard moves the selection far across the zoomed board: it stays in sight.
    for (let k = 0; k < 25; k++) await page.keyboard.press("ArrowDown");
    for (let k = 0; k < 25; k++) await page.keyboard.press("ArrowLeft");
    const far = await selected(page);
    assert.notEqual(far, visible.i);
    assert.ok(await inViewport(page, cellSel(far)), "the selected cell scrolled into view");
    await page.keyboard.press(String(solution[far]));
    assert.equal(await page.getAttribute(cellSel(far), "data-value"), String(solution[far]));

    // The hints panel and the help's stages work at this size too: the help's digit is the solution's.
    await page.click("#kk-hints-toggle");
    await page.waitForSelector("#kk-hints h3");
    await page.click("#kk-hints-toggle");
    assert.equal(await help(page, "check"), "No mistakes so far. Press Help again to see where to look next.");
    assert.match(await help(page, "where"), /^Look at the (highlighted run|\d+ highlighted runs)/);
    const litInSight = await page.evaluate(() => {
      const v = document.getElementById("kk-viewport").getBoundingClientRect();
      return [...document.querySelectorAll("#kk-board .kk-help-run")].some((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= v.left && r.right <= v.right && r.top >= v.top && r.bottom <= v.bottom;
      });
    });
    assert.ok(litInSight, "the zoomed board scrolled to the runs the help points at");
    await help(page, "why");
    assert.equal(await help(page, "show"), "Done: the next digit is in (Undo takes it back).");

    // Save into slot 1.
    await page.click("#kk-save");
    await page.waitForSelector("#kk-save-dialog[open]");
    await page.click("#kk-save-slots [data-slot='1'] button");
    assert.equal(await text(page, "#kk-save-slots [data-slot='1'] .kk-slot-kind"), "30×30 · Easy");
    await page.click("#kk-save-close");
    const saved = await page.$$eval("#kk-board .kk-cell", (els) => els.map((e) => e.dataset.value));

    // Every other digit by keyboard alone, in reading order.
    const placed = saved.filter((v) => v !== "0").length;
    assert.ok(placed >= 3, `${placed} digits on the board: tapped, typed and the help's`);
    const shown = await page.$$eval("#kk-board [data-i]", (els) => els.map((e) => Number(e.dataset.value ?? 0)));
    for (const [i, v] of shown.entries()) if (v) assert.equal(v, solution[i], `cell ${i} holds the solution's digit`);
    const todo = solution.map((d, i) => [i, d]).filter(([i, d]) => d && puzzle.digit[i] && !shown[i]);
    const started = Date.now();
    // The first digits by real key presses; the rest by the same keydown
    // events dispatched in the page a row at a time, since a real press is a
    // DevTools round trip and a repaint of the 900-cell board: one press at
    // a time, the whole board took 90 to 125 s, the suite's longest test.
    // After each row the selection must be on the row's last digit.
    const pressed = todo.slice(0, REAL_PRESSES);
    for (const [i, d] of pressed) await keyInto(page, puzzle, i, d);
    let from = await selected(page);
    const rows = new Map();
    for (const [i, d] of todo.slice(REAL_PRESSES)) {
      const row = Math.floor(i / puzzle.cols);
      rows.set(row, [...(rows.get(row) ?? []), ...arrowPath(puzzle, from, i), String(d)]);
      from = i;
      rows.get(row).last = i;
    }
    for (const keys of rows.values()) {
      await page.evaluate((ks) => {
        for (const key of ks) document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
      }, keys);
      assert.equal(await selected(page), keys.last, "the keys took the selection to the row's last digit");
    }
    await page.waitForSelector("#kk-solved");
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`big: ${todo.length} digits typed by keyboard on a 30×30 in ${seconds} s`);
    // Solved: the whole board is shown, not the zoomed corner of the last digit.
    assert.ok(await page.isDisabled("#kk-zoom-fit"), "a solved board shows whole");
    await snap(page, "30-solved");

    // Load slot 1 from the menu: the 30×30 comes back as saved; the solve is counted.
    await page.click("#kk-back");
    await page.waitForSelector("#kk-load-slots");
    assert.equal(await page.getAttribute("#kk-stats tr[data-size='30'][data-difficulty='easy'] [data-stat='solved']", "data-stat"), "solved");
    assert.equal(await text(page, "#kk-stats tr[data-size='30'][data-difficulty='easy'] [data-stat='solved']"), "1");
    await page.click("#kk-load-slots [data-slot='1'] button");
    await page.waitForSelector("#kk-board");
    assert.equal(await page.getAttribute("#kk-board", "data-puzzle"), text30);
    assert.deepEqual(await page.$$eval("#kk-board .kk-cell", (els) => els.map((e) => e.dataset.value)), saved);
    assert.ok((await cellSize(page)) >= READABLE, "a loaded big board opens readable");
    await page.click("#kk-zoom-fit");
    assert.ok(await inViewport(page, "#kk-board"), "and whole with one tap");
  });
});

test("a 24×28 rectangle's link opens the same rectangle in a fresh context", async () => {
  let link;
  let puzzle;
  await withPage("big-rect", phone, async (page) => {
    puzzle = await newGame(page, suite.url, "24x28", "medium");
    assert.equal(await text(page, "#kk-title"), "Kakuro 24×28 · Medium");
    assert.deepEqual(
      [await page.getAttribute("#kk-board", "data-rows"), await page.getAttribute("#kk-board", "data-cols")],
      ["28", "24"],
    );
    await page.click("#kk-zoom-fit");
    assert.ok(await inViewport(page, "#kk-board"), "the whole rectangle at a glance, one tap away");
    await page.click("#kk-copy-link");
    await page.waitForSelector("#share-url");
    link = await page.getAttribute("#share-url", "href");
    assert.match(link, /#\/kakuro\/p\/24x28-medium-\d+$/);
    await snap(page, "rect");
  });
  await withPage("big-rect-opened", phone, async (page) => {
    await page.goto(link);
    await ready(page);
    await page.waitForSelector("#kk-board");
    assert.equal(await page.getAttribute("#kk-board", "data-puzzle"), puzzle);
    assert.equal(await text(page, "#kk-title"), "Kakuro 24×28 · Medium");
  });
});

test("without a server the large sizes are greyed and say why; the pack's sizes still play", async () => {
  await withPage("big-offline", phone, async (page) => {
    await page.goto(`${exportedFile()}#/kakuro`);
    await page.waitForSelector("#kk-size");
    const options = await page.$$eval("#kk-size option", (els) => els.map((e) => [e.value, e.disabled]));
    assert.deepEqual(
      options.filter(([, disabled]) => disabled).map(([v]) => v),
      ["18", "20", "22", "25", "28", "30", "24x28", "20x30"],
    );
    assert.match(await text(page, "#kk-size-note"), /need the server/);
    await page.selectOption("#kk-size", "16");
    await page.click("#kk-new");
    await page.waitForSelector("#kk-board");
    assert.equal(await page.getAttribute("#kk-board", "data-rows"), "16");
  });
  // A browser that knows it is offline greys them on the menu at once.
  await withPage("big-browser-offline", phone, async (page, context) => {
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    await context.setOffline(true);
    await page.goto(`${suite.url}#/`);
    await page.goto(`${suite.url}#/kakuro`);
    await page.waitForSelector("#kk-size");
    assert.ok(await page.isDisabled("#kk-size option[value='30']"));
    assert.ok(!(await page.isDisabled("#kk-size option[value='16']")));
    assert.match(await text(page, "#kk-size-note"), /need the server/);
  });
  // A large size asked while the server is unreachable says so on the menu.
  await withPage("big-unreachable", phone, async (page, context) => {
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    await page.selectOption("#kk-size", "25");
    await context.route("**/api/kakuro/generate", (route) => route.abort());
    await page.click("#kk-new");
    await assertEventually(async () => /need the server/.test(await text(page, "#kk-new-status")), "the menu says why");
    assert.ok(await page.isDisabled("#kk-size option[value='25']"), "greyed once the server is found unreachable");
  });
});
