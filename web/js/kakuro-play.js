// The Kakuro board screen, for a game or the tutorial: the board, the pad
// and tools, the mistakes highlighted, the hints panel, the help button
// (kakuro-help.js), the link to share, the solved status, the clock and the
// tutorial's steps. It draws what the player did
// (kakuro-input.js) after every change.

import { button, h, screenHead } from "./dom.js";
import { clickCell, enter, redoMove, toggleHints, togglePencil, undoMove } from "./kakuro-input.js";
import { createHelp } from "./kakuro-help.js";
import { kakuroLayout } from "./kakuro-layout.js";
import { linkUrl, printCode, resultOf } from "./kakuro-link.js";
import { completeRuns } from "./kakuro-assist.js";
import { boardText, checkBoard, runHint } from "./kakuro-model.js";
import { saveCurrent, saveKakuroSettings } from "./kakuro-store.js";
import { printArea, printButton, printHeading } from "./print.js";
import { copyLink, resultCard } from "./share.js";
import { TUTORIAL_STEPS, nextStep } from "./kakuro-tutorial.js";
import { buildBoard, paintBoard } from "./kakuro-view.js";
import { createZoom } from "./kakuro-zoom.js";

/**
 * Shows game `g` in `view` and returns the board screen: its state (game,
 * tutorial, selected cell, pencil, hints, tutorial step, the board element
 * `el`) and refresh(), moved(), fit(), reveal() (the selected cell and, when
 * they fit, its clues scrolled into view), tick(ms). `notice` is a catalog key
 * shown above the board (or null); `kakuro` gives storage, settings, words
 * (kakuro-words.js), navigate(hash), saveDialog(game), api (kakuro-api.js)
 * and solved(game), called once when the player solves a game. A daily
 * puzzle (daily-kakuro.js) also gives `daily`: {back: {href, label}, the
 * way back; date, its day (yyyy-mm-dd, for the printout); autosave(game),
 * instead of the autosave of kakuro-store.js;
 * status(), what the solved panel shows instead of "New game";
 * helped(stage), called on each press of the help button}; it has no
 * link to share and no save slots.
 */
