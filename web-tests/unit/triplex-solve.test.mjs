// The client's solver and "show one piece" hint against the engine's levels
// of both families (Triplex's pack, BlockPuzzle's level list): the solver's
// answer is checked independently (the board's own solved check and the
// cover of the engine's solution), and hints alone solve a level.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  canPlace,
  cellsAt,
  isSolved,
  layoutStage,
  placements,
  solutionGrid,
  startPositions,
} from "../../web/js/triplex-board.js";
import { coverText } from "../../web/js/triplex-chain.js";
import { hintPositions, solveLevel } from "../../web/js/triplex-solve.js";
import { blockpuzzleLevels, enginePack } from "../lib/engine.mjs";

/** Positions on a stage from the solver's answer. */
function laid(stage, solution) {
  return solution.map((p) => ({ x: stage.tx + p.col, y: stage.ty + p.row, o: p.o }));
}

/**
 * A sample of the pack: the first levels, the seam after 724, every 97th,
 * some of area 64 and the ten hardest (the solver's worst cases).
 */
function sample(levels) {
  const picked = new Set([0, 1, 2, 3, 4, 100, 400, 723, 724, 725, 726]);
  for (let k = 0; k < levels.length; k += 97) picked.add(k);
  levels.forEach((l, k) => {
    if (l.width * l.height === 64 && picked.size < 80) picked.add(k);
  });
  const hardest = levels.map((l, k) => [l.difficulty, k]).sort((a, b) => b[0] - a[0]);
  for (const [, k] of hardest.slice(0, 10)) picked.add(k);
  return [...picked].filter((k) => k < levels.length).map((k) => levels[k]);
}

/**
 * Solves each record with the client's solver (within `budget` nodes) and
 * checks the answer against the engine's solution; the longest solve in ms.
 */
function checkSolves(records, budget) {
  let biggest = 0;
  for (const record of records) {
    const stage = layoutStage(record);
    const started = performance.now();
    const solution = solveLevel(record, budget);
    const ms = performance.now() - started;
    assert.ok(solution, `level ${record.number} not solved`);
    const positions = laid(stage, solution);
    assert.ok(isSolved(record, stage, positions), `level ${record.number}: not a covering`);
    // Unique levels: the cover equals the engine's.
    assert.equal(coverText(solutionGrid(record, stage, positions)), coverText(record.solution), `level ${record.number}`);
    assert.equal(placements(record, stage, positions).length, record.pieces.length);
    biggest = Math.max(biggest, ms);
  }
  return biggest;
}

test("the client's solver finds each level's one solution, the hardest too", () => {
  const biggest = checkSolves(sample(enginePack().levels), undefined);
  assert.ok(biggest < 2000, `a solve took ${biggest} ms`);
});

test("the client's solver finds every BlockPuzzle level's one solution within a million nodes", () => {
  // Distinct fixed pieces, none rotatable: the hint's search stays small.
  const biggest = checkSolves(blockpuzzleLevels(), 1_000_000);
  assert.ok(biggest < 500, `a solve took ${biggest} ms`);
});

test("the solver's search does not hang on the order of the level's pieces", () => {
  // The page decodes pieces in its pack's order, the engine lists them in
  // its own: the search sorts them into kinds itself, so both cost the same.
  // Reversed, the hardest levels still solve within the budget that the
  // engine's order needs.
  const hardest = [...enginePack().levels].sort((a, b) => b.difficulty - a.difficulty).slice(0, 3);
  for (const record of hardest) {
    const count = record.pieces.length;
    const reversed = {
      ...record,
      pieces: [...record.pieces].reverse(),
      rotatable: record.rotatable === null ? null : count - 1 - record.rotatable,
    };
    const stage = layoutStage(reversed);
    const solution = solveLevel(reversed, 3_000_000);
    assert.ok(solution, `level ${record.number} reversed: not solved within 3,000,000 nodes`);
    const positions = laid(stage, solution);
    assert.equal(coverText(solutionGrid(reversed, stage, positions)), coverText(record.solution), `level ${record.number}`);
  }
});

test("a budget too small gives up instead of searching on", () => {
  const record = enginePack().levels.find((l) => l.width * l.height >= 40);
  assert.equal(solveLevel(record, 3), null);
});

test("hints alone solve a level, one piece at a time, from any board", () => {
  const blockpuzzle = blockpuzzleLevels().filter((_, k) => k % 25 === 0);
  for (const record of [...sample(enginePack().levels).slice(0, 30), ...blockpuzzle]) {
    const stage = layoutStage(record);
    const solution = solveLevel(record);
    let positions = startPositions(stage);
    let hints = 0;
    while (!isSolved(record, stage, positions)) {
      const next = hintPositions(record, stage, positions, solution);
      assert.ok(next, `level ${record.number}: no hint on an unsolved board`);
      const moved = next.filter((p, k) => p.x !== positions[k].x || p.y !== positions[k].y || p.o !== positions[k].o);
      assert.ok(moved.length >= 1, `level ${record.number}: the hint moved nothing`);
      positions = next;
      hints++;
      assert.ok(hints <= record.pieces.length, `level ${record.number}: more hints than pieces`);
    }
    assert.equal(hintPositions(record, stage, positions, solution), null);
  }
});

test("a hint moves a piece in the way out of it", () => {
  let checked = 0;
  for (const record of enginePack().levels.slice(0, 60)) {
    const stage = layoutStage(record);
    const solution = solveLevel(record);
    const start = startPositions(stage);
    const first = hintPositions(record, stage, start, solution);
    const k = first.findIndex((p, j) => p.x !== start[j].x || p.y !== start[j].y || p.o !== start[j].o);
    const slot = cellsAt(record, k, first[k]).map(([r, c]) => `${r},${c}`);
    // Another piece, of another shape, laid on a cell of that slot.
    const j = start.findIndex((_, i) => i !== k && JSON.stringify(record.pieces[i]) !== JSON.stringify(record.pieces[k]));
    if (j < 0) continue;
    let crowded = null;
    for (let y = 0; y < stage.rows && !crowded; y++) {
      for (let x = 0; x < stage.cols && !crowded; x++) {
        const pos = { x, y, o: 0 };
        const cells = cellsAt(record, j, pos).map(([r, c]) => `${r},${c}`);
        if (cells.some((c) => slot.includes(c)) && canPlace(record, stage, start, j, pos)) {
          crowded = start.map((p, i) => (i === j ? pos : { ...p }));
        }
      }
    }
    if (!crowded) continue;
    const after = hintPositions(record, stage, crowded, solution);
    assert.ok(after, `level ${record.number}`);
    const seen = new Set();
    after.forEach((p, i) => {
      for (const [r, c] of cellsAt(record, i, p)) {
        assert.ok(r >= 0 && c >= 0 && r < stage.rows && c < stage.cols, "a piece left the stage");
        assert.equal(seen.has(`${r},${c}`), false, `level ${record.number}: pieces overlap after a hint`);
        seen.add(`${r},${c}`);
      }
    });
    assert.deepEqual(cellsAt(record, k, after[k]), cellsAt(record, k, first[k]));
    checked++;
  }
  assert.ok(checked >= 10, `only ${checked} boards checked`);
});
