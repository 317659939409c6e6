// Kakuro as one of the app's games (the screen interface app.js drives): the
// menu (#/kakuro), the game being played (#/kakuro/play), the tutorial
// (#/kakuro/tutorial), the editor (#/kakuro/editor) and shared puzzles
// (#/kakuro/p/<link>, see kakuro-link.js). New games come from the server,
// or from the offline pack (web/kakuro/puzzles.json) when it cannot be
// reached; the game in play is autosaved; a solve counts in the statistics.
// The parts: kakuro-menu.js, kakuro-play.js (the board screen),
// kakuro-input.js, kakuro-help.js, kakuro-slots.js, kakuro-editor.js,
// kakuro-words.js, kakuro-api.js, kakuro-store.js, and the pure
// kakuro-model.js, kakuro-game.js, kakuro-assist.js, kakuro-link.js,
// kakuro-stats.js and kakuro-tutorial.js; kakuro-view.js draws boards.

import { h } from "./dom.js";
import { createKakuroApi } from "./kakuro-api.js";
import { createKakuroEditor } from "./kakuro-editor.js";
import { newGame } from "./kakuro-game.js";
import { keyDown } from "./kakuro-input.js";
import { BadLinkError, readLink } from "./kakuro-link.js";
import { renderMenu } from "./kakuro-menu.js";
import { boardText, needsServer, packKey, packPuzzles, packSolution, parseBoard, pickPuzzle } from "./kakuro-model.js";
import { showBoardScreen } from "./kakuro-play.js";
import { openSlotDialog } from "./kakuro-slots.js";
import {
  addPlayed,
  gameOfSlot,
  loadCurrent,
  loadKakuroSettings,
  loadPlayed,
  loadStats,
  recordSolve,
  saveCurrent,
} from "./kakuro-store.js";
import { TUTORIAL_BOARD } from "./kakuro-tutorial.js";
import { kakuroWords } from "./kakuro-words.js";
import { loadJSON } from "./resources.js";

