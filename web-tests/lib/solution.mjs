// Where each piece goes, read from the engine's solution grid (piece k is the
// letter 'a'+k). Shared by the unit and end-to-end tests.

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+*#%&=?!$<>^~";

/** The cells [row, col] of piece k in an engine solution grid. */
export function solutionCells(record, k) {
  const cells = [];
  record.solution.forEach((row, r) =>
    [...row].forEach((ch, c) => {
      if (ch === LETTERS[k]) cells.push([r, c]);
    }),
  );
  return cells;
}

/** Cells shifted to start at 0 and sorted row-major (as the page reports shapes). */
export function normalized(cells) {
  const minR = Math.min(...cells.map((c) => c[0]));
  const minC = Math.min(...cells.map((c) => c[1]));
  return cells
    .map(([r, c]) => [r - minR, c - minC])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}
