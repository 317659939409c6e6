// The Triplex level list: a tile per level (solved, open or locked), the
// count of solved levels and the button of the code dialog.

import { button, h } from "./dom.js";

/**
 * Shows the list in `view`. `levels` says which levels are open
 * (triplex-levels.js), `progress` which are solved and current; `choose(n)`
 * runs on an open tile, `askCode(n)` on a locked one (n null: the button).
 */
export function renderLevelList(view, { levels, progress, t, choose, askCode }) {
  const { total } = levels;
  const solvedCount = Object.keys(progress.solved).length;
  const tiles = Array.from({ length: total }, (_, i) => {
    const n = i + 1;
    const solved = Boolean(progress.solved[n]);
    const open = levels.isOpen(n);
    const state = solved ? "solved" : open ? "open" : "locked";
    const label = `${t("level.title", { number: n })}: ${t(`level.${state}`)}`;
    return h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: `level-tile ${state}${progress.current === n ? " current" : ""}`,
          "data-level": n,
          "data-state": state,
          "aria-label": label,
          title: label,
          onclick: () => (open ? choose(n) : askCode(n)),
        },
        h("span", { class: "num" }, String(n)),
        h("span", { class: "mark", "aria-hidden": "true" }, solved ? "✓" : ""),
      ),
    );
  });
  view.replaceChildren(
    h(
      "section",
      { class: "levels" },
      h(
        "div",
        { class: "levels-head" },
        h("h1", {}, t("levels.heading")),
        h("p", { class: "progress", id: "levels-progress" }, t("levels.solved", { count: solvedCount, total })),
        button("enter-code", t("code.button"), () => askCode(null)),
      ),
      h("ol", { class: "level-grid" }, tiles),
    ),
  );
  view.querySelector(".level-tile.current")?.scrollIntoView({ block: "center" });
}