export function showBoardScreen(view, g, { tutorial, notice }, kakuro) {
  const { settings, storage, words, daily } = kakuro;
  const { t } = words;
  const board = g.board;
  const first = board.cells.findIndex((c) => c.kind === "digit");
  const screen = {
    game: g,
    tutorial,
    step: 0,
    selected: tutorial ? -1 : first,
    pencil: false,
    hints: tutorial ? false : settings.hints,
    wasSolved: g.solved,
    settings,
    storage,
  };
  const built = buildBoard(board, { t });
  screen.el = built.el;
  built.el.tabIndex = 0;
  built.el.setAttribute("aria-label", t("kakuro.board"));
  built.el.dataset.puzzle = boardText(board);
  built.el.addEventListener("click", (e) => {
    const cell = e.target.closest("[data-i]");
    if (cell) clickCell(screen, Number(cell.dataset.i));
  });
  const wrap = printArea(h("div", { class: "kk-board-wrap kk-viewport", id: "kk-viewport" }, built.el));
  const zoom = createZoom(wrap, built.el, board, t, () => built.cells[screen.selected] ?? null);
  // The selected cell's run sums, in sight however the board is zoomed and panned.
  const clueBar = tutorial ? null : h("p", { class: "kk-clue-bar", id: "kk-clue-bar" });
  const timer = h("span", { class: "timer", id: "kk-timer", title: t("kakuro.time") }, "");
  const status = h("div", { class: "status", id: "kk-status", role: "status", hidden: true });
  const ghost = { class: "ghost" };
  const toggle = { class: "ghost kk-toggle", "aria-pressed": "false" };
  const undoButton = button("kk-undo", t("kakuro.undo"), () => undoMove(screen), ghost);
  const redoButton = button("kk-redo", t("kakuro.redo"), () => redoMove(screen), ghost);
  const pencilButton = button("kk-pencil", t("kakuro.pencil"), () => togglePencil(screen), toggle);
  const hintsButton = button("kk-hints-toggle", t("kakuro.hints"), () => toggleHints(screen), toggle);
  const hintsPanel = h("section", { class: "kk-hints", id: "kk-hints", "aria-live": "polite", hidden: true });
  const help = tutorial ? null : createHelp(screen, kakuro.api, t, daily?.helped, daily ? null : () => kakuro.packSolution?.(g.board));
  const shareStatus = h("p", { class: "kk-note kk-share", id: "kk-share-status", role: "status" });
  // Pause hides the board and stops the clock. Not on a daily: its time is
  // the server's, from the start token, and a pause would not stop it.
  const pauseButton =
    tutorial || daily ? null : button("kk-pause", t("play.pause"), () => setPaused(true), { class: "ghost" });
  const pausedPanel = h(
    "div",
    { class: "paused-panel", id: "kk-paused", hidden: true },
    h("p", {}, t("play.paused")),
    button("kk-resume", t("play.resume"), () => setPaused(false)),
  );
  const shareButton =
    tutorial || daily
      ? null
      : button("kk-copy-link", t("share.copyLink"), () => copyLink(linkUrl(g), t, shareStatus), { class: "ghost" });
  const pad = h(
    "div",
    { class: "kk-pad", id: "kk-pad", role: "group", "aria-label": t("kakuro.pad") },
    [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) =>
      h(
        "button",
        { type: "button", class: "kk-key", "data-digit": d, onclick: () => enter(screen, d) },
        String(d),
      ),
    ),
    button("kk-erase", "⌫", () => enter(screen, 0), {
      class: "kk-key kk-erase",
      "aria-label": t("kakuro.erase"),
      title: t("kakuro.erase"),
    }),
  );
  const checkbox = (id, key, label) => {
    const input = h("input", { type: "checkbox", id, checked: settings[key] });
    input.addEventListener("change", () => {
      settings[key] = input.checked;
      saveKakuroSettings(storage, settings);
      screen.refresh();
    });
    return h("label", { class: "kk-check" }, input, h("span", {}, label));
  };
  const checks = tutorial
    ? null
    : h(
        "div",
        { class: "kk-checks" },
        checkbox("kk-show-repeats", "showRepeats", t("kakuro.showRepeats")),
        checkbox("kk-show-wrong", "showWrongSums", t("kakuro.showWrongSums")),
        checkbox("kk-mark-complete", "markComplete", t("kakuro.markComplete")),
        checkbox("kk-check-marks", "checkMarksCells", t("kakuro.checkMarksCells")),
      );
  const title = tutorial
    ? t("kakuro.tutorial")
    : g.difficulty
      ? t("kakuro.title", { size: words.size(g.size), difficulty: words.difficulty(g.difficulty) })
      : t("kakuro.titleCustom", { size: words.size(g.size) });
  const tutorialPanel = tutorial
    ? h("div", { class: "kk-panel kk-tutorial", id: "kk-tutorial-step", role: "status" })
    : null;
  const noticeEl = notice && !tutorial ? h("p", { class: "kk-note kk-notice", id: "kk-notice" }, t(notice)) : null;
  const headEl = screenHead(
    {
      href: daily?.back.href ?? "#/kakuro",
      back: daily?.back.label ?? t("nav.back", { name: t("home.kakuro.name") }),
      id: "kk-back",
      title,
      titleId: "kk-title",
    },
    tutorial ? null : timer,
  );
  /** The board and its side (pad, tools, panels): laid out by kakuro-layout.js. */
  let layoutEl;
  /** The clue line and the zoom: above the board, or in the side column beside it (kakuro-layout.js). */
  let barEl;
  /** The board's column (the bar, the viewport, the pause panel) and the side column. */
  let areaEl;
  let sideEl;
  view.replaceChildren(
    h(
      "section",
      { class: `kk-play${tutorial ? " kk-is-tutorial" : ""}` },
      headEl,
      noticeEl,
      tutorialPanel,
      tutorial ? null : printHeading(t, { title: `${title}`, code: daily ? null : printCode(g), day: daily?.date }),
      (layoutEl = h(
        "div",
        { class: "kk-layout" },
        (areaEl = h("div", { class: "kk-board-area" }, (barEl = h("div", { class: "kk-board-bar" }, clueBar, zoom.controls)), wrap, pausedPanel)),
        (sideEl = h(
          "div",
          { class: "kk-side" },
          pad,
          h(
            "div",
            { class: "tools" },
            pencilButton,
            pauseButton,
            undoButton,
            redoButton,
            hintsButton,
            help?.button,
            shareButton,
            tutorial ? null : printButton(t),
            tutorial || daily ? null : button("kk-save", t("kakuro.save"), () => kakuro.saveDialog(g)),
          ),
          shareStatus,
          checks,
          status,
          help?.panel,
          hintsPanel,
          h("p", { class: "help keys-help" }, t("kakuro.help")),
        )),
      )),
    ),
  );
  const layout = kakuroLayout({
    heads: [headEl, noticeEl, tutorialPanel].filter(Boolean),
    layoutEl,
    areaEl,
    sideEl,
    wrap,
    barEl,
    board,
    zoom,
    max: tutorial ? 72 : 56,
  });

  function drawHints(runs) {
    hintsPanel.hidden = !screen.hints;
    if (!screen.hints) return;
    if (!runs.length) {
      hintsPanel.replaceChildren(h("p", { class: "help" }, t("kakuro.hintsSelect")));
      return;
    }
    const order = ["across", "down"];
    const sorted = runs
      .map((k) => [k, board.runs[k]])
      .sort((a, b) => order.indexOf(a[1].dir) - order.indexOf(b[1].dir));
    hintsPanel.replaceChildren(
      ...sorted.map(([k, run]) => {
        const hint = runHint(board, k, g.values);
        return h(
          "div",
          { class: "kk-hint", "data-dir": run.dir, "data-sum": hint.sum, "data-len": hint.len },
          h("h3", {}, t(`kakuro.hint.${run.dir}`, { sum: hint.sum, count: hint.len })),
          h(
            "ul",
            { class: "kk-sets" },
            hint.sets.map((set) =>
              h(
                "li",
                {
                  class: `kk-set${set.ruledOut ? " ruled-out" : ""}`,
                  "data-digits": set.digits.join(""),
                  "data-ruled-out": String(set.ruledOut),
                  title: set.ruledOut ? t("kakuro.ruledOut") : null,
                },
                set.ruledOut ? h("s", {}, set.digits.join(" + ")) : set.digits.join(" + "),
              ),
            ),
          ),
        );
      }),
    );
  }

  function drawClueBar(runs) {
    if (!clueBar) return;
    const order = ["across", "down"];
    const lines = runs
      .map((k) => board.runs[k])
      .sort((a, b) => order.indexOf(a.dir) - order.indexOf(b.dir))
      .map((run) => t(`kakuro.hint.${run.dir}`, { sum: run.sum, count: run.cells.length }));
    clueBar.textContent = lines.join(" · ");
  }

  function drawStatus() {
    if (!g.solved || tutorial) {
      status.hidden = true;
      return;
    }
    const appearing = status.hidden;
    const way = daily ? null : button("kk-again", t("kakuro.newGameShort"), () => kakuro.navigate("#/kakuro"));
    status.replaceChildren(
      h("strong", { class: "solved-title", id: "kk-solved" }, t("kakuro.solved")),
      // A daily's time is the server's, in its result: this page's clock may differ by a second.
      daily ? null : h("span", { id: "kk-solved-time" }, t("kakuro.solvedTime", { time: words.duration(g.elapsed) })),
      // The card of a finish (share.js) with the way on; a daily's is the daily screen's.
      daily ? daily.status() : resultCard(words.i18n(), resultOf(g, words), { celebrate: appearing && screen.justSolved, way }),
    );
    status.hidden = false;
    // Solved just now: the whole solved board, and the panel comes into
    // sight (under the board on a narrow window).
    if (appearing && screen.justSolved) zoom.whole();
    if (!appearing) return;
    // Beside the board, the head and then the panel head the side column:
    // all in sight at the page's top (solved after the help's panel had
    // scrolled the page, it stayed 15 px down, the head cut).
    if (layout.beside()) {
      window.scrollTo(0, 0);
      return;
    }
    // Stacked, the board back at the window's top where it left it (the pad going can pull the page up), then the panel.
    if (wrap.getBoundingClientRect().top < 0 || wrap.getBoundingClientRect().bottom > window.innerHeight) anchor().scrollIntoView({ block: "start" });
    status.scrollIntoView({ block: "nearest" });
  }

  function drawTutorial() {
    const state = { selected: screen.selected, values: g.values, hints: screen.hints, solved: g.solved };
    screen.step = nextStep(screen.step, state);
    const total = TUTORIAL_STEPS.length;
    for (const el of built.cells) el.classList.remove("kk-target");
    document.querySelectorAll(".kk-target-control").forEach((el) => el.classList.remove("kk-target-control"));
    if (screen.step >= total) {
      tutorialPanel.dataset.step = "done";
      tutorialPanel.replaceChildren(
        h("p", { class: "kk-step-count" }, t("kakuro.tutorialDone")),
        h("p", {}, t("kakuro.tutorialDoneText")),
        h(
          "div",
          { class: "tools" },
          h("a", { class: "button", href: "#/kakuro", id: "kk-tutorial-end" }, t("kakuro.tutorialPlay")),
        ),
      );
      return;
    }
    const step = TUTORIAL_STEPS[screen.step];
    tutorialPanel.dataset.step = String(screen.step + 1);
    tutorialPanel.replaceChildren(
      h("p", { class: "kk-step-count" }, t("kakuro.tutorialStep", { number: screen.step + 1, total })),
      h("p", { id: "kk-step-text" }, t(step.key)),
    );
    for (const i of step.cells) built.cells[i].classList.add("kk-target");
    if (step.control) document.getElementById(step.control)?.classList.add("kk-target-control");
  }

  /** Redraws the board, the tools, the hints, the status and the tutorial. */
  screen.refresh = () => {
    const checked = checkBoard(board, g.values);
    const showRepeats = tutorial || settings.showRepeats;
    const showWrong = tutorial || settings.showWrongSums;
    const runs = screen.selected >= 0 ? Object.values(board.runsOf[screen.selected]).filter((k) => k >= 0) : [];
    paintBoard(board, built, {
      values: g.values,
      marks: g.marks,
      selected: screen.selected,
      activeRuns: runs,
      repeats: showRepeats ? checked.repeats : new Set(),
      wrongRuns: showWrong ? checked.wrongRuns : [],
      doneRuns: !tutorial && settings.markComplete !== false ? completeRuns(board, g.values) : [],
      ...(help ? help.marks() : {}),
    });
    built.el.classList.toggle("kk-solved", g.solved);
    built.el.classList.toggle("kk-pencil-mode", screen.pencil);
    undoButton.disabled = g.undo.length === 0 || g.solved;
    pencilButton.disabled = g.solved;
    if (pauseButton) pauseButton.disabled = g.solved;
    redoButton.disabled = g.redo.length === 0 || g.solved;
    // Solved, the board takes no digit and shows whole: no pad, zoom or clue line.
    pad.hidden = g.solved || Boolean(screen.paused);
    barEl.hidden = g.solved;
    pencilButton.setAttribute("aria-pressed", String(screen.pencil));
    hintsButton.setAttribute("aria-pressed", String(screen.hints));
    drawHints(runs);
    drawClueBar(runs);
    if (layout.barChanged()) screen.fit();
    drawStatus();
    help?.label();
    if (tutorial) drawTutorial();
  };

  /** After a move: autosaves a game (never the tutorial) and redraws. */
  screen.moved = () => {
    const wasSolved = screen.wasSolved;
    screen.wasSolved = g.solved;
    // Solved by this move: the card celebrates (not when a solved game is opened again).
    screen.justSolved = g.solved && !wasSolved;
    if (!tutorial) {
      if (daily) daily.autosave(g);
      else saveCurrent(storage, g);
      if (g.solved && !wasSolved) kakuro.solved(g);
    }
    help?.reset();
    screen.refresh();
  };

  /** What the page scrolls to when the board does not fit under the head (stacked): the tutorial's step, or the board's layout. */
  const anchor = () => tutorialPanel ?? layoutEl;

  /** Lays the screen out by the one layout rule and sizes the board to it (kakuro-layout.js). */
  screen.fit = () => layout.fit();

  /**
   * Scrolls cells `ids` into the board's viewport: all of them when they
   * fit, else the first. By default the selected cell and its run clues.
   */
  screen.reveal = (ids = null) => {
    if (!ids && screen.selected < 0) return;
    const runs = ids ? [] : Object.values(board.runsOf[screen.selected]).filter((k) => k >= 0);
    const cells = ids ?? [screen.selected, ...runs.map((k) => board.runs[k].clue)];
    if (!cells.length) return;
    const all = cells.map((i) => built.cells[i].getBoundingClientRect());
    const own = all[0];
    const union = {
      left: Math.min(...all.map((r) => r.left)),
      top: Math.min(...all.map((r) => r.top)),
      right: Math.max(...all.map((r) => r.right)),
      bottom: Math.max(...all.map((r) => r.bottom)),
    };
    const fits = union.right - union.left <= wrap.clientWidth - 8 && union.bottom - union.top <= wrap.clientHeight - 8;
    zoom.reveal(fits ? union : own);
  };

  /** Hides the board, the pad and the tools, and stops the clock (or shows them again). */
  function setPaused(paused) {
    screen.paused = paused;
    wrap.hidden = paused;
    pausedPanel.hidden = !paused;
    for (const el of [pad, built.el.closest(".kk-layout").querySelector(".tools"), zoom.controls, clueBar]) {
      if (el) el.inert = paused;
    }
    pad.hidden = paused;
    (paused ? pausedPanel.querySelector("button") : pauseButton)?.focus({ preventScroll: true });
    if (!paused) screen.fit();
  }

  /** Counts play time `ms` on a game being played (not paused) and shows the clock. */
  screen.tick = (ms) => {
    if (!g.solved && !screen.paused) g.elapsed += ms;
    timer.textContent = words.duration(g.elapsed);
  };

  screen.fit();
  requestAnimationFrame(() => {
    screen.fit();
    // A board that does not fit under the head opens scrolled to: its
    // layout (or the tutorial's step) at the window's top.
    if (wrap.getBoundingClientRect().bottom > window.innerHeight) anchor().scrollIntoView({ block: "start" });
  });
  screen.refresh();
  // A big board opens zoomed (kakuro-zoom.js): on its first run with an empty cell.
  const empty = board.cells.findIndex((c, i) => c.kind === "digit" && !g.values[i]);
  if (empty >= 0) {
    const { across, down } = board.runsOf[empty];
    const run = board.runs[across >= 0 ? across : down];
    screen.reveal([run.clue, ...run.cells]);
  }
  return screen;
}

