// Shareable Kakuro puzzles (web/js/kakuro-link.js): a generated game links
// as size-difficulty-seed and the engine makes the same puzzle from it; any
// other puzzle links as its own compact text, which decodes to the same
// board for every pack puzzle and for boards with given digits; the code is
// URL-safe and short; damaged links are refused with BadLinkError, never
// read as another board by accident of a cut.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { newGame } from "../../web/js/kakuro-game.js";
import { BadLinkError, LINK_PREFIX, decodeBoard, encodeBoard, gameLink, readLink } from "../../web/js/kakuro-link.js";
import { boardText, packEntries, parseBoard } from "../../web/js/kakuro-model.js";
import { WEB, gridforge } from "../lib/engine.mjs";

const pack = { puzzles: packEntries(JSON.parse(readFileSync(path.join(WEB, "kakuro", "puzzles.json"), "utf8"))) };
const BOARD = "4 3\n- 23, 6,\n,10 0 0\n,10 0 0\n,9 0 0";

const codeOf = (link) => link.slice(`${LINK_PREFIX}c1.`.length);

test("every pack puzzle round-trips through its compact code, difficulty and all", () => {
  let longest = 0;
  for (const p of pack.puzzles) {
    const board = parseBoard(p.puzzle);
    const code = encodeBoard(board, p.difficulty);
    assert.equal(encodeURIComponent(code), code, "URL-safe as it is");
    assert.match(code, /^[A-Za-z0-9_-]+$/);
    const back = decodeBoard(code);
    assert.equal(boardText(back.board), p.puzzle.trim(), `${p.size}/${p.difficulty}/${p.seed}`);
    assert.equal(back.difficulty, p.difficulty);
    // rows, cols, difficulty, layout, one 6-bit sum per run, the givens flag
    const bits = 7 + 7 + 3 + p.size * p.size + 6 * board.runs.length + 1;
    assert.equal(code.length, Math.ceil(bits / 6));
    longest = Math.max(longest, code.length);
  }
  assert.ok(longest <= 140, `the longest code (16×16) has ${longest} characters`);
});

test("given digits and an unknown difficulty survive the code", () => {
  const board = parseBoard("4 3\n- 23, 6,\n,10 9 1\n,10 0 0\n,9 0 4");
  const back = decodeBoard(encodeBoard(board, null));
  assert.equal(boardText(back.board), boardText(board));
  assert.equal(back.difficulty, null);
  // Without givens the flag is one bit: a board of empty cells has no digit section.
  const empty = parseBoard(BOARD);
  assert.equal(encodeBoard(empty).length, Math.ceil((7 + 7 + 3 + 12 + 6 * 5 + 1) / 6));
});

test("a generated game links as size-difficulty-seed, and the engine makes that puzzle from it", () => {
  for (const p of [pack.puzzles[3], pack.puzzles[137], pack.puzzles[279]]) {
    const game = newGame(parseBoard(p.puzzle), { size: p.size, difficulty: p.difficulty, source: "pack", seed: p.seed });
    const link = gameLink(game);
    assert.equal(link, `${LINK_PREFIX}${p.size}-${p.difficulty}-${p.seed}`);
    const read = readLink(link.slice(LINK_PREFIX.length));
    assert.deepEqual(read, { kind: "seed", size: p.size, difficulty: p.difficulty, seed: p.seed });
    const made = gridforge(
      "kakuro", "generate", "--size", String(read.size), "--difficulty", read.difficulty, "--seed", String(read.seed),
    );
    const puzzle = made.split("# solution")[0].split("\n").filter((l) => !l.startsWith("#")).join("\n").trim();
    assert.equal(puzzle, p.puzzle.trim(), "the server's generator makes the pack's puzzle from the link");
  }
  // A rectangle links by columns x rows, and the engine makes it from that.
  const made = gridforge("kakuro", "generate", "--width", "24", "--height", "28", "--difficulty", "easy", "--seed", "5");
  const text = made.split("# solution")[0].split("\n").filter((l) => !l.startsWith("#")).join("\n").trim();
  const rect = parseBoard(text);
  assert.deepEqual([rect.rows, rect.cols], [28, 24]);
  const rectGame = newGame(rect, { difficulty: "easy", source: "server", seed: 5 });
  assert.equal(rectGame.size, "24x28");
  assert.equal(gameLink(rectGame), `${LINK_PREFIX}24x28-easy-5`);
  assert.deepEqual(readLink("24x28-easy-5"), { kind: "seed", size: "24x28", difficulty: "easy", seed: 5 });
  assert.deepEqual(readLink("30-expert-1"), { kind: "seed", size: 30, difficulty: "expert", seed: 1 });
  // A server seed near 2^53 stays exact.
  const big = newGame(parseBoard(BOARD), { size: 12, difficulty: "hard", source: "server", seed: 2 ** 53 - 1 });
  assert.equal(gameLink(big), `${LINK_PREFIX}12-hard-9007199254740991`);
  assert.equal(readLink("12-hard-9007199254740991").seed, 2 ** 53 - 1);
});

test("an editor game (or one without a seed) links as its own text", () => {
  for (const source of ["editor", "link", "server"]) {
    const game = newGame(parseBoard(pack.puzzles[50].puzzle), {
      size: pack.puzzles[50].size,
      difficulty: source === "server" ? "nonsense" : "hard",
      source,
      seed: 4,
    });
    const link = gameLink(game);
    assert.ok(link.startsWith(`${LINK_PREFIX}c1.`), link);
    const read = readLink(link.slice(LINK_PREFIX.length));
    assert.equal(read.kind, "board");
    assert.equal(boardText(read.board), pack.puzzles[50].puzzle.trim());
  }
});

test("bad links are refused with BadLinkError", () => {
  const code = codeOf(gameLink(newGame(parseBoard(pack.puzzles[0].puzzle), { source: "editor", difficulty: "easy" })));
  const bad = [
    "",
    "10-easy-",
    "9-easy-1",
    "17-easy-1",
    "31-easy-1",
    "28x24-easy-1",
    "24x-easy-1",
    "10-impossible-1",
    "10-easy-99999999999999999",
    "10-easy-9007199254740993",
    "10-easy--1",
    "c1.",
    "c1.AAAA",
    "c1.!!",
    "c2." + code,
    "c1." + code + "A",
    "c1." + code + "AAAAAAAA",
    "hello",
  ];
  // Every cut of a code is refused (the structure no longer fits).
  for (let n = 1; n < code.length; n++) bad.push(`c1.${code.slice(0, n)}`);
  for (const part of bad) {
    assert.throws(() => readLink(part), BadLinkError, JSON.stringify(part));
  }
  // A sum made impossible (a 6-bit 0) is refused by the board's own rules.
  const zeroSums = encodeBoard(parseBoard(BOARD)).split("");
  const at = Math.floor((7 + 7 + 3 + 12) / 6) + 1;
  zeroSums[at] = "A";
  zeroSums[at + 1] = "A";
  assert.throws(() => decodeBoard(zeroSums.join("")), BadLinkError);
});
