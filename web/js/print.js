// Printing a game screen. Every game screen has a Print button and marks
// the one element a print shows (`print-area`, the board); the `@media
// print` block at the end of css/app.css hides everything else (top bar,
// head, buttons, notes) and draws the board black on white.

import { button, h } from "./dom.js";
import { pieceSvg } from "./chess-pieces.js";

/** Marks `el` as what printing the screen shows, and returns it. */
export function printArea(el) {
  el.classList.add("print-area");
  return el;
}

/**
 * The Print button of a game screen: runs `before()` if given (to build
 * what prints), then opens the browser's print dialog.
 */
export function printButton(t, before) {
  return button(
    "print",
    t("print.button"),
    () => {
      before?.();
      window.print();
    },
    { class: "ghost" },
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
