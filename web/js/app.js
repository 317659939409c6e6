// The gridforge web client: loads the catalogs and the level pack, keeps the
// settings and progress, and shows the screen the address asks for:
//   #/            the home screen with the games
//   #/triplex     the Triplex level list
//   #/triplex/N   Triplex level N
//   #/kakuro…     Kakuro (see kakuro.js)
//   #/chess       ChessMemory
// It also registers the service worker that keeps every file for offline
// play (offline.js) and says when the network is gone.

import { createApi, serverBase } from "./api.js";
import { button, h } from "./dom.js";
import { LANGUAGES, applyTranslations, createI18n, pickLanguage } from "./i18n.js";
import { isEmbedded, loadJSON } from "./resources.js";
import { loadProgress, loadSettings, saveProgress, saveSettings } from "./store.js";
import { createChess } from "./chess.js";
import { createKakuro } from "./kakuro.js";
import { isOffline, registerServiceWorker, watchNetwork } from "./offline.js";
import { createTriplex } from "./triplex.js";

/** Autosave at least this often (the issue asks for ≤ 10 s). */
const AUTOSAVE_MS = 5000;
const THEMES = ["auto", "light", "dark"];

const storage = (() => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
})();

const [catalogs, pack] = await Promise.all([
  Promise.all(LANGUAGES.map((lang) => loadJSON(`i18n/${lang}.json`))).then((list) =>
    Object.fromEntries(LANGUAGES.map((lang, i) => [lang, list[i]])),
  ),
  loadJSON("triplex/levels.json"),
]);

const settings = loadSettings(storage);
const progress = loadProgress(storage);
let i18n;
setLanguage(
  LANGUAGES.includes(settings.lang)
    ? settings.lang
    : pickLanguage(navigator.languages ?? [navigator.language]),
  false,
);

// The server's address; none inside the exported file.
const base = isEmbedded() ? null : serverBase(location);
const api = createApi(base);
const view = document.getElementById("view");

/** Goes to `hash`; already there, shows its screen afresh. */
function navigate(hash) {
  if (location.hash === hash) render();
  else location.hash = hash;
}

const triplex = createTriplex({
  pack,
  progress,
  api,
  i18n: () => i18n,
  save,
  navigate,
  askName,
});

const kakuro = createKakuro({
  base,
  storage,
  i18n: () => i18n,
  navigate,
});

const chess = createChess({
  api,
  storage,
  i18n: () => i18n,
  loadPack: () => loadJSON("chess/setups.json"),
  online: () => !isOffline(),
});

function save() {
  triplex.keep();
  kakuro.keep();
  chess.save();
  saveProgress(storage, progress);
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
  button.textContent = i18n.t(`theme.${settings.theme}`);
  button.dataset.theme = settings.theme;
}

function renderHome() {
  // render() has left Kakuro and ChessMemory already.
  triplex.leave();
  const { total, solved } = triplex.counts();
  const tile = (game, href, extra) =>
    h(
      "a",
      { class: `game-tile ${game}`, href, id: `game-${game}` },
      h("span", { class: `game-art ${game}`, "aria-hidden": "true" }),
      h("strong", { class: "game-name" }, i18n.t(`home.${game}.name`)),
      h("span", { class: "game-blurb" }, i18n.t(`home.${game}.blurb`)),
      h("span", { class: "game-extra" }, extra),
    );
  view.replaceChildren(
    h(
      "section",
      { class: "home" },
      h("h1", {}, i18n.t("home.heading")),
      h(
        "div",
        { class: "games" },
        tile("triplex", "#/triplex", i18n.t("levels.solved", { count: solved, total })),
        tile("kakuro", "#/kakuro", kakuro.tileText()),
        tile("chess", "#/chess", chess.summary()),
      ),
    ),
  );
}

let rendering = Promise.resolve();

