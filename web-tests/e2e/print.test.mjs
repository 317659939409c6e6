// Printing a game screen in Chromium: the Print button of the Kakuro,
// Triplex and ChessMemory screens opens the print dialog (stubbed here),
// and the page printed with the print stylesheet (page.pdf() under the
// print media) is one page that holds a heading (game, level, code, day),
// the board (not blank) and none of the screen's buttons or menus, the
// same without the button (Ctrl+P), read back with poppler's pdfinfo,
// pdftotext and pdftoppm. The PDFs: test-artifacts/print-*.pdf.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ARTIFACTS, e2eSuite, ready, text } from "../lib/browser.mjs";
import { newGame } from "../lib/kakuro.mjs";

const suite = e2eSuite("print");
const { withPage } = suite;
const desktop = { viewport: { width: 1280, height: 860 } };
const en = JSON.parse(readFileSync(new URL("../../web/i18n/en.json", import.meta.url), "utf8"));

/** Labels that must not be printed: the buttons and menus of the screens. */
const CONTROLS = [
  "print.button",
  "kakuro.undo",
  "kakuro.pencil",
  "share.copyLink",
  "kakuro.save",
  "play.undo",
  "play.reset",
  "play.hint",
  "chess.newGame",
  "chess.duo.button",
  "nav.games",
].map((key) => en[key]);

/**
 * Clicks the screen's Print button (window.print stubbed to count), then
 * prints the page as Chromium does under the print media; returns the
 * PDF's text after checking it is one page and not blank.
 */
async function printScreen(page, name) {
  await page.evaluate(() => {
    window.printed = 0;
    window.print = () => {
      window.printed += 1;
    };
  });
  assert.equal(await text(page, "#print"), "Print");
  await page.click("#print");
  assert.equal(await page.evaluate(() => window.printed), 1);
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `print-${name}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  assert.match(info, /^Pages:\s+1$/m, `${name}: one page`);
  const printed = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  for (const label of CONTROLS) {
    assert.ok(!printed.includes(label), `${name}: the print shows "${label}"`);
  }
  // A rendered page holds the board: a share of its pixels are not white
  // (lines, grey cells and pieces).
  const prefix = path.join(ARTIFACTS, `print-${name}`);
  execFileSync("pdftoppm", ["-r", "30", "-gray", "-singlefile", file, prefix]);
  const image = readFileSync(`${prefix}.pgm`);
  const [, width, height] = image.subarray(0, 20).toString("latin1").split(/\s+/).map(Number);
  const pixels = image.subarray(image.length - width * height);
  const inked = pixels.filter((p) => p < 240).length;
  assert.ok(inked > pixels.length / 100, `${name}: the page is blank (${inked} pixels not white)`);
  await page.emulateMedia({ media: "screen" });
  // Every printout carries its heading: what it is, then the day.
  const day = new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(new Date());
  assert.ok(printed.includes(day), `${name}: the print says the day (${day})`);
  return printed;
}

/** Prints the page as the browser's own print (Ctrl+P) does, without the Print button: the PDF's text. */
async function browserPrint(page, name) {
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  await page.emulateMedia({ media: "screen" });
  const file = path.join(ARTIFACTS, `print-${name}-ctrl-p.pdf`);
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

test("a Kakuro board prints alone on one page, its clues legible", async () => {
  await withPage("print-kakuro", desktop, async (page) => {
    const puzzle = await newGame(page, suite.url, 12, "hard");
    const printed = await printScreen(page, "kakuro");
    assert.match(printed, /Kakuro 12×12 · Hard\s+Code 12-hard-\d+ · /, "the heading: game, size, level, code, day");
    assert.equal(await browserPrint(page, "kakuro"), printed, "Ctrl+P prints what Print does");
    // Every clue sum of the board is in the printed text.
    const sums = puzzle.match(/\d+(?=,)|(?<=,)\d+/g);
    assert.ok(sums.length > 10);
    const words = printed.split(/\s+/);
    for (const sum of new Set(sums)) assert.ok(words.includes(sum), `clue ${sum} not printed`);
  });
});

/** Where the ink lies on the page `name` printScreen rendered: {left, right, width} in pixels of its 30 dpi picture. */
function inkColumns(name) {
  const image = readFileSync(path.join(ARTIFACTS, `print-${name}.pgm`));
  const [, width, height] = image.subarray(0, 20).toString("latin1").split(/\s+/).map(Number);
  const pixels = image.subarray(image.length - width * height);
  let [left, right] = [width, -1];
  pixels.forEach((p, i) => {
    if (p >= 240) return;
    left = Math.min(left, i % width);
    right = Math.max(right, i % width);
  });
  return { left, right, width };
}

test("a Triplex level prints its board alone on one page", async () => {
  await withPage("print-triplex", desktop, async (page) => {
    await page.goto(`${suite.url}#/triplex/1`);
    await ready(page);
    await page.waitForSelector("#stage .piece");
    const printed = await printScreen(page, "triplex");
    const code = await text(page, "#level-code");
    assert.match(printed, new RegExp(`Triplex · Level 1\\s+Code ${code} · `), "the heading: game, level, code, day");
    assert.ok(!printed.includes("← Triplex"), "the screen's head is not printed");
    // The rectangle and the loose pieces lie in the middle of the page, clear of
    // its edges (the pieces ran to the right edge at the screen's cell size).
    const { left, right, width } = inkColumns("triplex");
    assert.ok(left > width * 0.12 && right < width * 0.88, `ink from ${left} to ${right} of ${width}`);
    assert.ok(Math.abs(left - (width - 1 - right)) < width * 0.12, `centred: ${left} left, ${width - 1 - right} right`);
  });
});

test("ChessMemory's Print button prints the setup face up as an answer sheet", async () => {
  await withPage("print-chess", desktop, async (page) => {
    await page.goto(`${suite.url}#/chess`);
    await ready(page);
    await page.waitForSelector("#chess-board");
    const printed = await printScreen(page, "chess");
    assert.match(printed, /Answer sheet: every piece of this setup/);
    // The sheet shows all 64 pieces; on screen it stays hidden.
    assert.equal(await page.locator("#chess-sheet svg").count(), 64);
    assert.equal(await page.locator("#chess-sheet").isVisible(), false);
    assert.match(printed, /^\s*ChessMemory\s*$/m, "the heading names the game");
    // Ctrl+P prints the same sheet (it printed an empty checkerboard when the
    // sheet was made by the button).
    assert.equal(await browserPrint(page, "chess"), printed);
  });
});
