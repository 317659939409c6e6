// Kakuro's escalating help in Chromium against the real server's
// POST /api/kakuro/hint: 1 check marks a wrong digit (and only it), 2 where
// highlights the runs of the server's next deduction, 3 why lists its
// sentences from the catalog (English, then German), 4 show applies it (the
// solver's digit, taken back by undo); without the server the check sees
// the rules and the later stages say they need it. The expected runs and
// sentences are built here from the server's answer and the catalogs, not
// with the page's code. Screenshots: test-artifacts/help-*.png.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { e2eSuite, ready, text } from "../lib/browser.mjs";
import { WEB } from "../lib/engine.mjs";
import { readPuzzle, solveOnServer } from "../lib/kakuro.mjs";

const suite = e2eSuite("help");
const { withPage, snap } = suite;
const desktop = { viewport: { width: 1280, height: 860 } };
const catalog = (lang) => JSON.parse(readFileSync(path.join(WEB, "i18n", `${lang}.json`), "utf8"));

const cell = (i) => `#kk-board [data-i='${i}']`;

/** The server's answer for a board text, asked directly. */
async function hintOnServer(board) {
  const r = await fetch(new URL("api/kakuro/hint", suite.url), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ board }),
  });
  assert.equal(r.status, 200);
  return r.json();
}

/** A step's sentence as catalog `lang` words it (plural form by `count`, placeholders filled). */
function sentence(lang, message) {
  let entry = catalog(lang)[message.key];
  assert.ok(entry, `the ${lang} catalog has ${message.key}`);
  if (typeof entry === "object") entry = entry[new Intl.PluralRules(lang).select(Number(message.params.count))];
  return entry.replace(/\{(\w+)\}/g, (whole, name) => {
    const v = message.params?.[name];
    return v === undefined ? whole : Array.isArray(v) ? v.join(", ") : String(v);
  });
}

/** Presses Help and waits for its answer; returns the panel's text. */
async function press(page, stage) {
  assert.equal(await page.getAttribute("#kk-help", "data-stage"), stage);
  await page.click("#kk-help");
  await page.waitForFunction(
    (s) => {
      const panel = document.getElementById("kk-help-panel");
      return panel.dataset.stage === s && !panel.hidden && !document.getElementById("kk-help").disabled;
    },
    stage,
  );
  return text(page, "#kk-help-panel");
}

/** The digits of the board as the page shows them, in the text format. */
async function boardOnPage(page, puzzle) {
  const [header, ...lines] = puzzle.trim().split("\n");
  const cols = Number(header.split(" ")[1]);
  const values = await page.$$eval("#kk-board [data-i]", (els) => els.map((e) => e.dataset.value ?? null));
  return [header, ...lines.map((line, r) => line.trim().split(/\s+/).map((t, c) => (/^\d$/.test(t) ? values[r * cols + c] : t)).join(" "))].join("\n");
}

