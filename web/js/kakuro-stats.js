// The player's Kakuro statistics, without the DOM: per size × difficulty the
// number of puzzles solved, the best time and the median time. Kept in the
// browser by kakuro-store.js (loadStats, recordSolve) as plain JSON:
//   {"<size>/<difficulty>": {solved, best, times: [ms, …]}}
// `times` holds the most recent TIMES_KEPT solve times (the median is over
// those); `solved` and `best` cover every solve.

import { DIFFICULTIES, SIZES } from "./kakuro-model.js";

/** Solve times kept per size × difficulty for the median. */
export const TIMES_KEPT = 200;

const statKey = (size, difficulty) => `${size}/${difficulty}`;

/** Whether a solved game counts: a size and difficulty the menu offers. */
export function counts(size, difficulty) {
  return SIZES.includes(size) && DIFFICULTIES.includes(difficulty);
}

/** One entry if it is whole, else null (damaged data is dropped, never an error). */
function validEntry(e) {
  if (!e || typeof e !== "object" || !Array.isArray(e.times)) return null;
  const times = e.times.filter((t) => Number.isFinite(t) && t >= 0).slice(-TIMES_KEPT);
  if (!Number.isInteger(e.solved) || e.solved < times.length || !times.length) return null;
  const best = Number.isFinite(e.best) && e.best >= 0 ? Math.min(e.best, ...times) : Math.min(...times);
  return { solved: e.solved, best, times };
}

/** The statistics from their stored form (anything damaged left out). */
export function statsOf(stored) {
  const out = {};
  if (!stored || typeof stored !== "object") return out;
  for (const size of SIZES) {
    for (const difficulty of DIFFICULTIES) {
      const entry = validEntry(stored[statKey(size, difficulty)]);
      if (entry) out[statKey(size, difficulty)] = entry;
    }
  }
  return out;
}

/** `stats` with one more solve of `ms` milliseconds (a new object; `stats` is kept). */
export function addSolve(stats, size, difficulty, ms) {
  if (!counts(size, difficulty) || !(Number.isFinite(ms) && ms >= 0)) return stats;
  const key = statKey(size, difficulty);
  const old = stats[key] ?? { solved: 0, best: Infinity, times: [] };
  const time = Math.round(ms);
  return {
    ...stats,
    [key]: {
      solved: old.solved + 1,
      best: Math.min(old.best, time),
      times: [...old.times, time].slice(-TIMES_KEPT),
    },
  };
}

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(list) {
  if (!list.length) return null;
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/**
 * The rows the menu shows: one per size × difficulty with a solve, in the
 * menu's order, each {size, difficulty, solved, best, median} (times in ms).
 */
export function statRows(stats) {
  const rows = [];
  for (const size of SIZES) {
    for (const difficulty of DIFFICULTIES) {
      const e = stats[statKey(size, difficulty)];
      if (e) rows.push({ size, difficulty, solved: e.solved, best: e.best, median: median(e.times) });
    }
  }
  return rows;
}
