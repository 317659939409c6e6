// BlockPuzzle, the second Triplex family, in Chromium against the real
// server: its tile and level list, levels 1 and 2 solved by dragging and by
// keys with the solutions of the committed level list (read by the test, not
// by the client), the chain, records kept under BlockPuzzle's routes and not
// Triplex's (an anonymous solver is offered an account; an account's first
// solve, sent with its solving path, is named), a reload, level codes in a fresh context, the hint, every
// shape drawn as its shape on a desktop and a phone, and the exported file
// from file:// with the network blocked. Tests run in order and share one
// server.

import assert from "node:assert/strict";
import { test } from "node:test";
import { authenticator } from "../lib/authenticator.mjs";
import {
  assertEventually,
  blockNetwork,
  dragPiece,
  e2eSuite,
  keyPiece,
  ready,
  savedProgress,
  solveWith,
  solvesSent,
  text,
} from "../lib/browser.mjs";
import { advanceClocks } from "../lib/daily.mjs";
import { pathEnd, solutionIndices } from "../lib/solution.mjs";
import { decodePath } from "../../web/js/solve-path.js";
import { blockpuzzleLevels, chainVectors, exportedFile, webPack } from "../lib/engine.mjs";
import { assertDrawnAs, drawShapeAlone, drawnPieces, seamsOf } from "../lib/pieces.mjs";

const suite = e2eSuite("blockpuzzle");
const { withPage } = suite;
const levels = blockpuzzleLevels();
const vectors = chainVectors("blockpuzzle", levels.length);
const FAMILY = "blockpuzzle";

