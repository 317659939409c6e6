// A family of Triplex puzzles as one of the app's games (the screen
// interface app.js drives): Triplex itself or BlockPuzzle, each with its own
// pack (web/<family>/levels.json), progress, server routes
// (/api/<family>/...) and screens: the level list (#/<family>) and the board
// of one level (#/<family>/N), the player's progress, and the level's life:
// a saved board restored, moves autosaved, solving a level opens the next,
// and, when the server answers, a start token, the solving path (every
// piece laid into the rectangle or taken out, with its time since the
// token: solve-path.js), the solve submitted and the table of records.
// The parts: triplex-levels.js (which levels open, the chain),
// triplex-list.js, triplex-view.js (the board's DOM), triplex-input.js
// (moves from pointer and keyboard), triplex-dialogs.js (code and name),
// triplex-api.js, triplex-store.js, and the pure triplex-board.js and
// triplex-chain.js.

import { createTriplexApi } from "./triplex-api.js";
import { isSolved, layoutStage, piecesInside, placements, startPositions } from "./triplex-board.js";
import { askName, confirmHint, createCodeDialog, offerAccount } from "./triplex-dialogs.js";
import { UNDO_LIMIT, createInput } from "./triplex-input.js";
import { createLevels } from "./triplex-levels.js";
import { renderLevelList } from "./triplex-list.js";
import { loadProgress, saveProgress } from "./triplex-store.js";
import { createLevelView } from "./triplex-view.js";
import { cancelHintSearch, solveOffThread } from "./triplex-hint.js";
import { hintPositions, serverHintPositions } from "./triplex-solve.js";
import { loadJSON } from "./resources.js";
import { celebrationDone } from "./share.js";
import { createRecorder, GAME_TRIPLEX } from "./solve-path.js";

/** A saved board that fits `level`, else false. */
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

/** Width over height of the screen area the board gets (as the view's fit() sizes it). */
function boardAspect() {
  const width = Math.min(window.innerWidth, 1200) - 24;
  const height = Math.max(window.innerHeight - 200, window.innerHeight * 0.45);
  return width / height;
}

/**
 * One family of Triplex puzzles for the app ("triplex" or "blockpuzzle"; see
 * the screen interface in app.js); resolves once its level pack is loaded.
 */
