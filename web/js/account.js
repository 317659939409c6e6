// The account screen (#/account, issue 38): playing needs no account; an
// account (a display name and a passkey, no password) is what puts a
// player's solves on the public tables. Signed out: make an account, or
// sign in with a passkey this device (or a synced one) has. Signed in: the
// name, whether it is still provisional, its passkeys; add a passkey on
// this device, sign out here or everywhere, delete the account. The server
// side and the WebAuthn conversions are in account-api.js.

import { button, h, screenHead } from "./dom.js";
import { createAccountApi, passkeysAvailable } from "./account-api.js";

/** The account screen for the app (see the screen interface in app.js). */
export function createAccount(ctx) {
  const api = createAccountApi(ctx.base);
  let view = null;
  let renders = 0;
  /** The account as last read: null signed out, undefined not known yet. */
  let account;
  /** A line under the buttons: {key, params, error}. */
  let message = null;
  /** Delete asks twice: true after the first press. */
  let deleteArmed = false;

  const t = (key, params) => ctx.i18n().t(key, params);

  /** Runs an account call, then shows the screen again with its outcome. */
  async function act(call, onOk) {
    message = { key: "account.working" };
    show();
    const r = await call();
    if (r === null) message = { key: "account.offline", error: true };
    else if (r.ok) message = onOk(r.data) ?? null;
    else if (r.error === "cancelled") message = { key: "account.cancelled", error: true };
    else message = { key: "account.failed", params: { error: r.error || r.status }, error: true };
    deleteArmed = false;
    await refresh();
  }

  async function refresh() {
    const r = await api.me();
    account = r?.ok ? r.data : null;
    // Signed in (or made the account) just now: the progress syncs at once.
    if (r) ctx.sync?.account(Boolean(account));
    show();
  }

  function signedOutPart() {
    const name = h("input", { id: "account-name", name: "name", maxlength: 32, autocomplete: "nickname", required: true });
    const create = (e) => {
      e.preventDefault();
      act(() => api.create(name.value), () => ({ key: "account.made" }));
    };
    return [
      h("p", { class: "account-blurb" }, t("account.blurb")),
      h(
        "form",
        { id: "account-create", class: "account-create", onsubmit: create },
        h("label", {}, h("span", {}, t("account.name")), name),
        h("button", { type: "submit", id: "account-create-button" }, t("account.create")),
      ),
      h("p", { class: "account-or" }, t("account.haveOne")),
      button("account-signin", t("account.signIn"), () => act(() => api.signIn(), () => null)),
    ];
  }

  function signedInPart() {
    const until = new Date(account.provisional_until).toLocaleDateString(ctx.i18n().lang);
    return [
      h(
        "p",
        { id: "account-who", class: "account-who" },
        t("account.signedIn", { name: account.name }),
        account.provisional ? h("span", { class: "account-provisional", id: "account-provisional" }, ` (${t("account.provisional")})`) : null,
      ),
      account.provisional ? h("p", { class: "account-note" }, t("account.provisionalUntil", { date: until })) : null,
      h("p", { id: "account-passkeys" }, t("account.passkeys", { count: account.passkeys })),
      h(
        "div",
        { class: "account-actions" },
        button("account-add-passkey", t("account.addPasskey"), () =>
          act(() => api.addPasskey(), () => ({ key: "account.added" })),
        ),
        button("account-signout", t("account.signOut"), () => act(() => api.signOut(), () => null), { class: "ghost" }),
        button(
          "account-signout-everywhere",
          t("account.signOutEverywhere"),
          () => act(() => api.signOutEverywhere(), () => null),
          { class: "ghost" },
        ),
        button(
          "account-delete",
          t(deleteArmed ? "account.deleteConfirm" : "account.delete"),
          () => {
            if (!deleteArmed) {
              deleteArmed = true;
              show();
              return;
            }
            act(() => api.deleteAccount(), () => ({ key: "account.deleted" }));
          },
          { class: "danger" },
        ),
      ),
    ];
  }

  function show() {
    if (!view) return;
    let body;
    if (!api.online) body = [h("p", { id: "account-message" }, t("account.offline"))];
    else if (!passkeysAvailable()) body = [h("p", { id: "account-message" }, t("account.unsupported"))];
    else if (account === undefined) body = [h("p", { class: "loading" }, "…")];
    else body = account ? signedInPart() : signedOutPart();
    const line = message
      ? h(
          "p",
          { id: "account-status", class: message.error ? "error" : "account-status", role: "status" },
          t(message.key, message.params),
        )
      : null;
    view.replaceChildren(
      h(
        "section",
        { class: "account" },
        screenHead({ href: "#/", back: t("nav.games"), id: "account-back", title: t("account.heading"), titleId: "account-title" }),
        ...body,
        line,
        ctx.sync ? h("p", { class: "account-data" }, h("a", { href: "#/data", id: "account-data" }, t("data.link"))) : null,
      ),
    );
  }

  return {
    async render(target) {
      view = target;
      const mine = ++renders;
      message = null;
      deleteArmed = false;
      show();
      if (api.online) {
        const r = await api.me();
        if (mine !== renders) return;
        account = r?.ok ? r.data : null;
        if (r) ctx.sync?.account(Boolean(account));
        show();
      }
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
