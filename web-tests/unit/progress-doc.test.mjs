// The progress document's merge rules (progress-doc.js, issue 43): solved
// sets and first solves only grow, best times keep the best, the streak is
// computed from the union of days, a Kakuro slot changed on two devices
// keeps both (one as a conflict copy), settings go to the last writer, and
// a side that did not change a part since the base takes the other's
// change, deletions included. And merging converges: in either order, and
// again, the same document.

import assert from "node:assert/strict";
import { test } from "node:test";
import { loadDaily, streak } from "../../web/js/daily-store.js";
import {
  CONFLICTS_KEY,
  asDoc,
  canonical,
  emptyDoc,
  mergeDocs,
  sameProgress,
  synced,
  whatMerged,
  withLocalParts,
} from "../../web/js/progress-doc.js";
import { memoryStorage } from "../lib/storage.mjs";

const TRIPLEX = "gridforge.triplex.v1";
const SLOTS = "gridforge.kakuro.slots.v1";
const SETTINGS = "gridforge.settings.v1";
const DAILY = "gridforge.daily.v1";
const STATS = "gridforge.kakuro.stats.v1";
const CHESS = "gridforge.chess.v1";

const doc = (keys, at = {}) => ({ format: 1, keys, at });
// As a document carries a slot: without its picture (synced()).
const slot = (name, saved) => ({ game: { name }, size: 10, difficulty: "easy", elapsed: 1, started: 1, saved });

test("solved levels and first solves only grow; a level in both keeps its best time", () => {
  const phone = doc({ [TRIPLEX]: { solved: { 1: { ms: 9000, at: 100 }, 2: { ms: 5000, at: 300, first: true } }, codes: { 2: "AA" } } });
  const laptop = doc({ [TRIPLEX]: { solved: { 2: { ms: 4000, at: 200 }, 3: { ms: 7000, at: 50 } }, codes: { 3: "BB" } } });
  // The laptop's base had level 1 solved: a grow-only set never drops it.
  const base = doc({ [TRIPLEX]: { solved: { 1: { ms: 9000, at: 100 } } } });
  const { doc: merged } = mergeDocs(phone, laptop, base);
  const solved = merged.keys[TRIPLEX].solved;
  assert.deepEqual(Object.keys(solved).sort(), ["1", "2", "3"]);
  assert.equal(solved[2].at, 200, "the earlier solve");
  assert.equal(solved[2].best, 4000, "the best time");
  assert.equal(solved[2].first, true, "a first-solve mark stays");
  assert.deepEqual(merged.keys[TRIPLEX].codes, { 2: "AA", 3: "BB" });
});

test("the streak is computed from the union of the days solved", () => {
  const day = (date, ms, counted = true) => ({ [date]: { "kakuro-easy": { ms, counted, assisted: false } } });
  const phone = doc({ [DAILY]: { days: { ...day("2026-11-20", 90000), ...day("2026-11-22", 50000) } } });
  const laptop = doc({ [DAILY]: { days: { ...day("2026-11-21", 80000), ...day("2026-11-22", 40000, false) } } });
  const { doc: merged } = mergeDocs(phone, laptop);
  const storage = memoryStorage();
  storage.setItem(DAILY, JSON.stringify(merged.keys[DAILY]));
  const data = loadDaily(storage);
  assert.deepEqual(streak(data, "2026-11-22"), { current: 3, best: 3 });
  const r = data.days["2026-11-22"]["kakuro-easy"];
  assert.equal(r.ms, 40000, "the better result of the day");
  assert.equal(r.counted, true, "counted once either side counted");
  // Each device alone had a shorter streak.
  storage.setItem(DAILY, JSON.stringify(phone.keys[DAILY]));
  assert.equal(streak(loadDaily(storage), "2026-11-22").current, 1);
});

