// A family's level list (Triplex, BlockPuzzle): the levels in number order,
// the order they open in, in sections of a hundred; a tile per level
// (solved, open or locked) showing the solver's difficulty and, when the
// server has solves, the players' median time; the next level to play marked,
// shown and a button to it; the count of solved levels, a jump to a section
// and the button of the code dialog. With thousands of levels (Triplex has
// 5,843) the player also filters them (solved or not, ready to play, by the
// rectangle's area) and goes to a level by its number.

import { button, h, screenHead } from "./dom.js";
import { LEVEL_STATES, SECTION_SIZE, levelAreas, levelShows } from "./triplex-levels.js";

const formats = new Map();
/** The filter of each list (by heading), kept while the page is open: {state, area}. */
const filters = new Map();

/** A difficulty (the solver's node count) in a few characters: 950, 1.2K, 34K. */
export function shortNumber(value, locale) {
  if (!formats.has(locale)) {
    let format;
    try {
      format = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
    } catch {
      format = { format: String };
    }
    formats.set(locale, format);
  }
  return formats.get(locale).format(value);
}

/**
 * The named grade of a level from the solver's node count its pack carries
 * (`difficulty`): the rule of gridforge_book::triplex::grade, <10K easy,
 * <100K medium, <1M hard, else expert.
 */
export function gradeOf(nodes) {
  if (nodes < 10_000) return "easy";
  if (nodes < 100_000) return "medium";
  if (nodes < 1_000_000) return "hard";
  return "expert";
}

/**
 * Shows the list in `view` under `heading`, with a link back to the games.
 * `levels` says which levels are open, their sizes, difficulties and
 * sections (triplex-levels.js),
 * `progress` which are solved and played last, `medians` (level number → median
 * ms, may be empty) the players' times; `choose(n)` runs on an open tile,
 * `askCode(n)` on a locked one (n null: the button). Returns
 * `showMedians(medians)`, which fills in times that arrive later.
 */
