// ChessMemory in Chromium against the real server. The tests learn the
// setup a page plays from the network (the answer to its POST
// /api/chess/setup) and its partners from `gridforge chess pairs`, never
// from the page: a pair stays open, two non-partners close again after
// MISS_MS, a reload keeps the game, a whole game runs to the end with its
// moves counted and the best result kept, the keyboard alone plays, a
// phone in the dark theme plays by touch on a board as wide as the screen,
// and two players on one device play a game to the end, the test keeping
// the score itself and expecting its own winner. Every screen is kept as
// test-artifacts/chess-*.png.

import assert from "node:assert/strict";
import { test } from "node:test";
import { MISS_MS } from "../../web/js/chess.js";
import { assertEventually, e2eSuite, ready, text } from "../lib/browser.mjs";
import {
  SQUARES,
  enginePartners,
  expectAllHidden,
  expectSquare,
  nonPartner,
  playToEnd,
  square,
  stateOf,
  states,
  watchSquares,
  expectMissLogged,
} from "../lib/chess.mjs";

const suite = e2eSuite("chess");
const { withPage, snap } = suite;
const desktop = { viewport: { width: 1280, height: 900 }, colorScheme: "light" };
const phone = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  colorScheme: "dark",
};

/** Resolves to the setup in the server's next answer to POST /api/chess/setup. */
async function nextSetup(page, action) {
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/chess/setup" && r.request().method() === "POST",
  );
  await action();
  const response = await answer;
  assert.equal(response.status(), 200);
  const { setup } = await response.json();
  assert.match(setup, /^[QNBRqnbr]{64}$/);
  return setup;
}

/** Opens #/chess with no game kept: resolves to {setup, partner} of the new game. */
async function openChess(page) {
  const setup = await nextSetup(page, () => page.goto(`${suite.url}#/chess`));
  await ready(page);
  await page.waitForSelector("#chess-board");
  assert.equal(await page.getAttribute("#chess-board", "data-source"), "server");
  return { setup, partner: enginePartners(setup) };
}

test("a partner pair stays open, two non-partners close after a moment, a reload keeps the game", async () => {
  await withPage("chess-pair-miss", desktop, async (page) => {
    await page.goto(suite.url);
    await ready(page);
    assert.equal(await text(page, "#game-chess .game-name"), "ChessMemory");
    assert.equal(await text(page, "#game-chess .game-extra"), "Find all 32 pairs.");
    await snap(page, "desktop-home");
    const setup = await nextSetup(page, () => page.click("#game-chess"));
    const partner = enginePartners(setup);
    await page.waitForSelector("#chess-board");
    await expectAllHidden(page);
    assert.equal(await text(page, "#chess-moves"), "0 moves");
    assert.equal(await text(page, "#chess-pairs"), "0 of 32 pairs");
    assert.equal(await page.locator("#chess-best-none").count(), 1);
    await snap(page, "desktop-new");

    // A square and its partner: both stay open.
    const a = "d5";
    const b = partner.get(a);
    await page.click(square(a));
    await expectSquare(page, setup, a, "shown");
    assert.equal(await text(page, "#chess-moves"), "0 moves");
    await page.click(square(b));
    await expectSquare(page, setup, a, "found");
    await expectSquare(page, setup, b, "found");
    assert.equal(await text(page, "#chess-moves"), "1 move");
    assert.equal(await text(page, "#chess-pairs"), "1 of 32 pairs");
    await page.waitForTimeout(MISS_MS + 400);
    await expectSquare(page, setup, a, "found");
    await expectSquare(page, setup, b, "found");
    // A found square is marked disabled and takes no more clicks.
    assert.equal(await page.getAttribute(square(a), "aria-disabled"), "true");
    await page.click(square(a), { force: true });
    await expectSquare(page, setup, a, "found");
    assert.equal(await text(page, "#chess-moves"), "1 move");

    // Two squares that are not partners: open for MISS_MS, then face down.
    // "Open" is a passing state, so the page logs every change of the two
    // squares on its own clock and the test reads the log: it cannot race a
    // slow test step the way reading the screen at some moment would.
    const found = new Set([a, b]);
    const c = SQUARES.find((s) => !found.has(s));
    const d = nonPartner(c, partner, found);
    await watchSquares(page, [c, d]);
    await page.click(square(c));
    await page.click(square(d));
    await snap(page, "desktop-miss");
    const { open } = await expectMissLogged(page, setup, [c, d]);
    await assertEventually(
      async () => (await page.evaluate(() => window.squareLog.at(-1).squares)).every((s) => s.state === "hidden"),
      "the missed pair turns back over",
      MISS_MS + 5000,
    );
    const log = await page.evaluate(() => window.squareLog);
    const closed = log[open + 1];
    assert.ok(
      closed.squares.every((s) => s.state === "hidden" && s.piece === null),
      `the change after the miss turns both face down: ${JSON.stringify(log)}`,
    );
    const openFor = closed.at - log[open].at;
    assert.ok(openFor >= MISS_MS - 20 && openFor <= MISS_MS + 2000, `the miss was open for ${openFor} ms`);
    assert.equal(await text(page, "#chess-moves"), "2 moves");
    assert.equal(await text(page, "#chess-pairs"), "1 of 32 pairs");
    await expectSquare(page, setup, c, "hidden");
    await expectSquare(page, setup, d, "hidden");
    await expectSquare(page, setup, a, "found");

    // A reload brings the same game back without asking for a new setup.
    const asked = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/chess/setup") asked.push(r.url());
    });
    const before = await states(page);
    await page.reload();
    await ready(page);
    await page.waitForSelector("#chess-board");
    assert.deepEqual(await states(page), before);
    await expectSquare(page, setup, a, "found");
    assert.equal(await text(page, "#chess-moves"), "2 moves");
    // The restored game plays on with the same setup.
    await page.click(square(c));
    await page.click(square(partner.get(c)));
    await expectSquare(page, setup, c, "found");
    assert.deepEqual(asked, [], "no new setup asked for");
  });
});

