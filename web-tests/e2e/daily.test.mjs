// The daily puzzles (issue 29) in Chromium against the real server with a
// fresh SQLite database: the Today screen lists the day's four Kakuro and
// its ChessMemory; a daily Kakuro is played to the end on the Kakuro board
// (the solution from `gridforge kakuro solve` on the puzzle the page shows,
// a reload halfway keeping the digits) and the player finds itself on its
// table with the server's time; the daily ChessMemory is played to the end
// by clicking squares (the bot knows only what the server turned over; a
// reload after ten moves goes on with the same game) and the player is on
// its table. The player has no account, so (issue 38) its solves are
// recorded but on no public table: its own line says the rank it "would
// be", and the public tables (asked without the player) list no one;
// "play again" gives a board of its own (issue 38) and does not
// count; a Kakuro solved after asking the help (the daily's own hint
// route: the free one refuses a counting daily, and the day's listing
// carries no clues, issue 38) is assisted, apart from the clean times; Today then shows both done and a streak of 1,
// and has no axe violations. The Kakuro are typed as a person types (a
// shuffled order, a correction) and both clocks, the server's and the
// page's, are moved on past the puzzle's human floor before the last digit,
// so the solving paths the client sends are not held for review (issue 38). A past day says its play does not count, and
// with the daily routes unreachable Today says the dailies need the server
// while the games still open. The finished daily ChessMemory and the day
// (Today) have result cards to share, without spoilers, in five languages.
// Screens: test-artifacts/daily-*.png.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { formatDuration } from "../../web/js/i18n.js";
import { expectAccessible } from "../lib/accessibility.mjs";
import { e2eSuite, ready, text } from "../lib/browser.mjs";
import { WEB } from "../lib/engine.mjs";
import { advanceClocks, answerName, chessBoardOnScreen, openToday, playDailyChess, solvableAt, typeEngineSolution, typeLikeAPerson } from "../lib/daily.mjs";
import { readPuzzle } from "../lib/kakuro.mjs";

const suite = e2eSuite("daily");
const { withPage, snap } = suite;
const desktop = { viewport: { width: 1280, height: 900 } };
const NAME = "Daily Tester";
/** How far the clocks move before a daily's last digit: past any easy or medium daily's human floor. */
const PAST_THE_FLOOR_MS = 5 * 60_000;
const catalogs = Object.fromEntries(
  ["en", "de", "fr", "ru", "zh"].map((lang) => [lang, JSON.parse(readFileSync(path.join(WEB, "i18n", `${lang}.json`), "utf8"))]),
);
const en = catalogs.en;
/** The rank cell of the player's own unlisted line (issue 38). */
const wouldBe = (rank) => en["daily.wouldBe"].replace("{rank}", String(rank));

/** A daily's table as the public sees it (no player): {solvers, best, assisted}. */
const publicTable = (page, route) => page.evaluate(async (r) => (await fetch(r)).json(), route);

/** The JSON answer of the next response whose URL ends with `suffix`. */
const answerOf = (page, suffix) =>
  page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(suffix)).then(async (r) => ({
    status: r.status(),
    body: await r.json(),
  }));

