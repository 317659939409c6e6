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
// poll); a failure waits longer each time (backoff). When a sync changed
// storage under a running game, the page reloads (writes frozen first, so
// nothing stale is saved over the merge) and every game reads its merged
// progress.
//
// The first sync of an account on this device (anonymous progress, or
// another account's) merges without a base, so nothing of either side is
// lost, and tells the player what this device added.

import { h } from "./dom.js";
import { SYNCED_KEYS, asDoc, canonical, emptyDoc, mergeDocs, sameProgress, whatMerged } from "./progress-doc.js";
import { request } from "./server.js";
import { freezeWrites, onWrite, read, write } from "./store.js";

const META_KEY = "gridforge.sync.v1";
/** Wait after a change before sending (changes come in bursts). */
const CHANGE_DELAY_MS = 1500;
/** Poll for other devices' changes this often while the page is shown. */
export const POLL_MS = 4000;
const BACKOFF_MS = [2000, 5000, 15000, 30000, 60000];
/** Sends of one sync before it gives up until the next (another device keeps writing). */
const TRIES = 4;

/** This device's progress as a document: the synced keys and when each changed here. */
export function localDoc(storage, at = {}) {
  const doc = emptyDoc();
  for (const key of SYNCED_KEYS) {
    const value = read(storage, key);
    if (value !== null) doc.keys[key] = value;
    if (Number.isFinite(at[key])) doc.at[key] = at[key];
  }
  return doc;
}

/** Writes `doc` into storage (keys it lacks are removed); the keys whose value changed. */
export function applyDoc(storage, doc) {
  const changed = [];
  for (const key of SYNCED_KEYS) {
    const next = doc.keys[key] ?? null;
    // The server gives objects back with their keys sorted: the same data is no change.
    if (canonical(read(storage, key)) === canonical(next)) continue;
    if (write(storage, key, next)) changed.push(key);
  }
  return changed;
}

/**
 * The sync of this page: `storage`, `base` (the server, null: none),
 * `online()`, `flush()` (the games write what is in play), `t(key, params)`
 * for the notice, `fetchImpl` (the unit tests' server). Returns {first(ms), live(), now(), status(), pause(),
 * resume(), forget()}.
 */
export function createSync({
  storage,
  base,
  online = () => true,
  flush = () => {},
  t = (k) => k,
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
  /** The games have read storage: a sync that changes it reloads the page. */
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

  /** Merges `remote` (version `version`) into storage: {merged, changed, summary}. */
  function mergeIn(remote, version, account) {
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
        lastSync = Date.now();
        return;
      }
    }
    let reload = false;
    for (let tries = 0; tries < TRIES; tries++) {
      const { merged, changed } = mergeIn(remote, version, account);
      reload ||= changed.length > 0;
      if (remote && sameProgress(merged, remote)) break;
      const put = await api("PUT", "/api/sync", { base: version, document: merged });
      if (put === null) throw new Error("unreachable");
      if (put.ok) {
        meta = { ...meta, version: put.data.version, base: merged };
        saveMeta();
        break;
      }
      if (put.status !== 409) throw new Error(`sync: ${put.status} ${put.data?.error ?? ""}`);
      version = put.data.version;
      remote = asDoc(put.data.document);
    }
    lastSync = Date.now();
    if (reload && isLive) {
      // The games hold their progress in memory: read it afresh.
      freezeWrites();
      location.reload();
    } else showNotice();
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
      .catch(() => {
        failures += 1;
      })
      .finally(() => {
        running = null;
        const wait = failures ? BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1] : POLL_MS;
        if (again) {
          again = false;
          now();
        } else if (signedIn || failures) later(wait);
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
    },
    now,
    /** {signedIn, lastSync, paused, version}. */
    status: () => ({ signedIn, lastSync, paused: Boolean(meta.paused), version: meta.version ?? 0 }),
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
