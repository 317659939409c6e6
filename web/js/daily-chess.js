// A daily ChessMemory (#/today/chess/<date>): the setup never leaves the
// server before play. The board (chess-board.js) starts face down; each
// square chosen is one POST of a turn, and the server answers with the piece
// under it and what it made (first of two, a pair, a miss). The client waits
// `wait_ms` before its next turn (a square chosen sooner is sent when the
// wait is over), a missed pair shows for `miss_show_ms`, and at the end the
// server's time, moves and rank show, then the table. The game's id is kept
// on this device, so a reload asks the server for the game's state and goes
// on. Every game has a board of its own (the server makes it from a secret
// per game), so "play again" is a new board, and only a player's first game
// counts. A game won without a miss is held for review: the end says so.
// The offline ChessMemory (chess.js) is untouched.

import { createBoard, pieceName } from "./chess-board.js";
import { button, h, helpLine } from "./dom.js";
import { dailyKey, isDate, recordResult } from "./daily-store.js";
import { dailyTitle, tableSection } from "./daily-tables.js";

/** A board as chess-board.js draws it, from what the server has shown: {setup, matched, shown, done}. */
export function boardState(answer = {}) {
  const setup = Array(64).fill("");
  const open = Array.isArray(answer.open) ? answer.open : [];
  const shown = Array.isArray(answer.shown) ? answer.shown : [];
  for (const { square, piece } of [...open, ...shown]) setup[square] = piece;
  return {
    setup,
    // `open`: the pairs found; `shown`: the move under way (one square, or a missed pair).
    matched: open.map((o) => o.square),
    shown: shown.map((s) => s.square),
    done: answer.done === true,
    moves: answer.moves ?? 0,
    pairs: answer.pairs ?? 0,
  };
}

