// A Kakuro game in progress and what is kept of it: pencil marks leave the
// runs of a placed digit, undo and redo replay moves exactly, the saved form
// restores everything, damaged saves are refused, and the three save slots
// survive a round trip through storage.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  erase,
  marksOf,
  newGame,
  placeDigit,
  redo,
  restoreGame,
  serializeGame,
  toggleMark,
  undo,
} from "../../web/js/kakuro-game.js";
import { parseBoard } from "../../web/js/kakuro-model.js";
import {
  SLOT_COUNT,
  addPlayed,
  gameOfSlot,
  loadCurrent,
  loadEditor,
  loadKakuroSettings,
  loadPlayed,
  loadSlots,
  saveCurrent,
  saveEditor,
  saveSlot,
  slotOf,
} from "../../web/js/kakuro-store.js";
import { memoryStorage } from "../lib/storage.mjs";

/*
 *        23↓  6↓
 *   10→  [4]  [5]
 *   10→  [7]  [8]
 *    9→ [10] [11]
 */
const BOARD = "4 3\n- 23, 6,\n,10 0 0\n,10 0 0\n,9 0 0";

function game() {
  return newGame(parseBoard(BOARD), { size: 4, difficulty: "easy", source: "server", seed: 7, started: 1_700_000_000_000 });
}

test("placing a digit removes it from the pencil marks of both its runs, not elsewhere", () => {
  const g = game();
  for (const i of [4, 5, 7, 8, 10, 11]) {
    for (const d of [1, 9]) assert.ok(toggleMark(g, i, d));
  }
  assert.ok(placeDigit(g, 4, 9));
  // Cell 4's runs: across 4-5, down 4-7-10. Cells 8 and 11 share neither.
  assert.deepEqual(marksOf(g, 4), [], "the cell's own marks go");
  assert.deepEqual(marksOf(g, 5), [1]);
  assert.deepEqual(marksOf(g, 7), [1]);
  assert.deepEqual(marksOf(g, 10), [1]);
  assert.deepEqual(marksOf(g, 8), [1, 9]);
  assert.deepEqual(marksOf(g, 11), [1, 9]);
  // One undo brings every mark back, and the digit goes.
  assert.ok(undo(g));
  assert.equal(g.values[4], 0);
  for (const i of [4, 5, 7, 8, 10, 11]) assert.deepEqual(marksOf(g, i), [1, 9], `cell ${i}`);
  assert.ok(redo(g));
  assert.equal(g.values[4], 9);
  assert.deepEqual(marksOf(g, 7), [1]);
  assert.equal(redo(g), false, "nothing left to redo");
  // A cell with a digit takes no marks; a new move clears the redo list.
  assert.equal(toggleMark(g, 4, 3), false);
  undo(g);
  assert.equal(g.redo.length, 1);
  toggleMark(g, 5, 4);
  assert.equal(g.redo.length, 0);
  // Clue cells take nothing; erase takes the digit, then the marks.
  assert.equal(placeDigit(g, 1, 5), false);
  placeDigit(g, 8, 2);
  assert.ok(erase(g, 8));
  assert.equal(g.values[8], 0);
  toggleMark(g, 8, 6);
  assert.ok(erase(g, 8));
  assert.deepEqual(marksOf(g, 8), []);
  assert.equal(erase(g, 8), false);
});

test("a solved game is recognised by the rules and takes no more moves", () => {
  const g = game();
  const solution = { 4: 9, 5: 1, 7: 8, 8: 2, 10: 6, 11: 3 };
  for (const [i, d] of Object.entries(solution)) {
    assert.equal(g.solved, false);
    placeDigit(g, Number(i), d);
  }
  assert.equal(g.solved, true);
  assert.equal(placeDigit(g, 4, 1), false);
  assert.equal(erase(g, 4), false);
  // Undo is still possible (the screen disables it); it unsolves.
  undo(g);
  assert.equal(g.solved, false);
});

test("the saved form restores digits, marks, history, clock and metadata", () => {
  const g = game();
  toggleMark(g, 5, 1);
  toggleMark(g, 5, 2);
  placeDigit(g, 4, 9);
  placeDigit(g, 8, 2);
  undo(g);
  g.elapsed = 83_456;
  const saved = JSON.parse(JSON.stringify(serializeGame(g)));
  assert.equal(saved.digits, "900000");
  const back = restoreGame(saved);
  assert.deepEqual(back.values, g.values);
  assert.deepEqual(back.marks, g.marks);
  assert.deepEqual(back.undo, g.undo);
  assert.deepEqual(back.redo, g.redo);
  assert.equal(back.elapsed, 83_456);
  assert.deepEqual(
    [back.size, back.difficulty, back.source, back.seed, back.started],
    [4, "easy", "server", 7, 1_700_000_000_000],
  );
  // The history works after a restore.
  assert.ok(redo(back));
  assert.equal(back.values[8], 2);
  assert.ok(undo(back) && undo(back));
  assert.deepEqual(marksOf(back, 5), [1, 2]);
});

