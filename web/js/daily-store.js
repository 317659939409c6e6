// What the daily puzzles keep in localStorage (through store.js), without the
// DOM: the player's random id (`gridforge.player`, plain text, the id the
// server's tables know the player by), and under `gridforge.daily.v1` the
// name for the tables, each day's results (the streak and the history are
// computed from them), the daily Kakuro in play (its board, start token and
// the help it used) and the daily ChessMemory game in play (the server's id).
// Dates are the server's ISO days (UTC). Damaged data reads as nothing.

import { read, readText, write, writeText } from "./store.js";

const PLAYER_KEY = "gridforge.player";
const DAILY_KEY = "gridforge.daily.v1";
/** A player id the server takes: 8 to 64 of [A-Za-z0-9_-]. */
const PLAYER_ID = /^[A-Za-z0-9_-]{8,64}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Days of play kept in progress (the archive serves 366 days back). */
const KEEP_DAYS = 400;
const DAY_MS = 86_400_000;

/** The player's id, made once (`make`, a random UUID) and kept; the same id on every visit. */
export function playerId(storage, make = () => globalThis.crypto.randomUUID()) {
  const kept = readText(storage, PLAYER_KEY);
  if (kept && PLAYER_ID.test(kept)) return kept;
  const id = make();
  writeText(storage, PLAYER_KEY, id);
  return id;
}

/** True for a day the server names: YYYY-MM-DD. */
export function isDate(text) {
  return typeof text === "string" && ISO_DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
}

/** The UTC day of moment `ms` as YYYY-MM-DD. */
export function dayOf(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The day `n` days after `date` (before it when n < 0). */
export function addDays(date, n) {
  return dayOf(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS);
}

const obj = (v) => (v && typeof v === "object" && !Array.isArray(v) ? v : {});

/**
 * The daily data: `name` (for the tables, null: none given), `asked` (the
 * name was asked once), `days` (date → daily key ("kakuro-easy", …,
 * "chess") → result {ms, counted, assisted, rank, moves}), `kakuro`
 * ("date/difficulty" → {game, token, hints, checks}) and `chess` (date →
 * {game}).
 */
export function loadDaily(storage) {
  const d = read(storage, DAILY_KEY) ?? {};
  const days = Object.fromEntries(Object.entries(obj(d.days)).filter(([date]) => isDate(date)));
  return {
    version: 1,
    name: typeof d.name === "string" && d.name.trim() ? d.name : null,
    asked: d.asked === true,
    days,
    kakuro: obj(d.kakuro),
    chess: obj(d.chess),
  };
}

/** Saves the daily data, forgetting games in play of days long gone (before `today` − 400 days). */
export function saveDaily(storage, data, today = dayOf(Date.now())) {
  const oldest = addDays(today, -KEEP_DAYS);
  for (const part of [data.kakuro, data.chess]) {
    for (const key of Object.keys(part)) if (key.slice(0, 10) < oldest) delete part[key];
  }
  return write(storage, DAILY_KEY, data);
}

/** The key of a daily in `days`: "kakuro-easy", …, or "chess". */
export function dailyKey(game, difficulty = null) {
  return game === "kakuro" ? `kakuro-${difficulty}` : "chess";
}

/** The better of two results: a clean one before an assisted one, then the faster. */
function better(a, b) {
  if (!a) return b;
  if (Boolean(a.assisted) !== Boolean(b.assisted)) return a.assisted ? b : a;
  return b.ms < a.ms ? b : a;
}

/**
 * Records a finished daily of `date` under `key` (dailyKey): `result` is
 * {ms, counted, assisted, rank, moves}. A day keeps each daily's best result;
 * `counted` stays true once a counted play happened (the streak reads it).
 */
export function recordResult(data, date, key, result) {
  const day = (data.days[date] ??= {});
  const kept = day[key];
  const next = { ...better(kept, result) };
  next.counted = Boolean(kept?.counted || result.counted);
  day[key] = next;
  return next;
}

/** True when the player finished a daily of `date` on that day (a play that counted). */
function solvedOwnDay(data, date) {
  return Object.values(obj(data.days[date])).some((r) => r?.counted);
}

/**
 * The streak: {current, best}. `current` counts the days in a row, up to
 * `today` (or up to yesterday while today has no solve yet), with at least
 * one daily solved on its own day; `best` is the longest such run ever.
 */
export function streak(data, today) {
  let current = 0;
  let day = solvedOwnDay(data, today) ? today : addDays(today, -1);
  while (solvedOwnDay(data, day)) {
    current += 1;
    day = addDays(day, -1);
  }
  const solved = Object.keys(data.days).filter((d) => solvedOwnDay(data, d)).sort();
  let best = 0;
  let run = 0;
  solved.forEach((d, k) => {
    run = k > 0 && addDays(solved[k - 1], 1) === d ? run + 1 : 1;
    best = Math.max(best, run);
  });
  return { current, best: Math.max(best, current) };
}

/** The player's best clean time per daily key over every day: {key: ms}. */
export function bestTimes(data) {
  const best = {};
  for (const day of Object.values(data.days)) {
    for (const [key, r] of Object.entries(obj(day))) {
      if (!r || r.assisted || !Number.isFinite(r.ms)) continue;
      if (!(key in best) || r.ms < best[key]) best[key] = r.ms;
    }
  }
  return best;
}

/** The history, newest day first, at most `limit` days: [{date, results: {key: result}}]. */
export function history(data, limit = 14) {
  return Object.keys(data.days)
    .filter((d) => Object.keys(obj(data.days[d])).length > 0)
    .sort()
    .reverse()
    .slice(0, limit)
    .map((date) => ({ date, results: data.days[date] }));
}
