// Kakuro's shareable puzzles and statistics in Chromium against the real
// server: the copy-link button's link opened in a fresh browser context
// gives the same puzzle (a generated one by its seed, an editor one by its
// own text), a link whose seed the offline pack holds opens without the
// server, a bad link shows a message on the menu, and the statistics after
// two solves. Screenshots: test-artifacts/share-*.png.

import assert from "node:assert/strict";
import { test } from "node:test";
import { e2eSuite, ready, text } from "../lib/browser.mjs";
import { enginePackPuzzles } from "../lib/engine.mjs";
import { newGame, readPuzzle, solveOnServer } from "../lib/kakuro.mjs";

const suite = e2eSuite("share");
const { withPage, snap } = suite;
const pack = { puzzles: enginePackPuzzles(12, "hard") };
const desktop = { viewport: { width: 1280, height: 860 } };
const clipboard = { ...desktop, permissions: ["clipboard-read", "clipboard-write"] };

const cell = (i) => `#kk-board [data-i='${i}']`;

/** Clicks the copy-link button: the link shown, after checking the clipboard holds it too. */
async function copyLink(page) {
  await page.click("#kk-copy-link");
  await page.waitForSelector("#share-url");
  const link = await page.getAttribute("#share-url", "href");
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  assert.match(await text(page, "#kk-share-status"), /^Link copied:/);
  return link;
}

/** Opens `link` in a fresh browser context: {puzzle, title}. */
async function openFresh(name, link) {
  let seen;
  await withPage(name, desktop, async (page) => {
    await page.goto(link);
    await ready(page);
    await page.waitForSelector("#kk-board");
    seen = { puzzle: await page.getAttribute("#kk-board", "data-puzzle"), title: await text(page, "#kk-title") };
    await snap(page, `${name}`);
  });
  return seen;
}

async function solve(page) {
  const puzzle = await page.getAttribute("#kk-board", "data-puzzle");
  const solution = await solveOnServer(suite.url, puzzle);
  const { digit } = readPuzzle(puzzle);
  for (const [i, d] of digit.entries()) {
    if (!d) continue;
    await page.click(cell(i));
    await page.keyboard.press(String(solution[i]));
  }
  await page.waitForSelector("#kk-solved");
  return text(page, "#kk-solved-time");
}

test("a generated puzzle's link opens the same puzzle in a fresh browser context", async () => {
  let link;
  let puzzle;
  await withPage("share-generated", clipboard, async (page) => {
    puzzle = await newGame(page, suite.url, 11, "medium");
    link = await copyLink(page);
    assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#\/kakuro\/p\/11-medium-\d+$/);
    await snap(page, "link-copied");
  });
  const seen = await openFresh("share-generated-opened", link);
  assert.equal(seen.puzzle, puzzle);
  assert.equal(seen.title, "Kakuro 11×11 · Medium");
});

test("an editor puzzle's link carries its text and opens in a fresh browser context", async () => {
  let link;
  let puzzle;
  await withPage("share-editor", clipboard, async (page) => {
    await page.goto(`${suite.url}#/kakuro/editor`);
    await ready(page);
    await page.waitForSelector("#kk-ed-board");
    await page.selectOption("#kk-ed-size", "10");
    await page.click("#kk-ed-clear");
    for (const i of [11, 12, 13, 14, 21, 22, 23, 24, 31, 32, 33, 34]) await page.click(`#kk-ed-board [data-i='${i}']`);
    await page.click("#kk-ed-confirm");
    await page.waitForSelector("#kk-ed-valid");
    await page.click("#kk-ed-play");
    await page.waitForSelector("#kk-board");
    puzzle = await page.getAttribute("#kk-board", "data-puzzle");
    link = await copyLink(page);
    assert.match(link, /#\/kakuro\/p\/c1\.[A-Za-z0-9_-]+$/);
    assert.ok(link.length < 200, link);
  });
  const seen = await openFresh("share-editor-opened", link);
  assert.equal(seen.puzzle, puzzle);
  assert.match(seen.title, /^Kakuro 10×10 · (Easy|Medium|Hard|Expert)$/);
});

test("without the server a link opens from the offline pack when it holds the puzzle", async () => {
  await withPage("share-offline", desktop, async (page, context) => {
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    const held = pack.puzzles.find((p) => p.seed === 7);
    await page.evaluate(() => (location.hash = "#/kakuro/p/12-hard-7"));
    await page.waitForSelector("#kk-board");
    assert.equal(await page.getAttribute("#kk-board", "data-puzzle"), held.puzzle);
    assert.match(await text(page, "#kk-notice"), /built-in collection \(the same puzzle\)/);
    await snap(page, "offline-from-pack");
    // A seed the pack does not hold: the message says the server is needed.
    await page.evaluate(() => (location.hash = "#/kakuro/p/12-hard-12345"));
    await page.waitForSelector("#kk-link-problem");
    assert.match(await text(page, "#kk-link-problem"), /needs the server/);
    assert.ok(await page.isVisible("#kk-new"), "the menu works");
    await context.setOffline(false);
  });
});

test("a bad link shows a message on the menu, not a broken screen", async () => {
  await withPage("share-bad", desktop, async (page) => {
    for (const bad of ["c1.AAAAAAAAA", "10-easy", "99-easy-1", "c1.%zz", "nonsense/more"]) {
      await page.goto(`${suite.url}#/kakuro/p/${bad}`);
      await ready(page);
      await page.waitForSelector("#kk-link-problem");
      assert.equal(
        await text(page, "#kk-link-problem"),
        "This link does not hold a Kakuro puzzle: it may be cut short or mistyped.",
        bad,
      );
      assert.ok(await page.isVisible("#kk-new"));
    }
    await snap(page, "bad-link");
    // The menu still starts games.
    await page.click("#kk-new");
    await page.waitForSelector("#kk-board");
  });
});

test("the statistics after two solves: count, best and median time on the menu", async () => {
  await withPage("share-stats", desktop, async (page) => {
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    assert.match(await text(page, "#kk-stats-none"), /No puzzle solved yet/);
    const times = [];
    for (let k = 0; k < 2; k++) {
      await newGame(page, suite.url, 10, "easy");
      // A few seconds apart, so the times differ.
      if (k === 1) await page.waitForTimeout(2200);
      assert.match(await solve(page), /^Your time: \d+:\d\d$/);
      times.push(await page.evaluate(() => JSON.parse(localStorage.getItem("gridforge.kakuro.current.v1")).elapsed));
    }
    await page.click("#kk-back");
    await page.waitForSelector("#kk-stats");
    const row = "#kk-stats tr[data-size='10'][data-difficulty='easy']";
    assert.equal(await page.locator("#kk-stats tbody tr").count(), 1);
    assert.equal(await text(page, `${row} th`), "10×10 · Easy");
    assert.equal(await text(page, `${row} [data-stat='solved']`), "2");
    const clock = (ms) => {
      const s = Math.floor(ms / 1000);
      return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    };
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("gridforge.kakuro.stats.v1")));
    assert.deepEqual(stored["10/easy"].times, times.map(Math.round), "the two solve times are kept");
    assert.equal(await text(page, `${row} [data-stat='best']`), clock(Math.min(...times)));
    assert.equal(await text(page, `${row} [data-stat='median']`), clock(Math.round((times[0] + times[1]) / 2)));
    await snap(page, "statistics");
    // They outlive a reload.
    await page.reload();
    await ready(page);
    assert.equal(await text(page, `${row} [data-stat='solved']`), "2");
  });
});
