// End-to-end helpers: the real `gridforge serve` on a free loopback port with
// a fresh SQLite database, Debian's Chromium driven by playwright-core, and
// playing a level the way a person does (dragging, tapping, keys).

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before } from "node:test";
import { chromium } from "playwright-core";
import { ROOT, binary } from "./engine.mjs";
import { normalized, solutionCells } from "./solution.mjs";

/** Where screenshots of failed tests go (gitignored). */
export const ARTIFACTS = path.join(ROOT, "test-artifacts");

/** Starts Debian's Chromium; never a downloaded browser. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `gridforge serve` on 127.0.0.1 with a new SQLite database and waits
 * until /healthz answers. Returns {url, stop, log, shiftClock}:
 * `shiftClock(ms)` moves the server's clock on by `ms` (back when negative)
 * through its hidden test clock file, and resolves once it has (the server
 * reads the file every 100 ms).
 */
export async function startServer() {
  const dir = mkdtempSync(path.join(tmpdir(), "gridforge-e2e-"));
  const clockFile = path.join(dir, "clock-offset-ms");
  let clockOffset = 0;
  writeFileSync(clockFile, "0\n");
  const port = await freePort();
  const child = spawn(
    binary(),
    [
      "serve",
      "--addr",
      `127.0.0.1:${port}`,
      "--database",
      `sqlite://${path.join(dir, "gridforge.db")}`,
      "--rate-limit",
      "0",
      "--test-clock-file",
      clockFile,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  let exited = null;
  child.on("exit", (code, signal) => (exited = { code, signal }));
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`gridforge serve exited (${JSON.stringify(exited)}):\n${log}`);
    try {
      const r = await fetch(`${url}healthz`);
      if (r.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`gridforge serve did not answer /healthz within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await gone;
    clearTimeout(timer);
  };
  const shiftClock = async (ms) => {
    clockOffset += ms;
    writeFileSync(clockFile, `${clockOffset}\n`);
    await new Promise((r) => setTimeout(r, 400));
  };
  return { url, stop, log: () => log, shiftClock };
}

/**
 * Runs `fn(page)` in a fresh browser context; on failure saves a screenshot
 * as test-artifacts/<name>.png and the page's console next to it.
 */
async function withPage(browser, name, options, fn) {
  const context = await browser.newContext({ locale: "en-US", ...options });
  const page = await context.newPage();
  const consoleLines = [];
  page.on("console", (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => consoleLines.push(`pageerror: ${e.message}`));
  try {
    await fn(page, context);
    // The server's Content-Security-Policy allows no inline script or style:
    // whatever the page did, the browser must have refused nothing.
    const refused = consoleLines.filter((l) => /Content Security Policy/i.test(l));
    assert.deepEqual(refused, [], "the page broke the Content-Security-Policy");
  } catch (err) {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, `${name.replace(/[^\w-]+/g, "_")}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    err.message += `\n(screenshot: ${file})\nconsole:\n${consoleLines.join("\n")}`;
    throw err;
  } finally {
    await context.close();
  }
}

/**
 * One test file's real server and Chromium, started before its first test
 * and stopped after its last. `url` is the server's address once started;
 * `withPage(name, options, fn)` runs `fn(page, context)` in a fresh context
 * of the shared browser; `snap(page, name)` keeps a screenshot as
 * test-artifacts/<prefix>-<name>.png.
 */
export function e2eSuite(prefix) {
  let server;
  let browser;
  before(async () => {
    server = await startServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    // The server's own log, for reading after a failure (a server that died
    // shows up in the tests only as refused connections).
    if (server) {
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(path.join(ARTIFACTS, `${prefix}-server.log`), server.log());
    }
  });
  return {
    get url() {
      return server.url;
    },
    withPage: (name, options, fn) => withPage(browser, name, options, fn),
    /** Moves the server's clock on by `ms` (see startServer). */
    shiftClock: (ms) => server.shiftClock(ms),
    async snap(page, name) {
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, `${prefix}-${name}.png`), fullPage: true });
    },
  };
}

/**
 * Blocks every request of `context` that leaves the page's own file (all but
 * file:, blob: and data: URLs) and returns the list the blocked URLs go to.
 */
export async function blockNetwork(context) {
  const blocked = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (/^(file|blob|data):/.test(url)) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  return blocked;
}

/** The rendered text of the first element that `selector` matches. */
export const text = (page, selector) => page.locator(selector).innerText();

/** Waits until the app has shown its first screen. */
export async function ready(page) {
  await page.waitForSelector("body[data-ready='true']");
}

/** The shape a piece shows now, normalised. */
async function shapeOf(piece) {
  return JSON.parse(await piece.getAttribute("data-shape"));
}

/** Where piece k of `record` must lie: stage position of its bounding box, and its shape. */
async function destination(page, record, k) {
  const cells = solutionCells(record, k);
  const target = page.locator("#target");
  const tx = Number(await target.getAttribute("data-x"));
  const ty = Number(await target.getAttribute("data-y"));
  return {
    x: tx + Math.min(...cells.map((c) => c[1])),
    y: ty + Math.min(...cells.map((c) => c[0])),
    shape: normalized(cells),
  };
}

