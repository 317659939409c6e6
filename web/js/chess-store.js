// What ChessMemory keeps between visits (through store.js): the game in
// progress, the best results and how many games were finished.

import { restoreGame } from "./chess-rules.js";
import { read, write } from "./store.js";

const STORE_KEY = "gridforge.chess.v1";

/** What is kept between visits: the game in progress, the best results, games finished. */
export function loadChess(storage) {
  const saved = read(storage, STORE_KEY) ?? {};
  const best = Array.isArray(saved.best)
    ? saved.best.filter(
        (r) => Number.isInteger(r?.moves) && r.moves >= 32 && Number.isFinite(r.ms) && Number.isFinite(r.at),
      )
    : [];
  return {
    game: restoreGame(saved.game),
    best,
    finished: Number.isInteger(saved.finished) ? saved.finished : 0,
  };
}

/** Saves the game in progress (or none), the best results and the count of games finished. */
export function saveChess(storage, game, { best, finished }) {
  return write(storage, STORE_KEY, {
    version: 1,
    game: game && {
      setup: game.setup,
      source: game.source,
      matched: game.matched,
      moves: game.moves,
      elapsed: Math.round(game.elapsed),
    },
    best,
    finished,
  });
}
