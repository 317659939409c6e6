// ChessMemory as one of the app's games (#/chess): an 8×8 board of
// face-down squares. Uncover one square, then a second (click, tap, or the
// arrow keys and Enter/Space); partners stay open, any other two close again
// after a moment. Moves and time are counted, the best results kept
// (chess-store.js), and the game in progress survives a reload. Two players
// can share the device: they take turns, a found pair scores and keeps the
// turn, a miss passes it, and the one with more pairs wins; each mode keeps
// its own best results. A new game's setup comes from the server
// (chess-api.js) or, without one, from the offline pack
// web/chess/setups.json turned by one of the board's 8 symmetries.
//
// This module is the game's flow (setups, moves, the end, best results and
// the app's hooks); the board's DOM and keyboard are chess-board.js's, the
// names dialog and scoreboard of a game for two chess-duo.js's.

import { createChessApi } from "./chess-api.js";
import { createBoard, pieceName } from "./chess-board.js";
import { askNames, createScoreboard, outcomeText } from "./chess-duo.js";
import {
  SYMMETRY_NAMES,
  addResult,
  applySymmetry,
  hideShown,
  newGame,
  pairsFound,
  uncover,
  validSetup,
} from "./chess-rules.js";
import { loadChess, saveChess } from "./chess-store.js";
import { button, h, helpLine, screenHead } from "./dom.js";
import { chessSheet, printButton, printHeading } from "./print.js";
import { loadJSON } from "./resources.js";
import { fitResultCard, resultCard } from "./share.js";

/** How long a pair that is not a pair stays face up. */
export const MISS_MS = 1100;

