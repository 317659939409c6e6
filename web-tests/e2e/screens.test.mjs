// What every screen owes a player, checked on all of them: no "null",
// "undefined" or "NaN" on show, no horizontal scrolling at 390 px in any of
// the five languages, the same head (a way back and a title) on every game
// screen, no dialog left open after the address changes, the notice lying
// over nothing, the solved panel in sight on a phone (Triplex; Kakuro held
// sideways, where the panel is under the board and covers nothing), the
// Kakuro editor offering the sizes New game does, and the Kakuro home tile
// showing whole cells.
// (web-tests/tools/screens.mjs takes the pictures for a person to look at.)

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { assertEventually, dragPiece, e2eSuite, ready, solveWith, text, touchPiece } from "../lib/browser.mjs";
import { WEB, blockpuzzleLevels, enginePack } from "../lib/engine.mjs";
import { newGame, typeSolution } from "../lib/kakuro.mjs";
import { enginePartners, indexOf, playToEnd, square } from "../lib/chess.mjs";
import { expectAccessible } from "../lib/accessibility.mjs";
import { SIZES } from "../../web/js/kakuro-model.js";

const suite = e2eSuite("screens");
const { withPage, snap } = suite;
const pack = enginePack();

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LOCALES = { ru: "ru-RU", en: "en-US", fr: "fr-FR", de: "de-DE", zh: "zh-CN" };
/** The game screens, by address; every one has the shared head. */
const GAME_SCREENS = [
  "#/triplex",
  "#/triplex/1",
  "#/blockpuzzle",
  "#/blockpuzzle/1",
  "#/kakuro",
  "#/kakuro/tutorial",
  "#/kakuro/editor",
  "#/chess",
  "#/today",
];

/** Goes to `hash` within the page and waits for its screen. */
async function show(page, hash) {
  await page.evaluate((h) => (location.hash = h), hash);
  const screen = hash.replace(/^#\/?/, "").split("/")[0] || "home";
  await page.waitForFunction((s) => document.body.dataset.screen === s, screen);
  await page.waitForTimeout(100);
}

/** What is wrong with the screen shown: words that leaked from code, a page wider than the window. */
function screenProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const shown = document.body.innerText;
    const leaked = shown.match(/\b(null|undefined|NaN)\b/);
    if (leaked) problems.push(`shows "${leaked[0]}"`);
    // The window's width is the layout's (clientWidth): a phone zooms a
    // page wider than it out, and innerWidth then grows with the page.
    const width = document.documentElement.clientWidth;
    const wide = document.documentElement.scrollWidth - width;
    if (wide > 0) {
      const culprits = [...document.querySelectorAll("#view *, .topbar *")]
        .filter((el) => el.getBoundingClientRect().right > width + 0.5)
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${el.className}`);
      problems.push(`${wide}px wider than the window (${culprits.join(", ")})`);
    }
    return problems;
  });
}

/** The shared head of a game screen: {back, href, title, size} or null. */
function screenHead(page) {
  return page.evaluate(() => {
    const heads = document.querySelectorAll("#view .screen-head");
    if (heads.length !== 1) return null;
    const [back, title] = heads[0].children;
    if (!back?.matches("a.back") || !title?.matches("h1")) return null;
    return {
      back: back.textContent,
      href: back.getAttribute("href"),
      title: title.textContent,
      size: getComputedStyle(title).fontSize,
    };
  });
}

test("every screen in all five languages at 390 px: nothing leaked, no sideways scroll, one head with a way back", async () => {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    await withPage(`screens-${lang}`, { ...phone, locale }, async (page) => {
      await page.goto(suite.url);
      await ready(page);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      assert.deepEqual(await screenProblems(page), [], `${lang} home`);
      const sizes = new Set();
      for (const hash of GAME_SCREENS) {
        await show(page, hash);
        assert.deepEqual(await screenProblems(page), [], `${lang} ${hash}`);
        const head = await screenHead(page);
        assert.ok(head, `${lang} ${hash}: one head, a link back first, then the title`);
        assert.match(head.back, /^← \S/, `${lang} ${hash}: the way back`);
        assert.ok(head.title.trim(), `${lang} ${hash}: a title`);
        // Back goes up one level: from a game's first screen to the games.
        const depth = hash.split("/").length;
        assert.equal(head.href === "#/", depth === 2, `${lang} ${hash}: back to ${head.href}`);
        sizes.add(head.size);
      }
      assert.equal(sizes.size, 1, `${lang}: every game title the same size (${[...sizes]})`);
    });
  }
});

test("the top bar is one line at 390 px in every language and theme (the theme button wrapped once the account link came)", async () => {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    await withPage(`topbar-${lang}`, { ...phone, locale }, async (page) => {
      await page.goto(suite.url);
      await ready(page);
      for (let turn = 0; turn < 3; turn++) {
        const bar = await page.evaluate(() => {
          const box = (el) => el.getBoundingClientRect();
          const items = [".brand", "#account-link", "#language", "#theme"].map((s) => box(document.querySelector(s)));
          const line = parseFloat(getComputedStyle(document.getElementById("theme")).lineHeight) || 20;
          return {
            theme: document.getElementById("theme").innerText,
            oneRow: items.every((r) => r.top < items[0].bottom && r.bottom > items[0].top),
            inside: items.every((r) => r.left >= 0 && r.right <= innerWidth),
            themeLines: Math.round(box(document.querySelector("#theme span")).height / line),
            themeName: document.getElementById("theme").textContent.trim(),
          };
        });
        assert.ok(bar.oneRow && bar.inside, `${lang}: the top bar's parts on one row inside the window (${JSON.stringify(bar)})`);
        assert.equal(bar.themeLines, 1, `${lang}: the theme button on one line (${JSON.stringify(bar)})`);
        assert.match(bar.themeName, /^\S+ \S/, `${lang}: the theme button still names the theme for a screen reader`);
        await page.click("#theme");
      }
    });
  }
});

