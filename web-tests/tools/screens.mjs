#!/usr/bin/env node
// The screen review: walks every screen and state a player meets (home, each
// game's list or menu, playing, solved, hints, dialogs, the tutorial, the
// editor, two players, offline) in the real server and Debian's Chromium, at
// phone portrait (390×844), phone landscape (844×390) and desktop (1280×800),
// in light and dark, and writes what the window shows to
// test-artifacts/screens/<screen>-<size>-<scheme>.png, with index.html to
// look through them and one contact sheet per screen (sheet-<screen>.png,
// the six variants side by side). Console errors and failed requests are
// printed at the end. Run after `cargo build --release`:
//   node web-tests/tools/screens.mjs [--only phone|landscape|desktop]

import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ARTIFACTS, dragPiece, launchChromium, ready, solveWith, startServer } from "../lib/browser.mjs";
import { enginePartners, playToEnd, square } from "../lib/chess.mjs";
import { solvableAt, typeEngineSolution } from "../lib/daily.mjs";
import { enginePack } from "../lib/engine.mjs";
import { newGame, typeSolution } from "../lib/kakuro.mjs";

const OUT = path.join(ARTIFACTS, "screens");
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  landscape: { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};
const SCHEMES = ["light", "dark"];

const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
const sizes = Object.keys(SIZES).filter((s) => !only || s === only);
const pack = enginePack();
/** Screen names in the order first taken. */
const screens = [];
const problems = [];

/** Walks every screen at one size and scheme, in a fresh browser context. */
async function walk(browser, url, size, scheme) {
  const context = await browser.newContext({ locale: "en-US", colorScheme: scheme, ...SIZES[size] });
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && problems.push(`${size}/${scheme} console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`${size}/${scheme} page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`${size}/${scheme} failed: ${r.url()} ${r.failure()?.errorText}`));
  const shot = async (name) => {
    if (!screens.includes(name)) screens.push(name);
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(OUT, `${name}-${size}-${scheme}.png`) });
  };
  const go = async (hash) => {
    await page.goto(`${url}${hash}`);
    await ready(page);
  };

  // A first visit: the home screen, then the notice that offline play is ready.
  await go("");
  await shot("home");
  await page.waitForSelector("#notice[data-key='offline.ready']", { timeout: 15_000 }).catch(() => {});
  await shot("offline-ready");
  await page.evaluate(() => (document.getElementById("notice").hidden = true));

  // Triplex: the list, a level, the hint dialog, solved (and the first solver's name), a locked level.
  await go("#/triplex");
  await shot("triplex-list");
  await page.click(".level-tile[data-level='1']");
  await page.waitForSelector("#stage");
  await shot("triplex-play");
  await page.click("#hint");
  await page.waitForSelector("#hint-dialog[open]");
  await shot("triplex-hint-dialog");
  await page.click("#hint-cancel");
  await page.waitForTimeout(1000);
  await solveWith(page, pack.levels[0], dragPiece);
  if (await page.waitForSelector("#name-dialog[open]", { timeout: 3000 }).catch(() => null)) {
    await shot("triplex-name-dialog");
    await page.click("#name-skip");
  }
  await page.waitForTimeout(500);
  await shot("triplex-solved");
  await page.click("#to-levels");
  await page.waitForSelector(".levels");
  await shot("triplex-list-after-solve");
  await go("#/triplex/4");
  await page.waitForSelector("#code-dialog[open]");
  await shot("triplex-locked");
  await go("#/blockpuzzle");
  await shot("blockpuzzle-list");
  await go("#/blockpuzzle/1");
  await page.waitForSelector("#stage");
  await shot("blockpuzzle-play");

  // Kakuro: the menu, a game, a hint, solved, the tutorial, the editor and a 30×30.
  await go("#/kakuro");
  await shot("kakuro-menu");
  const puzzle = await newGame(page, url, 10, "easy");
  await shot("kakuro-play");
  await page.click("#kk-help");
  await page.waitForSelector("#kk-help-panel:not([hidden])");
  await shot("kakuro-hint");
  await typeSolution(page, url, puzzle);
  await page.waitForSelector("#kk-solved");
  await shot("kakuro-solved");
  await go("#/kakuro/tutorial");
  await shot("kakuro-tutorial");
  await go("#/kakuro/editor");
  await shot("kakuro-editor");
  // A 30×30: whole at first, then zoomed in as far as it goes.
  await newGame(page, url, 30, "easy");
  await shot("kakuro-big");
  while (!(await page.isDisabled("#kk-zoom-in"))) await page.click("#kk-zoom-in");
  await shot("kakuro-big-zoomed");

  // ChessMemory: a game, the two-players dialog, a game for two played to its end.
  await go("#/chess");
  await page.waitForSelector("#chess-board");
  await shot("chess");
  await page.click("#chess-duo");
  await page.waitForSelector("#chess-duo-dialog[open]");
  await page.fill("#chess-name-1", "Ada");
  await page.fill("#chess-name-2", "Grace");
  await shot("chess-duo-dialog");
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chess/setup");
  await page.click("#chess-duo-start");
  const { setup } = await (await answer).json();
  await shot("chess-duo");
  await playToEnd(page, setup, enginePartners(setup), (name) => page.click(square(name)), 100);
  await page.waitForSelector("#chess-end:not([hidden])");
  await shot("chess-end");

  // The daily puzzles: Today, the name asked once, a daily Kakuro solved,
  // the daily ChessMemory, Today with its marks and tables.
  await go("#/today");
  await page.waitForSelector("#daily-list");
  await shot("today");
  await page.click("#daily-play-kakuro-easy");
  await page.waitForSelector("#name-dialog[open]");
  await page.fill("#name-input", "Ada");
  await shot("today-name-dialog");
  await page.click("#name-save");
  await page.waitForSelector("#kk-board");
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  await typeEngineSolution(page, { notBefore: await solvableAt(url, today, "easy", Date.now()) });
  await page.waitForSelector("#daily-table-kakuro-easy");
  await shot("today-kakuro-solved");
  await go(`#/today/chess/${today}`);
  await page.waitForSelector("#chess-board");
  await shot("today-chess");
  await go("#/today");
  await page.waitForSelector("#daily-tables .daily-table");
  await shot("today-after");

  // Offline: the notice and the screens that need the server.
  await context.setOffline(true);
  await go("#/");
  await page.waitForSelector("#notice[data-key='offline.banner']");
  await shot("offline-home");
  await go("#/kakuro");
  await shot("offline-kakuro-menu");
  await go("#/kakuro/editor");
  await shot("offline-kakuro-editor");
  await go("#/today");
  await page.waitForSelector(".daily-offline");
  await shot("offline-today");
  await context.close();
}

