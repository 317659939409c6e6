// The Triplex screens: the level list and the board of one level, with
// dragging (pointer events: mouse, touch, pen), keyboard play, undo, reset,
// the level chain (solving a level opens the next), level codes and, when the
// server answers, start tokens, solve submission and the table of records.

import {
  canPlace,
  cellsAt,
  extent,
  isSolved,
  layoutStage,
  normalize,
  onStage,
  placements,
  shapesOf,
  solutionGrid,
  startPositions,
} from "./board.js";
import { coverText, levelCode, levelOf, normalizeCode, openLevel } from "./chain.js";
import { button, h } from "./dom.js";

/** Undo steps kept per level. */
const UNDO_LIMIT = 200;
/** Offsets to try, nearest first, when a turned piece does not fit where it is. */
const NUDGES = [];
for (let d = 0; d <= 3; d++) {
  for (let dy = -d; dy <= d; dy++) {
    for (let dx = -d; dx <= d; dx++) {
      if (Math.max(Math.abs(dx), Math.abs(dy)) === d) NUDGES.push([dx, dy]);
    }
  }
}
/** Pixels a pointer must travel before a press counts as a drag, not a tap. */
const DRAG_THRESHOLD = 6;

/**
 * The Triplex part of the app. `ctx` gives the pack, the progress object to
 * keep up to date, `i18n()`, `save()`, `navigate(hash)`, `api` and the
 * dialogs.
 */
