// The client's chain against the values the Rust side computes
// (`gridforge triplex chain-vectors --family …`) and the packs it wrote
// (web/triplex/levels.json, web/blockpuzzle/levels.json), for both families.

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  CODE_LENGTH,
  MAX_SHAPES,
  coverText,
  decodeLevel,
  levelCode,
  levelKeyBytes,
  levelNonce,
  levelOf,
  normalizeCode,
  openLevel,
  packEntries,
} from "../../web/js/triplex-chain.js";
import { blockpuzzleLevels, chainVectors, enginePack, webPack } from "../lib/engine.mjs";

const hex = (bytes) => Buffer.from(bytes).toString("hex");
/** The families and how many of their first levels are compared value by value (all of BlockPuzzle's). */
const FAMILIES = [
  { family: "triplex", count: 60 },
  { family: "blockpuzzle", count: 500 },
];

for (const { family, count } of FAMILIES) {
  test(`${family}: cover, code, key and nonce match the Rust side`, async () => {
    const vectors = chainVectors(family, count);
    assert.equal(vectors.length, count);
    for (const v of vectors) {
      const cover = v.previous_solution.length ? coverText(v.previous_solution) : "";
      assert.equal(cover, v.previous_cover, `level ${v.number}`);
      const code = await levelCode(family, v.number, cover);
      assert.equal(code, v.code, `level ${v.number}`);
      assert.match(code, /^[0-9A-HJKMNP-TV-Z]{10}$/);
      assert.equal(hex(await levelKeyBytes(family, v.number, code)), v.key);
      assert.equal(hex(await levelNonce(family, v.number)), v.nonce);
    }
  });

  test(`${family}: the level table's sizes and difficulties, and every opened level, are the Rust side's`, async () => {
    const pack = webPack(family);
    assert.equal(pack.family, family);
    const entries = packEntries(pack);
    const vectors = chainVectors(family, count);
    assert.equal(entries.length, pack.count);
    for (const v of vectors) {
      const entry = entries[v.number - 1];
      assert.equal(entry.width, v.level.width);
      assert.equal(entry.height, v.level.height);
      assert.equal(entry.difficulty, v.level.difficulty);
      // The whole level, description included, as the server's JSON has it.
      assert.deepEqual(await levelOf(pack, entry, v.code), v.level, `level ${v.number}`);
    }
  });
}

test("each sealed level opens with the code from the previous solution, and only with it", async () => {
  const pack = webPack("triplex");
  const engine = enginePack();
  const entries = packEntries(pack);
  assert.equal(entries.length, engine.levels.length);
  assert.equal(pack.first.description, engine.levels[0].description);
  assert.equal(JSON.stringify(pack).includes("solution"), false);
  // The first levels, the seam after level 724 and the last levels.
  const n = entries.length;
  const picked = [...Array(60).keys()].slice(1);
  for (const k of [723, 724, 725, n - 2, n - 1]) if (k > 0 && k < n) picked.push(k);
  for (const k of picked) {
    const code = await levelCode("triplex", k + 1, coverText(engine.levels[k - 1].solution));
    const level = await levelOf(pack, entries[k], code);
    assert.ok(level, `level ${k + 1} does not open`);
    assert.equal(level.number, k + 1);
    assert.equal(level.description, engine.levels[k].description);
    assert.deepEqual(level.pieces, engine.levels[k].pieces);
    assert.equal(level.rotatable, engine.levels[k].rotatable);
    // The code of the level before does not open it, nor does no code.
    const other = await levelCode("triplex", k, coverText(engine.levels[k].solution));
    assert.equal(await openLevel(pack, entries[k], other), null);
    assert.equal(await levelOf(pack, entries[k], null), null);
  }
});

