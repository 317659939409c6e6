// Every web module stays small enough to read in one sitting: at most 450
// lines (the project's rule for web/js; a module that grows past it is split
// by what its parts do, as chess.js was).

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { WEB } from "../lib/engine.mjs";

const MAX_LINES = 450;

test(`every web/js module has at most ${MAX_LINES} lines`, () => {
  const dir = path.join(WEB, "js");
  const modules = readdirSync(dir).filter((name) => name.endsWith(".js"));
  assert.ok(modules.length > 10, `found only ${modules.length} modules under ${dir}`);
  const over = modules
    .map((name) => [name, readFileSync(path.join(dir, name), "utf8").split("\n").length - 1])
    .filter(([, lines]) => lines > MAX_LINES)
    .map(([name, lines]) => `${name}: ${lines} lines`);
  assert.deepEqual(over, [], `split these modules: ${over.join(", ")}`);
});
