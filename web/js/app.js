// The gridforge web client: loads the catalogs and the games, keeps the
// settings, and shows the screen the address asks for:
//   #/            the home screen with the games
//   #/triplex     the Triplex level list
//   #/triplex/N   Triplex level N
//   #/blockpuzzle, #/blockpuzzle/N   the same for BlockPuzzle (triplex.js)
//   #/kakuro…     Kakuro (see kakuro.js)
//   #/chess       ChessMemory
//   #/today…      the daily puzzles (see daily.js), an entry above the games
//   #/account     the player's account with passkeys (account.js)
// It also registers the service worker that keeps every file for offline
// play (offline.js) and says when the network is gone.

import { button, closeDialogs, h } from "./dom.js";
import { createAccount } from "./account.js";
import { LANGUAGES, applyTranslations, createI18n, pickLanguage } from "./i18n.js";
import { isEmbedded, loadJSON } from "./resources.js";
import { serverBase } from "./server.js";
import { browserStorage, freezeKeys, loadSettings, saveSettings, thawKeys } from "./store.js";
import { createChess } from "./chess.js";
import { createDaily } from "./daily.js";
import { createKakuro } from "./kakuro.js";
import { isOffline, registerServiceWorker, watchNetwork } from "./offline.js";
import { createTriplex } from "./triplex.js";

/** The synced storage keys Kakuro reads (kakuro-store.js). */
const KAKURO_KEYS = [
  "gridforge.kakuro.current.v1",
  "gridforge.kakuro.settings.v1",
  "gridforge.kakuro.played.v1",
  "gridforge.kakuro.stats.v1",
  "gridforge.kakuro.slots.v1",
  "gridforge.kakuro.conflicts.v1",
];
/** The settings' storage key (store.js): the page itself holds it. */
const SETTINGS_KEY = "gridforge.settings.v1";

/**
 * The games, in the order of the home screen. Each `create(context)` returns
 * (or resolves to) a screen, which every game implements alike:
 *   render(view, parts)  shows the screen of `#/<id>/<parts…>` in `view`
 *   leave()              the player went elsewhere: stop, keep what is in play
 *   save()               write what is in play to storage (autosave, page hidden)
 *   tick(ms)             a second passed with `ms` of play time (0 when hidden)
 *   fit()                the window changed size
 *   tile()               the line under the game's tile on the home screen
 * The context is the same object for every game: `storage` (localStorage or
 * null), `base` (the server's address, or null), `i18n()` (the current
 * catalog), `navigate(hash)` and `online()` (false when the browser knows it
 * has no network).
 * `keys` are the synced storage keys a screen reads when it is made and
 * holds in memory: a sync that changed one makes the screen afresh.
 */
const GAMES = [
  { id: "triplex", keys: ["gridforge.triplex.v1"], create: (context) => createTriplex(context, "triplex") },
  { id: "blockpuzzle", keys: ["gridforge.blockpuzzle.v1"], create: (context) => createTriplex(context, "blockpuzzle") },
  { id: "kakuro", keys: KAKURO_KEYS, create: createKakuro },
  { id: "chess", keys: ["gridforge.chess.v1"], create: createChess },
  // The daily puzzles: no game tile, an entry of its own above them.
  { id: "today", keys: ["gridforge.daily.v1", "gridforge.kakuro.settings.v1"], create: createDaily, tile: false },
  // The account: reached from the top bar.
  { id: "account", create: createAccount, tile: false },
  // What is kept, here and on the server: export, import, delete (issue 43).
  // Like sync, it needs the server: the exported file goes without both.
  ...(isEmbedded()
    ? []
    : [
        {
          id: "data",
          // It shows all of them.
          keys: [...KAKURO_KEYS, "gridforge.triplex.v1", "gridforge.blockpuzzle.v1", "gridforge.chess.v1", "gridforge.daily.v1"],
          create: async (context) => (await import("./your-data.js")).createYourData(context),
          tile: false,
        },
      ]),
];

