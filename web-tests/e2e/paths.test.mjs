// Solving paths (issue 38) in Chromium against the real server, whose clock
// the test moves through its hidden test clock file: an account is made
// with a passkey (Chromium's virtual authenticator through the DevTools
// protocol) and starts the easy daily Kakuro; a second browser context signs
// in with the same passkey (a synced passkey), opens the same daily later
// and its clock shows the time from the account's first start, not from its
// own; it plays the daily to the table as a person types (a shuffled order,
// a correction, the clocks moved past the human floor), and the client sends
// its solving path, which the server replays and keeps (not refused, not
// held); the account is listed on the public table with its name and the
// mark of a new account (only accounts are listed, issue 38). The table gives no replay while the daily counts; once the day
// closes (the server's clock moved past the day and its grace) each line has
// a Replay button, and the path plays back on its own board (play, pause,
// speed, digits appearing at their times) to the solved grid. Screens:
// test-artifacts/paths-*.png (phone, sideways, desktop; light and dark).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { formatDuration } from "../../web/js/i18n.js";
import { decodePath, GAME_KAKURO } from "../../web/js/solve-path.js";
import { expectAccessible } from "../lib/accessibility.mjs";
import { authenticator } from "../lib/authenticator.mjs";
import { e2eSuite, ready, text } from "../lib/browser.mjs";
import { advanceClocks, answerName, typeLikeAPerson } from "../lib/daily.mjs";
import { WEB } from "../lib/engine.mjs";

const suite = e2eSuite("paths");
const { withPage, snap } = suite;
const en = JSON.parse(readFileSync(path.join(WEB, "i18n", "en.json"), "utf8"));
const NAME = "Path Player";
const desktop = { viewport: { width: 1280, height: 800 } };
/** How long after the first start the second device opens the daily. */
const AWAY_MS = 3 * 60_000;
/** How far the clocks move before the last digit: past the easy daily's human floor. */
const PAST_THE_FLOOR_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
const GRACE_MS = 2 * 3_600_000;

/** The site at localhost (the passkeys' relying party). */
const site = () => suite.url.replace("127.0.0.1", "localhost");

/** The JSON answer of the next response whose path ends with `suffix`. */
const answerOf = (page, suffix) =>
  page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(suffix)).then(async (r) => ({
    status: r.status(),
    body: await r.json(),
  }));

async function signedIn(page) {
  await page.waitForSelector("#account-who", { timeout: 20_000 });
  return text(page, "#account-who");
}

/** Opens the easy daily Kakuro of `date` and answers the name dialog if it asks. */
async function openDaily(page, date) {
  await page.goto(`${site()}#/today/kakuro/${date}/easy`);
  await ready(page);
  await answerName(page, NAME);
  await page.waitForSelector("#kk-board");
}

