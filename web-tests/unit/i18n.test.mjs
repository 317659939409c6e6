// The five catalogs: the same keys everywhere, the plural forms each language
// needs, the same placeholders, every key the code uses present; and the
// translator's plurals and "how long ago".

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { LANGUAGES, createI18n, formatDuration, pickLanguage } from "../../web/js/i18n.js";
import { WEB } from "../lib/engine.mjs";

const catalogs = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    JSON.parse(readFileSync(path.join(WEB, "i18n", `${lang}.json`), "utf8")),
  ]),
);

const placeholders = (entry) =>
  [...new Set([...JSON.stringify(entry).matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

test("there is one catalog per language and no other", () => {
  const files = readdirSync(path.join(WEB, "i18n")).filter((f) => f.endsWith(".json")).sort();
  assert.deepEqual(files, LANGUAGES.map((l) => `${l}.json`).sort());
});

test("every catalog has every key another has, with the same placeholders", () => {
  const all = new Set(LANGUAGES.flatMap((l) => Object.keys(catalogs[l])));
  for (const lang of LANGUAGES) {
    const missing = [...all].filter((k) => !(k in catalogs[lang]));
    assert.deepEqual(missing, [], `${lang}.json lacks keys`);
  }
  for (const key of all) {
    const expected = placeholders(catalogs.en[key]);
    for (const lang of LANGUAGES) {
      assert.deepEqual(placeholders(catalogs[lang][key]), expected, `${lang}: ${key}`);
      const entry = catalogs[lang][key];
      assert.ok(typeof entry === "string" || typeof entry === "object", `${lang}: ${key}`);
      if (typeof entry === "string") assert.notEqual(entry.trim(), "", `${lang}: ${key} is empty`);
    }
  }
});

test("plural entries have every form the language uses", () => {
  for (const lang of LANGUAGES) {
    const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [key, entry] of Object.entries(catalogs[lang])) {
      if (typeof entry !== "object") continue;
      for (const form of needed) assert.ok(form in entry, `${lang}: ${key} lacks "${form}"`);
    }
  }
});

test("every key the client uses is in the catalogs", () => {
  const sources = readdirSync(path.join(WEB, "js"))
    .map((f) => readFileSync(path.join(WEB, "js", f), "utf8"))
    .concat(readFileSync(path.join(WEB, "index.html"), "utf8"));
  const used = new Set();
  for (const text of sources) {
    for (const m of text.matchAll(/\bt\(\s*"([\w.]+)"/g)) used.add(m[1]);
    for (const m of text.matchAll(/\bparts\(\s*"([\w.]+)"/g)) used.add(m[1]);
    for (const m of text.matchAll(/data-i18n="([\w.]+)"/g)) used.add(m[1]);
    for (const m of text.matchAll(/data-i18n-attr="([^"]+)"/g)) {
      for (const pair of m[1].split(/\s+/)) used.add(pair.split(":")[1]);
    }
  }
  // Keys the code builds from parts.
  for (const s of ["solved", "open", "locked"]) used.add(`level.${s}`);
  for (const s of ["auto", "light", "dark"]) used.add(`theme.${s}`);
  for (const g of ["triplex", "blockpuzzle", "kakuro", "chess"]) used.add(`home.${g}.name`).add(`home.${g}.blurb`);
  used.add("language.name");
  assert.ok(used.size > 40, `only ${used.size} keys found: the scan is broken`);
  for (const key of used) assert.ok(key in catalogs.en, `the client uses "${key}", no catalog has it`);
});

test("the modules every game shares speak no one game's words: share.js, print.js, dom.js and layout.js use no game's keys", () => {
  // A shared module with a game's key says that game's words on every game's screen (copyLink said kakuro.linkCopied).
  for (const file of ["share.js", "print.js", "dom.js", "layout.js"]) {
    const text = readFileSync(path.join(WEB, "js", file), "utf8");
    const keys = [...text.matchAll(/"((?:triplex|blockpuzzle|kakuro|chess|daily)\.[\w.]+)"/g)].map((m) => m[1]);
    assert.deepEqual(keys, [], `${file} uses a game's keys`);
  }
});

test("Russian plurals and relative times: 3 минуты назад, 5 минут назад", () => {
  const ru = createI18n("ru", catalogs.ru);
  const now = Date.UTC(2025, 0, 1, 12, 0, 0);
  assert.equal(ru.ago(now - 3 * 60_000, now), "3 минуты назад");
  assert.equal(ru.ago(now - 5 * 60_000, now), "5 минут назад");
  assert.equal(ru.ago(now - 21 * 60_000, now), "21 минуту назад");
  assert.equal(ru.t("records.solves", { count: 1 }), "1 решение");
  assert.equal(ru.t("records.solves", { count: 3 }), "3 решения");
  assert.equal(ru.t("records.solves", { count: 11 }), "11 решений");
  assert.equal(ru.t("records.solves", { count: 22 }), "22 решения");
  const en = createI18n("en", catalogs.en);
  assert.equal(en.ago(now - 2 * 3600_000, now), "2 hours ago");
  assert.equal(en.t("records.solves", { count: 1 }), "1 solve");
  assert.equal(en.t("records.solves", { count: 1234 }), "1,234 solves");
  assert.equal(en.t("level.title", { number: 7 }), "Level 7");
  const de = createI18n("de", catalogs.de);
  assert.equal(de.ago(now - 3 * 86400_000, now), "vor 3 Tagen");
  const zh = createI18n("zh", catalogs.zh);
  assert.equal(zh.ago(now - 5 * 60_000, now), "5分钟前");
});

test("names go in as values, never through the template", () => {
  const en = createI18n("en", catalogs.en);
  const name = { node: "<b>{ago}</b>" };
  const parts = en.parts("records.firstBy", {}, { name, ago: "5 minutes ago" });
  assert.deepEqual(parts, ["First solved by ", name, " ", "5 minutes ago", "."]);
});

test("the start language follows the browser", () => {
  assert.equal(pickLanguage(["de-AT", "en"]), "de");
  assert.equal(pickLanguage(["pt-BR", "zh-Hans-CN"]), "zh");
  assert.equal(pickLanguage(["pt-BR"]), "en");
  assert.equal(pickLanguage([]), "en");
  assert.equal(formatDuration(61_500), "1:01");
  assert.equal(formatDuration(3_725_000), "1:02:05");
});

test("a missing part never shows as the word: null, undefined and NaN fill a placeholder with nothing", () => {
  const en = createI18n("en", { "x.time": "Best: {time}{note}", "x.n": { one: "{count} move", other: "{count} moves" } });
  assert.equal(en.t("x.time", { time: null, note: undefined }), "Best: ");
  assert.equal(en.t("x.time", { time: NaN, note: "!" }), "Best: !");
  assert.equal(en.t("x.time", { time: 0, note: "" }), "Best: 0");
  assert.equal(formatDuration(undefined), "–:––");
  assert.equal(formatDuration(NaN), "–:––");
});

test("the Kakuro tile says what the game offers, read from its sizes and levels", async () => {
  const { kakuroWords } = await import("../../web/js/kakuro-words.js");
  const { DIFFICULTIES, PACK_SIZES, SIZES } = await import("../../web/js/kakuro-model.js");
  const squares = SIZES.filter((s) => typeof s === "number");
  const en = createI18n("en", catalogs.en);
  const words = kakuroWords(() => en);
  const [lo, hi, off] = [Math.min(...squares), Math.max(...squares), Math.max(...PACK_SIZES)];
  assert.equal(
    words.offer(),
    `Sizes ${lo}×${lo} to ${hi}×${hi} and rectangles (${off}×${off} and smaller offline), ${DIFFICULTIES.length} levels, a tutorial and an editor.`,
  );
  assert.ok(hi >= 30 && SIZES.some((s) => typeof s === "string"), "30×30 and rectangles are on offer");
  for (const lang of LANGUAGES) {
    const tile = kakuroWords(() => createI18n(lang, catalogs[lang])).offer();
    assert.ok(tile.includes(`${hi}×${hi}`) && !/\{\w+\}/.test(tile), `${lang}: ${tile}`);
  }
});
