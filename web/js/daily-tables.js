// The daily puzzles' tables as the Today screen and the end of a daily show
// them: the best clean times (ChessMemory: time, then moves), the assisted
// solves apart, how many solved, and the player's own row highlighted (or
// added under the ten best), held for review apart, and once a daily has
// closed a "Replay" button on each line (its solving path, daily-replay.js);
// and the player's streak, best times and history kept on this device
// (daily-store.js).

import { h } from "./dom.js";
import { bestTimes, history, streak } from "./daily-store.js";

/** The heading of a daily: "Kakuro · Easy · 10×10" or "ChessMemory". */
export function dailyTitle(words, game, difficulty = null, width = null, height = null) {
  const { t } = words;
  if (game !== "kakuro") return t("home.chess.name");
  const size = width && height ? t("daily.size", { width, height }) : null;
  return [t("home.kakuro.name"), words.difficulty(difficulty), size].filter(Boolean).join(" · ");
}

/**
 * One daily's table from the server's answer `table` (kakuroTable or
 * chessTable): a section with id `daily-table-<key>`. `chess` adds the moves;
 * `onReplay(line)`, when given, puts a Replay button on each line whose
 * path is public (the line has an `entry`).
 */
export function tableSection(words, key, title, table, chess = false, onReplay = null) {
  const { t } = words;
  const duration = (ms) => words.duration(ms);
  const name = (n) => n ?? t("daily.unnamed");
  const you = table.you ?? null;
  const headingId = `daily-table-${key}-heading`;
  const solvers = table.solvers ?? 0;
  const section = h(
    "section",
    { class: "daily-table", id: `daily-table-${key}`, "aria-labelledby": headingId },
    h("h3", { id: headingId }, title),
    // Nobody yet: said in words, not as "0 solvers".
    h("p", { class: "daily-solvers" }, solvers ? t("daily.solvers", { count: solvers }) : t("daily.noSolves")),
  );
  const best = Array.isArray(table.best) ? table.best : [];
  const held = Boolean(you?.under_review);
  const replays = Boolean(onReplay) && best.some((row) => typeof row.entry === "string");
  const replayCell = (row) =>
    replays
      ? h(
          "td",
          {},
          typeof row.entry === "string"
            ? h(
                "button",
                {
                  type: "button",
                  class: "daily-replay-button",
                  "data-entry": row.entry,
                  "aria-label": t("daily.replayOf", { name: name(row.name), time: duration(row.time_ms) }),
                  onclick: () => onReplay(row),
                },
                t("daily.replay"),
              )
            : null,
        )
      : null;
  const isYou = (row) =>
    you &&
    !you.assisted &&
    !you.anonymous &&
    !held &&
    row.rank === you.rank &&
    row.time_ms === you.time_ms &&
    (!chess || row.moves === you.moves);
  let youShown = false;
  // Only accounts are listed (issue 38): an anonymous or held solve of the
  // player's is shown apart, with the rank it would have.
  const unlisted = Boolean(you && (you.anonymous || you.under_review));
  const rowOf = (row, mine) =>
    h(
      "tr",
      { class: mine ? "you" : null, "data-rank": row.rank },
      h("td", {}, mine && unlisted ? t("daily.wouldBe", { rank: row.rank }) : String(row.rank)),
      h(
        "td",
        {},
        // The player's own line: its name with the mark, or (unlisted,
        // no name on the table) the mark's word alone.
        mine && row.name == null
          ? h("strong", { class: "daily-you-mark" }, t("daily.you"))
          : [
              name(row.name),
              row.provisional ? h("span", { class: "daily-provisional" }, ` (${t("account.provisional")})`) : null,
              mine ? h("strong", { class: "daily-you-mark" }, ` (${t("daily.you")})`) : null,
            ],
      ),
      h("td", {}, duration(row.time_ms)),
      chess ? h("td", {}, String(row.moves)) : null,
      replayCell(row),
    );
  const rows = best.map((row) => {
    const mine = !youShown && isYou(row);
    youShown ||= mine;
    return rowOf(row, mine);
  });
  if (you && !you.assisted && !held && !youShown && Number.isInteger(you.rank)) {
    rows.push(rowOf({ rank: you.rank, name: null, time_ms: you.time_ms, moves: you.moves }, true));
  }
  if (rows.length) {
    section.append(
      h(
        "table",
        { class: "daily-best" },
        h("caption", {}, t("daily.bestTimes")),
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, t("daily.rank")),
            h("th", { scope: "col" }, t("daily.name")),
            h("th", { scope: "col" }, t("daily.time")),
            chess ? h("th", { scope: "col" }, t("daily.moves")) : null,
            replays ? h("th", { scope: "col" }, t("daily.replayColumn")) : null,
          ),
        ),
        h("tbody", {}, rows),
      ),
    );
    // Solved, but by no account (only accounts are listed, issue 38).
  } else if (solvers) section.append(h("p", { class: "daily-empty" }, t("daily.noneListed")));
  const assisted = Array.isArray(table.assisted) ? table.assisted : [];
  if (assisted.length) {
    section.append(
      h("h4", {}, t("daily.assistedHeading")),
      h(
        "ul",
        { class: "daily-assisted" },
        assisted.map((row) => h("li", {}, `${name(row.name)} · ${duration(row.time_ms)}`)),
      ),
    );
  }
  if (held) {
    section.append(h("p", { class: "daily-you-held you" }, t("daily.youHeld", { time: duration(you.time_ms) })));
  } else if (you?.assisted) {
    section.append(
      h("p", { class: "daily-you-assisted you" }, t("daily.youAssisted", { time: duration(you.time_ms) })),
    );
  }
  return section;
}

