// ChessMemory's rules in the web client against the Rust engine: every
// square's partner of 20 generated setups as `gridforge chess pairs` lists
// them, the validity check and its violations on broken setups as
// `gridforge chess check` finds them, the 8 symmetries as
// `gridforge chess symmetries` makes them, the offline pack, and a game
// played to the end with the engine's pairs.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  PIECES,
  SYMMETRY_NAMES,
  applySymmetry,
  arePartners,
  hideShown,
  newGame,
  pairsFound,
  parseSetup,
  partnersOf,
  restoreGame,
  squareName,
  uncover,
  winner,
  validSetup,
  violations,
} from "../../web/js/chess-rules.js";
import { SQUARES, enginePartners, indexOf } from "../lib/chess.mjs";
import { WEB, binary, gridforge } from "../lib/engine.mjs";

/** 20 setups of the engine's generator (seeds 0 to 19). */
const SETUPS = gridforge("chess", "generate", "--count", "20", "--json")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line).setup);

/** The engine's partner of every square of a valid setup, by index. */
function partnersByIndex(setup) {
  const partner = enginePartners(setup);
  return SQUARES.map((name) => indexOf(partner.get(name)));
}

/** `gridforge chess check --json`: {valid, violations}; it exits 1 on an invalid setup. */
function engineCheck(setup) {
  try {
    return JSON.parse(execFileSync(binary(), ["chess", "check", "--json", setup], { encoding: "utf8" }));
  } catch (err) {
    if (err.status === 1) return JSON.parse(err.stdout);
    throw err;
  }
}