test("a dialog closes with its screen; a locked level by its address says it is locked", async () => {
  await withPage("dialogs-route", phone, async (page) => {
    await page.goto(`${suite.url}#/triplex/4`);
    await ready(page);
    await page.waitForSelector("#code-dialog[open]");
    // Levels 2 and 3 are locked too: the note names the run from level 1.
    assert.equal(await text(page, "#code-note"), "Level 4 is locked. Solve levels 1 to 3 to open it, or enter its code.");
    assert.equal(await page.inputValue("#code-number"), "4");
    const open = () => page.locator("dialog[open]").count();
    // Two levels to solve are named as two ("levels 1 to 2" read oddly).
    await show(page, "#/triplex/3");
    await page.waitForSelector("#code-dialog[open]");
    assert.equal(await text(page, "#code-note"), "Level 3 is locked. Solve levels 1 and 2 to open it, or enter its code.");
    await show(page, "#/");
    assert.equal(await open(), 0, "the code dialog outlived its screen");

    await show(page, "#/chess");
    await page.waitForSelector("#chess-board");
    await page.click("#chess-duo");
    await page.waitForSelector("#chess-duo-dialog[open]");
    await page.goBack();
    await page.waitForFunction(() => document.body.dataset.screen === "home");
    assert.equal(await open(), 0, "the two-players dialog outlived its screen");
    await show(page, "#/chess");
    await page.click("#chess-duo");
    await show(page, "#/kakuro");
    assert.equal(await open(), 0, "the two-players dialog lies over the Kakuro menu");

    await show(page, "#/triplex/1");
    await page.click("#hint");
    await page.waitForSelector("#hint-dialog[open]");
    await show(page, "#/triplex");
    assert.equal(await open(), 0, "the hint dialog outlived its level");
    // The hint was not taken: the level is played on without one.
    await show(page, "#/triplex/1");
    assert.ok(await page.isHidden("#hinted-note"));
  });
});

/** Throws unless `selector`'s box lies inside the window. */
async function inSight(page, selector) {
  const box = await page.locator(selector).boundingBox();
  const height = await page.evaluate(() => window.innerHeight);
  // Half a pixel of rounding (a box scrolled into view ends at 390.25 of 390).
  assert.ok(box.y >= -0.5 && box.y + box.height <= height + 0.5, `${selector} at y ${box.y}..${box.y + box.height} of ${height}`);
}

test("a level solved on a phone: the solved panel is in sight", async () => {
  await withPage("solved-phone", phone, async (page, context) => {
    const cdp = await context.newCDPSession(page);
    await page.goto(`${suite.url}#/triplex/1`);
    await ready(page);
    await page.waitForSelector("#stage");
    await solveWith(page, pack.levels[0], (p, record, k) => touchPiece(p, cdp, record, k));
    await inSight(page, "#status");
    assert.deepEqual(await screenProblems(page), []);
  });
});

test("a Triplex solve fits the board once: the solved board and its card come together, no second layout", async () => {
  // Where the layout beside the controls may be tried (held sideways, a
  // desktop) each fit tries it once (layout.js): the trials are the fits.
  const VIEWS = { sideways: { ...phone, viewport: { width: 844, height: 390 } }, desktop: { viewport: { width: 1280, height: 800 } } };
  for (const [view, options] of Object.entries(VIEWS)) {
    await withPage(`solve-once-${view}`, options, async (page) => {
      await page.goto(`${suite.url}#/triplex/1`);
      await ready(page);
      await page.waitForSelector("#stage .piece");
      await page.waitForTimeout(300);
      const record = pack.levels[0];
      const last = record.pieces.length - 1;
      for (let k = 0; k < last; k++) await dragPiece(page, record, k);
      await page.evaluate(() => {
        const section = document.querySelector("section.play");
        window.sectionClasses = [];
        window.sectionWatch = new MutationObserver((records) => window.sectionClasses.push(...records.map((r) => r.oldValue ?? "")));
        window.sectionWatch.observe(section, { attributes: true, attributeFilter: ["class"], attributeOldValue: true });
      });
      await dragPiece(page, record, last);
      await page.waitForSelector("#solved-title");
      await page.waitForTimeout(600);
      const fits = await page.evaluate(() => {
        const classes = [...window.sectionClasses, document.querySelector("section.play").className];
        const side = classes.map((c) => c.split(" ").includes("layout-side"));
        return side.filter((beside, k) => beside && k > 0 && !side[k - 1]).length;
      });
      assert.equal(fits, 1, `${view}: the board fitted ${fits} times on the solve`);
    });
  }
});

test("a Kakuro solved on a phone held sideways: the solved panel is in sight", async () => {
  const sideways = { ...phone, viewport: { width: 844, height: 390 } };
  await withPage("kakuro-solved-sideways", sideways, async (page) => {
    await typeSolution(page, suite.url, await newGame(page, suite.url, 10, "easy"));
    await page.waitForSelector("#kk-solved");
    await page.waitForTimeout(200);
    await inSight(page, "#kk-solved");
    // Sticky, it must not lie over the board or the pad and tools (it did,
    // after the pad, until the page scrolled), here or further up the page.
    for (const y of [null, 0]) {
      if (y !== null) await page.evaluate((top) => scrollTo(0, top), y);
      const covered = await page.evaluate(() => {
        const panel = document.getElementById("kk-status").getBoundingClientRect();
        const hit = (r) => r.width > 0 && r.height > 0 && r.left < panel.right && r.right > panel.left && r.top < panel.bottom && r.bottom > panel.top;
        return [...document.querySelectorAll("#kk-board, .kk-side button, .kk-side input")]
          .filter((el) => !el.closest("#kk-status") && hit(el.getBoundingClientRect()))
          .map((el) => el.id || el.className || el.tagName);
      });
      assert.deepEqual(covered, [], `the solved panel lies over these (scrolled to ${y ?? "where solving left it"})`);
    }
  });
});

