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

/**
 * Where a solving path's events (solve-path.js decodePath) leave each piece
 * of `record` inside the rectangle: piece → its cells row·width + col,
 * sorted; a piece taken out is absent. Compare with solutionIndices.
 */
export function pathEnd(events) {
  const lies = new Map();
  for (const e of events) {
    if (e.cells === null) lies.delete(e.piece);
    else lies.set(e.piece, [...e.cells].sort((a, b) => a - b));
  }
  return new Map([...lies].sort(([a], [b]) => a - b));
}

/** Every piece of `record` where the engine's solution has it, as pathEnd gives it. */
export function solutionIndices(record) {
  return new Map(
    Array.from({ length: record.pieces.length }, (_, k) => [
      k,
      solutionCells(record, k)
        .map(([r, c]) => r * record.width + c)
        .sort((a, b) => a - b),
    ]),
  );
}
