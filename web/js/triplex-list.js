// The Triplex level list: one section per rectangle area (smallest first),
// a tile per level (solved, open or locked) showing the solver's difficulty
// and, when the server has solves, the players' median time; the count of
// solved levels, a jump to an area and the button of the code dialog.

import { button, h } from "./dom.js";

/** A difficulty (the solver's node count) in a few characters: 950, 1.2k, 34k. */
export function shortNumber(value, locale) {
  try {
    return new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 }).format(value);
  } catch {
    return String(value);
  }
}

/**
 * Shows the list in `view`. `levels` says which levels are open, their
 * sizes, difficulties and sections (triplex-levels.js), `progress` which
 * are solved and current, `medians` (level number → median ms, may be
 * empty) the players' times; `choose(n)` runs on an open tile, `askCode(n)`
 * on a locked one (n null: the button). Returns `showMedians(medians)`,
 * which fills in times that arrive later.
 */
export function renderLevelList(view, { levels, progress, medians, t, i18n, choose, askCode }) {
  const { total } = levels;
  const lang = i18n();
  const solvedCount = Object.keys(progress.solved).length;
  const medianSpans = new Map();

  function tile(n) {
    const solved = Boolean(progress.solved[n]);
    const open = levels.isOpen(n);
    const state = solved ? "solved" : open ? "open" : "locked";
    const { difficulty } = levels.entry(n);
    const median = h("span", { class: "median" });
    medianSpans.set(n, median);
    const el = h(
      "button",
      {
        type: "button",
        class: `level-tile ${state}${progress.current === n ? " current" : ""}`,
        "data-level": n,
        "data-state": state,
        "data-difficulty": difficulty,
        onclick: () => (open ? choose(n) : askCode(n)),
      },
      h("span", { class: "num" }, String(n)),
      h("span", { class: "mark", "aria-hidden": "true" }, solved ? "✓" : ""),
      h("span", { class: "diff", "aria-hidden": "true" }, shortNumber(difficulty, lang.lang)),
      median,
    );
    label(el, n, state, difficulty, null);
    return h("li", {}, el);
  }

  function label(el, n, state, difficulty, ms) {
    const parts = [t(`level.${state}`), t("level.difficulty", { value: difficulty })];
    if (ms !== null) parts.push(t("level.median", { time: lang.duration(ms) }));
    const text = `${t("level.title", { number: n })}: ${parts.join(", ")}`;
    el.setAttribute("aria-label", text);
    el.title = text;
  }

  const sections = levels.sections().map(({ area, numbers }) =>
    h(
      "section",
      { class: "level-section", id: `area-${area}`, "aria-labelledby": `area-${area}-title` },
      h(
        "h2",
        { id: `area-${area}-title` },
        t("levels.section", { area, count: numbers.length }),
        " ",
        h(
          "span",
          { class: "section-solved" },
          t("levels.sectionSolved", { count: numbers.filter((n) => progress.solved[n]).length }),
        ),
      ),
      h("ol", { class: "level-grid" }, numbers.map(tile)),
    ),
  );
  const jump = h(
    "select",
    {
      id: "area-jump",
      onchange: (e) => view.querySelector(`#area-${e.target.value}`)?.scrollIntoView({ block: "start" }),
    },
    levels.sections().map(({ area }) => h("option", { value: area }, t("levels.areaOption", { area }))),
  );
  view.replaceChildren(
    h(
      "section",
      { class: "levels" },
      h(
        "div",
        { class: "levels-head" },
        h("h1", {}, t("levels.heading")),
        h("p", { class: "progress", id: "levels-progress" }, t("levels.solved", { count: solvedCount, total })),
        h("label", { class: "area-jump" }, t("levels.jump"), " ", jump),
        button("enter-code", t("code.button"), () => askCode(null)),
      ),
      h("p", { class: "help", id: "levels-legend" }, t("levels.legend")),
      sections,
    ),
  );

  function showMedians(times) {
    for (const [n, ms] of times) {
      const span = medianSpans.get(n);
      if (!span) continue;
      span.textContent = lang.duration(ms);
      const el = span.parentElement;
      label(el, n, el.dataset.state, Number(el.dataset.difficulty), ms);
    }
  }
  if (medians) showMedians(medians);
  const current = view.querySelector(".level-tile.current");
  if (current) {
    current.scrollIntoView({ block: "center" });
    const e = levels.entry(Number(current.dataset.level));
    jump.value = String(e.width * e.height);
  }
  return showMedians;
}