test("the notice lies over nothing, and waits while a finger is down", async () => {
  await withPage("notice", phone, async (page, context) => {
    await page.goto(suite.url);
    await ready(page);
    await page.waitForSelector("body[data-offline-ready='true']");
    await context.setOffline(true);
    await page.waitForSelector("#notice[data-key='offline.banner']");
    for (const hash of ["#/", ...GAME_SCREENS]) {
      await show(page, hash);
      const overlaps = await page.evaluate(() => {
        const bar = document.getElementById("notice").getBoundingClientRect();
        const hit = (r) => r.width > 0 && r.height > 0 && r.left < bar.right && r.right > bar.left && r.top < bar.bottom && r.bottom > bar.top;
        const interactive = "a, button, input, select, textarea, [tabindex], .piece, .level-tile";
        return [...document.querySelectorAll(interactive)]
          .filter((el) => !el.closest("#notice") && hit(el.getBoundingClientRect()))
          .map((el) => el.id || el.className || el.tagName);
      });
      assert.deepEqual(overlaps, [], `${hash}: the notice covers these`);
    }
    // Another language: the notice says it in that one.
    await page.selectOption("#language", "de");
    assert.equal(await text(page, "#notice"), "Offline: Die Spiele laufen weiter; Bestenliste und Editor brauchen den Server.");
    await page.selectOption("#language", "en");
    // Back online while a finger holds a piece: the page keeps still until it lifts.
    await show(page, "#/triplex/1");
    const piece = await page.locator(".piece").first().boundingBox();
    const cdp = await context.newCDPSession(page);
    const at = [{ x: piece.x + 5, y: piece.y + 5 }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at });
    await context.setOffline(false);
    await page.waitForTimeout(500);
    assert.equal(await page.getAttribute("#notice", "data-key"), "offline.banner", "the notice changed under a finger");
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await assertEventually(() => page.isHidden("#notice"), "the notice goes once the finger lifts");
  });
});

test("the Kakuro editor offers the square sizes New game does", async () => {
  await withPage("kakuro-sizes", {}, async (page) => {
    const sizes = (select) => page.$$eval(`${select} option`, (els) => els.map((e) => e.value));
    await page.goto(`${suite.url}#/kakuro`);
    await ready(page);
    const offered = await sizes("#kk-size");
    await show(page, "#/kakuro/editor");
    assert.deepEqual(await sizes("#kk-ed-size"), offered.filter((s) => /^\d+$/.test(s)));
    assert.ok(offered.includes("30") && offered.includes("24x28"), "large squares and rectangles");
  });
});

test("the Kakuro home tile shows whole cells, lined up in columns, at every width", async () => {
  for (const width of [390, 844, 1280]) {
    await withPage(`kakuro-tile-${width}`, { viewport: { width, height: 800 } }, async (page) => {
      await page.goto(suite.url);
      await ready(page);
      const { shown, cut, columns } = await page.evaluate(() => {
        const art = document.querySelector(".game-art.kakuro").getBoundingClientRect();
        // A row shows the cells on its first line that start inside the tile (it hides the rest).
        const rows = [...document.querySelectorAll(".game-art.kakuro .art-row")].map((row) => {
          const line = row.getBoundingClientRect();
          return [...row.children]
            .map((c) => c.getBoundingClientRect())
            .filter((r) => r.top < line.bottom && r.bottom > line.top && r.left < art.right);
        });
        const inside = (r) => r.left >= art.left - 0.5 && r.right <= art.right + 0.5 && r.bottom <= art.bottom + 0.5;
        return {
          shown: rows.map((cells) => cells.length),
          cut: rows.flat().filter((r) => !inside(r)).length,
          columns: rows[0].every((r, k) => Math.abs(r.left - rows[1][k]?.left) < 0.5),
        };
      });
      assert.equal(cut, 0, `${width} px: cells cut at the tile's edge`);
      assert.ok(shown[0] >= 4 && shown[0] === shown[1], `${width} px: cells shown per row ${shown}`);
      assert.ok(columns, `${width} px: the two rows' cells line up`);
    });
  }
});

/** The board of the screen shown: its box, its cell size and the box of the area it is centred in. */
function boardLayout(page) {
  return page.evaluate(() => {
    const board = document.querySelector("#stage, #chess-board");
    const r = board.getBoundingClientRect();
    const cell = board.id === "stage" ? parseFloat(board.style.getPropertyValue("--cell")) : r.width / 8;
    // The area: the board's column (its parent's box, or the grid column it sits in).
    const area = (board.id === "stage" ? board.parentElement : board).getBoundingClientRect();
    const section = board.closest("section");
    const side = getComputedStyle(section).display === "grid";
    // Beside its controls the board's column ends where the gap before the head's column starts.
    let column = board.id === "stage" ? area : section.getBoundingClientRect();
    if (side && board.id !== "stage") {
      const head = section.querySelector(".screen-head").getBoundingClientRect();
      column = { left: column.left, right: head.left - parseFloat(getComputedStyle(section).columnGap) };
    }
    return { box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom }, cell, side, column: { left: column.left, right: column.right } };
  });
}

