// What the player does to a Triplex board: drag a piece (pointer events:
// mouse, touch, pen), tap the rotatable piece to turn it, lift and move a
// piece with the keyboard, undo and reset. Every move is checked against the
// board's rules (triplex-board.js) before it is made.

import { canPlace, cellsAt, onStage, shapesOf, startPositions } from "./triplex-board.js";

/** Undo steps kept per level. */
export const UNDO_LIMIT = 200;
/** Offsets to try, nearest first, when a turned piece does not fit where it is. */
const NUDGES = [];
for (let d = 0; d <= 3; d++) {
  for (let dy = -d; dy <= d; dy++) {
    for (let dx = -d; dx <= d; dx++) {
      if (Math.max(Math.abs(dx), Math.abs(dy)) === d) NUDGES.push([dx, dy]);
    }
  }
}
/** Pixels a pointer must travel before a press counts as a drag, not a tap. */
const DRAG_THRESHOLD = 6;
const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The moves and input handlers of the level being played. `play` holds the
 * `session` and its view `ui` (either may be null) and is told
 * `changed()` after every move and `restarted()` when a solved level is
 * reset to be played again.
 */
export function createInput(play) {
  let drag = null;

  /** Keeps the board as it is for Undo; a new move forgets what Undo took back (Redo's list). */
  function pushUndo(keepRedo = false) {
    const s = play.session;
    s.undo.push(s.positions.map((p) => ({ ...p })));
    if (s.undo.length > UNDO_LIMIT) s.undo.shift();
    if (!keepRedo) s.redo = [];
  }

  /** Moves piece k to `pos` if it may lie there; true when it moved. */
  function tryMove(k, pos) {
    const s = play.session;
    const cur = s.positions[k];
    if (cur.x === pos.x && cur.y === pos.y && cur.o === pos.o) {
      play.ui?.drawPiece(k);
      return false;
    }
    if (!canPlace(s.level, s.stage, s.positions, k, pos)) {
      play.ui?.drawPiece(k);
      play.ui?.refuse(k);
      return false;
    }
    pushUndo();
    s.positions = s.positions.map((p, j) => (j === k ? { ...pos } : p));
    // Counted for the result card (a hint's placing counts as one).
    s.moves = (s.moves ?? 0) + 1;
    play.changed();
    return true;
  }

  /** The next orientation of the rotatable piece, nudged to fit if needed. */
  function rotated(k, from) {
    const s = play.session;
    const shapes = shapesOf(s.level, k);
    if (shapes.length < 2) return null;
    const o = (from.o + 1) % shapes.length;
    // Turn in place if there is room, else at the nearest free place.
    for (const [dx, dy] of NUDGES) {
      const pos = { x: from.x + dx, y: from.y + dy, o };
      if (canPlace(s.level, s.stage, s.positions, k, pos)) return pos;
    }
    return null;
  }

  function rotate(k) {
    const s = play.session;
    if (s.solved || s.level.rotatable !== k) return;
    const pos = rotated(k, s.positions[k]);
    if (pos) tryMove(k, pos);
  }

  /** Sets every piece's position at once (a hint), as one undoable move. */
  function place(positions) {
    const s = play.session;
    if (!s || s.solved) return;
    pushUndo();
    s.positions = positions.map((p) => ({ ...p }));
    s.moves = (s.moves ?? 0) + 1;
    play.changed();
  }

  function undo() {
    const s = play.session;
    if (!s || s.undo.length === 0) return;
    (s.redo ??= []).push(s.positions.map((p) => ({ ...p })));
    s.positions = s.undo.pop();
    s.pending = null;
    play.changed();
  }

  /** Makes again the move Undo took back last. */
  function redo() {
    const s = play.session;
    if (!s || !s.redo?.length) return;
    pushUndo(true);
    s.positions = s.redo.pop();
    s.pending = null;
    s.moves = (s.moves ?? 0) + 1;
    play.changed();
  }

  function reset() {
    const s = play.session;
    if (!s) return;
    pushUndo();
    s.positions = startPositions(s.stage);
    s.pending = null;
    const wasSolved = s.solved;
    play.changed();
    if (wasSolved) play.restarted();
  }

  function pointerDown(e, k) {
    const s = play.session;
    if (s.solved || drag) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.preventDefault();
    const el = play.ui.piece(k);
    el.setPointerCapture?.(e.pointerId);
    s.pending = null;
    drag = { k, id: e.pointerId, sx: e.clientX, sy: e.clientY, dx: 0, dy: 0, moved: false };
    el.classList.add("dragging");
    el.focus({ preventScroll: true });
  }

  function pointerMove(e) {
    if (!drag || drag.id !== e.pointerId) return;
    drag.dx = e.clientX - drag.sx;
    drag.dy = e.clientY - drag.sy;
    if (Math.hypot(drag.dx, drag.dy) >= DRAG_THRESHOLD) drag.moved = true;
    if (drag.moved) play.ui.piece(drag.k).style.transform = `translate(${drag.dx}px, ${drag.dy}px)`;
  }

  function pointerUp(e, k) {
    if (!drag || drag.id !== e.pointerId || drag.k !== k) return;
    const { dx, dy, moved } = drag;
    pointerCancel();
    if (!moved) {
      rotate(k);
      return;
    }
    const cur = play.session.positions[k];
    const cell = play.ui.cell;
    tryMove(k, { x: cur.x + Math.round(dx / cell), y: cur.y + Math.round(dy / cell), o: cur.o });
  }

  function pointerCancel() {
    if (!drag) return;
    const el = play.ui?.piece(drag.k);
    if (el) {
      el.style.transform = "";
      el.classList.remove("dragging");
    }
    drag = null;
  }

  /** Lifts piece k to `pos` (keyboard) if it stays on the stage; true when it did. */
  function lift(k, pos) {
    const s = play.session;
    // A lifted piece may pass over others but stays on the stage.
    if (!onStage(s.stage, cellsAt(s.level, k, pos))) return false;
    s.pending = { k, pos };
    return true;
  }

  function keyDown(e, k) {
    const s = play.session;
    if (s.solved) return;
    const pending = s.pending?.k === k ? s.pending.pos : null;
    if (e.key in STEPS) {
      e.preventDefault();
      const from = pending ?? s.positions[k];
      const [dx, dy] = STEPS[e.key];
      if (lift(k, { ...from, x: from.x + dx, y: from.y + dy })) play.ui.drawPiece(k);
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (pending) {
        s.pending = null;
        if (!tryMove(k, pending)) play.ui?.drawPiece(k);
      }
    } else if (e.key === "Escape") {
      if (pending) {
        e.preventDefault();
        s.pending = null;
        play.ui.drawPiece(k);
      }
    } else if (e.key === "r" || e.key === "R" || e.key === " ") {
      e.preventDefault();
      if (s.level.rotatable !== k) return;
      if (pending) {
        const shapes = shapesOf(s.level, k);
        if (!lift(k, { ...pending, o: (pending.o + 1) % shapes.length })) s.pending = { k, pos: pending };
        play.ui.drawPiece(k);
      } else {
        rotate(k);
      }
    } else if ((e.key === "z" || e.key === "Z") && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (e.shiftKey) redo();
      else undo();
    } else if (e.key === "y" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      redo();
    }
  }

  /** A piece that loses the focus drops what the keyboard lifted. */
  function blur(k) {
    const s = play.session;
    if (s?.pending?.k === k) {
      s.pending = null;
      play.ui?.drawPiece(k);
    }
  }

  return {
    undo,
    redo,
    place,
    reset,
    piece: { pointerDown, pointerMove, pointerUp, pointerCancel, keyDown, blur },
  };
}