/** A small seeded generator (mulberry32), so the broken setups are the same every run. */
function seeded(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `setup` with the letters of `swaps` (pairs of squares) exchanged. */
function swapped(setup, swaps) {
  const letters = [...setup];
  for (const [a, b] of swaps) [letters[a], letters[b]] = [letters[b], letters[a]];
  return letters.join("");
}

test("square names: a8 is 0, h8 is 7, a1 is 56, h1 is 63", () => {
  for (let i = 0; i < 64; i++) {
    assert.equal(indexOf(squareName(i)), i);
    assert.equal(SQUARES[i], squareName(i));
  }
  assert.deepEqual([0, 7, 56, 63].map(squareName), ["a8", "h8", "a1", "h1"]);
});

test("every square of 20 engine setups has the one partner `gridforge chess pairs` gives it", () => {
  assert.equal(SETUPS.length, 20);
  assert.equal(new Set(SETUPS).size, 20, "20 different setups");
  for (const setup of SETUPS) {
    const partner = partnersByIndex(setup);
    const letters = parseSetup(setup);
    assert.ok(letters, setup);
    assert.ok(validSetup(setup), `${setup} is valid in JS`);
    assert.deepEqual(engineCheck(setup), { valid: true, violations: [] });
    assert.deepEqual(violations(letters), []);
    for (let s = 0; s < 64; s++) {
      assert.deepEqual(partnersOf(letters, s), [partner[s]], `${setup}: ${squareName(s)}`);
      assert.ok(arePartners(letters, s, partner[s]));
      // No other square is a partner.
      for (let o = 0; o < 64; o++) {
        if (o !== partner[s]) assert.equal(arePartners(letters, s, o), false, `${squareName(s)}–${squareName(o)}`);
      }
    }
  }
});

test("broken setups are invalid in JS exactly when `gridforge chess check` says so, with the same violations", () => {
  const random = seeded(7);
  let invalid = 0;
  let stillValid = 0;
  for (const setup of SETUPS) {
    for (let k = 1; k <= 4; k++) {
      // k swaps of two squares holding different letters.
      const swaps = [];
      while (swaps.length < k) {
        const a = Math.floor(random() * 64);
        const b = Math.floor(random() * 64);
        if (setup[a] !== setup[b]) swaps.push([a, b]);
      }
      const broken = swapped(setup, swaps);
      const rust = engineCheck(broken);
      const mine = violations(parseSetup(broken)).map((v) => ({
        square: squareName(v.square),
        partners: v.partners,
        piece: broken[v.square],
      }));
      assert.deepEqual(
        mine,
        rust.violations.map(({ square, partners, piece }) => ({ square, partners, piece })),
        broken,
      );
      assert.equal(validSetup(broken) !== null, rust.valid, broken);
      if (rust.valid) stillValid += 1;
      else invalid += 1;
    }
  }
  assert.ok(invalid >= 60, `${invalid} of 80 broken setups are invalid`);
  console.log(`broken setups: ${invalid} invalid, ${stillValid} still valid`);
});

test("text that is no setup is refused by both sides", () => {
  const setup = SETUPS[0];
  const bad = [
    setup.slice(1),
    `${setup}Q`,
    `X${setup.slice(1)}`,
    // 9 white queens, 7 black ones.
    setup.replace("q", "Q"),
    "",
  ];
  for (const text of bad) {
    assert.equal(parseSetup(text), null, JSON.stringify(text));
    assert.equal(validSetup(text), null);
    const out = (() => {
      try {
        execFileSync(binary(), ["chess", "check", text || "-"], { input: "", encoding: "utf8", stdio: "pipe" });
        return 0;
      } catch (err) {
        return err.status;
      }
    })();
    assert.equal(out, 2, `the engine refuses ${JSON.stringify(text)}`);
  }
  assert.equal(parseSetup(null), null);
  assert.deepEqual([...PIECES].sort(), ["B", "N", "Q", "R", "b", "n", "q", "r"]);
});

test("the 8 symmetries are `gridforge chess symmetries`', by name and as a set, on valid and broken setups", () => {
  const random = seeded(11);
  const boards = [
    ...SETUPS.slice(0, 10),
    ...SETUPS.slice(0, 5).map((s) => swapped(s, [[Math.floor(random() * 64), Math.floor(random() * 64)]])),
  ];
  // An asymmetric board of every letter, so every wrong mapping shows.
  boards.push([...PIECES.join("")].flatMap((p) => new Array(8).fill(p)).join(""));
  for (const setup of boards) {
    const images = gridforge("chess", "symmetries", "--json", setup)
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    assert.deepEqual(
      images.map((i) => i.symmetry),
      SYMMETRY_NAMES,
      "the same 8 names in the same order",
    );
    for (const { setup: image, symmetry } of images) {
      assert.equal(applySymmetry(setup, symmetry), image, `${symmetry} of ${setup}`);
      assert.equal(validSetup(image) !== null, validSetup(setup) !== null, "a symmetry keeps validity");
    }
    assert.deepEqual(
      new Set(SYMMETRY_NAMES.map((name) => applySymmetry(setup, name))),
      new Set(images.map((i) => i.setup)),
    );
  }
  // The text output names them the same way.
  const text = gridforge("chess", "symmetries", SETUPS[3]).trim().split("\n");
  assert.deepEqual(
    text.map((line) => line.split(/\s+/)),
    SYMMETRY_NAMES.map((name) => [name, applySymmetry(SETUPS[3], name)]),
  );
  assert.throws(() => applySymmetry(SETUPS[0], "rotate-45"), /no symmetry named rotate-45/);
});

test("every setup of the offline pack and each of its 8 images is valid in JS", () => {
  const pack = JSON.parse(readFileSync(path.join(WEB, "chess", "setups.json"), "utf8"));
  assert.equal(pack.format, "gridforge-chess-setups");
  assert.ok(pack.setups.length >= 100, `${pack.setups.length} setups`);
  for (const setup of pack.setups) {
    for (const name of SYMMETRY_NAMES) assert.ok(validSetup(applySymmetry(setup, name)), `${name} of ${setup}`);
  }
  // Spot checks against the engine.
  for (const setup of pack.setups.slice(0, 3)) assert.equal(engineCheck(setup).valid, true);
});

test("a game played with the engine's pairs, misses among them, is done after the 32nd pair", () => {
  for (const setup of SETUPS.slice(0, 5)) {
    const partner = partnersByIndex(setup);
    const game = newGame(setup, "server");
    assert.equal(pairsFound(game), 0);
    let misses = 0;
    for (let s = 0; s < 64; s++) {
      if (game.matched.includes(s)) continue;
      let [first, second] = [s, partner[s]];
      // Every fourth pair, first a miss: s and a square that is not its partner.
      if (s % 4 === 0) {
        const other = [...Array(64).keys()].find((o) => o !== s && o !== partner[s] && !game.matched.includes(o));
        if (other !== undefined) {
          assert.equal(uncover(game, s), "first");
          assert.equal(uncover(game, s), "none", "an open square cannot be uncovered again");
          assert.equal(uncover(game, other), "miss");
          assert.deepEqual(game.shown, [s, other]);
          misses += 1;
          if (misses % 2) {
            hideShown(game);
            assert.deepEqual(game.shown, []);
          } else {
            // The missed pair still shows: its squares are open, and
            // uncovering another square turns them back over first.
            assert.equal(uncover(game, s), "none");
            [first, second] = [partner[s], s];
          }
        }
      }
      assert.equal(uncover(game, first), "first");
      assert.deepEqual(game.shown, [first]);
      assert.equal(game.done, false);
      assert.equal(uncover(game, second), "pair", `${squareName(first)}–${squareName(second)}`);
      assert.deepEqual(game.shown, []);
      assert.equal(uncover(game, s), "none", "a found square stays found");
    }
    assert.equal(pairsFound(game), 32);
    assert.equal(game.done, true);
    assert.equal(game.moves, 32 + misses);
    assert.equal(uncover(game, 0), "none", "a finished game takes no moves");
    assert.equal(game.moves, 32 + misses);
  }
});

test("a saved game comes back only when it holds together", () => {
  const setup = SETUPS[1];
  const partner = partnersByIndex(setup);
  const game = newGame(setup, "pack");
  uncover(game, 0);
  uncover(game, partner[0]);
  uncover(game, 9);
  const saved = JSON.parse(JSON.stringify(game));
  const back = restoreGame(saved);
  assert.deepEqual(back.matched, [0, partner[0]]);
  assert.deepEqual(back.shown, [], "a half-open move is not restored");
  assert.equal(back.moves, 1);
  assert.equal(back.source, "pack");
  // Two squares that are not partners, a broken setup, fewer moves than pairs.
  const other = [...Array(64).keys()].find((o) => o !== 0 && o !== partner[0]);
  assert.equal(restoreGame({ ...saved, matched: [0, other] }), null);
  const broken = swapped(setup, [[0, [...setup].findIndex((letter) => letter !== setup[0])]]);
  assert.equal(engineCheck(broken).valid, false);
  assert.equal(restoreGame({ ...saved, setup: broken }), null);
  assert.equal(restoreGame({ ...saved, moves: 0 }), null);
  assert.equal(restoreGame(null), null);
});

test("two players: a pair scores for the player at the move, who goes on; a miss passes the turn; more pairs wins", () => {
  const setup = SETUPS[2];
  const partner = partnersByIndex(setup);
  const miss = (game, s) => {
    const other = [...Array(64).keys()].find((o) => o !== s && o !== partner[s] && !game.matched.includes(o));
    uncover(game, s);
    assert.equal(uncover(game, other), "miss");
    hideShown(game);
  };
  for (const [missesBefore, expected] of [
    // Pair k (in square order) goes to whoever holds the turn; a miss before it passes the turn.
    [() => false, 0],
    [(k) => k === 10, 1],
    [(k) => k === 16, -1],
  ]) {
    const game = newGame(setup, "server", ["Ann", "Ben"]);
    assert.deepEqual(game.players, [{ name: "Ann", score: 0 }, { name: "Ben", score: 0 }]);
    assert.equal(winner(game), null, "no winner while the game runs");
    const tally = [0, 0];
    let turn = 0;
    let k = 0;
    for (let s = 0; s < 64; s++) {
      if (game.matched.includes(s)) continue;
      if (missesBefore(k)) {
        miss(game, s);
        turn = 1 - turn;
        assert.equal(game.turn, turn, "a miss passes the turn");
      }
      uncover(game, s);
      assert.equal(uncover(game, partner[s]), "pair");
      tally[turn] += 1;
      assert.equal(game.turn, turn, "a pair keeps the turn");
      assert.deepEqual(game.players.map((p) => p.score), tally);
      k += 1;
    }
    assert.equal(game.done, true);
    assert.equal(tally[0] + tally[1], 32);
    const want = tally[0] === tally[1] ? -1 : tally[0] > tally[1] ? 0 : 1;
    assert.equal(want, expected, `tally ${tally}`);
    assert.equal(winner(game), expected);
  }
  // A solo game has no players and no winner.
  const solo = newGame(setup);
  assert.equal(solo.players, null);
  assert.equal(winner(solo), null);
});

test("a saved game for two comes back with its names, scores and turn, and only when they hold together", () => {
  const setup = SETUPS[3];
  const partner = partnersByIndex(setup);
  const game = newGame(setup, "server", ["Ann", "Ben"]);
  uncover(game, 0);
  uncover(game, partner[0]);
  const other = [...Array(64).keys()].find((o) => o !== 0 && o !== 1 && !game.matched.includes(o) && o !== partner[1]);
  uncover(game, 1);
  uncover(game, other);
  const saved = JSON.parse(JSON.stringify(game));
  const back = restoreGame(saved);
  assert.deepEqual(back.players, [{ name: "Ann", score: 1 }, { name: "Ben", score: 0 }]);
  assert.equal(back.turn, 1);
  // Scores that do not add up to the pairs found, a bad turn, a missing name, one player.
  assert.equal(restoreGame({ ...saved, players: [{ name: "Ann", score: 2 }, { name: "Ben", score: 0 }] }), null);
  assert.equal(restoreGame({ ...saved, turn: 2 }), null);
  assert.equal(restoreGame({ ...saved, players: [{ name: " ", score: 1 }, { name: "Ben", score: 0 }] }), null);
  assert.equal(restoreGame({ ...saved, players: [{ name: "Ann", score: 1 }] }), null);
  // A solo save (no players) still comes back solo.
  assert.equal(restoreGame({ ...saved, players: undefined }).players, null);
});
