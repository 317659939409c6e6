// Progress sync for signed-in players (issue 43), offline first: the
// browser's storage stays the truth; the server (/api/sync) keeps one
// progress document per account (progress-doc.js) with a version.
//
// A sync: read the server's document (only "unchanged" when it still has
// the version this device knows), merge it with this device's progress
// (three-way, from the document both last agreed on), write the merge into
// storage, and send it with the version it was merged from; a 409 brings
// what another device wrote meanwhile, merged and sent again. It runs on
// load, a moment after a change, when the network comes back, when the
// page is shown again, and every few seconds while it is open (a cheap
// poll); a failure waits longer each time (backoff).
//
// A merge that changed storage under running games is told to the page
// (`merged(keys)`, app.js) in the same task as the games' flush and the
// write, so no move falls between them; the page makes the screens that
// hold those keys afresh from storage, without a reload. While the player
// is in the middle of something (`busy()`: a finger or the mouse down, a
// dialog open) the merge waits for them.
//
// A document the server refuses as too large (413) is not sent again until
// it is smaller than the refused one; the player is told, once, and shown
// where their data is. Sync keeps reading meanwhile.
//
// The first sync of an account on this device (anonymous progress, or
// another account's) merges without a base, so nothing of either side is
// lost, and tells the player what this device added.

import { h } from "./dom.js";
import {
  SYNCED_KEYS,
  asDoc,
  canonical,
  emptyDoc,
  mergeDocs,
  sameProgress,
  synced,
  whatMerged,
  withLocalParts,
} from "./progress-doc.js";
import { request } from "./server.js";
import { onWrite, read, write } from "./store.js";

const META_KEY = "gridforge.sync.v1";
/** The server's cap on an account's document (crates/server/src/sync.rs, MAX_DOCUMENT_BYTES), for the notice. */
export const MAX_DOCUMENT_BYTES = 192 * 1024;
/** Wait after a change before sending (changes come in bursts). */
const CHANGE_DELAY_MS = 1500;
/** Poll for other devices' changes this often while the page is shown. */
export const POLL_MS = 4000;
const BACKOFF_MS = [2000, 5000, 15000, 30000, 60000];
/** Sends of one sync before it gives up until the next (another device keeps writing). */
const TRIES = 4;
/** Wait while the player is in the middle of something (busy()) before trying again. */
const BUSY_MS = 700;
/** Thrown when the player is busy: try again soon, it is no failure. */
const BUSY = Symbol("busy");

/** The size of `doc` as the server counts it (its JSON text in UTF-8 bytes). */
export function documentBytes(doc) {
  return new TextEncoder().encode(JSON.stringify(doc)).length;
}

/** This device's progress as a document: the synced keys and when each changed here. */
export function localDoc(storage, at = {}) {
  const doc = emptyDoc();
  for (const key of SYNCED_KEYS) {
    const value = read(storage, key);
    if (value !== null) doc.keys[key] = synced(key, value);
    if (Number.isFinite(at[key])) doc.at[key] = at[key];
  }
  return doc;
}

/** Writes `doc` into storage (keys it lacks are removed); the keys whose value changed. */
export function applyDoc(storage, doc) {
  const changed = [];
  for (const key of SYNCED_KEYS) {
    const next = doc.keys[key] ?? null;
    const held = read(storage, key);
    // The server gives objects back with their keys sorted: the same data is no change.
    if (canonical(synced(key, held)) === canonical(next)) continue;
    if (write(storage, key, withLocalParts(key, next, held))) changed.push(key);
  }
  return changed;
}

/**
 * The sync of this page: `storage`, `base` (the server, null: none),
 * `online()`, `flush()` (the games write what is in play), `t(key, params)`
 * for the notices, `merged(keys)` (a merge changed these storage keys under
 * the running games), `busy()` (true: do not merge now), `fetchImpl` (the
 * unit tests' server). Returns {first(ms), live(), now(), status(), account(open),
 * pause(), resume(), importDoc(doc), exportDoc(), api}.
 */
