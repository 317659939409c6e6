// The daily puzzles (#/today) as one of the app's screens: the Today screen
// with the day's four Kakuro and one ChessMemory (a done mark and time on
// each), their tables, the player's streak and history and the archive
// (#/today/<date>: a past day, playable, its play not on the tables). A
// daily is played on #/today/kakuro/<date>/<difficulty> (daily-kakuro.js,
// the normal Kakuro board) or #/today/chess/<date> (daily-chess.js, a board
// the server turns over). Everything here needs the server: without it the
// screen says so and the rest of the app plays on. The parts: daily-api.js,
// daily-store.js (pure: ids, results, streak), daily-tables.js (the tables).

import { button, h, screenHead } from "./dom.js";
import { createDailyApi } from "./daily-api.js";
import { createDailyChess } from "./daily-chess.js";
import { createDailyKakuro } from "./daily-kakuro.js";
import { openReplay } from "./daily-replay.js";
import { addDays, dailyKey, dayOf, isDate, loadDaily, playerId, saveDaily, streak } from "./daily-store.js";
import { dailyTitle, dateText, streakSection, tableSection } from "./daily-tables.js";
import { DIFFICULTIES } from "./kakuro-model.js";
import { kakuroWords } from "./kakuro-words.js";
import { dayShareText, resultCard } from "./share.js";
import { askName } from "./triplex-dialogs.js";

/** How far back the archive goes (the server serves 366 days back). */
const ARCHIVE_DAYS = 366;

