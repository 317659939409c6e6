// The client's chain against the values the Rust side computes
// (`gridforge triplex chain-vectors`) and the pack it wrote (web/triplex/levels.json).

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  CODE_LENGTH,
  coverText,
  levelCode,
  levelKeyBytes,
  levelNonce,
  levelOf,
  normalizeCode,
  openLevel,
  packEntries,
} from "../../web/js/triplex-chain.js";
import { chainVectors, enginePack, webPack } from "../lib/engine.mjs";

const hex = (bytes) => Buffer.from(bytes).toString("hex");
const COUNT = 60;

test("cover, code, key and nonce match the Rust side", async () => {
  const vectors = chainVectors(COUNT);
  assert.equal(vectors.length, COUNT);
  for (const v of vectors) {
    const cover = v.previous_solution.length ? coverText(v.previous_solution) : "";
    assert.equal(cover, v.previous_cover, `level ${v.number}`);
    const code = await levelCode(v.number, cover);
    assert.equal(code, v.code, `level ${v.number}`);
    assert.match(code, /^[0-9A-HJKMNP-TV-Z]{10}$/);
    assert.equal(hex(await levelKeyBytes(v.number, code)), v.key);
    assert.equal(hex(await levelNonce(v.number)), v.nonce);
  }
});

test("the level table's sizes and difficulties, and every opened level, are the Rust side's", async () => {
  const pack = webPack();
  const entries = packEntries(pack);
  const vectors = chainVectors(COUNT);
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

test("each sealed level opens with the code from the previous solution, and only with it", async () => {
  const pack = webPack();
  const engine = enginePack();
  const entries = packEntries(pack);
  assert.equal(entries.length, engine.levels.length);
  assert.equal(pack.first.description, engine.levels[0].description);
  assert.equal(JSON.stringify(pack).includes("solution"), false);
  // The first levels, the seam after level 724 and the last levels.
  const n = entries.length;
  const picked = [...Array(COUNT).keys()].slice(1);
  for (const k of [723, 724, 725, n - 2, n - 1]) if (k > 0 && k < n) picked.push(k);
  for (const k of picked) {
    const code = await levelCode(k + 1, coverText(engine.levels[k - 1].solution));
    const level = await levelOf(pack, entries[k], code);
    assert.ok(level, `level ${k + 1} does not open`);
    assert.equal(level.number, k + 1);
    assert.equal(level.description, engine.levels[k].description);
    assert.deepEqual(level.pieces, engine.levels[k].pieces);
    assert.equal(level.rotatable, engine.levels[k].rotatable);
    // The code of the level before does not open it, nor does no code.
    const other = await levelCode(k, coverText(engine.levels[k].solution));
    assert.equal(await openLevel(entries[k], other, pack.shapes), null);
    assert.equal(await levelOf(pack, entries[k], null), null);
  }
});

test("the cover names no piece: relabelled solutions give the same code", async () => {
  const grid = ["aabc", "ddbc"];
  const swapped = ["ddbc", "aabc"];
  const relettered = ["xxyz", "wwyz"];
  assert.equal(coverText(grid), "4x2:0,0,2,3,4,4,2,3");
  assert.equal(coverText(swapped), coverText(grid));
  assert.equal(coverText(relettered), coverText(grid));
  assert.equal(await levelCode(2, coverText(swapped)), await levelCode(2, coverText(grid)));
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
