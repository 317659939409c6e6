// Which levels of a family's pack (Triplex, BlockPuzzle) the player can
// open, and opening them: level 1 is in the clear, every other one by the
// code kept in the progress (from solving the level before it, or typed in
// the code dialog).

import { solutionGrid } from "./triplex-board.js";
import { coverText, levelCode, levelOf, normalizeCode, openLevel, packEntries } from "./triplex-chain.js";

/** Levels per section of the level list. */
export const SECTION_SIZE = 100;

/**
 * The level list's sections: runs of SECTION_SIZE levels in number order,
 * the order they open in: [{first, last, numbers}].
 */
export function numberSections(total, size = SECTION_SIZE) {
  const sections = [];
  for (let first = 1; first <= total; first += size) {
    const last = Math.min(total, first + size - 1);
    sections.push({ first, last, numbers: Array.from({ length: last - first + 1 }, (_, k) => first + k) });
  }
  return sections;
}

/** The level list's "show" choices: every level, not solved yet, solved, open to play now. */
export const LEVEL_STATES = ["all", "unsolved", "solved", "open"];

/**
 * The areas (cells of the rectangle) of `entries` ({width, height}), each
 * once, smallest first: the level list's size choices, read from the pack.
 */
export function levelAreas(entries) {
  return [...new Set(entries.map((e) => e.width * e.height))].sort((a, b) => a - b);
}

/**
 * Whether level `entry` ({number, width, height}) shows under `filter`
 * ({state: one of LEVEL_STATES, area: a number of cells or null for any});
 * `solved` maps level numbers to their records, `isOpen(n)` says whether a
 * level can be played now.
 */
export function levelShows(entry, filter, solved, isOpen) {
  if (filter.area !== null && entry.width * entry.height !== filter.area) return false;
  const n = entry.number;
  if (filter.state === "unsolved") return !solved[n];
  if (filter.state === "solved") return Boolean(solved[n]);
  if (filter.state === "open") return isOpen(n) && !solved[n];
  return true;
}

/** The levels of `pack` as the player's `progress` opens them. */
export function createLevels(pack, progress) {
  const entries = packEntries(pack);
  const total = entries.length;
  /** Levels already opened this visit, by number. */
  const opened = new Map();

  function codeOf(n) {
    if (n === 1) return pack.first_code;
    return progress.codes[n] ?? null;
  }

  function isOpen(n) {
    return n === 1 || typeof progress.codes[n] === "string";
  }

  return {
    total,
    codeOf,
    isOpen,
    /** Size and difficulty of level n, known without opening it: {number, width, height, difficulty}. */
    entry: (n) => entries[n - 1] ?? null,
    /** The list's sections: [{first, last, numbers}] in number order. */
    sections: () => numberSections(total),
    /**
     * The level to play next: the first open level not solved yet from
     * `current` (the one played last) on, else from level 1; null when
     * every open one is solved.
     */
    nextToPlay(solved, current) {
      const start = Number.isInteger(current) && current >= 1 && current <= total ? current : 1;
      for (let k = 0; k < total; k++) {
        const n = ((start - 1 + k) % total) + 1;
        if (isOpen(n) && !solved[n]) return n;
      }
      return null;
    },
    /** Level n ready to play, or null (locked, or its stored code no longer opens it). */
    async level(n) {
      if (opened.has(n)) return opened.get(n);
      const entry = entries[n - 1];
      if (!entry || !isOpen(n)) return null;
      const level = await levelOf(pack, entry, codeOf(n));
      if (level) opened.set(n, level);
      return level;
    },
    /**
     * Tries a typed `code` on level n (1..total); resolves to "format" when it
     * is not a code at all, "wrong" when it does not open the level, "opened"
     * when it does (and keeps it in the progress).
     */
    async tryCode(n, typed) {
      const code = normalizeCode(typed);
      if (!code) return "format";
      const entry = entries[n - 1];
      let ok;
      if (n === 1) {
        ok = code === pack.first_code;
      } else {
        const level = await openLevel(pack, entry, code);
        ok = level !== null;
        if (ok) opened.set(n, level);
      }
      if (!ok) return "wrong";
      if (n > 1) progress.codes[n] = code;
      return "opened";
    },
    /**
     * Opens the level after n from the board that solved n; resolves to
     * false when the board's code does not open it (a broken chain). The
     * last level has no next one and resolves to true.
     */
    async openNext(n, level, stage, positions) {
      if (n >= total) return true;
      const cover = coverText(solutionGrid(level, stage, positions));
      const code = await levelCode(pack.family, n + 1, cover);
      const next = await openLevel(pack, entries[n], code);
      if (!next) return false;
      opened.set(n + 1, next);
      progress.codes[n + 1] = code;
      return true;
    },
    /** Forgets the stored code of level n (it no longer opens the level). */
    forget(n) {
      delete progress.codes[n];
    },
  };
}