/** Kakuro for the app (see the screen interface in app.js). */
export function createKakuro(ctx) {
  const { storage } = ctx;
  const api = createKakuroApi(ctx.base);
  const words = kakuroWords(ctx.i18n);
  const { t } = words;
  const settings = loadKakuroSettings(storage);
  let packPromise = null;
  /** The game of the play screen (autosaved), or null. */
  let game = loadCurrent(storage);
  /** What is shown: "menu", "play", "tutorial", "editor" or null. */
  let shown = null;
  /** The board screen being shown (play or tutorial), or null. */
  let board = null;
  /** A message for the next play screen (where its puzzle came from). */
  let notice = null;
  /** Whether the server answered the last request (the menu greys the sizes only it makes). */
  let reachable = true;

  const saveDialog = (g) => openSlotDialog(g, storage, words);
  const editor = createKakuroEditor({
    storage,
    api,
    t,
    i18n: ctx.i18n,
    navigate: ctx.navigate,
    play: (g) => startGame(g, null),
    save: saveDialog,
  });

  function pack() {
    packPromise ??= loadJSON("kakuro/puzzles.json").catch(() => {
      packPromise = null;
      return null;
    });
    return packPromise;
  }

  /**
   * A new puzzle: {game, notice}, from the server, else from the offline
   * pack (with a notice saying why); {problem: catalog key} for a size only
   * the server makes when it did not; null when neither has one.
   */
  async function newPuzzle(size, difficulty) {
    const answer = await api.generate(size, difficulty);
    reachable = answer !== null;
    if (answer?.ok) {
      try {
        const puzzle = parseBoard(answer.data.puzzle);
        const meta = { size, difficulty, source: "server", seed: answer.data.seed };
        return { game: newGame(puzzle, meta), notice: null };
      } catch {
        // A board we cannot read: take one from the pack instead.
      }
    }
    if (needsServer(size)) return { problem: answer === null ? "kakuro.sizeNeedsServer" : "kakuro.generateFailed" };
    const why = answer === null ? "kakuro.offlinePack" : "kakuro.refusedPack";
    const puzzles = await pack();
    const picked = pickPuzzle(puzzles, size, difficulty, loadPlayed(storage));
    if (!picked) return null;
    addPlayed(storage, packKey(size, difficulty, picked.seed));
    const puzzle = parseBoard(picked.puzzle);
    return { game: newGame(puzzle, { size, difficulty, source: "pack", seed: picked.seed }), notice: why };
  }

  /**
   * The puzzle of a link (the part after "#/kakuro/p/"): {game, notice} to
   * play, or {error: catalog key} saying why there is none.
   */
  async function linkPuzzle(part) {
    let link;
    try {
      link = readLink(decodeURIComponent(part ?? ""));
    } catch (e) {
      if (e instanceof BadLinkError || e instanceof URIError) return { error: "kakuro.linkBad" };
      throw e;
    }
    if (link.kind === "board") {
      if (game && !game.solved && boardText(game.board) === boardText(link.board)) return { game, notice: null };
      const meta = { size: link.board.rows, difficulty: link.difficulty, source: "link" };
      return { game: newGame(link.board, meta), notice: null };
    }
    const { size, difficulty, seed } = link;
    // The same puzzle already in play (back from the board to its link): go on with it.
    if (game && !game.solved && game.seed === seed && game.size === size && game.difficulty === difficulty) {
      if (game.source === "server" || game.source === "pack") return { game, notice: null };
    }
    const answer = await api.generate(size, difficulty, seed);
    if (answer?.ok) {
      try {
        const meta = { size, difficulty, source: "server", seed };
        return { game: newGame(parseBoard(answer.data.puzzle), meta), notice: null };
      } catch {
        return { error: "kakuro.serverError" };
      }
    }
    if (answer) return { error: answer.status === 400 ? "kakuro.linkBad" : "kakuro.linkRefused" };
    const held = packPuzzles(await pack(), size, difficulty).find((p) => p.seed === seed);
    if (!held) return { error: "kakuro.linkNeedsServer" };
    const meta = { size, difficulty, source: "pack", seed };
    return { game: newGame(parseBoard(held.puzzle), meta), notice: "kakuro.linkFromPack" };
  }

  async function openLink(view, part) {
    shown = "link";
    view.replaceChildren(
      h(
        "section",
        { class: "kk-menu" },
        h("h1", {}, t("home.kakuro.name")),
        h("p", { class: "kk-note", id: "kk-link-status", role: "status" }, t("kakuro.linkOpening")),
      ),
    );
    const made = await linkPuzzle(part);
    // The player went elsewhere while the puzzle was being made.
    if (shown !== "link") return;
    if (made.error) {
      showMenu(view, made.error);
      return;
    }
    if (made.game === game) ctx.navigate("#/kakuro/play");
    else startGame(made.game, made.notice);
  }

  function solved(g) {
    recordSolve(storage, g);
  }

  function startGame(g, why) {
    game = g;
    notice = why;
    saveCurrent(storage, game);
    ctx.navigate("#/kakuro/play");
  }

  function save() {
    if (game && shown === "play") saveCurrent(storage, game);
  }

  function leave() {
    save();
    editor.leave();
    shown = null;
    board = null;
  }

  function showMenu(view, problem = null) {
    shown = "menu";
    // Load the offline pack now, so New game still works if the network
    // goes away while the menu is open.
    pack();
    renderMenu(view, {
      settings,
      storage,
      words,
      game,
      problem,
      stats: loadStats(storage),
      navigate: ctx.navigate,
      // The browser knows when it is offline; otherwise the last request tells.
      online: api.online && reachable && navigator.onLine !== false,
      newPuzzle,
      startGame,
      loadSlot: (slot) => {
        const g = gameOfSlot(slot);
        if (g) startGame(g, null);
      },
    });
  }

  function renderBoard(view, g, tutorial) {
    // The pack's digits of a board, for the help without the server.
    const packDigits = async (b) => packSolution(await pack(), boardText(b));
    const kakuro = { settings, storage, words, navigate: ctx.navigate, saveDialog, api, solved, packSolution: packDigits };
    board = showBoardScreen(view, g, { tutorial, notice }, kakuro);
    notice = null;
  }

  document.addEventListener("keydown", (e) => {
    if (board && (shown === "play" || shown === "tutorial")) keyDown(board, e);
  });

  return {
    /** Shows the Kakuro screen `parts` (after "#/kakuro/"). */
    async render(view, parts) {
      const sub = parts[0] ?? "";
      if (shown === "play" && sub !== "play") save();
      editor.leave();
      board = null;
      if (sub === "play") {
        if (!game) {
          ctx.navigate("#/kakuro");
          return;
        }
        shown = "play";
        renderBoard(view, game, false);
        board.tick(0);
      } else if (sub === "tutorial") {
        shown = "tutorial";
        const meta = { size: 4, difficulty: null, source: "tutorial" };
        renderBoard(view, newGame(parseBoard(TUTORIAL_BOARD), meta), true);
      } else if (sub === "p") {
        await openLink(view, parts.slice(1).join("/"));
      } else if (sub === "editor") {
        shown = "editor";
        editor.render(view);
      } else showMenu(view);
    },
    leave,
    save,
    tick(ms) {
      if (board && shown === "play") board.tick(ms);
    },
    fit() {
      board?.fit();
      editor.fit();
    },
    tile() {
      if (game && !game.solved) {
        const params = { size: words.size(game.size), difficulty: words.difficulty(game.difficulty) };
        return t("kakuro.tileContinue", params);
      }
      return words.offer();
    },
  };
}
