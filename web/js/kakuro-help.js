// The help button of the Kakuro game screen, which escalates on each press
// while the position stays the same: 1 check (are there mistakes? they are
// marked, or only counted when the player turned the marks off), 2 where (the runs of the next deduction are highlighted), 3 why
// (its explanation in the player's language), 4 show (it is applied, as one
// move that undo takes back). Any move starts again at 1.
// With the server, every stage comes from POST /api/kakuro/hint (asked once
// per position). Without it, a puzzle of the offline pack, which carries its
// digits, still gets the check (the wrong digits), where (the runs of the
// tightest empty cell) and show (its digit); only why needs the server
// (kakuro-assist.js' solutionAnswer). Any other puzzle offline gets the
// check by the rules alone (ruleMistakes: whether a digit that fits is right
// needs the solution) and the other stages say they need the server; the
// digit-set hints (the Hints button) work offline as ever. Pure parts:
// kakuro-assist.js.

import { button, h } from "./dom.js";
import { STAGES, hintRequest, positionKey, readAnswer, ruleMistakes, solutionAnswer } from "./kakuro-assist.js";
import { applyHint } from "./kakuro-game.js";

/**
 * The help of board screen `screen` (kakuro-play.js): {button, panel,
 * marks(), reset()}. `marks()` is what the board shows for it: {mistakes,
 * helpRuns, helpCells}; `reset()` forgets the stage (a move was made).
 * `api` is kakuro-api.js' client, `t` the translator; `onUse(stage)`, when
 * given, hears of every stage asked for (a daily puzzle counts them);
 * `knownSolution()`, when given, resolves to the puzzle's digits when the
 * client has them (a pack puzzle) or null, for the help without the server.
 */
