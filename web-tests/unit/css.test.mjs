// The style sheet's blocks are whole: every "{" closed by its "}" (comments
// and strings aside). One left open (.level-grade's, on the merged tree of
// issues 40 and 43) made Chromium read every rule after it as nested in it,
// so the sync notices and the "your data" screen went unstyled, silently.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { WEB } from "../lib/engine.mjs";

/** The lines of the blocks left open at the end; throws on a "}" with nothing open. */
function openBlocks(css) {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, "")).replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');
  let depth = 0;
  let line = 1;
  const opened = [];
  for (const ch of text) {
    if (ch === "\n") line += 1;
    else if (ch === "{") opened.push(line), (depth += 1);
    else if (ch === "}") {
      assert.ok(depth > 0, `a "}" with no block open, line ${line}`);
      opened.pop();
      depth -= 1;
    }
  }
  return opened;
}

test("every block of css/app.css is closed", () => {
  const css = readFileSync(path.join(WEB, "css", "app.css"), "utf8");
  assert.deepEqual(openBlocks(css), [], "blocks left open (their lines)");
  assert.throws(() => openBlocks("a { b: c; }\n}"), /no block open/);
  assert.deepEqual(openBlocks(".x {\n color: red;\n\n.y { top: 0; }"), [1], "an open block is found");
});
