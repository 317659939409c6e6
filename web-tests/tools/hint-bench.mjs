// How long the page's offline hint solver takes, in Node, over every level of
// both families (or every Nth with --every N): each answer is checked against
// the engine's solution (the board's own solved check and the cover of the
// engine's grid), then p50, p99, max and the slowest levels are printed, in
// wall-clock time and in this process's CPU time (on a shared machine the
// wall clock also counts the time other programs had the core).
//
//   node web-tests/tools/hint-bench.mjs [--every N] [--family triplex|blockpuzzle]
//
// Needs the release binary (`cargo build --release`) for the Triplex pack.
// Exits non-zero when a level is unsolved or solved wrongly.

import { isSolved, layoutStage, solutionGrid } from "../../web/js/triplex-board.js";
import { coverText } from "../../web/js/triplex-chain.js";
import { solveLevel } from "../../web/js/triplex-solve.js";
import { blockpuzzleLevels, enginePack } from "../lib/engine.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const every = Number(option("--every", "1"));
const only = option("--family", null);
if (!Number.isInteger(every) || every < 1) {
  console.error("--every takes a whole number of at least 1");
  process.exit(2);
}

/** The q-quantile of sorted numbers (nearest rank). */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** Solves every `every`-th record, checks each answer, prints the figures; the count of failures. */
function bench(family, records) {
  const times = [];
  let failures = 0;
  records.forEach((record, index) => {
    if (index % every !== 0) return;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const solution = solveLevel(record);
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    times.push({ ms, cpu: (cpu.user + cpu.system) / 1000, number: record.number });
    const stage = layoutStage(record);
    const positions = solution?.map((p) => ({ x: stage.tx + p.col, y: stage.ty + p.row, o: p.o }));
    const right =
      positions &&
      isSolved(record, stage, positions) &&
      coverText(solutionGrid(record, stage, positions)) === coverText(record.solution);
    if (!right) {
      failures++;
      console.error(`${family} level ${record.number}: ${solution ? "a wrong solution" : "no solution"}`);
    }
  });
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  for (const clock of ["ms", "cpu"]) {
    const sorted = times.map((t) => t[clock]).sort((a, b) => a - b);
    const slowest = [...times].sort((a, b) => b[clock] - a[clock]).slice(0, 5);
    console.log(
      `${family} (${clock === "ms" ? "wall clock" : "CPU"}): ${times.length} levels, p50 ${fmt(quantile(sorted, 0.5))}, ` +
        `p99 ${fmt(quantile(sorted, 0.99))}, max ${fmt(sorted.at(-1))}; ` +
        `slowest ${slowest.map((t) => `#${t.number} ${fmt(t[clock])}`).join(", ")}`,
    );
  }
  return failures;
}

let failures = 0;
if (only !== "blockpuzzle") failures += bench("triplex", enginePack().levels);
if (only !== "triplex") failures += bench("blockpuzzle", blockpuzzleLevels());
process.exit(failures === 0 ? 0 : 1);
