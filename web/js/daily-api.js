// The server's daily puzzles (issue 29, see /api/openapi.json): the day's
// four Kakuro and one ChessMemory, their start, solve and turns, and their
// tables. Each call resolves to {ok: true, data}, to {ok: false, status,
// error} when the server refused, or to null when there is no server or it
// cannot be reached (the Today screen then says the dailies need it).

import { request } from "./server.js";

/** A client for the server at `base` (null: no server, every call is null). */
export function createDailyApi(base, fetchImpl = globalThis.fetch) {
  async function call(method, path, body) {
    const r = await request(base, fetchImpl, method, path, body);
    if (r === null) return null;
    if (r.ok && r.data) return { ok: true, data: r.data };
    return { ok: false, status: r.status, error: typeof r.data?.error === "string" ? r.data.error : "" };
  }
  const enc = encodeURIComponent;
  const kakuro = (date, difficulty) => `api/kakuro/daily/${enc(date)}/${enc(difficulty)}`;
  const chess = (date) => `api/chess/daily/${enc(date)}`;
  const withPlayer = (path, player) => (player ? `${path}?player=${enc(player)}` : path);
  return {
    online: base !== null,
    /**
     * The day's Kakuro (`date` null: today): {date, counts, puzzles:
     * [{difficulty, width, height, technique, min_time_ms}]} (no clues).
     */
    kakuroDay: (date = null) => call("GET", `api/kakuro/daily/${date ? enc(date) : "today"}`),
    /** The clues and a start token: {puzzle, token, counts, issued_at, min_time_ms}. */
    kakuroStart: (date, difficulty, player) => call("POST", `${kakuro(date, difficulty)}/start`, { player }),
    /** The daily's own hint ({token, player, board, candidates?}; makes the solve assisted). */
    kakuroHint: (date, difficulty, body) => call("POST", `${kakuro(date, difficulty)}/hint`, body),
    /** A solved grid (solution text format): {counted, assisted, time_ms, rank}. */
    kakuroSolve: (date, difficulty, body) => call("POST", `${kakuro(date, difficulty)}/solve`, body),
    /** The table: {solvers, best, assisted, you}. */
    kakuroTable: (date, difficulty, player) => call("GET", withPlayer(`${kakuro(date, difficulty)}/table`, player)),
    /**
     * A table entry's solving path once public (the line's `entry`):
     * {entry, game, what, time_ms, solved_at, public_at, path, puzzle}.
     */
    path: (entry) => call("GET", `api/paths/${enc(entry)}`),
    /** The day's ChessMemory (`date` null: today): {date, counts}. */
    chessDay: (date = null) => call("GET", `api/chess/daily/${date ? enc(date) : "today"}`),
    /** A new game: {game, counts, min_turn_ms, miss_show_ms}. */
    chessStart: (date, player, name) => call("POST", `${chess(date)}/start`, name ? { player, name } : { player }),
    /** Turns square 0..63 over: {square, piece, result, moves, pairs, done, wait_ms, …}. */
    chessTurn: (date, game, square) => call("POST", `${chess(date)}/turn`, { game, square }),
    /** A game's state for a reload: {open, shown, moves, pairs, done}. */
    chessGame: (date, game) => call("GET", `${chess(date)}/game?game=${enc(game)}`),
    /** The table: {solvers, best, you}. */
    chessTable: (date, player) => call("GET", withPlayer(`${chess(date)}/table`, player)),
  };
}