/** The player's streak and best times, and the last days played (kept on this device). */
export function streakSection(words, lang, data, today, keys) {
  const { t } = words;
  const run = streak(data, today);
  const best = bestTimes(data);
  const days = history(data);
  const formatDate = (date) => dateText(lang, date);
  return h(
    "section",
    { class: "daily-streak", id: "daily-streak", "aria-labelledby": "daily-streak-heading" },
    h("h2", { id: "daily-streak-heading" }, t("daily.streakHeading")),
    h(
      "p",
      { id: "daily-streak-count", "data-streak": run.current },
      t("daily.streak", { count: run.current }),
      " ",
      t("daily.streakBest", { count: run.best }),
    ),
    Object.keys(best).length
      ? h(
          "ul",
          { class: "daily-best-times", id: "daily-best-times" },
          keys
            .filter(({ key }) => key in best)
            .map(({ key, label }) => h("li", { "data-key": key }, `${label}: ${words.duration(best[key])}`)),
        )
      : null,
    h("h3", {}, t("daily.historyHeading")),
    days.length
      ? h(
          "ul",
          { class: "daily-history", id: "daily-history" },
          days.map(({ date, results }) =>
            h(
              "li",
              { "data-date": date },
              h("span", { class: "daily-history-date" }, formatDate(date)),
              ": ",
              keys
                .filter(({ key }) => results[key])
                .map(({ key, label }) => {
                  const r = results[key];
                  const how = r.assisted ? ` (${t("daily.assisted")})` : "";
                  return `${label} ${words.duration(r.ms)}${how}`;
                })
                .join(", "),
            ),
          ),
        )
      : h("p", { id: "daily-history-none" }, t("daily.historyNone")),
  );
}

/** A day (YYYY-MM-DD, UTC) in the player's language, e.g. "Wednesday, November 25, 2026". */
export function dateText(lang, date) {
  try {
    const format = new Intl.DateTimeFormat(lang, { dateStyle: "full", timeZone: "UTC" });
    return format.format(Date.parse(`${date}T00:00:00Z`));
  } catch {
    return date;
  }
}
