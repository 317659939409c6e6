// The Kakuro menu: a new game of a chosen size and difficulty, continue the
// game in progress, load a saved game, and the ways to the tutorial and the
// editor.

import { button, h } from "./dom.js";
import { DIFFICULTIES, SIZES } from "./kakuro-model.js";
import { loadSlots, saveKakuroSettings } from "./kakuro-store.js";
import { slotList } from "./kakuro-slots.js";

/**
 * Shows the menu in `view`. `kakuro` gives storage, settings, words
 * (kakuro-words.js), the game in progress (`game`), navigate(hash),
 * newPuzzle(size, difficulty) resolving to {game, notice} or null,
 * startGame(game, notice) and loadSlot(slot).
 */
export function renderMenu(view, kakuro) {
  const { settings, storage, words, game } = kakuro;
  const { t } = words;
  const sizeSelect = h(
    "select",
    { id: "kk-size" },
    SIZES.map((n) => h("option", { value: n, selected: n === settings.size }, words.size(n))),
  );
  const diffSelect = h(
    "select",
    { id: "kk-difficulty" },
    DIFFICULTIES.map((d) => h("option", { value: d, selected: d === settings.difficulty }, words.difficulty(d))),
  );
  const status = h("p", { class: "kk-note", id: "kk-new-status", role: "status" });
  const newButton = button("kk-new", t("kakuro.new"), async () => {
    settings.size = Number(sizeSelect.value);
    settings.difficulty = diffSelect.value;
    saveKakuroSettings(storage, settings);
    newButton.disabled = true;
    status.textContent = t("kakuro.generating");
    const made = await kakuro.newPuzzle(settings.size, settings.difficulty);
    newButton.disabled = false;
    if (!made) {
      status.textContent = t("kakuro.noPuzzle");
      return;
    }
    kakuro.startGame(made.game, made.notice);
  });
  const cont =
    game && !game.solved
      ? button(
          "kk-continue",
          t("kakuro.continue", {
            size: words.size(game.size),
            difficulty: words.difficulty(game.difficulty),
            time: words.duration(game.elapsed),
          }),
          () => kakuro.navigate("#/kakuro/play"),
          { class: "ghost" },
        )
      : null;
  const link = (id, href, name, blurb) =>
    h("a", { class: "kk-link", href, id }, h("strong", {}, t(name)), h("span", {}, t(blurb)));
  const slots = loadSlots(storage);
  view.replaceChildren(
    h(
      "section",
      { class: "kk-menu" },
      h(
        "div",
        { class: "play-head" },
        h("a", { class: "back", href: "#/" }, t("kakuro.toGames")),
        h("h1", {}, t("home.kakuro.name")),
      ),
      h(
        "div",
        { class: "kk-panel kk-new" },
        h("h2", {}, t("kakuro.newHeading")),
        h(
          "div",
          { class: "kk-fields" },
          h("label", {}, h("span", {}, t("kakuro.sizeLabel")), sizeSelect),
          h("label", {}, h("span", {}, t("kakuro.difficultyLabel")), diffSelect),
          newButton,
        ),
        status,
        cont,
      ),
      h(
        "div",
        { class: "kk-panel" },
        h("h2", {}, t("kakuro.savedHeading")),
        slotList(slots, "load", (k) => kakuro.loadSlot(slots[k]), words),
      ),
      h(
        "div",
        { class: "kk-more" },
        link("kk-tutorial", "#/kakuro/tutorial", "kakuro.tutorial", "kakuro.tutorialBlurb"),
        link("kk-editor", "#/kakuro/editor", "kakuro.editor", "kakuro.editorBlurb"),
      ),
    ),
  );
}
