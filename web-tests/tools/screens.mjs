#!/usr/bin/env node
// The screen review: walks every screen and state a player meets
// (lib/states.mjs: home, each game's list or menu, playing, solved, hints,
// dialogs, the tutorial, the editor, two players, print media, offline) in the real server and Debian's Chromium, at
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
import { ARTIFACTS, launchChromium, startServer } from "../lib/browser.mjs";
import { walkStates } from "../lib/states.mjs";

const OUT = path.join(ARTIFACTS, "screens");
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  landscape: { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};
const SCHEMES = ["light", "dark"];

const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
const sizes = Object.keys(SIZES).filter((s) => !only || s === only);
/** Screen names in the order first taken. */
const screens = [];
/** How far each picture's page was scrolled (px), by file stem: the caption says so, a picture that starts mid-page is not read as a cut screen. */
const scrolled = new Map();
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
    scrolled.set(`${name}-${size}-${scheme}`, Math.round(await page.evaluate(() => scrollY)));
  };
  await walkStates(page, context, url, shot);
  await context.close();
}

/** index.html over every picture, and a contact sheet per screen drawn by the browser itself. */
async function sheets(browser) {
  const variants = sizes.flatMap((size) => SCHEMES.map((scheme) => `${size}-${scheme}`));
  const img = (name, v) => {
    const y = scrolled.get(`${name}-${v}`);
    return `<figure><img src="${name}-${v}.png"><figcaption>${name} ${v}${y ? ` · scrolled ${y} px` : ""}</figcaption></figure>`;
  };
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
