// Kakuro in Chromium against the real server: a puzzle played to solved with
// the solution the server's solver gives (never the page's), undo and redo,
// mistakes marked, the clock pausing while the page is hidden, pencil marks
// leaving the runs of a placed digit, the hint list of a known run against
// `gridforge kakuro combos`, the three save slots (overwrite confirmation,
// reload, load), the tutorial's ten steps, the editor (a bad layout refused
// with its errors, a good one filled, solved and played), and play without
// the server: the offline pack and the exported file. Every screen is kept
// as a screenshot in test-artifacts/kakuro-*.png.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { assertEventually, blockNetwork, e2eSuite, ready, text } from "../lib/browser.mjs";
import { WEB, enginePackPuzzles, exportedFile, gridforge } from "../lib/engine.mjs";
import { newGame, readPuzzle, runsThrough, solveOnServer } from "../lib/kakuro.mjs";

const suite = e2eSuite("kakuro");
const { withPage, snap } = suite;

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const desktop = { viewport: { width: 1280, height: 860 } };

const cell = (i) => `#kk-board [data-i='${i}']`;
const valueOf = async (page, i) => Number(await page.getAttribute(cell(i), "data-value"));

/** The pencil marks cell i shows, ascending. */
async function marksOf(page, i) {
  const bits = Number(await page.getAttribute(cell(i), "data-marks"));
  const shown = (await page.locator(`${cell(i)} .kk-marks`).innerText()).replace(/\s+/g, "");
  const digits = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => bits & (1 << d));
  assert.equal(shown, digits.join(""), `cell ${i} shows its marks`);
  return digits;
}

async function type(page, i, d) {
  await page.click(cell(i));
  await page.keyboard.press(String(d));
}

function digitCells(puzzle) {
  return puzzle.digit.flatMap((d, i) => (d ? [i] : []));
}

/** The seconds the clock shows. */
async function clock(page) {
  const [m, s] = (await text(page, "#kk-timer")).split(":").map(Number);
  return m * 60 + s;
}

