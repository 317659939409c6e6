// Offline play: the service worker's precache list (web/sw.js) is the one
// `node web-tests/tools/update-sw.mjs` writes today, so no client file can be
// forgotten; every file the page loads is on it; the worker itself, run in
// a sandbox with a fake Cache Storage, keeps those files on install, answers
// them from its cache, leaves the API to the network and drops old versions;
// and offline.js's checks of where a worker may run.

import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import vm from "node:vm";
import { LANGUAGES } from "../../web/js/i18n.js";
import { canUseServiceWorker, isOffline, registerServiceWorker, watchNetwork } from "../../web/js/offline.js";
import { WEB } from "../lib/engine.mjs";
import { SW, currentBlock, manifest, manifestBlock } from "../lib/precache.mjs";

const swSource = readFileSync(path.join(WEB, SW), "utf8");

/** VERSION and FILES as web/sw.js has them, read from its text. */
function workerList() {
  const version = swSource.match(/^const VERSION = "([0-9a-f]+)";$/m)?.[1];
  const list = swSource.match(/^const FILES = (\[[^\]]*\]);$/m)?.[1];
  assert.ok(version && list, "web/sw.js declares VERSION and FILES");
  return { version, files: JSON.parse(list.replace(/,\s*\]$/, "]")) };
}

/** Every file under web/, walked here apart from lib/precache.mjs. */
function filesOnDisk(dir = WEB, sub = "") {
  return readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((e) => {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    return e.isDirectory() ? filesOnDisk(dir, rel) : [rel];
  });
}

test("web/sw.js's precache list and VERSION are what tools/update-sw.mjs writes", () => {
  const expected = manifestBlock(manifest());
  assert.ok(
    currentBlock() === expected,
    "web/sw.js's precache manifest is stale: run `node web-tests/tools/update-sw.mjs`",
  );
  const { version, files } = workerList();
  assert.equal(version, manifest().version);
  // Every file of the client but the worker itself, none missing, none extra.
  const disk = filesOnDisk().filter((f) => f !== SW && !path.basename(f).startsWith("."));
  assert.deepEqual([...files].sort(), disk.sort());
  assert.ok(!files.includes(SW));
});

test("VERSION changes with any file's content, and a new file joins the list", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "gridforge-web-"));
  cpSync(WEB, dir, { recursive: true });
  const before = manifest(dir);
  assert.deepEqual(before, manifest(WEB), "a copy has the same manifest");
  const file = path.join(dir, "js", "chess-rules.js");
  writeFileSync(file, `${readFileSync(file, "utf8")}\n`);
  const changed = manifest(dir);
  assert.notEqual(changed.version, before.version);
  assert.deepEqual(changed.files, before.files);
  writeFileSync(path.join(dir, "js", "new-game.js"), "export {};\n");
  const added = manifest(dir);
  assert.ok(added.files.includes("js/new-game.js"));
  assert.notEqual(added.version, changed.version);
});