/** index.html over every picture, and a contact sheet per screen drawn by the browser itself. */
async function sheets(browser) {
  const variants = sizes.flatMap((size) => SCHEMES.map((scheme) => `${size}-${scheme}`));
  const img = (name, v) => `<figure><img src="${name}-${v}.png"><figcaption>${name} ${v}</figcaption></figure>`;
  const style =
    "<style>body{font:14px sans-serif;margin:8px;background:#888}figure{display:inline-block;margin:4px;vertical-align:top}" +
    "img{display:block;height:420px}section{white-space:nowrap}</style>";
  const index = screens.map((name) => `<h2>${name}</h2><section>${variants.map((v) => img(name, v)).join("")}</section>`);
  writeFileSync(path.join(OUT, "index.html"), `<!doctype html><meta charset="utf-8">${style}${index.join("\n")}`);
  const page = await browser.newPage({ viewport: { width: 800, height: 460 } });
  for (const name of screens) {
    const file = path.join(OUT, `sheet-${name}.html`);
    writeFileSync(file, `<!doctype html>${style}<section>${variants.map((v) => img(name, v)).join("")}</section>`);
    await page.goto(pathToFileURL(file).href);
    await page.waitForLoadState("load");
    await page.screenshot({ path: path.join(OUT, `sheet-${name}.png`), fullPage: true });
    rmSync(file);
  }
  await page.close();
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchChromium();
try {
  for (const size of sizes) {
    for (const scheme of SCHEMES) {
      await walk(browser, server.url, size, scheme);
      console.log(`${size} ${scheme}: ${screens.length} screens`);
    }
  }
  await sheets(browser);
} finally {
  await browser.close();
  await server.stop();
}
console.log(`${screens.length} screens × ${sizes.length * SCHEMES.length} variants in ${OUT}`);
console.log(problems.length ? `problems:\n${problems.join("\n")}` : "no console errors, no failed requests");
process.exitCode = problems.length ? 1 : 0;