test("a puzzle from the server played to solved with the server's solution", async () => {
  await withPage("kakuro-solve", desktop, async (page) => {
    await page.goto(suite.url);
    await ready(page);
    await snap(page, "home");
    await page.click("#game-kakuro");
    await page.waitForSelector("#kk-new");
    await snap(page, "menu");
    const text10 = await newGame(page, suite.url, 10, "easy");
    assert.equal(await text(page, "#kk-title"), "Kakuro 10×10 · Easy");
    const puzzle = readPuzzle(text10);
    assert.equal(puzzle.rows, 10);
    const solution = await solveOnServer(suite.url, text10);
    const cells = digitCells(puzzle);

    // Undo and redo, from the keyboard and the buttons.
    const wrong = (solution[cells[0]] % 9) + 1;
    await type(page, cells[0], wrong);
    assert.equal(await valueOf(page, cells[0]), wrong);
    await page.keyboard.press("Control+z");
    assert.equal(await valueOf(page, cells[0]), 0);
    await page.keyboard.press("Control+y");
    assert.equal(await valueOf(page, cells[0]), wrong);
    await page.click("#kk-undo");
    assert.equal(await valueOf(page, cells[0]), 0);
    await page.click("#kk-redo");
    assert.equal(await valueOf(page, cells[0]), wrong);
    assert.ok(await page.isDisabled("#kk-redo"));

    // Every cell but the last, some from the pad, some with arrows.
    const last = cells[cells.length - 1];
    for (const [k, i] of cells.entries()) {
      if (i === last) continue;
      if (k % 3 === 1) {
        await page.click(cell(i));
        await page.click(`#kk-pad [data-digit='${solution[i]}']`);
      } else {
        await type(page, i, solution[i]);
      }
      assert.equal(await valueOf(page, i), solution[i]);
    }
    assert.equal(await page.locator("#kk-solved").count(), 0, "not solved with a cell open");
    // A wrong last digit: the board is full, its two runs are marked, no "solved".
    await type(page, last, (solution[last] % 9) + 1);
    const wrongRuns = runsThrough(puzzle, last);
    await assertEventually(async () => (await page.locator("#kk-board .kk-wrong").count()) > 0, "wrong sums marked");
    assert.equal(
      await page.locator("#kk-board .kk-wrong").count(),
      new Set(wrongRuns.flatMap((r) => r.cells)).size,
    );
    assert.equal(await page.locator("#kk-board .kk-clue.kk-wrong-across, #kk-board .kk-clue.kk-wrong-down").count(), 2);
    assert.equal(await page.locator("#kk-solved").count(), 0);
    await snap(page, "play-wrong-sums");
    // The highlighting is optional.
    await page.uncheck("#kk-show-wrong");
    assert.equal(await page.locator("#kk-board .kk-wrong").count(), 0);
    await page.check("#kk-show-wrong");
    await type(page, last, solution[last]);
    await page.waitForSelector("#kk-solved");
    assert.equal(await text(page, "#kk-solved"), "Solved!");
    assert.match(await text(page, "#kk-solved-time"), /^Your time: \d+:\d\d$/);
    assert.equal(await page.locator("#kk-board .kk-wrong, #kk-board .kk-repeat").count(), 0);
    assert.ok(await page.locator("#kk-board.kk-solved").count());
    await snap(page, "play-solved");
    // The clock stops and the board takes no more digits.
    const stopped = await text(page, "#kk-timer");
    await page.waitForTimeout(1500);
    assert.equal(await text(page, "#kk-timer"), stopped);
    await type(page, cells[0], (solution[cells[0]] % 9) + 1);
    assert.equal(await valueOf(page, cells[0]), solution[cells[0]]);
    // The game kept in the browser holds no solution.
    const kept = await page.evaluate(() => localStorage.getItem("gridforge.kakuro.current.v1"));
    assert.ok(!/solution/.test(kept));
  });
});

test("the clock pauses while the page is hidden and goes on when it is back", async () => {
  await withPage("kakuro-clock", desktop, async (page) => {
    await newGame(page, suite.url, 10, "medium");
    await assertEventually(async () => (await clock(page)) >= 2, "the clock runs", 6000);
    const setVisibility = (state) =>
      page.evaluate((s) => {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => s });
        document.dispatchEvent(new Event("visibilitychange"));
      }, state);
    await setVisibility("hidden");
    const paused = await clock(page);
    await page.waitForTimeout(2600);
    assert.ok((await clock(page)) <= paused + 1, "the clock stood still while hidden");
    // Hiding the page saved the game with its time.
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("gridforge.kakuro.current.v1")));
    assert.ok(saved.elapsed >= 2000, `saved elapsed ${saved.elapsed}`);
    await setVisibility("visible");
    await assertEventually(async () => (await clock(page)) >= paused + 2, "the clock runs again", 6000);
  });
});