test("every BlockPuzzle level opens with the code of the listed solution before it, in its own chain only", async () => {
  const pack = webPack("blockpuzzle");
  const listed = blockpuzzleLevels();
  const entries = packEntries(pack);
  assert.equal(entries.length, listed.length);
  assert.equal(pack.first.description, listed[0].description);
  assert.equal(pack.shapes.length, 90);
  assert.ok(pack.shapes.length > MAX_SHAPES, "the pack needs the wide form");
  assert.equal(JSON.stringify(pack).includes("solution"), false);
  for (let k = 1; k < listed.length; k++) {
    const cover = coverText(listed[k - 1].solution);
    const code = await levelCode("blockpuzzle", k + 1, cover);
    const level = await levelOf(pack, entries[k], code);
    assert.ok(level, `level ${k + 1} does not open`);
    assert.equal(level.description, listed[k].description, `level ${k + 1}`);
    assert.deepEqual(level.pieces, listed[k].pieces, `level ${k + 1}`);
    assert.equal(level.rotatable, null);
    assert.equal(level.difficulty, listed[k].difficulty);
    if (k <= 20) {
      // The same solution's code in Triplex's chain does not open it.
      const triplexCode = await levelCode("triplex", k + 1, cover);
      assert.equal(await openLevel(pack, entries[k], triplexCode), null);
    }
  }
});

test("opened bytes read a run per byte up to 16 shapes, a piece per byte above", () => {
  const entry = { number: 2, width: 4, height: 1, difficulty: 3 };
  const domino = [
    [0, 0],
    [0, 1],
  ];
  const square = [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ];
  // Eight shapes: 0x20 is shape 0 in a run of two.
  const few = [domino, ...Array.from({ length: 7 }, () => square)];
  assert.equal(decodeLevel(entry, [0x20], few).description, "4x1:2h");
  // Ninety shapes: one byte per piece, bits 0–6 the shape, so 0x20 is shape 32.
  const many = Array.from({ length: 90 }, () => square);
  many[0] = domino;
  many[32] = [
    [0, 0],
    [0, 1],
    [0, 2],
    [0, 3],
  ];
  assert.equal(decodeLevel(entry, [0x20], many).description, "4x1:(####)");
  assert.equal(decodeLevel(entry, [0, 0], many).description, "4x1:2h");
  const turned = decodeLevel({ ...entry, height: 2 }, [0, 0x80 | 1], many);
  assert.equal(turned.rotatable, 1);
  assert.equal(turned.description, "4x2:h,(##/##)@");
  // Shapes the pack lacks, two rotatable pieces, nothing: no level.
  assert.equal(decodeLevel(entry, [0x7f], many), null);
  assert.equal(decodeLevel(entry, [0x80, 0x80], many), null);
  assert.equal(decodeLevel(entry, [], many), null);
  // Over 128 shapes a byte cannot name them.
  assert.equal(decodeLevel(entry, [0], Array.from({ length: 129 }, () => domino)), null);
});

test("the cover names no piece: relabelled solutions give the same code", async () => {
  const grid = ["aabc", "ddbc"];
  const swapped = ["ddbc", "aabc"];
  const relettered = ["xxyz", "wwyz"];
  assert.equal(coverText(grid), "4x2:0,0,2,3,4,4,2,3");
  assert.equal(coverText(swapped), coverText(grid));
  assert.equal(coverText(relettered), coverText(grid));
  assert.equal(await levelCode("triplex", 2, coverText(swapped)), await levelCode("triplex", 2, coverText(grid)));
  assert.notEqual(coverText(["abcc", "abdd"]), coverText(grid));
  assert.throws(() => coverText(["aab", "ddbc"]));
});

test("codes typed by hand are read the Crockford way", () => {
  assert.equal(normalizeCode("knjacpznvs"), "KNJACPZNVS");
  assert.equal(normalizeCode("KNJAC-PZNVS"), "KNJACPZNVS");
  assert.equal(normalizeCode(" knjac pznvs "), "KNJACPZNVS");
  assert.equal(normalizeCode("O1IL0oiLl0"), "0111001110");
  assert.equal(normalizeCode("KNJACPZNV"), null);
  assert.equal(normalizeCode("KNJACPZNVSX"), null);
  assert.equal(normalizeCode("KNJACPZNVU"), null);
  assert.equal(normalizeCode("KNJACPZNV!"), null);
  assert.equal(CODE_LENGTH, 10);
});
