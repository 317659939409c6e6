// Drawing a Kakuro board: the grid of cells in the DOM (clue cells split by
// a diagonal, the down sum below-left and the across sum above-right; digit
// cells with their digit or pencil marks), sizing it to the screen, and a
// small picture of it for the save slots.

import { h } from "./dom.js";

/**
 * Builds the DOM of `board` inside a new element and returns
 * {el, cells, t}: the board element (a grid of rows of gridcells) and one
 * element per cell (row-major). `t` (i18n) names every cell for screen
 * readers: position, then clue sums, blank, or (painted) digit, marks or empty.
 */
export function buildBoard(board, { id = "kk-board", t }) {
  const el = h("div", {
    class: "kk-board",
    id,
    role: "grid",
    "data-rows": board.rows,
    "data-cols": board.cols,
  });
  el.style.setProperty("--rows", board.rows);
  el.style.setProperty("--cols", board.cols);
  const cells = board.cells.map((cell, i) => {
    const r = Math.floor(i / board.cols);
    const c = i % board.cols;
    const where = { row: r + 1, col: c + 1 };
    const data = { id: `${id}-${i}`, role: "gridcell", "data-i": i, "data-r": r, "data-c": c };
    if (cell.kind === "blank") {
      return h("div", { class: "kk-blank", ...data, "aria-label": t("kakuro.cell.blank", where) });
    }
    if (cell.kind === "clue") return h("div", { class: "kk-clue", ...data }, ...clueContent(t, cell, where));
    const marks = h("div", { class: "kk-marks", "aria-hidden": "true" });
    // Spaces between the marks (a grid does not draw them) so that marks 2 and 6
    // read as "2 6", as the cell's name says them, not as 26.
    for (let d = 1; d <= 9; d++) marks.append(h("span", { "data-d": d }, ""), " ");
    return h(
      "div",
      { class: "kk-cell", ...data, "aria-label": t("kakuro.cell.empty", where) },
      h("span", { class: "kk-value" }, ""),
      marks,
    );
  });
  for (let r = 0; r < board.rows; r++) {
    const row = h("div", { class: "kk-row", role: "row" });
    row.append(...cells.slice(r * board.cols, (r + 1) * board.cols));
    el.append(row);
  }
  return { el, cells, t };
}

/**
 * A clue cell's content: its drawn sums inside its name, which the rest of
 * the sentence completes as screen-reader-only text ("Row 2, column 4: clue,
 * down 12, across 7"). Not an aria-label: the name must contain the text
 * that is seen (WCAG 2.5.3), and two drawn sums would read as one number.
 */
function clueContent(t, cell, where) {
  const key = cell.down === null ? "clueAcross" : cell.across === null ? "clueDown" : "clueBoth";
  const sentence = t(`kakuro.cell.${key}`, { ...where, down: "{down}", across: "{across}" });
  return sentence
    .split(/(\{down\}|\{across\})/)
    .filter((piece) => piece !== "")
    .map((piece) => {
      if (piece === "{down}") return h("span", { class: "kk-down" }, String(cell.down));
      if (piece === "{across}") return h("span", { class: "kk-across" }, String(cell.across));
      return h("span", { class: "sr-only" }, piece);
    });
}

/** What a screen reader says for digit cell `el` holding digit `d` or marks `m` (bits). */
function digitCellName(t, el, d, m) {
  const where = { row: Number(el.dataset.r) + 1, col: Number(el.dataset.c) + 1 };
  if (d) return t("kakuro.cell.digit", { ...where, digit: d });
  const marks = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((k) => m & (1 << k));
  return marks.length ? t("kakuro.cell.marks", { ...where, marks: marks.join(" ") }) : t("kakuro.cell.empty", where);
}

/** The cells of runs `ks`, and for each of their clue cells the directions marked. */
function runMarks(board, ks) {
  const cells = new Set();
  const clues = new Map();
  for (const k of ks) {
    const run = board.runs[k];
    for (const i of run.cells) cells.add(i);
    clues.set(run.clue, [...(clues.get(run.clue) ?? []), run.dir]);
  }
  return { cells, clues };
}

/**
 * Shows the state on a built board. `view`: values and marks (row-major),
 * selected cell (or -1), the runs to highlight (indices), and the mistakes
 * to show: `repeats` (a Set of cells) and `wrongRuns` (run indices); and
 * what the help points at: `mistakes` (a Set of cells), `helpRuns` (run
 * indices) and `helpCells` (a Set of cells); `doneRuns` (run indices) the
 * completed runs, whose clues are dimmed.
 */