test("pencil marks leave both runs of a placed digit, and come back with undo", async () => {
  await withPage("kakuro-pencil", desktop, async (page) => {
    const puzzle = readPuzzle(await newGame(page, suite.url, 11, "medium"));
    // A cell X, a cell in its across run, one in its down run, one in neither.
    const x = digitCells(puzzle).find((i) => runsThrough(puzzle, i).every((r) => r.cells.length >= 2));
    const [across, down] = ["across", "down"].map((dir) => runsThrough(puzzle, x).find((r) => r.dir === dir));
    const a = across.cells.find((i) => i !== x);
    const b = down.cells.find((i) => i !== x);
    const c = digitCells(puzzle).find((i) => !across.cells.includes(i) && !down.cells.includes(i));
    await page.click("#kk-pencil");
    assert.equal(await page.getAttribute("#kk-pencil", "aria-pressed"), "true");
    for (const i of [x, a, b]) {
      await type(page, i, 4);
      await page.keyboard.press("7");
    }
    await page.click("#kk-pencil");
    assert.equal(await page.getAttribute("#kk-pencil", "aria-pressed"), "false");
    // Shift+digit writes a mark without pencil mode.
    await page.click(cell(c));
    await page.keyboard.press("Shift+Digit4");
    await page.keyboard.press("Shift+Digit7");
    for (const i of [x, a, b, c]) assert.deepEqual(await marksOf(page, i), [4, 7], `cell ${i}`);
    await snap(page, "pencil-marks");
    await type(page, x, 4);
    assert.equal(await valueOf(page, x), 4);
    assert.deepEqual(await marksOf(page, x), []);
    assert.deepEqual(await marksOf(page, a), [7], "the across run lost its 4s");
    assert.deepEqual(await marksOf(page, b), [7], "the down run lost its 4s");
    assert.deepEqual(await marksOf(page, c), [4, 7], "other runs keep theirs");
    await snap(page, "pencil-removed");
    await page.keyboard.press("Control+z");
    assert.equal(await valueOf(page, x), 0);
    for (const i of [x, a, b, c]) assert.deepEqual(await marksOf(page, i), [4, 7], `cell ${i} after undo`);
    // Erase takes the marks of an empty cell.
    await page.click(cell(c));
    await page.keyboard.press("Backspace");
    assert.deepEqual(await marksOf(page, c), []);
  });
});

test("the hints of a run list its digit sets as `gridforge kakuro combos` does, striking the ruled out", async () => {
  await withPage("kakuro-hints", desktop, async (page) => {
    const puzzleText = await newGame(page, suite.url, 12, "hard");
    const puzzle = readPuzzle(puzzleText);
    const solution = await solveOnServer(suite.url, puzzleText);
    const combosOf = (sum, len, placed = "") => {
      const args = ["kakuro", "combos", String(sum), String(len), "--json"];
      if (placed) args.push("--placed", placed);
      return JSON.parse(gridforge(...args)).map((set) => set.join(""));
    };
    // An across run of 3 or more cells with a digit of its solution that
    // some of its sets lack.
    const runs = puzzle.runs.filter((r) => r.dir === "across" && r.cells.length >= 3);
    let run;
    let placedAt;
    for (const r of runs) {
      const sets = combosOf(r.sum, r.cells.length);
      placedAt = r.cells.slice(1).find((i) => sets.some((set) => !set.includes(String(solution[i]))));
      if (placedAt !== undefined) {
        run = r;
        break;
      }
    }
    assert.ok(run, "a run to test the hints on");
    const combos = (placed) => combosOf(run.sum, run.cells.length, placed);
    await page.click(cell(run.cells[0]));
    assert.equal(await page.isVisible("#kk-hints"), false);
    await page.click("#kk-hints-toggle");
    const hint = page.locator("#kk-hints .kk-hint[data-dir='across']");
    assert.equal(await hint.locator("h3").innerText(), `Across: ${run.sum} in ${run.cells.length} cells`);
    // Each set: its digits, whether it is ruled out, whether it is drawn struck through.
    const sets = () =>
      hint
        .locator(".kk-set")
        .evaluateAll((els) => els.map((e) => [e.dataset.digits, e.dataset.ruledOut === "true", Boolean(e.querySelector("s"))]));
    assert.deepEqual(await sets(), combos("").map((d) => [d, false, false]));
    assert.equal(await page.locator("#kk-hints .kk-hint[data-dir='down']").count(), 1, "the down run's hint too");
    // A digit of the solution in the run strikes the sets without it.
    await type(page, placedAt, solution[placedAt]);
    await page.click(cell(run.cells[0]));
    const open = combos(String(solution[placedAt]));
    const all = await sets();
    assert.deepEqual(all.map((s) => s[0]), combos(""));
    assert.deepEqual(all.filter((s) => !s[1]).map((s) => s[0]), open);
    for (const [digits, ruledOut, struck] of all) assert.equal(struck, ruledOut, `${digits} drawn struck through`);
    assert.ok(all.some((s) => s[1]), "some set is struck through");
    assert.ok(open.length >= 1);
    await snap(page, "hints");
    // The hints setting is remembered.
    await page.reload();
    await ready(page);
    assert.equal(await page.getAttribute("#kk-hints-toggle", "aria-pressed"), "true");
  });
});

