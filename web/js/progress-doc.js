// The progress document (issue 43): everything a player's progress is, in
// one JSON object, and the rules that merge two of them without losing
// work. Without the DOM and without the network: sync.js sends documents to
// the server, your-data.js exports and imports them as files.
//
// A document is {format: 1, keys: {storage key → stored value}, at:
// {storage key → when this device last changed it, ms}}: the values are
// what the games keep in localStorage (store.js), so a document is read
// from and written to the browser's storage as it is.
//
// Merging is three-way where a base is known (the document both sides last
// agreed on, which sync keeps): a side that did not change a part since
// the base takes the other side's change, deletions included. Where both
// changed a part (or no base is known: an import, a first sign-in) each
// kind of data has its rule (README, "Progress on every device"):
//   solved levels, level codes, first-solve marks, daily results, Kakuro
//   pack puzzles played, ChessMemory best results   only grow (union),
//     a level or day in both keeps its best time
//   the daily streak   computed from the union of the days solved
//   Kakuro save slot changed on both   the later save in the slot, the
//     other kept as a conflict copy the player can open (your-data.js)
//   Kakuro statistics   the solves of both sides added up, the best time
//   ChessMemory games finished   both sides' new games added up
//   language and theme, games in play, names, Kakuro settings   the side
//     changed last (last writer wins)

import { BEST_KEPT } from "./chess-rules.js";
import { recordResult } from "./daily-store.js";
import { TIMES_KEPT } from "./kakuro-stats.js";

/** The document format this client writes and reads. */
export const FORMAT = 1;
/** The Kakuro conflict copies' storage key (a list; your-data.js opens them). */
export const CONFLICTS_KEY = "gridforge.kakuro.conflicts.v1";
/** Conflict copies kept (the newest). */
export const CONFLICTS_KEPT = 6;
const SLOTS_KEY = "gridforge.kakuro.slots.v1";
const PLAYED_KEPT = 400;

const isObj = (v) => Boolean(v) && typeof v === "object" && !Array.isArray(v);
const obj = (v) => (isObj(v) ? v : {});
const list = (v) => (Array.isArray(v) ? v : []);

/** JSON with object keys sorted: equal data, equal text. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObj(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
const same = (a, b) => canonical(a) === canonical(b);

/**
 * Last writer wins, three-way: a side equal to the base (`base` undefined:
 * none known) takes the other's value; else the newer side's.
 */
function latest(l, r, b, localNewer) {
  if (same(l, r)) return l;
  if (b !== undefined) {
    if (same(l, b)) return r;
    if (same(r, b)) return l;
  }
  return localNewer ? l : r;
}

/** A map merged entry by entry with `entry`; an entry one side dropped and the other left as in the base goes. */
function mapMerge(l, r, b, entry) {
  const out = {};
  for (const key of new Set([...Object.keys(l), ...Object.keys(r)])) {
    const inL = key in l;
    const inR = key in r;
    const base = b?.[key];
    if (inL && inR) out[key] = entry(l[key], r[key], base);
    else if (b && key in b && same(inL ? l[key] : r[key], base)) continue;
    else out[key] = inL ? l[key] : r[key];
  }
  return out;
}

/** A grow-only map: every entry of both; one in both merged by `entry(l, r, key)`. */
function unionMerge(l, r, entry) {
  const out = { ...r, ...l };
  for (const key of Object.keys(l)) if (key in r) out[key] = entry(l[key], r[key], key);
  return out;
}

/** Two records of one solved level: the earlier solve, the best time, a first-solve mark kept. */
function solvedEntry(l, r) {
  const [early, late] = (obj(l).at ?? Infinity) <= (obj(r).at ?? Infinity) ? [obj(l), obj(r)] : [obj(r), obj(l)];
  const best = [early.best, early.ms, late.best, late.ms].filter(Number.isFinite);
  const out = { ...late, ...early };
  // A record with no `best` means its one solve: it gets one only when there is a better time.
  if (best.length && (early.best ?? late.best ?? early.ms !== late.ms)) out.best = Math.min(...best);
  if (early.first || late.first) out.first = true;
  return out;
}

