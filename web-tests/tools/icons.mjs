#!/usr/bin/env node
// Renders the PNG icons of the web app manifest from their SVG sources
// (web/icons/icon.svg, icon-maskable.svg) in Debian's Chromium, so that
// the PNGs never drift from the drawings. Run after changing an SVG, then
// `node web-tests/tools/update-sw.mjs`.

import { readFileSync } from "node:fs";
import path from "node:path";
import { launchChromium } from "../lib/browser.mjs";
import { WEB } from "../lib/engine.mjs";

const OUTPUTS = [
  ["icon.svg", "icon-192.png", 192],
  ["icon.svg", "icon-512.png", 512],
  ["icon-maskable.svg", "icon-maskable-512.png", 512],
  ["icon-maskable.svg", "apple-touch-icon.png", 180],
];

const browser = await launchChromium();
try {
  for (const [source, target, size] of OUTPUTS) {
    const svg = readFileSync(path.join(WEB, "icons", source), "utf8");
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const html = `<html><body style="margin:0;background:transparent">${svg.replace(
      "<svg ",
      `<svg width="${size}" height="${size}" `,
    )}</body></html>`;
    await page.setContent(html);
    await page.screenshot({ path: path.join(WEB, "icons", target), omitBackground: true });
    await page.close();
    console.log(`web/icons/${target}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}
