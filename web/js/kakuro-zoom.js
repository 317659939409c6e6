// Zoom and pan for a Kakuro board larger than the screen (up to 30×30 on a
// phone). The board's wrapper is a scrolling viewport; the zoom is the
// board's cell size (--cell), from "the whole board fits" up to at least a
// finger's width. Buttons (−, whole board, +), a pinch (two pointers),
// Ctrl+wheel and, when zoomed in, a one-finger (or mouse) drag that pans.
// A tap still reaches the board as a click: a pointer that moves less than
// TAP_SLOP pixels is a tap, anything more a drag, whose click is swallowed.

import { button, h } from "./dom.js";
import { fitBoard } from "./kakuro-view.js";

/** The smallest cell a finger hits reliably (CSS px): zooming in goes at least this far. */
export const FINGER = 44;
/**
 * The smallest cell a board opens at (CSS px, the size the screen review
 * holds every board to): a board whose whole view is smaller opens zoomed
 * to this on its first empty run (kakuro-play.js), Whole board a tap away.
 */
export const READABLE = 32;
/** The largest cell the zoom offers. */
const MAX_CELL = 56;
/** A pointer moving farther than this (px) drags instead of tapping. */
const TAP_SLOP = 8;
/** One press of + or − zooms by this factor. */
const STEP = 1.5;

/**
 * Zoom and pan for board element `boardEl` (a kakuro-view.js board of
 * `board`) inside its scrolling wrapper `wrap`; `t` names the buttons;
 * `focus()` gives the cell the player works on (the selected one) or null.
 * Returns {controls (the buttons' group, hidden when the board fits at
 * full size), fit(width, height, max), zoomBy(factor), reveal(rect)}; the
 * first fit opens a board whose whole view has cells under READABLE px at
 * READABLE instead.
 */
