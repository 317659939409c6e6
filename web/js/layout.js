// The one layout rule of the game screens: the board is the largest that
// fits the window beside or under its controls. A screen's section stacks
// (head, controls, board, panels) by default; with the class "layout-side"
// (css/app.css) the board takes a column of its own and everything else the
// column beside it. Which of the two gives the larger board depends on the
// board's shape (a wide Triplex stage is larger under its controls, a square
// chessboard beside them), so it is measured, not guessed.

/** Where the side layout may be tried at all: a window wider than tall with room for two columns. */
const SIDE_QUERY = "(min-width: 640px) and (min-aspect-ratio: 5/4)";

/**
 * Lays `section` out the way that gives the larger cell: `measure()` returns
 * the cell size the board would get in the layout applied at the moment
 * it is called (the browser lays the page out again on each read). Where
 * both give the same (a small board at its largest cell, as the Kakuro
 * tutorial's), the shorter section: its controls beside the board rather
 * than below the fold under it. Returns that cell size.
 */
export function fitLayout(section, measure) {
  // Trying a layout that makes the page shorter than it is scrolled clamps
  // the scroll: it is put back after (a solved daily Kakuro held sideways
  // lost 64 px of scroll, and its board's foot went under the window).
  const scrolled = window.scrollY;
  const cell = chooseLayout(section, measure);
  if (window.scrollY !== scrolled) window.scrollTo(window.scrollX, scrolled);
  return cell;
}

function chooseLayout(section, measure) {
  section.classList.remove("layout-side");
  const under = measure();
  if (!window.matchMedia(SIDE_QUERY).matches) return under;
  const underHeight = section.getBoundingClientRect().height;
  section.classList.add("layout-side");
  const beside = measure();
  if (beside > under || (beside === under && section.getBoundingClientRect().height < underHeight)) return beside;
  section.classList.remove("layout-side");
  return under;
}