/** ChessMemory for the app (see the screen interface in app.js). */
export function createChess(ctx) {
  const api = createChessApi(ctx.base);
  const data = loadChess(ctx.storage);
  let game = data.game;
  /** The DOM of the board being shown, or null. */
  let ui = null;
  let missTimer = null;
  /** The square that has the keyboard focus (roving tabindex). */
  let cursor = 0;
  /** A new game being fetched (so two clicks make one game). */
  let starting = null;
  /** The offline pack's valid setups, once loaded. */
  let packSetups = null;

  const t = (key, params) => ctx.i18n().t(key, params);

  function save() {
    saveChess(ctx.storage, game, data);
  }

  /** A setup from the offline pack, turned or mirrored at random: {setup, source}. */
  async function fromPack() {
    if (!packSetups) {
      const pack = await loadJSON("chess/setups.json");
      packSetups = (Array.isArray(pack?.setups) ? pack.setups : []).filter((s) => validSetup(s));
    }
    const setups = packSetups;
    if (setups.length === 0) throw new Error("the offline pack of setups is empty or damaged");
    const index = Math.floor(Math.random() * setups.length);
    const symmetry = SYMMETRY_NAMES[Math.floor(Math.random() * SYMMETRY_NAMES.length)];
    return { setup: applySymmetry(setups[index], symmetry), source: "pack" };
  }

  /** A fresh valid setup: from the server when it answers, else from the pack. */
  async function freshSetup() {
    if (api.online && ctx.online()) {
      const text = await api.setup();
      // Trust no answer blindly: a setup that breaks the rules is not played.
      if (text && validSetup(text)) return { setup: text, source: "server" };
    }
    return fromPack();
  }

  /** Starts a new game: solo, or for the two players `names`. */
  function startNewGame(names = null) {
    starting ??= (async () => {
      clearTimeout(missTimer);
      // The first game of a visit starts before the board exists.
      ui?.board?.el.setAttribute("aria-busy", "true");
      try {
        const { setup, source } = await freshSetup();
        game = newGame(setup, source, names);
        cursor = 0;
        save();
      } catch (err) {
        console.error(err);
        ui?.board?.el.removeAttribute("aria-busy");
        if (ui?.message) showMessage(t("chess.noSetup"), "error");
        return;
      } finally {
        starting = null;
      }
      if (!ui) return;
      build(ui.view);
      // A new game opens at the page's top, its board and head in sight (a
      // game for two, started from the tools under a finish, opened scrolled
      // with the board's top 118 px above a window held sideways; scrolled
      // less, 11 px, it was left so, and its finish then too).
      if (window.scrollY > 0) window.scrollTo(0, 0);
    })();
    return starting;
  }

  // ---- the screen -----------------------------------------------------

  async function render(view) {
    leave();
    ui = { view };
    if (!game) {
      view.replaceChildren(h("p", { class: "loading" }, t("chess.preparing")));
      await startNewGame();
      if (!game) {
        view.replaceChildren(
          h("p", { class: "error", id: "chess-message" }, t("chess.noSetup")),
          button("chess-new", t("chess.newGame"), () => render(view)),
        );
      }
      return;
    }
    build(view);
  }

  function build(view) {
    ui = { view };
    ui.moves = h("span", { id: "chess-moves" });
    ui.pairs = h("span", { id: "chess-pairs" });
    ui.timer = h("span", { class: "timer", id: "chess-timer", title: t("chess.time") });
    ui.message = h("p", { class: "chess-message", id: "chess-message", role: "status" });
    ui.board = createBoard({
      t,
      source: game.source,
      cursor,
      onChoose: choose,
      onCursor: (i) => {
        cursor = i;
      },
    });
    ui.scoreboard = game.players ? createScoreboard(t, game.players) : null;
    ui.best = h("aside", { class: "chess-best", id: "chess-best" });
    ui.end = h("div", { class: "status chess-end", id: "chess-end", role: "status", hidden: true });
    // Pause hides the board and stops the clock (the time counts play only).
    ui.pause = button("chess-pause", t("play.pause"), () => setPaused(true), { class: "ghost" });
    ui.paused = h(
      "div",
      { class: "paused-panel", id: "chess-paused", hidden: true },
      h("p", {}, t("play.paused")),
      button("chess-resume", t("play.resume"), () => setPaused(false)),
    );
    view.replaceChildren(
      h(
        "section",
        { class: "chess" },
        screenHead(
          { href: "#/", back: t("nav.games"), title: t("home.chess.name") },
          h("span", { class: "chess-stats" }, ui.moves, ui.pairs),
          ui.timer,
        ),
        h(
          "div",
          { class: "tools" },
          button("chess-new", t("chess.newGame"), () => startNewGame()),
          ui.pause,
          button("chess-duo", t("chess.duo.button"), () => askNames(t, data.names ?? [], startDuo), {
            class: "ghost",
          }),
          // Prints the answer sheet: the whole setup, even mid-game.
          printButton(t),
        ),
        game.source === "pack"
          ? h("p", { class: "chess-source", id: "chess-source" }, t("offline.chessPack"))
          : null,
        ui.scoreboard?.el,
        // The answer sheet stands in for the face-down board in print (Ctrl+P
        // printed an empty checkerboard when the sheet came with the button).
        printHeading(t, { title: t("home.chess.name") }),
        ui.board.el,
        ui.paused,
        chessSheet(t, game.setup),
        ui.message,
        ui.end,
        helpLine(t("chess.help"), t("chess.keys")),
        ui.best,
      ),
    );
    draw();
    showBest();
    tick(0);
  }

  /** Shows the game on the board, its counts and, when it is over, its end. */
  function draw() {
    if (!ui?.board) return;
    ui.board.draw(game);
    ui.moves.textContent = t("chess.moves", { count: game.moves });
    ui.pairs.textContent = t("chess.pairs", { count: pairsFound(game), total: 32 });
    ui.scoreboard?.draw(game);
    ui.pause.disabled = game.done;
    showEnd();
  }

  function showMessage(text, kind = "") {
    if (!ui?.message) return;
    ui.message.textContent = text;
    ui.message.className = `chess-message ${kind}`;
  }

  /** Uncovers square i, as a click, a tap or Enter/Space does. */
  /** Hides the board and stops the clock, or shows it again. */
  function setPaused(on) {
    if (!ui?.board) return;
    ui.isPaused = on;
    ui.board.el.hidden = on;
    ui.paused.hidden = !on;
    ui.pause.inert = on;
    (on ? ui.paused.querySelector("button") : ui.pause).focus({ preventScroll: true });
  }

  function choose(i) {
    if (!game || starting || ui?.isPaused) return;
    const hadMiss = game.shown.length === 2;
    const outcome = uncover(game, i);
    if (outcome === "none") return;
    if (hadMiss) clearTimeout(missTimer);
    ui?.board?.setCursor(i, false);
    const piece = pieceName(t, game.setup[i]);
    // With two players, whose move comes next (the same after a pair, the other after a miss).
    const next = game.players && !game.done ? ` ${t("chess.duo.turn", { name: game.players[game.turn].name })}` : "";
    if (outcome === "first") {
      showMessage(t("chess.firstOpen", { piece }));
    } else if (outcome === "pair") {
      showMessage(t("chess.pair", { piece }) + next, "ok");
      if (game.done) finish();
    } else if (outcome === "miss") {
      showMessage(t("chess.miss") + next);
      const shown = game;
      missTimer = setTimeout(() => {
        if (game !== shown) return;
        hideShown(game);
        draw();
      }, MISS_MS);
    }
    save();
    draw();
  }

  function finish() {
    data.finished += 1;
    const result = { moves: game.moves, ms: Math.round(game.elapsed), at: Date.now() };
    if (game.players) {
      result.names = game.players.map((p) => p.name);
      result.scores = game.players.map((p) => p.score);
    }
    game.place = addResult(game.players ? data.bestDuo : data.best, result);
    save();
    showBest();
  }

  function showEnd() {
    if (!ui?.end) return;
    if (!game.done) {
      ui.end.hidden = true;
      return;
    }
    const names = game.players?.map((p) => p.name) ?? null;
    const outcome = names ? outcomeText(t, names, game.players.map((p) => p.score)) : null;
    // Who won and how the game went are the card's lines (said once: twice
    // over, the panel for two ran out of the window held sideways).
    ui.end.replaceChildren(
      h("strong", { class: "solved-title", id: "chess-done" }, t("chess.done")),
      game.place === 0 ? h("strong", { id: "chess-new-best" }, t("chess.newBest")) : null,
      resultCard(
        ctx.i18n(),
        {
          game: t("home.chess.name"),
          // A game for two shares who won, and by how much.
          label: names ? t("chess.duo.button") : null,
          outcome: names ? outcome : null,
          ms: game.elapsed,
          moves: game.moves,
          url: `${location.origin}${location.pathname}#/chess`,
        },
        { celebrate: ui.end.hidden, way: button("chess-again", t("chess.again"), () => startNewGame(names)), names: names ?? [] },
      ),
    );
    const appearing = ui.end.hidden;
    ui.end.hidden = false;
    fitEnd();
    // Finished just now: the panel, under the board on a portrait phone, comes into sight.
    if (appearing) ui.end.scrollIntoView({ block: "nearest" });
  }

  /** Holds the end panel in the window beside the board (share.js). */
  function fitEnd() {
    if (!ui?.end) return;
    fitResultCard(ui.end, getComputedStyle(ui.end.parentElement).display === "grid");
  }

  /** The best results of the mode being played (solo or two players). */
  function showBest() {
    if (!ui?.best) return;
    const duo = Boolean(game?.players);
    const best = duo ? data.bestDuo : data.best;
    const heading = h("h2", {}, t(duo ? "chess.bestHeadingDuo" : "chess.bestHeading"));
    if (best.length === 0) {
      ui.best.replaceChildren(heading, h("p", { id: "chess-best-none" }, t("chess.bestNone")));
      return;
    }
    const i18n = ctx.i18n();
    ui.best.replaceChildren(
      heading,
      h(
        "ol",
        { id: "chess-best-list" },
        best.map((r) =>
          h(
            "li",
            {},
            t("chess.result", { count: r.moves, time: i18n.duration(r.ms) }),
            duo ? ` · ${outcomeText(t, r.names, r.scores)}` : null,
            " ",
            h("span", { class: "ago" }, i18n.ago(r.at)),
          ),
        ),
      ),
    );
  }

  /** Starts a game for the two players `names`, whose names the next game for two proposes. */
  function startDuo(names) {
    data.names = names;
    startNewGame(names);
  }

  // ---- the app's hooks --------------------------------------------------

  /** Leaves the screen (the game stays saved). */
  function leave() {
    clearTimeout(missTimer);
    if (game) {
      hideShown(game);
      save();
    }
    ui = null;
  }

  /** Called every second with the play time `ms` that passed (0 while the page is hidden): counts it while a game runs. */
  function tick(ms) {
    if (!ui?.timer || !game) return;
    const started = game.moves > 0 || game.shown.length > 0;
    if (started && !game.done && !ui.isPaused) game.elapsed += ms;
    ui.timer.textContent = ctx.i18n().duration(game.elapsed);
  }

  /** The home screen's line under the ChessMemory tile. */
  function tile() {
    const best = data.best[0];
    if (!best) return t("chess.tileNew");
    return t("chess.tileBest", { count: best.moves, time: ctx.i18n().duration(best.ms) });
  }

  return {
    render,
    leave,
    save,
    tick,
    // The board sizes itself in CSS; the end panel is held in the window.
    fit: fitEnd,
    tile,
  };
}
