// What ChessMemory keeps between visits (through store.js): the game in
// progress, the best results of each mode (solo; two players on one device),
// the two players' last names and how many games were finished.

import { cleanName, restoreGame } from "./chess-rules.js";
import { read, write } from "./store.js";

const STORE_KEY = "gridforge.chess.v1";

/** A kept result that holds together: {moves, ms, at}, for two players also {names, scores}. */
function goodResult(r, duo) {
  if (!(Number.isInteger(r?.moves) && r.moves >= 32 && Number.isFinite(r.ms) && Number.isFinite(r.at))) return false;
  if (!duo) return true;
  return (
    Array.isArray(r.names) &&
    r.names.length === 2 &&
    r.names.every((n) => cleanName(n) !== "") &&
    Array.isArray(r.scores) &&
    r.scores.length === 2 &&
    r.scores.every((n) => Number.isInteger(n) && n >= 0) &&
    r.scores[0] + r.scores[1] === 32
  );
}

/**
 * What is kept between visits: the game in progress, the best results solo
 * (`best`) and for two players (`bestDuo`), the last two names, games finished.
 */
export function loadChess(storage) {
  const saved = read(storage, STORE_KEY) ?? {};
  const list = (value, duo) => (Array.isArray(value) ? value.filter((r) => goodResult(r, duo)) : []);
  const names =
    Array.isArray(saved.names) && saved.names.length === 2 && saved.names.every((n) => cleanName(n) !== "")
      ? saved.names.map(cleanName)
      : null;
  return {
    game: restoreGame(saved.game),
    best: list(saved.best, false),
    bestDuo: list(saved.bestDuo, true),
    names,
    finished: Number.isInteger(saved.finished) ? saved.finished : 0,
  };
}

/** Saves the game in progress (or none), the best results, the last names and the count of games finished. */
export function saveChess(storage, game, { best, bestDuo, names, finished }) {
  return write(storage, STORE_KEY, {
    version: 1,
    game: game && {
      setup: game.setup,
      source: game.source,
      matched: game.matched,
      moves: game.moves,
      elapsed: Math.round(game.elapsed),
      players: game.players,
      turn: game.turn,
    },
    best,
    bestDuo,
    names,
    finished,
  });
}
