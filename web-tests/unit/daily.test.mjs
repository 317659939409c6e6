// The daily puzzles' pure parts: the player's id, the results kept per day,
// the streak (days in a row with a daily solved on its own day), best times
// and history (daily-store.js); the API client's paths and bodies
// (daily-api.js); the ChessMemory board rebuilt from the server's state
// after a reload (daily-chess.js).

import assert from "node:assert/strict";
import { test } from "node:test";
import { createDailyApi } from "../../web/js/daily-api.js";
import { boardState } from "../../web/js/daily-chess.js";
import {
  addDays,
  bestTimes,
  dayOf,
  history,
  isDate,
  loadDaily,
  playerId,
  recordResult,
  saveDaily,
  streak,
} from "../../web/js/daily-store.js";
import { memoryStorage } from "../lib/storage.mjs";

test("the player's id is made once, kept as plain text and remade when damaged", () => {
  const storage = memoryStorage();
  let made = 0;
  const make = () => `player-${++made}-abcdef`;
  const id = playerId(storage, make);
  assert.equal(id, "player-1-abcdef");
  assert.equal(storage.items.get("gridforge.player"), id);
  assert.equal(playerId(storage, make), id);
  storage.setItem("gridforge.player", "bad id!");
  assert.equal(playerId(storage, make), "player-2-abcdef");
  storage.setItem("gridforge.player", "short");
  assert.equal(playerId(storage, make), "player-3-abcdef");
  assert.equal(made, 3);
});

test("dates: UTC days, days before and after, and what is a date", () => {
  assert.equal(dayOf(Date.UTC(2026, 10, 25, 23, 59)), "2026-11-25");
  assert.equal(addDays("2026-03-01", -1), "2026-02-28");
  assert.equal(addDays("2024-03-01", -1), "2024-02-29");
  assert.equal(addDays("2026-12-31", 1), "2027-01-01");
  assert.ok(isDate("2026-11-25"));
  for (const bad of ["2026-13-01", "26-11-25", "2026-11-25x", "", null, "today"]) assert.ok(!isDate(bad), bad);
});

test("damaged daily data reads as nothing; saving forgets games of days long gone", () => {
  const storage = memoryStorage();
  storage.setItem("gridforge.daily.v1", "{not json");
  assert.deepEqual(loadDaily(storage), { version: 1, name: null, asked: false, days: {}, kakuro: {}, chess: {} });
  storage.setItem("gridforge.daily.v1", JSON.stringify({ name: 7, days: { nonsense: {}, "2026-11-20": {} } }));
  const data = loadDaily(storage);
  assert.equal(data.name, null);
  assert.deepEqual(Object.keys(data.days), ["2026-11-20"]);
  data.kakuro["2026-11-25/easy"] = { token: "t" };
  data.kakuro["2025-01-01/easy"] = { token: "old" };
  data.chess["2025-01-01"] = { game: "old" };
  data.name = "Ann";
  assert.ok(saveDaily(storage, data, "2026-11-25"));
  const back = loadDaily(storage);
  assert.deepEqual(Object.keys(back.kakuro), ["2026-11-25/easy"]);
  assert.deepEqual(back.chess, {});
  assert.equal(back.name, "Ann");
});

test("a day keeps each daily's best result, clean before assisted", () => {
  const data = loadDaily(memoryStorage());
  recordResult(data, "2026-11-25", "kakuro-easy", { ms: 90_000, counted: true, assisted: true, rank: null });
  recordResult(data, "2026-11-25", "kakuro-easy", { ms: 120_000, counted: false, assisted: false, rank: null });
  assert.deepEqual(data.days["2026-11-25"]["kakuro-easy"], { ms: 120_000, counted: true, assisted: false, rank: null });
  recordResult(data, "2026-11-25", "kakuro-easy", { ms: 150_000, counted: false, assisted: false, rank: null });
  assert.equal(data.days["2026-11-25"]["kakuro-easy"].ms, 120_000);
});

test("the streak counts days in a row solved on their own day, up to today or yesterday", () => {
  const data = loadDaily(memoryStorage());
  const solve = (date, counted = true, key = "chess") =>
    recordResult(data, date, key, { ms: 1000, counted, assisted: false, rank: 1 });
  assert.deepEqual(streak(data, "2026-11-25"), { current: 0, best: 0 });
  solve("2026-11-22");
  solve("2026-11-23", true, "kakuro-hard");
  solve("2026-11-24");
  // Today not solved yet: the run up to yesterday still stands.
  assert.deepEqual(streak(data, "2026-11-25"), { current: 3, best: 3 });
  solve("2026-11-25");
  assert.deepEqual(streak(data, "2026-11-25"), { current: 4, best: 4 });
  // A missed day breaks it; an archive play (not counted) does not mend it.
  assert.deepEqual(streak(data, "2026-11-27"), { current: 0, best: 4 });
  solve("2026-11-26", false);
  assert.deepEqual(streak(data, "2026-11-27"), { current: 0, best: 4 });
  solve("2026-11-27");
  assert.deepEqual(streak(data, "2026-11-27"), { current: 1, best: 4 });
  // Across a month's end.
  solve("2026-11-30");
  solve("2026-12-01");
  assert.deepEqual(streak(data, "2026-12-01"), { current: 2, best: 4 });
});

