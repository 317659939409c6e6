// Offline play in Chromium: after one visit to the real server the service
// worker keeps every file of the client; with the browser context offline a
// reload renders the home page from its cache, Triplex level 1 is solved by
// dragging (the solution from the engine), so is BlockPuzzle's (the solution
// from its level list), Kakuro starts from its offline
// pack and is solved with the server's solution (asked by the test, not
// the page), and ChessMemory starts from its pack of setups, whose setup the
// test identifies among the engine's 8 images of each pack setup by the
// pieces it uncovers, then plays to the end. Every screen is kept as
// test-artifacts/offline-*.png.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { MISS_MS } from "../../web/js/chess.js";
import { assertEventually, dragPiece, e2eSuite, ready, solveWith, text } from "../lib/browser.mjs";
import { SQUARES, enginePartners, expectSquare, playToEnd, square, states } from "../lib/chess.mjs";
import { WEB, blockpuzzleLevels, enginePack, enginePackPuzzles, gridforge } from "../lib/engine.mjs";
import { readPuzzle, solveOnServer } from "../lib/kakuro.mjs";
import { manifest } from "../lib/precache.mjs";

const suite = e2eSuite("offline");
const { withPage, snap } = suite;
const triplex = enginePack();
const chessPack = JSON.parse(readFileSync(path.join(WEB, "chess", "setups.json"), "utf8"));
const desktop = { viewport: { width: 1280, height: 900 } };

/** True for the server's API, which offline is expected to fail. */
const isApi = (url) => /^\/(api\/|healthz$)/.test(new URL(url).pathname);

/** Every image of every setup in the offline pack, as the engine makes them. */
function packImages() {
  const images = new Set();
  for (const setup of chessPack.setups) {
    for (const line of gridforge("chess", "symmetries", "--json", setup).trim().split("\n")) {
      images.add(JSON.parse(line).setup);
    }
  }
  return [...images];
}

/**
 * Finds which setup the page plays by uncovering squares one by one, as a
 * person would, until one image of the pack fits every piece seen. Returns
 * that setup.
 */
async function identifySetup(page, candidates) {
  let left = candidates;
  for (const name of SQUARES) {
    if (left.length <= 1) break;
    if ((await page.getAttribute(square(name), "data-state")) === "found") continue;
    await page.click(square(name));
    const piece = await page.getAttribute(square(name), "data-piece");
    assert.match(piece ?? "", /^[QNBRqnbr]$/, `${name} shows a piece`);
    const index = SQUARES.indexOf(name);
    left = left.filter((setup) => setup[index] === piece);
  }
  assert.equal(left.length, 1, "exactly one image of the pack fits the pieces seen");
  return left[0];
}

