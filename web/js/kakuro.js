// The Kakuro screens: the menu (new game, continue, saved games, tutorial,
// editor), the board being played (selection by click, tap or arrows;
// digits from the keyboard or the pad; pencil marks; undo and redo; hints;
// highlighted mistakes; the clock) and the tutorial. The editor is in
// kakuro-editor.js. New games come from the server, or from the offline
// pack (web/kakuro/puzzles.json) when it cannot be reached.

import { button, h } from "./dom.js";
import { createKakuroApi } from "./kakuro-api.js";
import { createKakuroEditor } from "./kakuro-editor.js";
import {
  erase,
  newGame,
  placeDigit,
  redo as redoMove,
  toggleMark,
  undo as undoMove,
} from "./kakuro-game.js";
import {
  DIFFICULTIES,
  SIZES,
  boardText,
  checkBoard,
  packKey,
  parseBoard,
  pickPuzzle,
  runHint,
} from "./kakuro-model.js";
import {
  addPlayed,
  gameOfSlot,
  loadCurrent,
  loadKakuroSettings,
  loadPlayed,
  loadSlots,
  saveCurrent,
  saveKakuroSettings,
  saveSlot,
  slotOf,
} from "./kakuro-store.js";
import { TUTORIAL_BOARD, TUTORIAL_STEPS, nextStep } from "./kakuro-tutorial.js";
import { buildBoard, fitBoard, paintBoard, thumbnail } from "./kakuro-view.js";
import { loadJSON } from "./resources.js";

const ARROWS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

/**
 * The Kakuro part of the app. `ctx`: base (the server's address, or null
 * when there is none), storage (localStorage or null), `i18n()`,
 * `navigate(hash)`.
 */
