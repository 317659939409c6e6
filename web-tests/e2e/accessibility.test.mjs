// Every screen of every game against WCAG 2.1 AA (axe-core in Chromium, see
// lib/accessibility.mjs), in the light and the dark theme, on a desktop and
// on a phone (the phone in Chinese, so its screenshots show the CJK font).
// One page per theme and layout walks SCREENS in order: a new screen joins
// the check by adding a row there. Screenshots: test-artifacts/a11y-*.png.
// Then the boards with a screen reader's eyes: every cell's accessible name,
// and the keyboard moving what is announced.

import assert from "node:assert/strict";
import { test } from "node:test";
import { expectAccessible } from "../lib/accessibility.mjs";
import { assertEventually, e2eSuite, keyPiece, ready } from "../lib/browser.mjs";
import { solutionCells } from "../lib/solution.mjs";
import { enginePartners, playToEnd, square } from "../lib/chess.mjs";
import { blockpuzzleLevels, enginePack } from "../lib/engine.mjs";
import { readPuzzle, solveOnServer } from "../lib/kakuro.mjs";

const suite = e2eSuite("a11y");
const { withPage, snap } = suite;
const record = enginePack().levels[0];
const blockpuzzle = blockpuzzleLevels()[0];

const desktop = { viewport: { width: 1280, height: 860 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The themes × layouts, each walked on one page. */
const LAYOUTS = [
  { name: "desktop-light", options: { ...desktop, colorScheme: "light" } },
  { name: "desktop-dark", options: { ...desktop, colorScheme: "dark" } },
  { name: "phone-light", options: { ...phone, colorScheme: "light" } },
  { name: "phone-dark-zh", options: { ...phone, colorScheme: "dark", locale: "zh-CN" } },
];

const openDialog = (page, id) => page.evaluate((i) => document.getElementById(i).showModal(), id);
const closeDialog = (page, id) => page.evaluate((i) => document.getElementById(i).close(), id);

/**
 * Every screen, in walking order: `reach(page, walk)` goes there from the
 * screen before (`walk` keeps what a later step needs, per page).
 */
const SCREENS = [
  {
    name: "home",
    async reach(page) {
      await page.goto(suite.url);
      await ready(page);
    },
  },
  {
    name: "triplex-levels",
    async reach(page) {
      await page.click("#game-triplex");
      await page.waitForSelector(".level-tile[data-level='1']");
    },
  },
  {
    name: "triplex-level",
    async reach(page) {
      await page.click(".level-tile[data-level='1']");
      await page.waitForSelector("#level-title");
    },
  },
  {
    name: "triplex-code-dialog",
    async reach(page) {
      await page.click("#enter-code");
      await page.waitForSelector("#code-dialog[open]");
    },
  },
  {
    name: "triplex-hint-dialog",
    async reach(page) {
      await page.click("#code-cancel");
      await page.click("#hint");
      await page.waitForSelector("#hint-dialog[open]");
    },
  },
  {
    name: "triplex-level-in-progress",
    async reach(page) {
      // Cancelled: no hint, so the solve below is an ordinary one.
      await page.click("#hint-cancel");
      await keyPiece(page, record, 0);
    },
  },
  {
    name: "triplex-level-solved",
    async reach(page) {
      // The server refuses solves faster than 250 ms per piece.
      await page.waitForTimeout(250 * record.pieces.length);
      for (let k = 1; k < record.pieces.length; k++) await keyPiece(page, record, k);
      await page.waitForSelector("#solved-title");
    },
  },
  {
    name: "triplex-name-dialog",
    async reach(page) {
      // The server asks only the level's first solver (triplex.test.mjs
      // plays that); the dialog is the same static HTML for everyone.
      await page.waitForTimeout(300);
      if (!(await page.locator("#name-dialog[open]").count())) await openDialog(page, "name-dialog");
    },
  },
  {
    name: "blockpuzzle-levels",
    async reach(page) {
      await closeDialog(page, "name-dialog");
      await page.goto(`${suite.url}#/blockpuzzle`);
      await page.waitForSelector(".level-tile[data-level='1']");
    },
  },
  {
    name: "blockpuzzle-level",
    async reach(page) {
      await page.click(".level-tile[data-level='1']");
      await page.waitForSelector(".play[data-level='1']");
    },
  },
  {
    name: "blockpuzzle-level-in-progress",
    async reach(page) {
      await keyPiece(page, blockpuzzle, 0);
    },
  },
  {
    name: "kakuro-menu",
    async reach(page) {
      await closeDialog(page, "name-dialog");
      await page.goto(`${suite.url}#/kakuro`);
      await page.waitForSelector("#kk-new");
    },
  },
  {
    name: "kakuro-game-in-progress",
    async reach(page) {
      await page.selectOption("#kk-size", "10");
      await page.click("#kk-new");
      await page.waitForSelector("#kk-board");
      const puzzle = readPuzzle(await page.getAttribute("#kk-board", "data-puzzle"));
      const [a, b] = puzzle.digit.flatMap((d, i) => (d ? [i] : []));
      await page.click(`#kk-board [data-i='${a}']`);
      await page.keyboard.press("3");
      await page.click(`#kk-board [data-i='${b}']`);
      await page.keyboard.press("Shift+Digit2");
      await page.keyboard.press("Shift+Digit6");
      await page.click("#kk-hints-toggle");
      await page.waitForSelector("#kk-hints h3");
    },
  },
  {
    name: "kakuro-help-mistake",
    async reach(page, walk) {
      // Back to the start, then one wrong digit for the check to find.
      while (!(await page.isDisabled("#kk-undo"))) await page.click("#kk-undo");
      const puzzle = await page.getAttribute("#kk-board", "data-puzzle");
      const solution = await solveOnServer(suite.url, puzzle);
      walk.white = readPuzzle(puzzle).digit.flatMap((d, i) => (d ? [i] : []));
      const i = walk.white[0];
      await page.click(`#kk-board [data-i='${i}']`);
      await page.keyboard.press(String((solution[i] % 9) + 1));
      await page.click("#kk-help");
      await page.waitForSelector("#kk-board .kk-mistake");
    },
  },
  {
    name: "kakuro-help-where",
    async reach(page) {
      await page.click("#kk-undo");
      await page.click("#kk-help");
      await page.waitForSelector("#kk-help[data-stage='where']:not([disabled])");
      await page.click("#kk-help");
      await page.waitForSelector("#kk-board .kk-help-run");
    },
  },
  {
    name: "kakuro-help-why",
    async reach(page) {
      await page.click("#kk-help");
      await page.waitForSelector("#kk-why li");
    },
  },
  {
    name: "kakuro-link-shown",
    async reach(page) {
      await page.click("#kk-copy-link");
      await page.waitForSelector("#share-url");
    },
  },
  {
    name: "kakuro-save-dialog",
    async reach(page) {
      await page.click("#kk-save");
      await page.waitForSelector("#kk-save-dialog[open]");
      await page.click("#kk-save-slots [data-slot='1'] button");
      await page.waitForSelector("#kk-save-slots [data-slot='1'] img.kk-thumb");
    },
  },
  {
    name: "kakuro-overwrite-confirmation",
    async reach(page) {
      await page.click("#kk-save-slots [data-slot='1'] button");
      await page.waitForSelector("#kk-confirm[open]");
    },
  },
  {
    name: "kakuro-menu-with-slots",
    async reach(page) {
      await page.click("#kk-confirm-no");
      await page.click("#kk-save-close");
      await page.click("#kk-back");
      await page.waitForSelector("#kk-load-slots [data-slot='1'] img.kk-thumb");
    },
  },
  {
    name: "kakuro-menu-statistics",
    async reach(page) {
      await page.evaluate(() => {
        const stats = {
          "10/easy": { solved: 3, best: 61_000, times: [61_000, 95_000, 72_000] },
          "16/expert": { solved: 1, best: 3_725_000, times: [3_725_000] },
        };
        localStorage.setItem("gridforge.kakuro.stats.v1", JSON.stringify(stats));
      });
      await page.reload();
      await page.waitForSelector("#kk-stats tbody tr");
    },
  },
  {
    name: "kakuro-bad-link",
    async reach(page) {
      await page.goto(`${suite.url}#/kakuro/p/c1.broken`);
      await page.waitForSelector("#kk-link-problem");
    },
  },
  {
    name: "kakuro-tutorial",
    async reach(page) {
      await page.click("#kk-tutorial");
      await page.waitForSelector("#kk-tutorial-step");
    },
  },
  {
    name: "kakuro-editor",
    async reach(page) {
      await page.goto(`${suite.url}#/kakuro/editor`);
      await page.waitForSelector("#kk-ed-board");
      // Confirming the empty layout shows its errors.
      await page.click("#kk-ed-confirm");
      await page.waitForSelector("#kk-ed-message:not(:empty)");
    },
  },
  {
    name: "chess-new",
    async reach(page, walk) {
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chess/setup");
      await page.goto(`${suite.url}#/chess`);
      walk.setup = (await (await answer).json()).setup;
      await page.waitForSelector("#chess-board .chess-square[data-state='hidden']");
    },
  },
  {
    name: "chess-in-progress",
    async reach(page) {
      await page.click(square("e4"));
      await page.waitForSelector(`${square("e4")}[data-state='shown']`);
    },
  },
  {
    name: "chess-finished",
    async reach(page, walk) {
      const partner = enginePartners(walk.setup);
      await page.click(square(partner.get("e4")));
      await page.waitForSelector(`${square("e4")}[data-state='found']`);
      await playToEnd(page, walk.setup, partner, (name) => page.click(square(name)), 64);
      await page.waitForSelector("#chess-end:not([hidden])");
    },
  },
  {
    name: "chess-duo-dialog",
    async reach(page) {
      await page.click("#chess-duo");
      await page.waitForSelector("#chess-duo-dialog[open]");
      // The error line shows too: the same name twice.
      await page.fill("#chess-name-1", "Ann");
      await page.fill("#chess-name-2", "Ann");
      await page.click("#chess-duo-start");
      await page.waitForSelector("#chess-duo-error:not(:empty)");
    },
  },
  {
    name: "chess-duo-in-progress",
    async reach(page, walk) {
      await page.fill("#chess-name-2", "Ben");
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chess/setup");
      await page.click("#chess-duo-start");
      walk.duoSetup = (await (await answer).json()).setup;
      await page.waitForSelector("#chess-players");
      const partner = enginePartners(walk.duoSetup);
      // A pair for Ann, then a miss that passes the turn to Ben.
      await page.click(square("e4"));
      await page.click(square(partner.get("e4")));
      await page.waitForSelector(`${square("e4")}[data-state='found']`);
      // The miss's first square is not of the pair just found (the random
      // setup may pair e4 with d5).
      const found = ["e4", partner.get("e4")];
      const first = ["d5", "c6", "f3"].find((s) => !found.includes(s));
      const other = ["a8", "h1", "a1", "h8"].find((s) => !found.includes(s) && s !== partner.get(first));
      await page.click(square(first));
      await page.click(square(other));
      await page.waitForSelector("#chess-player-1[aria-current='true']");
    },
  },
  {
    name: "chess-duo-finished",
    async reach(page, walk) {
      const partner = enginePartners(walk.duoSetup);
      // The missed pair turns back over first, so every square takes a click.
      await page.waitForSelector("#chess-board [data-state='missed']", { state: "detached" });
      await playToEnd(page, walk.duoSetup, partner, (name) => page.click(square(name)), 64);
      await page.waitForSelector("#chess-done");
    },
  },
  {
    name: "today",
    async reach(page) {
      await page.click("#back");
      await page.click("#today-tile");
      await page.waitForSelector("#daily-tables .daily-table");
    },
  },
  {
    // "Your data" (issue 43), with a Kakuro conflict copy and an import's message.
    name: "your-data",
    async reach(page) {
      const copy = { slot: 0, at: Date.UTC(2026, 10, 20), copy: { game: { format: 1 }, size: 10, difficulty: "easy", elapsed: 1, started: 1 } };
      await page.evaluate((c) => localStorage.setItem("gridforge.kakuro.conflicts.v1", JSON.stringify([c])), copy);
      await page.goto(`${suite.url}#/data`);
      await page.waitForSelector("#data-conflicts");
      await page.waitForSelector("#data-server-none");
      await page.setInputFiles("#data-import-file", {
        name: "progress.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify({ format: 1, keys: {}, at: {} })),
      });
      await page.waitForSelector("#data-message");
    },
  },
];

for (const { name: layout, options } of LAYOUTS) {
  test(`every screen passes WCAG 2.1 AA: ${layout}`, async (t) => {
    await withPage(`a11y-${layout}`, options, async (page) => {
      const walk = {};
      for (const screen of SCREENS) {
        await t.test(screen.name, async () => {
          await screen.reach(page, walk);
          await snap(page, `${layout}-${screen.name}`);
          await expectAccessible(page, `${screen.name} (${layout})`);
        });
      }
    });
  });
}

const PIECES = { Q: "white queen", N: "white knight", B: "white bishop", R: "white rook" };
const pieceName = (letter) => PIECES[letter] ?? PIECES[letter.toUpperCase()].replace("white", "black");

/** The accessible name of what has the focus, or of the active descendant it points to. */
const focusedName = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const id = el?.getAttribute("aria-activedescendant");
    return (id ? document.getElementById(id) : el)?.getAttribute("aria-label") ?? null;
  });