test("save to slot 1, overwrite only after confirming, reload and load everything back", async () => {
  await withPage("kakuro-slots", desktop, async (page) => {
    const puzzleText = await newGame(page, suite.url, 10, "easy");
    const cells = digitCells(readPuzzle(puzzleText));
    await type(page, cells[0], 3);
    await type(page, cells[5], 8);
    await page.click(cell(cells[7]));
    await page.keyboard.press("Shift+Digit2");
    await page.keyboard.press("Shift+Digit6");
    await assertEventually(async () => (await clock(page)) >= 2, "some play time", 6000);
    await page.click("#kk-save");
    await page.waitForSelector("#kk-save-dialog[open]");
    assert.equal(await page.locator("#kk-save-slots .kk-slot.empty").count(), 3);
    await snap(page, "save-dialog-empty");
    await page.click("#kk-save-slots [data-slot='1'] button");
    assert.equal(await text(page, "#kk-save-message"), "Saved in slot 1.");
    const slot1 = "#kk-save-slots [data-slot='1']";
    assert.match(await page.getAttribute(`${slot1} img.kk-thumb`, "src"), /^data:image\/png;base64,/);
    assert.equal(await text(page, `${slot1} .kk-slot-kind`), "10×10 · Easy");
    assert.match(await text(page, `${slot1} .kk-slot-time`), /^Time 0:0\d$/);
    assert.match(await text(page, `${slot1} .kk-slot-date`), /^Started .*\d/);
    await snap(page, "save-dialog");
    await page.click("#kk-save-close");

    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem("gridforge.kakuro.slots.v1"))[0].game);
    const first = await stored();
    // Another digit, then saving over slot 1 asks first.
    await type(page, cells[9], 5);
    await page.click("#kk-save");
    await page.click("#kk-save-slots [data-slot='1'] button");
    await page.waitForSelector("#kk-confirm[open]");
    assert.match(await text(page, "#kk-confirm-text"), /^Slot 1 holds a 10×10 game \(Easy\) started .+\. Save over it\?$/);
    await snap(page, "overwrite-confirm");
    await page.click("#kk-confirm-no");
    await page.waitForSelector("#kk-save-dialog[open]");
    assert.deepEqual(await stored(), first, "cancel leaves the slot alone");
    await page.click("#kk-save-slots [data-slot='1'] button");
    await page.click("#kk-confirm-yes");
    await assertEventually(async () => (await text(page, "#kk-save-message")) === "Saved in slot 1.", "saved again");
    const second = await stored();
    assert.notDeepEqual(second, first);
    await page.click("#kk-save-close");
    const board = () =>
      page.$$eval("#kk-board .kk-cell", (els) => els.map((e) => [e.dataset.i, e.dataset.value, e.dataset.marks]));
    const saved = await board();
    assert.ok(saved.some(([, , m]) => m === String((1 << 2) | (1 << 6))), "the marks are on the board");

    // Play on after saving, then reload: the slot still holds the saved game.
    await type(page, cells[1], 9);
    await page.reload();
    await ready(page);
    await page.click("#kk-back");
    await page.waitForSelector("#kk-load-slots");
    assert.equal(await text(page, "#kk-load-slots [data-slot='1'] .kk-slot-kind"), "10×10 · Easy");
    assert.ok(await page.isDisabled("#kk-load-slots [data-slot='2'] button"));
    await snap(page, "menu-slots");
    await page.click("#kk-load-slots [data-slot='1'] button");
    await page.waitForSelector("#kk-board");
    assert.deepEqual(await board(), saved, "digits and pencil marks come back");
    const seconds = Math.floor(second.elapsed / 1000);
    const shown = await clock(page);
    assert.ok(shown >= seconds && shown <= seconds + 2, `clock ${shown} s, saved ${second.elapsed} ms`);
    // So does the history: undo takes back the last move before saving.
    await page.click("#kk-undo");
    assert.equal(await valueOf(page, cells[9]), 0);
  });
});

