// Kakuro as one of the app's games (the screen interface app.js drives): the
// menu (#/kakuro), the game being played (#/kakuro/play), the tutorial
// (#/kakuro/tutorial) and the editor (#/kakuro/editor). New games come from
// the server, or from the offline pack (web/kakuro/puzzles.json) when it
// cannot be reached; the game in play is autosaved.
// The parts: kakuro-menu.js, kakuro-play.js (the board screen),
// kakuro-input.js, kakuro-slots.js, kakuro-editor.js, kakuro-words.js,
// kakuro-api.js, kakuro-store.js, and the pure kakuro-model.js,
// kakuro-game.js and kakuro-tutorial.js; kakuro-view.js draws boards.

import { createKakuroApi } from "./kakuro-api.js";
import { createKakuroEditor } from "./kakuro-editor.js";
import { newGame } from "./kakuro-game.js";
import { keyDown } from "./kakuro-input.js";
import { renderMenu } from "./kakuro-menu.js";
import { packKey, parseBoard, pickPuzzle } from "./kakuro-model.js";
import { showBoardScreen } from "./kakuro-play.js";
import { openSlotDialog } from "./kakuro-slots.js";
import {
  addPlayed,
  gameOfSlot,
  loadCurrent,
  loadKakuroSettings,
  loadPlayed,
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
   * pack (with a notice saying why); null when neither has one.
   */
  async function newPuzzle(size, difficulty) {
    const answer = await api.generate(size, difficulty);
    if (answer?.ok) {
      try {
        const puzzle = parseBoard(answer.data.puzzle);
        const meta = { size, difficulty, source: "server", seed: answer.data.seed };
        return { game: newGame(puzzle, meta), notice: null };
      } catch {
        // A board we cannot read: take one from the pack instead.
      }
    }
    const why = answer === null ? "kakuro.offlinePack" : "kakuro.refusedPack";
    const puzzles = await pack();
    const picked = pickPuzzle(puzzles, size, difficulty, loadPlayed(storage));
    if (!picked) return null;
    addPlayed(storage, packKey(size, difficulty, picked.seed));
    const puzzle = parseBoard(picked.puzzle);
    return { game: newGame(puzzle, { size, difficulty, source: "pack", seed: picked.seed }), notice: why };
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

  function showMenu(view) {
    shown = "menu";
    // Load the offline pack now, so New game still works if the network
    // goes away while the menu is open.
    pack();
    renderMenu(view, {
      settings,
      storage,
      words,
      game,
      navigate: ctx.navigate,
      newPuzzle,
      startGame,
      loadSlot: (slot) => {
        const g = gameOfSlot(slot);
        if (g) startGame(g, null);
      },
    });
  }

  function renderBoard(view, g, tutorial) {
    const kakuro = { settings, storage, words, navigate: ctx.navigate, saveDialog };
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
      return t("kakuro.tile");
    },
  };
}
