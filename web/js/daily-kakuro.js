// A daily Kakuro (#/today/kakuro/<date>/<difficulty>), played on the normal
// Kakuro board screen (kakuro-play.js, with its `daily` options): the start
// asked of the server gives the clues and a signed start token (the day's
// listing carries no clues: issue 38), the board and the token kept on this
// device so a reload goes on (not in the save slots: a daily belongs to its
// day), the help button asks the daily's own hint route with the token
// (which makes the solve assisted on the server) and every press is counted
// (the check as a check, the later stages as hints), and on a solve the
// grid posted with those counts and the solving path (issue 38: every
// digit set or erased with its time since the server's start, recorded by
// solve-path.js and kept with the board, so a reload goes on with the whole
// path); the server's answer (counted or not, assisted, held for review,
// time and rank) and then the table show under the board, with a replay of
// each entry's path once the daily has closed (daily-replay.js).
//
// The clock shown is the server's: it runs from the start the server gave
// (`issued_at`, for an account its first start on any device), through
// reloads and time away, as the server times the solve.

import { button, h } from "./dom.js";
import { openReplay } from "./daily-replay.js";
import { dailyKey, isDate, recordResult } from "./daily-store.js";
import { dailyTitle, tableSection } from "./daily-tables.js";
import { createKakuroApi } from "./kakuro-api.js";
import { newGame, restoreGame, serializeGame } from "./kakuro-game.js";
import { keyDown } from "./kakuro-input.js";
import { DIFFICULTIES, parseBoard, solutionText } from "./kakuro-model.js";
import { showBoardScreen } from "./kakuro-play.js";
import { loadKakuroSettings } from "./kakuro-store.js";
import { createRecorder, GAME_KAKURO } from "./solve-path.js";

/** How far two reckonings of the server's start may differ and still be the same start (network delays), ms. */
const ORIGIN_SLACK_MS = 5_000;

