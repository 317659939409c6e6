// ChessMemory's board in the DOM: 64 buttons in a grid with one tab stop
// (a roving tabindex moved by the arrow keys, Home and End), each drawn
// face down, open, missed or found with its piece and a name for screen
// readers. The game itself (what a square does when chosen) is chess.js's.

import { pieceSvg } from "./chess-pieces.js";
import { squareName } from "./chess-rules.js";
import { h } from "./dom.js";

/** Catalog keys of the pieces' names, by setup letter. */
const PIECE_NAMES = {
  Q: "chess.piece.whiteQueen",
  N: "chess.piece.whiteKnight",
  B: "chess.piece.whiteBishop",
  R: "chess.piece.whiteRook",
  q: "chess.piece.blackQueen",
  n: "chess.piece.blackKnight",
  b: "chess.piece.blackBishop",
  r: "chess.piece.blackRook",
};

/** The name of the piece with setup letter `letter` in the player's language. */
export function pieceName(t, letter) {
  return t(PIECE_NAMES[letter]);
}

/**
 * Builds the board of a game whose setup came from `source` and returns
 * {el, draw, setCursor}: the grid element, `draw(game)` to show every square
 * as `game` has it, and `setCursor(i, focus = true)` to move the tab stop to
 * square i. A click or Enter/Space on square i calls `onChoose(i)`; every
 * move of the tab stop calls `onCursor(i)`, so the caller can start the next
 * board where this one's stopped (`cursor`).
 */
export function createBoard({ t, source, cursor, onChoose, onCursor }) {
  const el = h("div", {
    class: "chess-board",
    id: "chess-board",
    role: "grid",
    "aria-label": t("chess.board"),
    "data-source": source ?? "",
  });
  const squares = [];
  for (let row = 0; row < 8; row++) {
    const rowEl = h("div", { role: "row", class: "chess-row" });
    for (let col = 0; col < 8; col++) {
      const i = row * 8 + col;
      const square = h("button", {
        type: "button",
        role: "gridcell",
        class: `chess-square ${(row + col) % 2 ? "dark" : "light"}`,
        "data-square": squareName(i),
        "data-index": i,
        tabindex: i === cursor ? 0 : -1,
        onclick: () => onChoose(i),
        onfocus: () => setCursor(i, false),
      });
      squares.push(square);
      rowEl.append(square);
    }
    el.append(rowEl);
  }
  el.addEventListener("keydown", keyDown);

  function setCursor(i, focus = true) {
    cursor = i;
    onCursor(i);
    squares.forEach((square, k) => square.setAttribute("tabindex", k === i ? "0" : "-1"));
    if (focus) squares[i].focus();
  }

  function keyDown(e) {
    const row = Math.floor(cursor / 8);
    const col = cursor % 8;
    const moves = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
      Home: [row, 0],
      End: [row, 7],
    };
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    const [r, c] = to;
    if (r >= 0 && r < 8 && c >= 0 && c < 8) setCursor(r * 8 + c);
  }

  /** Shows every square as `game` has it; face-down squares carry no piece in the DOM. */
  function draw(game) {
    const setup = game.setup;
    const missed = game.shown.length === 2;
    squares.forEach((square, i) => {
      const found = game.matched.includes(i);
      const shown = game.shown.includes(i);
      const state = found ? "found" : shown ? (missed ? "missed" : "shown") : "hidden";
      if (square.dataset.state === state) return;
      square.dataset.state = state;
      const name = squareName(i);
      if (state === "hidden") {
        square.replaceChildren();
        delete square.dataset.piece;
        square.setAttribute("aria-label", t("chess.square.hidden", { square: name }));
      } else {
        square.replaceChildren(pieceSvg(setup[i]));
        square.dataset.piece = setup[i];
        const piece = pieceName(t, setup[i]);
        square.setAttribute(
          "aria-label",
          t(found ? "chess.square.found" : "chess.square.open", { square: name, piece }),
        );
      }
      square.setAttribute("aria-disabled", String(state === "found"));
    });
    el.classList.toggle("done", game.done);
  }

  return { el, draw, setCursor };
}
