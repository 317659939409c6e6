// A Triplex level's named grade in the client follows the books' rule
// (crates/book/src/triplex.rs `grade`), read here from the Rust source, and
// every level of the shipped pack gets one from the node count it carries.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gradeOf } from "../../web/js/triplex-list.js";
import { ROOT, WEB } from "../lib/engine.mjs";

test("gradeOf has the thresholds of gridforge_book::triplex::grade", () => {
  const rust = readFileSync(path.join(ROOT, "crates", "book", "src", "triplex.rs"), "utf8");
  const body = rust.slice(rust.indexOf("pub fn grade("), rust.indexOf("}", rust.indexOf("pub fn grade(")));
  const arms = [...body.matchAll(/(\d[\d_]*)\.\.([\d_]+) => "(\w+)"/g)].map((m) => [Number(m[1].replace(/_/g, "")), Number(m[2].replace(/_/g, "")), m[3]]);
  assert.equal(arms.length, 3, `read the book's grade arms: ${JSON.stringify(arms)}`);
  for (const [lo, hi, name] of arms) {
    assert.equal(gradeOf(lo), name, `${lo}`);
    assert.equal(gradeOf(hi - 1), name, `${hi - 1}`);
  }
  assert.match(body, /_ => "expert"/);
  assert.equal(gradeOf(arms[2][1]), "expert");
});

test("every level of the Triplex pack carries the node count its grade comes from", () => {
  const pack = JSON.parse(readFileSync(path.join(WEB, "triplex", "levels.json"), "utf8"));
  assert.ok(Number.isFinite(pack.first.difficulty), "the pack's levels carry `difficulty` (the solver's node count)");
  assert.equal(gradeOf(pack.first.difficulty), "easy", "level 1 is easy");
});
