// What Kakuro keeps in localStorage (through store.js): the three save slots, the game being
// played (autosaved), the editor's layout, the pack puzzles already played,
// the player's statistics (kakuro-stats.js) and the Kakuro settings.
// Damaged data reads as nothing, never as an error.

import { restoreGame, serializeGame } from "./kakuro-game.js";
import { DIFFICULTIES, EDITOR_SIZES, SIZES, isSize } from "./kakuro-model.js";
import { addSolve, statsOf } from "./kakuro-stats.js";
import { read, write } from "./store.js";

/** How many save slots there are. */
export const SLOT_COUNT = 3;
const SLOTS_KEY = "gridforge.kakuro.slots.v1";
const CURRENT_KEY = "gridforge.kakuro.current.v1";
const EDITOR_KEY = "gridforge.kakuro.editor.v1";
const SETTINGS_KEY = "gridforge.kakuro.settings.v1";
const PLAYED_KEY = "gridforge.kakuro.played.v1";
const STATS_KEY = "gridforge.kakuro.stats.v1";
/** Pack puzzles remembered as played (the oldest are forgotten). */
const PLAYED_LIMIT = 400;

/**
 * A slot's stored form: the saved game plus what the slot list shows
 * (thumbnail data URL, size, difficulty, elapsed ms, start date, save date).
 */
export function slotOf(game, thumbnail, now = Date.now()) {
  return {
    game: serializeGame(game),
    thumbnail: typeof thumbnail === "string" ? thumbnail : "",
    size: game.size,
    difficulty: game.difficulty,
    elapsed: Math.round(game.elapsed),
    started: game.started,
    saved: now,
  };
}

/** A stored slot if it is whole, else null. */
function validSlot(slot) {
  if (!slot || typeof slot !== "object" || !slot.game) return null;
  if (!restoreGame(slot.game)) return null;
  if (!Number.isFinite(slot.elapsed) || !Number.isFinite(slot.started)) return null;
  return {
    game: slot.game,
    // Only pictures made here: a data URL of an image, never another address.
    thumbnail: /^data:image\/png;base64,/.test(slot.thumbnail) ? slot.thumbnail : "",
    size: isSize(slot.size) ? slot.size : null,
    difficulty: typeof slot.difficulty === "string" ? slot.difficulty : null,
    elapsed: slot.elapsed,
    started: slot.started,
    saved: Number.isFinite(slot.saved) ? slot.saved : slot.started,
  };
}

/** The three slots, each a slot or null when empty (or damaged). */
export function loadSlots(storage) {
  const stored = read(storage, SLOTS_KEY);
  const list = Array.isArray(stored) ? stored : [];
  return Array.from({ length: SLOT_COUNT }, (_, k) => validSlot(list[k]));
}

/** Stores `slot` (from slotOf) as slot k (0-based); true when it was written. */
export function saveSlot(storage, k, slot) {
  if (!(Number.isInteger(k) && k >= 0 && k < SLOT_COUNT)) return false;
  const slots = loadSlots(storage);
  slots[k] = slot;
  return write(storage, SLOTS_KEY, slots);
}

/** The game a slot holds, ready to play, or null. */
export function gameOfSlot(slot) {
  return slot ? restoreGame(slot.game) : null;
}

/** The autosaved game, or null. */
export function loadCurrent(storage) {
  return restoreGame(read(storage, CURRENT_KEY));
}

/** Autosaves the game being played (null forgets it). */
export function saveCurrent(storage, game) {
  return write(storage, CURRENT_KEY, game ? serializeGame(game) : null);
}

/** The editor's layout: {size, digits: row-major booleans}, or null. */
export function loadEditor(storage) {
  const e = read(storage, EDITOR_KEY);
  if (!e || !EDITOR_SIZES.includes(e.size) || !Array.isArray(e.digits)) return null;
  if (e.digits.length !== e.size * e.size) return null;
  return { size: e.size, digits: e.digits.map(Boolean) };
}

/** Keeps the editor's layout. */
export function saveEditor(storage, layout) {
  return write(storage, EDITOR_KEY, { size: layout.size, digits: layout.digits.map((d) => (d ? 1 : 0)) });
}

/** The pack puzzles played so far (keys from packKey), oldest first. */
export function loadPlayed(storage) {
  const list = read(storage, PLAYED_KEY);
  return new Set(Array.isArray(list) ? list.filter((k) => typeof k === "string") : []);
}

/** Remembers a pack puzzle as played. */
export function addPlayed(storage, key) {
  const list = [...loadPlayed(storage)].filter((k) => k !== key);
  list.push(key);
  return write(storage, PLAYED_KEY, list.slice(-PLAYED_LIMIT));
}

/** The player's statistics per size × difficulty (see kakuro-stats.js). */
export function loadStats(storage) {
  return statsOf(read(storage, STATS_KEY));
}

/**
 * Counts a solved game in the statistics (a size and difficulty the menu
 * offers; others are left out); true when it was stored.
 */
export function recordSolve(storage, game) {
  const before = loadStats(storage);
  const after = addSolve(before, game.size, game.difficulty, game.elapsed);
  return after !== before && write(storage, STATS_KEY, after);
}

/**
 * The Kakuro settings: last size and difficulty asked for, whether the hints
 * show, which mistakes are highlighted, whether completed runs are marked
 * (their clue dimmed) and whether the help's check marks the wrong digits
 * (else it only says how many there are). Both on unless turned off.
 */
export function loadKakuroSettings(storage) {
  const s = read(storage, SETTINGS_KEY) ?? {};
  return {
    size: SIZES.includes(s.size) ? s.size : 10,
    difficulty: DIFFICULTIES.includes(s.difficulty) ? s.difficulty : "easy",
    hints: s.hints === true,
    showRepeats: s.showRepeats !== false,
    showWrongSums: s.showWrongSums !== false,
    markComplete: s.markComplete !== false,
    checkMarksCells: s.checkMarksCells !== false,
  };
}

/** Saves the Kakuro settings. */
export function saveKakuroSettings(storage, settings) {
  return write(storage, SETTINGS_KEY, settings);
}