/** Waits until what has the focus (or its active descendant) is named `name`. */
async function expectFocusedName(page, name) {
  let last;
  await assertEventually(async () => (last = await focusedName(page)) === name, `focus on "${name}"`).catch((e) => {
    e.message += ` (it is on "${last}")`;
    throw e;
  });
}

test("Kakuro cells say their clue sums, digit, marks or emptiness, and the arrows announce the cell", async () => {
  await withPage("a11y-kakuro-names", desktop, async (page) => {
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    await page.click("#kk-new");
    await page.waitForSelector("#kk-board");
    const text = await page.getAttribute("#kk-board", "data-puzzle");
    const [header, ...lines] = text.trim().split("\n");
    const cols = Number(header.split(" ")[1]);
    const tokens = lines.flatMap((l) => l.trim().split(/\s+/));
    const where = (i) => `Row ${Math.floor(i / cols) + 1}, column ${(i % cols) + 1}`;
    const grid = page.getByRole("grid", { name: "The Kakuro board" });
    // Every cell of every row is a named gridcell.
    assert.equal(await grid.getByRole("row").count(), tokens.length / cols);
    assert.equal(await grid.getByRole("gridcell").count(), tokens.length);
    const expected = tokens.map((t, i) => {
      if (/^\d$/.test(t)) return `${where(i)}: empty`;
      if (!t.includes(",")) return `${where(i)}: blank`;
      const [down, across] = t.split(",");
      const sums = [down && `down ${down}`, across && `across ${across}`].filter(Boolean).join(", ");
      return `${where(i)}: clue, ${sums}`;
    });
    // A clue's name is its content (its drawn sums inside a sentence), the others' an aria-label.
    const names = await grid.getByRole("gridcell").evaluateAll((els) => els.map((e) => e.ariaLabel ?? e.textContent));
    assert.deepEqual(names, expected);
    // The first clue of each kind (down only, across only, both) is found by
    // its accessible name. The drawn sums are positioned, hence block-level,
    // and the name algorithm puts spaces around block content: "down 30 ,
    // across 9" where the text reads "down 30, across 9". Only that space
    // before a comma is optional; every word and its order are checked.
    const kinds = [/down \d+$/, /: clue, across \d+$/, /down \d+, across \d+$/];
    for (const kind of kinds) {
      const name = expected.find((n) => n.includes(": clue, ") && kind.test(n));
      assert.ok(name, `the board has a clue matching ${kind}`);
      const pattern = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(", ", " ?, ");
      await grid.getByRole("gridcell", { name: new RegExp(`^${pattern}$`) }).waitFor();
    }
    const digits = tokens.flatMap((t, i) => (/^\d$/.test(t) ? [i] : []));
    const [a, b] = digits;
    await page.click(`#kk-board [data-i='${a}']`);
    await expectFocusedName(page, `${where(a)}: empty`);
    await page.keyboard.press("7");
    await grid.getByRole("gridcell", { name: `${where(a)}: 7`, exact: true }).waitFor();
    await expectFocusedName(page, `${where(a)}: 7`);
    await page.click(`#kk-board [data-i='${b}']`);
    await page.keyboard.press("Shift+Digit4");
    await page.keyboard.press("Shift+Digit7");
    await expectFocusedName(page, `${where(b)}: pencil marks 4 7`);
    // The arrows move the selection, and the board announces the cell it is on.
    const before = await page.getAttribute("#kk-board", "aria-activedescendant");
    await page.keyboard.press("ArrowDown");
    const active = () => page.getAttribute("#kk-board", "aria-activedescendant");
    await assertEventually(async () => (await active()) !== before, "the selection moved");
    const after = await active();
    const i = Number(await page.getAttribute(`#${after}`, "data-i"));
    assert.ok(await page.locator(`#${after}.kk-selected`).count(), "the announced cell is the selected one");
    await expectFocusedName(page, expected[i]);
  });
});

