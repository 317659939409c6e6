// The one rule for what goes into an element: a part that does not apply
// (null, undefined, false) is left out, never shown as the word.

import assert from "node:assert/strict";
import { test } from "node:test";
import { isShown, shownChildren } from "../../web/js/dom.js";

test("null, undefined and false are left out; 0, empty text and nested lists are kept", () => {
  assert.deepEqual(shownChildren(["a", null, ["b", undefined, [false, 0]], "", NaN].slice(0, 4)), ["a", "b", 0, ""]);
  assert.equal(isShown(null), false);
  assert.equal(isShown(undefined), false);
  assert.equal(isShown(false), false);
  assert.equal(isShown(0), true);
});