test("a Kakuro slot changed on both devices keeps both: the later in the slot, the other a conflict copy", () => {
  const base = doc({ [SLOTS]: [slot("base", 10), null, null] });
  const phone = doc({ [SLOTS]: [slot("phone", 30), null, null] });
  const laptop = doc({ [SLOTS]: [slot("laptop", 20), slot("new", 25), null] });
  const { doc: merged, conflicts } = mergeDocs(phone, laptop, base);
  assert.equal(conflicts, 1);
  assert.equal(merged.keys[SLOTS][0].game.name, "phone", "the later save stays in the slot");
  assert.equal(merged.keys[SLOTS][1].game.name, "new", "a slot changed on one side takes the change");
  assert.deepEqual(merged.keys[CONFLICTS_KEY], [{ slot: 0, copy: slot("laptop", 20), at: 20 }]);
  // The laptop, merging the phone's result with its own, finds the same
  // conflict: one copy, not two.
  const again = mergeDocs(laptop, merged, base);
  assert.equal(again.conflicts, 0);
  assert.ok(sameProgress(again.doc, merged));
});

test("a slot changed on one side only, or emptied there, takes that change; no base keeps both", () => {
  const base = doc({ [SLOTS]: [slot("a", 1), slot("b", 2), null] });
  const phone = doc({ [SLOTS]: [slot("a", 1), null, null] });
  const laptop = doc({ [SLOTS]: [slot("a2", 5), slot("b", 2), null] });
  const { doc: merged, conflicts } = mergeDocs(phone, laptop, base);
  assert.equal(conflicts, 0);
  assert.deepEqual(merged.keys[SLOTS], [slot("a2", 5), null, null]);
  // Without a base (an import) two different slots are a conflict.
  const imported = mergeDocs(phone, laptop);
  assert.equal(imported.conflicts, 1);
  assert.equal(imported.doc.keys[SLOTS][1].game.name, "b", "a slot on one side only is kept");
});

test("slot pictures stay on the device: a document carries none, a slot holding the same game keeps its own", () => {
  const picture = `data:image/png;base64,${"A".repeat(6000)}`;
  const pictured = (name, saved) => ({ ...slot(name, saved), thumbnail: picture });
  const held = [pictured("a", 1), pictured("b", 2), null];
  const conflicts = [{ slot: 0, copy: pictured("old", 0), at: 0 }];
  // What the document carries: the same slots, no picture.
  assert.deepEqual(synced(SLOTS, held), [slot("a", 1), slot("b", 2), null]);
  assert.deepEqual(synced(CONFLICTS_KEY, conflicts), [{ slot: 0, copy: slot("old", 0), at: 0 }]);
  const fromDevice = asDoc(doc({ [SLOTS]: held, [CONFLICTS_KEY]: conflicts }));
  assert.doesNotMatch(JSON.stringify(fromDevice), /data:image/, "a document read from a device carries no picture");
  assert.ok(JSON.stringify(fromDevice).length < 1000, "the pictures' 12 KB stay out");
  // Back into storage: slot 1 is the same game (its picture stays), slot 2
  // was saved on the other device (no picture: the slot list draws one).
  const merged = [slot("a", 1), slot("b2", 9), null];
  const stored = withLocalParts(SLOTS, merged, held);
  assert.equal(stored[0].thumbnail, picture);
  assert.equal(stored[1].thumbnail, undefined);
  assert.deepEqual(synced(SLOTS, stored), merged, "storing adds nothing the document would carry");
  const keptCopies = withLocalParts(CONFLICTS_KEY, [...synced(CONFLICTS_KEY, conflicts), { slot: 2, copy: slot("n", 5), at: 5 }], conflicts);
  assert.equal(keptCopies[0].copy.thumbnail, picture);
  assert.equal(keptCopies[1].copy.thumbnail, undefined);
  // Other keys pass through untouched.
  assert.deepEqual(synced(TRIPLEX, { solved: {} }), { solved: {} });
});