test("one layout rule: every board the largest that fits, whole in the window, cells >= 32 px, centred, beside its controls when that is larger", async () => {
  const VIEWS = {
    sideways: { ...phone, viewport: { width: 844, height: 390 } },
    desktop: { viewport: { width: 1280, height: 800 } },
  };
  for (const [view, options] of Object.entries(VIEWS)) {
    await withPage(`layout-${view}`, options, async (page) => {
      await page.goto(suite.url);
      await ready(page);
      for (const hash of ["#/triplex/1", "#/blockpuzzle/1", "#/chess"]) {
        await show(page, hash);
        await page.waitForSelector("#stage .piece, #chess-board .chess-square");
        await page.waitForTimeout(200);
        const { box, cell, side } = await boardLayout(page);
        const [w, h] = [options.viewport.width, options.viewport.height];
        assert.ok(box.top >= 0 && box.bottom <= h + 0.5 && box.left >= 0 && box.right <= w + 0.5, `${view} ${hash}: the whole board in the window (${JSON.stringify(box)})`);
        assert.ok(cell >= 32, `${view} ${hash}: cells of ${cell} px`);
        if (hash === "#/chess") {
          // A square board is larger beside its controls on a wide window: the records are in sight too.
          assert.ok(side, `${view}: ChessMemory's controls beside the board`);
          const best = await page.locator("#chess-best").boundingBox();
          assert.ok(best.x >= box.right, `${view}: the records beside the board (${JSON.stringify(best)})`);
          // On a desktop they start above the fold (they started below it under the board).
          if (view === "desktop") assert.ok(best.y + 40 < h, `desktop: the records above the fold (${JSON.stringify(best)})`);
        }
        assert.deepEqual(await screenProblems(page), [], `${view} ${hash}`);
      }
      // The chessboard is centred in its column.
      const { box, column } = await boardLayout(page);
      assert.ok(Math.abs(box.left - column.left - (column.right - box.right)) <= 2, `${view}: the chessboard centred (${JSON.stringify({ box, column })})`);
    });
  }
});

test("a level solved on a phone held sideways: the solved panel in sight and over nothing", async () => {
  const sideways = { ...phone, viewport: { width: 844, height: 390 } };
  await withPage("solved-sideways", sideways, async (page, context) => {
    const cdp = await context.newCDPSession(page);
    await page.goto(`${suite.url}#/blockpuzzle/1`);
    await ready(page);
    await page.waitForSelector("#stage .piece");
    await page.waitForTimeout(300);
    await solveWith(page, blockpuzzleLevels()[0], (p, record, k) => touchPiece(p, cdp, record, k));
    await page.waitForTimeout(300);
    await inSight(page, "#status");
    const covered = await page.evaluate(() => {
      const a = document.getElementById("status").getBoundingClientRect();
      const b = document.getElementById("stage").getBoundingClientRect();
      return Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)) * Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
    });
    assert.equal(covered, 0, "the solved panel lies over the board");
  });
});
/** How much of the box of `a` lies over the box of `b` on the page, in px² (0: nothing). */
const overlap = (page, a, b) =>
  page.evaluate(
    ([x, y]) => {
      const p = document.querySelector(x).getBoundingClientRect();
      const q = document.querySelector(y).getBoundingClientRect();
      return Math.max(0, Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top)) * Math.max(0, Math.min(p.right, q.right) - Math.max(p.left, q.left));
    },
    [a, b],
  );

test("Kakuro under the one layout rule: held sideways the pad goes beside the board, which gets larger cells than stacked", async () => {
  const sideways = { ...phone, viewport: { width: 844, height: 390 } };
  await withPage("kakuro-sideways", sideways, async (page) => {
    await newGame(page, suite.url, 10, "easy");
    await page.waitForTimeout(300);
    const cellNow = () => page.$eval("#kk-board .kk-cell", (el) => el.getBoundingClientRect().width);
    assert.ok(await page.$eval(".kk-layout", (el) => el.classList.contains("layout-side")), "beside");
    const beside = await cellNow();
    // The board's viewport (a board too small to read whole opens zoomed to 32 px in it, "whole board" a tap away).
    const board = await page.locator("#kk-viewport").boundingBox();
    const pad = await page.locator("#kk-pad").boundingBox();
    assert.ok(pad.x >= board.x + board.width, `the pad beside the board (${JSON.stringify({ board, pad })})`);
    assert.ok(board.y >= 0 && board.y + board.height <= 390.5, `the board's viewport in the window (${JSON.stringify(board)})`);
    assert.ok(beside >= 32, `cells of ${beside} px`);
    // Clue sums readable (at a third of a 32 px cell they were 11 px, hard to read light on dark).
    const clue = await page.$eval("#kk-board .kk-clue", (el) => parseFloat(getComputedStyle(el).fontSize));
    assert.ok(clue >= Math.min(12, beside * 0.38), `clue sums of ${clue} px in ${beside} px cells`);
    await snap(page, "kakuro-sideways");
    // Stacked instead (the layout the page had before), the cells would be smaller.
    const stacked = await page.evaluate(() => {
      document.querySelector(".kk-layout").classList.remove("layout-side");
      const wrap = document.getElementById("kk-viewport");
      const top = wrap.getBoundingClientRect().top + scrollY;
      const board = document.getElementById("kk-board");
      const rows = Number(board.style.getPropertyValue("--rows")) || board.children.length ** 0.5;
      return { width: wrap.clientWidth, height: Math.max(innerHeight - top - 150, 240), rows };
    });
    const cols = 10;
    const stackedCell = Math.floor(Math.min((stacked.width - 1) / cols, (stacked.height - 1) / cols));
    assert.ok(beside > stackedCell, `beside ${beside} px against stacked ${stackedCell} px`);
    assert.deepEqual(await screenProblems(page), []);
    // On a portrait phone it stacks.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => dispatchEvent(new Event("resize")));
    await page.waitForTimeout(200);
    assert.ok(!(await page.$eval(".kk-layout", (el) => el.classList.contains("layout-side"))), "stacked on a portrait phone");
  });
});

test("a level list opens at its head when its next level is in sight already (held sideways it scrolled the head away for level 1 just under the fold)", async () => {
  for (const [view, viewport] of [["sideways", { width: 844, height: 390 }], ["phone", { width: 390, height: 844 }]]) {
    await withPage(`list-head-${view}`, { ...phone, viewport }, async (page) => {
      for (const family of ["triplex", "blockpuzzle"]) {
        await page.goto(`${suite.url}#/${family}`);
        await ready(page);
        await page.waitForSelector(".level-tile.next");
        await page.waitForTimeout(150);
        const { y, tile, row } = await page.evaluate(() => {
          const r = document.querySelector(".level-tile.next").getBoundingClientRect();
          return { y: scrollY, tile: r.top, row: r.height };
        });
        assert.equal(y, 0, `${view} ${family}: the list opened scrolled`);
        assert.ok(tile < viewport.height + row, `${view} ${family}: the next level further than a row under the fold (its top at ${tile})`);
      }
    });
  }
});

