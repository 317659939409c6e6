// Every state a player reaches (lib/states.mjs: each game's end, solo and
// for two, dialogs open, hints shown, a zoomed 30×30, the dailies after a
// solve, print media, offline), not only each screen's first view, with the
// checks every screen owes a player: no "null", "undefined", "NaN", raw
// catalog key or unfilled placeholder on show; no sideways scroll; nothing
// lying over a control or the board; board cells of 32 px or more; every
// board centred in its area. In all five languages on a portrait phone, and
// in English held sideways and on a desktop. (web-tests/tools/screens.mjs
// takes the same states' pictures in both themes for a person to look at.)

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { e2eSuite } from "../lib/browser.mjs";
import { WEB } from "../lib/engine.mjs";
import { walkStates } from "../lib/states.mjs";

const suite = e2eSuite("states");
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const VIEWS = {
  "phone-ru": { ...phone, locale: "ru-RU" },
  "phone-en": { ...phone, locale: "en-US" },
  "phone-fr": { ...phone, locale: "fr-FR" },
  "phone-de": { ...phone, locale: "de-DE" },
  "phone-zh": { ...phone, locale: "zh-CN" },
  "sideways-en": { ...phone, viewport: { width: 844, height: 390 }, locale: "en-US" },
  "desktop-en": { viewport: { width: 1280, height: 800 }, locale: "en-US" },
};
/** Every catalog key: one on show is a translation that never happened. */
const KEYS = Object.keys(JSON.parse(readFileSync(path.join(WEB, "i18n", "en.json"), "utf8")));
/**
 * States whose board is shown whole on purpose (zoomed out), so its cells
 * may be small: the editor, and a solved Kakuro (nothing left to tap; the
 * screen review found it cut at the top while kept zoomed).
 */
const WHOLE_BOARD = new Set(["kakuro-editor", "offline-kakuro-editor", "kakuro-solved", "today-kakuro-solved"]);
/**
 * The finished states: the board, its end panel and the screen's head (the
 * way back, the clock, the counts) seen together, wholly in the window, the
 * panel heading the side column beside the board. By view: beside the
 * controls (held sideways, a desktop) without page scroll (held sideways the
 * page scrolled 353 px to ChessMemory's end panel, taking the board out of
 * sight, and the head lay below the panel out of view; a solved Kakuro on a
 * desktop opened scrolled 25 px to its card at the foot of the side column);
 * stacked on a portrait phone the page scrolls the panel under the board into
 * sight, the head may scroll away.
 */
const FINISHED = new Set(["triplex-solved", "blockpuzzle-solved", "kakuro-solved", "chess-end-solo", "chess-end"]);
const FINISHED_VIEWS = new Map([
  ["sideways-en", "unscrolled"],
  ["desktop-en", "unscrolled"],
  ["phone-en", "scrolled"],
]);
/**
 * The views where every board lies wholly in the window, beside or under its
 * controls (the Kakuro editor's 10×10 held sideways ran 60 px below it).
 */
const BOARD_IN_WINDOW_VIEWS = new Set(["sideways-en", "desktop-en"]);