/** The daily Kakuro screens; `shared` is what daily.js gives its parts. */
export function createDailyKakuro(shared) {
  const { ctx, api, words, t, data } = shared;
  const kakuroApi = createKakuroApi(ctx.base);
  const settings = loadKakuroSettings(ctx.storage);
  /** The board screen (kakuro-play.js) being shown, or null. */
  let board = null;
  /** The daily on show: {date, difficulty, key, entry, game, resultEl, tableEl, …}, or null. */
  let current = null;
  let renders = 0;

  document.addEventListener("keydown", (e) => {
    if (board) keyDown(board, e);
  });

  const message = (view, date, key, params) => shared.message(view, date, t("home.kakuro.name"), key, params);

  async function render(view, date, difficulty) {
    const id = ++renders;
    if (!isDate(date) || !DIFFICULTIES.includes(difficulty)) {
      message(view, null, "daily.noSuchDay");
      return;
    }
    const key = `${date}/${difficulty}`;
    let entry = data.kakuro[key] ?? null;
    let game = entry?.game ? restoreGame(entry.game) : null;
    message(view, date, "daily.loading");
    if (!game || (!entry.token && !entry.result && !game.solved)) {
      // Only the start gives the clues: a new daily, or one whose token was lost, starts here.
      await shared.name();
      if (id !== renders) return;
      const started = await api.kakuroStart(date, difficulty, shared.player);
      if (id !== renders) return;
      if (started === null) return message(view, date, "daily.needsServer");
      if (!started.ok) {
        return message(view, date, started.status === 404 ? "daily.noSuchDay" : "daily.refused", started);
      }
      if (!game) {
        try {
          const puzzle = parseBoard(started.data.puzzle);
          game = newGame(puzzle, { size: puzzle.cols, difficulty, source: "daily" });
          entry = { game: null, hints: 0, checks: 0, result: null, width: puzzle.cols, height: puzzle.rows };
        } catch {
          return message(view, date, "kakuro.serverError");
        }
      }
      entry.token = started.data.token;
      entry.counts = started.data.counts !== false;
      // This device's clock at the server's start (the server says how long
      // its clock has run), so the time shown and the path's times are the
      // server's whatever this device's clock says.
      const origin = Date.now() - (Number(started.data.elapsed_ms) || 0);
      if (!Number.isFinite(entry.origin) || Math.abs(entry.origin - origin) > ORIGIN_SLACK_MS) {
        // A new start (an anonymous player's lost token): the path starts
        // again from it, with the digits already on the board entered at
        // once. An account's restart keeps its first start, and its path.
        entry.origin = origin;
        entry.path = [];
      }
    }
    entry.game = serializeGame(game);
    data.kakuro[key] = entry;
    shared.save();
    show(view, { date, difficulty, key, entry, game });
  }

  /** The recorder of the daily's path, from what the entry kept. */
  function recorderOf(entry, game) {
    if (!Number.isFinite(entry.origin)) {
      // Kept before paths were recorded: from now, the time so far.
      entry.origin = Date.now() - game.elapsed;
      entry.path = [];
    }
    const events = Array.isArray(entry.path) ? entry.path : [];
    return createRecorder(GAME_KAKURO, { elapsedMs: Date.now() - entry.origin, events, now: () => Date.now() });
  }

  /** Notes every digit cell whose digit differs from the path's (a move, an undo, a hint). */
  function record(c) {
    const { entry, game, recorder } = c;
    if (game.solved && entry.result) return;
    game.board.cells.forEach((cell, i) => {
      if (cell.kind === "digit" && !cell.given) recorder.digit(i, game.values[i]);
    });
    entry.path = recorder.events;
  }

  /** The path's wire text, or undefined (none recorded, or past the format's caps: the server then holds the solve). */
  function pathText(c) {
    try {
      return c.entry.path?.length ? c.recorder.encode() : undefined;
    } catch {
      return undefined;
    }
  }

  function show(view, c) {
    current = c;
    const { entry, game } = c;
    c.recorder = recorderOf(entry, game);
    if (!game.solved) record(c);
    c.resultEl = h("div", { class: "daily-result", id: "daily-result" });
    c.tableEl = h("div", { class: "daily-end-table", id: "daily-end-table" });
    const daily = {
      back: { href: shared.dayHref(c.date), label: t("nav.back", { name: t("daily.title") }) },
      date: c.date,
      autosave(g) {
        record(c);
        entry.game = serializeGame(g);
        shared.save();
      },
      status: () => c.resultEl,
      helped(stage) {
        if (stage === "check") entry.checks += 1;
        else entry.hints += 1;
        shared.save();
      },
    };
    // The help asks the daily's own route (the free one refuses a counting daily).
    const help = {
      ...kakuroApi,
      hint: (body) => api.kakuroHint(c.date, c.difficulty, { token: entry.token ?? "", player: shared.player, ...body }),
    };
    const kakuro = {
      settings,
      storage: ctx.storage,
      words,
      navigate: ctx.navigate,
      saveDialog: null,
      api: help,
      solved: () => submit(c),
      daily,
    };
    board = showBoardScreen(view, game, { tutorial: false, notice: entry.counts ? null : "daily.notCounted" }, kakuro);
    view.querySelector(".kk-play")?.append(c.tableEl);
    board.tick(0);
    drawResult(c);
    if (game.solved && !entry.result) submit(c);
    else if (entry.result && !entry.result.refused) loadTable(c);
  }

  /** Posts the solved grid with the help it used; the answer goes into the history. */
  async function submit(c) {
    const { entry, game } = c;
    if (entry.result || c.sending) return;
    if (!entry.token) {
      entry.result = { refused: true, error: "" };
      drawResult(c);
      return;
    }
    c.sending = true;
    c.offline = false;
    drawResult(c);
    const answer = await api.kakuroSolve(c.date, c.difficulty, {
      token: entry.token,
      player: shared.player,
      grid: solutionText(game.board, game.values),
      name: data.name ?? undefined,
      hints: entry.hints,
      checks: entry.checks,
      path: pathText(c),
    });
    c.sending = false;
    c.justSent = true;
    if (answer === null) c.offline = true;
    else if (!answer.ok) entry.result = { refused: true, error: answer.error };
    else {
      const a = answer.data;
      const [counted, assisted, held] = [a.counted === true, a.assisted === true, a.under_review === true];
      entry.result = { ms: a.time_ms, counted, assisted, held, anonymous: a.anonymous === true, rank: a.rank ?? null };
      recordResult(data, c.date, dailyKey("kakuro", c.difficulty), entry.result);
    }
    if (entry.result) entry.token = null;
    entry.game = serializeGame(game);
    shared.save();
    if (current !== c) return;
    drawResult(c);
    if (entry.result && !entry.result.refused) loadTable(c);
  }

  /** What the server said of the solve, in the solved panel. */
  function drawResult(c) {
    const r = c.entry.result;
    const time = r && !r.refused ? words.duration(r.ms) : "";
    const toToday = h("a", { class: "button", href: shared.dayHref(c.date), id: "daily-to-today" }, t("daily.toToday"));
    let text;
    if (c.sending) text = t("daily.sending");
    else if (c.offline) text = t("daily.solveOffline");
    else if (!r) text = "";
    else if (r.refused) text = t("daily.solveRefused", { error: r.error || "?" });
    else if (r.held) text = t("daily.resultHeld", { time });
    else if (r.assisted) text = t("daily.resultAssisted", { time });
    else if (!r.counted) text = t("daily.resultNotCounted", { time });
    // Only accounts are listed (issue 38): a player without one is told the rank they would have.
    else text = t(r.anonymous ? "daily.resultAnonymous" : "daily.resultCounted", { time, rank: r.rank ?? "?" });
    c.resultEl.replaceChildren(
      h(
        "span",
        {
          id: "daily-result-text",
          "data-counted": String(Boolean(r?.counted)),
          "data-assisted": String(Boolean(r?.assisted)),
          "data-held": String(Boolean(r?.held)),
        },
        text,
      ),
      ...(c.offline ? [button("daily-retry", t("daily.retry"), () => submit(c))] : []),
      // The server's result as a card to share (share.js), the streak with
      // it; the way back to Today on its Share button's row (on a row of its
      // own it cost the panel a line), or after the text while there is none.
      r && !r.refused ? shared.resultCard(c.date, "kakuro", c.difficulty, r, c.justSent === true, toToday) : toToday,
    );
    // The server's answer to this solve grew the solved panel (by its card):
    // the whole panel comes into sight again (its bottom lay below the fold).
    if (c.justSent === true) c.resultEl.closest(".status")?.scrollIntoView({ block: "nearest" });
    c.justSent = false;
  }

  async function loadTable(c) {
    const r = await api.kakuroTable(c.date, c.difficulty, shared.player);
    if (current !== c || !r?.ok) return;
    const title = dailyTitle(words, "kakuro", c.difficulty, c.entry.width, c.entry.height);
    const replay = (line) => openReplay(c.tableEl, words, api, line);
    c.tableEl.replaceChildren(tableSection(words, dailyKey("kakuro", c.difficulty), title, r.data, false, replay));
  }

  return {
    render,
    /** Keeps the board in play. */
    save() {
      if (current && board) {
        current.entry.game = serializeGame(current.game);
        shared.save();
      }
    },
    leave() {
      this.save();
      renders++;
      board = null;
      current = null;
    },
    tick(ms) {
      // The server's time since its start, not the time this screen was shown.
      const c = current;
      if (board && c && !c.game.solved && Number.isFinite(c.entry.origin)) {
        c.game.elapsed = Math.max(0, Date.now() - c.entry.origin);
        board.tick(0);
      } else board?.tick(ms);
    },
    fit() {
      board?.fit();
    },
  };
}
