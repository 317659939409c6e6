// Saving and loading (store.js, the one way to localStorage, and the games'
// stores on it): what goes in comes back, data saved before stays readable,
// and damaged or missing data gives a fresh start instead of an error.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadChess, saveChess } from "../../web/js/chess-store.js";
import { loadSettings, read, saveSettings, write } from "../../web/js/store.js";
import { loadProgress, progressKey, saveProgress } from "../../web/js/triplex-store.js";
import { memoryStorage } from "../lib/storage.mjs";

test("progress round-trips", () => {
  const storage = memoryStorage();
  const progress = loadProgress(storage, "triplex");
  assert.deepEqual(progress, { version: 1, current: null, codes: {}, solved: {}, boards: {} });
  progress.current = 3;
  progress.codes[2] = "KNEK44QAEQ";
  progress.solved[1] = { ms: 1234, at: 1700000000000 };
  progress.boards[3] = { positions: [{ x: 1, y: 2, o: 0 }] };
  assert.ok(saveProgress(storage, "triplex", progress));
  assert.deepEqual(loadProgress(storage, "triplex"), progress);
});

test("each family keeps its progress under its own key", () => {
  const storage = memoryStorage();
  const triplex = loadProgress(storage, "triplex");
  triplex.solved[1] = { ms: 1, at: 2 };
  assert.ok(saveProgress(storage, "triplex", triplex));
  const blockpuzzle = loadProgress(storage, "blockpuzzle");
  assert.deepEqual(blockpuzzle.solved, {}, "BlockPuzzle does not see Triplex's solves");
  blockpuzzle.codes[2] = "EAPEJ8NKB7";
  assert.ok(saveProgress(storage, "blockpuzzle", blockpuzzle));
  assert.equal(progressKey("blockpuzzle"), "gridforge.blockpuzzle.v1");
  assert.deepEqual([...storage.items.keys()].sort(), ["gridforge.blockpuzzle.v1", "gridforge.triplex.v1"]);
  assert.deepEqual(loadProgress(storage, "triplex"), triplex);
  assert.deepEqual(loadProgress(storage, "blockpuzzle"), blockpuzzle);
});

test("damaged data gives a fresh start", () => {
  const storage = memoryStorage();
  storage.setItem("gridforge.triplex.v1", "{not json");
  assert.equal(loadProgress(storage, "triplex").current, null);
  storage.setItem("gridforge.triplex.v1", JSON.stringify({ current: "x", codes: [1], solved: 5 }));
  assert.deepEqual(loadProgress(storage, "triplex"), { version: 1, current: null, codes: {}, solved: {}, boards: {} });
  storage.setItem("gridforge.settings.v1", JSON.stringify({ lang: 3, theme: "neon" }));
  assert.deepEqual(loadSettings(storage), { lang: null, theme: "auto" });
});

test("settings round-trip; a full storage does not throw", () => {
  const storage = memoryStorage();
  saveSettings(storage, { lang: "fr", theme: "dark" });
  assert.deepEqual(loadSettings(storage), { lang: "fr", theme: "dark" });
  const full = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); } };
  assert.equal(saveProgress(full, "triplex", loadProgress(full, "triplex")), false);
  assert.equal(loadProgress(null, "triplex").current, null);
});

test("read gives objects and arrays only; write stores JSON, removes on null, says when nothing was kept", () => {
  const storage = memoryStorage();
  assert.equal(read(storage, "k"), null, "missing");
  assert.ok(write(storage, "k", { a: [1, null] }));
  assert.equal(storage.items.get("k"), '{"a":[1,null]}');
  assert.deepEqual(read(storage, "k"), { a: [1, null] });
  assert.ok(write(storage, "k", ["x"]));
  assert.deepEqual(read(storage, "k"), ["x"]);
  for (const text of ["5", '"text"', "null", "true", "{broken"]) {
    storage.setItem("k", text);
    assert.equal(read(storage, "k"), null, text);
  }
  assert.ok(write(storage, "k", null));
  assert.equal(storage.items.has("k"), false, "null removes the key");
  assert.equal(write(null, "k", {}), false, "no storage keeps nothing");
  assert.equal(read(null, "k"), null);
});

test("data saved under the existing keys and formats still loads", () => {
  const storage = memoryStorage();
  storage.setItem("gridforge.settings.v1", '{"lang":"de","theme":"light"}');
  assert.deepEqual(loadSettings(storage), { lang: "de", theme: "light" });
  storage.setItem(
    "gridforge.triplex.v1",
    '{"version":1,"current":2,"codes":{"2":"KNEK44QAEQ"},"solved":{"1":{"ms":900,"at":5,"best":900}},"boards":{}}',
  );
  const progress = loadProgress(storage, "triplex");
  assert.equal(progress.current, 2);
  assert.equal(progress.codes[2], "KNEK44QAEQ");
  assert.deepEqual(progress.solved[1], { ms: 900, at: 5, best: 900 });
  storage.setItem(
    "gridforge.chess.v1",
    '{"version":1,"game":null,"best":[{"moves":40,"ms":60000,"at":7},{"moves":3,"ms":1,"at":1}],"finished":4}',
  );
  const chess = loadChess(storage);
  // A save from before games for two: no best list for two, no names.
  const kept = { game: null, best: [{ moves: 40, ms: 60000, at: 7 }], bestDuo: [], names: null, finished: 4 };
  assert.deepEqual(chess, kept, "a result under 32 moves is dropped");
  assert.ok(saveChess(storage, null, chess));
  assert.deepEqual(JSON.parse(storage.items.get("gridforge.chess.v1")), {
    version: 1,
    game: null,
    best: [{ moves: 40, ms: 60000, at: 7 }],
    bestDuo: [],
    names: null,
    finished: 4,
  });
  // The best list for two keeps names and scores that add up to 32 pairs.
  const duo = { moves: 50, ms: 90000, at: 9, names: ["Ann", "Ben"], scores: [20, 12] };
  storage.setItem(
    "gridforge.chess.v1",
    JSON.stringify({ ...kept, bestDuo: [duo, { ...duo, scores: [20, 11] }, { ...duo, names: ["Ann"] }], names: ["Ann", "Ben"] }),
  );
  const both = loadChess(storage);
  assert.deepEqual(both.bestDuo, [duo]);
  assert.deepEqual(both.names, ["Ann", "Ben"]);
});
