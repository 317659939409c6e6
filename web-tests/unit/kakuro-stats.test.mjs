// The player's Kakuro statistics (web/js/kakuro-stats.js, kept by
// kakuro-store.js): solved count, best and median time per size ×
// difficulty; only the menu's sizes and difficulties count; the median is
// over the last TIMES_KEPT solves; damaged stored data reads as nothing.

import assert from "node:assert/strict";
import { test } from "node:test";
import { newGame } from "../../web/js/kakuro-game.js";
import { parseBoard } from "../../web/js/kakuro-model.js";
import { TIMES_KEPT, addSolve, median, statRows, statsOf } from "../../web/js/kakuro-stats.js";
import { loadStats, recordSolve } from "../../web/js/kakuro-store.js";
import { memoryStorage } from "../lib/storage.mjs";

const BOARD = "4 3\n- 23, 6,\n,10 0 0\n,10 0 0\n,9 0 0";

test("median of odd and even counts, and of nothing", () => {
  assert.equal(median([5]), 5);
  assert.equal(median([9, 1, 5]), 5);
  assert.equal(median([4, 1, 3, 2]), 3, "(2 + 3) / 2 rounded");
  assert.equal(median([10, 20]), 15);
  assert.equal(median([]), null);
});

test("solves add up per size and difficulty, with best and median", () => {
  let s = {};
  s = addSolve(s, 10, "easy", 90_000);
  s = addSolve(s, 10, "easy", 60_000);
  s = addSolve(s, 10, "easy", 120_000);
  s = addSolve(s, 12, "hard", 300_000);
  s = addSolve(s, "24x28", "easy", 900_000);
  s = addSolve(s, 30, "expert", 3_600_000);
  const before = s;
  assert.equal(addSolve(s, 9, "easy", 1000), before, "a size the menu does not offer");
  assert.equal(addSolve(s, "28x24", "easy", 1000), before, "a rectangle the menu does not offer");
  assert.equal(addSolve(s, 10, null, 1000), before, "an editor board of unknown level");
  assert.equal(addSolve(s, 10, "easy", NaN), before);
  assert.deepEqual(statRows(s), [
    { size: 10, difficulty: "easy", solved: 3, best: 60_000, median: 90_000 },
    { size: 12, difficulty: "hard", solved: 1, best: 300_000, median: 300_000 },
    { size: 30, difficulty: "expert", solved: 1, best: 3_600_000, median: 3_600_000 },
    { size: "24x28", difficulty: "easy", solved: 1, best: 900_000, median: 900_000 },
  ]);
  // Rectangles survive storage as their own key.
  assert.deepEqual(statsOf(JSON.parse(JSON.stringify(s))), s);
});

test("the median covers the last TIMES_KEPT solves, the count and best every one", () => {
  let s = addSolve({}, 11, "medium", 1000);
  for (let k = 0; k < TIMES_KEPT; k++) s = addSolve(s, 11, "medium", 50_000);
  const [row] = statRows(s);
  assert.equal(row.solved, TIMES_KEPT + 1);
  assert.equal(row.best, 1000, "the best outlives the kept times");
  assert.equal(row.median, 50_000);
  assert.equal(s["11/medium"].times.length, TIMES_KEPT);
});

test("recordSolve keeps the statistics in storage; two solves read back", () => {
  const storage = memoryStorage();
  assert.deepEqual(loadStats(storage), {});
  const game = (ms, difficulty = "easy") => {
    const g = newGame(parseBoard(BOARD), { size: 10, difficulty, source: "server", seed: 1 });
    g.elapsed = ms;
    return g;
  };
  assert.ok(recordSolve(storage, game(75_400)));
  assert.ok(recordSolve(storage, game(64_600)));
  assert.equal(recordSolve(storage, game(1000, null)), false, "not counted: no difficulty");
  assert.deepEqual(statRows(loadStats(storage)), [
    { size: 10, difficulty: "easy", solved: 2, best: 64_600, median: 70_000 },
  ]);
  assert.ok(storage.items.has("gridforge.kakuro.stats.v1"));
});

test("damaged statistics read as nothing, entry by entry", () => {
  const storage = memoryStorage();
  storage.setItem("gridforge.kakuro.stats.v1", "{broken");
  assert.deepEqual(loadStats(storage), {});
  const stored = {
    "10/easy": { solved: 2, best: 5000, times: [5000, 7000] },
    "11/easy": { solved: "two", best: 1, times: [1] },
    "12/easy": { solved: 1, best: 1, times: [] },
    "13/easy": { solved: 1, best: 1, times: ["x"] },
    "14/easy": { solved: 0, best: 1, times: [1] },
    "10/absurd": { solved: 1, best: 1, times: [1] },
    "15/hard": { solved: 3, best: -4, times: [9000, 8000] },
  };
  storage.setItem("gridforge.kakuro.stats.v1", JSON.stringify(stored));
  assert.deepEqual(Object.keys(loadStats(storage)).sort(), ["10/easy", "15/hard"]);
  assert.equal(loadStats(storage)["15/hard"].best, 8000, "a damaged best is rebuilt from the times");
  assert.deepEqual(statsOf(null), {});
  // A full storage: the solve is not kept, and nothing throws.
  const full = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); } };
  const g = newGame(parseBoard(BOARD), { size: 10, difficulty: "easy" });
  assert.equal(recordSolve(full, g), false);
});
