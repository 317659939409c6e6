// How the Kakuro screens name sizes, difficulties and dates in the player's
// language.

import { DIFFICULTIES, PACK_SIZES, SIZES, sizeSides } from "./kakuro-model.js";

/** The namers for the catalog `i18n()` returns (it changes with the language). */
export function kakuroWords(i18n) {
  const t = (key, params) => i18n().t(key, params);
  const sizeName = (n) => {
    const sides = sizeSides(n);
    return sides && sides.rows !== sides.cols ? t("kakuro.sizeRect", { width: sides.cols, height: sides.rows }) : t("kakuro.sizeValue", { size: n });
  };
  return {
    t,
    /** "Easy", …, or "Custom" for a puzzle of the editor. */
    difficulty: (d) => t(`kakuro.difficulty.${DIFFICULTIES.includes(d) ? d : "custom"}`),
    /** "10×10", or "24×28" for a rectangle (columns × rows). */
    size: sizeName,
    /** The largest size played offline (the level pack's), named: past it, the server makes the board. */
    offlineSize: () => sizeName(Math.max(...PACK_SIZES)),
    /**
     * What the game offers, as the home tile says it: read from SIZES and
     * DIFFICULTIES, so the words follow the data (the tile once said "10×10
     * to 16×16" long after 30×30 and rectangles came).
     */
    offer() {
      const squares = SIZES.filter((s) => typeof s === "number");
      return t("kakuro.tile", {
        smallest: sizeName(Math.min(...squares)),
        largest: sizeName(Math.max(...squares)),
        offline: sizeName(Math.max(...PACK_SIZES)),
        count: DIFFICULTIES.length,
      });
    },
    /** A date and time, as the slot list shows it. */
    date(ms) {
      try {
        return new Intl.DateTimeFormat(i18n().lang, { dateStyle: "medium", timeStyle: "short" }).format(ms);
      } catch {
        return new Date(ms).toISOString();
      }
    },
    /** A play time. */
    duration: (ms) => i18n().duration(ms),
    /** The catalog now (share.js words its card with it). */
    i18n: () => i18n(),
  };
}