test("damaged saves are refused whole", () => {
  const good = serializeGame(game());
  const broken = [
    null,
    { ...good, version: 2 },
    { ...good, puzzle: "4 3\n- 23, 6," },
    { ...good, digits: "00000" },
    { ...good, digits: "00000x" },
    { ...good, marks: [0, 0, 0, 0, 0] },
    { ...good, marks: [1, 0, 0, 0, 0, 0] },
    { ...good, undo: [[[6, 0, 0, 1, 0]]] },
    { ...good, redo: [[]] },
    { ...good, undo: "x" },
  ];
  for (const data of broken) assert.equal(restoreGame(data), null, JSON.stringify(data));
});

test("three slots round-trip through storage; damaged ones read as empty", () => {
  const storage = memoryStorage();
  assert.deepEqual(loadSlots(storage), [null, null, null]);
  assert.equal(SLOT_COUNT, 3);
  const g = game();
  placeDigit(g, 4, 9);
  toggleMark(g, 11, 3);
  g.elapsed = 61_000;
  const slot = slotOf(g, "data:image/png;base64,AAAA", 1_700_000_100_000);
  assert.ok(saveSlot(storage, 0, slot));
  assert.ok(saveSlot(storage, 2, slotOf(game(), "", 1_700_000_200_000)));
  assert.equal(saveSlot(storage, 3, slot), false, "there is no fourth slot");
  const [first, second, third] = loadSlots(storage);
  assert.equal(second, null);
  assert.deepEqual(
    [first.size, first.difficulty, first.elapsed, first.started, first.saved, first.thumbnail],
    [4, "easy", 61_000, 1_700_000_000_000, 1_700_000_100_000, "data:image/png;base64,AAAA"],
  );
  assert.equal(third.saved, 1_700_000_200_000);
  const loaded = gameOfSlot(first);
  assert.equal(loaded.values[4], 9);
  assert.deepEqual(marksOf(loaded, 11), [3]);
  assert.equal(loaded.elapsed, 61_000);
  // Overwriting a slot replaces it and leaves the others alone.
  saveSlot(storage, 0, slotOf(game(), "", 5));
  assert.equal(gameOfSlot(loadSlots(storage)[0]).values[4], 0);
  assert.ok(loadSlots(storage)[2]);
  // A damaged slot (puzzle text cut) and a foreign thumbnail.
  const raw = JSON.parse(storage.getItem("gridforge.kakuro.slots.v1"));
  raw[0].game.puzzle = "4 3";
  raw[2].thumbnail = "javascript:alert(1)";
  storage.setItem("gridforge.kakuro.slots.v1", JSON.stringify(raw));
  const after = loadSlots(storage);
  assert.equal(after[0], null);
  assert.equal(after[2].thumbnail, "");
  storage.setItem("gridforge.kakuro.slots.v1", "{not json");
  assert.deepEqual(loadSlots(storage), [null, null, null]);
});

test("the current game, the editor's layout, played puzzles and settings are kept", () => {
  const storage = memoryStorage();
  assert.equal(loadCurrent(storage), null);
  const g = game();
  placeDigit(g, 5, 1);
  saveCurrent(storage, g);
  assert.equal(loadCurrent(storage).values[5], 1);
  saveCurrent(storage, null);
  assert.equal(loadCurrent(storage), null);

  assert.equal(loadEditor(storage), null);
  const digits = Array(100).fill(false);
  digits[11] = digits[12] = true;
  saveEditor(storage, { size: 10, digits });
  assert.deepEqual(loadEditor(storage), { size: 10, digits });
  // The editor makes the sizes New game offers (SIZES), no other.
  saveEditor(storage, { size: 16, digits: Array(256).fill(false) });
  assert.equal(loadEditor(storage)?.size, 16, "the editor makes 16×16 as New game does");
  saveEditor(storage, { size: 17, digits: Array(289).fill(false) });
  assert.equal(loadEditor(storage), null, "the editor makes only the sizes New game offers");

  addPlayed(storage, "10/easy/3");
  addPlayed(storage, "10/easy/4");
  addPlayed(storage, "10/easy/3");
  assert.deepEqual([...loadPlayed(storage)], ["10/easy/4", "10/easy/3"]);

  assert.deepEqual(loadKakuroSettings(storage), {
    size: 10,
    difficulty: "easy",
    hints: false,
    showRepeats: true,
    showWrongSums: true,
    markComplete: true,
    checkMarksCells: true,
  });
  storage.setItem(
    "gridforge.kakuro.settings.v1",
    JSON.stringify({ size: 31, difficulty: "x", showRepeats: false, markComplete: false, checkMarksCells: false }),
  );
  const s = loadKakuroSettings(storage);
  assert.deepEqual([s.size, s.difficulty, s.showRepeats, s.markComplete, s.checkMarksCells], [10, "easy", false, false, false]);
  const full = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); } };
  assert.equal(saveSlot(full, 0, slotOf(game(), "")), false);
});