test("best clean times per daily and the history, newest day first", () => {
  const data = loadDaily(memoryStorage());
  recordResult(data, "2026-11-24", "kakuro-easy", { ms: 80_000, counted: true, assisted: false });
  recordResult(data, "2026-11-25", "kakuro-easy", { ms: 70_000, counted: true, assisted: true });
  recordResult(data, "2026-11-25", "chess", { ms: 60_000, counted: true, assisted: false, moves: 40 });
  recordResult(data, "2026-11-23", "kakuro-easy", { ms: 95_000, counted: true, assisted: false });
  assert.deepEqual(bestTimes(data), { "kakuro-easy": 80_000, chess: 60_000 });
  const days = history(data, 2);
  assert.deepEqual(
    days.map((d) => d.date),
    ["2026-11-25", "2026-11-24"],
  );
  assert.equal(days[0].results.chess.moves, 40);
});

test("the API client asks the contract's paths with the contract's bodies", async () => {
  const calls = [];
  const fetchImpl = async (url, init) => {
    calls.push([init.method, url.pathname + url.search, init.body ? JSON.parse(init.body) : null]);
    if (url.pathname.endsWith("/solve")) {
      return new Response(JSON.stringify({ error: "not the solution" }), { status: 400 });
    }
    return new Response(JSON.stringify({ ok: 1 }), { status: 200 });
  };
  const api = createDailyApi("http://host/app/", fetchImpl);
  assert.deepEqual(await api.kakuroDay(), { ok: true, data: { ok: 1 } });
  await api.kakuroDay("2026-11-20");
  await api.kakuroStart("2026-11-25", "easy", "player-1");
  const refused = await api.kakuroSolve("2026-11-25", "easy", { token: "t", grid: "g", hints: 0, checks: 1 });
  assert.deepEqual(refused, { ok: false, status: 400, error: "not the solution" });
  await api.kakuroTable("2026-11-25", "easy", "player 1");
  await api.kakuroHint("2026-11-25", "easy", { token: "t", player: "player-1", board: "b" });
  await api.chessDay();
  await api.chessStart("2026-11-25", "player-1", null);
  await api.chessStart("2026-11-25", "player-1", "Ann");
  await api.chessTurn("2026-11-25", "g1", 63);
  await api.chessGame("2026-11-25", "g/1");
  await api.chessTable("2026-11-25", null);
  assert.deepEqual(calls, [
    ["GET", "/app/api/kakuro/daily/today", null],
    ["GET", "/app/api/kakuro/daily/2026-11-20", null],
    ["POST", "/app/api/kakuro/daily/2026-11-25/easy/start", { player: "player-1" }],
    ["POST", "/app/api/kakuro/daily/2026-11-25/easy/solve", { token: "t", grid: "g", hints: 0, checks: 1 }],
    ["GET", "/app/api/kakuro/daily/2026-11-25/easy/table?player=player%201", null],
    ["POST", "/app/api/kakuro/daily/2026-11-25/easy/hint", { token: "t", player: "player-1", board: "b" }],
    ["GET", "/app/api/chess/daily/today", null],
    ["POST", "/app/api/chess/daily/2026-11-25/start", { player: "player-1" }],
    ["POST", "/app/api/chess/daily/2026-11-25/start", { player: "player-1", name: "Ann" }],
    ["POST", "/app/api/chess/daily/2026-11-25/turn", { game: "g1", square: 63 }],
    ["GET", "/app/api/chess/daily/2026-11-25/game?game=g%2F1", null],
    ["GET", "/app/api/chess/daily/2026-11-25/table", null],
  ]);
  assert.equal(await createDailyApi(null).kakuroDay(), null);
});

test("a reloaded ChessMemory game: found pairs, a first square, a missed pair", () => {
  const empty = boardState();
  assert.equal(empty.setup.length, 64);
  assert.deepEqual([empty.matched, empty.shown, empty.done], [[], [], false]);
  const open = [
    { square: 0, piece: "Q" },
    { square: 9, piece: "Q" },
  ];
  const first = boardState({ open, shown: [{ square: 20, piece: "n" }], moves: 3, pairs: 1, done: false });
  assert.deepEqual(first.matched, [0, 9]);
  assert.deepEqual(first.shown, [20]);
  assert.equal(first.setup[20], "n");
  assert.equal(first.setup[21], "");
  assert.equal(first.moves, 3);
  const missed = boardState({ open, shown: [{ square: 5, piece: "r" }, { square: 6, piece: "b" }] });
  assert.deepEqual(missed.matched, [0, 9]);
  assert.deepEqual(missed.shown, [5, 6]);
  assert.equal(missed.setup[6], "b");
  assert.equal(boardState({ open, shown: [], done: true }).done, true);
});