test("a screen opens at its top, not where the screen before left the page scrolled", async () => {
  await withPage("opens-at-top", { ...phone, viewport: { width: 844, height: 390 } }, async (page) => {
    // A game to go back to (#/kakuro/play shows the game being played).
    await newGame(page, suite.url, 10, "easy");
    await show(page, "#/kakuro/tutorial");
    await page.waitForSelector("#kk-board");
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    assert.ok((await page.evaluate(() => scrollY)) > 0, "the tutorial's page scrolls");
    // Held sideways a Kakuro's head sits beside its board (the board takes
    // the window's height under the top bar), so its game and its editor
    // open at their top too: a scroll left over from the screen before shows.
    for (const hash of ["#/kakuro/play", "#/kakuro/editor", "#/chess", "#/today"]) {
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      assert.ok((await page.evaluate(() => scrollY)) > 0, `the page before ${hash} scrolls`);
      await show(page, hash);
      await page.waitForTimeout(150);
      assert.equal(Math.round(await page.evaluate(() => scrollY)), 0, `${hash} opened scrolled`);
    }
  });
});

/** Where a Kakuro board shows: its viewport and the board in the window's coordinates, the cell, rows and columns, whether zoomed in. */
const kakuroView = (page) =>
  page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width };
    };
    const board = document.getElementById("kk-board");
    const viewport = document.getElementById("kk-viewport");
    return {
      view: box(viewport),
      board: box(board),
      cell: Number(board.dataset.cell),
      // What the board has beyond its cells (borders), in px.
      frame: board.getBoundingClientRect().height - Number(board.style.getPropertyValue("--rows")) * Number(board.dataset.cell),
      rows: Number(board.style.getPropertyValue("--rows")),
      cols: Number(board.style.getPropertyValue("--cols")),
      zoomed: !document.getElementById("kk-zoom").hidden && !document.getElementById("kk-zoom-fit").disabled,
      room: viewport.clientWidth,
      height: innerHeight,
      // Where the viewport starts on the page: under the top bar and a notice (the ready-offline one comes once).
      top: viewport.getBoundingClientRect().top + scrollY,
    };
  });

test("Kakuro at every size it offers, held sideways and on a phone: whole in the window at 32 px or more where the window has room for that, else its zoomed view in the window at 32 px", async () => {
  const VIEWS = { sideways: { ...phone, viewport: { width: 844, height: 390 } }, phone };
  for (const [view, options] of Object.entries(VIEWS)) {
    await withPage(`kakuro-sizes-${view}`, options, async (page) => {
      const found = [];
      for (const size of SIZES) {
        await newGame(page, suite.url, size, "easy");
        await page.waitForTimeout(300);
        for (const moment of ["opened", "last cell selected"]) {
          if (moment !== "opened") {
            // The last white cell: the viewport pans to it; its run sums change the bar above the board.
            await page.locator("#kk-board .kk-cell").last().click();
            await page.waitForTimeout(150);
          }
          const k = await kakuroView(page);
          const where = `${view} ${size} ${moment}`;
          const inWindow = k.view.top >= -0.5 && k.view.bottom <= k.height + 0.5;
          if (!inWindow) found.push(`${where}: the board's viewport ${Math.round(k.view.top)}..${Math.round(k.view.bottom)} not in the window's ${k.height} px`);
          if (k.cell < 32) found.push(`${where}: cells of ${k.cell} px`);
          // Room for the whole board at 32 px (its frame and its viewport's
          // padding) under what lies above it: then it shows whole.
          const fits = k.rows * 32 + k.frame + 8 <= k.height - k.top && k.cols * 32 + k.frame + 8 <= k.room;
          const whole = !k.zoomed && k.board.top >= -0.5 && k.board.bottom <= k.height + 0.5 && k.board.bottom <= k.view.bottom + 0.5;
          if (fits && !whole) found.push(`${where}: room for the whole board at 32 px, shown ${k.zoomed ? "zoomed" : "cut"} (board ${Math.round(k.board.top)}..${Math.round(k.board.bottom)})`);
        }
      }
      assert.deepEqual(found, [], view);
    });
  }
});

test("Kakuro's Pause hides the board and the pad and stops the clock; a solved game shows a result card", async () => {
  await withPage("kakuro-pause", { viewport: { width: 1280, height: 800 } }, async (page) => {
    const puzzle = await newGame(page, suite.url, 10, "easy");
    await page.waitForTimeout(1200);
    await page.click("#kk-pause");
    assert.ok(await page.isHidden("#kk-board"), "the board hidden");
    assert.ok(await page.isHidden("#kk-pad"), "the pad hidden");
    const stopped = await text(page, "#kk-timer");
    await page.keyboard.press("5");
    await page.waitForTimeout(2300);
    assert.equal(await text(page, "#kk-timer"), stopped, "the clock stopped");
    await page.click("#kk-resume");
    assert.ok(await page.isVisible("#kk-board"));
    await assertEventually(async () => (await text(page, "#kk-timer")) !== stopped, "the clock goes on", 3000);
    assert.equal(await page.locator("#kk-board [data-value]:not([data-value='0'])").count(), 0, "no digit typed while paused");
    await typeSolution(page, suite.url, puzzle);
    await page.waitForSelector("#kk-solved");
    const card = await text(page, "#result-text");
    assert.match(card, /^gridforge · Kakuro · 10×10 · Easy\n\d+:\d\d\nhttp/);
    assert.ok(!/\b[1-9]{3,}\b/.test(card.split("\n")[0]), "no digits of the solution");
    assert.ok(await page.isDisabled("#kk-pause"), "nothing to pause once solved");
    await snap(page, "kakuro-result-card");
  });
});

