// The Kakuro board editor: choose a size (the sizes New game offers), tap
// cells to switch them between blank and digit cell (the first row and
// column hold the clues and never take digits), Confirm checks the run rules and marks what is wrong.
// On a valid layout: play it now (the server fills it into a puzzle with
// exactly one solution), show the solution, save it to a slot, or go on
// editing. What needs the server says so when it cannot be reached.

import { button, h, screenHead } from "./dom.js";
import { newGame } from "./kakuro-game.js";
import { EDITOR_SIZES, checkLayout, layoutText, parseBoard, parseSolution } from "./kakuro-model.js";
import { loadEditor, saveEditor } from "./kakuro-store.js";
import { buildBoard, fitBoard, paintBoard } from "./kakuro-view.js";
import { fitLayout } from "./layout.js";

const ARROWS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };

/** A layout of `size`×`size` with every cell outside the first row and column a digit cell. */
function fullLayout(size) {
  return { size, digits: Array.from({ length: size * size }, (_, i) => i >= size && i % size !== 0) };
}

/**
 * The editor. `ctx`: storage, api (kakuro-api.js), t(key, params), i18n(),
 * navigate(hash), play(game) to start a game, save(game) to open the slot
 * dialog.
 */
export function createKakuroEditor(ctx) {
  const { t } = ctx;
  let layout = null;
  let ui = null;
  /** The puzzle the server made of the current layout: {text, puzzle (server answer)}. */
  let filled = null;

  function leave() {
    if (layout) saveEditor(ctx.storage, layout);
    ui = null;
  }

  function render(view) {
    layout ??= loadEditor(ctx.storage) ?? fullLayout(EDITOR_SIZES[0]);
    const size = h(
      "select",
      { id: "kk-ed-size" },
      EDITOR_SIZES.map((n) =>
        h("option", { value: n, selected: n === layout.size }, t("kakuro.sizeValue", { size: n })),
      ),
    );
    size.addEventListener("change", () => {
      layout = fullLayout(Number(size.value));
      changed(true);
    });
    ui = { cursor: layout.size + 1 };
    ui.grid = h("div", {
      class: "kk-board kk-edit",
      id: "kk-ed-board",
      tabindex: 0,
      role: "grid",
      "aria-label": t("kakuro.editorBoard"),
    });
    ui.grid.addEventListener("click", (e) => {
      const cell = e.target.closest("[data-i]");
      if (cell) toggle(Number(cell.dataset.i));
    });
    ui.grid.addEventListener("keydown", onKey);
    ui.wrap = h("div", { class: "kk-board-wrap" }, ui.grid);
    ui.message = h("div", { class: "kk-ed-message", id: "kk-ed-message", role: "status" });
    ui.actions = h(
      "div",
      { class: "tools", id: "kk-ed-actions", hidden: true },
      button("kk-ed-play", t("kakuro.editorPlay"), playNow),
      button("kk-ed-solution", t("kakuro.editorSolution"), showSolution, { class: "ghost" }),
      button("kk-ed-save", t("kakuro.editorSave"), save, { class: "ghost" }),
      button("kk-ed-back", t("kakuro.editorBack"), back, { class: "ghost" }),
    );
    ui.solution = h("div", { class: "kk-ed-solution", id: "kk-ed-solution-view", hidden: true });
    view.replaceChildren(
      (ui.section = h(
        "section",
        { class: "kk-editor play" },
        screenHead({
          href: "#/kakuro",
          back: t("nav.back", { name: t("home.kakuro.name") }),
          id: "kk-back",
          title: t("kakuro.editor"),
        }),
        h(
          "div",
          { class: "tools kk-ed-tools" },
          h("label", { class: "kk-inline" }, h("span", {}, t("kakuro.sizeLabel")), size),
          button("kk-ed-clear", t("kakuro.editorClear"), () => setAll(false), { class: "ghost" }),
          button("kk-ed-full", t("kakuro.editorFull"), () => setAll(true), { class: "ghost" }),
          button("kk-ed-confirm", t("kakuro.editorConfirm"), confirm),
        ),
        h("p", { class: "help" }, t("kakuro.editorHelp")),
        ui.message,
        ui.actions,
        ui.wrap,
        ui.solution,
      )),
    );
    drawGrid();
    fit();
    requestAnimationFrame(() => {
      fit();
      // A board that does not fit under the top bar (and a notice) at 32 px
      // opens scrolled to: the section at the window's top.
      if (ui?.wrap.getBoundingClientRect().bottom > window.innerHeight) ui.section.scrollIntoView({ block: "start" });
    });
  }

  function drawGrid(bad = new Set()) {
    const n = layout.size;
    const digit = (r, c) => r >= 0 && c >= 0 && r < n && c < n && layout.digits[r * n + c];
    if (ui.cursor >= n * n) ui.cursor = n + 1;
    ui.grid.style.setProperty("--rows", n);
    ui.grid.style.setProperty("--cols", n);
    const rows = [];
    for (let r = 0; r < n; r++) {
      const row = h("div", { class: "kk-row", role: "row" });
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const fixed = r === 0 || c === 0;
        // A cell left of or above a digit cell will hold a clue.
        const clue = !digit(r, c) && (digit(r, c + 1) || digit(r + 1, c));
        const classes = [digit(r, c) ? "kk-cell" : clue ? "kk-clue" : "kk-blank"];
        if (fixed) classes.push("kk-fixed");
        if (bad.has(i)) classes.push("kk-bad");
        if (i === ui.cursor) classes.push("kk-cursor");
        const label = digit(r, c) ? "kakuro.editorDigitCell" : "kakuro.editorBlankCell";
        row.append(
          h("div", {
            class: classes.join(" "),
            role: "gridcell",
            id: `kk-ed-board-${i}`,
            "data-i": i,
            "data-r": r,
            "data-c": c,
            "data-digit": digit(r, c) ? "1" : "0",
            "aria-label": t(label, { row: r + 1, col: c + 1 }),
          }),
        );
      }
      rows.push(row);
    }
    ui.grid.replaceChildren(...rows);
    // The grid keeps the focus; the cursor's cell is announced as its active descendant.
    ui.grid.setAttribute("aria-activedescendant", `kk-ed-board-${ui.cursor}`);
  }

  function toggle(i) {
    const n = layout.size;
    ui.cursor = i;
    if (i < n || i % n === 0) {
      // The first row and column hold the clues.
      ui.message.replaceChildren(h("p", { class: "kk-note" }, t("kakuro.editorEdge")));
      drawGrid();
      return;
    }
    layout.digits[i] = !layout.digits[i];
    changed(false);
  }

  function setAll(digit) {
    layout = digit ? fullLayout(layout.size) : { size: layout.size, digits: layout.digits.map(() => false) };
    changed(false);
  }

  /** After an edit: the last check and the filled puzzle no longer apply. */
  function changed(resized) {
    saveEditor(ctx.storage, layout);
    filled = null;
    ui.message.replaceChildren();
    ui.actions.hidden = true;
    ui.solution.hidden = true;
    drawGrid();
    if (resized) fit();
  }

  function onKey(e) {
    const n = layout.size;
    if (e.key in ARROWS) {
      e.preventDefault();
      const [dr, dc] = ARROWS[e.key];
      const r = Math.min(n - 1, Math.max(0, Math.floor(ui.cursor / n) + dr));
      const c = Math.min(n - 1, Math.max(0, (ui.cursor % n) + dc));
      ui.cursor = r * n + c;
      drawGrid();
    } else if (e.key === " " || e.key === "Enter") {
      e.preventDefault();
      toggle(ui.cursor);
    }
  }

  function confirm() {
    const problems = checkLayout(layout.size, layout.size, layout.digits);
    ui.solution.hidden = true;
    if (!problems.length) {
      drawGrid();
      ui.message.replaceChildren(h("p", { class: "kk-ok", id: "kk-ed-valid" }, t("kakuro.editorValid")));
      ui.actions.hidden = false;
      return;
    }
    const bad = new Set(problems.flatMap((p) => p.cells));
    drawGrid(bad);
    const count = (rule) => problems.filter((p) => p.rule === rule).length;
    const lines = [];
    if (count("empty")) lines.push(t("kakuro.editorEmpty"));
    if (count("short")) lines.push(t("kakuro.editorShort", { count: count("short") }));
    if (count("long")) lines.push(t("kakuro.editorLong", { count: count("long") }));
    ui.actions.hidden = true;
    ui.message.replaceChildren(
      h("p", { class: "error", id: "kk-ed-error" }, t("kakuro.editorInvalid")),
      h("ul", { class: "error kk-ed-problems" }, lines.map((l) => h("li", {}, l))),
    );
  }

  function say(key, cls = "kk-note") {
    ui?.message.replaceChildren(h("p", { class: cls, id: "kk-ed-note" }, t(key)));
  }

  /** The server's puzzle for the current layout (filled once), or null after saying why. */
  async function puzzle() {
    const text = layoutText(layout.size, layout.size, layout.digits);
    if (filled?.text === text) return filled;
    say("kakuro.editorFilling");
    setBusy(true);
    const answer = await ctx.api.fill(text);
    setBusy(false);
    if (answer === null) {
      say("kakuro.needsServer", "error");
      return null;
    }
    if (!answer.ok) {
      say(answer.status === 422 ? "kakuro.editorNoFill" : "kakuro.serverError", "error");
      return null;
    }
    try {
      filled = { text, data: answer.data, board: parseBoard(answer.data.puzzle) };
    } catch {
      say("kakuro.serverError", "error");
      return null;
    }
    ui?.message.replaceChildren();
    return filled;
  }

  function setBusy(busy) {
    ui?.actions.querySelectorAll("button").forEach((b) => (b.disabled = busy));
  }

  function gameOf(made) {
    return newGame(made.board, {
      size: layout.size,
      difficulty: made.data.difficulty,
      source: "editor",
      seed: made.data.seed,
    });
  }

  async function playNow() {
    const made = await puzzle();
    if (made) ctx.play(gameOf(made));
  }

  async function save() {
    const made = await puzzle();
    if (made) ctx.save(gameOf(made));
  }

  async function showSolution() {
    const made = await puzzle();
    if (!made) return;
    setBusy(true);
    const answer = await ctx.api.solve(made.data.puzzle);
    setBusy(false);
    if (answer === null) {
      say("kakuro.needsServer", "error");
      return;
    }
    let values;
    try {
      if (!answer.ok || !answer.data.solutions?.length) throw new Error("no solution");
      values = parseSolution(answer.data.solutions[0], made.board);
    } catch {
      say("kakuro.serverError", "error");
      return;
    }
    const built = buildBoard(made.board, { id: "kk-ed-solved", t });
    paintBoard(made.board, built, { values });
    ui.solutionBoard = { built, board: made.board };
    ui.solution.replaceChildren(
      h("h2", {}, t("kakuro.editorSolutionHeading")),
      h("div", { class: "kk-board-wrap" }, built.el),
    );
    ui.solution.hidden = false;
    fit();
    built.el.scrollIntoView({ block: "nearest" });
  }

  function back() {
    ui.actions.hidden = true;
    ui.solution.hidden = true;
    ui.message.replaceChildren();
    ui.grid.focus();
  }

  /**
   * Sizes the board by the one layout rule (layout.js): beside the tools or
   * under them, whichever lets it show whole in the window with the larger
   * cells; never under 32 px where the width allows (the page scrolls to the
   * rest). Held sideways it stacked under the tools at 25 px.
   */
  function fit() {
    if (!ui) return;
    const n = layout.size;
    // The cell (its 1 px line counted) that shows the whole board in `width` × `height`.
    const whole = ({ width, height }) => Math.floor(Math.min((width - 1) / n, (height - 1) / n) - 1);
    /**
     * The board's room in the layout applied now: the window under the
     * board's top. Beside the tools that is the top bar's foot (the head is
     * in the column beside), so a 10×10 held sideways shows whole at 32 px
     * and the screen opens at its top (it took the window's whole height and
     * opened scrolled past the top bar).
     */
    const room = () => {
      const width = ui.wrap.clientWidth || window.innerWidth - 24;
      const top = ui.wrap.getBoundingClientRect().top + window.scrollY;
      // Beside, 4 px clear of the window's foot and of the top bar's (the board in the middle).
      return { width, height: window.innerHeight - top - (beside() ? 8 : 12) };
    };
    const beside = () => ui.section.classList.contains("layout-side");
    ui.wrap.style.removeProperty("min-height");
    fitLayout(ui.section, () => Math.min(44, whole(room())));
    const { width, height } = room();
    // Beside the tools its column is the window's height under its top, the board in its middle (css/app.css).
    if (beside()) ui.wrap.style.setProperty("min-height", `${height + 8}px`);
    const readable = Math.min(32, whole({ width, height: Infinity }));
    const cell = Math.max(whole({ width, height }), readable);
    fitBoard({ el: ui.grid }, { rows: n, cols: n }, width, (cell + 1) * n + 1, { max: 44 });
    const solved = ui.solutionBoard;
    if (solved) {
      const side = ui.solution.clientWidth || width;
      fitBoard(solved.built, solved.board, side, Math.max(height, side), { max: 44 });
    }
  }

  return { render, leave, fit };
}