/** Triplex and BlockPuzzle progress: solved levels and codes grow, the rest three-way. */
function familyRule(l, r, b, localNewer) {
  const [L, R] = [obj(l), obj(r)];
  const B = b === undefined ? undefined : obj(b);
  const out = { ...(localNewer ? { ...R, ...L } : { ...L, ...R }) };
  out.solved = unionMerge(obj(L.solved), obj(R.solved), solvedEntry);
  out.codes = unionMerge(obj(L.codes), obj(R.codes), (a) => a);
  out.boards = mapMerge(obj(L.boards), obj(R.boards), B && obj(B.boards), (x, y, z) => latest(x, y, z, localNewer));
  for (const field of ["current", "name"]) {
    const v = latest(L[field], R[field], B && B[field], localNewer);
    if (v === undefined) delete out[field];
    else out[field] = v;
  }
  return out;
}

/** The daily data: results grow (each keeps its best, `counted` once true), games in play three-way. */
function dailyRule(l, r, b, localNewer) {
  const [L, R] = [obj(l), obj(r)];
  const B = b === undefined ? undefined : obj(b);
  const merged = { days: structuredClone(obj(L.days)) };
  for (const [date, results] of Object.entries(obj(R.days))) {
    for (const [key, result] of Object.entries(obj(results))) {
      if (isObj(result)) recordResult(merged, date, key, result);
    }
  }
  const out = { ...(localNewer ? { ...R, ...L } : { ...L, ...R }), days: merged.days };
  out.name = latest(L.name ?? null, R.name ?? null, B && (B.name ?? null), localNewer);
  out.asked = Boolean(L.asked || R.asked);
  const game = (x, y, z) => latest(x, y, z, localNewer);
  out.kakuro = mapMerge(obj(L.kakuro), obj(R.kakuro), B && obj(B.kakuro), game);
  out.chess = mapMerge(obj(L.chess), obj(R.chess), B && obj(B.chess), game);
  return out;
}

/** A count both sides raised from the base: both raises added (no base: the larger). */
function counter(l, r, b) {
  const [x, y] = [Number.isInteger(l) ? l : 0, Number.isInteger(r) ? r : 0];
  if (!Number.isInteger(b)) return Math.max(x, y);
  return b + Math.max(0, x - b) + Math.max(0, y - b);
}

/** Kakuro statistics per size × difficulty: solves added up, the best time, the recent times of both. */
function statsRule(l, r, b) {
  return unionMerge(obj(l), obj(r), (x, y, key) => {
    const base = obj(obj(b)[key]);
    const baseTimes = list(base.times);
    const extra = (side) => {
      const times = list(side.times);
      const extends_ = baseTimes.length <= times.length && same(times.slice(0, baseTimes.length), baseTimes);
      return extends_ ? times.slice(baseTimes.length) : times;
    };
    const times =
      baseTimes.length && list(x.times).length < TIMES_KEPT && list(y.times).length < TIMES_KEPT
        ? [...baseTimes, ...extra(x), ...extra(y)]
        : list(x.times).length >= list(y.times).length
          ? list(x.times)
          : list(y.times);
    return {
      solved: counter(x.solved, y.solved, base.solved),
      best: Math.min(...[x.best, y.best].filter(Number.isFinite)),
      times: times.slice(-TIMES_KEPT),
    };
  });
}

/** A list of records kept by identity: both sides' entries, those one side dropped since the base gone. */
function listMerge(l, r, b) {
  const ids = (xs) => new Set(list(xs).map(canonical));
  const [inL, inR, inB] = [ids(l), ids(r), b === undefined ? new Set() : ids(b)];
  const out = [];
  const seen = new Set();
  for (const item of [...list(l), ...list(r)]) {
    const id = canonical(item);
    if (seen.has(id) || (inB.has(id) && !(inL.has(id) && inR.has(id)))) continue;
    seen.add(id);
    out.push(item);
  }
  return out;
}

/** ChessMemory: best results grow (the best BEST_KEPT), games finished add up, the rest three-way. */
function chessRule(l, r, b, localNewer) {
  const [L, R] = [obj(l), obj(r)];
  const B = b === undefined ? undefined : obj(b);
  const order = (x, y) => x.moves - y.moves || x.ms - y.ms || x.at - y.at;
  const best = (field) =>
    listMerge(L[field], R[field], undefined)
      .filter(isObj)
      .sort(order)
      .slice(0, BEST_KEPT);
  return {
    ...(localNewer ? { ...R, ...L } : { ...L, ...R }),
    best: best("best"),
    bestDuo: best("bestDuo"),
    finished: counter(L.finished, R.finished, B?.finished),
    game: latest(L.game ?? null, R.game ?? null, B && (B.game ?? null), localNewer),
    names: latest(L.names ?? null, R.names ?? null, B && (B.names ?? null), localNewer),
  };
}

