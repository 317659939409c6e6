// Every screen and state a player meets, walked in one page: home, each
// game's list or menu, playing, solved (Triplex and BlockPuzzle), hints,
// dialogs, the tutorial, the editor, a zoomed 30×30, ChessMemory's end
// alone and for two, the dailies before and after a solve, print media and
// offline. The screen review
// (web-tests/tools/screens.mjs) takes a picture of each; the kept checks
// (e2e/states.test.mjs) look at each in every language.

import { dragPiece, ready, solveWith } from "./browser.mjs";
import { enginePartners, playToEnd, square } from "./chess.mjs";
import { solvableAt, typeEngineSolution } from "./daily.mjs";
import { blockpuzzleLevels, enginePack } from "./engine.mjs";
import { newGame, typeSolution } from "./kakuro.mjs";

const pack = enginePack();

/**
 * Walks every state in `page` (of browser `context`) on the server at
 * `url`, calling `visit(name, { print })` at each (`print`: the page is in
 * print media). The page should be fresh: the walk solves Triplex level 1
 * and the day's easy daily as a new player.
 */
export async function walkStates(page, context, url, visit) {
  const go = async (hash) => {
    await page.goto(`${url}${hash}`);
    await ready(page);
  };
  // The state as the browser prints it (Ctrl+P or the Print button).
  const printed = async (name) => {
    await page.emulateMedia({ media: "print" });
    await visit(name, { print: true });
    await page.emulateMedia({ media: "screen" });
  };

  // A first visit: the home screen, then the notice that offline play is ready.
  await go("");
  await visit("home");
  await page.waitForSelector("#notice[data-key='offline.ready']", { timeout: 15_000 }).catch(() => {});
  await visit("offline-ready");
  await page.evaluate(() => (document.getElementById("notice").hidden = true));

  // Triplex: the list, a level, the hint dialog, solved (and the first solver's name), a locked level.
  await go("#/triplex");
  await visit("triplex-list");
  await page.click(".level-tile[data-level='1']");
  await page.waitForSelector("#stage");
  await visit("triplex-play");
  await page.click("#hint");
  await page.waitForSelector("#hint-dialog[open]");
  await visit("triplex-hint-dialog");
  await page.click("#hint-cancel");
  await page.waitForTimeout(1000);
  await solveWith(page, pack.levels[0], dragPiece);
  // The first solver of a level is offered an account (only accounts claim first solves).
  if (await page.waitForSelector("#claim-dialog[open]", { timeout: 3000 }).catch(() => null)) {
    await visit("triplex-claim-dialog");
    await page.click("#claim-skip");
  }
  await page.waitForTimeout(500);
  await visit("triplex-solved");
  await printed("triplex-solved-print");
  await page.click("#to-levels");
  await page.waitForSelector(".levels");
  await visit("triplex-list-after-solve");
  await go("#/triplex/4");
  await page.waitForSelector("#code-dialog[open]");
  await visit("triplex-locked");
  await go("#/blockpuzzle");
  await visit("blockpuzzle-list");
  await go("#/blockpuzzle/1");
  await page.waitForSelector("#stage");
  await visit("blockpuzzle-play");
  await solveWith(page, blockpuzzleLevels()[0], dragPiece);
  if (await page.waitForSelector("#claim-dialog[open]", { timeout: 3000 }).catch(() => null)) await page.click("#claim-skip");
  await page.waitForTimeout(500);
  await visit("blockpuzzle-solved");

  // Kakuro: the menu, a game, a hint, solved, the tutorial, the editor and a 30×30.
  await go("#/kakuro");
  await visit("kakuro-menu");
  const puzzle = await newGame(page, url, 10, "easy");
  await visit("kakuro-play");
  await page.click("#kk-help");
  await page.waitForSelector("#kk-help-panel:not([hidden])");
  await visit("kakuro-hint");
  await typeSolution(page, url, puzzle);
  await page.waitForSelector("#kk-solved");
  await visit("kakuro-solved");
  await printed("kakuro-solved-print");
  await go("#/kakuro/tutorial");
  await visit("kakuro-tutorial");
  await go("#/kakuro/editor");
  await visit("kakuro-editor");
  // A 30×30: whole at first, then zoomed in as far as it goes.
  await newGame(page, url, 30, "easy");
  await visit("kakuro-big");
  while (!(await page.isDisabled("#kk-zoom-in"))) await page.click("#kk-zoom-in");
  await visit("kakuro-big-zoomed");

  // ChessMemory: a game, played to its end alone, the two-players dialog, a game for two played to its end.
  const soloAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chess/setup");
  await go("#/chess");
  await page.waitForSelector("#chess-board");
  const solo = (await (await soloAnswer).json()).setup;
  await visit("chess");
  await playToEnd(page, solo, enginePartners(solo), (name) => page.click(square(name)), 100);
  await page.waitForSelector("#chess-end:not([hidden])");
  await visit("chess-end-solo");
  await page.click("#chess-duo");
  await page.waitForSelector("#chess-duo-dialog[open]");
  await page.fill("#chess-name-1", "Ada");
  await page.fill("#chess-name-2", "Grace");
  await visit("chess-duo-dialog");
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chess/setup");
  await page.click("#chess-duo-start");
  const { setup } = await (await answer).json();
  await visit("chess-duo");
  await playToEnd(page, setup, enginePartners(setup), (name) => page.click(square(name)), 100);
  await page.waitForSelector("#chess-end:not([hidden])");
  await visit("chess-end");
  await printed("chess-end-print");

  // The daily puzzles: Today, the name asked once, a daily Kakuro solved,
  // the daily ChessMemory, Today with its marks and tables.
  await go("#/today");
  await page.waitForSelector("#daily-list");
  await visit("today");
  await page.click("#daily-play-kakuro-easy");
  await page.waitForSelector("#name-dialog[open]");
  await page.fill("#name-input", "Ada");
  await visit("today-name-dialog");
  await page.click("#name-save");
  await page.waitForSelector("#kk-board");
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  await typeEngineSolution(page, { notBefore: await solvableAt(url, today, "easy", Date.now()) });
  await page.waitForSelector("#daily-table-kakuro-easy");
  await visit("today-kakuro-solved");
  await go(`#/today/chess/${today}`);
  await page.waitForSelector("#chess-board");
  await visit("today-chess");
  await go("#/today");
  await page.waitForSelector("#daily-tables .daily-table");
  await visit("today-after");

  // Offline: the notice and the screens that need the server.
  await context.setOffline(true);
  await go("#/");
  await page.waitForSelector("#notice[data-key='offline.banner']");
  await visit("offline-home");
  await go("#/kakuro");
  await visit("offline-kakuro-menu");
  await go("#/kakuro/editor");
  await visit("offline-kakuro-editor");
  await go("#/today");
  await page.waitForSelector(".daily-offline");
  await visit("offline-today");
}