test("a daily Kakuro's path, sent from a second device, plays back after the day closes", async () => {
  let synced;
  let date;
  let firstStart;
  await withPage("paths-first-device", desktop, async (page, context) => {
    const first = await authenticator(context, page);
    await page.goto(`${site()}#/account`);
    await ready(page);
    await page.fill("#account-name", NAME);
    await page.click("#account-create-button");
    assert.match(await signedIn(page), new RegExp(NAME));
    synced = await first.credentials();
    assert.equal(synced.length, 1);
    // The account starts the easy daily here, and leaves it.
    const day = await page.evaluate(async () => (await fetch("api/kakuro/daily/today")).json());
    date = day.date;
    const started = answerOf(page, `/api/kakuro/daily/${date}/easy/start`);
    await openDaily(page, date);
    const answer = await started;
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    firstStart = answer.body.issued_at;
  });

  // Three minutes later, on a second device.
  await suite.shiftClock(AWAY_MS);
  await withPage("paths-second-device", desktop, async (page, context) => {
    await page.clock.install();
    await authenticator(context, page, synced);
    await page.goto(`${site()}#/account`);
    await ready(page);
    await page.click("#account-signin");
    assert.match(await signedIn(page), new RegExp(NAME));

    const started = answerOf(page, `/api/kakuro/daily/${date}/easy/start`);
    await openDaily(page, date);
    const start = await started;
    assert.equal(start.status, 200, JSON.stringify(start.body));
    assert.equal(start.body.issued_at, firstStart, "the account's first start");
    assert.ok(start.body.elapsed_ms >= AWAY_MS, `elapsed ${start.body.elapsed_ms}`);
    // The clock shown runs from that start, not from this device's now.
    // (The server's clock moves on with the page's, so the path the page
    // times and the solve the server times agree.)
    await page.clock.runFor(1_500);
    await suite.shiftClock(1_500);
    const shown = await text(page, "#kk-timer");
    const [minutes] = shown.split(":").map(Number);
    assert.ok(minutes >= AWAY_MS / 60_000, `the timer shows ${shown}`);

    // Played to the end as a person plays; the path goes with the solve.
    const solveRequest = page.waitForRequest((r) => r.url().endsWith(`/api/kakuro/daily/${date}/easy/solve`));
    const solved = answerOf(page, `/api/kakuro/daily/${date}/easy/solve`);
    await typeLikeAPerson(page, { seed: 7, beforeLast: () => advanceClocks(suite, page, PAST_THE_FLOOR_MS) });
    const sent = JSON.parse((await solveRequest).postData());
    const answer = await solved;
    // 200: the path replayed (a path that does not is refused, 422 bad_path).
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.counted, true);
    assert.equal(answer.body.under_review, false, "a person's path is not held");
    assert.ok(answer.body.time_ms >= AWAY_MS + PAST_THE_FLOOR_MS, `time ${answer.body.time_ms}`);
    const decoded = decodePath(sent.path);
    assert.equal(decoded.game, GAME_KAKURO);
    const last = decoded.events[decoded.events.length - 1].t;
    assert.ok(last <= answer.body.time_ms && last >= answer.body.time_ms - 15_000, `path ends at ${last}`);
    assert.ok(decoded.events.some((e, i) => decoded.events.findIndex((f) => f.cell === e.cell) !== i), "a correction");

    // An account's solve is listed (issue 38), under its name, with the
    // mark of a new (provisional) account, at its own rank.
    const mine = page.locator("#daily-table-kakuro-easy tr.you");
    await mine.waitFor();
    assert.ok((await mine.innerText()).includes(NAME));
    assert.equal(answer.body.anonymous, false);
    assert.equal(await mine.locator("td").first().innerText(), "1");
    assert.equal(await mine.locator(".daily-provisional").count(), 1, "a new account is provisional");
    assert.equal(await page.locator(".daily-replay-button").count(), 0, "no replay while the daily counts");
    const table = await page.evaluate(async (d) => (await fetch(`api/kakuro/daily/${d}/easy/table`)).json(), date);
    const close = Date.parse(`${date}T00:00:00Z`) + DAY_MS + GRACE_MS;
    assert.equal(table.paths_public_at, close);
    assert.equal(table.solvers, 1);
    assert.deepEqual(
      table.best.map((l) => [l.rank, l.name, l.provisional]),
      [[1, NAME, true]],
      "the public table lists the account",
    );
    const solvedGrid = await page.$$eval("#kk-board .kk-cell", (cells) =>
      cells.map((c) => [c.dataset.i, c.querySelector(".kk-value").textContent]),
    );

    // The day closes: the server's clock moves past the day and its grace.
    const now = await page.evaluate(() => Date.now());
    await suite.shiftClock(close - now + 60_000);
    await page.reload();
    await ready(page);
    const button = page.locator("#daily-table-kakuro-easy .daily-replay-button").first();
    await button.waitFor();
    assert.equal(await page.locator("#daily-table-kakuro-easy th").last().innerText(), en["daily.replayColumn"]);
    const fetched = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/paths/"));
    await button.click();
    const served = await fetched;
    assert.equal(served.status(), 200);
    const body = await served.json();
    assert.equal(body.path, sent.path, "the path kept is the one sent");
    const panel = page.locator("#daily-replay");
    await page.waitForSelector("#daily-replay[data-state='paused']");
    assert.equal(await panel.getAttribute("data-events"), String(decoded.events.length));
    assert.equal(await panel.getAttribute("data-shown"), "0", "the replay starts from the empty board");
    await expectAccessible(page, "a replay, paused at its start");

    // Play at the highest speed, pause partway, go on to the end.
    await page.selectOption("#replay-speed", "16");
    await page.click("#replay-play");
    assert.equal(await page.getAttribute("#replay-play", "aria-pressed"), "true");
    await page.waitForFunction(() => Number(document.getElementById("daily-replay")?.dataset.shown) > 0, null, {
      timeout: 30_000,
    });
    await page.click("#replay-play");
    assert.equal(await page.getAttribute("#replay-play", "aria-pressed"), "false");
    const paused = Number(await panel.getAttribute("data-at"));
    await page.clock.runFor(2_000);
    assert.equal(Number(await panel.getAttribute("data-at")), paused, "paused, the replay stays");
    const shownDigits = Number(await panel.getAttribute("data-shown"));
    assert.ok(shownDigits > 0 && shownDigits < decoded.events.length, `${shownDigits} shown when paused`);
    assert.ok((await text(page, "#replay-time")).startsWith(formatDuration(paused)));
    await snap(page, "replay-paused");
    await page.click("#replay-play");
    await page.waitForSelector("#daily-replay[data-state='ended']", { timeout: 120_000 });
    const replayed = await page.$$eval("#replay-board .kk-cell", (cells) =>
      cells.map((c) => [c.dataset.i, c.querySelector(".kk-value").textContent]),
    );
    assert.deepEqual(replayed, solvedGrid, "the replay ends at the solved grid");

    // The replay as a player sees it, on a phone, sideways and on a desktop, light and dark.
    for (const [name, size] of [
      ["phone", { width: 390, height: 844 }],
      ["sideways", { width: 844, height: 390 }],
      ["desktop", { width: 1280, height: 800 }],
    ]) {
      await page.setViewportSize(size);
      for (const scheme of ["light", "dark"]) {
        await page.emulateMedia({ colorScheme: scheme });
        await panel.scrollIntoViewIfNeeded();
        await snap(page, `replay-${name}-${scheme}`);
      }
    }
  });
});
