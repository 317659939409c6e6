// The board model against the engine: every solution the engine found, laid
// on the stage, is recognised as solved, and broken boards are not.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  canPlace,
  cellsAt,
  isSolved,
  layoutStage,
  orientations,
  placements,
  shapesOf,
  solutionGrid,
  startPositions,
} from "../../web/js/triplex-board.js";
import { coverText } from "../../web/js/triplex-chain.js";
import { blockpuzzleLevels, enginePack } from "../lib/engine.mjs";
import { normalized, solutionCells } from "../lib/solution.mjs";

/** The positions that lay the engine's solution into the stage's rectangle. */
function solvedPositions(record, stage) {
  return record.pieces.map((_, k) => {
    const cells = solutionCells(record, k);
    const shape = JSON.stringify(normalized(cells));
    const o = shapesOf(record, k).findIndex((s) => JSON.stringify(s) === shape);
    assert.ok(o >= 0, `piece ${k} of ${record.description} cannot take its solution's shape`);
    return {
      x: stage.tx + Math.min(...cells.map((c) => c[1])),
      y: stage.ty + Math.min(...cells.map((c) => c[0])),
      o,
    };
  });
}

test("orientations: dominoes and straights have 2, L-trominoes 4, the given one first", () => {
  assert.equal(orientations([[0, 0], [0, 1]]).length, 2);
  assert.equal(orientations([[0, 0], [1, 0], [2, 0]]).length, 2);
  const l = orientations([[0, 1], [1, 0], [1, 1]]);
  assert.equal(l.length, 4);
  assert.deepEqual(l[0], [[0, 1], [1, 0], [1, 1]]);
  // A quarter turn clockwise of the south-east L is the south-west one.
  assert.deepEqual(l[1], [[0, 0], [1, 0], [1, 1]]);
  assert.equal(orientations([[0, 0], [0, 1], [1, 0], [1, 1]]).length, 1);
  // The F-pentomino is chiral: all 8 images differ.
  assert.equal(orientations([[0, 1], [0, 2], [1, 0], [1, 1], [2, 1]]).length, 8);
});

test("every engine solution of the first 200 levels is solved on both layouts", () => {
  const { levels } = enginePack();
  for (const record of levels.slice(0, 200)) {
    for (const aspect of [1.8, 0.6]) {
      const stage = layoutStage(record, aspect);
      const positions = solvedPositions(record, stage);
      assert.ok(isSolved(record, stage, positions), record.description);
      // Solution grid back in the engine's letters, and the same cover.
      const grid = solutionGrid(record, stage, positions);
      assert.deepEqual(grid, record.solution, record.description);
      assert.equal(coverText(grid), coverText(record.solution));
      // The placement the server checks: cells inside the rectangle.
      for (const p of placements(record, stage, positions)) {
        for (const [r, c] of p.cells) {
          assert.ok(r >= 0 && c >= 0 && r < record.height && c < record.width);
        }
      }
    }
  }
});

test("a board one move from solved is not solved", () => {
  const { levels } = enginePack();
  for (const record of levels.slice(0, 60)) {
    const stage = layoutStage(record, 1.8);
    const solved = solvedPositions(record, stage);
    // Piece 0 back home: a hole in the rectangle.
    const home = startPositions(stage)[0];
    const missing = solved.map((p, k) => (k === 0 ? home : p));
    assert.equal(isSolved(record, stage, missing), false, record.description);
    assert.equal(solutionGrid(record, stage, missing), null);
    // Piece 0 shifted by one cell: sticks out or overlaps.
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const shifted = solved.map((p, k) => (k === 0 ? { ...p, x: p.x + dx, y: p.y + dy } : p));
      assert.equal(isSolved(record, stage, shifted), false, record.description);
    }
  }
});

