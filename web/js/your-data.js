// "Your data" (#/data, issue 43): what gridforge keeps about the player and
// where. On this device: the progress as a file to download, and a file to
// import (merged with the same rules as sync, progress-doc.js, so nothing
// here is replaced), and the Kakuro conflict copies sync kept, to open or
// discard. On the server, for a signed-in account: what is stored, as
// JSON to download, and a button to delete it.
//
// An import or opening a copy changes storage under the running games, so
// the page reloads (writes frozen first) and its message waits in
// sessionStorage to be shown after.

import { button, h, screenHead } from "./dom.js";
import { CONFLICTS_KEY, asDoc, emptyDoc, whatMerged } from "./progress-doc.js";
import { freezeWrites, read, write } from "./store.js";

const NOTICE_KEY = "gridforge.data.notice";
const CURRENT_KAKURO_KEY = "gridforge.kakuro.current.v1";

/** Offers `value` as a JSON file named `name` to download. */
function download(name, value) {
  const blob = new Blob([JSON.stringify(value, null, 1)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reloads the page at `hash` with `message` to show there (storage changed under the games). */
function reloadWith(message, hash = "#/data") {
  try {
    if (message) sessionStorage.setItem(NOTICE_KEY, JSON.stringify(message));
  } catch {
    // No session storage: the reload happens without the message.
  }
  freezeWrites();
  if (location.hash !== hash) location.hash = hash;
  location.reload();
}

/** The "your data" screen for the app (see the screen interface in app.js). */
export function createYourData(ctx) {
  const { storage, sync } = ctx;
  const t = (key, params) => ctx.i18n().t(key, params);
  let view = null;
  let renders = 0;
  /** What the server said: undefined not asked yet, null none (signed out, offline), else GET /api/sync. */
  let server;
  /** {key, params, counts, error} shown under the heading. */
  let message = null;
  let deleteArmed = false;

  const today = () => new Date().toISOString().slice(0, 10);
  /** A moment as the player reads it: the date and the time to the minute. */
  const when = (ms) => {
    try {
      return new Intl.DateTimeFormat(ctx.i18n().lang, { dateStyle: "medium", timeStyle: "short" }).format(ms);
    } catch {
      return new Date(ms).toISOString();
    }
  };
  const counted = (counts) =>
    h(
      "ul",
      { class: "data-counts" },
      Object.entries(counts ?? {}).map(([what, count]) => h("li", {}, t(`sync.merged.${what}`, { count }))),
    );

  async function importFile(file) {
    let doc = null;
    try {
      doc = asDoc(JSON.parse(await file.text()));
    } catch {
      doc = null;
    }
    if (!doc) {
      message = { key: "data.badFile", error: true };
      return show();
    }
    const { changed, added } = sync.importDoc(doc);
    if (!changed.length) {
      message = { key: "data.importNothing" };
      return show();
    }
    reloadWith({ key: "data.imported", counts: added });
  }

  function deviceSection() {
    const file = h("input", {
      type: "file",
      id: "data-import-file",
      accept: "application/json,.json",
      onchange: (e) => e.target.files[0] && importFile(e.target.files[0]),
    });
    return h(
      "section",
      { class: "data-device", id: "data-device" },
      h("h2", {}, t("data.deviceHeading")),
      h("p", {}, t("data.deviceBlurb")),
      button("data-export", t("data.export"), () => download(`gridforge-progress-${today()}.json`, sync.exportDoc())),
      // The file input inside a label drawn as a button: the browser's own
      // "Choose file / No file chosen" said nothing about what it is for.
      h("label", { class: "data-import button ghost", id: "data-import" }, h("span", {}, t("data.import")), file),
    );
  }

  function conflictsSection() {
    const stored = read(storage, CONFLICTS_KEY);
    const copies = Array.isArray(stored) ? stored.filter((c) => c?.copy?.game) : [];
    if (!copies.length) return null;
    const drop = (k) => write(storage, CONFLICTS_KEY, copies.length > 1 ? copies.filter((_, i) => i !== k) : null);
    return h(
      "section",
      { class: "data-conflicts", id: "data-conflicts" },
      h("h2", {}, t("data.conflictsHeading")),
      h("p", {}, t("data.conflictsBlurb")),
      h(
        "ul",
        {},
        copies.map((c, k) =>
          h(
            "li",
            { class: "data-conflict" },
            h("span", {}, t("data.conflict", { slot: (c?.slot ?? 0) + 1, date: when(c?.at ?? 0) })),
            button(`data-conflict-open-${k}`, t("data.open"), () => {
              // The copy becomes the Kakuro game in play; the slot keeps the other.
              write(storage, CURRENT_KAKURO_KEY, c.copy.game);
              drop(k);
              reloadWith(null, "#/kakuro/play");
            }),
            button(`data-conflict-discard-${k}`, t("data.discard"), () => {
              drop(k);
              show();
            }, { class: "ghost" }),
          ),
        ),
      ),
    );
  }

  function serverSection() {
    const body = [h("h2", {}, t("data.serverHeading"))];
    const status = sync.status();
    if (server === undefined) body.push(h("p", { class: "loading" }, "…"));
    else if (server === null) body.push(h("p", { id: "data-server-none" }, t(ctx.online() ? "data.signedOut" : "data.offline")));
    else {
      const doc = asDoc(server.document);
      const written = server.updated_at ? when(server.updated_at) : "";
      const kb = (n) => (n / 1024).toFixed(1);
      body.push(
        doc
          ? h("p", { id: "data-server-stored" }, t("data.serverStored", { size: kb(server.bytes), max: kb(server.max_bytes), date: written }))
          : h("p", { id: "data-server-stored" }, t("data.serverNone")),
        doc ? counted(whatMerged(doc, emptyDoc())) : null,
        doc ? button("data-server-download", t("data.serverDownload"), () => download(`gridforge-account-${today()}.json`, server)) : null,
        doc
          ? button("data-server-delete", t(deleteArmed ? "data.serverDeleteConfirm" : "data.serverDelete"), deleteServer, { class: "danger" })
          : null,
        status.paused ? h("p", { id: "data-sync-paused" }, t("data.syncPaused")) : null,
        status.paused ? button("data-sync-resume", t("data.syncResume"), resume) : null,
      );
    }
    return h("section", { class: "data-server", id: "data-server" }, body);
  }

  async function deleteServer() {
    if (!deleteArmed) {
      deleteArmed = true;
      return show();
    }
    deleteArmed = false;
    const r = await sync.api("DELETE", "/api/sync");
    if (r?.ok) {
      sync.pause();
      message = { key: "data.serverDeleted" };
    } else message = { key: "data.offline", error: true };
    await refresh();
  }

  async function resume() {
    await sync.resume();
    message = null;
    await refresh();
  }

  async function refresh() {
    const mine = ++renders;
    const r = ctx.online() ? await sync.api("GET", "/api/sync") : null;
    if (mine !== renders) return;
    server = r?.ok ? r.data : null;
    show();
  }

  function show() {
    if (!view) return;
    const line = message
      ? h(
          "div",
          { id: "data-message", class: message.error ? "error" : "data-message", role: "status" },
          h("p", {}, t(message.key, message.params)),
          message.counts ? counted(message.counts) : null,
        )
      : null;
    view.replaceChildren(
      h(
        "section",
        { class: "your-data" },
        screenHead({ href: "#/account", back: t("nav.back", { name: t("account.heading") }), id: "data-back", title: t("data.heading"), titleId: "data-title" }),
        line,
        deviceSection(),
        conflictsSection(),
        serverSection(),
      ),
    );
  }

  return {
    async render(target) {
      view = target;
      deleteArmed = false;
      message = null;
      try {
        const kept = sessionStorage.getItem(NOTICE_KEY);
        sessionStorage.removeItem(NOTICE_KEY);
        if (kept) message = JSON.parse(kept);
      } catch {
        message = null;
      }
      server = undefined;
      show();
      await refresh();
    },
    leave() {
      view = null;
    },
    save() {},
    tick() {},
    fit() {},
    tile: () => "",
  };
}
