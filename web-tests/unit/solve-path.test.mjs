// Solving paths (web/js/solve-path.js): the encoder writes exactly the texts
// of unit/fixtures/solve-paths.json, which the Rust tests decode too
// (crates/kakuro/tests/path_fixtures.rs, crates/triplex/tests/path_fixtures.rs);
// the decoder refuses the fixtures' broken texts; the recorder drops inputs
// that change nothing, keeps times strictly increasing and carries on after
// a reload.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  GAME_KAKURO,
  GAME_TRIPLEX,
  MAX_PATH_EVENTS,
  createRecorder,
  decodePath,
  encodePath,
} from "../../web/js/solve-path.js";

const FIXTURES = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "solve-paths.json"), "utf8"),
);
const GAMES = { kakuro: GAME_KAKURO, triplex: GAME_TRIPLEX };

test("the fixtures' events encode to their texts and decode back", () => {
  for (const [name, game] of Object.entries(GAMES)) {
    assert.ok(FIXTURES[name].length >= 2, name);
    for (const f of FIXTURES[name]) {
      assert.equal(encodePath(game, f.events), f.text, f.name);
      assert.deepEqual(decodePath(f.text), { game, events: f.events }, f.name);
    }
  }
});

test("the fixtures' broken texts are refused", () => {
  assert.ok(FIXTURES.invalid.length >= 10);
  for (const f of FIXTURES.invalid) {
    if (f.error === "WrongGame") {
      assert.notEqual(decodePath(f.text).game, GAMES[f.game], f.name);
    } else {
      assert.throws(() => decodePath(f.text), Error, f.name);
    }
  }
});

test("the encoder refuses what the server would", () => {
  assert.throws(() => encodePath(GAME_KAKURO, []), RangeError);
  const many = Array.from({ length: MAX_PATH_EVENTS + 1 }, (_, i) => ({ t: i + 1, cell: 0, digit: 1 }));
  assert.throws(() => encodePath(GAME_KAKURO, many), RangeError);
  assert.throws(() => encodePath(GAME_KAKURO, [{ t: 5, cell: 0, digit: 1 }, { t: 5, cell: 1, digit: 1 }]), RangeError);
  assert.throws(() => encodePath(GAME_KAKURO, [{ t: 5, cell: 0, digit: 10 }]), RangeError);
  assert.throws(() => encodePath(3, [{ t: 5, cell: 0, digit: 1 }]), RangeError);
});

/** A clock the test moves by hand. */
function clock(start = 50_000) {
  let now = start;
  return { now: () => now, at: (t) => (now = start + t) };
}

test("a Kakuro recorder writes the fixture's path, dropping inputs that change nothing", () => {
  const c = clock();
  const r = createRecorder(GAME_KAKURO, { now: c.now });
  const inputs = [
    [1000, 4, 2],
    [1200, 4, 2], // the same digit again
    [1300, 8, null], // erasing an empty cell
    [2500, 4, 1],
    [4000, 5, 2],
    [6000, 7, 3],
    [8500, 8, 4],
  ];
  for (const [t, cell, digit] of inputs) {
    c.at(t);
    r.digit(cell, digit);
  }
  assert.equal(r.encode(), FIXTURES.kakuro[0].text);
});

test("inputs in the same ms get times 1 ms apart; a reload carries on", () => {
  const c = clock(10);
  const r = createRecorder(GAME_KAKURO, { now: c.now });
  c.at(400);
  r.digit(3, 5);
  r.digit(4, 6);
  r.digit(3, 0);
  assert.deepEqual(
    r.events.map((e) => e.t),
    [400, 401, 402],
  );
  // After a reload the server says 10 s have passed since the start.
  const later = clock(999);
  const again = createRecorder(GAME_KAKURO, { elapsedMs: 10_000, events: r.events, now: later.now });
  again.digit(4, 6); // already there
  later.at(500);
  again.digit(3, 7);
  assert.deepEqual(again.events.slice(3), [{ t: 10_500, cell: 3, digit: 7 }]);
  assert.deepEqual(decodePath(again.encode()).events.length, 4);
});

test("a Triplex recorder turns the pieces inside the rectangle into the fixture's path", () => {
  const c = clock();
  const r = createRecorder(GAME_TRIPLEX, { now: c.now });
  const steps = [
    [900, [[2, [0, 1, 4]]]],
    [2100, [[2, [4, 0, 1]], [0, [6, 7]]]], // piece 2 unchanged, cells in another order
    [2600, [[2, [0, 1, 4]]]], // piece 0 taken out
    [3000, [[2, [0, 1, 4]]]], // a move outside the rectangle: nothing
    [4000, [[2, [0, 1, 4]], [0, [2, 3]]]],
    [5200, [[2, [0, 1, 4]], [0, [3, 2]], [1, [7, 6, 5]]]],
  ];
  for (const [t, inside] of steps) {
    c.at(t);
    r.sync(new Map(inside));
  }
  assert.equal(r.encode(), FIXTURES.triplex[0].text);
  assert.deepEqual(r.events, FIXTURES.triplex[0].events);
});

/**
 * Replays Triplex events as the server does (crates/triplex/src/path.rs),
 * for shapes alone: every event changes something, no placement covers a
 * cell another piece covers. Returns piece → sorted cells.
 */
function replayCells(events) {
  const lies = new Map();
  events.forEach((e, i) => {
    const was = lies.get(e.piece);
    lies.delete(e.piece);
    if (e.cells === null) {
      assert.ok(was, `event ${i}: piece ${e.piece} removed but not inside`);
      return;
    }
    const cells = [...e.cells].sort((a, b) => a - b);
    assert.notEqual(String(was), String(cells), `event ${i}: no change`);
    for (const [other, covered] of lies) {
      assert.ok(!cells.some((c) => covered.includes(c)), `event ${i}: piece ${e.piece} overlaps piece ${other}`);
    }
    lies.set(e.piece, cells);
  });
  return lies;
}

test("a Triplex recorder's sync never lays a piece on another: moves at once, pieces trading places", () => {
  const c = clock();
  const r = createRecorder(GAME_TRIPLEX, { now: c.now });
  const boards = [
    [[0, [0, 1]], [1, [2, 3]], [2, [4, 5]]],
    // Piece 0 goes where piece 1 was, piece 1 where piece 2 was, piece 2 out (a hint's undo).
    [[0, [2, 3]], [1, [4, 5]]],
    // Pieces 0 and 1 trade places.
    [[0, [4, 5]], [1, [2, 3]]],
    // A cycle of three (a reset and a redo in one step).
    [[0, [2, 3]], [1, [6, 7]], [2, [4, 5]]],
    [[0, [4, 5]], [1, [2, 3]], [2, [6, 7]]],
    [],
  ];
  boards.forEach((board, i) => {
    c.at(1000 * (i + 1));
    r.sync(new Map(board));
    const lies = replayCells(r.events);
    assert.deepEqual(
      [...lies].sort(([a], [b]) => a - b),
      board.map(([k, cells]) => [k, [...cells].sort((a, b) => a - b)]).sort(([a], [b]) => a - b),
      `board ${i}`,
    );
  });
  // Times strictly increase through every step.
  const times = r.events.map((e) => e.t);
  assert.ok(times.every((t, i) => i === 0 || t > times[i - 1]), String(times));
  assert.equal(decodePath(r.encode()).events.length, r.events.length);
});