export function paintBoard(board, ui, view) {
  const { values, marks = null, selected = -1, activeRuns = [], repeats = new Set(), wrongRuns = [] } = view;
  const { mistakes = new Set(), helpRuns = [], helpCells = new Set(), doneRuns = [] } = view;
  const { cells: inRun, clues: activeClue } = runMarks(board, activeRuns);
  const { cells: wrong, clues: wrongClue } = runMarks(board, wrongRuns);
  const { cells: helped, clues: helpClue } = runMarks(board, helpRuns);
  const { clues: doneClue } = runMarks(board, doneRuns);
  // The board keeps the focus; the selected cell is its active descendant,
  // so moving the selection announces the cell's name.
  if (selected >= 0) ui.el.setAttribute("aria-activedescendant", ui.cells[selected].id);
  else ui.el.removeAttribute("aria-activedescendant");
  board.cells.forEach((cell, i) => {
    const el = ui.cells[i];
    if (cell.kind === "clue") {
      const active = activeClue.get(i) ?? [];
      const bad = wrongClue.get(i) ?? [];
      el.classList.toggle("kk-active-down", active.includes("down"));
      el.classList.toggle("kk-active-across", active.includes("across"));
      el.classList.toggle("kk-wrong-down", bad.includes("down"));
      el.classList.toggle("kk-wrong-across", bad.includes("across"));
      const help = helpClue.get(i) ?? [];
      el.classList.toggle("kk-help-down", help.includes("down"));
      el.classList.toggle("kk-help-across", help.includes("across"));
      const done = doneClue.get(i) ?? [];
      el.classList.toggle("kk-done-down", done.includes("down"));
      el.classList.toggle("kk-done-across", done.includes("across"));
      el.dataset.done = done.join(" ");
      return;
    }
    if (cell.kind !== "digit") return;
    const d = values[i];
    el.querySelector(".kk-value").textContent = d ? String(d) : "";
    el.dataset.value = String(d);
    const m = d || !marks ? 0 : marks[i];
    el.dataset.marks = String(m);
    const spans = el.querySelector(".kk-marks").children;
    for (let k = 1; k <= 9; k++) spans[k - 1].textContent = m & (1 << k) ? String(k) : "";
    const name = digitCellName(ui.t, el, d, m);
    el.setAttribute("aria-label", mistakes.has(i) ? ui.t("kakuro.cell.mistake", { cell: name }) : name);
    el.setAttribute("aria-selected", String(i === selected));
    el.classList.toggle("kk-selected", i === selected);
    el.classList.toggle("kk-inrun", inRun.has(i) && i !== selected);
    el.classList.toggle("kk-repeat", repeats.has(i));
    el.classList.toggle("kk-wrong", wrong.has(i));
    el.classList.toggle("kk-mistake", mistakes.has(i));
    el.classList.toggle("kk-help-run", helped.has(i));
    el.classList.toggle("kk-help-cell", helpCells.has(i));
  });
}

/**
 * Sizes the board's cells so it fits `width` × `height` pixels (cells
 * between `min` and `max` pixels), the 1 px lines between and around the
 * cells counted.
 */
export function fitBoard(ui, board, width, height, { min = 16, max = 56 } = {}) {
  const fits = Math.min((width - 1) / board.cols, (height - 1) / board.rows) - 1;
  const cell = Math.max(min, Math.min(max, Math.floor(fits)));
  ui.el.style.setProperty("--cell", `${cell}px`);
  return cell;
}

/**
 * A small picture of the board with its digits (not the pencil marks), as
 * a PNG data URL, for the save slots. Empty string when the page cannot draw.
 */
export function thumbnail(board, values, px = 132) {
  const canvas = document.createElement("canvas");
  const cell = Math.max(4, Math.floor(px / Math.max(board.rows, board.cols)));
  canvas.width = cell * board.cols + 1;
  canvas.height = cell * board.rows + 1;
  const g = canvas.getContext("2d");
  if (!g) return "";
  g.fillStyle = "#2b3038";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.font = `600 ${Math.round(cell * 0.72)}px system-ui, sans-serif`;
  g.textAlign = "center";
  g.textBaseline = "middle";
  board.cells.forEach((c, i) => {
    const x = (i % board.cols) * cell;
    const y = Math.floor(i / board.cols) * cell;
    if (c.kind === "digit") {
      g.fillStyle = "#fbfaf6";
      g.fillRect(x + 1, y + 1, cell - 1, cell - 1);
      if (values[i]) {
        g.fillStyle = "#1f4fa8";
        g.fillText(String(values[i]), x + cell / 2 + 0.5, y + cell / 2 + 1);
      }
    } else if (c.kind === "clue") {
      g.fillStyle = "#4a515c";
      g.fillRect(x + 1, y + 1, cell - 1, cell - 1);
      g.strokeStyle = "#8a93a0";
      g.beginPath();
      g.moveTo(x + 1, y + 1);
      g.lineTo(x + cell, y + cell);
      g.stroke();
    }
  });
  try {
    return canvas.toDataURL("image/png");
  } catch {
    return "";
  }
}