/** What is wrong with the state shown (runs in the page). */
function problemsInPage({ keys, print, cellsAtLeast, finished, boardInWindow }) {
  const problems = [];
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.classList.length ? `.${[...el.classList].join(".")}` : ""}`;
  const shown = document.body.innerText;
  const leaked = shown.match(/\b(null|undefined|NaN)\b/);
  if (leaked) problems.push(`shows "${leaked[0]}"`);
  const placeholder = shown.match(/\{[a-zA-Z]\w*\}/);
  if (placeholder) problems.push(`shows the placeholder ${placeholder[0]}`);
  const key = keys.find((k) => new RegExp(`(^|[^\\w.])${k.replace(/\./g, "\\.")}($|[^\\w.])`).test(shown));
  if (key) problems.push(`shows the catalog key ${key}`);
  if (print) {
    // A printout carries a heading saying what it is (print.js's printHeading), above the board.
    const heading = document.querySelector(".print-heading");
    // ChessMemory prints its answer sheet in place of the face-down board.
    const board = document.querySelector("#chess-sheet, #stage, #kk-board");
    if (!heading || heading.getBoundingClientRect().height === 0 || !heading.innerText.trim()) problems.push("prints without a heading");
    else if (!board || board.getBoundingClientRect().height === 0) problems.push("prints no board");
    else if (heading.getBoundingClientRect().top > board.getBoundingClientRect().top) problems.push("prints its heading below the board");
    return problems;
  }
  // Against the layout's width: a phone zooms a page wider than the window
  // out, and innerWidth grows with it (a solved Kakuro held sideways, 151 px
  // wider, went unseen).
  const wide = document.documentElement.scrollWidth - document.documentElement.clientWidth;
  if (wide > 0) problems.push(`${wide} px wider than the window`);
  // An open modal dialog is what the player looks at; the page behind is out of reach.
  const modal = [...document.querySelectorAll("dialog[open]")].find((d) => d.matches(":modal"));
  // A finish's panel (its result card, the way on) in sight once shown:
  // wholly in the window where it fits (held sideways it lay below the fold),
  // unless a dialog opened over it (the two players' names asked after a
  // game played alone, its button reached by scrolling past the panel).
  for (const panel of modal ? [] : document.querySelectorAll("#status, #kk-status, #chess-end")) {
    const r = panel.getBoundingClientRect();
    if (panel.closest("[hidden]") || r.height === 0 || r.height > innerHeight) continue;
    if (r.top < -1 || r.bottom > innerHeight + 1) problems.push(`${name(panel)} at ${Math.round(r.top)}..${Math.round(r.bottom)}, out of the window's ${innerHeight} px`);
  }
  // A finish: the board and its panel wholly in the window, and the screen's
  // head with them where it lies beside the board; the page not scrolled
  // where asked, unless the board under a head above it would not fit the
  // window so (a Kakuro held sideways opens scrolled to its board).
  if (finished && !modal) {
    const board = document.querySelector("#stage, #kk-viewport, #chess-board");
    const head = document.querySelector("#view .screen-head");
    const beside = board && head && head.getBoundingClientRect().left >= board.getBoundingClientRect().right - 1;
    const fitsUnscrolled = board && board.getBoundingClientRect().bottom + scrollY <= innerHeight + 1;
    if (finished === "unscrolled" && scrollY > 0 && (beside || fitsUnscrolled)) problems.push(`the page scrolled ${Math.round(scrollY)} px at the end`);
    const seen = [...document.querySelectorAll("#stage, #kk-viewport, #chess-board, #status, #kk-status, #chess-end")];
    if (finished === "unscrolled" && beside) seen.push(head);
    for (const el of seen) {
      const r = el.getBoundingClientRect();
      if (r.top < -1 || r.bottom > innerHeight + 1) problems.push(`${name(el)} at ${Math.round(r.top)}..${Math.round(r.bottom)}: the finish not wholly in the window's ${innerHeight} px`);
    }
    // Beside the board, the panel heads the column of controls (the screen's head may sit above it).
    const panel = document.querySelector("#status:not([hidden]), #kk-status:not([hidden]), #chess-end:not([hidden])");
    if (panel && board && panel.getBoundingClientRect().left >= board.getBoundingClientRect().right) {
      const column = panel.closest(".kk-side") ?? panel.parentElement;
      const above = [...column.children].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.left >= board.getBoundingClientRect().right && r.bottom <= panel.getBoundingClientRect().top + 1 && !el.matches(".screen-head");
      });
      if (above.length) problems.push(`the end panel under ${above.map(name).join(", ")} in its column`);
    }
    // A solved Kakuro's digit pad and zoom do nothing: not on show.
    if (document.querySelector("#kk-board.kk-solved")) {
      for (const el of document.querySelectorAll("#kk-pad, .kk-board-bar, .kk-zoom")) {
        if (el.getBoundingClientRect().height > 0) problems.push(`${name(el)} on show on a solved board`);
      }
    }
  }
  // Every board wholly in the window beside or under its controls, where asked.
  if (boardInWindow && !modal) {
    for (const el of document.querySelectorAll("#stage, #kk-viewport, #kk-ed-board, #chess-board")) {
      const r = el.getBoundingClientRect();
      if (r.height === 0 || el.closest("[hidden]")) continue;
      if (r.top < -1 || r.bottom > innerHeight + 1) problems.push(`${name(el)} at ${Math.round(r.top)}..${Math.round(r.bottom)}, not wholly in the window's ${innerHeight} px`);
    }
  }
  // The tutorial's step says what to do: in sight (a board scrolled to on opening scrolled it away).
  const step = document.getElementById("kk-tutorial-step");
  if (step && step.getBoundingClientRect().top < 0) problems.push(`the tutorial's step ${Math.round(-step.getBoundingClientRect().top)} px above the window`);

  // Nothing lies over a control (within an open modal dialog, only its own
  // controls count: the rest is meant to be out of reach).
  const controls = (modal ?? document).querySelectorAll("a[href], button, input, select, textarea, .piece, .level-tile");
  for (const el of controls) {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (r.width < 4 || r.height < 4 || style.visibility === "hidden" || style.pointerEvents === "none" || Number(style.opacity) === 0) continue;
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || el.contains(hit) || hit.contains(el) || hit.closest("label")?.contains(el)) continue;
    if ([...(el.labels ?? [])].some((label) => label.contains(hit))) continue;
    problems.push(`${name(hit)} lies over ${name(el)}`);
  }

  // Over a solved daily, the way back to Today shares its row (with Share,
  // the way on of every finish): on a row of its own it cost the panel a line.
  const toToday = document.getElementById("daily-to-today");
  if (toToday && !modal && toToday.getBoundingClientRect().height > 0) {
    const r = toToday.getBoundingClientRect();
    const middle = (r.top + r.bottom) / 2;
    const sharing = [...document.querySelectorAll("#view a, #view button")].some((el) => {
      const o = el.getBoundingClientRect();
      return el !== toToday && o.height > 0 && o.top < middle && o.bottom > middle;
    });
    if (!sharing) problems.push(`${name(toToday)} on a row of its own`);
  }

  // A result card's text inside its panel (held sideways a daily's card
  // kept its lines to one line and ran out of the panel's right edge).
  for (const text of document.querySelectorAll(".result-text")) {
    const panel = text.closest(".status, .daily-day-card");
    const [t, p] = [text.getBoundingClientRect(), panel?.getBoundingClientRect()];
    if (p && t.width > 0 && (t.right > p.right + 1 || t.left < p.left - 1)) problems.push(`the result card's text ${Math.round(t.right - p.right)} px out of its panel`);
  }

  // The game's board, or the editor's (centred as any board is).
  const board = document.querySelector("#stage, #kk-board, #chess-board, #kk-ed-board");
  if (!board || modal || board.getBoundingClientRect().width === 0 || board.closest("[hidden]")) return problems;
  // What shows of the board: a zoomed Kakuro scrolls inside its viewport.
  const own = board.closest("#kk-viewport") ?? board;
  const [b, v] = [board.getBoundingClientRect(), own.getBoundingClientRect()];
  const box = { left: Math.max(b.left, v.left), right: Math.min(b.right, v.right), top: Math.max(b.top, v.top), bottom: Math.min(b.bottom, v.bottom) };
  // Nothing lies over the board (a placed piece is part of it).
  const inset = 3;
  for (const [x, y] of [
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
    [(box.left + box.right) / 2, (box.top + box.bottom) / 2],
  ]) {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && !own.contains(hit) && !hit.closest(".piece") && !hit.contains(own)) {
      problems.push(`${name(hit)} lies over the board at ${Math.round(x)},${Math.round(y)}`);
    }
  }
  // Cells a finger can hit.
  const cell =
    board.id === "stage"
      ? parseFloat(board.style.getPropertyValue("--cell"))
      : board.querySelector(".kk-cell, .chess-square")?.getBoundingClientRect().width;
  if (cellsAtLeast && cell < cellsAtLeast) problems.push(`board cells of ${cell} px`);
  // Centred in its area: the parent it sits in, or its grid column. What
  // is centred is what the player sees as the board: a Triplex stage's
  // rectangle once solved (the pieces all lie in it) or with the tray of
  // pieces below it (the stage's spare column sat it at the left), else
  // the whole stage (the rectangle beside its tray).
  const area = own.parentElement;
  const target = board.id === "stage" ? document.getElementById("target") : null;
  const loose = target
    ? [...board.querySelectorAll(".piece")].filter((p) => {
        const [x, y] = [Number(p.dataset.x), Number(p.dataset.y)];
        const t = target.dataset;
        return x < Number(t.x) || y < Number(t.y) || x >= Number(t.x) + Number(t.width) || y >= Number(t.y) + Number(t.height);
      })
    : [];
  const trayBelow = loose.length > 0 && loose.every((p) => Number(p.dataset.y) >= Number(target.dataset.y) + Number(target.dataset.height));
  const centred = target && (board.classList.contains("solved") || trayBelow) ? target : own;
  let left = area.getBoundingClientRect().left + parseFloat(getComputedStyle(area).paddingLeft);
  let right = area.getBoundingClientRect().right - parseFloat(getComputedStyle(area).paddingRight);
  const ownBox = centred.getBoundingClientRect();
  if (getComputedStyle(area).display === "grid") {
    const tracks = getComputedStyle(area).gridTemplateColumns.split(" ").map(parseFloat);
    const gap = parseFloat(getComputedStyle(area).columnGap) || 0;
    let start = left;
    for (const width of tracks) {
      if (ownBox.left >= start - 1 && ownBox.left < start + width) {
        [left, right] = [start, start + width];
        break;
      }
      start += width + gap;
    }
  }
  const off = Math.abs(ownBox.left - left - (right - ownBox.right));
  if (ownBox.width < right - left - 2 && off > 2) problems.push(`the board ${Math.round(off)} px off the centre of its area`);
  // The editor's board beside its tools: in the middle of its column, the
  // window's height under the section's top (the top bar's and a notice's
  // foot) too (held sideways it sat 3 px under the window's edge and 16 px
  // over its foot, at 36 px cells), unless at 32 px cells the window has no
  // room for it there (an offline notice) and it opens scrolled to it.
  const section = board.closest("section");
  if (board.id === "kk-ed-board" && section.classList.contains("layout-side")) {
    const top = Math.max(section.getBoundingClientRect().top, 0);
    const gap = Math.abs(ownBox.top - top - (innerHeight - ownBox.bottom));
    const room = ownBox.height <= innerHeight - (section.getBoundingClientRect().top + scrollY);
    if ((room || cell > 32) && gap > 2) problems.push(`the editor's board ${Math.round(gap)} px off the middle of the window's height`);
  }
  return problems;
}

for (const [view, options] of Object.entries(VIEWS)) {
  test(`every state a player reaches, ${view}: nothing leaked, no sideways scroll, nothing over a control or the board, cells >= 32 px, boards centred`, async () => {
    await suite.withPage(`states-${view}`, options, async (page, context) => {
      const found = [];
      await walkStates(page, context, suite.url, async (state, { print = false } = {}) => {
        await page.waitForTimeout(150);
        const cellsAtLeast = WHOLE_BOARD.has(state) ? 0 : 32;
        const finished = !print && FINISHED.has(state) ? (FINISHED_VIEWS.get(view) ?? null) : null;
        const boardInWindow = BOARD_IN_WINDOW_VIEWS.has(view);
        const problems = await page.evaluate(problemsInPage, { keys: KEYS, print, cellsAtLeast, finished, boardInWindow });
        if (problems.length) {
          found.push(`${state}: ${problems.join("; ")}`);
          await suite.snap(page, `${view}-${state}`);
        }
      });
      assert.deepEqual(found, [], `${view}: states with problems`);
    });
  });
}