export function createSync({
  storage,
  base,
  online = () => true,
  flush = () => {},
  t = (k) => k,
  merged = () => {},
  busy = () => false,
  fetchImpl = globalThis.fetch?.bind(globalThis),
}) {
  const api = (method, path, body) => request(base, fetchImpl, method, path, body);
  /** {account, version, base, at, paused, notice}: what this device agreed with the server. */
  let meta = { at: {}, ...(read(storage, META_KEY) ?? {}) };
  /** Writes the sync itself makes are not this device's changes. */
  let applying = false;
  let running = null;
  let again = false;
  let timer = null;
  let failures = 0;
  /** The last sync met a busy player: the next comes soon. */
  let busyWait = false;
  /** The games have read storage: a merge that changes it is told to them (`merged`). */
  let isLive = false;
  /** The page is up: the notice can be shown. */
  let shown = false;
  let signedIn = false;
  let lastSync = null;

  const saveMeta = () => write(storage, META_KEY, meta);

  onWrite((key, written) => {
    if (applying || written !== storage || !SYNCED_KEYS.includes(key)) return;
    meta.at = { ...meta.at, [key]: Date.now() };
    saveMeta();
    later(CHANGE_DELAY_MS);
  });

  function later(ms) {
    clearTimeout(timer);
    timer = setTimeout(now, ms);
    // Under node (the unit tests) a waiting sync does not keep the process alive.
    timer?.unref?.();
  }

  /** Merges `remote` (version `version`) into storage: {merged, changed}. */
  function mergeIn(remote, version, account) {
    // Nothing between the games' flush, the write and `merged`: a move can
    // only come before (flushed, merged) or after (on the fresh screens).
    if (isLive && busy()) throw BUSY;
    flush();
    const local = localDoc(storage, meta.at);
    const first = meta.account !== account;
    // A first sync, or a document the player deleted: no base, nothing
    // of this device is taken for deleted.
    const baseDoc = first || !remote ? null : asDoc(meta.base);
    const { doc: merged } = mergeDocs(local, remote ?? emptyDoc(), baseDoc);
    applying = true;
    const changed = applyDoc(storage, merged);
    applying = false;
    const summary = first ? whatMerged(local, remote) : {};
    if (first && Object.keys(summary).length) meta.notice = summary;
    meta = { ...meta, account, version, base: remote, at: merged.at };
    saveMeta();
    if (isLive && changed.length) tell(changed);
    return { merged, changed };
  }

  async function cycle() {
    // Only where the account screen saw a session: a player without an
    // account never asks (no 401 on every page).
    if (!base || meta.paused || !meta.signedIn || !online()) return;
    const known = meta.account ? `?known=${meta.version}` : "";
    let got = await api("GET", `/api/sync${known}`);
    // Another account's version number can match: then ask for the document.
    if (got?.data?.unchanged && got.data.account !== meta.account) got = await api("GET", "/api/sync");
    if (got === null) throw new Error("unreachable");
    if (got.status === 401 || got.status === 403) {
      signedIn = false;
      meta.signedIn = false;
      saveMeta();
      return;
    }
    if (!got.ok || !got.data) throw new Error(`sync: ${got.status}`);
    signedIn = true;
    const { account } = got.data;
    let version = got.data.version;
    let remote = got.data.unchanged ? asDoc(meta.base) : asDoc(got.data.document);
    if (got.data.unchanged && meta.account === account) {
      flush();
      if (sameProgress(localDoc(storage), meta.base)) {
        // The server has this device's progress: nothing waits refused.
        if (meta.refused) refused(null);
        lastSync = Date.now();
        return;
      }
    }
    for (let tries = 0; tries < TRIES; tries++) {
      const { merged } = mergeIn(remote, version, account);
      if (remote && sameProgress(merged, remote)) {
        refused(null);
        break;
      }
      const bytes = documentBytes(merged);
      // Refused as too large: not again until it is smaller.
      if (meta.refused && bytes >= meta.refused.bytes) break;
      const put = await api("PUT", "/api/sync", { base: version, document: merged });
      if (put === null) throw new Error("unreachable");
      if (put.ok) {
        meta = { ...meta, version: put.data.version, base: merged };
        refused(null);
        break;
      }
      if (put.status === 413) {
        refused(bytes);
        break;
      }
      if (put.status !== 409) throw new Error(`sync: ${put.status} ${put.data?.error ?? ""}`);
      version = put.data.version;
      remote = asDoc(put.data.document);
    }
    lastSync = Date.now();
    showNotice();
    showTooLarge();
  }

  /** Notes that the server refused a document of `bytes` (null: took one). */
  function refused(bytes) {
    if (bytes === null) {
      if (meta.refused) {
        delete meta.refused;
        globalThis.document?.getElementById("sync-too-large")?.remove();
      }
    } else if (meta.refused?.bytes !== bytes) {
      meta.refused = { bytes, told: false };
    }
    saveMeta();
  }

  /** Tells the merge's changes to the page; a page that cannot take them reloads. */
  function tell(keys) {
    try {
      merged(keys);
    } catch (err) {
      console.warn("sync: reloading after a merge", err);
      location.reload();
    }
  }

  /** Syncs now (or right after the sync under way); resolves when done. */
  function now() {
    clearTimeout(timer);
    if (running) {
      again = true;
      return running;
    }
    running = cycle()
      .then(() => {
        failures = 0;
      })
      .catch((err) => {
        if (err === BUSY) busyWait = true;
        else failures += 1;
      })
      .finally(() => {
        running = null;
        const wait = busyWait ? BUSY_MS : failures ? BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1] : POLL_MS;
        busyWait = false;
        if (again) {
          again = false;
          now();
        } else if (signedIn || failures || wait === BUSY_MS) later(wait);
      });
    return running;
  }

  /** Tells the player what the first sign-in merged (once; kept over a reload). */
  function showNotice() {
    const counts = meta.notice;
    if (!counts || !shown || !globalThis.document) return;
    delete meta.notice;
    saveMeta();
    document.getElementById("sync-merged")?.remove();
    const lines = Object.entries(counts).map(([what, count]) => h("li", {}, t(`sync.merged.${what}`, { count })));
    const box = h(
      "div",
      { id: "sync-merged", class: "sync-merged", role: "status" },
      h("p", {}, t("sync.merged.title")),
      h("ul", {}, lines),
      h("button", { type: "button", id: "sync-merged-close", onclick: () => box.remove() }, t("sync.merged.close")),
    );
    document.body.append(box);
  }

  /**
   * Tells the player, once per refused size, that the server refused their
   * progress as too large: a status line, not a dialog, with the way to
   * "your data" (what is kept) and a close button.
   */
  function showTooLarge() {
    const r = meta.refused;
    if (!r || r.told || !shown || !globalThis.document) return;
    r.told = true;
    saveMeta();
    document.getElementById("sync-too-large")?.remove();
    const kb = (n) => Math.ceil(n / 1024);
    const box = h(
      "div",
      { id: "sync-too-large", class: "sync-merged sync-too-large", role: "status" },
      h("p", {}, t("sync.tooLarge.text", { size: kb(r.bytes), max: kb(MAX_DOCUMENT_BYTES) })),
      h(
        "p",
        { class: "actions" },
        h("a", { href: "#/data", id: "sync-too-large-data", onclick: () => box.remove() }, t("sync.tooLarge.data")),
        h("button", { type: "button", id: "sync-too-large-close", onclick: () => box.remove() }, t("sync.merged.close")),
      ),
    );
    document.body.append(box);
  }

  if (globalThis.window) {
    window.addEventListener("online", () => now());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") now();
    });
  }

  return {
    /** The first sync, before the games read storage: waits at most `ms`. */
    async first(ms) {
      if (base) await Promise.race([now(), new Promise((done) => setTimeout(done, ms))]);
      isLive = true;
    },
    /** The page is up: a notice waiting from the first sign-in shows. */
    live() {
      shown = true;
      showNotice();
      showTooLarge();
    },
    now,
    /** {signedIn, lastSync, paused, version, refused: bytes of the document the server refused as too large, or null}. */
    status: () => ({
      signedIn,
      lastSync,
      paused: Boolean(meta.paused),
      version: meta.version ?? 0,
      refused: meta.refused?.bytes ?? null,
    }),
    /** The account screen saw a session (true) or none (false); a session syncs at once. */
    account(open) {
      if (Boolean(meta.signedIn) !== open) {
        meta.signedIn = open;
        saveMeta();
      }
      return open ? now() : Promise.resolve();
    },
    /** Stops syncing on this device (after the player deleted the server's copy). */
    pause() {
      meta = { at: meta.at, signedIn: meta.signedIn, paused: true };
      saveMeta();
    },
    /** Syncs again (a first sync: this device's progress is merged in whole). */
    resume() {
      meta = { at: meta.at, signedIn: meta.signedIn };
      saveMeta();
      return now();
    },
    /** Merges an imported document into this device's progress (no base: nothing lost); the count of new conflict copies. */
    importDoc(doc) {
      flush();
      const local = localDoc(storage, meta.at);
      const { doc: merged, conflicts } = mergeDocs(local, doc, null);
      const added = whatMerged(doc, local);
      const changed = applyDoc(storage, merged);
      return { changed, added, conflicts };
    },
    /** This device's progress as a document (for the export). */
    exportDoc() {
      flush();
      return localDoc(storage, meta.at);
    },
    api,
  };
}