export function renderLevelList(view, { levels, progress, medians, heading, t, i18n, choose, askCode }) {
  const { total } = levels;
  const lang = i18n();
  const solvedCount = Object.keys(progress.solved).length;
  const next = levels.nextToPlay(progress.solved, progress.current);
  const medianSpans = new Map();
  /** The players' medians shown so far (sections filled later get them too). */
  let latest = medians ?? null;

  function tile(n) {
    const solved = Boolean(progress.solved[n]);
    const open = levels.isOpen(n);
    const state = solved ? "solved" : open ? "open" : "locked";
    const { difficulty, width, height } = levels.entry(n);
    const median = h("span", { class: "median" });
    const el = h(
      "button",
      {
        type: "button",
        class: `level-tile ${state}${n === next ? " next" : ""}`,
        "data-level": n,
        "data-state": state,
        "data-difficulty": difficulty,
        "data-grade": gradeOf(difficulty),
        onclick: () => (open ? choose(n) : askCode(n)),
      },
      h("span", { class: "num" }, String(n)),
      h("span", { class: "mark", "aria-hidden": "true" }, solved ? "✓" : ""),
    );
    medianSpans.set(n, { median, el });
    el.dataset.size = t("level.size", { width, height });
    label(el, n, state, difficulty, null);
    // Difficulty and median lie over the tile's foot but outside the button,
    // whose name (which says both) keeps its visible text, the number.
    const meta = h(
      "span",
      { class: "tile-meta", "aria-hidden": "true" },
      h("span", { class: "diff" }, shortNumber(difficulty, lang.lang)),
      median,
    );
    return h("li", { class: "level-item" }, el, meta);
  }

  function label(el, n, state, difficulty, ms) {
    const parts = [el.dataset.size, t(`level.${state}`), t(`grade.${gradeOf(difficulty)}`), t("level.difficulty", { value: difficulty })];
    if (ms !== null) parts.push(t("level.median", { time: lang.duration(ms) }));
    const text = `${t("level.title", { number: n })}: ${parts.join(", ")}`;
    el.setAttribute("aria-label", text);
    el.title = text;
  }

  // Sections are filled when they come near the screen: the first ones
  // (a few hundred tiles) and the next level's at once, so the list shows
  // fast with thousands of levels.
  const EAGER_TILES = 300;
  const fillers = new Map();
  let eager = 0;
  const observer =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver(
          (entries) => entries.forEach((e) => e.isIntersecting && fillers.get(e.target)?.()),
          { rootMargin: "800px 0px" },
        )
      : null;
  const filter = filters.get(heading) ?? { state: "all", area: null };
  filters.set(heading, filter);
  const shows = (n) => levelShows(levels.entry(n), filter, progress.solved, levels.isOpen);
  const filtering = () => filter.state !== "all" || filter.area !== null;

  /** The sections with the levels the filter lets through (none: a line saying so). */
  function buildSections() {
    fillers.clear();
    observer?.disconnect();
    eager = 0;
    const built = levels
      .sections()
      .map(({ first, last, numbers }) => ({ first, last, numbers: numbers.filter(shows), all: numbers }))
      .filter(({ numbers }) => numbers.length)
      .map(buildSection);
    shownCount.textContent = filtering()
      ? t("levels.shown", { count: built.reduce((sum, s) => sum + s.numbers, 0) })
      : "";
    return built.length ? built.map((s) => s.section) : [h("p", { class: "help", id: "levels-none" }, t("levels.none"))];
  }

  function buildSection({ first, last, numbers, all }) {
    const list = h("ol", { class: "level-grid", start: first });
    const section = h(
      "section",
      { class: "level-section", id: `levels-${first}`, "aria-labelledby": `levels-${first}-title` },
      h(
        "h2",
        { id: `levels-${first}-title` },
        t("levels.range", { first, last }),
        " ",
        h(
          "span",
          { class: "section-solved" },
          t("levels.sectionSolved", { count: all.filter((n) => progress.solved[n]).length }),
        ),
      ),
      list,
    );
    const fill = () => {
      if (!fillers.has(section)) return;
      fillers.delete(section);
      observer?.unobserve(section);
      list.style.minHeight = "";
      list.replaceChildren(...numbers.map(tile));
      if (latest) showMedians(latest);
    };
    fillers.set(section, fill);
    if (eager < EAGER_TILES || !observer || numbers.includes(next)) {
      eager += numbers.length;
      fill();
    } else {
      // Room for the tiles to come, about six to a row.
      list.style.minHeight = `${Math.ceil(numbers.length / 6) * 4.2}rem`;
      observer.observe(section);
    }
    return { section, numbers: numbers.length };
  }

  const shownCount = h("p", { class: "progress", id: "levels-shown", role: "status" });
  const sectionsBox = h("div", { class: "level-sections", id: "level-sections" });
  const redraw = () => {
    sectionsBox.replaceChildren(...buildSections());
    if (latest) showMedians(latest);
  };
  const stateSelect = h(
    "select",
    {
      id: "levels-state",
      onchange: (e) => {
        filter.state = e.target.value;
        redraw();
      },
    },
    LEVEL_STATES.map((s) => h("option", { value: s, selected: s === filter.state }, t(`levels.state.${s}`))),
  );
  const entries = Array.from({ length: total }, (_, k) => levels.entry(k + 1));
  const areaSelect = h(
    "select",
    {
      id: "levels-area",
      onchange: (e) => {
        filter.area = e.target.value === "" ? null : Number(e.target.value);
        redraw();
      },
    },
    h("option", { value: "", selected: filter.area === null }, t("levels.areaAll")),
    levelAreas(entries).map((a) => h("option", { value: a, selected: a === filter.area }, t("levels.area", { count: a }))),
  );
  const gotoInput = h("input", {
    type: "number",
    id: "levels-goto-number",
    min: 1,
    max: total,
    inputmode: "numeric",
    "aria-describedby": "levels-goto-said",
  });
  const gotoSaid = h("span", { class: "help", id: "levels-goto-said", role: "status" });
  /** Shows level n's tile (the filter cleared when it hides it) and puts the focus on it. */
  function goTo(n) {
    if (!Number.isInteger(n) || n < 1 || n > total) {
      gotoSaid.textContent = t("levels.gotoNone", { first: 1, last: total });
      return;
    }
    gotoSaid.textContent = "";
    if (!shows(n)) {
      filter.state = "all";
      filter.area = null;
      stateSelect.value = "all";
      areaSelect.value = "";
      redraw();
    }
    const section = sectionsBox.querySelector(`#levels-${Math.floor((n - 1) / SECTION_SIZE) * SECTION_SIZE + 1}`);
    fillers.get(section)?.();
    const target = sectionsBox.querySelector(`.level-tile[data-level='${n}']`);
    target?.scrollIntoView({ block: "center" });
    target?.focus({ preventScroll: true });
  }
  const gotoForm = h(
    "form",
    {
      class: "levels-goto",
      id: "levels-goto",
      // Out of range, the page says what there is (the browser's bubble would not).
      novalidate: true,
      onsubmit: (e) => {
        e.preventDefault();
        goTo(Number(gotoInput.value));
      },
    },
    h("label", { for: "levels-goto-number" }, t("levels.goto")),
    gotoInput,
    h("button", { type: "submit", id: "levels-goto-button", class: "ghost" }, t("levels.gotoButton")),
    gotoSaid,
  );
  const sections = buildSections();
  sectionsBox.replaceChildren(...sections);
  const jump = h(
    "select",
    {
      id: "levels-jump",
      onchange: (e) => {
        const section = view.querySelector(`#levels-${e.target.value}`);
        fillers.get(section)?.();
        // A section the filter left empty is not there: its first level's place is.
        if (section) section.scrollIntoView({ block: "start" });
        else goTo(Number(e.target.value));
      },
    },
    levels
      .sections()
      .map(({ first, last }) => h("option", { value: first }, t("levels.rangeOption", { first, last }))),
  );
  const playNext = next ? button("play-next", t("levels.playNext", { number: next }), () => choose(next)) : null;
  view.replaceChildren(
    h(
      "section",
      { class: "levels" },
      screenHead({ href: "#/", back: t("nav.games"), title: heading }),
      h(
        "div",
        { class: "levels-bar" },
        h("p", { class: "progress", id: "levels-progress" }, t("levels.solved", { count: solvedCount, total })),
        playNext,
        button("enter-code", t("code.button"), () => askCode(null), { class: "ghost" }),
        levels.sections().length > 1 ? h("label", { class: "levels-jump" }, t("levels.jump"), " ", jump) : null,
      ),
      h(
        "div",
        { class: "levels-bar levels-filter", role: "group", "aria-label": t("levels.filter") },
        h("label", { class: "levels-jump" }, t("levels.stateLabel"), " ", stateSelect),
        h("label", { class: "levels-jump" }, t("levels.areaLabel"), " ", areaSelect),
        gotoForm,
        shownCount,
      ),
      h("p", { class: "help", id: "levels-legend" }, t("levels.legend")),
      sectionsBox,
    ),
  );

  function showMedians(times) {
    latest = times;
    for (const [n, ms] of times) {
      const tileParts = medianSpans.get(n);
      if (!tileParts) continue;
      tileParts.median.textContent = lang.duration(ms);
      const { el } = tileParts;
      label(el, n, el.dataset.state, Number(el.dataset.difficulty), ms);
    }
  }
  if (latest) showMedians(latest);
  // The next level to play is in sight: the list opens on it. Not when it
  // is in the list's first row under the fold: then the list opens at its
  // head, which has the button "Play level n" (level 1 of a new player,
  // just under the fold held sideways, scrolled the head away).
  const nextTile = view.querySelector(".level-tile.next");
  if (nextTile) {
    const box = nextTile.getBoundingClientRect();
    if (box.top >= window.innerHeight + box.height || box.bottom <= 0) nextTile.scrollIntoView({ block: "nearest" });
    jump.value = String(Math.floor((next - 1) / SECTION_SIZE) * SECTION_SIZE + 1);
  }
  return showMedians;
}