test("ChessMemory finished on a portrait phone: the end panel lies under the board, over nothing, in sight", async () => {
  await withPage("chess-end-phone", phone, async (page) => {
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/chess/setup");
    await page.goto(`${suite.url}#/chess`);
    await ready(page);
    const { setup } = await (await answer).json();
    await page.waitForSelector("#chess-board .chess-square[data-state='hidden']");
    await playToEnd(page, setup, enginePartners(setup), (name) => page.click(square(name)), 64);
    await page.waitForSelector("#chess-end:not([hidden])");
    await page.waitForTimeout(300);
    await inSight(page, "#chess-end");
    for (const y of [null, 0]) {
      if (y !== null) await page.evaluate((top) => scrollTo(0, top), y);
      assert.equal(await overlap(page, "#chess-end", "#chess-board"), 0, `the end panel over the board (scrolled to ${y ?? "the end"})`);
    }
    await snap(page, "chess-end-phone");
  });
});

test("your data at three sizes in both themes: nothing leaked, no sideways scroll, WCAG 2.1 AA, a conflict copy and a message", async () => {
  const VIEWS = {
    phone: { ...phone, viewport: { width: 390, height: 844 } },
    sideways: { ...phone, viewport: { width: 844, height: 390 } },
    desktop: { viewport: { width: 1280, height: 800 } },
  };
  const copy = {
    slot: 0,
    at: Date.UTC(2026, 10, 20, 9, 30),
    copy: { game: { format: 1 }, size: 10, difficulty: "easy", elapsed: 60000, started: 1, saved: Date.UTC(2026, 10, 20, 9, 30) },
  };
  for (const [view, options] of Object.entries(VIEWS)) {
    for (const scheme of ["light", "dark"]) {
      await withPage(`data-${view}-${scheme}`, { ...options, colorScheme: scheme }, async (page) => {
        await page.goto(suite.url);
        await ready(page);
        await page.evaluate((c) => localStorage.setItem("gridforge.kakuro.conflicts.v1", JSON.stringify([c])), copy);
        await page.goto(`${suite.url}#/data`);
        await page.reload();
        await ready(page);
        await page.waitForSelector("#data-conflicts");
        await page.waitForSelector("#data-server-none");
        // An import that brings nothing: the message line.
        await page.setInputFiles("#data-import-file", {
          name: "progress.json",
          mimeType: "application/json",
          buffer: Buffer.from(JSON.stringify({ format: 1, keys: {}, at: {} })),
        });
        await page.waitForSelector("#data-message");
        assert.deepEqual(await screenProblems(page), [], `${view} ${scheme}`);
        await snap(page, `data-${view}-${scheme}`);
        await expectAccessible(page, `your data (${view}, ${scheme})`);
        // Every control a finger can hit (WCAG 2.5.8: 24 px at least).
        const small = await page.$$eval("#view button, #view input, #view a, #view label.button", (els) =>
          els
            // A control drawn by its label is the label's size.
            .filter((el) => !el.parentElement.closest("label.button"))
            .map((el) => [el.id || el.textContent.trim().slice(0, 20), el.getBoundingClientRect()])
            .filter(([, r]) => r.width > 0 && (r.width < 24 || r.height < 24))
            .map(([name, r]) => `${name} ${Math.round(r.width)}×${Math.round(r.height)}`),
        );
        assert.deepEqual(small, [], `${view} ${scheme}: controls under 24 px`);
        assert.match(await text(page, "#data-back"), /^← \S/, "the way back, as on every screen");
        // The file input is reached by the keyboard and named by its label.
        await page.focus("#data-import-file");
        assert.ok(await page.$eval("#data-import", (el) => el.matches(":focus-within")));
      });
    }
  }
  // In every language at 390 px.
  for (const [lang, locale] of Object.entries(LOCALES)) {
    await withPage(`data-${lang}`, { ...phone, locale }, async (page) => {
      await page.goto(`${suite.url}#/data`);
      await ready(page);
      await page.waitForSelector("#data-server-none");
      assert.deepEqual(await screenProblems(page), [], `${lang} #/data`);
    });
  }
});

test("every symbol the client shows has a glyph in the browser's fonts (a stopwatch sign once showed as a box)", async () => {
  // The symbols (Unicode category S) in the catalogs, the modules, the page and its styles.
  const files = [
    ...readdirSync(path.join(WEB, "i18n")).map((f) => path.join(WEB, "i18n", f)),
    ...readdirSync(path.join(WEB, "js")).map((f) => path.join(WEB, "js", f)),
    path.join(WEB, "index.html"),
    path.join(WEB, "css", "app.css"),
  ];
  const symbols = [...new Set(files.flatMap((f) => readFileSync(f, "utf8").match(/[^\x00-\x7f]/gu) ?? []))].filter((c) => /\p{S}/u.test(c));
  assert.ok(symbols.includes("✓") && symbols.includes("⌫"), `the symbols found: ${symbols.join(" ")}`);
  await withPage("glyphs", { viewport: { width: 800, height: 600 } }, async (page) => {
    await page.goto(suite.url);
    await ready(page);
    const missing = await page.evaluate((chars) => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 48;
      const g = canvas.getContext("2d", { willReadFrequently: true });
      g.font = `32px ${getComputedStyle(document.body).fontFamily}`;
      const draw = (c) => {
        g.clearRect(0, 0, 48, 48);
        g.fillText(c, 4, 36);
        return g.getImageData(0, 0, 48, 48).data.join(",");
      };
      // What a character without a glyph looks like: two unassigned code points.
      const box = draw("\u0378");
      if (draw("\u0379") !== box || draw("A") === box) return ["(the box test itself does not work here)"];
      return chars.filter((c) => draw(c) === box).map((c) => `${c} U+${c.codePointAt(0).toString(16).toUpperCase()}`);
    }, symbols);
    assert.deepEqual(missing, [], "drawn as a box");
  });
});