test("the help's four stages: check, where, why, show", async () => {
  await withPage("help-stages", desktop, async (page, context) => {
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    await page.selectOption("#kk-size", "10");
    await page.selectOption("#kk-difficulty", "medium");
    await page.click("#kk-new");
    await page.waitForSelector("#kk-board");
    const puzzle = await page.getAttribute("#kk-board", "data-puzzle");
    const solution = await solveOnServer(suite.url, puzzle);
    const white = readPuzzle(puzzle).digit.flatMap((d, i) => (d ? [i] : []));

    // 1 check: a wrong digit is marked, and nothing else.
    const wrongCell = white[3];
    await page.click(cell(wrongCell));
    await page.keyboard.press(String((solution[wrongCell] % 9) + 1));
    assert.equal(await press(page, "check"), "1 digit is wrong: it is marked.");
    assert.deepEqual(await page.$$eval("#kk-board .kk-mistake", (els) => els.map((e) => Number(e.dataset.i))), [wrongCell]);
    assert.match(await page.getAttribute(cell(wrongCell), "aria-label"), /marked as a mistake$/);
    assert.equal(await page.getAttribute("#kk-help", "data-stage"), "check", "mistakes first");
    await snap(page, "check-mistake");
    // A right digit is no mistake; the move clears the marks.
    await page.keyboard.press(String(solution[wrongCell]));
    assert.equal(await page.locator("#kk-board .kk-mistake").count(), 0);
    assert.equal(await press(page, "check"), "No mistakes so far. Press Help again to see where to look next.");

    // 2 where: the runs of the server's answer for this position.
    const answer = await hintOnServer(await boardOnPage(page, puzzle));
    assert.equal(answer.kind, "steps");
    const cols = readPuzzle(puzzle).cols;
    const runCells = new Set(answer.steps.flatMap((s) => s.runs.flatMap((r) => r.cells.map(([rr, cc]) => rr * cols + cc))));
    const clues = new Set(answer.steps.flatMap((s) => s.runs.map((r) => `${r.cell[0] * cols + r.cell[1]}/${r.direction}`)));
    assert.match(await press(page, "where"), /^Look at the (highlighted run|\d+ highlighted runs)/);
    const lit = await page.$$eval("#kk-board .kk-help-run", (els) => els.map((e) => Number(e.dataset.i)));
    assert.deepEqual(new Set(lit), runCells);
    const litClues = await page.$$eval("#kk-board .kk-help-across, #kk-board .kk-help-down", (els) =>
      els.flatMap((e) => ["across", "down"].filter((d) => e.classList.contains(`kk-help-${d}`)).map((d) => `${e.dataset.i}/${d}`)),
    );
    assert.deepEqual(new Set(litClues), clues);
    await snap(page, "where");

    // 3 why: every step's sentence, in English.
    await press(page, "why");
    assert.deepEqual(await page.$$eval("#kk-why li", (els) => els.map((e) => e.textContent)), answer.steps.map((s) => sentence("en", s.message)));
    await snap(page, "why");
    // In German, the same stage in German (the position is the same: no new request needed).
    await page.selectOption("#language", "de");
    await page.waitForSelector("#kk-board");
    await page.click("#kk-help");
    await page.click("#kk-help");
    await page.click("#kk-help");
    await page.waitForFunction(() => document.getElementById("kk-help-panel").dataset.stage === "why");
    assert.deepEqual(await page.$$eval("#kk-why li", (els) => els.map((e) => e.textContent)), answer.steps.map((s) => sentence("de", s.message)));
    await snap(page, "why-de");
    await page.selectOption("#language", "en");
    await page.waitForSelector("#kk-board");
    for (const stage of ["check", "where", "why"]) await press(page, stage);

    // 4 show: the solver's digit goes in, and it is the solution's; undo takes it back.
    const places = answer.steps.flatMap((s) => s.places);
    assert.ok(places.length >= 1, "the answer ends with a placed digit");
    assert.equal(await press(page, "show"), "Done: the next digit is in (Undo takes it back).");
    for (const { cell: [r, c], digit } of places) {
      assert.equal(digit, solution[r * cols + c], "the hint places the solution's digit");
      assert.equal(Number(await page.getAttribute(cell(r * cols + c), "data-value")), digit);
    }
    assert.equal(await page.getAttribute("#kk-help", "data-stage"), "check", "a new position starts again");
    await snap(page, "show");
    await page.click("#kk-undo");
    for (const { cell: [r, c] } of places) assert.equal(await page.getAttribute(cell(r * cols + c), "data-value"), "0");

    // Without the server: the check sees the rules, the rest needs the server.
    await page.click(cell(wrongCell));
    await page.keyboard.press("Backspace");
    await context.setOffline(true);
    const [a, b] = readPuzzle(puzzle).runs.find((r) => r.cells.length >= 2).cells;
    await page.click(cell(a));
    await page.keyboard.press("9");
    await page.click(cell(b));
    await page.keyboard.press("9");
    assert.match(await press(page, "check"), /^Without the server the check sees only the rules: 2 digits break them/);
    assert.deepEqual(new Set(await page.$$eval("#kk-board .kk-mistake", (els) => els.map((e) => Number(e.dataset.i)))), new Set([a, b]));
    await page.keyboard.press("Backspace");
    await page.click(cell(a));
    await page.keyboard.press("Backspace");
    assert.match(await press(page, "check"), /no digit breaks them/);
    assert.match(await press(page, "where"), /needs the server/);
    await snap(page, "offline");
    // Back online, the same press asks the server again.
    await context.setOffline(false);
    assert.match(await press(page, "where"), /^Look at the (highlighted run|\d+ highlighted runs)/);
    assert.ok(await page.locator("#kk-board .kk-help-run").count());
  });
});