export async function createTriplex(ctx, family) {
  const pack = await loadJSON(`${family}/levels.json`);
  const progress = loadProgress(ctx.storage, family);
  const levels = createLevels(pack, progress);
  const api = createTriplexApi(ctx.base, family);
  const listHash = `#/${family}`;
  const t = (key, params) => ctx.i18n().t(key, params);
  /** The players' median times (level number → ms), once the server gave them. */
  let medians = new Map();
  /** The level being played (`session`) and its board on screen (`ui`), or null. */
  const play = { session: null, ui: null, changed, restarted };
  /** Moves made so far: a hint asked before the last move is dropped. */
  let moves = 0;
  const input = createInput(play);
  const codeDialog = createCodeDialog({
    levels,
    t,
    opened: (n) => {
      save();
      ctx.navigate(`${listHash}/${n}`);
    },
  });
  /** The code dialog for level n (null: none chosen); a locked level says so. */
  const askCode = (n) => codeDialog(n, n && !levels.isOpen(n) ? lockedNote(n) : null);

  /**
   * Why level n is locked: the level before it to solve, or, when that one
   * is locked too, the levels from the highest open one below it (two of
   * them named as two: "levels 2 to 3" read oddly).
   */
  function lockedNote(n) {
    let first = n - 1;
    while (first > 1 && !levels.isOpen(first)) first -= 1;
    const key = first === n - 1 ? "code.locked" : first === n - 2 ? "code.lockedTwo" : "code.lockedRun";
    return t(key, { number: n, first, previous: n - 1 });
  }

  /** Keeps the session in the progress object (not yet in storage). */
  function keep() {
    const s = play.session;
    if (!s) return;
    progress.boards[s.n] = {
      stage: s.stage,
      positions: s.positions,
      undo: s.undo.slice(-UNDO_LIMIT),
      elapsed: Math.round(s.elapsed),
      token: s.token,
      hinted: s.hinted,
      path: s.recorder ? { origin: s.pathOrigin, events: s.recorder.events } : null,
      underReview: s.underReview,
    };
  }

  /** Writes the progress, with the session, to storage. */
  function save() {
    keep();
    saveProgress(ctx.storage, family, progress);
  }

  function leave() {
    if (play.session) save();
    play.session = null;
    play.ui = null;
  }

  function renderList(view) {
    leave();
    const showMedians = renderLevelList(view, {
      levels,
      progress,
      medians,
      heading: t(`home.${family}.name`),
      t,
      i18n: ctx.i18n,
      choose: (n) => ctx.navigate(`${listHash}/${n}`),
      askCode,
    });
    if (api.online) {
      api.medians().then((times) => {
        if (times.size === 0) return;
        medians = times;
        if (view.isConnected && view.querySelector(".levels")) showMedians(times);
      });
    }
  }

  async function renderLevel(view, n) {
    if (!Number.isInteger(n) || n < 1 || n > levels.total) {
      ctx.navigate(listHash);
      return;
    }
    if (!levels.isOpen(n)) {
      renderList(view);
      askCode(n);
      return;
    }
    const level = await levels.level(n);
    if (!level) {
      // A stored code that no longer opens its level (a new pack): forget it.
      levels.forget(n);
      save();
      renderList(view);
      askCode(n);
      return;
    }
    if (play.session?.n !== n) {
      leave();
      play.session = restoreSession(n, level);
      progress.current = n;
      save();
      startOnline(play.session);
    }
    const s = play.session;
    play.ui = createLevelView(view, {
      session: s,
      levels,
      progress,
      listHash,
      listName: t(`home.${family}.name`),
      t,
      i18n: ctx.i18n,
      actions: {
        undo: input.undo,
        redo: input.redo,
        reset: input.reset,
        pause: (paused) => {
          s.paused = paused;
        },
        askCode,
        next: (k) => ctx.navigate(`${listHash}/${k}`),
        piece: input.piece,
        hint: () => hint(s),
      },
    });
    play.ui.fit();
    // Again once the page has settled (fonts, the mobile viewport).
    requestAnimationFrame(() => play.ui?.fit());
    play.ui.drawPositions();
    play.ui.showStatus();
    tick(0);
    refreshRecords();
  }

  /** Level n as it was left, or at its start. */
  function restoreSession(n, level) {
    const saved = progress.boards[n];
    let s;
    if (validBoard(saved, level)) {
      s = {
        n,
        level,
        stage: saved.stage,
        positions: saved.positions,
        undo: Array.isArray(saved.undo) ? saved.undo : [],
        elapsed: Number(saved.elapsed) || 0,
        token: typeof saved.token === "string" ? saved.token : null,
        hinted: saved.hinted === true,
        underReview: saved.underReview === true,
      };
      if (s.token) restorePath(s, saved.path);
    } else {
      const stage = layoutStage(level, boardAspect());
      s = { n, level, stage, positions: startPositions(stage), undo: [], elapsed: 0, token: null, hinted: false, underReview: false };
    }
    s.solved = isSolved(level, s.stage, s.positions);
    s.pending = null;
    return s;
  }

  /**
   * The solving path of a play with a start token, as the autosave kept it
   * ({origin: this device's clock at the token, events}); a token kept
   * before paths were recorded starts one now, its play time so far behind
   * it (the server then refuses it if it strays, and the solve goes without).
   */
  function restorePath(s, saved) {
    const events = Array.isArray(saved?.events) ? saved.events : [];
    const origin = Number.isFinite(saved?.origin) ? saved.origin : Date.now() - s.elapsed;
    startPath(s, origin, events);
  }

  /** Starts recording the play's path from `origin` (Date.now() ms), with `events` kept from before. */
  function startPath(s, origin, events = []) {
    s.pathOrigin = origin;
    s.recorder = createRecorder(GAME_TRIPLEX, { elapsedMs: Date.now() - origin, events, now: () => Date.now() });
    recordPath(s);
  }

  /** Notes in the path every piece that came into the rectangle, moved in it or left it. */
  function recordPath(s) {
    s.recorder?.sync(piecesInside(s.level, s.stage, s.positions));
  }

  /** The path's wire text, or undefined (none, or past the format's caps: the solve goes without). */
  function pathText(s) {
    try {
      return s.recorder?.events.length ? s.recorder.encode() : undefined;
    } catch {
      return undefined;
    }
  }

  /** After every move: saves, redraws, and notices a solve. */
  function changed() {
    cancelHintSearch();
    moves++;
    const s = play.session;
    const was = s.solved;
    s.solved = isSolved(s.level, s.stage, s.positions);
    recordPath(s);
    save();
    play.ui?.drawPositions();
    if (s.solved && !was) solved(s);
    else play.ui?.showStatus();
  }

  /** A solved level reset: played again, it is a new start for the server (and without hints so far). */
  function restarted() {
    const s = play.session;
    s.elapsed = 0;
    s.token = null;
    s.hinted = false;
    s.underReview = false;
    s.recorder = null;
    startOnline(s);
  }

  /**
   * "Show one piece": one piece moved to where the solution has it (one
   * undoable move). Online with a start token, the server answers from the
   * level's solution (and notes the hint against the token); offline, or
   * when it does not answer, the client solves the level in a worker. A
   * move while either is under way drops the hint. Before the first hint of
   * a play, it says that the solve will be recorded as hinted.
   */
  async function hint(s) {
    if (s.solved || play.session !== s) return;
    if (!s.hinted) {
      if (!(await confirmHint())) return;
      if (play.session !== s) return;
      s.hinted = true;
      save();
      play.ui?.showHinted();
    }
    const asked = moves;
    const fromServer = await serverHint(s);
    if (asked !== moves || play.session !== s) return;
    if (fromServer) {
      input.place(fromServer);
      return;
    }
    if (!s.solution) {
      play.ui?.showHintGaveUp(false);
      const solution = await solveOffThread(s.level);
      // Cancelled by a move, or the player went elsewhere: no hint.
      if (solution === undefined || play.session !== s) return;
      if (!solution) {
        play.ui?.showHintGaveUp(true);
        return;
      }
      s.solution = solution;
    }
    const next = hintPositions(s.level, s.stage, s.positions, s.solution);
    if (next) input.place(next);
  }

  /** The positions after the server's hint, or null (offline, no token, no answer). */
  async function serverHint(s) {
    if (!api.online || !s.token || s.solution) return null;
    const { width: W, height: H } = s.level;
    const inside = ([r, c]) => r >= 0 && c >= 0 && r < H && c < W;
    const laid = placements(s.level, s.stage, s.positions).filter((p) => p.cells.every(inside));
    const answer = await api.hint(s.n, s.token, laid);
    return answer?.next ? serverHintPositions(s.level, s.stage, s.positions, answer.next) : null;
  }

  async function solved(s) {
    const record = progress.solved[s.n] ?? { ms: Math.round(s.elapsed), at: Date.now() };
    record.best = Math.min(record.best ?? record.ms, Math.round(s.elapsed));
    progress.solved[s.n] = record;
    s.chainBroken = !(await levels.openNext(s.n, s.level, s.stage, s.positions));
    save();
    if (play.session === s) play.ui?.showStatus();
    submitOnline(s);
  }

  // ---- the server, when there is one -----------------------------------

  /** Asks the server for a start token unless the level is solved or has one. */
  async function startOnline(s) {
    if (!api.online || s.solved || s.token) return;
    const started = await api.start(s.n);
    if (started && play.session === s) {
      s.token = started.token;
      // The path's times run from the token, as the server times the solve
      // (from its issue; this device's clock at the answer is a little
      // later, so the path never ends after the solve's time).
      startPath(s, Date.now());
      save();
    }
  }

  /**
   * Submits a solve; the first solver (an account) may leave a name, and an
   * anonymous player whose solve would have been the first is offered an
   * account.
   */
  async function submitOnline(s) {
    const token = s.token;
    if (!api.online || !token) return;
    const path = pathText(s);
    s.token = null;
    s.recorder = null;
    save();
    const answer = await api.submit(s.n, token, placements(s.level, s.stage, s.positions), s.hinted, path);
    // A held solve (an account's claim or time, issue 38) says so under the board.
    if (answer?.under_review && s.solved) {
      s.underReview = true;
      save();
      if (play.session === s) play.ui?.showStatus();
    }
    // The table counts this solve at once, not after the name dialog.
    if (play.session === s) refreshRecords();
    // The first solver's dialogs come after the finish's celebration, not
    // over it (not at all if the player left the level meanwhile).
    if (answer?.first || answer?.would_be_first) {
      const shown = play.session;
      await celebrationDone();
      if (play.session !== shown) return;
    }
    if (answer?.first && !answer.named && !answer.under_review) {
      const name = await askName({ t, initial: progress.name, submit: (typed) => api.name(s.n, token, typed) });
      if (name !== null) progress.name = name;
      save();
      if (play.session === s) refreshRecords();
    } else if (answer?.would_be_first && (await offerAccount())) {
      // Only accounts claim first solves: the account screen makes one or
      // signs in; the next solve of the level claims it.
      location.hash = "#/account";
    }
  }

  async function refreshRecords() {
    if (!play.ui || !api.online) return;
    const s = play.session;
    const table = await api.records(s.n);
    if (table && play.session === s && play.ui) play.ui.showRecords(table);
  }

  /** Counts play time on the level being played. */
  function tick(ms) {
    const s = play.session;
    if (!s) return;
    if (!s.solved && !s.paused) s.elapsed += ms;
    play.ui?.showTime();
  }

  return {
    async render(view, parts) {
      if (parts.length === 0) renderList(view);
      else await renderLevel(view, Number(parts[0]));
    },
    leave,
    save,
    tick,
    fit: () => play.ui?.fit(),
    tile: () => t("levels.solved", { count: Object.keys(progress.solved).length, total: levels.total }),
  };
}
