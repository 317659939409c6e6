// The service worker's precache manifest (the block at the top of web/sw.js):
// every file of the web client except the worker itself, and VERSION, a hash
// of all their contents. Written by tools/update-sw.mjs, checked by
// unit/offline.test.mjs.

import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { WEB } from "./engine.mjs";

/** The service worker's file, relative to web/. */
export const SW = "sw.js";
const BEGIN = "// --- precache manifest:";
const END = "// --- end of precache manifest ---";

/** Every file under `dir`, as paths relative to it with "/" separators, sorted. */
export function webFiles(dir = WEB) {
  const out = [];
  const walk = (sub) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(rel);
      else if (entry.isFile() && !entry.name.startsWith(".")) out.push(rel);
    }
  };
  walk("");
  return out.sort();
}

/** The files the worker keeps and their version: {version, files}. */
export function manifest(dir = WEB) {
  const files = webFiles(dir).filter((f) => f !== SW);
  const all = createHash("sha256");
  for (const file of files) {
    const content = createHash("sha256").update(readFileSync(path.join(dir, file))).digest("hex");
    all.update(`${file}\0${content}\n`);
  }
  return { version: all.digest("hex").slice(0, 16), files };
}

/** The manifest block of web/sw.js for `m`. */
export function manifestBlock(m) {
  const list = m.files.map((f) => `  ${JSON.stringify(f)},`).join("\n");
  return (
    `${BEGIN} written by \`node web-tests/tools/update-sw.mjs\`, do not edit ---\n` +
    `const VERSION = ${JSON.stringify(m.version)};\n` +
    `const FILES = [\n${list}\n];\n` +
    END
  );
}

/** The manifest block now in web/sw.js. */
export function currentBlock(dir = WEB) {
  const text = readFileSync(path.join(dir, SW), "utf8");
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`web/${SW} has no precache manifest block`);
  return text.slice(start, end + END.length);
}

/** Rewrites the manifest block of web/sw.js; returns the manifest. */
export function updateServiceWorker(dir = WEB) {
  const file = path.join(dir, SW);
  const text = readFileSync(file, "utf8");
  const m = manifest(dir);
  const next = text.replace(currentBlock(dir), manifestBlock(m));
  if (next !== text) writeFileSync(file, next);
  return m;
}
