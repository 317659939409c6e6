// The Kakuro menu: a new game of a chosen size and difficulty, continue the
// game in progress, load a saved game, the player's statistics, and the ways
// to the tutorial and the editor; above them what was wrong with a link.

import { button, h, screenHead } from "./dom.js";
import { DIFFICULTIES, SIZES, needsServer, readSize } from "./kakuro-model.js";
import { loadSlots, saveKakuroSettings } from "./kakuro-store.js";
import { slotList } from "./kakuro-slots.js";
import { statRows } from "./kakuro-stats.js";

/**
 * Shows the menu in `view`. `kakuro` gives storage, settings, words
 * (kakuro-words.js), the game in progress (`game`), the statistics
 * (`stats`, kakuro-stats.js), a catalog key saying why a link opened no
 * puzzle (`problem`, or null), navigate(hash), whether the server can be
 * reached (`online`: the sizes only it makes are greyed when not),
 * newPuzzle(size, difficulty) resolving to {game, notice}, {problem} or
 * null, startGame(game, notice) and loadSlot(slot).
 */
export function renderMenu(view, kakuro) {
  const { settings, storage, words, game } = kakuro;
  const { t } = words;
  let online = kakuro.online;
  const offered = (n) => online || !needsServer(n);
  const sizeSelect = h(
    "select",
    { id: "kk-size", "aria-describedby": "kk-size-note" },
    SIZES.map((n) => h("option", { value: n, selected: n === settings.size && offered(n) }, words.size(n))),
  );
  const sizeNote = h("p", { class: "kk-note", id: "kk-size-note" });
  /** Greys the sizes only the server makes when it cannot be reached, and says why (or that they take a while). */
  const showSizes = () => {
    for (const option of sizeSelect.options) option.disabled = !offered(readSize(option.value));
    sizeNote.hidden = online && !needsServer(readSize(sizeSelect.value));
    sizeNote.textContent = t(online ? "kakuro.sizeServerNote" : "kakuro.sizeNeedsServer", { size: words.offlineSize() });
  };
  sizeSelect.addEventListener("change", showSizes);
  showSizes();
  const diffSelect = h(
    "select",
    { id: "kk-difficulty" },
    DIFFICULTIES.map((d) => h("option", { value: d, selected: d === settings.difficulty }, words.difficulty(d))),
  );
  const status = h("p", { class: "kk-note", id: "kk-new-status", role: "status" });
  const newButton = button("kk-new", t("kakuro.new"), async () => {
    settings.size = readSize(sizeSelect.value) ?? settings.size;
    settings.difficulty = diffSelect.value;
    saveKakuroSettings(storage, settings);
    newButton.disabled = true;
    // A large board can take seconds: the wait is counted on screen.
    const started = Date.now();
    const progress = () => {
      const seconds = Math.floor((Date.now() - started) / 1000);
      status.textContent = t("kakuro.generatingFor", { size: words.size(settings.size), seconds });
    };
    progress();
    const ticking = setInterval(progress, 1000);
    const made = await kakuro.newPuzzle(settings.size, settings.difficulty).finally(() => clearInterval(ticking));
    newButton.disabled = false;
    if (!made || made.problem) {
      status.textContent = t(made?.problem ?? "kakuro.noPuzzle");
      // Neither answered: the server cannot be reached.
      online &&= made !== null && made.problem !== "kakuro.sizeNeedsServer";
      showSizes();
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
  const problem = kakuro.problem
    ? h("p", { class: "kk-note kk-problem", id: "kk-link-problem", role: "alert" }, t(kakuro.problem))
    : null;
  view.replaceChildren(
    h(
      "section",
      { class: "kk-menu" },
      screenHead({ href: "#/", back: t("nav.games"), title: t("home.kakuro.name") }),
      problem,
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
        sizeNote,
        status,
        cont,
      ),
      h(
        "div",
        { class: "kk-panel" },
        h("h2", {}, t("kakuro.savedHeading")),
        slotList(slots, "load", (k) => kakuro.loadSlot(slots[k]), words),
      ),
      statsPanel(kakuro.stats, words),
      h(
        "div",
        { class: "kk-more" },
        link("kk-tutorial", "#/kakuro/tutorial", "kakuro.tutorial", "kakuro.tutorialBlurb"),
        link("kk-editor", "#/kakuro/editor", "kakuro.editor", "kakuro.editorBlurb"),
      ),
    ),
  );
}

/** The statistics: a table of the sizes × difficulties solved, or a line saying there are none yet. */
function statsPanel(stats, words) {
  const { t } = words;
  const rows = statRows(stats);
  const th = (key) => h("th", { scope: "col" }, t(key));
  const body = rows.length
    ? h(
        "table",
        { class: "kk-stats", id: "kk-stats" },
        h("caption", { class: "sr-only" }, t("kakuro.statsHeading")),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            th("kakuro.statsPuzzle"),
            th("kakuro.statsSolved"),
            th("kakuro.statsBest"),
            th("kakuro.statsMedian"),
          ),
        ),
        h(
          "tbody",
          {},
          rows.map((row) =>
            h(
              "tr",
              { "data-size": row.size, "data-difficulty": row.difficulty },
              h("th", { scope: "row" }, `${words.size(row.size)} · ${words.difficulty(row.difficulty)}`),
              h("td", { "data-stat": "solved" }, String(row.solved)),
              h("td", { "data-stat": "best" }, words.duration(row.best)),
              h("td", { "data-stat": "median" }, words.duration(row.median)),
            ),
          ),
        ),
      )
    : h("p", { class: "kk-note", id: "kk-stats-none" }, t("kakuro.statsNone"));
  return h("div", { class: "kk-panel kk-stats-panel" }, h("h2", {}, t("kakuro.statsHeading")), body);
}