export function createTriplex(ctx) {
  const { pack } = ctx;
  const total = pack.levels.length;
  const opened = new Map();
  /** The level being played, or null. */
  let session = null;
  /** The DOM of the board being shown. */
  let ui = null;

  const t = (key, params) => ctx.i18n().t(key, params);

  function codeOf(n) {
    if (n === 1) return pack.levels[0].code;
    return ctx.progress.codes[n] ?? null;
  }

  function isOpen(n) {
    return n === 1 || typeof ctx.progress.codes[n] === "string";
  }

  async function levelNumbered(n) {
    if (opened.has(n)) return opened.get(n);
    const entry = pack.levels[n - 1];
    if (!entry || !isOpen(n)) return null;
    const level = await levelOf(entry, codeOf(n));
    if (level) opened.set(n, level);
    return level;
  }

  // ---- the level list -------------------------------------------------

  function renderList(view) {
    leaveLevel();
    const solvedCount = Object.keys(ctx.progress.solved).length;
    const tiles = pack.levels.map(({ number: n }) => {
      const solved = Boolean(ctx.progress.solved[n]);
      const open = isOpen(n);
      const state = solved ? "solved" : open ? "open" : "locked";
      const label = `${t("level.title", { number: n })}: ${t(`level.${state}`)}`;
      return h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: `level-tile ${state}${ctx.progress.current === n ? " current" : ""}`,
            "data-level": n,
            "data-state": state,
            "aria-label": label,
            title: label,
            onclick: () => {
              if (open) ctx.navigate(`#/triplex/${n}`);
              else openCodeDialog(n);
            },
          },
          h("span", { class: "num" }, String(n)),
          h("span", { class: "mark", "aria-hidden": "true" }, solved ? "✓" : ""),
        ),
      );
    });
    view.replaceChildren(
      h(
        "section",
        { class: "levels" },
        h(
          "div",
          { class: "levels-head" },
          h("h1", {}, t("levels.heading")),
          h(
            "p",
            { class: "progress", id: "levels-progress" },
            t("levels.solved", { count: solvedCount, total }),
          ),
          button("enter-code", t("code.button"), () => openCodeDialog(null)),
        ),
        h("ol", { class: "level-grid" }, tiles),
      ),
    );
    const current = view.querySelector(".level-tile.current");
    current?.scrollIntoView({ block: "center" });
  }

  // ---- the code dialog ------------------------------------------------

  function openCodeDialog(number) {
    const dialog = document.getElementById("code-dialog");
    const numberInput = document.getElementById("code-number");
    const codeInput = document.getElementById("code-code");
    const error = document.getElementById("code-error");
    numberInput.max = String(total);
    numberInput.value = number ? String(number) : "";
    codeInput.value = "";
    error.textContent = "";
    dialog.showModal();
    (number ? codeInput : numberInput).focus();
  }

  /** Checks the code dialog's number and code; opens the level when they match. */
  async function submitCodeDialog() {
    const error = document.getElementById("code-error");
    const n = Number(document.getElementById("code-number").value);
    if (!Number.isInteger(n) || n < 1 || n > total) {
      error.textContent = t("code.badNumber", { total });
      return;
    }
    const code = normalizeCode(document.getElementById("code-code").value);
    if (!code) {
      error.textContent = t("code.badFormat");
      return;
    }
    const entry = pack.levels[n - 1];
    let ok;
    if (entry.level) {
      ok = code === entry.code;
    } else {
      const level = await openLevel(n, code, entry.sealed);
      ok = level !== null;
      if (ok) opened.set(n, level);
    }
    if (!ok) {
      error.textContent = t("code.wrong", { number: n });
      return;
    }
    if (n > 1) ctx.progress.codes[n] = code;
    ctx.save();
    document.getElementById("code-dialog").close();
    ctx.navigate(`#/triplex/${n}`);
  }

  // ---- one level ------------------------------------------------------

  /** Saves the session into the progress object (not yet to storage). */
  function keep() {
    if (!session) return;
    ctx.progress.boards[session.n] = {
      stage: session.stage,
      positions: session.positions,
      undo: session.undo.slice(-UNDO_LIMIT),
      elapsed: Math.round(session.elapsed),
      token: session.token,
    };
  }

  function validBoard(saved, level) {
    const s = saved?.stage;
    return (
      s &&
      Number.isInteger(s.cols) &&
      Number.isInteger(s.rows) &&
      Number.isInteger(s.tx) &&
      Number.isInteger(s.ty) &&
      Array.isArray(s.home) &&
      s.home.length === level.pieces.length &&
      Array.isArray(saved.positions) &&
      saved.positions.length === level.pieces.length &&
      saved.positions.every((p) => Number.isInteger(p?.x) && Number.isInteger(p?.y) && Number.isInteger(p?.o))
    );
  }

  /** Width over height of the screen area the board gets (as fit() sizes it). */
  function boardAspect() {
    const width = Math.min(window.innerWidth, 1200) - 24;
    const height = Math.max(window.innerHeight - 200, window.innerHeight * 0.45);
    return width / height;
  }

  function leaveLevel() {
    if (session) {
      keep();
      ctx.save();
    }
    session = null;
    ui = null;
  }

  async function renderLevel(view, n) {
    if (!Number.isInteger(n) || n < 1 || n > total) {
      ctx.navigate("#/triplex");
      return;
    }
    if (!isOpen(n)) {
      renderList(view);
      openCodeDialog(n);
      return;
    }
    const level = await levelNumbered(n);
    if (!level) {
      // A stored code that no longer opens its level (a new pack): forget it.
      delete ctx.progress.codes[n];
      ctx.save();
      renderList(view);
      openCodeDialog(n);
      return;
    }
    if (!session || session.n !== n) {
      leaveLevel();
      const saved = ctx.progress.boards[n];
      if (validBoard(saved, level)) {
        session = {
          n,
          level,
          stage: saved.stage,
          positions: saved.positions,
          undo: Array.isArray(saved.undo) ? saved.undo : [],
          elapsed: Number(saved.elapsed) || 0,
          token: typeof saved.token === "string" ? saved.token : null,
        };
      } else {
        const stage = layoutStage(level, boardAspect());
        session = {
          n,
          level,
          stage,
          positions: startPositions(stage),
          undo: [],
          elapsed: 0,
          token: null,
        };
      }
      session.solved = isSolved(level, session.stage, session.positions);
      session.pending = null;
      ctx.progress.current = n;
      keep();
      ctx.save();
      startOnline(session);
    }
    buildLevelView(view);
  }

  /** Asks the server for a start token unless the level is solved or has one. */
  async function startOnline(s) {
    if (!ctx.api.online || s.solved || s.token) return;
    const started = await ctx.api.start(s.n);
    if (started && session === s) {
      s.token = started.token;
      keep();
      ctx.save();
    }
  }

  function buildLevelView(view) {
    const s = session;
    const { level } = s;
    const next = s.n < total ? s.n + 1 : null;
    ui = {};
    ui.timer = h("span", { class: "timer", id: "timer", title: t("play.time") }, "");
    ui.undo = button("undo", t("play.undo"), undo);
    ui.reset = button("reset", t("play.reset"), reset);
    ui.status = h("div", { class: "status", id: "status", role: "status" });
    ui.records = h("aside", { class: "records", id: "records", hidden: true });
    ui.wrap = h("div", { class: "stage-wrap" });
    ui.stage = h("div", {
      class: "stage",
      id: "stage",
      role: "group",
      "aria-label": t("play.board"),
      "data-cols": s.stage.cols,
      "data-rows": s.stage.rows,
    });
    ui.target = h("div", {
      class: "target",
      id: "target",
      "data-width": level.width,
      "data-height": level.height,
      "data-x": s.stage.tx,
      "data-y": s.stage.ty,
    });
    ui.target.style.setProperty("--x", s.stage.tx);
    ui.target.style.setProperty("--y", s.stage.ty);
    ui.target.style.setProperty("--w", level.width);
    ui.target.style.setProperty("--h", level.height);
    ui.stage.append(ui.target);
    ui.pieces = level.pieces.map((_, k) => buildPiece(k));
    ui.stage.append(...ui.pieces);
    ui.wrap.append(ui.stage);

    const code = codeOf(s.n);
    view.replaceChildren(
      h(
        "section",
        { class: "play", "data-level": s.n },
        h(
          "div",
          { class: "play-head" },
          h("a", { class: "back", href: "#/triplex", id: "to-levels" }, t("play.levels")),
          h("h1", { id: "level-title" }, t("level.title", { number: s.n })),
          h(
            "span",
            { class: "level-code" },
            h("span", {}, t("play.code")),
            " ",
            h("code", { id: "level-code" }, code ?? ""),
          ),
          ui.timer,
        ),
        h(
          "div",
          { class: "tools" },
          ui.undo,
          ui.reset,
          button("enter-code", t("code.button"), () => openCodeDialog(next), { class: "ghost" }),
        ),
        ui.wrap,
        ui.status,
        ui.records,
        h("p", { class: "help" }, t(level.rotatable === null ? "play.help" : "play.helpRotate")),
      ),
    );
    fit();
    // Again once the page has settled (fonts, the mobile viewport).
    requestAnimationFrame(() => fit());
    drawPositions();
    showStatus();
    tick(0);
    refreshRecords();
  }

  function buildPiece(k) {
    const { level } = session;
    const el = h("div", {
      class: `piece${level.rotatable === k ? " rotatable" : ""}`,
      tabindex: 0,
      role: "button",
      "data-piece": k,
      "aria-label": t(level.rotatable === k ? "play.pieceRotatable" : "play.piece", {
        number: k + 1,
      }),
    });
    el.style.setProperty("--hue", String(Math.round((k * 137.508 + 20) % 360)));
    el.addEventListener("pointerdown", (e) => pointerDown(e, k));
    el.addEventListener("pointermove", pointerMove);
    el.addEventListener("pointerup", (e) => pointerUp(e, k));
    el.addEventListener("pointercancel", () => cancelDrag());
    el.addEventListener("keydown", (e) => keyDown(e, k));
    el.addEventListener("blur", () => {
      if (session?.pending?.k === k) {
        session.pending = null;
        drawPiece(k);
      }
    });
    drawShape(el, k, session.positions[k]);
    return el;
  }

  /** Fills a piece element with the cells of its current orientation. */
  function drawShape(el, k, pos) {
    const { level } = session;
    const shapes = shapesOf(level, k);
    const shape = shapes[pos.o % shapes.length];
    const { w, h: hgt } = extent(shape);
    el.style.setProperty("--w", w);
    el.style.setProperty("--h", hgt);
    el.dataset.shape = JSON.stringify(shape);
    el.dataset.o = String(pos.o);
    const cells = shape.map(([r, c]) => {
      const cell = h("div", { class: "cell", "data-r": r, "data-c": c });
      cell.style.setProperty("--r", r);
      cell.style.setProperty("--c", c);
      // Borders only where the piece ends, so a piece reads as one tile.
      const has = (dr, dc) => shape.some(([r2, c2]) => r2 === r + dr && c2 === c + dc);
      if (has(-1, 0)) cell.classList.add("join-n");
      if (has(1, 0)) cell.classList.add("join-s");
      if (has(0, -1)) cell.classList.add("join-w");
      if (has(0, 1)) cell.classList.add("join-e");
      return cell;
    });
    if (level.rotatable === k) {
      // The circle sits on the shape's first cell.
      const [r, c] = normalize(shape)[0];
      const ring = h("div", { class: "turn", "aria-hidden": "true" });
      ring.style.setProperty("--r", r);
      ring.style.setProperty("--c", c);
      cells.push(ring);
    }
    el.replaceChildren(...cells);
  }

  function drawPiece(k) {
    if (!ui) return;
    const pos = session.pending?.k === k ? session.pending.pos : session.positions[k];
    const el = ui.pieces[k];
    if (el.dataset.o !== String(pos.o)) drawShape(el, k, pos);
    el.style.setProperty("--x", pos.x);
    el.style.setProperty("--y", pos.y);
    el.classList.toggle("lifted", session.pending?.k === k);
    el.dataset.x = String(pos.x);
    el.dataset.y = String(pos.y);
  }

  function drawPositions() {
    if (!ui) return;
    session.positions.forEach((_, k) => drawPiece(k));
    ui.undo.disabled = session.undo.length === 0;
    ui.stage.classList.toggle("solved", session.solved);
  }

  /** Sizes the cells so the whole stage fits the window. */
  function fit() {
    if (!ui) return;
    const { cols, rows } = session.stage;
    const width = ui.wrap.clientWidth || window.innerWidth;
    const top = ui.wrap.getBoundingClientRect().top + window.scrollY;
    const height = Math.max(window.innerHeight - top - 12, window.innerHeight * 0.45);
    const cell = Math.max(12, Math.min(72, Math.floor(Math.min(width / cols, height / rows))));
    ui.cell = cell;
    ui.stage.style.setProperty("--cell", `${cell}px`);
    ui.stage.style.setProperty("--cols", cols);
    ui.stage.style.setProperty("--rows", rows);
  }

  // ---- moves ----------------------------------------------------------

  function pushUndo() {
    session.undo.push(session.positions.map((p) => ({ ...p })));
    if (session.undo.length > UNDO_LIMIT) session.undo.shift();
  }

  /** Moves piece k to `pos` if it may lie there; true when it moved. */
  function tryMove(k, pos) {
    const cur = session.positions[k];
    if (cur.x === pos.x && cur.y === pos.y && cur.o === pos.o) {
      drawPiece(k);
      return false;
    }
    if (!canPlace(session.level, session.stage, session.positions, k, pos)) {
      drawPiece(k);
      ui?.pieces[k].animate?.(
        [{ translate: "-4px 0" }, { translate: "4px 0" }, { translate: "0 0" }],
        { duration: 160 },
      );
      return false;
    }
    pushUndo();
    session.positions = session.positions.map((p, j) => (j === k ? { ...pos } : p));
    changed();
    return true;
  }

  /** The next orientation of the rotatable piece, nudged to fit if needed. */
  function rotated(k, from) {
    const shapes = shapesOf(session.level, k);
    if (shapes.length < 2) return null;
    const o = (from.o + 1) % shapes.length;
    // Turn in place if there is room, else at the nearest free place.
    for (const [dx, dy] of NUDGES) {
      const pos = { x: from.x + dx, y: from.y + dy, o };
      if (canPlace(session.level, session.stage, session.positions, k, pos)) return pos;
    }
    return null;
  }

  function rotate(k) {
    if (session.solved || session.level.rotatable !== k) return;
    const pos = rotated(k, session.positions[k]);
    if (pos) tryMove(k, pos);
  }

  function undo() {
    if (!session || session.undo.length === 0) return;
    session.positions = session.undo.pop();
    session.pending = null;
    changed();
  }

  function reset() {
    if (!session) return;
    pushUndo();
    session.positions = startPositions(session.stage);
    session.pending = null;
    const wasSolved = session.solved;
    changed();
    if (wasSolved) {
      // Playing a solved level again: a new start for the server.
      session.elapsed = 0;
      session.token = null;
      startOnline(session);
    }
  }

  function changed() {
    const was = session.solved;
    session.solved = isSolved(session.level, session.stage, session.positions);
    keep();
    ctx.save();
    drawPositions();
    if (session.solved && !was) solved(session);
    else showStatus();
  }

  // ---- pointer and keyboard ------------------------------------------

  let drag = null;

  function pointerDown(e, k) {
    if (session.solved || drag) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.preventDefault();
    const el = ui.pieces[k];
    el.setPointerCapture?.(e.pointerId);
    session.pending = null;
    drag = { k, id: e.pointerId, sx: e.clientX, sy: e.clientY, dx: 0, dy: 0, moved: false };
    el.classList.add("dragging");
    el.focus({ preventScroll: true });
  }

  function pointerMove(e) {
    if (!drag || drag.id !== e.pointerId) return;
    drag.dx = e.clientX - drag.sx;
    drag.dy = e.clientY - drag.sy;
    if (Math.hypot(drag.dx, drag.dy) >= DRAG_THRESHOLD) drag.moved = true;
    if (drag.moved) ui.pieces[drag.k].style.transform = `translate(${drag.dx}px, ${drag.dy}px)`;
  }

  function pointerUp(e, k) {
    if (!drag || drag.id !== e.pointerId || drag.k !== k) return;
    const { dx, dy, moved } = drag;
    cancelDrag();
    if (!moved) {
      rotate(k);
      return;
    }
    const cur = session.positions[k];
    tryMove(k, { x: cur.x + Math.round(dx / ui.cell), y: cur.y + Math.round(dy / ui.cell), o: cur.o });
  }

  function cancelDrag() {
    if (!drag) return;
    const el = ui?.pieces[drag.k];
    if (el) {
      el.style.transform = "";
      el.classList.remove("dragging");
    }
    drag = null;
  }

  function keyDown(e, k) {
    if (session.solved) return;
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const pending = session.pending?.k === k ? session.pending.pos : null;
    if (e.key in steps) {
      e.preventDefault();
      const from = pending ?? session.positions[k];
      const [dx, dy] = steps[e.key];
      const pos = { ...from, x: from.x + dx, y: from.y + dy };
      // A lifted piece may pass over others but stays on the stage.
      if (onStage(session.stage, cellsAt(session.level, k, pos))) {
        session.pending = { k, pos };
        drawPiece(k);
      }
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (pending) {
        session.pending = null;
        if (!tryMove(k, pending)) drawPiece(k);
      }
    } else if (e.key === "Escape") {
      if (pending) {
        e.preventDefault();
        session.pending = null;
        drawPiece(k);
      }
    } else if (e.key === "r" || e.key === "R" || e.key === " ") {
      e.preventDefault();
      if (session.level.rotatable !== k) return;
      if (pending) {
        const shapes = shapesOf(session.level, k);
        session.pending = { k, pos: { ...pending, o: (pending.o + 1) % shapes.length } };
        if (!onStage(session.stage, cellsAt(session.level, k, session.pending.pos))) {
          session.pending = { k, pos: pending };
        }
        drawPiece(k);
      } else {
        rotate(k);
      }
    } else if (e.key === "z" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      undo();
    }
  }

  // ---- solved ---------------------------------------------------------

  async function solved(s) {
    const n = s.n;
    const record = ctx.progress.solved[n] ?? { ms: Math.round(s.elapsed), at: Date.now() };
    record.best = Math.min(record.best ?? record.ms, Math.round(s.elapsed));
    ctx.progress.solved[n] = record;
    let nextOpened = n === total;
    if (n < total) {
      const cover = coverText(solutionGrid(s.level, s.stage, s.positions));
      const code = await levelCode(n + 1, cover);
      const next = await openLevel(n + 1, code, pack.levels[n].sealed);
      if (next) {
        opened.set(n + 1, next);
        ctx.progress.codes[n + 1] = code;
        nextOpened = true;
      }
    }
    s.chainBroken = !nextOpened;
    keep();
    ctx.save();
    if (session === s) showStatus();
    submitOnline(s);
  }

  async function submitOnline(s) {
    const token = s.token;
    if (!ctx.api.online || !token) return;
    s.token = null;
    keep();
    ctx.save();
    const answer = await ctx.api.submit(s.n, token, placements(s.level, s.stage, s.positions));
    if (answer?.first && !answer.named) {
      const name = await ctx.askName(async (typed) => ctx.api.name(s.n, token, typed));
      if (name !== null) ctx.progress.name = name;
      ctx.save();
    }
    if (session === s) refreshRecords();
  }

  function showStatus() {
    if (!ui) return;
    const s = session;
    if (!s.solved) {
      ui.status.replaceChildren();
      ui.status.hidden = true;
      return;
    }
    const record = ctx.progress.solved[s.n];
    const parts = [
      h("strong", { class: "solved-title", id: "solved-title" }, t("play.solved")),
      record ? h("span", {}, t("play.solvedTime", { time: ctx.i18n().duration(record.ms) })) : null,
    ];
    if (s.n < total && isOpen(s.n + 1)) {
      parts.push(
        button("next-level", t("play.next"), () => ctx.navigate(`#/triplex/${s.n + 1}`)),
      );
    } else if (s.n === total) {
      parts.push(h("span", {}, t("play.last")));
    } else if (s.chainBroken) {
      parts.push(h("span", { class: "error" }, t("play.chainBroken")));
    }
    ui.status.replaceChildren(...parts);
    ui.status.hidden = false;
    ui.status.querySelector("#next-level")?.focus({ preventScroll: true });
  }

  async function refreshRecords() {
    if (!ui || !ctx.api.online) return;
    const s = session;
    const records = await ctx.api.records(s.n);
    if (!records || session !== s || !ui) return;
    const i18n = ctx.i18n();
    const rows = [h("h2", {}, t("records.heading"))];
    if (records.first) {
      const ago = i18n.ago(records.first.solved_at, records.now ?? Date.now());
      const who = records.first.name;
      const agoNode = h("span", { class: "ago" }, ago);
      rows.push(
        h(
          "p",
          { id: "records-first" },
          who
            ? i18n.parts("records.firstBy", {}, { name: h("bdi", { class: "name" }, who), ago: agoNode })
            : i18n.parts("records.firstAnonymous", {}, { ago: agoNode }),
        ),
      );
      rows.push(h("p", { id: "records-solves" }, t("records.solves", { count: records.solves })));
      if (Number.isFinite(records.median_ms)) {
        rows.push(
          h("p", { id: "records-median" }, t("records.median", { time: i18n.duration(records.median_ms) })),
        );
      }
    } else {
      rows.push(h("p", { id: "records-none" }, t("records.none")));
    }
    ui.records.replaceChildren(...rows);
    ui.records.hidden = false;
  }

  /** Called every second with the play time `ms` that passed (0 while the page is hidden). */
  function tick(ms) {
    if (!session) return;
    if (!session.solved) session.elapsed += ms;
    if (ui) ui.timer.textContent = ctx.i18n().duration(session.elapsed);
  }

  return {
    renderList,
    renderLevel,
    leave: leaveLevel,
    tick,
    keep,
    fit,
    submitCodeDialog,
    /** Number of levels and of solved ones, for the home screen. */
    counts: () => ({ total, solved: Object.keys(ctx.progress.solved).length }),
  };
}
