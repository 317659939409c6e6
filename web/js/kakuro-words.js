// How the Kakuro screens name sizes, difficulties and dates in the player's
// language.

import { DIFFICULTIES, sizeSides } from "./kakuro-model.js";

/** The namers for the catalog `i18n()` returns (it changes with the language). */
export function kakuroWords(i18n) {
  const t = (key, params) => i18n().t(key, params);
  return {
    t,
    /** "Easy", …, or "Custom" for a puzzle of the editor. */
    difficulty: (d) => t(`kakuro.difficulty.${DIFFICULTIES.includes(d) ? d : "custom"}`),
    /** "10×10", or "24×28" for a rectangle (columns × rows). */
    size(n) {
      const sides = sizeSides(n);
      return sides && sides.rows !== sides.cols ? t("kakuro.sizeRect", { width: sides.cols, height: sides.rows }) : t("kakuro.sizeValue", { size: n });
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
  };
}
