// What the page draws of a Triplex board's pieces, measured in the browser,
// and the check that each piece is drawn as its shape: one cell box per
// cell of the shape at its place, borders only where the piece ends, and
// nothing of the piece where its bounding box has a hole.

import assert from "node:assert/strict";

/**
 * Every piece on the page as drawn: {viewport, stage, cell, pieces}, each
 * piece {k, shape (data-shape), box, cells [{r, c, x, y, w, h, borders
 * [top, right, bottom, left]}], holes [{r, c, hit}]}, positions relative to
 * the piece's box, `hit` when the page's element at a hole's centre belongs
 * to the piece.
 */
export function drawnPieces(page) {
  return page.evaluate(() => {
    const stageEl = document.getElementById("stage");
    const cell = parseFloat(getComputedStyle(stageEl).getPropertyValue("--cell"));
    const pieces = [...document.querySelectorAll(".piece")].map((p) => {
      p.scrollIntoView({ block: "center", inline: "center" });
      const box = p.getBoundingClientRect();
      const shape = JSON.parse(p.dataset.shape);
      const cells = [...p.querySelectorAll(".cell")].map((el) => {
        const b = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return {
          r: Number(el.dataset.r),
          c: Number(el.dataset.c),
          x: b.x - box.x,
          y: b.y - box.y,
          w: b.width,
          h: b.height,
          borders: ["Top", "Right", "Bottom", "Left"].map((side) => parseFloat(style[`border${side}Width`])),
        };
      });
      const rows = Math.max(...shape.map(([r]) => r)) + 1;
      const cols = Math.max(...shape.map(([, c]) => c)) + 1;
      const holes = [];
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          if (shape.some(([a, b]) => a === r && b === c)) continue;
          const at = document.elementFromPoint(box.x + (c + 0.5) * cell, box.y + (r + 0.5) * cell);
          holes.push({ r, c, hit: Boolean(at && p.contains(at)) });
        }
      }
      return { k: Number(p.dataset.piece), shape, box: { w: box.width, h: box.height }, cells, holes };
    });
    const s = stageEl.getBoundingClientRect();
    return {
      viewport: document.documentElement.clientWidth,
      stage: { left: s.left + scrollX, right: s.right + scrollX },
      cell,
      pieces,
    };
  });
}

const near = (a, b) => Math.abs(a - b) <= 1;

/**
 * Asserts that every piece of `drawing` (drawnPieces) is drawn as
 * `shapes[k]` (cells [row, col], normalised), that the stage lies within
 * the page's width and that cells are at least `minCell` px.
 */
export function assertDrawnAs(drawing, shapes, what, minCell = 12) {
  const { cell, pieces } = drawing;
  assert.ok(cell >= minCell, `${what}: cells of ${cell} px`);
  assert.ok(drawing.stage.left >= 0 && drawing.stage.right <= drawing.viewport + 1, `${what}: the stage is wider than the page`);
  assert.equal(pieces.length, shapes.length, `${what}: pieces`);
  for (const piece of pieces) {
    const shape = shapes[piece.k];
    const label = `${what}, piece ${piece.k} ${JSON.stringify(shape)}`;
    assert.deepEqual(piece.shape, shape, label);
    const has = (r, c) => shape.some(([a, b]) => a === r && b === c);
    const drawn = piece.cells.map(({ r, c }) => [r, c]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    assert.deepEqual(drawn, shape, `${label}: one cell box per cell`);
    const rows = Math.max(...shape.map(([r]) => r)) + 1;
    const cols = Math.max(...shape.map(([, c]) => c)) + 1;
    assert.ok(near(piece.box.w, cols * cell) && near(piece.box.h, rows * cell), `${label}: box ${JSON.stringify(piece.box)}`);
    for (const { r, c, x, y, w, h, borders } of piece.cells) {
      assert.ok(near(x, c * cell) && near(y, r * cell) && near(w, cell) && near(h, cell), `${label}: cell ${r},${c} at ${x},${y}`);
      // A border only where the piece ends: none towards a cell of its own.
      const joins = [has(r - 1, c), has(r, c + 1), has(r + 1, c), has(r, c - 1)];
      joins.forEach((joined, side) => assert.equal(borders[side] === 0, joined, `${label}: cell ${r},${c} side ${side}`));
    }
    for (const hole of piece.holes) assert.equal(hole.hit, false, `${label}: the hole ${hole.r},${hole.c} belongs to the piece`);
  }
}