/** Autosave at least this often (the issue asks for ≤ 10 s). */
const AUTOSAVE_MS = 5000;
const THEMES = ["auto", "light", "dark"];

const storage = browserStorage();
// Progress sync (issue 43): what the server has arrives before the settings
// and the games read storage.
let gamesUp = false;
const sync = isEmbedded()
  ? null
  : (await import("./sync.js")).createSync({
      storage,
      base: serverBase(location),
      online: () => !isOffline(),
      flush: () => gamesUp && save(),
      t: (key, params) => i18n.t(key, params),
      merged: (keys) => takeMerge(keys),
      // Until the games are made a merge waits (they read storage once);
      // then while a finger or the mouse is down or a dialog is open.
      busy: () => !gamesUp || pointersDown > 0 || Boolean(document.querySelector("dialog[open]")),
    });
await sync?.first(1500);
const settings = loadSettings(storage);
const view = document.getElementById("view");
let i18n;

/** Goes to `hash`; already there, shows its screen afresh. */
function navigate(hash) {
  if (location.hash === hash) render();
  else location.hash = hash;
}

const context = {
  storage,
  // The server's address; none inside the exported file.
  base: isEmbedded() ? null : serverBase(location),
  i18n: () => i18n,
  navigate,
  online: () => !isOffline(),
  sync,
};

const [catalogs, ...screens] = await Promise.all([
  Promise.all(LANGUAGES.map((lang) => loadJSON(`i18n/${lang}.json`))).then((list) =>
    Object.fromEntries(LANGUAGES.map((lang, i) => [lang, list[i]])),
  ),
  ...GAMES.map((game) => game.create(context)),
]);
/** The games with their screens: {id, screen, tile, keys}. */
const games = GAMES.map((game, i) => ({ id: game.id, screen: screens[i], tile: game.tile !== false, keys: game.keys ?? [] }));
gamesUp = true;

setLanguage(
  LANGUAGES.includes(settings.lang)
    ? settings.lang
    : pickLanguage(navigator.languages ?? [navigator.language]),
  false,
);

function save() {
  for (const { screen } of games) screen.save();
}

/**
 * A sync merged another device's progress into storage, changing `keys`
 * (sync.js calls this in the task that flushed the games and wrote the
 * merge). The screens holding those keys are made afresh from storage,
 * their old selves kept from writing them meanwhile; the screen on show is
 * shown again at the same address, so play goes on from what was just
 * flushed: the player's place and last move are in it. No page reload.
 */
function takeMerge(keys) {
  if (keys.includes(SETTINGS_KEY)) {
    const fresh = loadSettings(storage);
    settings.theme = fresh.theme;
    if (fresh.lang && fresh.lang !== settings.lang && LANGUAGES.includes(fresh.lang)) {
      settings.lang = fresh.lang;
      setLanguage(fresh.lang, false);
    }
    showTheme();
  }
  const onShow = document.body.dataset.screen ?? "home";
  const stale = games.filter((game) => game.keys.some((key) => keys.includes(key)));
  const held = [...new Set(stale.flatMap((game) => game.keys))];
  freezeKeys(held);
  for (const game of stale) game.screen.leave();
  const made = Promise.all(stale.map((game) => GAMES.find((g) => g.id === game.id).create(context)));
  rendering = rendering
    .then(() => made)
    .then((screens) => {
      stale.forEach((game, i) => {
        game.screen = screens[i];
      });
    })
    .catch((err) => {
      // A screen that could not be made again: the page reads everything afresh.
      console.warn("after a sync:", err);
      location.reload();
    })
    .finally(() => thawKeys(held));
  // Shown again: the home screen's tiles, or the screen made afresh.
  if (onShow === "home" || stale.some((game) => game.id === onShow) || keys.includes(SETTINGS_KEY)) {
    render().then(() => {
      document.body.dataset.merged = String(Number(document.body.dataset.merged ?? 0) + 1);
    });
  }
}