export function createHelp(screen, api, t, onUse = null, knownSolution = null) {
  const g = screen.game;
  /** The next stage (index in STAGES), the position it is for, and the server's answer for it. */
  let state = { stage: 0, position: null, answer: undefined };
  let shown = { mistakes: new Set(), helpRuns: [], helpCells: new Set() };
  let busy = false;
  const panel = h("div", { class: "kk-help-panel", id: "kk-help-panel", role: "status", hidden: true });
  const helpButton = button("kk-help", t("kakuro.assist.check"), press, { "data-stage": "check" });

  function label() {
    const stage = STAGES[state.stage];
    helpButton.textContent = t(`kakuro.assist.${stage}`);
    helpButton.dataset.stage = stage;
    helpButton.disabled = busy || g.solved;
  }

  function say(...children) {
    panel.replaceChildren(...children);
    panel.hidden = false;
    // Under the pad on a phone the answer was below the window: it comes
    // into sight (no scroll when it is in sight already).
    panel.scrollIntoView?.({ block: "nearest" });
  }

  function show(next) {
    shown = { mistakes: new Set(), helpRuns: [], helpCells: new Set(), ...next };
    screen.refresh();
  }

  /** The server's answer for the position now: an answer, null offline, or {error}. */
  async function answer() {
    if (state.answer !== undefined) return state.answer;
    const reply = await api.hint(hintRequest(g));
    if (reply === null) {
      // Offline: a pack puzzle's own digits still tell mistakes and the next digit.
      const solution = await knownSolution?.();
      return solution ? solutionAnswer(g.board, g.values, solution) : null;
    }
    if (!reply.ok) return { error: reply.status };
    return readAnswer(g.board, reply.data) ?? { error: 200 };
  }

  function showMistakes(cells, offline) {
    const count = cells.length;
    // The player may want only "any mistakes?" (Kakuro settings): then
    // the count, and no cell named.
    const marked = screen.settings?.checkMarksCells !== false;
    show({ mistakes: new Set(marked ? cells : []) });
    if (count && marked) screen.reveal(cells);
    const key = offline
      ? count
        ? marked
          ? "kakuro.assist.offlineMistakes"
          : "kakuro.assist.offlineMistakesCount"
        : "kakuro.assist.offlineNone"
      : count
        ? marked
          ? "kakuro.assist.mistakes"
          : "kakuro.assist.mistakesCount"
        : "kakuro.assist.none";
    say(h("p", {}, t(key, { count })));
    panel.dataset.result = count ? "mistakes" : "none";
  }

  function why(a) {
    const sentences = a.steps.map((s) => {
      const text = s.key ? t(s.key, s.params) : null;
      // A key the catalogs do not know shows as itself: name the technique instead.
      return text && text !== s.key ? text : t("kakuro.assist.unknownStep", { technique: s.technique });
    });
    return h(
      "ol",
      { class: "kk-why", id: "kk-why" },
      sentences.map((text, k) => h("li", { "data-technique": a.steps[k].technique }, text)),
    );
  }

  async function press() {
    if (busy || g.solved) return;
    const position = positionKey(g);
    if (position !== state.position) state = { stage: 0, position, answer: undefined };
    const stage = STAGES[state.stage];
    onUse?.(stage);
    busy = true;
    label();
    let a;
    try {
      a = await answer();
    } finally {
      busy = false;
    }
    // A move made while the server thought: this answer is for another position.
    if (positionKey(g) !== position) {
      label();
      return;
    }
    // Offline is not kept: the next press asks the server again.
    state.answer = a === null ? undefined : a;
    panel.dataset.stage = stage;
    if (a === null) {
      if (stage === "check") {
        const cells = [...ruleMistakes(g.board, g.values)];
        showMistakes(cells, true);
        if (!cells.length) state.stage = 1;
      } else {
        say(h("p", {}, t("kakuro.assist.needsServer")));
        panel.dataset.result = "offline";
      }
    } else if (a.error !== undefined) {
      show({});
      say(h("p", {}, t(a.error === 400 ? "kakuro.assist.refused" : "kakuro.serverError")));
      panel.dataset.result = "error";
      state.answer = undefined;
    } else if (a.kind === "mistakes") {
      // Every stage starts with the check: mistakes first.
      showMistakes(a.cells, false);
      state.stage = 0;
    } else if (a.kind === "solved") {
      show({});
      say(h("p", {}, t("kakuro.assist.allRight")));
      panel.dataset.result = "solved";
    } else if (stage === "check") {
      showMistakes([], false);
      state.stage = 1;
    } else if (stage === "where") {
      show({ helpRuns: a.runs, helpCells: new Set(a.cells) });
      // On a zoomed board the runs may lie out of sight.
      screen.reveal(a.runs.flatMap((k) => [g.board.runs[k].clue, ...g.board.runs[k].cells]));
      say(h("p", {}, t("kakuro.assist.whereText", { count: a.runs.length })));
      panel.dataset.result = "where";
      state.stage = 2;
    } else if (stage === "why" && a.offline) {
      say(h("p", {}, t("kakuro.assist.needsServer")));
      panel.dataset.result = "offline";
      state.stage = 3;
    } else if (stage === "why") {
      show({ helpRuns: a.runs, helpCells: new Set(a.cells) });
      say(h("p", {}, t("kakuro.assist.whyText")), why(a));
      panel.dataset.result = "why";
      state.stage = 3;
    } else {
      // applyHint makes a move: screen.moved() resets the stage.
      show({});
      if (applyHint(g, a)) screen.moved();
      say(h("p", {}, t(a.places.length ? "kakuro.assist.shown" : "kakuro.assist.shownMarks")));
      panel.dataset.result = "shown";
    }
    label();
  }

  return {
    button: helpButton,
    panel,
    marks: () => shown,
    /** Forgets the stage and what is highlighted (after a move). */
    reset() {
      state = { stage: 0, position: null, answer: undefined };
      shown = { mistakes: new Set(), helpRuns: [], helpCells: new Set() };
      panel.hidden = true;
      label();
    },
    label,
  };
}