test("a whole game to the end: 32 pairs, moves counted, the best result kept, a new game", async () => {
  await withPage("chess-whole-game", desktop, async (page) => {
    const { setup, partner } = await openChess(page);
    const moves = await playToEnd(page, setup, partner, (name) => page.click(square(name)));
    assert.ok(moves > 32, "some misses among the moves");
    await page.waitForSelector("#chess-done");
    assert.equal(await text(page, "#chess-done"), "All 32 pairs found!");
    // The solo end has no winner line: the panel is the title, the best, then
    // the result card to share (it read "… · null · …"), which says the
    // result once (the panel said it again above), and its buttons.
    const time = await text(page, "#chess-timer");
    assert.equal(
      await text(page, "#chess-end"),
      [
        `All 32 pairs found!`,
        "A new best result!",
        "gridforge · ChessMemory",
        `${time} · ${moves} moves`,
        `${suite.url}#/chess`,
        "New game",
        "Share",
      ].join("\n"),
    );
    assert.equal(await text(page, "#chess-moves"), `${moves} moves`);
    assert.equal(await text(page, "#chess-pairs"), "32 of 32 pairs");
    assert.equal(await page.locator("#chess-new-best").count(), 1);
    assert.equal(await page.locator("#chess-best-list li").count(), 1);
    assert.match(await text(page, "#chess-best-list li"), new RegExp(`^${moves} moves in \\d+:\\d\\d`));
    assert.deepEqual(new Set(Object.values(await states(page))), new Set(["found"]));
    // The clock stops at the end.
    const stopped = await text(page, "#chess-timer");
    await page.waitForTimeout(1300);
    assert.equal(await text(page, "#chess-timer"), stopped);
    await snap(page, "desktop-done");

    // The home tile shows the best result.
    await page.click(".brand");
    await page.waitForSelector("#game-chess");
    assert.match(await text(page, "#game-chess .game-extra"), new RegExp(`^Best: ${moves} moves in \\d+:\\d\\d$`));
    await snap(page, "desktop-home-best");

    // A new game: a fresh setup from the server, every square face down, the best kept.
    await page.click("#game-chess");
    await page.waitForSelector("#chess-done");
    const next = await nextSetup(page, () => page.click("#chess-again"));
    assert.notEqual(next, setup);
    await assertEventually(async () => (await page.locator("#chess-done").count()) === 0, "the end message goes");
    await expectAllHidden(page);
    assert.equal(await text(page, "#chess-moves"), "0 moves");
    assert.equal(await page.locator("#chess-best-list li").count(), 1);
    // The new game is played with the new setup's partners.
    const first = SQUARES[0];
    const nextPartner = enginePartners(next);
    await page.click(square(first));
    await page.click(square(nextPartner.get(first)));
    await expectSquare(page, next, first, "found");
  });
});