function setLanguage(lang, rerender = true) {
  i18n = createI18n(lang, catalogs[lang]);
  document.documentElement.lang = lang;
  applyTranslations(document, i18n);
  const picker = document.getElementById("language");
  picker.replaceChildren(
    ...LANGUAGES.map((l) =>
      h("option", { value: l, selected: l === lang }, catalogs[l]["language.name"]),
    ),
  );
  picker.value = lang;
  showTheme();
  if (rerender) render();
}

function showTheme() {
  const root = document.documentElement;
  if (settings.theme === "auto") delete root.dataset.theme;
  else root.dataset.theme = settings.theme;
  const button = document.getElementById("theme");
  // The symbol and the word apart, so a phone's top bar can show the symbol
  // alone (the word stays for screen readers) and never wraps to two lines.
  const [symbol, ...word] = i18n.t(`theme.${settings.theme}`).split(" ");
  button.replaceChildren(h("span", { "aria-hidden": "true" }, symbol), " ", h("span", { class: "theme-word" }, word.join(" ")));
  button.dataset.theme = settings.theme;
}

/** Two rows of a Kakuro board for its tile, 20 cells each: "\\" a clue cell, a digit a filled one. */
const KAKURO_ART = ["\\97\\89\\61\\83\\79\\58\\9", "79\\8\\31\\2\\95\\8\\43\\6\\"];

function renderHome() {
  const art = (game) =>
    game === "kakuro"
      ? KAKURO_ART.map((row) =>
          h(
            "span",
            { class: "art-row" },
            [...row].map((c) => h("span", { class: c === "\\" ? "clue" : "digit" }, c === "\\" ? "" : c)),
          ),
        )
      : [];
  const tile = (game, extra) =>
    h(
      "a",
      { class: `game-tile ${game}`, href: `#/${game}`, id: `game-${game}` },
      h("span", { class: `game-art ${game}`, "aria-hidden": "true" }, art(game)),
      h("strong", { class: "game-name" }, i18n.t(`home.${game}.name`)),
      h("span", { class: "game-blurb" }, i18n.t(`home.${game}.blurb`)),
      h("span", { class: "game-extra" }, extra),
    );
  const today = games.find((game) => game.id === "today").screen;
  view.replaceChildren(
    h(
      "section",
      { class: "home" },
      h("h1", {}, i18n.t("home.heading")),
      h(
        "a",
        { class: "today-tile", href: "#/today", id: "today-tile" },
        h("strong", { class: "game-name" }, i18n.t("daily.title")),
        h("span", { class: "game-blurb" }, i18n.t("daily.blurb")),
        h("span", { class: "game-extra" }, today.tile()),
      ),
      h(
        "div",
        { class: "games" },
        games.filter((game) => game.tile).map(({ id, screen }) => tile(id, screen.tile())),
      ),
    ),
  );
}

let rendering = Promise.resolve();

/** Shows the screen of the current address (one render at a time). */
function render() {
  rendering = rendering.then(async () => {
    const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
    const shown = games.find((game) => game.id === parts[0]);
    // A dialog belongs to the screen that opened it; the "ready" notice to
    // the screen it came with.
    closeDialogs();
    if (noticeKey() === "offline.ready") notice(null);
    if (readyWaits) {
      readyWaits = false;
      notice("offline.ready");
    }
    for (const game of games) if (game !== shown) game.screen.leave();
    // A new screen opens at its top (the one before left the page
    // scrolled: the editor opened from the tutorial started mid-page); a
    // screen that opens on something scrolls to it itself.
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    if (shown) await shown.screen.render(view, parts.slice(1));
    else renderHome();
    document.body.dataset.screen = parts[0] ?? "home";
  });
  return rendering;
}

