// The service worker: keeps every file of the web client so that, after the
// first visit, all three games start and play with the network off.
//
// - Install: every file listed below goes into a cache named after VERSION,
//   fetched past the HTTP cache. The list and VERSION (a hash of every
//   file's content) are written by `node web-tests/tools/update-sw.mjs`, and
//   a unit test fails when they are stale, so any change to the client
//   changes this file, and a changed service worker is a new version.
// - Requests for those files are answered from the cache, so the files a
//   page uses always belong to one version. Anything else (the API above
//   all) goes to the network untouched and is never stored.
// - A new version installs next to the old one and waits until the page
//   asks for it (the "new version" notice) or every tab is closed; on
//   activating, it deletes the caches of older versions.

// --- precache manifest: written by `node web-tests/tools/update-sw.mjs`, do not edit ---
const VERSION = "d8e3e87085db4b26";
const FILES = [
  "blockpuzzle/levels.json",
  "chess/setups.json",
  "css/app.css",
  "i18n/de.json",
  "i18n/en.json",
  "i18n/fr.json",
  "i18n/ru.json",
  "i18n/zh.json",
  "icons/apple-touch-icon.png",
  "icons/icon-192.png",
  "icons/icon-512.png",
  "icons/icon-maskable-512.png",
  "icons/icon-maskable.svg",
  "icons/icon.svg",
  "index.html",
  "js/account-api.js",
  "js/account.js",
  "js/app.js",
  "js/chess-api.js",
  "js/chess-board.js",
  "js/chess-duo.js",
  "js/chess-pieces.js",
  "js/chess-rules.js",
  "js/chess-store.js",
  "js/chess.js",
  "js/daily-api.js",
  "js/daily-chess.js",
  "js/daily-kakuro.js",
  "js/daily-replay.js",
  "js/daily-store.js",
  "js/daily-tables.js",
  "js/daily.js",
  "js/dom.js",
  "js/i18n.js",
  "js/kakuro-api.js",
  "js/kakuro-assist.js",
  "js/kakuro-editor.js",
  "js/kakuro-game.js",
  "js/kakuro-help.js",
  "js/kakuro-input.js",
  "js/kakuro-layout.js",
  "js/kakuro-link.js",
  "js/kakuro-menu.js",
  "js/kakuro-model.js",
  "js/kakuro-play.js",
  "js/kakuro-slots.js",
  "js/kakuro-stats.js",
  "js/kakuro-store.js",
  "js/kakuro-tutorial.js",
  "js/kakuro-view.js",
  "js/kakuro-words.js",
  "js/kakuro-zoom.js",
  "js/kakuro.js",
  "js/layout.js",
  "js/offline.js",
  "js/print.js",
  "js/progress-doc.js",
  "js/resources.js",
  "js/server.js",
  "js/share.js",
  "js/solve-path.js",
  "js/store.js",
  "js/sync.js",
  "js/triplex-api.js",
  "js/triplex-board.js",
  "js/triplex-chain.js",
  "js/triplex-dialogs.js",
  "js/triplex-hint-worker.js",
  "js/triplex-hint.js",
  "js/triplex-input.js",
  "js/triplex-levels.js",
  "js/triplex-list.js",
  "js/triplex-solve.js",
  "js/triplex-store.js",
  "js/triplex-view.js",
  "js/triplex.js",
  "js/your-data.js",
  "kakuro/puzzles.json",
  "manifest.webmanifest",
  "triplex/levels.json",
];
// --- end of precache manifest ---

const PREFIX = "gridforge-";
const CACHE = `${PREFIX}${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // All or nothing: a missing file fails the install, and the old
      // version stays.
      cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const path = url.pathname.slice(scope.pathname.length);
  // Only the client's own files come from the cache; the API never does.
  const key = path === "" ? "index.html" : path;
  if (!FILES.includes(key)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const kept = await cache.match(new URL(key, scope), {
        ignoreSearch: request.mode === "navigate",
        // The server varies on Accept-Encoding, which a Request never shows.
        ignoreVary: true,
      });
      return kept ?? fetch(request);
    })(),
  );
});