test("the tray holds every piece outside the rectangle without overlaps", () => {
  for (const record of [...enginePack().levels, ...blockpuzzleLevels()]) {
    for (const aspect of [1.8, 0.6]) {
      const stage = layoutStage(record, aspect);
      const start = startPositions(stage);
      const seen = new Set();
      start.forEach((pos, k) => {
        assert.ok(canPlace(record, stage, start, k, pos), `${record.description} piece ${k}`);
        for (const [r, c] of cellsAt(record, k, pos)) {
          const inTarget =
            r >= stage.ty && c >= stage.tx && r < stage.ty + record.height && c < stage.tx + record.width;
          assert.equal(inTarget, false, `${record.description}: piece ${k} starts in the rectangle`);
          assert.ok(!seen.has(`${r},${c}`));
          seen.add(`${r},${c}`);
        }
      });
    }
  }
});

test("canPlace refuses overlaps and leaving the stage", () => {
  const record = enginePack().levels[0];
  const stage = layoutStage(record, 1.8);
  const start = startPositions(stage);
  assert.equal(canPlace(record, stage, start, 0, { ...start[1] }), false);
  assert.equal(canPlace(record, stage, start, 0, { x: -1, y: 0, o: 0 }), false);
  assert.equal(canPlace(record, stage, start, 0, { x: stage.cols, y: 0, o: 0 }), false);
  assert.equal(canPlace(record, stage, start, 0, { x: stage.tx, y: stage.ty, o: 0 }), true);
});

test("every BlockPuzzle level fits a phone with cells of at least 24 px", () => {
  // The board's share of a 390×844 phone, as triplex.js sizes it.
  const width = 390 - 24;
  const height = Math.max(844 - 200, 844 * 0.45);
  for (const record of blockpuzzleLevels()) {
    const stage = layoutStage(record, width / height);
    const cell = Math.min(width / stage.cols, height / stage.rows);
    assert.ok(cell >= 24, `${record.description}: ${stage.cols}x${stage.rows} cells of ${cell.toFixed(1)} px`);
  }
});

test("the tray goes below the rectangle on a tall screen and beside it on a wide one", () => {
  const record = enginePack().levels.at(-1);
  const tall = layoutStage(record, 0.6);
  assert.ok(tall.home.every((h) => h.y > tall.ty + record.height - 1), "below");
  assert.ok(tall.cols / tall.rows < 1.2, `${tall.cols}x${tall.rows} is not tall`);
  const wide = layoutStage(record, 1.8);
  assert.ok(wide.home.every((h) => h.x > wide.tx + record.width - 1), "beside");
  assert.ok(wide.cols / wide.rows > 1.2, `${wide.cols}x${wide.rows} is not wide`);
  // Same inputs, same stage: a saved board stays valid.
  assert.deepEqual(layoutStage(record, 0.6), tall);
});

test("with its tray below, the rectangle is in the middle of the stage: as many columns left of it as right", () => {
  let below = 0;
  for (const record of [...enginePack().levels, ...blockpuzzleLevels()]) {
    const stage = layoutStage(record, 0.6);
    if (stage.ty !== 0 || stage.rows === record.height) continue;
    below++;
    assert.equal(stage.tx, stage.cols - record.width - stage.tx, `${record.description}: ${stage.tx} columns left of the rectangle in ${stage.cols}`);
  }
  assert.ok(below > 1000, `${below} stages with the tray below`);
});

test("the stage has no empty ring: its outer rows and columns each hold the rectangle or a piece at its start", () => {
  for (const record of [...enginePack().levels.slice(0, 300), ...blockpuzzleLevels()]) {
    for (const aspect of [1.8, 0.6]) {
      const stage = layoutStage(record, aspect);
      const taken = new Set();
      for (let r = 0; r < record.height; r++) {
        for (let c = 0; c < record.width; c++) taken.add(`${stage.ty + r},${stage.tx + c}`);
      }
      startPositions(stage).forEach((pos, k) => {
        for (const [r, c] of cellsAt(record, k, pos)) taken.add(`${r},${c}`);
      });
      const cells = [...taken].map((key) => key.split(",").map(Number));
      const edges = {
        top: cells.some(([r]) => r === 0),
        bottom: cells.some(([r]) => r === stage.rows - 1),
        left: cells.some(([, c]) => c === 0),
        right: cells.some(([, c]) => c === stage.cols - 1),
      };
      assert.deepEqual(edges, { top: true, bottom: true, left: true, right: true }, `${record.description} at ${aspect}`);
    }
  }
});
