// ChessMemory as one of the app's games (#/chess): an 8×8 board of
// face-down squares. Uncover one square, then a second (click, tap, or the
// arrow keys and Enter/Space); partners stay open, any other two close again
// after a moment. Moves and time are counted, the best results kept
// (chess-store.js), and the game in progress survives a reload. Two players
// can share the device: they take turns, a found pair scores and keeps the
// turn, a miss passes it, and the one with more pairs wins; each mode keeps
// its own best results. A new game's
// setup comes from the server (chess-api.js) or, without one, from the
// offline pack web/chess/setups.json turned by one of the board's 8
// symmetries.

import { createChessApi } from "./chess-api.js";
import { pieceSvg } from "./chess-pieces.js";
import {
  NAME_MAX,
  SYMMETRY_NAMES,
  addResult,
  applySymmetry,
  cleanName,
  hideShown,
  newGame,
  pairsFound,
  squareName,
  uncover,
  validSetup,
  winner,
} from "./chess-rules.js";
import { loadChess, saveChess } from "./chess-store.js";
import { button, h, screenHead } from "./dom.js";
import { loadJSON } from "./resources.js";

/** How long a pair that is not a pair stays face up. */
export const MISS_MS = 1100;

/** Catalog keys of the pieces' names, by setup letter. */
const PIECE_NAMES = {
  Q: "chess.piece.whiteQueen",
  N: "chess.piece.whiteKnight",
  B: "chess.piece.whiteBishop",
  R: "chess.piece.whiteRook",
  q: "chess.piece.blackQueen",
  n: "chess.piece.blackKnight",
  b: "chess.piece.blackBishop",
  r: "chess.piece.blackRook",
};

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
      ui?.board?.setAttribute("aria-busy", "true");
      try {
        const { setup, source } = await freshSetup();
        game = newGame(setup, source, names);
        cursor = 0;
        save();
      } catch (err) {
        console.error(err);
        ui?.board?.removeAttribute("aria-busy");
        if (ui?.message) showMessage(t("chess.noSetup"), "error");
        return;
      } finally {
        starting = null;
      }
      if (ui) build(ui.view);
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
    ui.board = h("div", {
      class: "chess-board",
      id: "chess-board",
      role: "grid",
      "aria-label": t("chess.board"),
      "data-source": game.source ?? "",
    });
    ui.squares = [];
    for (let row = 0; row < 8; row++) {
      const rowEl = h("div", { role: "row", class: "chess-row" });
      for (let col = 0; col < 8; col++) {
        const i = row * 8 + col;
        const square = h("button", {
          type: "button",
          role: "gridcell",
          class: `chess-square ${(row + col) % 2 ? "dark" : "light"}`,
          "data-square": squareName(i),
          "data-index": i,
          tabindex: i === cursor ? 0 : -1,
          onclick: () => choose(i),
          onfocus: () => setCursor(i, false),
        });
        ui.squares.push(square);
        rowEl.append(square);
      }
      ui.board.append(rowEl);
    }
    ui.board.addEventListener("keydown", keyDown);
    ui.best = h("aside", { class: "chess-best", id: "chess-best" });
    ui.end = h("div", { class: "status chess-end", id: "chess-end", role: "status", hidden: true });
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
          button("chess-duo", t("chess.duo.button"), () => askNames(), { class: "ghost" }),
        ),
        game.source === "pack"
          ? h("p", { class: "chess-source", id: "chess-source" }, t("offline.chessPack"))
          : null,
        scoreboard(),
        ui.board,
        ui.message,
        ui.end,
        h("p", { class: "help" }, t("chess.help")),
        ui.best,
      ),
    );
    draw();
    showBest();
    tick(0);
  }

  /** The two players' names and scores, whose turn it is marked; null for a solo game. */
  function scoreboard() {
    if (!game.players) return null;
    ui.players = game.players.map((p, k) =>
      h(
        "li",
        { class: "chess-player", id: `chess-player-${k}` },
        h("span", { class: "chess-player-name" }, p.name),
        h("span", { class: "chess-player-score" }),
      ),
    );
    ui.turn = h("p", { class: "chess-turn", id: "chess-turn" });
    return h(
      "div",
      { class: "chess-duo" },
      h("ol", { class: "chess-players", id: "chess-players", "aria-label": t("chess.duo.scores") }, ui.players),
      ui.turn,
    );
  }

  /** Updates the scores and the turn. */
  function drawPlayers() {
    if (!game.players || !ui?.players) return;
    game.players.forEach((p, k) => {
      const el = ui.players[k];
      el.querySelector(".chess-player-score").textContent = t("chess.duo.score", { count: p.score });
      const turn = !game.done && game.turn === k;
      el.classList.toggle("turn", turn);
      if (turn) el.setAttribute("aria-current", "true");
      else el.removeAttribute("aria-current");
    });
    ui.turn.textContent = game.done ? "" : t("chess.duo.turn", { name: game.players[game.turn].name });
  }

  /** Shows every square as the game has it; face-down squares carry no piece in the DOM. */
  function draw() {
    if (!ui?.squares) return;
    const setup = game.setup;
    const missed = game.shown.length === 2;
    ui.squares.forEach((el, i) => {
      const found = game.matched.includes(i);
      const shown = game.shown.includes(i);
      const state = found ? "found" : shown ? (missed ? "missed" : "shown") : "hidden";
      if (el.dataset.state === state) return;
      el.dataset.state = state;
      const name = squareName(i);
      if (state === "hidden") {
        el.replaceChildren();
        delete el.dataset.piece;
        el.setAttribute("aria-label", t("chess.square.hidden", { square: name }));
      } else {
        el.replaceChildren(pieceSvg(setup[i]));
        el.dataset.piece = setup[i];
        const piece = t(PIECE_NAMES[setup[i]]);
        el.setAttribute(
          "aria-label",
          t(found ? "chess.square.found" : "chess.square.open", { square: name, piece }),
        );
      }
      el.setAttribute("aria-disabled", String(state === "found"));
    });
    ui.moves.textContent = t("chess.moves", { count: game.moves });
    ui.pairs.textContent = t("chess.pairs", { count: pairsFound(game), total: 32 });
    ui.board.classList.toggle("done", game.done);
    drawPlayers();
    showEnd();
  }

  function showMessage(text, kind = "") {
    if (!ui?.message) return;
    ui.message.textContent = text;
    ui.message.className = `chess-message ${kind}`;
  }

  /** Uncovers square i, as a click, a tap or Enter/Space does. */
  function choose(i) {
    if (!game || starting) return;
    const hadMiss = game.shown.length === 2;
    const outcome = uncover(game, i);
    if (outcome === "none") return;
    if (hadMiss) clearTimeout(missTimer);
    setCursor(i, false);
    const piece = t(PIECE_NAMES[game.setup[i]]);
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
    const time = ctx.i18n().duration(game.elapsed);
    const names = game.players?.map((p) => p.name) ?? null;
    ui.end.replaceChildren(
      h("strong", { class: "solved-title", id: "chess-done" }, t("chess.done")),
      names
        ? h("strong", { id: "chess-winner" }, outcomeText(names, game.players.map((p) => p.score)))
        : null,
      h("span", { id: "chess-result" }, t("chess.result", { count: game.moves, time })),
      game.place === 0 ? h("strong", { id: "chess-new-best" }, t("chess.newBest")) : null,
      button("chess-again", t("chess.again"), () => startNewGame(names)),
    );
    ui.end.hidden = false;
  }

  /** Who won a game for two and by how much, or that it was a tie. */
  function outcomeText(names, scores) {
    const [a, b] = scores;
    if (a === b) return t("chess.duo.tie", { score: a });
    const k = a > b ? 0 : 1;
    return t("chess.duo.wins", { name: names[k], score: scores[k], other: scores[1 - k] });
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
            duo ? ` · ${outcomeText(r.names, r.scores)}` : null,
            " ",
            h("span", { class: "ago" }, i18n.ago(r.at)),
          ),
        ),
      ),
    );
  }

  // ---- two players ------------------------------------------------------

  /** The dialog asking the two players' names, made once and kept in the page. */
  function namesDialog() {
    let el = document.getElementById("chess-duo-dialog");
    if (!el) {
      el = h("dialog", { id: "chess-duo-dialog", "aria-labelledby": "chess-duo-heading" });
      document.body.append(el);
    }
    return el;
  }

  /** Asks the two players' names, then starts a game for two. */
  function askNames() {
    const el = namesDialog();
    const last = data.names ?? [];
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
      data.names = names;
      el.close();
      startNewGame(names);
    });
    el.replaceChildren(form);
    el.showModal();
    inputs[0].focus();
  }

  // ---- the keyboard ---------------------------------------------------

  function setCursor(i, focus = true) {
    cursor = i;
    if (!ui?.squares) return;
    ui.squares.forEach((el, k) => el.setAttribute("tabindex", k === i ? "0" : "-1"));
    if (focus) ui.squares[i].focus();
  }

  function keyDown(e) {
    const row = Math.floor(cursor / 8);
    const col = cursor % 8;
    const moves = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
      Home: [row, 0],
      End: [row, 7],
    };
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    const [r, c] = to;
    if (r >= 0 && r < 8 && c >= 0 && c < 8) setCursor(r * 8 + c);
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
    if (started && !game.done) game.elapsed += ms;
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
    // The board sizes itself in CSS.
    fit() {},
    tile,
  };
}
