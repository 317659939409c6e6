// What a family of Triplex puzzles (Triplex, BlockPuzzle) keeps between
// visits (through store.js), each under its own key: the current level, the
// codes of opened levels, solved levels with their times and each level's
// board.

import { read, write } from "./store.js";

/** The storage key of a family's progress: gridforge.triplex.v1, gridforge.blockpuzzle.v1. */
export function progressKey(family) {
  return `gridforge.${family}.v1`;
}

/**
 * The progress of `family`: `current` level number, `codes` (level number →
 * code of every level opened so far), `solved` (level number → {ms, at,
 * best}), and `boards` (level number → {stage, positions, undo, elapsed,
 * token, hinted}).
 */
export function loadProgress(storage, family) {
  const p = read(storage, progressKey(family)) ?? {};
  const obj = (v) => (v && typeof v === "object" && !Array.isArray(v) ? v : {});
  return {
    version: 1,
    current: Number.isInteger(p.current) ? p.current : null,
    codes: obj(p.codes),
    solved: obj(p.solved),
    boards: obj(p.boards),
  };
}

/** Saves the progress of `family`. */
export function saveProgress(storage, family, progress) {
  return write(storage, progressKey(family), progress);
}