test("the keyboard alone plays: arrows move, Enter and Space uncover", async () => {
  await withPage("chess-keyboard", desktop, async (page) => {
    const { setup, partner } = await openChess(page);
    const focused = () => page.evaluate(() => document.activeElement?.dataset?.square ?? null);
    await page.focus(square("a8"));
    assert.equal(await focused(), "a8");
    // Arrows stop at the board's edge.
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowLeft");
    assert.equal(await focused(), "a8");
    /** Moves the focus from where it is to `name` with the arrow keys. */
    const goTo = async (name) => {
      const [file, rank] = [name.charCodeAt(0), Number(name[1])];
      for (;;) {
        const at = await focused();
        const [f, r] = [at.charCodeAt(0), Number(at[1])];
        if (f === file && r === rank) return;
        const key = f < file ? "ArrowRight" : f > file ? "ArrowLeft" : r > rank ? "ArrowDown" : "ArrowUp";
        await page.keyboard.press(key);
      }
    };
    const a = "c6";
    const b = partner.get(a);
    await goTo(a);
    await page.keyboard.press("Enter");
    await expectSquare(page, setup, a, "shown");
    await goTo(b);
    // Only the square with the focus is in the tab order.
    assert.deepEqual(
      await page.$$eval("#chess-board [tabindex='0']", (els) => els.map((e) => e.dataset.square)),
      [b],
    );
    await page.keyboard.press("Space");
    await expectSquare(page, setup, a, "found");
    await expectSquare(page, setup, b, "found");
    assert.equal(await text(page, "#chess-moves"), "1 move");
    // A miss by keyboard closes too.
    const found = new Set([a, b]);
    const c = SQUARES.find((s) => !found.has(s));
    const d = nonPartner(c, partner, found);
    await watchSquares(page, [c, d]);
    await goTo(c);
    await page.keyboard.press("Enter");
    await goTo(d);
    await page.keyboard.press("Space");
    await expectMissLogged(page, setup, [c, d]);
    await assertEventually(async () => (await stateOf(page, d)) === "hidden", "the miss closes", MISS_MS + 2000);
    assert.equal(await text(page, "#chess-moves"), "2 moves");
    assert.equal(await focused(), d, "the focus stays where it was");
  });
});

test("on a phone, in the dark theme, the board fits the screen and a whole game plays by touch", async () => {
  await withPage("chess-phone", phone, async (page) => {
    await page.goto(suite.url);
    await ready(page);
    await snap(page, "phone-home");
    const setup = await nextSetup(page, () => page.tap("#game-chess"));
    const partner = enginePartners(setup);
    await page.waitForSelector("#chess-board");
    const box = await page.locator("#chess-board").boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `board ${JSON.stringify(box)}`);
    assert.ok(box.x <= 0.5 && box.width >= 389, `the board uses the full width: ${JSON.stringify(box)}`);
    assert.ok(box.y + box.height <= 844, "the whole board is on the first screen");
    const cell = await page.locator(square("a8")).boundingBox();
    assert.ok(cell.width >= 40 && cell.height >= 40, `a square is ${cell.width}×${cell.height}`);
    // The h-file is whole: its right edge lies inside the board's border, not under it.
    const h1 = await page.locator(square("h1")).boundingBox();
    assert.ok(
      Math.abs(h1.width - cell.width) < 1 && h1.x + h1.width <= box.x + box.width - 2,
      `h1 ${JSON.stringify(h1)} in board ${JSON.stringify(box)}`,
    );
    await snap(page, "phone-new");
    const tap = async (name) => {
      const r = await page.locator(square(name)).boundingBox();
      await page.touchscreen.tap(r.x + r.width / 2, r.y + r.height / 2);
    };
    // A miss first, kept for the screenshot.
    const c = "e4";
    const d = nonPartner(c, partner, new Set());
    await watchSquares(page, [c, d]);
    await tap(c);
    await tap(d);
    await snap(page, "phone-miss");
    await expectMissLogged(page, setup, [c, d]);
    await assertEventually(async () => (await stateOf(page, d)) === "hidden", "the miss closes", MISS_MS + 2000);
    const moves = 1 + (await playToEnd(page, setup, partner, tap));
    await page.waitForSelector("#chess-done");
    assert.match(await text(page, "#result-text"), new RegExp(`\\n\\d+:\\d\\d · ${moves} moves\\n`));
    await snap(page, "phone-done");
    // The theme is dark: the page's background is dark.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g).map(Number);
    assert.ok(r + g + b < 3 * 100, `a dark background, not ${background}`);
  });
});