/** The daily puzzles for the app (see the screen interface in app.js). */
export function createDaily(ctx) {
  const api = createDailyApi(ctx.base);
  const words = kakuroWords(ctx.i18n);
  const { t } = words;
  const data = loadDaily(ctx.storage);
  const player = playerId(ctx.storage);
  /** What is shown: "today", "kakuro", "chess" or null. */
  let shown = null;
  /** Counts renders, so an answer for a screen left meanwhile is dropped. */
  let renders = 0;

  /** The address of the Today screen of `date` (today's is #/today). */
  const dayHref = (date) => (!date || date === dayOf(Date.now()) ? "#/today" : `#/today/${date}`);
  /** A daily's name in a shared text: "Kakuro Easy", "ChessMemory". */
  const shareName = (game, difficulty = null) =>
    game === "kakuro" ? `${t("home.kakuro.name")} ${words.difficulty(difficulty)}` : t("home.chess.name");
  /** The link of a shared text: the day's Today screen. */
  const dayUrl = (date) => `${location.origin}${location.pathname}${dayHref(date)}`;

  const shared = {
    ctx,
    api,
    words,
    t,
    player,
    data,
    save: () => saveDaily(ctx.storage, data),
    dayHref,
    /**
     * The result card of one daily of `date` (share.js) from the result
     * `r` ({ms, moves, assisted}): the day, the daily, the time, moves and
     * help where they apply, the streak, the day's link; `way`, the ways on
     * (back to Today, play again), on the Share button's row.
     */
    resultCard(date, game, difficulty, r, celebrate, way = null) {
      const result = {
        game: t("daily.title"),
        label: `${date} · ${shareName(game, difficulty)}`,
        ms: r.ms,
        moves: r.moves ?? null,
        assisted: game === "kakuro" ? r.assisted === true : null,
        streak: streak(data, dayOf(Date.now())).current,
        url: dayUrl(date),
      };
      return resultCard(ctx.i18n(), result, { celebrate, way });
    },
    /** The player's name for the tables, asked once (the dialog of Triplex's records). */
    name: async () => (data.name || data.asked ? data.name : changeName()),
    /** A daily's screen with only a line saying why there is no board (catalog key `key`). */
    message(view, date, title, key, params = {}) {
      view.replaceChildren(
        h(
          "section",
          { class: "daily" },
          shared.head(date, title),
          h("p", { class: "daily-status", id: "daily-message", role: "status" }, t(key, params)),
        ),
      );
    },
    /** The head of a daily's screen: the way back to its day, and its title. */
    head: (date, title, ...extra) =>
      screenHead(
        {
          href: dayHref(date),
          back: t("nav.back", { name: t("daily.title") }),
          id: "daily-back",
          title,
          titleId: "daily-title",
        },
        ...extra,
      ),
  };
  const kakuro = createDailyKakuro(shared);
  const chess = createDailyChess(shared);

  async function changeName() {
    const name = await askName({
      t,
      initial: data.name ?? "",
      heading: t("daily.nameHeading"),
      submit: async () => true,
    });
    data.asked = true;
    if (name !== null) data.name = name;
    shared.save();
    return data.name;
  }

  /** The daily keys with their labels, for the streak and history. */
  const keys = () => [
    ...DIFFICULTIES.map((d) => ({ key: dailyKey("kakuro", d), label: dailyTitle(words, "kakuro", d) })),
    { key: dailyKey("chess"), label: dailyTitle(words, "chess") },
  ];

  /** One daily's line: a link to play it, its done mark and time. */
  function entry(date, game, href, title, difficulty = null, technique = null) {
    const key = dailyKey(game, difficulty);
    const result = data.days[date]?.[key];
    const mark = result
      ? t(result.assisted ? "daily.doneAssisted" : "daily.done", { time: words.duration(result.ms) })
      : t("daily.notDone");
    return h(
      "li",
      {
        class: `daily-entry${result ? " done" : ""}`,
        "data-key": key,
        "data-done": String(Boolean(result)),
        // The hardest technique the puzzle needs: a name of the engine's, not shown (not translated).
        "data-technique": technique,
      },
      h("a", { href, id: `daily-play-${key}`, class: "daily-play" }, title),
      h("span", { class: "daily-mark", id: `daily-mark-${key}` }, result ? `✓ ${mark}` : mark),
    );
  }

  async function renderToday(view, date) {
    const id = ++renders;
    shown = "today";
    const today = dayOf(Date.now());
    if (date !== null && !isDate(date)) date = "bad";
    const head = screenHead({
      href: date ? "#/today" : "#/",
      back: date ? t("nav.back", { name: t("daily.title") }) : t("nav.games"),
      id: "daily-back",
      title: date ? t("daily.archiveTitle") : t("daily.title"),
      titleId: "daily-title",
    });
    const status = h("p", { class: "daily-status", id: "daily-status", role: "status" }, t("daily.loading"));
    const section = h("section", { class: "daily" }, head, status);
    view.replaceChildren(section);
    // Without a network (the browser knows) nothing is asked: the dailies need the server.
    let [k, c] = [null, null];
    if (date === "bad") k = { ok: false, status: 404 };
    else if (ctx.online()) [k, c] = await Promise.all([api.kakuroDay(date), api.chessDay(date)]);
    if (id !== renders || shown !== "today") return;
    const day = k?.ok ? k.data.date : date;
    const parts = [];
    if (k === null || (k.ok && c === null)) {
      status.textContent = t("daily.needsServer");
      status.classList.add("daily-offline");
    } else if (!k.ok || !c?.ok) {
      status.textContent = t((k.ok ? c : k).status === 404 ? "daily.noSuchDay" : "daily.refused", {
        error: (k.ok ? c : k).error ?? "",
      });
    } else {
      status.replaceChildren(h("span", { id: "daily-date", "data-date": day }, dateText(ctx.i18n().lang, day)));
      if (!k.data.counts) {
        status.append(h("span", { class: "daily-not-counted", id: "daily-not-counted" }, ` ${t("daily.notCounted")}`));
      }
      const puzzles = Array.isArray(k.data.puzzles) ? k.data.puzzles : [];
      const tables = h("div", { class: "daily-tables", id: "daily-tables" });
      parts.push(
        h("h2", {}, t("daily.puzzlesHeading")),
        h(
          "ul",
          { class: "daily-list", id: "daily-list" },
          puzzles.map((p) =>
            entry(
              day,
              "kakuro",
              `#/today/kakuro/${day}/${p.difficulty}`,
              dailyTitle(words, "kakuro", p.difficulty, p.width, p.height),
              p.difficulty,
              p.technique,
            ),
          ),
          entry(day, "chess", `#/today/chess/${day}`, dailyTitle(words, "chess")),
        ),
        h("h2", {}, t("daily.tablesHeading")),
        tables,
      );
      fillTables(id, tables, day, puzzles);
    }
    const nameLine = h(
      "p",
      { class: "daily-name", id: "daily-name" },
      data.name ? t("daily.nameIs", { name: data.name }) : t("daily.nameNone"),
      " ",
      button("daily-change-name", t("daily.changeName"), async () => {
        await changeName();
        if (shown === "today") renderToday(view, date);
      }, { class: "ghost" }),
    );
    section.append(...parts, dayCard(day), nameLine, streakSection(words, ctx.i18n().lang, data, today, keys()), archive(today, day));
  }

  /**
   * The day's result card, once a daily of it is done: one line per daily
   * done (in the order of the list), the streak, the day's link; null
   * before.
   */
  function dayCard(day) {
    const done = data.days[day] ?? {};
    const results = [
      ...DIFFICULTIES.map((d) => ({ key: dailyKey("kakuro", d), name: shareName("kakuro", d), help: true })),
      { key: dailyKey("chess"), name: shareName("chess"), help: false },
    ]
      .filter(({ key }) => done[key])
      .map(({ key, name, help }) => ({
        name,
        ms: done[key].ms,
        moves: done[key].moves ?? null,
        assisted: help ? done[key].assisted === true : null,
      }));
    if (!isDate(day) || results.length === 0) return null;
    const text = dayShareText(ctx.i18n(), {
      title: t("daily.title"),
      date: day,
      results,
      streak: streak(data, dayOf(Date.now())).current,
      url: dayUrl(day),
    });
    return h("section", { class: "daily-day-card", id: "daily-day-card" }, h("h2", {}, t("daily.yourDay")), resultCard(ctx.i18n(), text));
  }

  /** The tables of the day's dailies, in the order of the list. */
  async function fillTables(id, el, date, puzzles) {
    const answers = await Promise.all([
      ...puzzles.map((p) => api.kakuroTable(date, p.difficulty, player)),
      api.chessTable(date, player),
    ]);
    if (id !== renders || shown !== "today") return;
    const sections = answers.map((r, k) => {
      const p = puzzles[k];
      const key = p ? dailyKey("kakuro", p.difficulty) : dailyKey("chess");
      const title = p ? dailyTitle(words, "kakuro", p.difficulty, p.width, p.height) : dailyTitle(words, "chess");
      if (!r?.ok) return h("p", { class: "daily-table-missing" }, title, ": ", t("daily.tableMissing"));
      return tableSection(words, key, title, r.data, !p, (line) => openReplay(el, words, api, line));
    });
    el.replaceChildren(...sections);
  }

  /** Pick a past day to play (it says its play is not on the tables). */
  function archive(today, day) {
    const input = h("input", {
      type: "date",
      id: "daily-archive-date",
      min: addDays(today, -ARCHIVE_DAYS),
      max: today,
      value: isDate(day) ? day : today,
      required: true,
    });
    const form = h(
      "form",
      { class: "daily-archive", id: "daily-archive" },
      h("h2", { id: "daily-archive-heading" }, t("daily.archiveHeading")),
      h("p", { class: "help" }, t("daily.archiveHelp")),
      h("label", {}, h("span", {}, t("daily.archiveDate")), " ", input),
      " ",
      h("button", { type: "submit", id: "daily-archive-open" }, t("daily.archiveOpen")),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (isDate(input.value)) ctx.navigate(dayHref(input.value));
    });
    return form;
  }

  function leave() {
    kakuro.leave();
    chess.leave();
    shown = null;
    renders++;
  }

  return {
    /** Shows #/today/<parts…>. */
    async render(view, parts) {
      leave();
      // A daily's first play waits for the name dialog: not awaited, so the
      // app's next route change (which closes the dialog) is not held up.
      if (parts[0] === "kakuro") {
        shown = "kakuro";
        kakuro.render(view, parts[1], parts[2]).catch((err) => console.error(err));
      } else if (parts[0] === "chess") {
        shown = "chess";
        chess.render(view, parts[1]).catch((err) => console.error(err));
      } else await renderToday(view, parts[0] ?? null);
    },
    leave,
    save() {
      kakuro.save();
    },
    tick(ms) {
      if (shown === "kakuro") kakuro.tick(ms);
      if (shown === "chess") chess.tick(ms);
    },
    fit() {
      if (shown === "kakuro") kakuro.fit();
    },
    /** The line of the Today entry on the home screen: today's solves and the streak. */
    tile() {
      const today = dayOf(Date.now());
      const solved = Object.keys(data.days[today] ?? {}).length;
      return t("daily.tile", { count: solved, total: DIFFICULTIES.length + 1 });
    },
  };
}