/** Kakuro pack puzzles played: a list that only grows (the newest PLAYED_KEPT). */
function playedRule(l, r) {
  const out = [...new Set([...list(r), ...list(l)])];
  return out.slice(-PLAYED_KEPT);
}

/**
 * The three Kakuro save slots and the conflict copies, merged together: a
 * slot changed on one side only takes that change; changed on both, the
 * later save stays in the slot and the other becomes a conflict copy
 * {slot, copy, at}. Returns [slots, conflicts, new conflict copies].
 */
function mergeSlots(l, r, b, conflicts) {
  const slots = [];
  const made = [];
  for (let k = 0; k < 3; k++) {
    const [x, y] = [list(l)[k] ?? null, list(r)[k] ?? null];
    const z = b === undefined ? undefined : (list(b)[k] ?? null);
    if (same(x, y) || (z !== undefined && same(y, z))) slots.push(x);
    else if ((z !== undefined && same(x, z)) || x === null) slots.push(y);
    else if (y === null) slots.push(x);
    else {
      const [kept, other] = (x.saved ?? 0) >= (y.saved ?? 0) ? [x, y] : [y, x];
      slots.push(kept);
      made.push({ slot: k, copy: other, at: other.saved ?? 0 });
    }
  }
  // The same conflict found on two devices is one copy.
  const known = new Set(conflicts.map(canonical));
  const fresh = made.filter((c) => !known.has(canonical(c)));
  const all = [...conflicts, ...fresh].sort((p, q) => (q.at ?? 0) - (p.at ?? 0)).slice(0, CONFLICTS_KEPT);
  return [slots, all, fresh.length];
}

/** A save slot without its picture. */
function bare(slot) {
  if (!isObj(slot) || !("thumbnail" in slot)) return slot;
  const { thumbnail: _picture, ...rest } = slot;
  return rest;
}

/**
 * `value`, stored under `key`, as a document carries it: Kakuro save slots
 * and conflict copies without their pictures. A picture is a PNG data URL
 * of some kilobytes that the board it shows can draw again: synced, three
 * slots and six conflict copies took a good part of an account's 192 KiB
 * (the server's cap), so each device keeps its own.
 */
export function synced(key, value) {
  if (!Array.isArray(value)) return value;
  if (key === SLOTS_KEY) return value.map(bare);
  if (key === CONFLICTS_KEY) return value.map((c) => (isObj(c) ? { ...c, copy: bare(c.copy) } : c));
  return value;
}

/**
 * `value` (from a document) made ready to store under `key` where `held` is
 * stored now: a slot or conflict copy that holds the same game as before
 * keeps the picture this device drew of it.
 */
export function withLocalParts(key, value, held) {
  if (!Array.isArray(value) || !Array.isArray(held)) return value;
  if (key === SLOTS_KEY) {
    return value.map((slot, k) => {
      const before = held[k];
      return isObj(slot) && isObj(before) && before.thumbnail && same(bare(before), slot)
        ? { ...slot, thumbnail: before.thumbnail }
        : slot;
    });
  }
  if (key === CONFLICTS_KEY) {
    const pictures = new Map(
      held.filter((c) => isObj(c) && isObj(c.copy) && c.copy.thumbnail).map((c) => [canonical(synced(key, [c])[0]), c.copy.thumbnail]),
    );
    return value.map((c) => {
      const picture = pictures.get(canonical(c));
      return picture ? { ...c, copy: { ...c.copy, thumbnail: picture } } : c;
    });
  }
  return value;
}

/** The rule of each synced storage key (keys not listed here are not synced). */
const RULES = {
  "gridforge.settings.v1": latest,
  "gridforge.triplex.v1": familyRule,
  "gridforge.blockpuzzle.v1": familyRule,
  "gridforge.daily.v1": dailyRule,
  "gridforge.kakuro.current.v1": latest,
  "gridforge.kakuro.settings.v1": latest,
  "gridforge.kakuro.played.v1": playedRule,
  "gridforge.kakuro.stats.v1": statsRule,
  "gridforge.chess.v1": chessRule,
  [SLOTS_KEY]: null,
  [CONFLICTS_KEY]: null,
};
/** The storage keys a progress document carries. */
export const SYNCED_KEYS = Object.keys(RULES);

/** An empty document. */
export function emptyDoc() {
  return { format: FORMAT, keys: {}, at: {} };
}

