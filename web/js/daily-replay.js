// Playing back a table entry's solving path (issue 38): once a daily has
// closed, each line of its table has a "Replay" button; the path comes from
// GET /api/paths/{entry} with the clues, and is played on a board of its own,
// every digit appearing (or going) at its time since the start, with play
// and pause, a speed and the time reached.

import { button, h } from "./dom.js";
import { parseBoard } from "./kakuro-model.js";
import { buildBoard, fitBoard, paintBoard } from "./kakuro-view.js";
import { decodePath, GAME_KAKURO } from "./solve-path.js";

/** The speeds offered: times real time. */
export const REPLAY_SPEEDS = [1, 2, 4, 8, 16];
/** How often the playing replay moves on, ms. */
const STEP_MS = 50;

/**
 * The values of every cell after the events up to time `ms` (events in time
 * order, Kakuro's {t, cell, digit}), and how many of them that was.
 */
export function valuesAt(cellCount, events, ms) {
  const values = new Array(cellCount).fill(0);
  let shown = 0;
  for (const e of events) {
    if (e.t > ms) break;
    if (e.cell < cellCount) values[e.cell] = e.digit;
    shown++;
  }
  return { values, shown };
}

/**
 * A replay panel: `fetchPath(entry)` resolves to the daily API's answer of
 * the path route, `line` is the table line ({entry, name, time_ms}). The
 * panel starts paused at 0; `stop()` ends its timer (when it is closed or
 * the screen is left).
 */
export function replayPanel(words, fetchPath, line, onClose) {
  const { t } = words;
  const name = line.name ?? t("daily.unnamed");
  const status = h("p", { class: "daily-replay-status", id: "replay-status", role: "status" }, t("daily.replayLoading"));
  const panel = h(
    "section",
    { class: "daily-replay", id: "daily-replay", "data-entry": line.entry, "aria-labelledby": "daily-replay-heading" },
    h("h3", { id: "daily-replay-heading" }, t("daily.replayHeading", { name, time: words.duration(line.time_ms) })),
    status,
  );
  let timer = null;
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const close = button("replay-close", t("daily.replayClose"), () => {
    stop();
    panel.remove();
    onClose?.();
  });
  panel.append(close);

  (async () => {
    const answer = await fetchPath(line.entry);
    let board;
    let events;
    try {
      if (!answer?.ok) throw new Error(answer?.error || "");
      board = parseBoard(answer.data.puzzle);
      const decoded = decodePath(answer.data.path);
      if (decoded.game !== GAME_KAKURO) throw new Error("not a Kakuro path");
      events = decoded.events;
    } catch (err) {
      status.textContent = t("daily.replayFailed", { error: err.message || "?" });
      panel.dataset.state = "failed";
      return;
    }
    const end = Math.max(events[events.length - 1].t, Number(answer.data.time_ms) || 0);
    const ui = buildBoard(board, { id: "replay-board", t });
    ui.el.classList.add("daily-replay-board");
    const wrap = h("div", { class: "kk-board-wrap daily-replay-wrap" }, ui.el);
    const clock = h("span", { class: "daily-replay-time", id: "replay-time" }, "");
    const speed = h(
      "select",
      { id: "replay-speed", "aria-label": t("daily.replaySpeed") },
      REPLAY_SPEEDS.map((s) => h("option", { value: s, selected: s === 4 }, `${s}×`)),
    );
    const play = button("replay-play", t("daily.replayPlay"), () => (timer === null ? start() : pause()), {
      "aria-pressed": "false",
    });
    const seek = h("input", {
      type: "range",
      id: "replay-seek",
      min: 0,
      max: end,
      step: 100,
      value: 0,
      "aria-label": t("daily.replayPosition"),
    });
    let at = 0;
    const draw = () => {
      const { values, shown } = valuesAt(board.cells.length, events, at);
      paintBoard(board, ui, { values });
      clock.textContent = `${words.duration(at)} / ${words.duration(end)}`;
      seek.value = String(Math.round(at));
      panel.dataset.shown = String(shown);
      panel.dataset.at = String(Math.round(at));
    };
    const pause = () => {
      stop();
      play.textContent = t("daily.replayPlay");
      play.setAttribute("aria-pressed", "false");
      panel.dataset.state = at >= end ? "ended" : "paused";
    };
    function start() {
      if (at >= end) at = 0;
      let last = performance.now();
      timer = setInterval(() => {
        if (!panel.isConnected) return stop();
        const now = performance.now();
        at = Math.min(end, at + (now - last) * Number(speed.value));
        last = now;
        draw();
        if (at >= end) pause();
      }, STEP_MS);
      play.textContent = t("daily.replayPause");
      play.setAttribute("aria-pressed", "true");
      panel.dataset.state = "playing";
    }
    seek.addEventListener("input", () => {
      at = Math.min(end, Math.max(0, Number(seek.value)));
      draw();
    });
    status.textContent = t("daily.replayReady", { count: events.length });
    panel.dataset.events = String(events.length);
    panel.insertBefore(
      h("div", { class: "daily-replay-controls" }, play, h("label", {}, t("daily.replaySpeed"), " ", speed), clock),
      close,
    );
    panel.insertBefore(seek, close);
    panel.insertBefore(wrap, close);
    panel.dataset.state = "paused";
    const width = Math.min(panel.clientWidth || window.innerWidth - 32, 520);
    fitBoard(ui, board, width, Math.max(240, window.innerHeight * 0.6), { max: 40 });
    draw();
  })();
  panel.stop = stop;
  return panel;
}

/**
 * Opens the replay of table line `line` after element `anchor` (closing the
 * one open before), with the paths from `api.path`.
 */
export function openReplay(anchor, words, api, line) {
  const open = document.getElementById("daily-replay");
  open?.stop?.();
  open?.remove();
  const panel = replayPanel(words, api.path, line, () => anchor.querySelector?.(".daily-replay-button")?.focus());
  anchor.after(panel);
  panel.scrollIntoView({ block: "nearest" });
  return panel;
}
