// The Kakuro save slots on screen: the list of the three slots (to load from
// on the menu, or to save into), the save dialog and its yes/no question
// before a used slot is overwritten.

import { button, h } from "./dom.js";
import { gameOfSlot, loadSlots, saveSlot, slotOf } from "./kakuro-store.js";
import { thumbnail } from "./kakuro-view.js";

/**
 * The list of `slots`; `mode` "load" or "save"; `choose(k)` on a click.
 * `words` from kakuro-words.js.
 */
export function slotList(slots, mode, choose, words) {
  const { t } = words;
  return h(
    "ul",
    { class: "kk-slots", id: mode === "load" ? "kk-load-slots" : "kk-save-slots" },
    slots.map((slot, k) => {
      const name = t("kakuro.slot", { number: k + 1 });
      const span = (cls, text) => h("span", { class: cls }, text);
      // A slot saved on another device comes without its picture (synced
      // progress carries none): this device draws its own.
      const picture = slot && (slot.thumbnail || pictureOf(slot));
      const body = slot
        ? [
            picture
              ? h("img", { class: "kk-thumb", src: picture, alt: "", width: 66, height: 66 })
              : h("span", { class: "kk-thumb" }),
            h(
              "span",
              { class: "kk-slot-text" },
              h("strong", {}, name),
              span("kk-slot-kind", `${words.size(slot.size)} · ${words.difficulty(slot.difficulty)}`),
              span("kk-slot-time", t("kakuro.slotTime", { time: words.duration(slot.elapsed) })),
              span("kk-slot-date", t("kakuro.slotStarted", { date: words.date(slot.started) })),
            ),
          ]
        : [
            span("kk-thumb empty", null),
            span("kk-slot-text", [h("strong", {}, name), h("span", {}, t("kakuro.slotEmpty"))]),
          ];
      const disabled = mode === "load" && !slot;
      return h(
        "li",
        { class: `kk-slot${slot ? "" : " empty"}`, "data-slot": k + 1 },
        ...body,
        h(
          "button",
          {
            type: "button",
            class: mode === "load" ? "" : "ghost",
            "data-action": mode,
            disabled,
            onclick: () => choose(k),
          },
          t(mode === "load" ? "kakuro.load" : "kakuro.saveHere"),
        ),
      );
    }),
  );
}

/** A picture of the game in `slot`, drawn here ("" when it cannot be). */
function pictureOf(slot) {
  const game = gameOfSlot(slot);
  return game ? thumbnail(game.board, game.values) : "";
}

/** The Kakuro dialog `id`, made once and kept in the page. */
function dialog(id) {
  let el = document.getElementById(id);
  if (!el) {
    el = h("dialog", { id, class: "kk-dialog" });
    document.body.append(el);
  }
  return el;
}

/** Asks a yes/no question in a dialog; resolves to true for yes. */
function confirm(t, text, yes) {
  const el = dialog("kk-confirm");
  return new Promise((resolve) => {
    const done = (v) => {
      el.close();
      resolve(v);
    };
    el.replaceChildren(
      h("p", { id: "kk-confirm-text" }, text),
      h(
        "div",
        { class: "actions" },
        button("kk-confirm-no", t("dialog.cancel"), () => done(false), { class: "ghost" }),
        button("kk-confirm-yes", yes, () => done(true)),
      ),
    );
    el.oncancel = (e) => {
      e.preventDefault();
      done(false);
    };
    el.showModal();
    el.querySelector("#kk-confirm-no").focus();
  });
}

/** The save dialog for game `g`: pick a slot; a used slot asks first. */
export function openSlotDialog(g, storage, words) {
  const { t } = words;
  const el = dialog("kk-save-dialog");
  const message = h("p", { class: "kk-note", id: "kk-save-message", role: "status" });
  const draw = () => {
    const slots = loadSlots(storage);
    el.replaceChildren(
      h("h2", {}, t("kakuro.saveHeading")),
      slotList(
        slots,
        "save",
        async (k) => {
          if (slots[k]) {
            el.close();
            const ok = await confirm(
              t,
              t("kakuro.overwrite", {
                number: k + 1,
                size: words.size(slots[k].size),
                difficulty: words.difficulty(slots[k].difficulty),
                date: words.date(slots[k].started),
              }),
              t("kakuro.overwriteYes"),
            );
            el.showModal();
            if (!ok) return;
          }
          const written = saveSlot(storage, k, slotOf(g, thumbnail(g.board, g.values)));
          draw();
          message.textContent = t(written ? "kakuro.saved" : "kakuro.saveFailed", { number: k + 1 });
        },
        words,
      ),
      message,
      h("div", { class: "actions" }, button("kk-save-close", t("kakuro.close"), () => el.close())),
    );
  };
  draw();
  el.showModal();
}
