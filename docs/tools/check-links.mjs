#!/usr/bin/env node
// Checks every link and anchor of a built book without the network: each
// href and src of every page must name a file of the book, and a #fragment
// an id in that page. Links out of the site (http:, https:, mailto:) are not
// followed. Exits 1 naming each broken link.
//   node docs/tools/check-links.mjs docs/html

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? "docs/html");
/** Where the book is served, for links written from the site's root (404.html). */
const SITE = "/docs/";

function pages(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return pages(full);
    return name.endsWith(".html") ? [full] : [];
  });
}

const ids = new Map();
/** The ids (and old-style anchor names) of a page. */
function idsOf(file) {
  if (!ids.has(file)) {
    const text = readFileSync(file, "utf8");
    const found = new Set();
    for (const m of text.matchAll(/\s(?:id|name)="([^"]*)"/g)) found.add(m[1]);
    ids.set(file, found);
  }
  return ids.get(file);
}

const decode = (s) => s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#39;/g, "'");
const broken = [];
let checked = 0;
for (const page of pages(root)) {
  const text = readFileSync(page, "utf8");
  for (const m of text.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
    const link = decode(m[1]);
    if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(link)) continue;
    checked += 1;
    const [target, fragment] = link.split("#", 2);
    const bare = target.split("?")[0];
    let file;
    if (bare === "") file = page;
    else if (bare.startsWith(SITE)) file = path.join(root, decodeURIComponent(bare.slice(SITE.length)));
    else if (bare.startsWith("/")) file = null;
    else file = path.resolve(path.dirname(page), decodeURIComponent(bare));
    if (file && (bare.endsWith("/") || (existsSync(file) && statSync(file).isDirectory()))) file = path.join(file, "index.html");
    const where = path.relative(root, page);
    if (!file || !file.startsWith(root + path.sep) || !existsSync(file)) {
      broken.push(`${where}: ${link}: no such file in the book`);
    } else if (fragment && file.endsWith(".html") && !idsOf(file).has(decodeURIComponent(fragment))) {
      broken.push(`${where}: ${link}: no anchor #${fragment} there`);
    }
  }
}
for (const b of broken) console.error(b);
console.log(`${checked} links and anchors checked in ${root}, ${broken.length} broken`);
process.exit(broken.length > 0 ? 1 : 0);
