// What the player does on a Kakuro board (a game or the tutorial): select a
// cell by click, tap or arrows; enter a digit or a pencil mark from the
// keyboard or the pad; erase; undo and redo; switch pencil mode and hints.
// Each function takes the board screen of kakuro-play.js.

import { erase, placeDigit, redo, toggleMark, undo } from "./kakuro-game.js";
import { saveKakuroSettings } from "./kakuro-store.js";

const ARROWS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

/** Selects cell i, or for a clue the first cell of its run (across first). */
export function clickCell(screen, i) {
  const board = screen.game.board;
  const cell = board.cells[i];
  if (cell.kind === "digit") screen.selected = i;
  else if (cell.kind === "clue") {
    const runs = board.runs.filter((r) => r.clue === i);
    const run = runs.find((r) => r.dir === "across") ?? runs[0];
    if (run) screen.selected = run.cells[0];
  }
  screen.el.focus({ preventScroll: true });
  screen.refresh();
}

/** A digit (1..9) from the keyboard or the pad, or 0 to erase; `mark` for a pencil mark. */
export function enter(screen, d, mark = false) {
  if (screen.selected < 0) return;
  const g = screen.game;
  let changed;
  if (d === 0) changed = erase(g, screen.selected);
  else if (screen.pencil || mark) changed = toggleMark(g, screen.selected, d);
  else changed = g.values[screen.selected] === d ? false : placeDigit(g, screen.selected, d);
  if (changed) screen.moved();
}

/** One step back (undo) or forward (redo) in the game's history. */
export function history(screen, step) {
  if (step(screen.game)) screen.moved();
}

/** Undoes the last move. */
export const undoMove = (screen) => history(screen, undo);
/** Redoes the last move undone. */
export const redoMove = (screen) => history(screen, redo);

/** Switches pencil mode (digits become marks). */
export function togglePencil(screen) {
  screen.pencil = !screen.pencil;
  screen.refresh();
}

/** Shows or hides the hints (kept as a setting outside the tutorial). */
export function toggleHints(screen) {
  screen.hints = !screen.hints;
  if (!screen.tutorial) {
    screen.settings.hints = screen.hints;
    saveKakuroSettings(screen.storage, screen.settings);
  }
  screen.refresh();
}

/** Moves the selection to the next digit cell in direction (dr, dc). */
function move(screen, dr, dc) {
  const board = screen.game.board;
  if (screen.selected < 0) {
    screen.selected = board.cells.findIndex((x) => x.kind === "digit");
    screen.refresh();
    screen.reveal();
    return;
  }
  let r = Math.floor(screen.selected / board.cols);
  let c = screen.selected % board.cols;
  for (;;) {
    r += dr;
    c += dc;
    if (r < 0 || c < 0 || r >= board.rows || c >= board.cols) return;
    const i = r * board.cols + c;
    if (board.cells[i].kind === "digit") {
      screen.selected = i;
      screen.refresh();
      screen.reveal();
      return;
    }
  }
}

/** A key pressed anywhere on the page while the board screen is shown. */
export function keyDown(screen, e) {
  // Paused: the board is hidden, and no key plays on it.
  if (screen.paused) return;
  if (document.querySelector("dialog[open]")) return;
  if (e.target.closest?.("input, select, textarea")) return;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && key === "z") {
    e.preventDefault();
    if (e.shiftKey) redoMove(screen);
    else undoMove(screen);
    return;
  }
  if (mod && key === "y") {
    e.preventDefault();
    redoMove(screen);
    return;
  }
  if (mod || e.altKey) return;
  if (e.key in ARROWS) {
    e.preventDefault();
    move(screen, ...ARROWS[e.key]);
    return;
  }
  // By the physical key, so Shift+digit (a pencil mark) works on any layout.
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(e.code ?? "")?.[1] ?? /^[0-9]$/.exec(e.key)?.[0] ?? null;
  if (digit !== null) {
    e.preventDefault();
    enter(screen, Number(digit), e.shiftKey);
  } else if (e.key === "Backspace" || e.key === "Delete") {
    e.preventDefault();
    enter(screen, 0);
  } else if (key === "p") {
    e.preventDefault();
    togglePencil(screen);
  } else if (key === "h") {
    e.preventDefault();
    toggleHints(screen);
  }
}
