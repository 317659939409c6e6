// The level list's filters (triplex-levels.js): the areas offered are the
// pack's own, and a level shows under a filter by its area and whether it
// is solved or ready to play; checked on the real Triplex pack (5,843
// levels), the counts computed here apart from the client's code.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { packEntries } from "../../web/js/triplex-chain.js";
import { LEVEL_STATES, levelAreas, levelShows } from "../../web/js/triplex-levels.js";
import { WEB } from "../lib/engine.mjs";

const pack = JSON.parse(readFileSync(path.join(WEB, "triplex", "levels.json"), "utf8"));
const entries = packEntries(pack);

test("the size choices are the pack's areas, each once, smallest first", () => {
  const areas = levelAreas(entries);
  const fromRectangles = [...new Set(pack.rectangles.map(([w, h]) => w * h))].sort((a, b) => a - b);
  assert.deepEqual(areas, fromRectangles);
  assert.equal(areas[0], Math.min(...entries.map((e) => e.width * e.height)));
  assert.ok(areas.at(-1) <= pack.max_area);
  assert.deepEqual(levelAreas([{ width: 2, height: 3 }, { width: 3, height: 2 }, { width: 1, height: 4 }]), [4, 6]);
});

test("a level shows by its area and whether it is solved or ready to play", () => {
  // Levels 1 to 3 solved, 4 open (its code kept), the rest locked.
  const solved = { 1: { ms: 1 }, 2: { ms: 2 }, 3: { ms: 3 } };
  const isOpen = (n) => n <= 4;
  const count = (filter) => entries.filter((e) => levelShows(e, filter, solved, isOpen)).length;
  assert.equal(count({ state: "all", area: null }), 5843);
  assert.equal(count({ state: "solved", area: null }), 3);
  assert.equal(count({ state: "unsolved", area: null }), 5840);
  assert.equal(count({ state: "open", area: null }), 1, "ready to play: open and not solved");
  for (const area of levelAreas(entries)) {
    const expected = entries.filter((e) => e.width * e.height === area).length;
    assert.equal(count({ state: "all", area }), expected, `${area} cells`);
  }
  const area1 = entries[0].width * entries[0].height;
  assert.equal(
    count({ state: "solved", area: area1 }),
    [1, 2, 3].filter((n) => entries[n - 1].width * entries[n - 1].height === area1).length,
  );
  assert.deepEqual(LEVEL_STATES, ["all", "unsolved", "solved", "open"]);
});