/** `value` as a document (only the synced keys), or null when it is not one. */
export function asDoc(value) {
  if (!isObj(value) || value.format !== FORMAT || !isObj(value.keys)) return null;
  const doc = emptyDoc();
  for (const key of SYNCED_KEYS) {
    const v = value.keys[key];
    if (v !== undefined && v !== null) doc.keys[key] = synced(key, v);
    if (Number.isFinite(obj(value.at)[key])) doc.at[key] = value.at[key];
  }
  return doc;
}

/**
 * Merges two documents, three-way when `base` (the document both last
 * agreed on) is given: {doc, conflicts: number of new Kakuro conflict
 * copies}. Never throws: a part that cannot be merged by its rule (damaged
 * data) falls back to the side changed last.
 */
export function mergeDocs(local, remote, base = null) {
  const [L, R, B] = [asDoc(local) ?? emptyDoc(), asDoc(remote) ?? emptyDoc(), base && asDoc(base)];
  const doc = emptyDoc();
  for (const key of SYNCED_KEYS) {
    const [tl, tr] = [L.at[key] ?? 0, R.at[key] ?? 0];
    if (tl || tr) doc.at[key] = Math.max(tl, tr);
    const rule = RULES[key];
    if (!rule) continue;
    const [l, r] = [L.keys[key], R.keys[key]];
    const b = B ? (B.keys[key] ?? null) : undefined;
    let v;
    if (l === undefined || r === undefined) {
      // On one side only: new there, or dropped on the other since the base.
      const present = l ?? r;
      v = b !== undefined && b !== null && same(present, b) ? undefined : present;
    } else {
      try {
        v = rule(l, r, b, tl >= tr);
      } catch {
        v = latest(l, r, b, tl >= tr);
      }
    }
    if (v !== undefined && v !== null) doc.keys[key] = v;
  }
  const bk = (key) => (B ? (B.keys[key] ?? null) : undefined);
  const conflicts = listMerge(L.keys[CONFLICTS_KEY], R.keys[CONFLICTS_KEY], bk(CONFLICTS_KEY));
  const [slots, kept, made] = mergeSlots(L.keys[SLOTS_KEY], R.keys[SLOTS_KEY], bk(SLOTS_KEY), conflicts);
  if (slots.some((s) => s !== null)) doc.keys[SLOTS_KEY] = slots;
  if (kept.length) doc.keys[CONFLICTS_KEY] = kept;
  return { doc, conflicts: made };
}

/** Whether two documents hold the same progress (the change times aside). */
export function sameProgress(a, b) {
  return same((asDoc(a) ?? emptyDoc()).keys, (asDoc(b) ?? emptyDoc()).keys);
}

/**
 * What `added` brings that `into` did not have, for telling the player:
 * {triplex, blockpuzzle: levels solved; days: daily days played; slots:
 * Kakuro slots; kakuro: Kakuro solves; chess: best results}; zero counts
 * left out.
 */
export function whatMerged(added, into) {
  const [A, I] = [asDoc(added) ?? emptyDoc(), asDoc(into) ?? emptyDoc()];
  const fresh = (a, i) => Object.keys(obj(a)).filter((k) => !(k in obj(i))).length;
  const key = (k) => [A.keys[k], I.keys[k]];
  const solves = (stats) => Object.values(obj(stats)).reduce((n, e) => n + (obj(e).solved | 0), 0);
  const ids = (xs) => new Set(list(xs).map(canonical));
  const counts = {
    triplex: fresh(...key("gridforge.triplex.v1").map((v) => obj(v).solved)),
    blockpuzzle: fresh(...key("gridforge.blockpuzzle.v1").map((v) => obj(v).solved)),
    days: fresh(...key("gridforge.daily.v1").map((v) => obj(v).days)),
    slots: list(A.keys[SLOTS_KEY]).filter((s, k) => s && !same(s, list(I.keys[SLOTS_KEY])[k] ?? null)).length,
    kakuro: Math.max(0, solves(A.keys["gridforge.kakuro.stats.v1"]) - solves(I.keys["gridforge.kakuro.stats.v1"])),
    chess: ["best", "bestDuo"].reduce((n, f) => {
      const have = ids(obj(I.keys["gridforge.chess.v1"])[f]);
      return n + list(obj(A.keys["gridforge.chess.v1"])[f]).filter((x) => !have.has(canonical(x))).length;
    }, 0),
  };
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
}
