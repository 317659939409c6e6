// What Triplex keeps between visits (through store.js): the current level,
// the codes of opened levels, solved levels with their times and each
// level's board.

import { read, write } from "./store.js";

const PROGRESS_KEY = "gridforge.triplex.v1";

/**
 * The Triplex progress: `current` level number, `codes` (level number → code
 * of every level opened so far), `solved` (level number → {ms, at, best}),
 * and `boards` (level number → {stage, positions, undo, elapsed, token}).
 */
export function loadProgress(storage) {
  const p = read(storage, PROGRESS_KEY) ?? {};
  const obj = (v) => (v && typeof v === "object" && !Array.isArray(v) ? v : {});
  return {
    version: 1,
    current: Number.isInteger(p.current) ? p.current : null,
    codes: obj(p.codes),
    solved: obj(p.solved),
    boards: obj(p.boards),
  };
}

/** Saves the Triplex progress. */
export function saveProgress(storage, progress) {
  return write(storage, PROGRESS_KEY, progress);
}
