// Which Triplex levels the player can open, and opening them: level 1 is in
// the clear, every other one by the code kept in the progress (from solving
// the level before it, or typed in the code dialog).

import { solutionGrid } from "./triplex-board.js";
import { coverText, levelCode, levelOf, normalizeCode, openLevel } from "./triplex-chain.js";

/** The levels of `pack` as the player's `progress` opens them. */
export function createLevels(pack, progress) {
  const total = pack.levels.length;
  /** Levels already opened this visit, by number. */
  const opened = new Map();

  function codeOf(n) {
    if (n === 1) return pack.levels[0].code;
    return progress.codes[n] ?? null;
  }

  function isOpen(n) {
    return n === 1 || typeof progress.codes[n] === "string";
  }

  return {
    total,
    codeOf,
    isOpen,
    /** Level n ready to play, or null (locked, or its stored code no longer opens it). */
    async level(n) {
      if (opened.has(n)) return opened.get(n);
      const entry = pack.levels[n - 1];
      if (!entry || !isOpen(n)) return null;
      const level = await levelOf(entry, codeOf(n));
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
      const entry = pack.levels[n - 1];
      let ok;
      if (entry.level) {
        ok = code === entry.code;
      } else {
        const level = await openLevel(n, code, entry.sealed);
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
      const code = await levelCode(n + 1, cover);
      const next = await openLevel(n + 1, code, pack.levels[n].sealed);
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