test("ChessMemory's end held sideways in all five languages, alone and for two with the longest names: the board, the end panel and the head in the window, no page scroll, the card's text whole without scrolling", async () => {
  const sideways = { ...phone, viewport: { width: 844, height: 390 } };
  const answer = await fetch(`${suite.url}api/chess/setup`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const { setup } = await answer.json();
  const pairs = [...enginePartners(setup)].filter(([a, b]) => a < b);
  const [lastA, lastB] = pairs.at(-1);
  // A game one pair from its end (the last pair found by a click, so the end is the real one: a new best).
  const matched = pairs.slice(0, -1).flatMap(([a, b]) => [indexOf(a), indexOf(b)]);
  const names = ["Wilhelmina Konstantinova", "Bartholomew Featherstone"];
  const found = [];
  for (const [lang, locale] of Object.entries(LOCALES)) {
    for (const players of [null, [{ name: names[0], score: 16 }, { name: names[1], score: 15 }]]) {
      const mode = players ? "two" : "alone";
      await withPage(`chess-end-sideways-${lang}-${mode}`, { ...sideways, locale }, async (page) => {
        const game = { setup, source: "server", matched, moves: 40, elapsed: 61_000, players, turn: 0 };
        await page.addInitScript((saved) => localStorage.setItem("gridforge.chess.v1", saved), JSON.stringify({ version: 1, game }));
        await page.goto(`${suite.url}#/chess`);
        await ready(page);
        await page.waitForSelector("#chess-board .chess-square");
        await page.click(square(lastA));
        await page.click(square(lastB));
        await page.waitForSelector("#chess-end:not([hidden])");
        await page.waitForTimeout(700);
        const out = await page.evaluate(() =>
          ["#chess-board", "#chess-end", "#view .screen-head"].flatMap((sel) => {
            const r = document.querySelector(sel).getBoundingClientRect();
            return r.top < -1 || r.bottom > innerHeight + 1 ? [`${sel} at ${Math.round(r.top)}..${Math.round(r.bottom)}`] : [];
          }).concat(scrollY > 0 ? [`scrolled ${Math.round(scrollY)} px`] : []),
        );
        // The card shows whole, not three lines scrolling the rest inside
        // themselves; what it cuts short (a long name) it names whole in a title.
        out.push(
          ...(await page.evaluate(() => {
            const text = document.querySelector("#chess-end .result-text");
            const cut = [...text.querySelectorAll("*")].filter((el) => el.scrollWidth > el.clientWidth + 1 && el.title !== el.textContent);
            return [
              ...(text.scrollHeight > text.clientHeight + 1 ? [`the card's text scrolls: ${text.scrollHeight} px in ${text.clientHeight}`] : []),
              ...cut.map((el) => `"${el.textContent}" cut short without its whole text in a title`),
            ];
          })),
        );
        if (out.length) {
          found.push(`${lang} ${mode}: ${out.join("; ")}`);
          await snap(page, `chess-end-sideways-${lang}-${mode}`);
        }
      });
    }
  }
  assert.deepEqual(found, [], "out of the window's 390 px");
});

test("ChessMemory held sideways: the side column has no gap under its tools", async () => {
  await withPage("chess-sideways-column", { ...phone, viewport: { width: 844, height: 390 } }, async (page) => {
    await page.goto(`${suite.url}#/chess`);
    await ready(page);
    await page.waitForSelector("#chess-board .chess-square");
    // The next item seen under the tools (the help, while there is no message).
    const gap = await page.evaluate(() => {
      const tools = document.querySelector(".chess > .tools").getBoundingClientRect();
      const below = [...document.querySelectorAll(".chess > *")]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.height > 0 && r.top >= tools.bottom)
        .sort((a, b) => a.top - b.top)[0];
      return below.top - tools.bottom;
    });
    assert.ok(gap <= 24, `${gap} px between the tools and what follows`);
  });
});

test("keyboard help is shown with a mouse and left out on a touch screen", async () => {
  const keysShown = (page) =>
    page.evaluate(() =>
      [...document.querySelectorAll(".keys-help")].map((el) => el.getBoundingClientRect().height > 0),
    );
  for (const [context, shown] of [
    [{ viewport: { width: 1280, height: 800 } }, true],
    [phone, false],
  ]) {
    await withPage(`keys-help-${shown}`, context, async (page) => {
      for (const hash of ["#/triplex/1", "#/chess"]) {
        await page.goto(`${suite.url}${hash}`);
        await ready(page);
        await page.waitForSelector(".keys-help", { state: "attached" });
        const seen = await keysShown(page);
        assert.ok(seen.length > 0, hash);
        assert.deepEqual(seen, seen.map(() => shown), `${hash}: ${JSON.stringify(context)}`);
      }
      // The touch part of Triplex's help stays on every screen.
      await page.goto(`${suite.url}#/triplex/1`);
      await ready(page);
      assert.match(await text(page, "p.help"), /Drag the pieces into the rectangle/);
    });
  }
});