document.getElementById("language").addEventListener("change", (e) => {
  settings.lang = e.target.value;
  saveSettings(storage, settings);
  setLanguage(settings.lang);
  // The notice on show, in the new language.
  const key = document.getElementById("notice").dataset.key;
  if (key) notice(key, key === "offline.update" ? pendingUpdate : null);
});
document.getElementById("theme").addEventListener("click", () => {
  settings.theme = THEMES[(THEMES.indexOf(settings.theme) + 1) % THEMES.length];
  saveSettings(storage, settings);
  showTheme();
});

window.addEventListener("hashchange", render);
window.addEventListener("resize", () => {
  for (const { screen } of games) screen.fit();
});
// Save when the page is hidden or closed, and every few seconds while playing.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") save();
});
window.addEventListener("pagehide", save);
let lastTick = Date.now();
let sinceSave = 0;
setInterval(() => {
  const now = Date.now();
  // A sleeping laptop does not count as play time.
  const step = Math.min(now - lastTick, 2000);
  lastTick = now;
  // Nor does time spent on another tab.
  const play = document.visibilityState === "visible" ? step : 0;
  for (const { screen } of games) screen.tick(play);
  sinceSave += step;
  if (sinceSave >= AUTOSAVE_MS) {
    sinceSave = 0;
    save();
  }
}, 1000);

// An update waiting to be applied outlives passing notices (offline, ready), so
// the button to apply it comes back when they go.
let pendingUpdate = null;
// The notice is a bar in the page's flow, under the top bar: it never lies
// over the page, but showing or hiding it moves the page, so while a finger
// or the mouse is down (a piece being dragged) the change waits for it to lift,
// and a scrolled page is scrolled with it so what is on screen stays put.
// "Ready to play offline" is not urgent: it comes with a screen (at once on
// the home screen, else with the next one) and goes with it.
let readyWaits = false;
let pointersDown = 0;
let waitingNotice = null;
window.addEventListener("pointerdown", () => pointersDown++, true);
for (const type of ["pointerup", "pointercancel"]) {
  window.addEventListener(
    type,
    () => {
      pointersDown = Math.max(0, pointersDown - 1);
      if (pointersDown === 0 && waitingNotice) {
        const [key, action] = waitingNotice;
        waitingNotice = null;
        notice(key, action);
      }
    },
    true,
  );
}

/** The notice shown, or about to be once the pointer lifts. */
const noticeKey = () => (waitingNotice ? waitingNotice[0] : document.getElementById("notice").dataset.key);

/** Shows the notice `key` (offline, ready for offline play, an update), or none. */
function notice(key, action) {
  if (pointersDown > 0) {
    waitingNotice = [key, action];
    return;
  }
  const bar = document.getElementById("notice");
  const before = bar.offsetHeight;
  if (!key && pendingUpdate) {
    key = "offline.update";
    action = pendingUpdate;
  }
  if (!key) {
    bar.hidden = true;
    delete bar.dataset.key;
    bar.replaceChildren();
  } else {
    bar.dataset.key = key;
    bar.replaceChildren(h("span", {}, i18n.t(key)));
    if (action) bar.append(button("notice-action", i18n.t("offline.reload"), action));
    bar.hidden = false;
  }
  if (window.scrollY > 0) window.scrollBy(0, bar.offsetHeight - before);
  // The screen below moved: boards sized to the window fit again.
  for (const { screen } of games) screen.fit();
}

watchNetwork((offline) => {
  document.body.classList.toggle("offline", offline);
  if (offline) notice("offline.banner");
  else if (noticeKey() === "offline.banner") notice(null);
});
if (!isEmbedded()) {
  registerServiceWorker({
    location,
    onReady: (first) => {
      document.body.dataset.offlineReady = "true";
      if (!first) return;
      if ((document.body.dataset.screen ?? "home") === "home") notice("offline.ready");
      else readyWaits = true;
    },
    onUpdate: (apply) => {
      pendingUpdate = apply;
      notice("offline.update", apply);
    },
  });
}

await render();
sync?.live();
document.body.dataset.ready = "true";
