// The Rust side, as the tests reach it: the release binary's commands. The
// tests take solutions and chain values from the engine, never from the page.

import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { normalized, solutionCells } from "./solution.mjs";

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The web client's folder. */
export const WEB = path.join(ROOT, "web");

/** The gridforge binary: $GRIDFORGE_BIN, else the release build. */
export function binary() {
  const bin =
    process.env.GRIDFORGE_BIN ??
    path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, "target"), "release", "gridforge");
  if (!existsSync(bin)) {
    throw new Error(`${bin} is missing: run \`cargo build --release\` first (or set GRIDFORGE_BIN)`);
  }
  return bin;
}

/** Runs the binary and returns its standard output. */
export function gridforge(...args) {
  return execFileSync(binary(), args, {
    encoding: "utf8",
    maxBuffer: 64 << 20,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

let exported;
/** The exported single file (`gridforge triplex export-html`), written once per test process: its file:// URL. */
export function exportedFile() {
  if (!exported) {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "gridforge-export-")), "gridforge.html");
    gridforge("triplex", "export-html", "--out", file);
    exported = pathToFileURL(file).href;
  }
  return exported;
}

let pack;
/** The game's level pack with solutions, as `gridforge triplex pack --game` writes it. */
export function enginePack() {
  if (!pack) {
    const dir = mkdtempSync(path.join(tmpdir(), "gridforge-pack-"));
    const out = path.join(dir, "pack.json");
    gridforge("triplex", "pack", "--game", "--out", out);
    pack = JSON.parse(readFileSync(out, "utf8"));
  }
  return pack;
}

/** The chain values of `family`'s first `count` levels, computed by the Rust side. */
export function chainVectors(family, count) {
  return JSON.parse(gridforge("triplex", "chain-vectors", "--family", family, "--count", String(count))).vectors;
}

/** The chained pack of `family` the web client carries (web/<family>/levels.json). */
export function webPack(family) {
  return JSON.parse(readFileSync(path.join(WEB, family, "levels.json"), "utf8"));
}

/**
 * The BlockPuzzle levels with their solutions, read from the committed level
 * list (crates/triplex/data/blockpuzzle-levels.txt: description, solver
 * nodes, solution rows joined by "/"), not from the client or its pack. Each
 * is {number, width, height, description, difficulty, pieces, rotatable,
 * solution}; piece k's cells are the cells of letter 'a'+k in the solution
 * (BlockPuzzle pieces are fixed, so that is the shape the player is given).
 */
export function blockpuzzleLevels() {
  const text = readFileSync(path.join(ROOT, "crates", "triplex", "data", "blockpuzzle-levels.txt"), "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("#"))
    .map((line, i) => {
      const [description, difficulty, rows] = line.trim().split(" ");
      const solution = rows.split("/");
      const [width, height] = description.split(":")[0].split("x").map(Number);
      const record = { number: i + 1, width, height, description, difficulty: Number(difficulty), rotatable: null, solution };
      const count = new Set(solution.join("")).size;
      record.pieces = Array.from({ length: count }, (_, k) => normalized(solutionCells(record, k)));
      return record;
    });
}

/**
 * The puzzles the Kakuro offline pack (web/kakuro/puzzles.json) stands for
 * in one size and difficulty, made by the engine itself: `gridforge kakuro
 * generate` from the pack's seed, as many as the pack's count. Each is
 * {seed, puzzle (text), solution (text)}.
 */
export function enginePackPuzzles(size, difficulty) {
  const pack = JSON.parse(readFileSync(path.join(WEB, "kakuro", "puzzles.json"), "utf8"));
  return gridforge(
    "kakuro",
    "generate",
    "--size",
    String(size),
    "--difficulty",
    difficulty,
    "--seed",
    String(pack.seed),
    "--count",
    String(pack.count),
    "--json",
  )
    .trim()
    .split("\n")
    .map((line) => {
      const { seed, puzzle, solution } = JSON.parse(line);
      return { seed, puzzle, solution };
    });
}