export function createKakuro(ctx) {
  const { storage } = ctx;
  const api = createKakuroApi(ctx.base);
  const settings = loadKakuroSettings(storage);
  const t = (key, params) => ctx.i18n().t(key, params);
  let packPromise = null;
  /** The game of the play screen (autosaved), or null. */
  let game = loadCurrent(storage);
  /** What the screen shows: "menu", "play", "tutorial", "editor" or null. */
  let screen = null;
  /** The DOM and selection of the board screen being shown. */
  let ui = null;
  /** A message for the next play screen (where its puzzle came from). */
  let notice = null;

  const editor = createKakuroEditor({
    storage,
    api,
    t,
    i18n: () => ctx.i18n(),
    navigate: ctx.navigate,
    play: (g) => startGame(g, null),
    save: (g) => openSlotDialog(g),
  });

  function pack() {
    packPromise ??= loadJSON("kakuro/puzzles.json").catch(() => {
      packPromise = null;
      return null;
    });
    return packPromise;
  }

  function keep() {
    if (game && screen === "play") saveCurrent(storage, game);
  }

  function leave() {
    keep();
    editor.leave();
    screen = null;
    ui = null;
  }

  const difficultyName = (d) => t(`kakuro.difficulty.${DIFFICULTIES.includes(d) ? d : "custom"}`);
  const sizeText = (n) => t("kakuro.sizeValue", { size: n });

  function formatDate(ms) {
    try {
      return new Intl.DateTimeFormat(ctx.i18n().lang, { dateStyle: "medium", timeStyle: "short" }).format(ms);
    } catch {
      return new Date(ms).toISOString();
    }
  }

  /** The home screen tile's line. */
  function tileText() {
    if (game && !game.solved) {
      const params = { size: sizeText(game.size), difficulty: difficultyName(game.difficulty) };
      return t("kakuro.tileContinue", params);
    }
    return t("kakuro.tile");
  }

  // ---- the menu ---------------------------------------------------------

  function renderMenu(view) {
    screen = "menu";
    // Load the offline pack now, so New game still works if the network
    // goes away while the menu is open.
    pack();
    const sizeSelect = h(
      "select",
      { id: "kk-size" },
      SIZES.map((n) => h("option", { value: n, selected: n === settings.size }, sizeText(n))),
    );
    const diffSelect = h(
      "select",
      { id: "kk-difficulty" },
      DIFFICULTIES.map((d) =>
        h("option", { value: d, selected: d === settings.difficulty }, difficultyName(d)),
      ),
    );
    const status = h("p", { class: "kk-note", id: "kk-new-status", role: "status" });
    const newButton = button("kk-new", t("kakuro.new"), async () => {
      settings.size = Number(sizeSelect.value);
      settings.difficulty = diffSelect.value;
      saveKakuroSettings(storage, settings);
      newButton.disabled = true;
      status.textContent = t("kakuro.generating");
      const made = await newPuzzle(settings.size, settings.difficulty);
      newButton.disabled = false;
      if (!made) {
        status.textContent = t("kakuro.noPuzzle");
        return;
      }
      startGame(made.game, made.notice);
    });
    const cont =
      game && !game.solved
        ? button(
            "kk-continue",
            t("kakuro.continue", {
              size: sizeText(game.size),
              difficulty: difficultyName(game.difficulty),
              time: ctx.i18n().duration(game.elapsed),
            }),
            () => ctx.navigate("#/kakuro/play"),
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
          slotList(slots, "load", (k) => loadSlot(k, slots[k])),
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

  /**
   * A new puzzle: {game, notice}, from the server, else from the offline
   * pack (with a notice saying why); null when neither has one.
   */
  async function newPuzzle(size, difficulty) {
    const answer = await api.generate(size, difficulty);
    if (answer?.ok) {
      try {
        const board = parseBoard(answer.data.puzzle);
        const meta = { size, difficulty, source: "server", seed: answer.data.seed };
        return { game: newGame(board, meta), notice: null };
      } catch {
        // A board we cannot read: take one from the pack instead.
      }
    }
    const why = answer === null ? "kakuro.offlinePack" : "kakuro.refusedPack";
    const puzzles = await pack();
    const picked = pickPuzzle(puzzles, size, difficulty, loadPlayed(storage));
    if (!picked) return null;
    addPlayed(storage, packKey(size, difficulty, picked.seed));
    const board = parseBoard(picked.puzzle);
    return { game: newGame(board, { size, difficulty, source: "pack", seed: picked.seed }), notice: why };
  }

  function startGame(g, why) {
    game = g;
    notice = why;
    saveCurrent(storage, game);
    ctx.navigate("#/kakuro/play");
  }

  function loadSlot(k, slot) {
    const g = gameOfSlot(slot);
    if (!g) return;
    startGame(g, null);
  }

  // ---- save slots ---------------------------------------------------------

  /** The list of slots; `mode` "load" or "save"; `choose(k)` on a click. */
  function slotList(slots, mode, choose) {
    return h(
      "ul",
      { class: "kk-slots", id: mode === "load" ? "kk-load-slots" : "kk-save-slots" },
      slots.map((slot, k) => {
        const name = t("kakuro.slot", { number: k + 1 });
        const duration = ctx.i18n().duration;
        const span = (cls, text) => h("span", { class: cls }, text);
        const body = slot
          ? [
              slot.thumbnail
                ? h("img", { class: "kk-thumb", src: slot.thumbnail, alt: "", width: 66, height: 66 })
                : h("span", { class: "kk-thumb" }),
              h(
                "span",
                { class: "kk-slot-text" },
                h("strong", {}, name),
                span("kk-slot-kind", `${sizeText(slot.size)} · ${difficultyName(slot.difficulty)}`),
                span("kk-slot-time", t("kakuro.slotTime", { time: duration(slot.elapsed) })),
                span("kk-slot-date", t("kakuro.slotStarted", { date: formatDate(slot.started) })),
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

  function dialog(id) {
    let el = document.getElementById(id);
    if (!el) {
      el = h("dialog", { id, class: "kk-dialog" });
      document.body.append(el);
    }
    return el;
  }

  /** Asks a yes/no question in a dialog; resolves to true for yes. */
  function confirm(text, yes) {
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

  /** The save dialog for `g`: pick a slot; a used slot asks first. */
  function openSlotDialog(g) {
    const el = dialog("kk-save-dialog");
    const message = h("p", { class: "kk-note", id: "kk-save-message", role: "status" });
    const draw = () => {
      const slots = loadSlots(storage);
      el.replaceChildren(
        h("h2", {}, t("kakuro.saveHeading")),
        slotList(slots, "save", async (k) => {
          if (slots[k]) {
            el.close();
            const ok = await confirm(
              t("kakuro.overwrite", {
                number: k + 1,
                size: sizeText(slots[k].size),
                difficulty: difficultyName(slots[k].difficulty),
                date: formatDate(slots[k].started),
              }),
              t("kakuro.overwriteYes"),
            );
            el.showModal();
            if (!ok) return;
          }
          const written = saveSlot(storage, k, slotOf(g, thumbnail(g.board, g.values)));
          draw();
          message.textContent = t(written ? "kakuro.saved" : "kakuro.saveFailed", { number: k + 1 });
        }),
        message,
        h("div", { class: "actions" }, button("kk-save-close", t("kakuro.close"), () => el.close())),
      );
    };
    draw();
    el.showModal();
  }

  // ---- the board screen (a game, or the tutorial) -------------------------

  function renderPlay(view) {
    if (!game) {
      ctx.navigate("#/kakuro");
      return;
    }
    screen = "play";
    buildBoardScreen(view, game, { tutorial: false });
  }

  function renderTutorial(view) {
    screen = "tutorial";
    const g = newGame(parseBoard(TUTORIAL_BOARD), { size: 4, difficulty: null, source: "tutorial" });
    buildBoardScreen(view, g, { tutorial: true });
  }

  function buildBoardScreen(view, g, { tutorial }) {
    const board = g.board;
    const first = board.cells.findIndex((c) => c.kind === "digit");
    ui = {
      game: g,
      tutorial,
      step: 0,
      selected: tutorial ? -1 : first,
      pencil: false,
      hints: tutorial ? false : settings.hints,
    };
    ui.built = buildBoard(board, { label: (r, c) => t("kakuro.cellLabel", { row: r, col: c }) });
    ui.built.el.tabIndex = 0;
    ui.built.el.setAttribute("aria-label", t("kakuro.board"));
    ui.built.el.dataset.puzzle = boardText(board);
    ui.built.el.addEventListener("click", (e) => {
      const cell = e.target.closest("[data-i]");
      if (cell) clickCell(Number(cell.dataset.i));
    });
    ui.wrap = h("div", { class: "kk-board-wrap" }, ui.built.el);
    ui.timer = h("span", { class: "timer", id: "kk-timer", title: t("kakuro.time") }, "");
    ui.status = h("div", { class: "status", id: "kk-status", role: "status", hidden: true });
    const ghost = { class: "ghost" };
    const toggle = { class: "ghost kk-toggle", "aria-pressed": "false" };
    ui.undo = button("kk-undo", t("kakuro.undo"), () => history(undoMove), ghost);
    ui.redo = button("kk-redo", t("kakuro.redo"), () => history(redoMove), ghost);
    ui.pencilButton = button("kk-pencil", t("kakuro.pencil"), togglePencil, toggle);
    ui.hintsButton = button("kk-hints-toggle", t("kakuro.hints"), toggleHints, toggle);
    ui.hintsPanel = h("section", { class: "kk-hints", id: "kk-hints", "aria-live": "polite", hidden: true });
    const pad = h(
      "div",
      { class: "kk-pad", id: "kk-pad", role: "group", "aria-label": t("kakuro.pad") },
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) =>
        h("button", { type: "button", class: "kk-key", "data-digit": d, onclick: () => enter(d) }, String(d)),
      ),
      button("kk-erase", "⌫", () => enter(0), {
        class: "kk-key kk-erase",
        "aria-label": t("kakuro.erase"),
        title: t("kakuro.erase"),
      }),
    );
    const checks = tutorial
      ? null
      : h(
          "div",
          { class: "kk-checks" },
          checkbox("kk-show-repeats", "showRepeats", t("kakuro.showRepeats")),
          checkbox("kk-show-wrong", "showWrongSums", t("kakuro.showWrongSums")),
        );
    const title = tutorial
      ? t("kakuro.tutorial")
      : g.difficulty
        ? t("kakuro.title", { size: sizeText(g.size), difficulty: difficultyName(g.difficulty) })
        : t("kakuro.titleCustom", { size: sizeText(g.size) });
    ui.tutorialPanel = tutorial
      ? h("div", { class: "kk-panel kk-tutorial", id: "kk-tutorial-step", role: "status" })
      : null;
    const noticeEl =
      notice && !tutorial ? h("p", { class: "kk-note kk-notice", id: "kk-notice" }, t(notice)) : null;
    notice = null;
    view.replaceChildren(
      h(
        "section",
        { class: `kk-play${tutorial ? " kk-is-tutorial" : ""}` },
        h(
          "div",
          { class: "play-head" },
          h("a", { class: "back", href: "#/kakuro", id: "kk-back" }, t("kakuro.back")),
          h("h1", { id: "kk-title" }, title),
          tutorial ? null : ui.timer,
        ),
        noticeEl,
        ui.tutorialPanel,
        h(
          "div",
          { class: "kk-layout" },
          ui.wrap,
          h(
            "div",
            { class: "kk-side" },
            pad,
            h(
              "div",
              { class: "tools" },
              ui.pencilButton,
              ui.undo,
              ui.redo,
              ui.hintsButton,
              tutorial ? null : button("kk-save", t("kakuro.save"), () => openSlotDialog(game)),
            ),
            checks,
            ui.status,
            ui.hintsPanel,
            h("p", { class: "help" }, t("kakuro.help")),
          ),
        ),
      ),
    );
    fit();
    requestAnimationFrame(() => fit());
    refresh();
    tick(0);
  }

  function checkbox(id, key, label) {
    const input = h("input", { type: "checkbox", id, checked: settings[key] });
    input.addEventListener("change", () => {
      settings[key] = input.checked;
      saveKakuroSettings(storage, settings);
      refresh();
    });
    return h("label", { class: "kk-check" }, input, h("span", {}, label));
  }

  function togglePencil() {
    if (!ui) return;
    ui.pencil = !ui.pencil;
    refresh();
  }

  function toggleHints() {
    if (!ui) return;
    ui.hints = !ui.hints;
    if (!ui.tutorial) {
      settings.hints = ui.hints;
      saveKakuroSettings(storage, settings);
    }
    refresh();
  }

  function clickCell(i) {
    const board = ui.game.board;
    const cell = board.cells[i];
    if (cell.kind === "digit") ui.selected = i;
    else if (cell.kind === "clue") {
      // A clue selects the first cell of its run (across first).
      const runs = board.runs.filter((r) => r.clue === i);
      const run = runs.find((r) => r.dir === "across") ?? runs[0];
      if (run) ui.selected = run.cells[0];
    }
    ui.built.el.focus({ preventScroll: true });
    refresh();
  }

  /** A digit (1..9) from the keyboard or the pad, or 0 to erase. */
  function enter(d, mark = false) {
    if (!ui || ui.selected < 0) return;
    const g = ui.game;
    let changed;
    if (d === 0) changed = erase(g, ui.selected);
    else if (ui.pencil || mark) changed = toggleMark(g, ui.selected, d);
    else changed = g.values[ui.selected] === d ? false : placeDigit(g, ui.selected, d);
    if (changed) moved();
  }

  function history(step) {
    if (ui && step(ui.game)) moved();
  }

  function moved() {
    const g = ui.game;
    if (!ui.tutorial) saveCurrent(storage, g);
    refresh();
  }

  function move(dr, dc) {
    const board = ui.game.board;
    let r = Math.floor(Math.max(ui.selected, 0) / board.cols);
    let c = Math.max(ui.selected, 0) % board.cols;
    if (ui.selected < 0) {
      ui.selected = board.cells.findIndex((x) => x.kind === "digit");
      refresh();
      return;
    }
    for (;;) {
      r += dr;
      c += dc;
      if (r < 0 || c < 0 || r >= board.rows || c >= board.cols) return;
      const i = r * board.cols + c;
      if (board.cells[i].kind === "digit") {
        ui.selected = i;
        refresh();
        return;
      }
    }
  }

  function onKey(e) {
    if (!ui || (screen !== "play" && screen !== "tutorial")) return;
    if (document.querySelector("dialog[open]")) return;
    if (e.target.closest?.("input, select, textarea")) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (mod && key === "z") {
      e.preventDefault();
      history(e.shiftKey ? redoMove : undoMove);
      return;
    }
    if (mod && key === "y") {
      e.preventDefault();
      history(redoMove);
      return;
    }
    if (mod || e.altKey) return;
    if (e.key in ARROWS) {
      e.preventDefault();
      move(...ARROWS[e.key]);
      return;
    }
    // By the physical key, so Shift+digit (a pencil mark) works on any layout.
    const digit = /^(?:Digit|Numpad)([0-9])$/.exec(e.code ?? "")?.[1] ?? /^[0-9]$/.exec(e.key)?.[0] ?? null;
    if (digit !== null) {
      e.preventDefault();
      enter(Number(digit), e.shiftKey);
    } else if (e.key === "Backspace" || e.key === "Delete") {
      e.preventDefault();
      enter(0);
    } else if (key === "p") {
      e.preventDefault();
      togglePencil();
    } else if (key === "h") {
      e.preventDefault();
      toggleHints();
    }
  }
  document.addEventListener("keydown", onKey);

  /** Redraws the board, the tools, the hints, the status and the tutorial. */
  function refresh() {
    if (!ui) return;
    const g = ui.game;
    const board = g.board;
    const checked = checkBoard(board, g.values);
    const showRepeats = ui.tutorial || settings.showRepeats;
    const showWrong = ui.tutorial || settings.showWrongSums;
    const runs = ui.selected >= 0 ? Object.values(board.runsOf[ui.selected]).filter((k) => k >= 0) : [];
    paintBoard(board, ui.built, {
      values: g.values,
      marks: g.marks,
      selected: ui.selected,
      activeRuns: runs,
      repeats: showRepeats ? checked.repeats : new Set(),
      wrongRuns: showWrong ? checked.wrongRuns : [],
    });
    ui.built.el.classList.toggle("kk-solved", g.solved);
    ui.built.el.classList.toggle("kk-pencil-mode", ui.pencil);
    ui.undo.disabled = g.undo.length === 0 || g.solved;
    ui.redo.disabled = g.redo.length === 0 || g.solved;
    ui.pencilButton.setAttribute("aria-pressed", String(ui.pencil));
    ui.hintsButton.setAttribute("aria-pressed", String(ui.hints));
    drawHints(runs);
    drawStatus();
    if (ui.tutorial) drawTutorial();
  }

  function drawHints(runs) {
    const panel = ui.hintsPanel;
    panel.hidden = !ui.hints;
    if (!ui.hints) return;
    const g = ui.game;
    if (!runs.length) {
      panel.replaceChildren(h("p", { class: "help" }, t("kakuro.hintsSelect")));
      return;
    }
    const order = ["across", "down"];
    const sorted = runs
      .map((k) => [k, g.board.runs[k]])
      .sort((a, b) => order.indexOf(a[1].dir) - order.indexOf(b[1].dir));
    panel.replaceChildren(
      ...sorted.map(([k, run]) => {
        const hint = runHint(g.board, k, g.values);
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

  function drawStatus() {
    const g = ui.game;
    if (!g.solved || ui.tutorial) {
      ui.status.hidden = true;
      return;
    }
    ui.status.replaceChildren(
      h("strong", { class: "solved-title", id: "kk-solved" }, t("kakuro.solved")),
      h("span", { id: "kk-solved-time" }, t("kakuro.solvedTime", { time: ctx.i18n().duration(g.elapsed) })),
      button("kk-again", t("kakuro.newGameShort"), () => ctx.navigate("#/kakuro")),
    );
    ui.status.hidden = false;
  }

  function drawTutorial() {
    const g = ui.game;
    const state = { selected: ui.selected, values: g.values, hints: ui.hints, solved: g.solved };
    ui.step = nextStep(ui.step, state);
    const total = TUTORIAL_STEPS.length;
    const panel = ui.tutorialPanel;
    for (const el of ui.built.cells) el.classList.remove("kk-target");
    document.querySelectorAll(".kk-target-control").forEach((el) => el.classList.remove("kk-target-control"));
    if (ui.step >= total) {
      panel.dataset.step = "done";
      panel.replaceChildren(
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
    const step = TUTORIAL_STEPS[ui.step];
    panel.dataset.step = String(ui.step + 1);
    panel.replaceChildren(
      h("p", { class: "kk-step-count" }, t("kakuro.tutorialStep", { number: ui.step + 1, total })),
      h("p", { id: "kk-step-text" }, t(step.key)),
    );
    for (const i of step.cells) ui.built.cells[i].classList.add("kk-target");
    if (step.control) document.getElementById(step.control)?.classList.add("kk-target-control");
  }

  /** Sizes the board to the screen. */
  function fit() {
    if (!ui) return;
    const wide = window.innerWidth >= 860;
    const width = ui.wrap.clientWidth || window.innerWidth - 24;
    const top = ui.wrap.getBoundingClientRect().top + window.scrollY;
    // On a phone the pad goes under the board: leave it room.
    const reserve = wide ? 16 : 150;
    const height = Math.max(window.innerHeight - top - reserve, 240);
    fitBoard(ui.built, ui.game.board, width, height, { max: ui.tutorial ? 72 : 56 });
  }

  /** Called every second with the play time `ms` that passed (0 while the page is hidden). */
  function tick(ms) {
    if (!ui || screen !== "play") return;
    const g = ui.game;
    if (!g.solved) g.elapsed += ms;
    ui.timer.textContent = ctx.i18n().duration(g.elapsed);
  }

  /** Shows the Kakuro screen `parts` (after "#/kakuro/"). */
  async function render(view, parts) {
    const sub = parts[0] ?? "";
    if (screen === "play" && sub !== "play") keep();
    editor.leave();
    ui = null;
    if (sub === "play") renderPlay(view);
    else if (sub === "tutorial") renderTutorial(view);
    else if (sub === "editor") {
      screen = "editor";
      editor.render(view);
    } else renderMenu(view);
  }

  return {
    render,
    leave,
    keep,
    tick,
    tileText,
    fit: () => {
      fit();
      editor.fit();
    },
  };
}
