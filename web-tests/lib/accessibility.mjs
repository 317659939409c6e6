// The WCAG check of the browser tests: axe-core (the npm package) run inside
// the page against the WCAG 2.0 A/AA and 2.1 A/AA rules.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");

/** The axe rule tags the app must pass: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on what `page` shows now; the violations, each as {id, impact, help, targets}. */
export async function axeViolations(page) {
  // Evaluated through the DevTools protocol, not as a <script> tag: the
  // server's Content-Security-Policy refuses inline scripts, rightly.
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(readFileSync(AXE, "utf8"));
  const violations = await page.evaluate(
    (tags) =>
      window.axe
        .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] })
        .then((r) => r.violations),
    WCAG_TAGS,
  );
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
  }));
}

/** Fails, listing each violation (rule, impact, elements), unless axe finds none on `page`. */
export async function expectAccessible(page, what) {
  const violations = await axeViolations(page);
  const lines = violations.flatMap((v) => [
    `${v.id} (${v.impact}): ${v.help}`,
    ...v.targets.map((t) => `    ${t.target}: ${t.summary.replace(/\s+/g, " ")}`),
  ]);
  assert.equal(violations.length, 0, `${what}: ${violations.length} WCAG violation(s)\n  ${lines.join("\n  ")}`);
}