export function createZoom(wrap, boardEl, board, t, focus = () => null) {
  const state = { cell: 0, fitCell: 0, maxCell: MAX_CELL, zoomed: false };
  const outButton = button("kk-zoom-out", "−", () => zoomOnFocus(1 / STEP), {
    class: "ghost kk-zoom-key",
    "aria-label": t("kakuro.zoomOut"),
    title: t("kakuro.zoomOut"),
  });
  const fitButton = button("kk-zoom-fit", t("kakuro.zoomFit"), () => setCell(state.fitCell), { class: "ghost" });
  const inButton = button("kk-zoom-in", "+", () => zoomOnFocus(STEP), {
    class: "ghost kk-zoom-key",
    "aria-label": t("kakuro.zoomIn"),
    title: t("kakuro.zoomIn"),
  });
  const controls = h(
    "div",
    { class: "kk-zoom", id: "kk-zoom", role: "group", "aria-label": t("kakuro.zoom") },
    outButton,
    fitButton,
    inButton,
  );

  /** Sets the cell size (clamped), keeping the point (fx, fy) of the viewport in place. */
  function setCell(cell, fx = wrap.clientWidth / 2, fy = wrap.clientHeight / 2) {
    const next = Math.round(Math.max(state.fitCell, Math.min(state.maxCell, cell)));
    const ratio = (next + 1) / (state.cell + 1);
    const x = (wrap.scrollLeft + fx) * ratio - fx;
    const y = (wrap.scrollTop + fy) * ratio - fy;
    state.cell = next;
    state.zoomed = next > state.fitCell;
    boardEl.style.setProperty("--cell", `${next}px`);
    boardEl.dataset.cell = String(next);
    wrap.scrollLeft = x;
    wrap.scrollTop = y;
    outButton.disabled = next <= state.fitCell;
    fitButton.disabled = next <= state.fitCell;
    inButton.disabled = next >= state.maxCell;
  }

  function zoomBy(factor, fx, fy) {
    setCell(factor > 1 ? Math.max(state.cell + 1, state.cell * factor) : state.cell * factor, fx, fy);
  }

  /**
   * The buttons' zoom: about the focused cell where it is in view (else the
   * viewport's centre), which then stays in view; zoomed about the centre,
   * a selected cell near an edge left the viewport and the player lost it.
   */
  function zoomOnFocus(factor) {
    const el = focus();
    if (!el) return zoomBy(factor);
    const view = wrap.getBoundingClientRect();
    const cell = el.getBoundingClientRect();
    const fx = (cell.left + cell.right) / 2 - view.left;
    const fy = (cell.top + cell.bottom) / 2 - view.top;
    const inView = fx >= 0 && fy >= 0 && fx <= wrap.clientWidth && fy <= wrap.clientHeight;
    if (inView) zoomBy(factor, fx, fy);
    else zoomBy(factor);
    reveal(el.getBoundingClientRect());
  }

  /**
   * Fits the viewport to `width` × `height` px (its padding included): the
   * zoom's lower end is the whole board; a zoom the player chose is kept
   * (within the new range).
   */
  function fit(width, height, max = MAX_CELL) {
    const style = getComputedStyle(wrap);
    const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) || 0;
    const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) || 0;
    // fitBoard draws the fitted board, which would lose the panned place: kept here.
    const [left, top] = [wrap.scrollLeft, wrap.scrollTop];
    const cell = fitBoard({ el: boardEl }, board, width - padX, height - padY, { min: 4, max });
    state.fitCell = cell;
    state.maxCell = Math.max(MAX_CELL, cell);
    wrap.style.maxHeight = `${Math.max(height, 0)}px`;
    controls.hidden = state.maxCell <= cell;
    // The first fit of a board too big to read whole opens it readable.
    const opening = state.cell === 0 && cell < READABLE && !controls.hidden;
    if (opening) setCell(cell);
    setCell(opening ? READABLE : state.zoomed ? state.cell : cell);
    if (state.zoomed) [wrap.scrollLeft, wrap.scrollTop] = [left, top];
  }

  /** Scrolls the viewport the least so that `rect` (client coordinates) is in view, with a small margin. */
  function reveal(rect) {
    const view = wrap.getBoundingClientRect();
    const margin = 4;
    const dx =
      rect.left < view.left + margin
        ? rect.left - view.left - margin
        : Math.max(0, rect.right - (view.left + wrap.clientWidth - margin));
    const dy =
      rect.top < view.top + margin
        ? rect.top - view.top - margin
        : Math.max(0, rect.bottom - (view.top + wrap.clientHeight - margin));
    wrap.scrollLeft += dx;
    wrap.scrollTop += dy;
  }

  // Pointers down on the viewport: id → {x, y}.
  const pointers = new Map();
  let gesture = null;
  let swallowClick = false;
  const local = (p) => {
    const r = wrap.getBoundingClientRect();
    return { x: p.x - r.left, y: p.y - r.top };
  };
  const two = () => [...pointers.values()].slice(0, 2);
  const spread = ([a, b]) => Math.hypot(a.x - b.x, a.y - b.y) || 1;
  const middle = ([a, b]) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

  /** Starts the gesture of the pointers now down (a drag for one, a pinch for two). */
  function begin() {
    const [first] = pointers.values();
    if (pointers.size === 1) gesture = { kind: "drag", x: first.x, y: first.y, moved: false };
    else if (pointers.size >= 2) {
      const pair = two();
      gesture = { kind: "pinch", spread: spread(pair), cell: state.cell, mid: middle(pair) };
      swallowClick = true;
    }
  }

  wrap.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    if (pointers.size === 0) swallowClick = false;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    begin();
  });
  wrap.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId) || !gesture) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (gesture.kind === "pinch" && pointers.size >= 2) {
      const pair = two();
      const mid = middle(pair);
      const at = local(mid);
      setCell((gesture.cell * spread(pair)) / gesture.spread, at.x, at.y);
      wrap.scrollLeft -= mid.x - gesture.mid.x;
      wrap.scrollTop -= mid.y - gesture.mid.y;
      gesture.mid = mid;
      e.preventDefault();
      return;
    }
    if (gesture.kind !== "drag") return;
    const dx = e.clientX - gesture.x;
    const dy = e.clientY - gesture.y;
    if (!gesture.moved && Math.hypot(dx, dy) <= TAP_SLOP) return;
    if (!gesture.moved) {
      gesture.moved = true;
      swallowClick = true;
      // Captured only now: a tap's click must still reach the cell under it.
      wrap.setPointerCapture?.(e.pointerId);
    }
    const [left, top] = [wrap.scrollLeft, wrap.scrollTop];
    wrap.scrollLeft -= dx;
    wrap.scrollTop -= dy;
    // What the viewport cannot take scrolls the page (the viewport takes the touch itself).
    const restX = -dx - (wrap.scrollLeft - left);
    const restY = -dy - (wrap.scrollTop - top);
    if (e.pointerType !== "mouse" && (Math.abs(restX) >= 1 || Math.abs(restY) >= 1)) window.scrollBy(restX, restY);
    gesture.x = e.clientX;
    gesture.y = e.clientY;
    e.preventDefault();
  });
  const up = (e) => {
    if (!pointers.delete(e.pointerId)) return;
    if (pointers.size === 0) gesture = null;
    else begin();
  };
  wrap.addEventListener("pointerup", up);
  wrap.addEventListener("pointercancel", up);
  // After a drag or a pinch, the click the browser sends is not a tap on a cell.
  wrap.addEventListener(
    "click",
    (e) => {
      if (!swallowClick) return;
      swallowClick = false;
      e.stopPropagation();
      e.preventDefault();
    },
    true,
  );
  wrap.addEventListener(
    "wheel",
    (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      const at = local({ x: e.clientX, y: e.clientY });
      zoomBy(e.deltaY < 0 ? STEP ** 0.5 : STEP ** -0.5, at.x, at.y);
    },
    { passive: false },
  );

  /** Shows the whole board (as the whole-board button does). */
  const whole = () => setCell(state.fitCell);

  return { controls, fit, zoomBy, reveal, whole };
}