/** The daily ChessMemory screens; `shared` is what daily.js gives its parts. */
export function createDailyChess(shared) {
  const { ctx, api, t, data } = shared;
  /** The game on show: {date, entry, state, ui, nextAt, …}, or null. */
  let current = null;
  let renders = 0;

  const message = (view, date, key, params) => shared.message(view, date, t("home.chess.name"), key, params);

  /** A new game on the server (it replaces an unfinished one of the day); false when there is none. */
  async function start(view, date, id) {
    await shared.name();
    if (id !== renders) return false;
    const r = await api.chessStart(date, shared.player, data.name);
    if (id !== renders) return false;
    if (r === null) message(view, date, "daily.needsServer");
    else if (!r.ok) message(view, date, "daily.refused", r);
    else {
      const a = r.data;
      data.chess[date] = { game: a.game, counts: a.counts !== false, replay: a.replay === true, missMs: a.miss_show_ms ?? 600, result: null };
      shared.save();
      return true;
    }
    return false;
  }

  async function render(view, date, fresh = false) {
    const id = ++renders;
    if (!isDate(date)) return message(view, null, "daily.noSuchDay");
    message(view, date, "daily.loading");
    let state = null;
    const kept = data.chess[date];
    if (kept?.game && !fresh) {
      const r = await api.chessGame(date, kept.game);
      if (id !== renders) return;
      if (r === null) return message(view, date, "daily.needsServer");
      // A game the server no longer knows: a new one.
      if (r.ok) state = boardState(r.data);
    }
    if (!state) {
      if (!(await start(view, date, id))) return;
      state = boardState();
    }
    show(view, { date, entry: data.chess[date], state, nextAt: 0, elapsed: 0, queue: [] });
  }

  function show(view, c) {
    current = c;
    c.view = view;
    const ui = {};
    c.ui = ui;
    ui.moves = h("span", { id: "chess-moves" });
    ui.pairs = h("span", { id: "chess-pairs" });
    ui.timer = h("span", { class: "timer", id: "chess-timer", title: t("chess.time") });
    ui.message = h("p", { class: "chess-message", id: "chess-message", role: "status" });
    ui.end = h("div", { class: "status chess-end", id: "chess-end", role: "status", hidden: true });
    ui.table = h("div", { class: "daily-end-table", id: "daily-end-table" });
    ui.board = createBoard({ t, source: "daily", cursor: 0, onChoose: (i) => choose(c, i), onCursor: () => {} });
    view.replaceChildren(
      h(
        "section",
        { class: "chess daily-chess" },
        shared.head(c.date, t("home.chess.name"), h("span", { class: "chess-stats" }, ui.moves, ui.pairs), ui.timer),
        c.entry.counts ? null : h("p", { class: "kk-note", id: "daily-not-counted" }, t(c.entry.replay ? "daily.replayNotCounted" : "daily.notCounted")),
        ui.board.el,
        ui.message,
        ui.end,
        helpLine(t("chess.help"), t("chess.keys")),
        ui.table,
      ),
    );
    draw(c);
    tick(0);
    if (c.state.shown.length === 2) hideMissLater(c);
    if (c.state.done) {
      showEnd(c);
      loadTable(c);
    }
  }

  function draw(c) {
    const { ui, state } = c;
    ui.board.draw(state);
    ui.moves.textContent = t("chess.moves", { count: state.moves });
    ui.pairs.textContent = t("chess.pairs", { count: state.pairs, total: 32 });
  }

  /**
   * Turns square i over: squares chosen wait in a queue (two at most: a
   * pair chosen quickly) and go to the server one turn at a time, each when
   * the wait the server asked for after the last is over.
   */
  function choose(c, i) {
    if (current !== c || c.state.done || c.queue.includes(i)) return;
    c.queue.push(i);
    if (c.queue.length > 2) c.queue.shift();
    send(c);
  }

  async function send(c) {
    if (current !== c || c.busy || c.waiting || c.queue.length === 0) return;
    const wait = c.nextAt - Date.now();
    if (wait > 0) {
      c.waiting = setTimeout(() => {
        c.waiting = null;
        send(c);
      }, wait);
      return;
    }
    const i = c.queue.shift();
    const { state } = c;
    if (state.done || state.matched.includes(i) || (state.shown.length === 1 && state.shown[0] === i)) {
      send(c);
      return;
    }
    c.busy = true;
    const r = await api.chessTurn(c.date, c.entry.game, i);
    c.busy = false;
    if (current !== c) return;
    if (r === null) {
      c.queue = [];
      c.ui.message.textContent = t("daily.needsServer");
      return;
    }
    if (!r.ok) {
      // Too soon after the last turn (429): wait the shortest turn and send it again.
      if (r.status === 429) {
        c.queue.unshift(i);
        c.nextAt = Date.now() + 200;
      } else c.ui.message.textContent = t("daily.refused", { error: r.error });
    } else play(c, r.data);
    send(c);
  }

  /** The server's answer to a turn on the board. */
  function play(c, a) {
    const { state } = c;
    c.nextAt = Date.now() + (Number.isFinite(a.wait_ms) ? a.wait_ms : 0);
    clearTimeout(c.missTimer);
    // A missed pair still showing closes with the next turn.
    if (state.shown.length === 2) state.shown = [];
    state.setup[a.square] = a.piece;
    const piece = pieceName(t, a.piece);
    if (a.result === "pair") {
      state.matched.push(state.shown[0], a.square);
      state.shown = [];
      c.ui.message.textContent = t("chess.pair", { piece });
    } else if (a.result === "miss") {
      state.shown = [state.shown[0], a.square];
      c.ui.message.textContent = t("chess.miss");
      hideMissLater(c);
    } else {
      state.shown = [a.square];
      c.ui.message.textContent = t("chess.firstOpen", { piece });
    }
    state.moves = a.moves;
    state.pairs = a.pairs;
    state.done = a.done === true;
    if (state.done) finish(c, a);
    draw(c);
  }

  /** A missed pair shows for the time the server gave, then turns face down. */
  function hideMissLater(c) {
    clearTimeout(c.missTimer);
    c.missTimer = setTimeout(() => {
      if (current !== c || c.state.shown.length !== 2) return;
      c.state.shown = [];
      draw(c);
    }, c.entry.missMs);
  }

  function finish(c, a) {
    const counted = a.counted === true;
    const result = {
      ms: a.time_ms,
      moves: a.moves,
      counted,
      assisted: false,
      anonymous: a.anonymous === true,
      rank: a.rank ?? null,
      underReview: a.under_review === true,
    };
    c.entry.result = result;
    recordResult(data, c.date, dailyKey("chess"), result);
    shared.save();
    showEnd(c);
    loadTable(c);
  }

  function showEnd(c) {
    const r = c.entry.result;
    const ui = c.ui;
    const time = r ? ctx.i18n().duration(r.ms) : "";
    const ways = [
      button("daily-chess-again", t("daily.playAgain"), () => render(c.view, c.date, true)),
      h("a", { class: "button", href: shared.dayHref(c.date), id: "daily-to-today" }, t("daily.toToday")),
    ];
    let text = "";
    if (r) {
      const params = { count: r.moves, time, rank: r.rank ?? "?" };
      if (!r.counted) text = t("daily.chessNotCounted", params);
      else if (r.underReview) text = t("daily.chessUnderReview", params);
      // Only accounts are listed (issue 38): a player without one is told the rank they would have.
      else text = t(r.anonymous ? "daily.chessAnonymous" : "daily.chessCounted", params);
    }
    ui.end.replaceChildren(
      h("strong", { class: "solved-title", id: "chess-done" }, t("chess.done")),
      h("span", { id: "daily-result-text", "data-counted": String(Boolean(r?.counted)), "data-under-review": String(Boolean(r?.underReview)) }, text),
      // The server's result as a card to share (share.js): time and moves,
      // no square; the ways on (again, back to Today) on its Share button's
      // row (a row of their own cost the panel a line), or after the text
      // while there is none.
      r ? shared.resultCard(c.date, "chess", null, r, ui.end.hidden, ways) : ways,
    );
    ui.end.hidden = false;
  }

  async function loadTable(c) {
    const r = await api.chessTable(c.date, shared.player);
    if (current !== c || !r?.ok) return;
    const title = dailyTitle(shared.words, "chess");
    c.ui.table.replaceChildren(tableSection(shared.words, dailyKey("chess"), title, r.data, true));
  }

  function tick(ms) {
    const c = current;
    if (!c?.ui) return;
    const started = c.state.moves > 0 || c.state.shown.length > 0;
    if (started && !c.state.done) c.elapsed += ms;
    const shownMs = c.state.done && c.entry.result ? c.entry.result.ms : c.elapsed;
    c.ui.timer.textContent = ctx.i18n().duration(shownMs);
  }

  return {
    render,
    leave() {
      if (current) {
        clearTimeout(current.waiting);
        clearTimeout(current.missTimer);
      }
      current = null;
      renders++;
    },
    tick,
  };
}
