// ChessMemory for two players on one device, the parts of the screen that
// only a game for two has: the dialog asking the players' names, the
// scoreboard (names, scores, whose turn it is) and the sentence naming the
// winner. The turns and scores themselves are chess-rules.js's.

import { NAME_MAX, cleanName } from "./chess-rules.js";
import { button, h } from "./dom.js";

/** Who won a game for two and by how much, or that it was a tie. */
export function outcomeText(t, names, scores) {
  const [a, b] = scores;
  if (a === b) return t("chess.duo.tie", { score: a });
  const k = a > b ? 0 : 1;
  return t("chess.duo.wins", { name: names[k], score: scores[k], other: scores[1 - k] });
}

/**
 * The scoreboard of a game for two: returns {el, draw}, the element (the
 * players' names and scores, then whose turn it is) and `draw(game)`, which
 * shows `game`'s scores and marks the player whose turn it is.
 */
export function createScoreboard(t, players) {
  const rows = players.map((p, k) =>
    h(
      "li",
      { class: "chess-player", id: `chess-player-${k}` },
      h("span", { class: "chess-player-name" }, p.name),
      h("span", { class: "chess-player-score" }),
    ),
  );
  const turnEl = h("p", { class: "chess-turn", id: "chess-turn" });
  const el = h(
    "div",
    { class: "chess-duo" },
    h("ol", { class: "chess-players", id: "chess-players", "aria-label": t("chess.duo.scores") }, rows),
    turnEl,
  );

  function draw(game) {
    game.players.forEach((p, k) => {
      const row = rows[k];
      row.querySelector(".chess-player-score").textContent = t("chess.duo.score", { count: p.score });
      const turn = !game.done && game.turn === k;
      row.classList.toggle("turn", turn);
      if (turn) row.setAttribute("aria-current", "true");
      else row.removeAttribute("aria-current");
    });
    turnEl.textContent = game.done ? "" : t("chess.duo.turn", { name: game.players[game.turn].name });
  }

  return { el, draw };
}

/** The dialog asking the two players' names, made once and kept in the page. */
function namesDialog() {
  let el = document.getElementById("chess-duo-dialog");
  if (!el) {
    el = h("dialog", { id: "chess-duo-dialog", "aria-labelledby": "chess-duo-heading" });
    document.body.append(el);
  }
  return el;
}

/**
 * Asks the two players' names (the fields start with `last`, the names of
 * the last game for two), then calls `onStart(names)` with two names that
 * differ; an empty field stands for "Player 1" or "Player 2".
 */
export function askNames(t, last, onStart) {
  const el = namesDialog();
  const inputs = [0, 1].map((k) =>
    h("input", {
      id: `chess-name-${k + 1}`,
      name: `name${k + 1}`,
      maxlength: NAME_MAX,
      autocomplete: "off",
      value: last[k] ?? "",
      placeholder: t("chess.duo.player", { number: k + 1 }),
    }),
  );
  const error = h("p", { class: "error", id: "chess-duo-error", role: "alert" });
  const form = h(
    "form",
    { method: "dialog", id: "chess-duo-form" },
    h("h2", { id: "chess-duo-heading" }, t("chess.duo.heading")),
    h("p", {}, t("chess.duo.rules")),
    ...inputs.map((input, k) =>
      h("label", {}, h("span", {}, t("chess.duo.name", { number: k + 1 })), input),
    ),
    error,
    h(
      "div",
      { class: "actions" },
      button("chess-duo-cancel", t("dialog.cancel"), () => el.close(), { class: "ghost" }),
      h("button", { type: "submit", id: "chess-duo-start" }, t("chess.duo.start")),
    ),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const names = inputs.map((input, k) => cleanName(input.value) || t("chess.duo.player", { number: k + 1 }));
    if (names[0].toLocaleLowerCase() === names[1].toLocaleLowerCase()) {
      error.textContent = t("chess.duo.sameNames");
      inputs[1].focus();
      return;
    }
    el.close();
    onStart(names);
  });
  el.replaceChildren(form);
  el.showModal();
  inputs[0].focus();
}