test("Triplex says which cells are free and where each piece lies, and announces keyboard moves", async () => {
  await withPage("a11y-triplex-names", desktop, async (page) => {
    await page.goto(`${suite.url}#/triplex/1`);
    await ready(page);
    await page.waitForSelector("#target");
    const { width, height } = record;
    const free = (covered) =>
      Array.from({ length: width * height }, (_, j) => [Math.floor(j / width), j % width])
        .filter(([r, c]) => !covered.some(([r2, c2]) => r2 === r && c2 === c))
        .map(([r, c]) => `row ${r + 1}, column ${c + 1}`)
        .join("; ");
    const rectangle = page.getByRole("img", { name: /^The rectangle/ });
    assert.equal(
      await rectangle.getAttribute("aria-label"),
      `The rectangle, ${width} by ${height}: 0 of ${width * height} cells covered; free: ${free([])}`,
    );
    const name = (k) => (record.rotatable === k ? `Piece ${k + 1}, can be turned` : `Piece ${k + 1}`);
    assert.equal(await page.getAttribute(".piece[data-piece='0']", "aria-label"), `${name(0)}: outside the rectangle`);
    await keyPiece(page, record, 0);
    const cells = solutionCells(record, 0);
    const top = Math.min(...cells.map(([r]) => r));
    const left = Math.min(...cells.map(([, c]) => c));
    const placed = `${name(0)}: in the rectangle from row ${top + 1}, column ${left + 1}`;
    await expectFocusedName(page, placed);
    assert.equal(await page.locator("#announce").textContent(), placed, "the move was announced");
    assert.equal(
      await rectangle.getAttribute("aria-label"),
      `The rectangle, ${width} by ${height}: ${cells.length} of ${width * height} cells covered; free: ${free(cells)}`,
    );
  });
});

test("ChessMemory squares say their name, and their piece when open; the arrows move the focus", async () => {
  await withPage("a11y-chess-names", desktop, async (page) => {
    await page.goto(`${suite.url}#/chess`);
    await ready(page);
    const board = page.getByRole("grid");
    await board.getByRole("gridcell", { name: "e4: face down", exact: true }).waitFor();
    assert.equal(await board.getByRole("gridcell", { name: /^[a-h][1-8]: face down$/ }).count(), 64);
    await page.click("#chess-board [data-square='e4']");
    await page.waitForSelector("#chess-board [data-square='e4'][data-piece]");
    const letter = await page.getAttribute("#chess-board [data-square='e4']", "data-piece");
    await expectFocusedName(page, `e4: ${pieceName(letter)}`);
    await page.keyboard.press("ArrowUp");
    await expectFocusedName(page, "e5: face down");
  });
});