test("the tutorial's ten steps, each waiting for what it asks", async () => {
  await withPage("kakuro-tutorial", desktop, async (page) => {
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    await page.click("#kk-tutorial");
    await page.waitForSelector("#kk-tutorial-step");
    const step = () => page.getAttribute("#kk-tutorial-step", "data-step");
    const expectStep = async (n) => {
      assert.equal(await step(), String(n));
      if (n !== "done") assert.equal(await text(page, "#kk-tutorial-step .kk-step-count"), `Step ${n} of 10`);
    };
    await expectStep(1);
    await snap(page, "tutorial-1");
    await page.click(cell(6));
    await expectStep(1);
    await page.click(cell(5));
    await expectStep(2);
    await page.keyboard.press("ArrowRight");
    await expectStep(3);
    assert.match(await text(page, "#kk-step-text"), /Hints/);
    await page.click("#kk-hints-toggle");
    await expectStep(4);
    // A wrong digit does not move on.
    await type(page, 5, 2);
    await expectStep(4);
    await page.keyboard.press("1");
    await expectStep(5);
    await page.click(cell(6));
    await page.click("#kk-pad [data-digit='3']");
    await expectStep(6);
    await type(page, 9, 2);
    await expectStep(7);
    await type(page, 15, 9);
    await expectStep(8);
    await type(page, 11, 9);
    await expectStep(9);
    assert.deepEqual(
      await page.$$eval("#kk-board .kk-repeat", (els) => els.map((e) => e.dataset.i)),
      ["11", "15"],
    );
    await snap(page, "tutorial-repeat");
    await page.keyboard.press("7");
    await expectStep(10);
    await type(page, 14, 8);
    await expectStep(10);
    await type(page, 10, 9);
    await expectStep("done");
    assert.equal(await text(page, "#kk-tutorial-step .kk-step-count"), "Tutorial complete");
    await snap(page, "tutorial-done");
    await page.click("#kk-tutorial-end");
    await page.waitForSelector("#kk-new");
  });
});