test("a daily Kakuro and the daily ChessMemory played to the end put the player on their tables", async () => {
  await withPage("daily-play", desktop, async (page) => {
    await page.clock.install();
    await openToday(page, suite.url);
    const date = await page.getAttribute("#daily-date", "data-date");
    assert.match(date, /^\d{4}-\d{2}-\d{2}$/);
    for (const d of ["easy", "medium", "hard", "expert"]) {
      assert.equal(await text(page, `#daily-mark-kakuro-${d}`), en["daily.notDone"]);
    }
    assert.equal(await page.getAttribute("#daily-streak-count", "data-streak"), "0");
    await snap(page, "today-before");

    // Kakuro, easy: the name is asked once, then a start token; half the
    // digits, a reload, the rest.
    const started = Date.now();
    const token = answerOf(page, `/api/kakuro/daily/${date}/easy/start`);
    await page.click("#daily-play-kakuro-easy");
    assert.ok(await answerName(page, NAME), "the first daily asks for a name");
    assert.equal((await token).status, 200);
    await page.waitForSelector("#kk-board");
    const puzzle = await page.getAttribute("#kk-board", "data-puzzle");
    // The clues came with the start, not with the day's listing; the free
    // routes refuse them while the daily counts.
    const listed = await page.evaluate(async () => (await fetch("api/kakuro/daily/today")).text());
    assert.ok(!listed.includes('"puzzle"'), listed);
    const freeHint = await page.evaluate(async (board) => {
      const r = await fetch("api/kakuro/hint", {
        method: "POST",
        headers: { "content-type": "application/json", "x-gridforge-request": "1" },
        body: JSON.stringify({ board }),
      });
      return { status: r.status, body: await r.json() };
    }, puzzle);
    assert.equal(freeHint.status, 403, JSON.stringify(freeHint.body));
    assert.ok(freeHint.body.error.includes(date), freeHint.body.error);
    const { digit } = readPuzzle(puzzle);
    const cells = digit.flatMap((isDigit, i) => (isDigit ? [i] : []));
    const solve = answerOf(page, `/api/kakuro/daily/${date}/easy/solve`);
    const typed = await typeLikeAPerson(page, { seed: 1, stopAfter: Math.floor(cells.length / 2) });
    await page.reload();
    await ready(page);
    await page.waitForSelector("#kk-board");
    assert.equal(await page.getAttribute("#kk-board", "data-puzzle"), puzzle, "the reload keeps the daily");
    for (const [i, d] of typed) {
      assert.equal(await text(page, `#kk-board [data-i='${i}'] .kk-value`), String(d), `cell ${i} kept`);
    }
    await typeLikeAPerson(page, { seed: 1, beforeLast: () => advanceClocks(suite, page, PAST_THE_FLOOR_MS) });
    const finished = Date.now() + PAST_THE_FLOOR_MS;
    const answer = await solve;
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.counted, true);
    assert.equal(answer.body.assisted, false);
    assert.equal(answer.body.under_review, false, "a person's path is not held");
    // No account: recorded, answered with the rank it would have (issue 38).
    assert.equal(answer.body.anonymous, true);
    assert.equal(answer.body.rank, 1);
    assert.ok(
      answer.body.time_ms > PAST_THE_FLOOR_MS && answer.body.time_ms <= finished - started,
      `time ${answer.body.time_ms}`,
    );
    const time = formatDuration(answer.body.time_ms);
    await page.waitForSelector("#daily-result-text[data-counted='true']");
    // No account: the result says the rank it would have, never "on the table".
    assert.equal(await text(page, "#daily-result-text"), `Solved in ${time}: you would be #1. Only accounts are on the tables.`);
    // One time on the panel, the server's: no second, from this page's clock.
    assert.equal(await page.locator("#kk-solved-time").count(), 0);
    // The result card: the day, the daily, the server's time, no help, the streak; the link to the day.
    assert.equal(
      await text(page, "#result-text"),
      `gridforge · Today · ${date} · Kakuro Easy\n${time} · no help · 1-day streak\n${new URL(suite.url).origin}/#/today`,
    );
    // The player's own line: the rank it would have, its time, not its name
    // (only accounts are listed); the public table lists no one.
    const mine = page.locator("#daily-table-kakuro-easy tr.you");
    await mine.waitFor();
    const row = await mine.innerText();
    assert.ok(row.includes(time), `the table's row: ${row}`);
    assert.ok(!row.includes(NAME), `an anonymous line shows no name: ${row}`);
    assert.equal(await mine.getAttribute("data-rank"), "1");
    assert.equal(await mine.locator("td").first().innerText(), wouldBe(1));
    // Its name cell says "you" once (not "you (you)").
    assert.equal(await mine.locator("td").nth(1).innerText(), en["daily.you"]);
    const easyTable = await publicTable(page, `api/kakuro/daily/${date}/easy/table`);
    assert.deepEqual([easyTable.solvers, easyTable.best, easyTable.assisted], [0, [], []], JSON.stringify(easyTable));
    await snap(page, "kakuro-solved");

    // ChessMemory: the name is known; every square through the server.
    await page.click("#daily-to-today");
    await page.waitForSelector("#daily-list");
    assert.ok((await text(page, "#daily-mark-kakuro-easy")).includes(time));
    const start = answerOf(page, `/api/chess/daily/${date}/start`);
    await page.click("#daily-play-chess");
    const game = await start;
    assert.equal(game.status, 200);
    assert.equal(game.body.counts, true);
    assert.equal(await page.locator("#chess-board [data-piece]").count(), 0, "no piece before a turn");
    const last = page.waitForResponse(
      async (r) => r.url().endsWith("/turn") && r.ok() && (await r.json()).done === true,
      { timeout: 180_000 },
    );
    const played = await playDailyChess(page, { reloadAfter: 10 });
    const end = await (await last).json();
    assert.equal(end.moves, played.moves, "the server counted the bot's moves");
    assert.equal(end.counted, true);
    assert.equal(end.anonymous, true, "no account's session made the winning turn");
    assert.equal(end.rank, 1, "the rank it would have");
    // A perfect game is held (issue 38); the bot misses, so its game is not.
    assert.ok(played.misses > 0, `the bot missed ${played.misses} times`);
    assert.equal(end.under_review, false);
    await page.waitForSelector("#daily-result-text[data-counted='true'][data-under-review='false']");
    assert.match(await text(page, "#daily-result-text"), /: you would be #1\. Only accounts are on the tables\.$/);
    // The result card to share: the day, the daily, the server's time and
    // moves, the streak, the day's link; no square, no piece.
    assert.equal(
      await text(page, "#result-text"),
      `gridforge · Today · ${date} · ChessMemory\n${formatDuration(end.time_ms)} · ${end.moves} moves · 1-day streak\n${new URL(suite.url).origin}/#/today`,
    );
    const chessRow = page.locator("#daily-table-chess tr.you");
    await chessRow.waitFor();
    const chessText = await chessRow.innerText();
    assert.ok(!chessText.includes(NAME), chessText);
    assert.equal(await chessRow.locator("td").first().innerText(), wouldBe(1));
    assert.ok(chessText.includes(formatDuration(end.time_ms)) && chessText.includes(String(end.moves)), chessText);
    const chessTable = await publicTable(page, `api/chess/daily/${date}/table`);
    assert.deepEqual([chessTable.solvers, chessTable.best], [0, []], JSON.stringify(chessTable));
    await snap(page, "chess-done");
    await expectAccessible(page, "the daily ChessMemory, finished");

    // Play again: a new game on a board of its own (issue 38: the server
    // makes every game's board from a secret, so a board mapped in one game
    // is no help in the next), which does not count and says why.
    const firstBoard = await chessBoardOnScreen(page);
    assert.equal(firstBoard.filter(Boolean).length, 64, "the finished board is all open");
    const again = answerOf(page, `/api/chess/daily/${date}/start`);
    await page.click("#daily-chess-again");
    const replay = await again;
    assert.equal(replay.status, 200);
    assert.equal(replay.body.replay, true);
    assert.equal(replay.body.counts, false);
    await page.waitForSelector("#daily-not-counted");
    assert.equal(await text(page, "#daily-not-counted"), en["daily.replayNotCounted"]);
    await snap(page, "chess-again");
    const lastAgain = page.waitForResponse(
      async (r) => r.url().endsWith("/turn") && r.ok() && (await r.json()).done === true,
      { timeout: 180_000 },
    );
    await playDailyChess(page);
    const endAgain = await (await lastAgain).json();
    assert.equal(endAgain.counted, false);
    await page.waitForSelector("#daily-result-text[data-counted='false']");
    const secondBoard = await chessBoardOnScreen(page);
    assert.equal(secondBoard.filter(Boolean).length, 64);
    // Chance puts the same piece on about 8 squares of 64; the same board on 64.
    const alike = firstBoard.filter((piece, i) => piece === secondBoard[i]).length;
    assert.ok(alike < 24, `the second game's board is the first's on ${alike} squares`);
    await chessRow.waitFor();
    assert.ok((await chessRow.innerText()).includes(formatDuration(end.time_ms)), "the table keeps the first game");

    // Kakuro, medium, with one press of the help button: assisted, shown apart.
    await page.click("#daily-to-today");
    await page.waitForSelector("#daily-list");
    const helpedSolve = answerOf(page, `/api/kakuro/daily/${date}/medium/solve`);
    const helpedToken = answerOf(page, `/api/kakuro/daily/${date}/medium/start`);
    await page.click("#daily-play-kakuro-medium");
    assert.equal((await helpedToken).status, 200);
    await page.waitForSelector("#kk-board");
    const hint = answerOf(page, `/api/kakuro/daily/${date}/medium/hint`);
    await page.click("#kk-help");
    assert.equal((await hint).status, 200);
    await typeLikeAPerson(page, { seed: 2, beforeLast: () => advanceClocks(suite, page, PAST_THE_FLOOR_MS) });
    const helped = await helpedSolve;
    assert.equal(helped.status, 200, JSON.stringify(helped.body));
    assert.equal(helped.body.assisted, true);
    assert.equal(helped.body.under_review, false, "a person's path is not held");
    assert.equal(helped.body.rank ?? null, null, "an assisted solve has no rank");
    assert.equal(helped.body.anonymous, true);
    await page.waitForSelector("#daily-result-text[data-assisted='true']");
    // The player sees its assisted time apart; an anonymous solve is not on
    // the public list of assisted solves (issue 38).
    await page.locator("#daily-table-kakuro-medium .daily-you-assisted").waitFor();
    assert.equal(await page.locator("#daily-table-kakuro-medium .daily-assisted").count(), 0);
    assert.ok(!(await text(page, "#daily-table-kakuro-medium")).includes(NAME));
    assert.equal(await page.locator("#daily-table-kakuro-medium tr.you").count(), 0, "not among the clean times");
    const mediumTable = await publicTable(page, `api/kakuro/daily/${date}/medium/table`);
    assert.deepEqual([mediumTable.solvers, mediumTable.assisted], [0, []], JSON.stringify(mediumTable));

    // Today: three done (one with help), a streak of one day, and accessible.
    await page.click("#daily-to-today");
    await page.waitForSelector("#daily-table-chess");
    assert.equal(await page.getAttribute("li[data-key='kakuro-easy']", "data-done"), "true");
    assert.equal(await page.getAttribute("li[data-key='chess']", "data-done"), "true");
    assert.equal(await page.getAttribute("li[data-key='kakuro-hard']", "data-done"), "false");
    assert.ok((await text(page, "#daily-mark-kakuro-medium")).includes(en["daily.assisted"]));
    assert.equal(await page.getAttribute("#daily-streak-count", "data-streak"), "1");
    // The day's result card: a line per daily done (the better of the two
    // ChessMemory games), the streak, the link; no clue, digit or square.
    const dayCard = await text(page, "#daily-day-card #result-text");
    const expectedCard = (game) =>
      [
        `gridforge · Today · ${date}`,
        `Kakuro Easy ${time} · no help`,
        `Kakuro Medium ${formatDuration(helped.body.time_ms)} · with help`,
        `ChessMemory ${formatDuration(game.time_ms)} · ${game.moves} moves`,
        "1-day streak",
        `${new URL(suite.url).origin}/#/today`,
      ].join("\n");
    assert.ok([end, endAgain].some((game) => dayCard === expectedCard(game)), dayCard);
    assert.ok(await page.isVisible("#daily-day-card #share-result"));
    // In every language: six lines, the day and the times, nothing missing
    // shown as "null", "undefined" or "NaN", no catalog key.
    for (const lang of ["ru", "fr", "de", "zh", "en"]) {
      await page.selectOption("#language", lang);
      await page.waitForFunction(
        (heading) => document.querySelector("#daily-day-card h2")?.textContent === heading,
        catalogs[lang]["daily.yourDay"],
      );
      const shown = await text(page, "#daily-day-card #result-text");
      assert.equal(shown.split("\n").length, 6, `${lang}: ${shown}`);
      assert.doesNotMatch(shown, /null|undefined|NaN|\b(share|daily|home|kakuro)\.[a-z]/i, `${lang}: ${shown}`);
      assert.ok(shown.includes(date) && shown.includes(time), `${lang}: ${shown}`);
      assert.ok(shown.startsWith(`gridforge · ${catalogs[lang]["daily.title"]} · ${date}\n`), `${lang}: ${shown}`);
    }
    // Today's tables show the player's own lines as the rank they would have.
    assert.equal(await page.locator("#daily-table-kakuro-easy tr.you td").first().innerText(), wouldBe(1));
    assert.equal(await page.locator("#daily-table-chess tr.you td").first().innerText(), wouldBe(1));
    assert.ok((await text(page, "#daily-history")).includes(time));
    await snap(page, "today-after");
    await expectAccessible(page, "the Today screen");
    await page.goto(`${suite.url}#/`);
    await page.waitForSelector("#today-tile");
    assert.ok((await text(page, "#today-tile")).includes("3 of 5"), "the home entry counts today's solves");
  });
});