test("a 30×30 Kakuro zoomed in on a phone: the selected cell stays in the board's viewport, the pad in sight under it", async () => {
  await withPage("kakuro-big-zoom-phone", phone, async (page) => {
    await newGame(page, suite.url, 30, "easy");
    await page.waitForTimeout(300);
    // The digit cell whole in the viewport nearest its top left corner (zoomed about the centre, it left the view).
    const id = await page.evaluate(() => {
      const view = document.getElementById("kk-viewport").getBoundingClientRect();
      const inside = (r) => r.left >= view.left && r.top >= view.top && r.right <= view.right && r.bottom <= view.bottom;
      const cells = [...document.querySelectorAll("#kk-board .kk-cell")].filter((el) => inside(el.getBoundingClientRect()));
      const distance = (el) => el.getBoundingClientRect().left - view.left + el.getBoundingClientRect().top - view.top;
      return cells.sort((a, b) => distance(a) - distance(b))[0].id;
    });
    await page.click(`#${id}`);
    while (!(await page.isDisabled("#kk-zoom-in"))) await page.click("#kk-zoom-in");
    await page.waitForTimeout(100);
    const seen = await page.evaluate((cellId) => {
      const view = document.getElementById("kk-viewport").getBoundingClientRect();
      const r = document.getElementById(cellId).getBoundingClientRect();
      return { selected: document.getElementById(cellId).classList.contains("kk-selected"), inView: r.left >= view.left - 0.5 && r.top >= view.top - 0.5 && r.right <= view.right + 0.5 && r.bottom <= view.bottom + 0.5 };
    }, id);
    assert.deepEqual(seen, { selected: true, inView: true }, "the selected cell after zooming in");
    // The pad under the board is in sight with the head, the page not scrolled.
    await page.evaluate(() => scrollTo(0, 0));
    await inSight(page, "#kk-pad");
    assert.deepEqual(await screenProblems(page), []);
  });
});

test("Kakuro's editor held sideways and its tutorial on a desktop: the board beside its controls, the editor's cells >= 32 px", async () => {
  await withPage("kakuro-editor-sideways", { ...phone, viewport: { width: 844, height: 390 } }, async (page) => {
    await page.goto(`${suite.url}#/kakuro/editor`);
    await ready(page);
    await page.waitForSelector("#kk-ed-board [data-i]");
    await page.waitForTimeout(200);
    const { cell, board, tools } = await page.evaluate(() => {
      const box = (el) => el.getBoundingClientRect().toJSON();
      return { cell: box(document.querySelector("#kk-ed-board [data-i]")).width, board: box(document.getElementById("kk-ed-board")), tools: box(document.querySelector(".kk-ed-tools")) };
    });
    assert.ok(cell >= 32, `editor cells of ${cell} px`);
    assert.ok(tools.left >= board.right, `the tools beside the board (${JSON.stringify({ board, tools })})`);
    assert.deepEqual(await screenProblems(page), []);
  });
  await withPage("kakuro-tutorial-desktop", { viewport: { width: 1280, height: 800 } }, async (page) => {
    await page.goto(`${suite.url}#/kakuro/tutorial`);
    await ready(page);
    await page.waitForSelector("#kk-board");
    await page.waitForTimeout(200);
    const board = await page.locator("#kk-board").boundingBox();
    const pad = await page.locator("#kk-pad").boundingBox();
    assert.ok(pad.x >= board.x + board.width, `the pad beside the board (${JSON.stringify({ board, pad })})`);
    await inSight(page, "#kk-pad");
  });
});

test("Today on a phone: entries of one height, and a day nobody solved says so in words, not \"0 solvers\"", async () => {
  for (const [lang, locale] of Object.entries(LOCALES)) {
    await withPage(`today-${lang}`, { ...phone, locale }, async (page) => {
      await page.goto(`${suite.url}#/today`);
      await ready(page);
      await page.waitForSelector("#daily-tables .daily-table");
      const { heights, solvers } = await page.evaluate(() => ({
        heights: [...document.querySelectorAll(".daily-entry")].map((el) => Math.round(el.getBoundingClientRect().height)),
        solvers: [...document.querySelectorAll(".daily-solvers")].map((el) => el.textContent),
      }));
      assert.ok(heights.length === 5 && new Set(heights).size === 1, `${lang}: entry heights ${heights}`);
      assert.ok(solvers.length > 0 && solvers.every((s) => !/(^|\D)0(\D|$)/.test(s)), `${lang}: ${solvers.join(" | ")}`);
      assert.deepEqual(await screenProblems(page), [], lang);
    });
  }
});

test("Triplex and ChessMemory on a phone: the clock on the line of the way back, the tools in two rows, no gap under the chessboard; held sideways the squares larger than 32 px", async () => {
  await withPage("phone-heads", phone, async (page) => {
    for (const hash of ["#/triplex/1", "#/chess"]) {
      await page.goto(`${suite.url}${hash}`);
      await ready(page);
      await page.waitForSelector("#stage .piece, #chess-board .chess-square");
      const head = await page.evaluate(() => {
        const top = (el) => Math.round(el.getBoundingClientRect().top);
        const section = document.querySelector("#view section");
        const back = section.querySelector(".screen-head .back");
        const timer = section.querySelector(".screen-head .timer");
        const tools = new Set([...section.querySelectorAll(":scope > .tools > button")].map(top));
        return { backLine: Math.abs(top(back) - top(timer)) <= 8, toolRows: tools.size };
      });
      assert.ok(head.backLine, `${hash}: the clock on the way back's line (${JSON.stringify(head)})`);
      assert.ok(head.toolRows <= 2, `${hash}: the tools in ${head.toolRows} rows`);
      assert.deepEqual(await screenProblems(page), [], hash);
    }
    // Under the chessboard the help follows at once (room kept for a message left a gap).
    const gap = await page.evaluate(() => {
      const board = document.getElementById("chess-board").getBoundingClientRect();
      const next = [...document.querySelectorAll(".chess > *")]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.height > 0 && r.top >= board.bottom)
        .sort((a, b) => a.top - b.top)[0];
      return next.top - board.bottom;
    });
    assert.ok(gap <= 32, `${gap} px under the chessboard`);
  });
  await withPage("chess-sideways-squares", { ...phone, viewport: { width: 844, height: 390 } }, async (page) => {
    await page.goto(`${suite.url}#/chess`);
    await ready(page);
    await page.waitForSelector("#chess-board .chess-square");
    const { cell, box } = await boardLayout(page);
    assert.ok(cell >= 35, `squares of ${cell} px held sideways`);
    assert.ok(box.top >= 0 && box.bottom <= 390.5, `the whole board in the window (${JSON.stringify(box)})`);
  });
});
