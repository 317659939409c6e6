// The board of one Triplex level in the DOM: the stage with its target and
// pieces, the tools, the solved status and the table of records. It draws
// the session it is given and calls back for everything the player does.

import { button, h, helpLine, screenHead } from "./dom.js";
import { fitLayout } from "./layout.js";
import { gradeOf } from "./triplex-list.js";
import { printArea, printButton, printHeading } from "./print.js";
import { resultCard } from "./share.js";
import { extent, normalize, shapesOf } from "./triplex-board.js";

/**
 * Builds the board of `session` in `view` and returns the handle the game
 * draws through. `levels` (triplex-levels.js) and `progress` say what the
 * status shows, `listHash` where the level list is and `listName` its
 * game's name (the way back); `actions` gives undo(),
 * reset(), askCode(n), next(n) and `piece`, the pointer and keyboard
 * handlers of a piece (triplex-input.js).
 */
export function createLevelView(view, { session: s, levels, progress, listHash, listName, t, i18n, actions }) {
  const { level } = s;
  const next = s.n < levels.total ? s.n + 1 : null;
  const ui = { cell: 0 };
  const timer = h("span", { class: "timer", id: "timer", title: t("play.time") }, "");
  const undoButton = button("undo", t("play.undo"), actions.undo);
  const redoButton = button("redo", t("play.redo"), actions.redo);
  // Pause hides the board and stops the clock (a solve's time counts play only).
  const pauseButton = button("pause", t("play.pause"), () => setPaused(true), { class: "ghost" });
  const pausedPanel = h(
    "div",
    { class: "paused-panel", id: "paused", hidden: true },
    h("p", {}, t("play.paused")),
    button("resume", t("play.resume"), () => setPaused(false)),
  );
  const hintButton = button("hint", t("play.hint"), actions.hint);
  const hintedNote = h("p", { class: "hinted-note", id: "hinted-note", hidden: !s.hinted }, t("play.hinted"));
  const hintGaveUp = h("p", { class: "error", id: "hint-gave-up", role: "status", hidden: true }, t("play.hintGaveUp"));
  const status = h("div", { class: "status", id: "status", role: "status" });
  const records = h("aside", { class: "records", id: "records", hidden: true });
  const wrap = printArea(h("div", { class: "stage-wrap" }));
  const stage = h("div", {
    class: "stage",
    id: "stage",
    role: "group",
    "aria-label": t("play.board"),
    "data-cols": s.stage.cols,
    "data-rows": s.stage.rows,
  });
  const target = h("div", {
    class: "target",
    id: "target",
    role: "img",
    "data-width": level.width,
    "data-height": level.height,
    "data-x": s.stage.tx,
    "data-y": s.stage.ty,
  });
  target.style.setProperty("--x", s.stage.tx);
  target.style.setProperty("--y", s.stage.ty);
  target.style.setProperty("--w", level.width);
  target.style.setProperty("--h", level.height);
  stage.append(target);
  const pieces = level.pieces.map((_, k) => buildPiece(k));
  stage.append(...pieces);
  // Says where a piece went after the keyboard moved it.
  const announce = h("div", { class: "sr-only", id: "announce", "aria-live": "polite" });
  wrap.append(stage, announce);

  const code = levels.codeOf(s.n);
  const difficulty = levels.entry?.(s.n)?.difficulty;
  const grade = Number.isFinite(difficulty) ? gradeOf(difficulty) : null;
  view.replaceChildren(
    h(
      "section",
      { class: "play", "data-level": s.n },
      screenHead(
        {
          href: listHash,
          back: t("nav.back", { name: listName }),
          id: "to-levels",
          title: t("level.title", { number: s.n }),
          titleId: "level-title",
        },
        h(
          "span",
          { class: "level-code" },
          h("span", {}, t("play.code")),
          " ",
          h("code", { id: "level-code" }, code ?? ""),
        ),
        grade === null ? null : h("span", { class: "level-grade", id: "level-grade" }, t(`grade.${grade}`)),
        timer,
      ),
      h(
        "div",
        { class: "tools" },
        undoButton,
        redoButton,
        button("reset", t("play.reset"), actions.reset),
        pauseButton,
        hintButton,
        button("enter-code", t("code.button"), () => actions.askCode(next), { class: "ghost" }),
        printButton(t),
      ),
      hintedNote,
      hintGaveUp,
      printHeading(t, { title: `${listName} · ${t("level.title", { number: s.n })}`, code }),
      wrap,
      pausedPanel,
      status,
      records,
      level.rotatable === null
        ? helpLine(t("play.help"), t("play.keys"))
        : helpLine(t("play.helpRotate"), t("play.keysRotate")),
    ),
  );

  function buildPiece(k) {
    const el = h("div", {
      class: `piece${level.rotatable === k ? " rotatable" : ""}`,
      tabindex: 0,
      role: "button",
      "data-piece": k,
    });
    el.style.setProperty("--hue", String(Math.round((k * 137.508 + 20) % 360)));
    const on = actions.piece;
    el.addEventListener("pointerdown", (e) => on.pointerDown(e, k));
    el.addEventListener("pointermove", (e) => on.pointerMove(e));
    el.addEventListener("pointerup", (e) => on.pointerUp(e, k));
    el.addEventListener("pointercancel", () => on.pointerCancel());
    el.addEventListener("touchmove", (e) => e.preventDefault(), { passive: false });
    el.addEventListener("keydown", (e) => on.keyDown(e, k));
    el.addEventListener("blur", () => on.blur(k));
    drawShape(el, k, s.positions[k]);
    return el;
  }

  /** Fills a piece element with the cells of its current orientation. */
  function drawShape(el, k, pos) {
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
      // A corner where the outline turns inwards: both neighbours towards it joined, the diagonal one not.
      for (const [dr, dc, name] of [[-1, -1, "nw"], [-1, 1, "ne"], [1, -1, "sw"], [1, 1, "se"]]) {
        if (has(dr, 0) && has(0, dc) && !has(dr, dc)) cell.classList.add(`corner-${name}`);
      }
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

  /** The element of piece k. */
  ui.piece = (k) => pieces[k];

  /** Draws piece k where it lies, or where it is lifted to (keyboard). */
  ui.drawPiece = (k) => {
    const pos = s.pending?.k === k ? s.pending.pos : s.positions[k];
    const el = pieces[k];
    if (el.dataset.o !== String(pos.o)) drawShape(el, k, pos);
    el.style.setProperty("--x", pos.x);
    el.style.setProperty("--y", pos.y);
    el.classList.toggle("lifted", s.pending?.k === k);
    el.dataset.x = String(pos.x);
    el.dataset.y = String(pos.y);
    el.setAttribute("aria-label", pieceName(k, pos));
    if (document.activeElement === el) announce.textContent = el.getAttribute("aria-label");
  };

  /** The stage cells piece k covers at `pos`, as [row, col] pairs. */
  function cellsAt(k, pos) {
    const shapes = shapesOf(level, k);
    return shapes[pos.o % shapes.length].map(([r, c]) => [pos.y + r, pos.x + c]);
  }

  const inTarget = ([r, c]) =>
    r >= s.stage.ty && r < s.stage.ty + level.height && c >= s.stage.tx && c < s.stage.tx + level.width;

  /** What a screen reader says for piece k at `pos`: its number and where it lies. */
  function pieceName(k, pos) {
    const piece = t(level.rotatable === k ? "play.pieceRotatable" : "play.piece", { number: k + 1 });
    if (!cellsAt(k, pos).every(inTarget)) return t("play.pieceOut", { piece });
    return t("play.pieceIn", { piece, row: pos.y - s.stage.ty + 1, col: pos.x - s.stage.tx + 1 });
  }

  /** Names the rectangle for screen readers: how many cells are covered, and the free ones. */
  function nameTarget() {
    const covered = new Set(
      s.positions.flatMap((pos, k) => cellsAt(k, pos).filter(inTarget).map(([r, c]) => `${r},${c}`)),
    );
    const free = [];
    for (let r = 0; r < level.height; r++) {
      for (let c = 0; c < level.width; c++) {
        if (!covered.has(`${r + s.stage.ty},${c + s.stage.tx}`)) free.push(t("play.cell", { row: r + 1, col: c + 1 }));
      }
    }
    const total = level.width * level.height;
    const counts = { width: level.width, height: level.height, covered: total - free.length, total };
    target.setAttribute(
      "aria-label",
      free.length ? t("play.targetFree", { ...counts, cells: free.join("; ") }) : t("play.target", counts),
    );
  }

  /** Draws every piece, the undo button and the solved board. */
  ui.drawPositions = () => {
    s.positions.forEach((_, k) => ui.drawPiece(k));
    nameTarget();
    undoButton.disabled = s.undo.length === 0;
    redoButton.disabled = !s.redo?.length;
    pauseButton.disabled = s.solved;
    hintButton.disabled = s.solved;
    if (ui.cell && ui.fittedSolved !== showsSolved()) ui.fit();
  };

  /**
   * Whether the stage shows the solved board: solved, with its card on show.
   * The two come together, in one layout (the board was fitted on the last
   * move and again when the card came, after the next level's code was
   * worked out: a visible jump).
   */
  const showsSolved = () => s.solved && !status.hidden;

  /** Pauses (the board hidden, the clock stopped) or resumes play. */
  function setPaused(paused) {
    actions.pause?.(paused);
    wrap.hidden = paused;
    pausedPanel.hidden = !paused;
    for (const b of [undoButton, redoButton, pauseButton, hintButton]) b.inert = paused;
    (paused ? pausedPanel.querySelector("button") : pauseButton).focus({ preventScroll: true });
  }
  // A level opens running: a pause lasts while the screen is shown.
  actions.pause?.(false);

  /** Shakes piece k: it cannot go where it was asked to. */
  ui.refuse = (k) => {
    const frames = [{ translate: "-4px 0" }, { translate: "4px 0" }, { translate: "0 0" }];
    pieces[k].animate?.(frames, { duration: 160 });
  };

  /**
   * Sizes the cells so the whole stage (once solved, its rectangle) fits
   * the window, beside or under the controls and the solved panel (layout.js).
   */
  ui.fit = () => {
    // What the stage shows: the whole of it, or once solved its rectangle
    // alone (every piece lies in it), sized and centred as the board (the
    // empty tray beside it sat the rectangle small at the left).
    const solved = showsSolved();
    ui.fittedSolved = solved;
    stage.classList.toggle("solved", solved);
    for (const [name, value] of [["--ox", s.stage.tx], ["--oy", s.stage.ty]]) {
      if (solved) stage.style.setProperty(name, value);
      else stage.style.removeProperty(name);
    }
    const [cols, rows] = solved ? [level.width, level.height] : [s.stage.cols, s.stage.rows];
    const measure = () => {
      const width = wrap.clientWidth || window.innerWidth;
      const section = wrap.parentElement;
      const side = section.classList.contains("layout-side");
      // Beside its controls the board is centred in the height of their
      // column: what it has is the window under the section's top.
      const top = (side ? section : wrap).getBoundingClientRect().top + window.scrollY;
      // Solved, with the panel under the board: the board and the panel
      // under the head in the window together (else the layout beside is
      // the larger: held sideways the two tied at the largest cell, and the
      // panel under the board lay below the fold).
      const panel = solved && !side ? status.offsetHeight + 24 : 0;
      const height = window.innerHeight - top - 12 - panel;
      // The whole stage in the window, unless that makes cells smaller than a
      // fingertip (32 px): then the page scrolls to the board instead.
      const tall = Math.max(height / rows, 32);
      return Math.max(12, Math.min(72, Math.floor(Math.min(width / cols, tall))));
    };
    ui.cell = fitLayout(wrap.parentElement, measure);
    stage.style.setProperty("--cell", `${ui.cell}px`);
    stage.style.setProperty("--cols", cols);
    stage.style.setProperty("--rows", rows);
  };

  /** Shows that this play used a hint (so it is recorded as hinted). */
  ui.showHinted = () => {
    hintedNote.hidden = !s.hinted;
  };

  /** Shows (or hides) that the offline hint's search ran out of budget. */
  ui.showHintGaveUp = (shown) => {
    hintGaveUp.hidden = !shown;
  };

  /** Shows the play time. */
  ui.showTime = () => {
    timer.textContent = i18n().duration(s.elapsed);
  };

  /** Shows, once the level is solved, its time and the way on. */
  ui.showStatus = () => {
    if (!s.solved) {
      status.replaceChildren();
      status.hidden = true;
      if (ui.fittedSolved) ui.fit();
      return;
    }
    // Just solved: the panel under the board comes into sight (it never lies over the board).
    const justSolved = status.hidden;
    if (justSolved) requestAnimationFrame(() => status.scrollIntoView({ block: "nearest" }));
    const record = progress.solved[s.n];
    const parts = [
      h("strong", { class: "solved-title", id: "solved-title" }, t("play.solved")),
      record ? h("span", {}, t("play.solvedTime", { time: i18n().duration(record.ms) })) : null,
      s.hinted ? h("span", { id: "solved-hinted" }, t("play.solvedHinted")) : null,
      // An account's solve held for review (issue 38): off the table until a moderator looks.
      s.underReview ? h("span", { id: "solved-held" }, t("play.solvedHeld")) : null,
    ];
    // The way on, on the card's row beside Share; else why there is none.
    const way = next && levels.isOpen(next) ? button("next-level", t("play.next"), () => actions.next(next)) : null;
    if (!way && s.n === levels.total) {
      parts.push(h("span", {}, t("play.last")));
    } else if (!way && s.chainBroken) {
      parts.push(h("span", { class: "error" }, t("play.chainBroken")));
    }
    const result = {
      game: listName,
      label: t("level.title", { number: s.n }),
      ms: record?.ms ?? s.elapsed,
      moves: s.moves ?? null,
      assisted: Boolean(s.hinted),
      url: `${location.origin}${location.pathname}${listHash}/${s.n}`,
    };
    parts.push(resultCard(i18n(), result, { celebrate: justSolved, way }));
    status.replaceChildren(...parts);
    status.hidden = false;
    // The panel takes room beside or under the board: the board fits again around it.
    if (!ui.fittedSolved) ui.fit();
    status.querySelector("#next-level")?.focus({ preventScroll: true });
  };

  /** Shows the server's table of records of the level. */
  ui.showRecords = (table) => {
    const lang = i18n();
    const rows = [h("h2", {}, t("records.heading"))];
    if (table.first) {
      const ago = h("span", { class: "ago" }, lang.ago(table.first.solved_at, table.now ?? Date.now()));
      const who = table.first.name;
      rows.push(
        h(
          "p",
          { id: "records-first" },
          who
            ? lang.parts("records.firstBy", {}, { name: h("bdi", { class: "name" }, who), ago })
            : lang.parts("records.firstAnonymous", {}, { ago }),
          // A new account's claim (issue 38).
          table.first.provisional ? h("span", { class: "records-provisional" }, ` (${t("account.provisional")})`) : null,
        ),
      );
    } else if (table.claim_held) {
      // Claimed, the claim held for review: nobody else can claim it now.
      rows.push(h("p", { id: "records-claim-held" }, t("records.claimHeld")));
    } else if (!(table.solves > 0)) {
      rows.push(h("p", { id: "records-none" }, t("records.none")));
    }
    if (table.solves > 0) {
      rows.push(h("p", { id: "records-solves" }, t("records.solves", { count: table.solves })));
      if (table.hinted > 0) {
        rows.push(h("p", { id: "records-hinted" }, t("records.hinted", { count: table.hinted })));
      }
      if (Number.isFinite(table.median_ms)) {
        rows.push(h("p", { id: "records-median" }, t("records.median", { time: lang.duration(table.median_ms) })));
      }
    }
    records.replaceChildren(...rows);
    records.hidden = false;
  };

  return ui;
}
