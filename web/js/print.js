// Printing a game screen. Every game screen has a Print button and marks
// what a print shows (`print-area`: the heading of printHeading and the
// board); the `@media print` block at the end of css/app.css hides
// everything else (top bar, head, buttons, notes) and draws the board black
// on white. Whatever a print needs is in the page from the start, so the
// browser's own print (Ctrl+P) prints what the Print button does.

import { button, h } from "./dom.js";
import { pieceSvg } from "./chess-pieces.js";

/** Marks `el` as what printing the screen shows, and returns it. */
export function printArea(el) {
  el.classList.add("print-area");
  return el;
}

/** The Print button of a game screen: the browser's print dialog, which prints what Ctrl+P does. */
export function printButton(t) {
  return button("print", t("print.button"), () => window.print(), { class: "ghost" });
}

/**
 * The heading a print carries above the board, shown only in print: the
 * game and its title (`title`, e.g. "Triplex · Level 7"), the level's
 * `code` if it has one, and the day: the daily's own `day` (yyyy-mm-dd),
 * else the date it is printed (the screen is drawn anew each visit).
 */
export function printHeading(t, { title, code = null, day = null }) {
  let date = day;
  try {
    date = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "long", timeZone: day ? "UTC" : undefined }).format(
      day ? new Date(`${day}T00:00:00Z`) : new Date(),
    );
  } catch {
    // An odd day string: shown as given.
  }
  return h(
    "header",
    { class: "print-heading print-area print-only", id: "print-heading" },
    h("strong", {}, title),
    h("span", {}, [code ? t("print.code", { code }) : null, date].filter(Boolean).join(" · ")),
  );
}

/**
 * ChessMemory's answer sheet: the whole setup (64 letters, rank 8 first),
 * every piece shown, with a line saying what it is. Shown only in print
 * (a memory game's board is face down on screen).
 */
export function chessSheet(t, setup) {
  const squares = [...setup].map((letter, i) =>
    h("div", { class: `chess-sheet-square ${(Math.floor(i / 8) + i) % 2 ? "dark" : "light"}` }, pieceSvg(letter)),
  );
  return h(
    "div",
    { class: "chess-sheet print-area print-only", id: "chess-sheet" },
    h("div", { class: "chess-sheet-board" }, ...squares),
    h("p", {}, t("print.answerSheet")),
  );
}