test("a past day plays but says it does not count; without the server Today says so", async () => {
  await withPage("daily-archive", desktop, async (page, context) => {
    await openToday(page, suite.url);
    const today = await page.getAttribute("#daily-date", "data-date");
    const past = new Date(Date.parse(`${today}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
    await page.fill("#daily-archive-date", past);
    await page.click("#daily-archive-open");
    await page.waitForSelector("#daily-not-counted");
    assert.equal(await page.getAttribute("#daily-date", "data-date"), past);
    await page.click("#daily-play-kakuro-medium");
    await answerName(page, NAME);
    await page.waitForSelector("#kk-notice");
    assert.equal(await text(page, "#kk-notice"), en["daily.notCounted"]);
    await expectAccessible(page, "a past day's Kakuro");
    // A day out of the archive.
    await openToday(page, suite.url, "1999-01-01");
    await page.waitForFunction((t) => document.getElementById("daily-status")?.textContent === t, en["daily.noSuchDay"]);

    await context.route(/\/api\/(kakuro|chess)\/daily\//, (route) => route.abort());
    await openToday(page, suite.url);
    await page.waitForSelector(".daily-offline");
    assert.equal(await text(page, "#daily-status"), en["daily.needsServer"]);
    await expectAccessible(page, "the Today screen without the server");
    await snap(page, "offline");
    await page.click("#daily-back");
    await page.click("#game-kakuro");
    await page.waitForSelector("#kk-new");
  });
});
