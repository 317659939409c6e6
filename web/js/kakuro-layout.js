// Kakuro's board screen under the one layout rule (layout.js): the board
// beside its pad and tools, or above them, whichever gives the larger cells.
// Beside, everything but the board goes to the side column, the screen's
// head first (the way back, the title, the clock), then the notice, the
// tutorial's step and the clue line with the zoom: the board's column is the
// board alone and takes the window's height under the top bar, and the
// screen opens at its top (held sideways the head above the board left a
// 10×10 too little room, and the page opened scrolled past the head).
// Stacked, they go back above the board.

import { fitLayout } from "./layout.js";

/**
 * The layout of a board screen's parts: stacked, `heads` (the head, a
 * notice, the tutorial's step: the ones present, in order) stand before
 * `layoutEl`, which holds `areaEl` (the bar `barEl`, the board's viewport
 * `wrap`) and the side column `sideEl`. `board` gives rows and cols, `zoom` is
 * kakuro-zoom.js', `max` the largest cell. Returns {fit(), beside(),
 * barChanged()}: beside() tells whether the board is beside its side column;
 * fit() lays the screen out and sizes the board's viewport to it (the zoom
 * goes from the whole board up); barChanged() tells whether the bar's
 * height changed since (a clue line that wraps to two lines or back).
 */
export function kakuroLayout({ heads, layoutEl, areaEl, sideEl, wrap, barEl, board, zoom, max }) {
  const beside = () => layoutEl.classList.contains("layout-side");

  /** Puts the head and the bar where the layout applied now wants them. */
  function place() {
    if (beside()) {
      if (sideEl.firstElementChild !== (heads[0] ?? barEl)) sideEl.prepend(...heads, barEl);
      return;
    }
    if (heads.length && heads[0].parentElement !== layoutEl.parentElement) layoutEl.before(...heads);
    if (barEl.parentElement !== areaEl) areaEl.prepend(barEl);
  }

  /**
   * The room the board's viewport has in the layout applied now: {width,
   * height}. Beside its side column, the window's height under the board's
   * top (the top bar's foot; the viewport's padding keeps it off the
   * window's edge); stacked, less the pad's room, so the pad stays in
   * sight under it (it fell below the fold).
   */
  function room() {
    const width = wrap.clientWidth || window.innerWidth - 24;
    const top = wrap.getBoundingClientRect().top + window.scrollY;
    const height = window.innerHeight - top - (beside() ? 0 : 150);
    return { width, height: Math.max(height, 160) };
  }

  /** The bar's height at the last fit. */
  let fittedBar = 0;

  function fit() {
    fitLayout(layoutEl, () => {
      place();
      const { width, height } = room();
      return Math.min(max, Math.floor(Math.min((width - 1) / board.cols, (height - 1) / board.rows)));
    });
    place();
    const { width, height } = room();
    zoom.fit(width, height, max);
    fittedBar = barEl.offsetHeight;
  }

  return { fit, beside, barChanged: () => fittedBar > 0 && barEl.offsetHeight !== fittedBar };
}
