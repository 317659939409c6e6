// The Triplex board as data: shapes and their orientations, the stage the
// pieces lie on (the target rectangle plus a tray around it), moves, the
// check that the rectangle is covered, and the cover the level chain hashes.
// No DOM here, so `node --test` can check it.

/** Cells `[row, col]` shifted to start at 0 and sorted row-major. */
export function normalize(cells) {
  const minR = Math.min(...cells.map((c) => c[0]));
  const minC = Math.min(...cells.map((c) => c[1]));
  return cells
    .map(([r, c]) => [r - minR, c - minC])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** Width and height of a shape's bounding box. */
export function extent(cells) {
  return {
    w: Math.max(...cells.map((c) => c[1])) + 1,
    h: Math.max(...cells.map((c) => c[0])) + 1,
  };
}

function sameShape(a, b) {
  return a.length === b.length && a.every((c, i) => c[0] === b[i][0] && c[1] === b[i][1]);
}

/**
 * Every orientation of a shape in the order a tap steps through them: the
 * shape as given, its quarter turns clockwise, then its mirror image and that
 * image's quarter turns, duplicates left out.
 */
export function orientations(cells) {
  const turn = (cs) => {
    const { h } = extent(cs);
    return normalize(cs.map(([r, c]) => [c, h - 1 - r]));
  };
  const mirror = (cs) => {
    const { w } = extent(cs);
    return normalize(cs.map(([r, c]) => [r, w - 1 - c]));
  };
  const found = [];
  let shape = normalize(cells);
  for (const start of [shape, mirror(shape)]) {
    shape = start;
    for (let i = 0; i < 4; i++) {
      if (!found.some((f) => sameShape(f, shape))) found.push(shape);
      shape = turn(shape);
    }
  }
  return found;
}

/** The shapes piece k may take: all orientations if it is rotatable. */
export function shapesOf(level, k) {
  const given = normalize(level.pieces[k]);
  return level.rotatable === k ? orientations(given) : [given];
}

/**
 * Lays items of size {w, h} on shelves no wider than `limit`, one free cell
 * between neighbours. Returns their top-left corners and the area used.
 */
function shelfPack(sizes, limit) {
  const at = [];
  let x = 0;
  let y = 0;
  let shelf = 0;
  let width = 0;
  for (const { w, h } of sizes) {
    if (x > 0 && x + w > limit) {
      y += shelf + 1;
      x = 0;
      shelf = 0;
    }
    at.push({ x, y });
    x += w + 1;
    shelf = Math.max(shelf, h);
    width = Math.max(width, x - 1);
  }
  return { at, width, height: y + shelf };
}

/**
 * The stage of a level: a grid of `cols`×`rows` cells holding the target
 * rectangle at (`tx`, `ty`) and every piece's starting place (`home`) in a
 * tray to the right of the rectangle or below it. Of all tray shapes, the
 * one that gives the largest cells on a screen area `aspect` times wider than
 * high is chosen (ties: the first found), so phones get a tray below and wide
 * screens one beside.
 */
export function layoutStage(level, aspect = 1.6) {
  const sizes = level.pieces.map((p) => extent(normalize(p)));
  const widest = Math.max(...sizes.map((s) => s.w));
  const allInOneRow = Math.max(...sizes.map((s) => s.h));
  const { width: W, height: H } = level;
  let best = null;
  const consider = (stage) => {
    const cell = Math.min(aspect / stage.cols, 1 / stage.rows);
    if (!best || cell > best.cell * (1 + 1e-9)) best = { cell, stage };
  };
  // One free row or column between the rectangle and the tray, none around
  // them: a ring of empty cells around the stage drew an empty band above
  // and below the board (and made its cells smaller where height is short).
  for (let limit = widest; ; limit++) {
    const tray = shelfPack(sizes, limit);
    // Beside the rectangle, both centred vertically.
    const rows = Math.max(H, tray.height);
    const trayY = Math.floor((rows - tray.height) / 2);
    consider({
      cols: W + tray.width + 1,
      rows,
      tx: 0,
      ty: Math.floor((rows - H) / 2),
      home: tray.at.map(({ x, y }) => ({ x: x + W + 1, y: y + trayY })),
    });
    // Below the rectangle, both centred horizontally: the rectangle exactly,
    // as many columns left of it as right (one spare column on the right sat
    // it off the centre of the screen). A tray wider than the rectangle by
    // an odd number gets a column more, its pieces at its right edge moved
    // into it (no empty column at the stage's edge).
    const wide = Math.max(W, tray.width);
    const spare = (wide - W) % 2;
    const trayX = Math.floor((wide - tray.width) / 2);
    const right = (x, k) => (spare && x + sizes[k].w === tray.width ? 1 : 0);
    consider({
      cols: wide + spare,
      rows: H + tray.height + 1,
      tx: (wide + spare - W) / 2,
      ty: 0,
      home: tray.at.map(({ x, y }, k) => ({ x: x + trayX + right(x, k), y: y + H + 1 })),
    });
    if (tray.height === allInOneRow) break;
  }
  return best.stage;
}

/** The starting positions: every piece at home in the shape it is given in. */
export function startPositions(stage) {
  return stage.home.map(({ x, y }) => ({ x, y, o: 0 }));
}

/** The stage cells piece k covers at position `pos` ({x, y, o}). */
export function cellsAt(level, k, pos) {
  const shapes = shapesOf(level, k);
  const shape = shapes[((pos.o % shapes.length) + shapes.length) % shapes.length];
  return shape.map(([r, c]) => [pos.y + r, pos.x + c]);
}

/** Whether every one of `cells` lies on the stage. */
export function onStage(stage, cells) {
  return cells.every(([r, c]) => r >= 0 && c >= 0 && r < stage.rows && c < stage.cols);
}

/**
 * Whether piece k may lie at `pos`: inside the stage and on no other piece.
 * `positions` holds every piece's current position.
 */
export function canPlace(level, stage, positions, k, pos) {
  const mine = cellsAt(level, k, pos);
  if (!onStage(stage, mine)) return false;
  const taken = new Set();
  positions.forEach((p, j) => {
    if (j !== k) for (const [r, c] of cellsAt(level, j, p)) taken.add(r * stage.cols + c);
  });
  return !mine.some(([r, c]) => taken.has(r * stage.cols + c));
}

/**
 * Who covers each cell of the target rectangle: an array of width·height
 * piece indices (row-major), -1 for an empty cell; null if two pieces
 * overlap inside it.
 */
export function targetOwners(level, stage, positions) {
  const { width: W, height: H } = level;
  const owner = new Array(W * H).fill(-1);
  for (let k = 0; k < positions.length; k++) {
    for (const [r, c] of cellsAt(level, k, positions[k])) {
      const row = r - stage.ty;
      const col = c - stage.tx;
      if (row < 0 || col < 0 || row >= H || col >= W) continue;
      if (owner[row * W + col] !== -1) return null;
      owner[row * W + col] = k;
    }
  }
  return owner;
}

/**
 * True when the rectangle is covered exactly: every piece lies wholly
 * inside it and no two overlap (the pieces' area equals the rectangle's).
 */
export function isSolved(level, stage, positions) {
  const { width: W, height: H } = level;
  const inside = positions.every((p, k) =>
    cellsAt(level, k, p).every(
      ([r, c]) => r >= stage.ty && c >= stage.tx && r < stage.ty + H && c < stage.tx + W,
    ),
  );
  if (!inside) return false;
  const owner = targetOwners(level, stage, positions);
  return owner !== null && owner.every((k) => k >= 0);
}

/**
 * The pieces lying wholly inside the target rectangle, as a solving path
 * sees them (solve-path.js): a Map piece → the cells it covers, each
 * row·width + col inside the rectangle.
 */
export function piecesInside(level, stage, positions) {
  const { width: W, height: H } = level;
  const inside = new Map();
  positions.forEach((p, k) => {
    const cells = cellsAt(level, k, p).map(([r, c]) => [r - stage.ty, c - stage.tx]);
    if (cells.every(([r, c]) => r >= 0 && c >= 0 && r < H && c < W)) {
      inside.set(
        k,
        cells.map(([r, c]) => r * W + c),
      );
    }
  });
  return inside;
}

/**
 * The placement of every piece relative to the rectangle, as the server
 * checks it: the piece index, the cells `[row, col]` it covers, and the
 * top-left corner of its shape's bounding box.
 */
export function placements(level, stage, positions) {
  return positions.map((p, k) => ({
    piece: k,
    row: p.y - stage.ty,
    col: p.x - stage.tx,
    cells: cellsAt(level, k, p).map(([r, c]) => [r - stage.ty, c - stage.tx]),
  }));
}

/**
 * The solution grid of a solved board in the engine's notation: `height`
 * strings, piece k written as the letter 'a'+k.
 */
export function solutionGrid(level, stage, positions) {
  const owner = targetOwners(level, stage, positions);
  if (owner === null || owner.some((k) => k < 0)) return null;
  const rows = [];
  for (let r = 0; r < level.height; r++) {
    let row = "";
    for (let c = 0; c < level.width; c++) row += pieceLetter(owner[r * level.width + c]);
    rows.push(row);
  }
  return rows;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+*#%&=?!$<>^~";

/** The letter of piece k in a solution grid (as the engine writes it). */
export function pieceLetter(k) {
  return LETTERS[k] ?? ".";
}
