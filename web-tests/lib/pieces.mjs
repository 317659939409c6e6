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

/**
 * Draws a board of its own in `page` (an app page) holding `shape` (cells
 * [row, col]) alone as its one piece, by the client's board modules.
 */
export function drawShapeAlone(page, shape) {
  return page.evaluate(async (cells) => {
    const { createLevelView } = await import(new URL("js/triplex-view.js", location.href).href);
    const { extent, layoutStage, startPositions } = await import(new URL("js/triplex-board.js", location.href).href);
    const { w, h } = extent(cells);
    const level = { number: 1, width: w, height: h, pieces: [cells], rotatable: null, difficulty: 1 };
    const stage = layoutStage(level, innerWidth / innerHeight);
    const session = { n: 1, level, stage, positions: startPositions(stage), undo: [], elapsed: 0, solved: false };
    const noop = () => {};
    const handlers = { pointerDown: noop, pointerMove: noop, pointerUp: noop, pointerCancel: noop, keyDown: noop, blur: noop };
    const ui = createLevelView(document.getElementById("view"), {
      session,
      levels: { total: 1, codeOf: () => null, isOpen: () => true },
      progress: { solved: {} },
      listHash: "#/blockpuzzle",
      t: (key) => key,
      i18n: () => ({ duration: String }),
      actions: { undo: noop, reset: noop, hint: noop, askCode: noop, next: noop, piece: handlers },
    });
    ui.fit();
    ui.drawPositions();
  }, shape);
}

/**
 * How the one piece on the page (drawShapeAlone) looks in a screenshot at
 * the page's device pixel ratio, read back pixel by pixel: where its cells
 * join, the piece must be its fill colour (a seam is a line of another
 * colour), and at a concave corner of its outline the border must turn the
 * corner (a notch of fill there drew a step). `joins` are [r, c, side]
 * ("e" or "s") of cells joined on that side; `corners` are [x, y] in cells
 * where the outline turns inwards, with the quadrant (dx, dy: -1 or 1) the
 * piece fills beside it diagonally. Returns the list of what is wrong.
 */
export async function seamsOf(page, joins, corners) {
  const piece = page.locator(".piece").first();
  await piece.scrollIntoViewIfNeeded();
  // The window's picture: its pixels are the page's at exactly the device pixel ratio.
  const png = (await page.screenshot({ animations: "disabled" })).toString("base64");
  return page.evaluate(
    async ({ png, joins, corners }) => {
      const bytes = Uint8Array.from(atob(png), (ch) => ch.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const canvas = new OffscreenCanvas(image.width, image.height);
      const g = canvas.getContext("2d");
      g.drawImage(image, 0, 0);
      const data = g.getImageData(0, 0, image.width, image.height).data;
      const el = document.querySelector(".piece");
      const cell = parseFloat(getComputedStyle(el).getPropertyValue("--cell"));
      const box = el.getBoundingClientRect();
      const scale = image.width / innerWidth;
      // The pixel at (x, y) px from the piece's corner.
      const at = (x, y) => {
        const i = (Math.floor((box.top + y) * scale) * image.width + Math.floor((box.left + x) * scale)) * 4;
        return [data[i], data[i + 1], data[i + 2]];
      };
      const far = (a, b) => Math.max(...a.map((v, i) => Math.abs(v - b[i]))) > 24;
      const fill = at(cell / 2, cell / 2);
      const border = at(1, cell / 2);
      const problems = [];
      if (!far(fill, border)) problems.push(`fill ${fill} and border ${border} alike`);
      // Every device pixel across each join, a few on each side of it, along its middle half.
      const step = 1 / scale;
      for (const [r, c, side] of joins) {
        for (let along = 0.25 * cell; along <= 0.75 * cell; along += step) {
          for (let across = -3; across <= 3; across += step) {
            const [x, y] =
              side === "e" ? [(c + 1) * cell + across, r * cell + along] : [c * cell + along, (r + 1) * cell + across];
            if (far(at(x, y), fill)) {
              problems.push(`a seam at the ${side} join of cell ${r},${c} (${at(x, y)} at ${x.toFixed(1)},${y.toFixed(1)}, fill ${fill})`);
              break;
            }
          }
          if (problems.length > 4) return problems;
        }
      }
      for (const [x, y, dx, dy] of corners) {
        // One px in from the corner, inside the piece diagonally: in the border's band.
        const p = [x * cell + dx, y * cell + dy];
        if (far(at(...p), border)) problems.push(`a step at the corner ${x},${y}: ${at(...p)} at ${p}, border ${border}`);
      }
      return problems;
    },
    { png, joins, corners },
  );
}