/** What the test expects the page to say at the end of a game for two (the catalog's English). */
function expectedOutcome(names, tally) {
  const [a, b] = tally;
  if (a === b) return `A tie, ${a} to ${b}!`;
  const k = a > b ? 0 : 1;
  return `${names[k]} wins, ${tally[k]} to ${tally[1 - k]}!`;
}

/** Checks the scoreboard: each player's name and pairs, and whose turn it is (null: nobody's, the game is over). */
async function expectScoreboard(page, names, tally, turn) {
  for (const k of [0, 1]) {
    const player = `#chess-player-${k}`;
    assert.equal(await text(page, `${player} .chess-player-name`), names[k]);
    assert.equal(await text(page, `${player} .chess-player-score`), `${tally[k]} pair${tally[k] === 1 ? "" : "s"}`);
    assert.equal(await page.getAttribute(player, "aria-current"), k === turn ? "true" : null, `${player} at the move`);
  }
  if (turn !== null) assert.equal(await text(page, "#chess-turn"), `${names[turn]}'s turn.`);
}

test("two players on one device: turns, scores, a reload, and the winner the test worked out itself", async () => {
  await withPage("chess-two-players", desktop, async (page) => {
    await openChess(page);
    assert.equal(await page.locator("#chess-players").count(), 0, "a solo game has no scoreboard");
    await page.click("#chess-duo");
    await page.waitForSelector("#chess-duo-dialog[open]");
    await snap(page, "duo-dialog");
    // The same name twice is refused; an empty name becomes "Player 2".
    await page.fill("#chess-name-1", "Ann");
    await page.fill("#chess-name-2", " ann ");
    await page.click("#chess-duo-start");
    assert.equal(await text(page, "#chess-duo-error"), "Give the two players different names.");
    assert.equal(await page.locator("#chess-duo-dialog[open]").count(), 1);
    await page.fill("#chess-name-2", "");
    const setup = await nextSetup(page, () => page.click("#chess-duo-start"));
    const names = ["Ann", "Player 2"];
    const partner = enginePartners(setup);
    await page.waitForSelector("#chess-players");
    await expectAllHidden(page);
    const tally = [0, 0];
    let turn = 0;
    await expectScoreboard(page, names, tally, turn);
    assert.equal(await text(page, "#chess-best h2"), "Best results for two");

    // Every pair in board order; before some of them (a pattern drawn from
    // the setup, so neither the test nor the page knows the winner in
    // advance) a miss, which passes the turn. The test keeps the score.
    const found = new Set();
    let moves = 0;
    let pairs = 0;
    let reloaded = false;
    for (const name of SQUARES) {
      if (found.has(name)) continue;
      let [first, second] = [name, partner.get(name)];
      const other = nonPartner(name, partner, found);
      if (other && (setup.charCodeAt(pairs) + 3 * pairs) % 4 === 0) {
        await watchSquares(page, [name, other]);
        await page.click(square(name));
        await page.click(square(other));
        await expectMissLogged(page, setup, [name, other]);
        moves += 1;
        turn = 1 - turn;
        await expectScoreboard(page, names, tally, turn);
        assert.equal(await text(page, "#chess-message"), `Not partners: they turn back over. ${names[turn]}'s turn.`);
        [first, second] = [second, first];
      }
      await page.click(square(first));
      await expectSquare(page, setup, first, "shown");
      await page.click(square(second));
      await expectSquare(page, setup, second, "found");
      found.add(first).add(second);
      moves += 1;
      pairs += 1;
      tally[turn] += 1;
      if (pairs < 32) await expectScoreboard(page, names, tally, turn);
      if (pairs === 16 && !reloaded) {
        // Halfway, a reload keeps the names, the scores and whose turn it is.
        reloaded = true;
        await page.reload();
        await ready(page);
        await page.waitForSelector("#chess-players");
        await expectScoreboard(page, names, tally, turn);
        await snap(page, "duo-halfway");
      }
    }
    assert.ok(tally[0] > 0 && tally[1] > 0, `both players scored: ${tally}`);
    await page.waitForSelector("#chess-done");
    assert.equal(await text(page, "#chess-done"), "All 32 pairs found!");
    await expectScoreboard(page, names, tally, null);
    assert.equal(await text(page, "#chess-turn"), "");
    // The result goes into the best list for two, not the solo one.
    assert.equal(await page.locator("#chess-new-best").count(), 1);
    assert.equal(await page.locator("#chess-best-list li").count(), 1);
    assert.ok((await text(page, "#chess-best-list li")).includes(expectedOutcome(names, tally)));
    // The finish is shared as a game for two: who won, the moves and the time, no square.
    assert.match(
      await text(page, "#result-text"),
      new RegExp(
        `^gridforge · ChessMemory · Two players\\n${expectedOutcome(names, tally).replace(/[!.]/g, "\\$&")}\\n\\d+:\\d\\d · ${moves} moves\\nhttp://[^\\n]+#/chess$`,
      ),
    );
    await snap(page, "duo-done");
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("gridforge.chess.v1")));
    assert.equal(kept.best.length, 0);
    assert.deepEqual(kept.bestDuo.map((r) => [r.names, r.scores, r.moves]), [[names, tally, moves]]);

    // Again: the same two players, scores back to nought; a solo game shows the solo list.
    const next = await nextSetup(page, () => page.click("#chess-again"));
    assert.notEqual(next, setup);
    await assertEventually(async () => (await page.locator("#chess-done").count()) === 0, "the end message goes");
    await expectScoreboard(page, names, [0, 0], 0);
    await nextSetup(page, () => page.click("#chess-new"));
    await assertEventually(async () => (await page.locator("#chess-players").count()) === 0, "the scoreboard goes");
    assert.equal(await text(page, "#chess-best h2"), "Best results");
    assert.equal(await page.locator("#chess-best-none").count(), 1);
  });
});

test("Pause hides the board and stops the clock; no square turns while paused", async () => {
  await withPage("chess-pause", desktop, async (page) => {
    const { partner } = await openChess(page);
    await page.click(square("e4"));
    await page.waitForSelector(`${square("e4")}[data-state='shown']`);
    await page.waitForTimeout(1200);
    await page.click("#chess-pause");
    assert.ok(await page.isHidden("#chess-board"), "the board hidden");
    assert.ok(await page.isVisible("#chess-resume"));
    const stopped = await text(page, "#chess-timer");
    await page.waitForTimeout(2300);
    assert.equal(await text(page, "#chess-timer"), stopped, "the clock stopped");
    // A square of the hidden board, clicked by a script, turns nothing.
    await page.evaluate((sq) => document.querySelector(sq).click(), square("d4"));
    await page.click("#chess-resume");
    assert.ok(await page.isVisible("#chess-board"));
    assert.equal(await text(page, "#chess-moves"), "0 moves", "no move made while paused");
    await assertEventually(async () => (await text(page, "#chess-timer")) !== stopped, "the clock goes on", 3000);
    await page.click(square(partner.get("e4")));
    await page.waitForSelector(`${square("e4")}[data-state='found']`);
    await snap(page, "after-pause");
  });
});