test("after one visit, with the network off, every game starts from the cache and plays", async () => {
  const images = packImages();
  assert.equal(images.length, chessPack.setups.length * 8, "the pack's images are all different");
  await withPage("offline", desktop, async (page, context) => {
    // Every notice the page shows, recorded as it appears: the "ready" notice
    // goes again with its screen, so the test reads this log, not the
    // screen at some later moment.
    await page.addInitScript(() => {
      window.shownNotices = [];
      new MutationObserver(() => {
        const bar = document.getElementById("notice");
        const shown = bar && !bar.hidden ? bar.textContent : "";
        if (shown && window.shownNotices.at(-1) !== shown) window.shownNotices.push(shown);
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    // First visit, online: the worker installs, keeps every file and takes
    // the page (clients.claim). Each is a state the test waits for, so it
    // does not matter which comes first.
    await page.goto(suite.url);
    await ready(page);
    await page.waitForSelector("body[data-offline-ready='true']");
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
    await page.waitForFunction(() => window.shownNotices.includes("Ready to play offline."));
    // The notice is a bar of the page between the top bar and the screen:
    // it lies over nothing.
    await page.evaluate(() => (document.getElementById("notice").hidden = false));
    const bar = await page.locator("#notice").boundingBox();
    const top = await page.locator(".topbar").boundingBox();
    const view = await page.locator("#view").boundingBox();
    assert.ok(bar.y >= top.y + top.height - 0.5 && bar.y + bar.height <= view.y + 0.5, "the notice lies over the page");
    await snap(page, "ready");
    // Its cache holds every file of the client, under the current version.
    const { version, files } = manifest();
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith("gridforge-")));
      return { names, paths: (await cache.keys()).map((r) => new URL(r.url).pathname.slice(1)) };
    });
    assert.deepEqual(kept.names, [`gridforge-${version}`]);
    assert.deepEqual(kept.paths.sort(), [...files].sort());

    // A reload keeps the state: the page is controlled when it loads, so it
    // knows at once that it is ready, and does not announce it again.
    await page.reload();
    await ready(page);
    await page.waitForSelector("body[data-offline-ready='true']");
    assert.deepEqual(
      await page.evaluate(() => window.shownNotices),
      [],
      "no notice after a reload of a page that was ready",
    );

    // Offline from here on: nothing but the API may fail, and nothing comes from the network.
    const failed = [];
    const fromNetwork = [];
    page.on("requestfailed", (r) => {
      if (!isApi(r.url())) failed.push(r.url());
    });
    page.on("response", (r) => {
      if (!r.fromServiceWorker() && !/^(data|blob):/.test(r.url())) fromNetwork.push(r.url());
    });
    await context.setOffline(true);
    const response = await page.reload();
    assert.ok(response.fromServiceWorker(), "the page came from the service worker");
    await ready(page);
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    const reachable = await page.evaluate(() =>
      fetch("healthz", { cache: "no-store" }).then(
        () => true,
        () => false,
      ),
    );
    assert.equal(reachable, false, "the server cannot be reached");
    assert.equal(await text(page, "h1"), "Games");
    assert.equal(await page.locator("a.game-tile[href]").count(), 4);
    assert.equal(await text(page, "#notice"), "Offline: the games play on; records and the editor need the server.");
    await snap(page, "home");

    // Triplex: level 1 from the chained pack, solved by dragging.
    await page.click("#game-triplex");
    await page.click(".level-tile[data-level='1']");
    assert.equal(await text(page, "#level-title"), "Level 1");
    await solveWith(page, triplex.levels[0], dragPiece);
    assert.equal(await page.locator("#name-dialog[open]").count(), 0, "no name asked offline");
    await snap(page, "triplex-solved");
    await page.click("#next-level");
    await page.waitForSelector(".play[data-level='2']");

    // BlockPuzzle: level 1 from its chained pack, solved; the chain opens level 2.
    await page.goto(`${suite.url}#/blockpuzzle`);
    await page.click(".level-tile[data-level='1']");
    await page.waitForSelector(".play[data-level='1']");
    await solveWith(page, blockpuzzleLevels()[0], dragPiece);
    await snap(page, "blockpuzzle-solved");
    await page.click("#next-level");
    await page.waitForSelector(".play[data-level='2']");

    // Kakuro: a new game from the offline pack, solved.
    await page.goto(`${suite.url}#/kakuro`);
    await page.waitForSelector("#kk-new");
    await page.selectOption("#kk-size", "10");
    await page.selectOption("#kk-difficulty", "easy");
    await page.click("#kk-new");
    await page.waitForSelector("#kk-board");
    assert.equal(
      await text(page, "#kk-notice"),
      "The server cannot be reached: this puzzle comes from the built-in collection.",
    );
    const puzzleText = await page.getAttribute("#kk-board", "data-puzzle");
    assert.ok(
      enginePackPuzzles(10, "easy").some((p) => p.puzzle === puzzleText),
      "the puzzle is one of the pack's 10×10 easy ones",
    );
    await snap(page, "kakuro-new");
    // The solution: from the server, asked by the test (only the browser is offline).
    const solution = await solveOnServer(suite.url, puzzleText);
    const puzzle = readPuzzle(puzzleText);
    for (const i of puzzle.digit.flatMap((d, k) => (d ? [k] : []))) {
      await page.click(`#kk-board [data-i='${i}']`);
      await page.keyboard.press(String(solution[i]));
    }
    await page.waitForSelector("#kk-solved");
    await snap(page, "kakuro-solved");

    // ChessMemory: a new game from the pack of setups, played to the end.
    await page.goto(`${suite.url}#/chess`);
    await page.waitForSelector("#chess-board");
    assert.equal(await page.getAttribute("#chess-board", "data-source"), "pack");
    assert.equal(
      await text(page, "#chess-source"),
      "The server cannot be reached: this board comes from the built-in collection.",
    );
    assert.deepEqual(new Set(Object.values(await states(page))), new Set(["hidden"]));
    await snap(page, "chess-new");
    const setup = await identifySetup(page, images);
    const partner = enginePartners(setup);
    // Every piece seen so far is the identified setup's.
    for (const [name, state] of Object.entries(await states(page))) {
      if (state !== "hidden") await expectSquare(page, setup, name, state);
    }
    // Let a missed pair turn back over, finish an open move, then a pair.
    await assertEventually(
      async () => !Object.values(await states(page)).includes("missed"),
      "no missed pair showing",
      MISS_MS + 2000,
    );
    const open = Object.entries(await states(page)).find(([, s]) => s === "shown");
    if (open) await page.click(square(partner.get(open[0])));
    const a = SQUARES.find((s) => s !== open?.[0] && s !== partner.get(open?.[0]));
    const fresh = (await states(page))[a] === "hidden";
    if (fresh) {
      await page.click(square(a));
      await page.click(square(partner.get(a)));
    }
    await expectSquare(page, setup, a, "found");
    await expectSquare(page, setup, partner.get(a), "found");
    await snap(page, "chess-pair");
    await playToEnd(page, setup, partner, (name) => page.click(square(name)));
    await page.waitForSelector("#chess-done");
    await snap(page, "chess-done");

    assert.deepEqual(failed, [], "every file the games needed was in the cache");
    assert.deepEqual(fromNetwork, [], "nothing came from the network");

    // Back online, the offline notice goes.
    await context.setOffline(false);
    await assertEventually(async () => await page.isHidden("#notice"), "the offline notice goes");
  });
});