/** Turns the rotatable piece with `turn` until it has `shape`. */
async function turnTo(piece, shape, turn) {
  for (let i = 0; i < 8; i++) {
    const now = await shapeOf(piece);
    if (JSON.stringify(now) === JSON.stringify(shape)) return;
    const o = await piece.getAttribute("data-o");
    await turn();
    await assertEventually(async () => (await piece.getAttribute("data-o")) !== o, "the piece turned");
  }
  assert.deepEqual(await shapeOf(piece), shape, "the piece never took its solution's shape");
}

async function assertEventually(check, what, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Center of a piece's first cell and the screen point where that cell must go. */
async function dragPoints(page, record, k) {
  const piece = page.locator(`.piece[data-piece="${k}"]`);
  const dest = await destination(page, record, k);
  const first = piece.locator(".cell").first();
  const r0 = Number(await first.getAttribute("data-r"));
  const c0 = Number(await first.getAttribute("data-c"));
  const from = await first.boundingBox();
  const target = await page.locator("#target").boundingBox();
  const size = target.width / record.width;
  const tx = Number(await page.locator("#target").getAttribute("data-x"));
  const ty = Number(await page.locator("#target").getAttribute("data-y"));
  return {
    piece,
    dest,
    from: { x: from.x + from.width / 2, y: from.y + from.height / 2 },
    to: {
      x: target.x + (dest.x - tx + c0 + 0.5) * size,
      y: target.y + (dest.y - ty + r0 + 0.5) * size,
    },
  };
}

async function expectAt(piece, dest) {
  await assertEventually(
    async () =>
      Number(await piece.getAttribute("data-x")) === dest.x &&
      Number(await piece.getAttribute("data-y")) === dest.y,
    `piece ${await piece.getAttribute("data-piece")} at (${dest.x}, ${dest.y})`,
  );
}

/** Lays piece k where the engine's solution has it, with the mouse. */
export async function dragPiece(page, record, k) {
  const piece = page.locator(`.piece[data-piece="${k}"]`);
  const dest0 = await destination(page, record, k);
  if (record.rotatable === k) {
    await turnTo(piece, dest0.shape, () => piece.locator(".cell").first().click());
  }
  const { from, to, dest } = await dragPoints(page, record, k);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await expectAt(piece, dest);
}

/** Lays piece k where the engine's solution has it, by touch (CDP touch events). */
export async function touchPiece(page, cdp, record, k) {
  const piece = page.locator(`.piece[data-piece="${k}"]`);
  const dest0 = await destination(page, record, k);
  if (record.rotatable === k) {
    await turnTo(piece, dest0.shape, async () => {
      const box = await piece.locator(".cell").first().boundingBox();
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    });
  }
  const { from, to, dest } = await dragPoints(page, record, k);
  const touch = (type, p) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x: p.x, y: p.y }],
    });
  await touch("touchStart", from);
  for (let i = 1; i <= 8; i++) {
    await touch("touchMove", {
      x: from.x + ((to.x - from.x) * i) / 8,
      y: from.y + ((to.y - from.y) * i) / 8,
    });
  }
  await touch("touchEnd", to);
  await expectAt(piece, dest);
}

/** One tap of a finger on the middle of `selector`, as real touch events through the DevTools protocol. */
export async function touchTap(page, cdp, selector) {
  const box = await page.locator(selector).boundingBox();
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** Lays piece k where the engine's solution has it, with the keyboard only. */
export async function keyPiece(page, record, k) {
  const piece = page.locator(`.piece[data-piece="${k}"]`);
  await piece.focus();
  const dest = await destination(page, record, k);
  if (record.rotatable === k) await turnTo(piece, dest.shape, () => page.keyboard.press("r"));
  const x = Number(await piece.getAttribute("data-x"));
  const y = Number(await piece.getAttribute("data-y"));
  const steps = [
    [dest.x - x, "ArrowRight", "ArrowLeft"],
    [dest.y - y, "ArrowDown", "ArrowUp"],
  ];
  for (const [delta, plus, minus] of steps) {
    for (let i = 0; i < Math.abs(delta); i++) await page.keyboard.press(delta > 0 ? plus : minus);
  }
  await page.keyboard.press("Enter");
  await expectAt(piece, dest);
}

/** Solves a level on the page with `place` (dragPiece, keyPiece, …) for each piece. */
export async function solveWith(page, record, place) {
  for (let k = 0; k < record.pieces.length; k++) await place(page, record, k);
  await page.waitForSelector("#solved-title");
}

/**
 * Every solve `page` posts for `family`'s level n from now on: a list that
 * fills with each request's JSON body ({token, placements, path, ...}) as
 * the page sends it (a client that resent a solve without its path, after
 * the server refused the path, shows as two).
 */
export function solvesSent(page, family, n) {
  const sent = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.endsWith(`/api/${family}/levels/${n}/solves`)) {
      sent.push(r.postDataJSON());
    }
  });
  return sent;
}

/** The entry id of the solve made with a Triplex start token (hex: level, issue time, then the 16-byte nonce): what /api/paths and the review queue name it by. */
export const entryOfToken = (token) => `triplex-${token.slice(24, 56)}`;

/** The saved progress of a Triplex family ("triplex", "blockpuzzle") in the page's localStorage. */
export function savedProgress(page, family) {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), `gridforge.${family}.v1`);
}

export { assertEventually };
