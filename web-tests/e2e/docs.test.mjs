// The manual a server carries, in Chromium: /docs/ shows the book's first
// page, its sidebar leads to every part, the search finds a page by a word
// of its text, and the theme switch works, all under the pages' own
// Content-Security-Policy (withPage fails on any refusal: mdBook's inline
// scripts run only because the policy names each by hash). Screenshots:
// test-artifacts/docs-*.png.

import assert from "node:assert/strict";
import { test } from "node:test";
import { e2eSuite, text } from "../lib/browser.mjs";

const suite = e2eSuite("docs");
const { withPage, snap } = suite;
const desktop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The server's address without its trailing slash. */
const base = () => suite.url.replace(/\/$/, "");

test("the manual's first page and its parts", async () => {
  await withPage("docs-parts", desktop, async (page) => {
    await page.goto(`${base()}/docs`);
    assert.equal(new URL(page.url()).pathname, "/docs/");
    assert.match(await page.title(), /The gridforge manual/);
    assert.equal(await text(page, "main h1"), "gridforge");
    const parts = await page.locator("#sidebar .part-title").allInnerTexts();
    assert.deepEqual(parts, [
      "Playing",
      "Running a server",
      "Making puzzles and books",
      "The census",
      "The API",
      "Developing",
    ]);
    await snap(page, "index-desktop-light");
    await page.locator("#sidebar a", { hasText: "Installing the package" }).first().click();
    await page.waitForURL(/\/docs\/running\/install\.html$/);
    assert.equal(await text(page, "main h1"), "Installing the package");
    // The API chapter is the one written from the OpenAPI document.
    await page.goto(`${base()}/docs/api/reference.html`);
    assert.match(await text(page, "main"), /GET \/api\/openapi\.json/);
  });
});

test("the search finds a page by a word of its text", async () => {
  await withPage("docs-search", desktop, async (page) => {
    await page.goto(`${base()}/docs/`);
    await page.click("#search-toggle");
    // Typed key by key, as a reader does: mdBook searches on keyup (a fill
    // fires none, so it found nothing whenever the index loaded first).
    await page.locator("#searchbar").pressSequentially("passkey");
    await page.waitForSelector("#searchresults li");
    const results = await page.locator("#searchresults li").allInnerTexts();
    assert.ok(results.some((r) => /Accounts/.test(r)), results.join("\n"));
  });
});

test("the theme switch and the phone's sidebar", async () => {
  await withPage("docs-theme", phone, async (page) => {
    await page.goto(`${base()}/docs/playing/kakuro.html`);
    assert.equal(await text(page, "main h1"), "Kakuro");
    await snap(page, "kakuro-phone-light");
    await page.click("#theme-toggle");
    await page.click("#navy");
    assert.match(await page.locator("html").getAttribute("class"), /\bnavy\b/);
    await snap(page, "kakuro-phone-dark");
    await page.click("#sidebar-toggle");
    await page.locator("#sidebar a", { hasText: "Daily puzzles" }).first().waitFor({ state: "visible" });
    await snap(page, "sidebar-phone-dark");
  });
});