test("offline, a pack puzzle's own digits give the check, where and show", async () => {
  await withPage("help-pack", desktop, async (page, context) => {
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    await context.setOffline(true);
    await page.selectOption("#kk-size", "10");
    await page.selectOption("#kk-difficulty", "easy");
    await page.click("#kk-new");
    await page.waitForSelector("#kk-board");
    const puzzle = await page.getAttribute("#kk-board", "data-puzzle");
    // The test's own fetch is not the page's: it still reaches the server.
    const solution = await solveOnServer(suite.url, puzzle);
    const white = readPuzzle(puzzle).digit.flatMap((d, i) => (d ? [i] : []));

    // A digit that fits the rules but is not the solution's: only the pack's digits can tell.
    const wrongCell = white[0];
    await page.click(cell(wrongCell));
    await page.keyboard.press(String((solution[wrongCell] % 9) + 1));
    assert.equal(await press(page, "check"), "1 digit is wrong: it is marked.");
    assert.deepEqual(await page.$$eval("#kk-board .kk-mistake", (els) => els.map((e) => Number(e.dataset.i))), [wrongCell]);
    await page.keyboard.press("Backspace");

    assert.equal(await press(page, "check"), "No mistakes so far. Press Help again to see where to look next.");
    assert.match(await press(page, "where"), /^Look at the (highlighted run|\d+ highlighted runs)/);
    assert.ok(await page.locator("#kk-board .kk-help-run").count(), "runs are highlighted");
    assert.match(await press(page, "why"), /needs the server/);
    const before = await page.$$eval("#kk-board [data-i]", (els) => els.map((e) => Number(e.dataset.value ?? 0)));
    assert.equal(await press(page, "show"), "Done: the next digit is in (Undo takes it back).");
    const after = await page.$$eval("#kk-board [data-i]", (els) => els.map((e) => Number(e.dataset.value ?? 0)));
    const placed = after.flatMap((d, i) => (d !== before[i] ? [i] : []));
    assert.equal(placed.length, 1, "one digit goes in");
    assert.equal(after[placed[0]], solution[placed[0]], "it is the solution's digit");
  });
});

test("settings: the check only counts the wrong digits when asked to; completed runs are marked, and can be not", async () => {
  await withPage("help-settings", desktop, async (page) => {
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    await page.selectOption("#kk-size", "10");
    await page.selectOption("#kk-difficulty", "easy");
    await page.click("#kk-new");
    await page.waitForSelector("#kk-board");
    const puzzle = await page.getAttribute("#kk-board", "data-puzzle");
    const solution = await solveOnServer(suite.url, puzzle);
    const { runs, cols } = readPuzzle(puzzle);
    // The clue cell of a run: the cell before its first, across or down.
    const clueOf = (run) => run.cells[0] - (run.dir === "across" ? 1 : cols);
    /** The completed runs the board marks, as "clue/direction". */
    const marked = () =>
      page.$$eval("#kk-board .kk-done-across, #kk-board .kk-done-down", (els) =>
        els.flatMap((e) => ["across", "down"].filter((d) => e.classList.contains(`kk-done-${d}`)).map((d) => `${e.dataset.i}/${d}`)),
      );
    assert.deepEqual(await marked(), [], "nothing filled, nothing complete");

    // The shortest run filled with the solution's digits: its clue is marked, and only it.
    const run = [...runs].sort((a, b) => a.cells.length - b.cells.length)[0];
    for (const i of run.cells) {
      await page.click(cell(i));
      await page.keyboard.press(String(solution[i]));
    }
    // Runs crossing it may be complete too when they are as short; compute them all from the solution.
    const filled = new Set(run.cells);
    const expected = runs.filter((r) => r.cells.every((i) => filled.has(i))).map((r) => `${clueOf(r)}/${r.dir}`);
    assert.deepEqual(new Set(await marked()), new Set(expected));
    assert.ok(expected.includes(`${clueOf(run)}/${run.dir}`));
    const clue = `#kk-board [data-i='${clueOf(run)}'] .kk-${run.dir}`;
    // Selected elsewhere, so the run's clue is not lit as the active one.
    const { digit } = readPuzzle(puzzle);
    await page.click(cell(digit.findIndex((d, i) => d && !run.cells.includes(i))));
    const colors = await page.$eval(clue, (el) => getComputedStyle(el).color);
    await snap(page, "complete-run");
    // Turned off: no run is marked, and the clue looks like the others.
    await page.uncheck("#kk-mark-complete");
    assert.deepEqual(await marked(), []);
    assert.notEqual(await page.$eval(clue, (el) => getComputedStyle(el).color), colors, "the mark changed its colour");
    await page.check("#kk-mark-complete");
    assert.deepEqual(new Set(await marked()), new Set(expected));

    // The check with the marks turned off: the count, no cell named.
    await page.uncheck("#kk-check-marks");
    const wrongCell = run.cells[0];
    await page.click(cell(wrongCell));
    await page.keyboard.press(String((solution[wrongCell] % 9) + 1));
    assert.equal(await press(page, "check"), "1 digit is wrong.");
    assert.equal(await page.locator("#kk-board .kk-mistake").count(), 0, "no cell marked");
    // The setting is kept: a new page keeps it.
    await page.reload();
    await ready(page);
    await page.goto(`${suite.url}#/kakuro/play`);
    await page.waitForSelector("#kk-board");
    assert.equal(await page.isChecked("#kk-check-marks"), false);
    await page.check("#kk-check-marks");
    assert.equal(await press(page, "check"), "1 digit is wrong: it is marked.");
    assert.deepEqual(await page.$$eval("#kk-board .kk-mistake", (els) => els.map((e) => Number(e.dataset.i))), [wrongCell]);
  });
});