test("the editor refuses a bad layout with its errors, and fills, solves and plays a good one", async () => {
  await withPage("kakuro-editor", desktop, async (page, context) => {
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    await page.click("#kk-editor");
    await page.waitForSelector("#kk-ed-board");
    // Size 12, every cell a digit cell: 11 across and 11 down runs of 11.
    await page.selectOption("#kk-ed-size", "12");
    await page.click("#kk-ed-confirm");
    await page.waitForSelector("#kk-ed-error");
    assert.equal(await text(page, "#kk-ed-error"), "This board breaks the run rules; the wrong cells are marked.");
    assert.equal(await text(page, ".kk-ed-problems"), "22 runs are longer than 9 cells.");
    assert.equal(await page.locator("#kk-ed-board .kk-bad").count(), 121);
    assert.ok(await page.isHidden("#kk-ed-actions"));
    await snap(page, "editor-too-long");
    // One lone digit cell: runs of one cell.
    await page.click("#kk-ed-clear");
    await page.click("#kk-ed-board [data-i='13']");
    await page.click("#kk-ed-confirm");
    assert.equal(await text(page, ".kk-ed-problems"), "2 runs have a single cell (a run has 2 to 9).");
    assert.deepEqual(await page.$$eval("#kk-ed-board .kk-bad", (els) => els.map((e) => e.dataset.i)), ["13"]);
    await snap(page, "editor-single");
    // The first row never takes a digit.
    await page.click("#kk-ed-board [data-i='3']");
    assert.equal(await page.getAttribute("#kk-ed-board [data-i='3']", "data-digit"), "0");
    assert.match(await text(page, "#kk-ed-message"), /first row and column hold the clues/);

    // A good layout: a 3×3 block on a 10×10 board.
    await page.selectOption("#kk-ed-size", "10");
    await page.click("#kk-ed-clear");
    const block = [11, 12, 13, 21, 22, 23, 31, 32, 33];
    for (const i of block) await page.click(`#kk-ed-board [data-i='${i}']`);
    await page.click("#kk-ed-confirm");
    await page.waitForSelector("#kk-ed-valid");
    assert.ok(await page.isVisible("#kk-ed-actions"));
    await snap(page, "editor-valid");
    await page.click("#kk-ed-solution");
    await page.waitForSelector("#kk-ed-solved");
    // The solution shown keeps every rule (checked here, from the page's clues and digits).
    const broken = await page.$eval("#kk-ed-solved", (board) => {
      const cols = Number(board.dataset.cols);
      const at = (i) => board.querySelector(`[data-i='${i}']`);
      const problems = [];
      for (const clue of board.querySelectorAll(".kk-clue")) {
        const i = Number(clue.dataset.i);
        for (const [cls, step] of [["kk-across", 1], ["kk-down", cols]]) {
          const sum = clue.querySelector(`.${cls}`);
          if (!sum) continue;
          const digits = [];
          for (let j = i + step; at(j)?.classList.contains("kk-cell"); j += step) {
            if (step === 1 && j % cols === 0) break;
            digits.push(Number(at(j).dataset.value));
          }
          const total = digits.reduce((x, y) => x + y, 0);
          if (total !== Number(sum.textContent) || new Set(digits).size !== digits.length || digits.includes(0)) {
            problems.push(`${i} ${cls}: ${digits} vs ${sum.textContent}`);
          }
        }
      }
      return problems;
    });
    assert.deepEqual(broken, []);
    assert.equal(await page.locator("#kk-ed-solved .kk-cell").count(), 9);
    await snap(page, "editor-solution");
    await page.click("#kk-ed-play");
    await page.waitForSelector("#kk-board");
    assert.match(await text(page, "#kk-title"), /^Kakuro 10×10 · (Easy|Medium|Hard|Expert)$/);
    assert.deepEqual(await page.$$eval("#kk-board .kk-cell", (els) => els.map((e) => Number(e.dataset.i))), block);
    const puzzleText = await page.getAttribute("#kk-board", "data-puzzle");
    const solution = await solveOnServer(suite.url, puzzleText);
    for (const i of block) await type(page, i, solution[i]);
    await page.waitForSelector("#kk-solved");
    await snap(page, "editor-played");

    // Without the server the editor says what it cannot do.
    await page.goto(`${suite.url}#/kakuro/editor`);
    await page.waitForSelector("#kk-ed-board");
    assert.equal(await page.getAttribute("#kk-ed-board [data-i='22']", "data-digit"), "1", "the layout was kept");
    for (const i of [14, 24, 34]) await page.click(`#kk-ed-board [data-i='${i}']`);
    await page.click("#kk-ed-confirm");
    await page.waitForSelector("#kk-ed-valid");
    await context.setOffline(true);
    await page.click("#kk-ed-play");
    await page.waitForSelector("#kk-ed-note.error");
    assert.equal(await text(page, "#kk-ed-note"), "This needs the server, which cannot be reached right now.");
    await snap(page, "editor-offline");
    await context.setOffline(false);
  });
});

test("without the server a new game comes from the offline pack", async () => {
  await withPage("kakuro-offline", desktop, async (page, context) => {
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    await page.selectOption("#kk-size", "13");
    await page.selectOption("#kk-difficulty", "hard");
    await page.click("#kk-new");
    await page.waitForSelector("#kk-board");
    assert.match(await text(page, "#kk-notice"), /built-in collection/);
    const puzzle = await page.getAttribute("#kk-board", "data-puzzle");
    assert.ok(
      enginePackPuzzles(13, "hard").some((p) => p.puzzle === puzzle),
      "the puzzle is one of the pack's 13×13 hard ones",
    );
    await snap(page, "offline-pack");
    await context.setOffline(false);
  });
});