const desktop = { viewport: { width: 1280, height: 860 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The server's answer at `route` (below the server's address), as JSON. */
async function api(route) {
  const r = await fetch(`${suite.url}${route}`);
  assert.ok(r.ok, `${route}: HTTP ${r.status}`);
  return r.json();
}

/** Waits for the start token of level n (the server's, kept in the progress). */
async function startToken(page, n) {
  await assertEventually(async () => Boolean((await savedProgress(page, FAMILY))?.boards?.[n]?.token), `a start token for ${n}`);
}

/** How long a new account is provisional on the server (its default, 7 days), and a day more. */
const PAST_PROVISIONAL_MS = 8 * 86_400_000;

/** The site at localhost (the passkeys' relying party). */
const site = () => suite.url.replace("127.0.0.1", "localhost");

/** The pieces of level n on the page, as the client decoded them (data-shape of each piece). */
const shownShapes = (page) => page.$$eval(".piece", (els) => els.map((e) => JSON.parse(e.dataset.shape)));

test("BlockPuzzle from its tile: the list, levels 1 and 2 solved, the chain, records under BlockPuzzle's routes, a reload", async () => {
  await withPage("solve-levels-1-2", {}, async (page) => {
    await page.goto(suite.url);
    await ready(page);
    assert.equal(await text(page, "#game-blockpuzzle .game-name"), "BlockPuzzle");
    assert.equal(await text(page, "#game-blockpuzzle .game-extra"), `0 of ${levels.length} levels solved`);
    await page.click("#game-blockpuzzle");
    await page.waitForSelector(".levels");
    assert.equal(await text(page, "h1"), "BlockPuzzle");
    assert.equal(await text(page, "#levels-progress"), "0 of 500 levels solved");
    // The levels in number order, the order they open in, a hundred to a
    // section; the tiles show the solver's difficulty; level 1 is next.
    assert.deepEqual(
      await page.$$eval(".level-section", (els) => els.map((e) => e.id)),
      ["levels-1", "levels-101", "levels-201", "levels-301", "levels-401"],
    );
    assert.deepEqual(
      await page.$$eval("#levels-1 .level-tile", (els) => els.map((e) => Number(e.dataset.level))),
      Array.from({ length: 100 }, (_, k) => k + 1),
    );
    assert.equal(await page.getAttribute(".level-tile.next", "data-level"), "1");
    assert.equal(await text(page, "#play-next"), "Play level 1");
    const first = page.locator(".level-tile[data-level='1']");
    assert.equal(Number(await first.getAttribute("data-difficulty")), levels[0].difficulty);
    assert.equal(await first.getAttribute("data-state"), "open");
    assert.equal(await page.getAttribute(".level-tile[data-level='2']", "data-state"), "locked");

    await first.click();
    await page.waitForSelector(".play[data-level='1']");
    assert.equal(await text(page, "#level-title"), "Level 1");
    assert.equal(await text(page, "#level-code"), vectors[0].code);
    assert.deepEqual(await shownShapes(page), levels[0].pieces);
    await startToken(page, 1);
    await page.waitForSelector("#records-none");
    // The server refuses solves faster than 250 ms per piece.
    await page.waitForTimeout(250 * levels[0].pieces.length + 200);
    await solveWith(page, levels[0], dragPiece);
    // The first solve of BlockPuzzle's level 1 on this server, without an
    // account: only accounts claim first solves, so the account offer, not
    // the name dialog; the solve counts, and no first solver is listed.
    await page.waitForSelector("#claim-dialog[open]");
    assert.equal(await page.locator("#name-dialog[open]").count(), 0);
    await page.click("#claim-skip");
    await page.waitForSelector("#claim-dialog", { state: "hidden" });
    await assertEventually(async () => (await text(page, "#records-solves")) === "1 solve", "1 solve");
    assert.equal(await page.locator("#records-first").count(), 0);

    // Recorded under BlockPuzzle's level 1, and not under Triplex's.
    const records = await api(`api/${FAMILY}/levels/1/records`);
    assert.equal(records.solves, 1);
    assert.equal(records.first, null);
    const triplex = await api("api/triplex/levels/1/records");
    assert.equal(triplex.solves, 0);
    assert.equal(triplex.first, null);
    assert.ok((await api(`api/${FAMILY}/medians`)).levels.some(([n]) => n === 1));
    assert.equal((await api("api/triplex/medians")).levels.length, 0);

    // The chain opens level 2, solved with the keyboard.
    await page.click("#next-level");
    await page.waitForSelector(".play[data-level='2']");
    assert.equal(await text(page, "#level-code"), vectors[1].code);
    assert.deepEqual(await shownShapes(page), levels[1].pieces);
    await startToken(page, 2);
    await page.waitForTimeout(250 * levels[1].pieces.length + 200);
    await solveWith(page, levels[1], keyPiece);
    await page.waitForSelector("#claim-dialog[open]");
    await page.click("#claim-skip");
    await assertEventually(async () => (await api(`api/${FAMILY}/levels/2/records`)).solves === 1, "level 2 recorded");
    assert.equal((await api("api/triplex/levels/2/records")).solves, 0);

    // Level 3 half done, then a reload: the list and the board come back.
    await page.click("#next-level");
    await page.waitForSelector(".play[data-level='3']");
    assert.equal(await text(page, "#level-code"), vectors[2].code);
    await dragPiece(page, levels[2], 0);
    const board = () =>
      page.$$eval(".piece", (els) => els.map((e) => [e.dataset.piece, e.dataset.x, e.dataset.y].join()));
    const before = await board();
    await page.reload();
    await ready(page);
    await page.waitForSelector(".play[data-level='3']");
    assert.deepEqual(await board(), before);
    await page.click("#to-levels");
    await page.waitForSelector(".levels");
    const states = [];
    for (const n of [1, 2, 3, 4]) states.push(await page.getAttribute(`.level-tile[data-level='${n}']`, "data-state"));
    assert.deepEqual(states, ["solved", "solved", "open", "locked"]);
    // The players' median under level 1's tile, from BlockPuzzle's medians.
    const median = page.locator("li:has(> .level-tile[data-level='1']) .median");
    await assertEventually(async () => /\d+:\d\d/.test(await median.textContent()), "the median under the tile");
    // Each family keeps its own progress.
    assert.deepEqual(Object.keys((await savedProgress(page, FAMILY)).solved).sort(), ["1", "2"]);
    assert.deepEqual((await savedProgress(page, "triplex"))?.solved ?? {}, {});
    await page.click(".brand");
    await page.waitForSelector("#game-blockpuzzle");
    assert.equal(await text(page, "#game-blockpuzzle .game-extra"), "2 of 500 levels solved");
    assert.equal(await text(page, "#game-triplex .game-extra"), `0 of ${webPack("triplex").count} levels solved`);
  });
});

test("an account's first solve of a BlockPuzzle level is named under BlockPuzzle's routes, not Triplex's", async () => {
  const n = 6;
  await withPage("account-claim", {}, async (page, context) => {
    // The page's clock moves with the server's: the path's times and the solve's agree.
    await page.clock.install();
    await authenticator(context, page);
    await page.goto(`${site()}#/account`);
    await ready(page);
    await page.fill("#account-name", "Block Player");
    await page.click("#account-create-button");
    await page.waitForSelector("#account-who", { timeout: 20_000 });
    await page.goto(`${site()}#/${FAMILY}/${n}`);
    await ready(page);
    await page.waitForSelector("#code-dialog[open]");
    await page.fill("#code-code", vectors[n - 1].code);
    await page.click("#code-submit");
    await page.waitForSelector(`.play[data-level='${n}']`);
    await startToken(page, n);
    await page.waitForSelector("#records-none");
    // Solved once the account is no longer provisional (a new account's
    // claim is held for review): the claim is public and named.
    await advanceClocks(suite, page, PAST_PROVISIONAL_MS);
    const sent = solvesSent(page, FAMILY, n);
    const solved = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/api/${FAMILY}/levels/${n}/solves`));
    await solveWith(page, levels[n - 1], dragPiece);
    const answer = await (await solved).json();
    assert.deepEqual([answer.first, answer.under_review], [true, false], JSON.stringify(answer));
    // One solve, with a path the server replayed: every piece laid where the solution has it.
    assert.equal(sent.length, 1);
    assert.deepEqual(pathEnd(decodePath(sent[0].path).events), solutionIndices(levels[n - 1]));
    const name = "Блоки & <b>co</b>";
    await page.waitForSelector("#name-dialog[open]");
    assert.equal(await page.locator("#claim-dialog[open]").count(), 0);
    await page.fill("#name-input", name);
    await page.click("#name-save");
    await page.waitForSelector("#records-first .name");
    assert.equal(await page.locator("#records-first .name").textContent(), name);
    assert.equal(await page.locator("#records b").count(), 0, "a name is shown as text");
    assert.equal(await text(page, "#records-solves"), "1 solve");
    const records = await api(`api/${FAMILY}/levels/${n}/records`);
    assert.equal(records.solves, 1);
    assert.equal(records.first.name, name);
    assert.equal(records.first.provisional, false);
    const triplex = await api(`api/triplex/levels/${n}/records`);
    assert.deepEqual([triplex.solves, triplex.first], [0, null]);
  });
});

test("a BlockPuzzle level code opens its level in a fresh context; Triplex's code for it does not", async () => {
  const n = 5;
  const triplexCode = chainVectors("triplex", n).at(-1).code;
  await withPage("level-code", {}, async (page) => {
    await page.goto(`${suite.url}#/${FAMILY}/${n}`);
    await ready(page);
    await page.waitForSelector("#code-dialog[open]");
    assert.equal(await page.inputValue("#code-number"), String(n));
    await page.fill("#code-code", triplexCode);
    await page.click("#code-submit");
    assert.equal(await text(page, "#code-error"), `This code does not open level ${n}.`);
    await page.fill("#code-code", vectors[n - 1].code.toLowerCase());
    await page.click("#code-submit");
    await page.waitForSelector(`.play[data-level='${n}']`);
    assert.equal(await text(page, "#level-code"), vectors[n - 1].code);
    assert.deepEqual(await shownShapes(page), levels[n - 1].pieces);
    assert.equal(await page.getAttribute("#to-levels", "href"), `#/${FAMILY}`);
    // The code is kept: the list shows level 5 open.
    await page.click("#to-levels");
    await page.waitForSelector(".levels");
    assert.equal(await page.getAttribute(`.level-tile[data-level='${n}']`, "data-state"), "open");
    // The code button of the list serves BlockPuzzle too.
    await page.click("#enter-code");
    await page.fill("#code-number", "7");
    await page.fill("#code-code", vectors[6].code);
    await page.click("#code-submit");
    await page.waitForSelector(".play[data-level='7']");
  });
});

test("show one piece solves a BlockPuzzle level; the server records it as hinted under BlockPuzzle", async () => {
  const n = 4;
  const record = levels[n - 1];
  await withPage("hint", {}, async (page) => {
    await page.goto(`${suite.url}#/${FAMILY}/${n}`);
    await ready(page);
    await page.waitForSelector("#code-dialog[open]");
    await page.fill("#code-code", vectors[n - 1].code);
    await page.click("#code-submit");
    await page.waitForSelector(`.play[data-level='${n}']`);
    await startToken(page, n);
    await page.click("#hint");
    await page.click("#hint-show");
    await page.waitForSelector("#hinted-note:not([hidden])");
    await page.waitForTimeout(250 * record.pieces.length + 200);
    // Each hint is the server's answer now: wait for its piece before the next.
    const board = () => page.$$eval(".piece", (els) => els.map((e) => [e.dataset.x, e.dataset.y, e.dataset.o].join()));
    const solved = async () => (await page.locator("#solved-title").count()) > 0;
    for (let i = 0; i < record.pieces.length && !(await solved()); i++) {
      const previous = await board();
      await page.click("#hint");
      await assertEventually(
        async () => (await solved()) || (await board()).some((p, k) => p !== previous[k]),
        "the hint placed a piece",
      );
    }
    await page.waitForSelector("#solved-hinted");
    // The board the hints made is the listed solution.
    const target = { x: Number(await page.getAttribute("#target", "data-x")), y: Number(await page.getAttribute("#target", "data-y")) };
    const laid = await page.$$eval(".piece", (els) =>
      els.map((e) => JSON.parse(e.dataset.shape).map(([r, c]) => [r + Number(e.dataset.y), c + Number(e.dataset.x)])),
    );
    laid.forEach((cells, k) =>
      cells.forEach(([r, c]) => assert.equal(record.solution[r - target.y][c - target.x], "abcdefgh"[k], `piece ${k}`)),
    );
    await assertEventually(async () => (await api(`api/${FAMILY}/levels/${n}/records`)).hinted === 1, "recorded as hinted");
    assert.equal(await page.locator("#name-dialog[open]").count(), 0);
    assert.equal(await page.locator("#claim-dialog[open]").count(), 0, "a hinted solve is never a first: no account offered");
  });
});

/**
 * Levels of the pack that between them have every shape its levels use,
 * found greedily (the level with the most shapes not yet seen first).
 */
function levelsCoveringShapes() {
  const key = (shape) => JSON.stringify(shape);
  const wanted = new Set(levels.flatMap((l) => l.pieces.map(key)));
  const chosen = [];
  while (wanted.size) {
    const best = levels.reduce((a, b) =>
      b.pieces.filter((p) => wanted.has(key(p))).length > a.pieces.filter((p) => wanted.has(key(p))).length ? b : a,
    );
    chosen.push(best);
    for (const p of best.pieces) wanted.delete(key(p));
  }
  return chosen;
}

for (const [layout, options] of [
  ["desktop", desktop],
  ["phone", phone],
]) {
  test(`every shape is drawn as its shape: the levels' pieces and all 90 shapes (${layout})`, async () => {
    const minCell = layout === "phone" ? 24 : 40;
    const covering = levelsCoveringShapes();
    await withPage(`shapes-${layout}`, options, async (page) => {
      // The codes of those levels, as solving the levels before them would
      // keep them, in storage before the page starts.
      const codes = Object.fromEntries(covering.map((l) => [l.number, vectors[l.number - 1].code]));
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        `gridforge.${FAMILY}.v1`,
        JSON.stringify({ codes }),
      ]);
      await page.goto(`${suite.url}#/${FAMILY}`);
      await ready(page);
      for (const level of covering) {
        await page.evaluate((hash) => (location.hash = hash), `#/${FAMILY}/${level.number}`);
        await page.waitForSelector(`.play[data-level='${level.number}']`);
        assertDrawnAs(await drawnPieces(page), level.pieces, `level ${level.number}`, minCell);
      }
      // Every shape the pack can name, the vertical I-tetromino and
      // I-pentomino among them though no level of area 24 or less has them,
      // drawn by the client's board module on a board of its own.
      const shapes = webPack(FAMILY).shapes;
      const bars = [5, 4].map((n) => Array.from({ length: n }, (_, r) => [r, 0]));
      for (const bar of bars) assert.ok(shapes.some((s) => JSON.stringify(s) === JSON.stringify(bar)));
      for (const shape of shapes) {
        await drawShapeAlone(page, shape);
        assertDrawnAs(await drawnPieces(page), [shape], `shape ${JSON.stringify(shape)}`, minCell);
      }
    });
  });
}