test("settings go to the side changed last; unchanged since the base takes the change", () => {
  const phone = doc({ [SETTINGS]: { lang: "de", theme: "dark" } }, { [SETTINGS]: 200 });
  const laptop = doc({ [SETTINGS]: { lang: "fr", theme: "light" } }, { [SETTINGS]: 100 });
  assert.deepEqual(mergeDocs(phone, laptop).doc.keys[SETTINGS], { lang: "de", theme: "dark" });
  assert.deepEqual(mergeDocs(laptop, phone).doc.keys[SETTINGS], { lang: "de", theme: "dark" });
  assert.equal(mergeDocs(phone, laptop).doc.at[SETTINGS], 200);
  // The phone changed nothing since the base: the laptop's older change wins.
  const base = doc({ [SETTINGS]: { lang: "de", theme: "dark" } });
  assert.deepEqual(mergeDocs(phone, laptop, base).doc.keys[SETTINGS], { lang: "fr", theme: "light" });
});

test("statistics add up both sides' solves; chess best results grow, games finished add up", () => {
  const base = doc({ [STATS]: { "10/easy": { solved: 2, best: 100, times: [100, 200] } }, [CHESS]: { finished: 2, best: [] } });
  const phone = doc({
    [STATS]: { "10/easy": { solved: 3, best: 90, times: [100, 200, 90] } },
    [CHESS]: { finished: 3, best: [{ moves: 40, ms: 9000, at: 1 }] },
  });
  const laptop = doc({
    [STATS]: { "10/easy": { solved: 4, best: 100, times: [100, 200, 300, 400] } },
    [CHESS]: { finished: 4, best: [{ moves: 36, ms: 9900, at: 2 }] },
  });
  const { doc: merged } = mergeDocs(phone, laptop, base);
  assert.deepEqual(merged.keys[STATS]["10/easy"], { solved: 5, best: 90, times: [100, 200, 90, 300, 400] });
  assert.equal(merged.keys[CHESS].finished, 5);
  assert.deepEqual(
    merged.keys[CHESS].best.map((r) => r.moves),
    [36, 40],
  );
});

test("merging converges: either order, and merging again, give the same progress", () => {
  const a = doc(
    {
      [TRIPLEX]: { current: 4, solved: { 1: { ms: 1, at: 1 } }, boards: { 4: { stage: 1 } } },
      [SETTINGS]: { lang: "en", theme: "auto" },
      [SLOTS]: [slot("a", 3), null, null],
    },
    { [TRIPLEX]: 5, [SETTINGS]: 9 },
  );
  const b = doc(
    { [TRIPLEX]: { current: 7, solved: { 2: { ms: 2, at: 2 } } }, [SLOTS]: [slot("b", 4), null, null] },
    { [TRIPLEX]: 8, [SETTINGS]: 1 },
  );
  const ab = mergeDocs(a, b).doc;
  const ba = mergeDocs(b, a).doc;
  assert.equal(canonical(ab), canonical(ba));
  assert.equal(ab.keys[TRIPLEX].current, 7, "the level in play of the side changed last");
  assert.ok(sameProgress(mergeDocs(ab, b).doc, ab), "merging again adds nothing");
  assert.ok(sameProgress(mergeDocs(ab, ab, ab).doc, ab));
});

test("damaged documents merge as nothing, never an error", () => {
  assert.equal(asDoc(null), null);
  assert.equal(asDoc({ format: 2, keys: {} }), null);
  assert.deepEqual(asDoc({ format: 1, keys: { other: 1 }, at: {} }), emptyDoc(), "only synced keys");
  const good = doc({ [TRIPLEX]: { solved: { 1: { ms: 1, at: 1 } } } });
  for (const bad of [null, "x", { format: 1, keys: { [TRIPLEX]: 7, [SLOTS]: "x", [DAILY]: [1] } }]) {
    const { doc: merged } = mergeDocs(good, bad);
    assert.deepEqual(merged.keys[TRIPLEX].solved, good.keys[TRIPLEX].solved);
  }
});

test("what a merge brought is counted for the player", () => {
  const anonymous = doc({
    [TRIPLEX]: { solved: { 1: {}, 2: {}, 3: {} } },
    [DAILY]: { days: { "2026-11-20": {} } },
    [SLOTS]: [slot("x", 1), null, null],
  });
  const account = doc({ [TRIPLEX]: { solved: { 1: {} } } });
  assert.deepEqual(whatMerged(anonymous, account), { triplex: 2, days: 1, slots: 1 });
  assert.deepEqual(whatMerged(account, account), {});
});