test("the exported single file plays Kakuro from file:// with the network blocked", async () => {
  await withPage("kakuro-exported", { offline: true }, async (page, context) => {
    const network = await blockNetwork(context);
    await newGame(page, exportedFile(), 14, "expert");
    assert.equal(
      await text(page, "#kk-notice"),
      "The server cannot be reached: this puzzle comes from the built-in collection.",
    );
    const puzzle = await page.getAttribute("#kk-board", "data-puzzle");
    assert.ok(enginePackPuzzles(14, "expert").some((p) => p.puzzle === puzzle));
    // The editor says it needs the server.
    await page.goto(`${exportedFile()}#/kakuro/editor`);
    await page.waitForSelector("#kk-ed-board");
    await page.click("#kk-ed-confirm");
    await page.click("#kk-ed-play");
    await page.waitForSelector("#kk-ed-note.error");
    assert.equal(await text(page, "#kk-ed-note"), "This needs the server, which cannot be reached right now.");
    assert.deepEqual(network, [], "the page asked the network for nothing");
  });
});

test("on a phone, in the dark theme and in Russian, the board fits and plays by touch", async () => {
  const dark = { ...phone, colorScheme: "dark", locale: "ru-RU" };
  await withPage("kakuro-phone", dark, async (page) => {
    await page.goto(suite.url);
    await ready(page);
    assert.equal(await text(page, "#game-kakuro .game-name"), "Какуро");
    await snap(page, "phone-home");
    await page.tap("#game-kakuro");
    await page.waitForSelector("#kk-new");
    assert.equal(await text(page, "#kk-new"), "Новая игра");
    await snap(page, "phone-menu");
    await page.selectOption("#kk-size", "16");
    await page.selectOption("#kk-difficulty", "expert");
    await page.tap("#kk-new");
    await page.waitForSelector("#kk-board");
    assert.equal(await text(page, "#kk-title"), "Какуро 16×16 · Эксперт");
    // A 16×16 whole would have 22 px cells on a phone: it opens readable, zoomed in its viewport.
    const box = await page.locator("#kk-viewport").boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `board viewport ${JSON.stringify(box)}`);
    assert.ok(box.width > 330, "the board uses the width");
    const cellWidth = (await page.locator("#kk-board .kk-cell").first().boundingBox()).width;
    assert.ok(cellWidth >= 32, `cells of ${cellWidth} px`);
    const pad = await page.locator("#kk-pad").boundingBox();
    assert.ok(pad.y + pad.height <= 844, "the pad is on the first screen");
    const puzzle = readPuzzle(await page.getAttribute("#kk-board", "data-puzzle"));
    const [i, j] = digitCells(puzzle);
    await page.tap(cell(i));
    await page.tap("#kk-pad [data-digit='6']");
    assert.equal(await valueOf(page, i), 6);
    await page.tap(cell(j));
    await page.tap("#kk-pencil");
    await page.tap("#kk-pad [data-digit='2']");
    assert.deepEqual(await marksOf(page, j), [2]);
    await page.tap("#kk-hints-toggle");
    assert.match(await text(page, "#kk-hints h3 >> nth=0"), /^По горизонтали: \d+ в \d+ клетк/);
    await snap(page, "phone-play-dark");
    await page.goto(`${suite.url}#/kakuro/tutorial`);
    await page.waitForSelector("#kk-tutorial-step");
    await page.tap(cell(5));
    await snap(page, "phone-tutorial-dark");
    await page.goto(`${suite.url}#/kakuro/editor`);
    await page.waitForSelector("#kk-ed-board");
    await page.tap("#kk-ed-confirm");
    await snap(page, "phone-editor-dark");
  });
});