/** Shows the screen of the current address (one render at a time). */
function render() {
  rendering = rendering.then(async () => {
    const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean);
    if (parts[0] !== "kakuro") kakuro.leave();
    if (parts[0] !== "chess") chess.leave();
    if (parts[0] === "kakuro") {
      triplex.leave();
      await kakuro.render(view, parts.slice(1));
    } else if (parts[0] === "chess") {
      triplex.leave();
      await chess.render(view);
    } else if (parts[0] === "triplex" && parts.length === 1) triplex.renderList(view);
    else if (parts[0] === "triplex" && parts.length === 2) {
      await triplex.renderLevel(view, Number(parts[1]));
    } else renderHome();
    document.body.dataset.screen = parts[0] ?? "home";
  });
  return rendering;
}

/**
 * Asks the first solver of a level for a name; `submit(name)` resolves to
 * true when the server took it. Resolves to the name, or null if skipped.
 */
function askName(submit) {
  const dialog = document.getElementById("name-dialog");
  const input = document.getElementById("name-input");
  const error = document.getElementById("name-error");
  input.value = progress.name ?? "";
  error.textContent = "";
  return new Promise((resolve) => {
    const done = (value) => {
      form.removeEventListener("submit", onSubmit);
      skip.removeEventListener("click", onSkip);
      dialog.removeEventListener("cancel", onSkip);
      dialog.close();
      resolve(value);
    };
    const form = document.getElementById("name-form");
    const skip = document.getElementById("name-skip");
    const onSubmit = async (e) => {
      e.preventDefault();
      const name = input.value.trim();
      if (!name || [...name].length > 32) {
        error.textContent = i18n.t("name.invalid");
        return;
      }
      if (await submit(name)) done(name);
      else error.textContent = i18n.t("name.refused");
    };
    const onSkip = (e) => {
      e.preventDefault();
      done(null);
    };
    form.addEventListener("submit", onSubmit);
    skip.addEventListener("click", onSkip);
    dialog.addEventListener("cancel", onSkip);
    dialog.showModal();
    input.focus();
  });
}

document.getElementById("language").addEventListener("change", (e) => {
  settings.lang = e.target.value;
  saveSettings(storage, settings);
  setLanguage(settings.lang);
});
document.getElementById("theme").addEventListener("click", () => {
  settings.theme = THEMES[(THEMES.indexOf(settings.theme) + 1) % THEMES.length];
  saveSettings(storage, settings);
  showTheme();
});
document.getElementById("code-form").addEventListener("submit", (e) => {
  e.preventDefault();
  triplex.submitCodeDialog();
});
document.getElementById("code-cancel").addEventListener("click", () => {
  document.getElementById("code-dialog").close();
});

window.addEventListener("hashchange", render);
window.addEventListener("resize", () => triplex.fit());
window.addEventListener("resize", () => kakuro.fit());
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
  triplex.tick(play);
  kakuro.tick(play);
  chess.tick(play);
  sinceSave += step;
  if (sinceSave >= AUTOSAVE_MS) {
    sinceSave = 0;
    save();
  }
}, 1000);

// An update waiting to be applied outlives passing notices (offline, ready), so
// the button to apply it comes back when they go.
let pendingUpdate = null;

/** Shows the notice `key` (offline, ready for offline play, an update), or none. */
function notice(key, action) {
  const bar = document.getElementById("notice");
  if (!key && pendingUpdate) {
    key = "offline.update";
    action = pendingUpdate;
  }
  if (!key) {
    bar.hidden = true;
    delete bar.dataset.key;
    bar.replaceChildren();
    return;
  }
  bar.dataset.key = key;
  bar.replaceChildren(h("span", {}, i18n.t(key)));
  if (action) {
    bar.append(button("notice-action", i18n.t("offline.reload"), action));
  }
  bar.hidden = false;
}

watchNetwork((offline) => {
  document.body.classList.toggle("offline", offline);
  if (offline) notice("offline.banner");
  else if (document.getElementById("notice").dataset.key === "offline.banner") notice(null);
});
if (!isEmbedded()) {
  registerServiceWorker({
    location,
    onReady: (first) => {
      document.body.dataset.offlineReady = "true";
      if (!first) return;
      notice("offline.ready");
      setTimeout(() => {
        if (document.getElementById("notice").dataset.key === "offline.ready") notice(null);
      }, 4000);
    },
    onUpdate: (apply) => {
      pendingUpdate = apply;
      notice("offline.update", apply);
    },
  });
}

await render();
document.body.dataset.ready = "true";