test("every file the page loads is on the worker's list", () => {
  const { files } = workerList();
  const wanted = new Set(["index.html"]);
  // What index.html links: stylesheet, script, icons, the manifest.
  const index = readFileSync(path.join(WEB, "index.html"), "utf8");
  for (const [, ref] of index.matchAll(/\b(?:href|src)="([^"#:]+)"/g)) wanted.add(ref);
  assert.ok(wanted.has("manifest.webmanifest"), "index.html links the web app manifest");
  // The manifest's icons.
  const webManifest = JSON.parse(readFileSync(path.join(WEB, "manifest.webmanifest"), "utf8"));
  assert.ok(webManifest.icons.length >= 2);
  for (const icon of webManifest.icons) wanted.add(icon.src);
  // Every module app.js reaches through static imports.
  const queue = ["js/app.js"];
  const seen = new Set();
  while (queue.length) {
    const module = queue.pop();
    if (seen.has(module)) continue;
    seen.add(module);
    wanted.add(module);
    const source = readFileSync(path.join(WEB, module), "utf8");
    for (const [, spec] of source.matchAll(/(?:^|\s)(?:import|export)\b[^"';]*?\bfrom\s*"(\.\.?\/[^"]+)"/g)) {
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(module), spec)));
    }
    // Data files loaded by a literal path, and the catalogs.
    for (const [, data] of source.matchAll(/loadJSON\("([^"]+)"\)/g)) wanted.add(data);
    // Each Triplex family's pack (triplex.js loads `${family}/levels.json`).
    for (const [, family] of source.matchAll(/createTriplex\(\w+, "(\w+)"\)/g)) wanted.add(`${family}/levels.json`);
  }
  for (const lang of LANGUAGES) wanted.add(`i18n/${lang}.json`);
  for (const game of ["js/chess.js", "js/kakuro.js", "js/triplex.js", "js/offline.js"]) {
    assert.ok(seen.has(game), `app.js reaches ${game}`);
  }
  for (const data of ["chess/setups.json", "kakuro/puzzles.json", "triplex/levels.json", "blockpuzzle/levels.json"]) {
    assert.ok(wanted.has(data), `the client loads ${data}`);
  }
  const missing = [...wanted].filter((f) => !files.includes(f));
  assert.deepEqual(missing, [], "files the page loads but the worker does not keep");
});

/**
 * Runs web/sw.js in a sandbox with a fake Cache Storage and network, scoped
 * at http://127.0.0.1:9/. Returns the events' dispatcher and what happened.
 */
function sandboxWorker({ cachesBefore = [] } = {}) {
  const scope = "http://127.0.0.1:9/";
  const stores = new Map(cachesBefore.map((name) => [name, new Map()]));
  const listeners = {};
  const network = [];
  const log = { claimed: false, skipped: false };
  const cacheOf = (name) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name);
    return {
      async addAll(requests) {
        for (const r of requests) {
          assert.ok(r instanceof Request, "addAll gets Requests");
          assert.equal(r.cache, "reload", `${r.url} is fetched past the HTTP cache`);
          store.set(r.url, `kept ${r.url}`);
        }
      },
      async match(url, options) {
        const key = new URL(url).href;
        assert.equal(options?.ignoreVary, true);
        return store.has(key) ? { body: store.get(key) } : undefined;
      },
    };
  };
  const self = {
    addEventListener: (type, fn) => (listeners[type] = fn),
    registration: { scope },
    clients: { claim: async () => (log.claimed = true) },
    skipWaiting: () => (log.skipped = true),
  };
  const context = vm.createContext({
    self,
    URL,
    // Relative URLs resolve against the worker's own address, as in a browser.
    Request: class extends Request {
      constructor(input, init) {
        super(typeof input === "string" ? new URL(input, `${scope}${SW}`) : input, init);
      }
    },
    caches: {
      open: async (name) => cacheOf(name),
      keys: async () => [...stores.keys()],
      delete: async (name) => stores.delete(name),
    },
    fetch: async (request) => {
      network.push(request.url ?? String(request));
      return { body: "from the network" };
    },
  });
  vm.runInContext(swSource, context, { filename: "web/sw.js" });
  /** Dispatches an event; resolves to what waitUntil/respondWith got (undefined if none). */
  const dispatch = async (type, fields = {}) => {
    let promise;
    const event = {
      ...fields,
      waitUntil: (p) => (promise = p),
      respondWith: (p) => (promise = p),
    };
    listeners[type](event);
    return promise && (await promise);
  };
  const get = (url, mode = "cors", method = "GET") =>
    dispatch("fetch", { request: { url: new URL(url, scope).href, method, mode } });
  return { scope, stores, network, log, dispatch, get };
}

test("the worker keeps every listed file on install and answers them from its cache", async () => {
  const { files, version } = workerList();
  const old = ["gridforge-0000000000000000", "someone-elses-cache"];
  const sw = sandboxWorker({ cachesBefore: old });
  await sw.dispatch("install");
  const cache = sw.stores.get(`gridforge-${version}`);
  assert.ok(cache, "a cache named after VERSION");
  assert.deepEqual([...cache.keys()].sort(), files.map((f) => new URL(f, sw.scope).href).sort());

  // The page and its files come from the cache, the address's query ignored for a page.
  assert.deepEqual(await sw.get("/", "navigate"), { body: `kept ${sw.scope}index.html` });
  assert.deepEqual(await sw.get("/?from=home", "navigate"), { body: `kept ${sw.scope}index.html` });
  for (const file of ["js/chess.js", "chess/setups.json", "kakuro/puzzles.json", "triplex/levels.json"]) {
    assert.deepEqual(await sw.get(file), { body: `kept ${sw.scope}${file}` }, file);
  }
  // The API, anything not on the list, other origins and other methods are left alone.
  // The daily puzzles change every day: never a stale one from the cache.
  const leftAlone = [
    "api/chess/setup",
    "api/triplex/levels/1/records",
    "api/kakuro/daily/today",
    "api/kakuro/daily/2026-11-25/easy/table?player=p1234567",
    "api/chess/daily/today",
    "healthz",
    "nothing.js",
    "https://example.com/js/app.js",
  ];
  for (const url of leftAlone) {
    assert.equal(await sw.get(url), undefined, url);
  }
  assert.equal(await sw.get("api/chess/setup", "cors", "POST"), undefined);
  assert.deepEqual(sw.network, [], "nothing went to the network");

  // Activating drops older versions of its own caches only, and takes the open pages.
  await sw.dispatch("activate");
  assert.deepEqual([...sw.stores.keys()].sort(), [`gridforge-${version}`, "someone-elses-cache"]);
  assert.equal(sw.log.claimed, true);
  // A waiting version takes over only when the page asks.
  assert.equal(sw.log.skipped, false);
  await sw.dispatch("message", { data: { type: "hello" } });
  assert.equal(sw.log.skipped, false);
  await sw.dispatch("message", { data: { type: "skip-waiting" } });
  assert.equal(sw.log.skipped, true);
});

test("a listed file missing from the cache is fetched from the network", async () => {
  const sw = sandboxWorker();
  // No install: the cache is empty.
  assert.deepEqual(await sw.get("js/app.js"), { body: "from the network" });
  assert.deepEqual(sw.network, [`${sw.scope}js/app.js`]);
});

test("a service worker runs only on http(s) pages in a secure context", () => {
  const nav = { serviceWorker: {} };
  const at = (href) => new URL(href);
  assert.equal(canUseServiceWorker(at("http://127.0.0.1:8080/"), nav, true), true);
  assert.equal(canUseServiceWorker(at("https://example.com/games/"), nav, true), true);
  assert.equal(canUseServiceWorker(at("http://example.com/"), nav, false), false, "not a secure context");
  assert.equal(canUseServiceWorker(at("file:///tmp/gridforge.html"), nav, true), false);
  assert.equal(canUseServiceWorker(at("blob:http://127.0.0.1/x"), nav, true), false);
  assert.equal(canUseServiceWorker(at("http://127.0.0.1/"), {}, true), false, "no serviceWorker");
  assert.equal(canUseServiceWorker(null, nav, true), false);
});

test("blocked service workers (reading them throws, or register refuses) mean no worker, never an error", async () => {
  const at = new URL("http://127.0.0.1:8080/");
  const denied = () => {
    throw new DOMException("Access to service workers is denied in this document origin.", "SecurityError");
  };
  const blocked = Object.defineProperty({}, "serviceWorker", { get: denied, enumerable: true });
  assert.equal(canUseServiceWorker(at, blocked, true), false);
  const secure = Object.getOwnPropertyDescriptor(globalThis, "isSecureContext");
  const warn = console.warn;
  const warned = [];
  globalThis.isSecureContext = true;
  console.warn = (...args) => warned.push(args.join(" "));
  try {
    const told = [];
    const hooks = { location: at, onReady: () => told.push("ready"), onUpdate: () => told.push("update") };
    assert.equal(await registerServiceWorker(hooks, blocked), null, "reading navigator.serviceWorker threw");
    const refusing = { serviceWorker: { register: async () => denied(), controller: null } };
    assert.equal(await registerServiceWorker(hooks, refusing), null, "register() refused");
    const throwing = { serviceWorker: { register: denied, controller: null } };
    assert.equal(await registerServiceWorker(hooks, throwing), null, "register() threw at once");
    assert.deepEqual(told, []);
    assert.equal(warned.length, 2, "the refusals are logged");
  } finally {
    console.warn = warn;
    if (secure) Object.defineProperty(globalThis, "isSecureContext", secure);
    else delete globalThis.isSecureContext;
  }
});

test("offline is what navigator.onLine says, and changes are reported", () => {
  assert.equal(isOffline({ onLine: false }), true);
  assert.equal(isOffline({ onLine: true }), false);
  assert.equal(isOffline(undefined), false, "unknown counts as online");
  const handlers = {};
  const win = { addEventListener: (type, fn) => (handlers[type] = fn) };
  const seen = [];
  const nav = globalThis.navigator;
  const state = { onLine: true };
  Object.defineProperty(globalThis, "navigator", { value: state, configurable: true });
  try {
    watchNetwork((offline) => seen.push(offline), win);
    state.onLine = false;
    handlers.offline();
    state.onLine = true;
    handlers.online();
  } finally {
    Object.defineProperty(globalThis, "navigator", { value: nav, configurable: true });
  }
  assert.deepEqual(seen, [false, true, false]);
});
