// The replay of a solving path (daily-replay.js): what the board shows at a
// time of the solve, from a path the recorder wrote (solve-path.js), through
// the wire text and back.

import assert from "node:assert/strict";
import { test } from "node:test";
import { valuesAt } from "../../web/js/daily-replay.js";
import { createRecorder, decodePath, GAME_KAKURO } from "../../web/js/solve-path.js";

test("the board at a time shows the digits entered up to it, overwritten and erased ones as they were", () => {
  let now = 0;
  const recorder = createRecorder(GAME_KAKURO, { now: () => now });
  now = 1_000;
  recorder.digit(5, 3);
  now = 2_500;
  recorder.digit(6, 4);
  now = 4_000;
  recorder.digit(5, 9);
  now = 6_000;
  recorder.digit(6, 0);
  now = 7_000;
  recorder.digit(7, 1);
  const { game, events } = decodePath(recorder.encode());
  assert.equal(game, GAME_KAKURO);
  const at = (ms) => valuesAt(9, events, ms);
  assert.deepEqual(at(0), { values: [0, 0, 0, 0, 0, 0, 0, 0, 0], shown: 0 });
  assert.deepEqual(at(999).shown, 0);
  assert.deepEqual(at(1_000), { values: [0, 0, 0, 0, 0, 3, 0, 0, 0], shown: 1 });
  assert.deepEqual(at(3_000).values, [0, 0, 0, 0, 0, 3, 4, 0, 0]);
  assert.deepEqual(at(4_000).values, [0, 0, 0, 0, 0, 9, 4, 0, 0]);
  assert.deepEqual(at(6_500), { values: [0, 0, 0, 0, 0, 9, 0, 0, 0], shown: 4 });
  assert.deepEqual(at(Infinity), { values: [0, 0, 0, 0, 0, 9, 0, 1, 0], shown: 5 });
});

test("a cell past the board is ignored, not written beyond it", () => {
  const events = [
    { t: 1, cell: 2, digit: 5 },
    { t: 2, cell: 40, digit: 7 },
  ];
  const { values, shown } = valuesAt(4, events, 10);
  assert.deepEqual(values, [0, 0, 5, 0]);
  assert.equal(values.length, 4);
  assert.equal(shown, 2);
});
