// Saving and loading progress: what goes in comes back, and damaged or
// missing data gives a fresh start instead of an error.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadProgress, loadSettings, saveProgress, saveSettings } from "../../web/js/store.js";

function memoryStorage() {
  const items = new Map();
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    items,
  };
}

test("progress round-trips", () => {
  const storage = memoryStorage();
  const progress = loadProgress(storage);
  assert.deepEqual(progress, { version: 1, current: null, codes: {}, solved: {}, boards: {} });
  progress.current = 3;
  progress.codes[2] = "KNEK44QAEQ";
  progress.solved[1] = { ms: 1234, at: 1700000000000 };
  progress.boards[3] = { positions: [{ x: 1, y: 2, o: 0 }] };
  assert.ok(saveProgress(storage, progress));
  assert.deepEqual(loadProgress(storage), progress);
});

test("damaged data gives a fresh start", () => {
  const storage = memoryStorage();
  storage.setItem("gridforge.triplex.v1", "{not json");
  assert.equal(loadProgress(storage).current, null);
  storage.setItem("gridforge.triplex.v1", JSON.stringify({ current: "x", codes: [1], solved: 5 }));
  assert.deepEqual(loadProgress(storage), { version: 1, current: null, codes: {}, solved: {}, boards: {} });
  storage.setItem("gridforge.settings.v1", JSON.stringify({ lang: 3, theme: "neon" }));
  assert.deepEqual(loadSettings(storage), { lang: null, theme: "auto" });
});

test("settings round-trip; a full storage does not throw", () => {
  const storage = memoryStorage();
  saveSettings(storage, { lang: "fr", theme: "dark" });
  assert.deepEqual(loadSettings(storage), { lang: "fr", theme: "dark" });
  const full = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); } };
  assert.equal(saveProgress(full, loadProgress(full)), false);
  assert.equal(loadProgress(null).current, null);
});