test("a piece is one seamless tile on a screen of 1.5 and 1.25 device pixels per px: no seam where its cells join, no step where its outline turns inwards", async () => {
  // The T: three cells in a row and one under the middle; two concave corners.
  const T = [[0, 0], [0, 1], [0, 2], [1, 1]];
  const joins = [[0, 0, "e"], [0, 1, "e"], [0, 1, "s"]];
  const corners = [[1, 1, 1, -1], [2, 1, -1, -1]];
  for (const deviceScaleFactor of [1.5, 1.25]) {
    await withPage(`seams-${deviceScaleFactor}`, { viewport: { width: 390, height: 844 }, deviceScaleFactor }, async (page) => {
      await page.goto(`${suite.url}#/${FAMILY}`);
      await ready(page);
      await drawShapeAlone(page, T);
      // Cells that fall on fractions of a device pixel, and one that does not.
      const found = [];
      for (const cell of [37, 41, 43, 40]) {
        await page.evaluate((px) => document.getElementById("stage").style.setProperty("--cell", `${px}px`), cell);
        const problems = await seamsOf(page, joins, corners);
        if (problems.length) found.push(`${cell} px cells: ${problems.join("; ")}`);
      }
      assert.deepEqual(found, [], `at ${deviceScaleFactor} device pixels per px`);
    });
  }
});

test("the exported file plays BlockPuzzle from file:// with the network blocked", async () => {
  await withPage("exported-file", { offline: true }, async (page, context) => {
    const network = await blockNetwork(context);
    await page.goto(exportedFile());
    await ready(page);
    await page.click("#game-blockpuzzle");
    await page.waitForSelector(".levels");
    await page.click(".level-tile[data-level='1']");
    await page.waitForSelector(".play[data-level='1']");
    await solveWith(page, levels[0], dragPiece);
    await page.click("#next-level");
    await page.waitForSelector(".play[data-level='2']");
    assert.equal(await text(page, "#level-code"), vectors[1].code);
    await solveWith(page, levels[1], keyPiece);
    await page.click("#next-level");
    await page.waitForSelector(".play[data-level='3']");
    assert.equal(await text(page, "#level-code"), vectors[2].code);
    assert.deepEqual(await shownShapes(page), levels[2].pieces);
    // Offline: no records, no name dialog.
    assert.equal(await page.locator("#records:not([hidden])").count(), 0);
    assert.deepEqual(network, [], "the page asked the network for nothing");
  });
});
