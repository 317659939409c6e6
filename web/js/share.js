// A finish worth sharing: the result card of a solved level or a finished
// game (game, level or day, time, moves, helped or not, streak) and its
// Share button. The shared text is plain, like the newspaper games': what
// was played and how it went, a link, never a spoiler (no placement, no
// digit, no square).

import { button, h } from "./dom.js";

/**
 * The shared text of `result`: {game (its name), label (level or day), ms,
 * moves, assisted (true, false or null when it does not apply), streak
 * (days, or null), url}, in the language of `i18n`. A part that does not
 * apply is left out.
 */
export function shareText(i18n, { game, label = null, ms, moves = null, assisted = null, streak = null, url = null }) {
  const { t } = i18n;
  const how = [
    i18n.duration(ms),
    moves === null ? null : t("share.moves", { count: moves }),
    assisted === null ? null : t(assisted ? "share.assisted" : "share.unassisted"),
    streak ? t("share.streak", { count: streak }) : null,
  ].filter(Boolean);
  return [["gridforge", game, label].filter(Boolean).join(" · "), how.join(" · "), url].filter(Boolean).join("\n");
}

/**
 * Shares `text`: the Web Share API where the browser has it, else the
 * clipboard. Resolves to "shared", "copied", "cancelled" or "failed" (no
 * way to share: the caller shows the text to copy by hand).
 */
export async function shareResult(text) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text });
      return "shared";
    } catch (err) {
      if (err?.name === "AbortError") return "cancelled";
      // Refused (no gesture, not allowed): the clipboard is next.
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch {
    return "failed";
  }
}

/**
 * The result card: the result's lines and a Share button, with a line
 * saying what sharing did (`id` prefixes the elements' ids). `celebrate`
 * plays the short finish animation (css/app.css; none when the player
 * asks for reduced motion).
 */
export function resultCard(i18n, result, { celebrate = false } = {}) {
  const { t } = i18n;
  const text = shareText(i18n, result);
  const said = h("p", { class: "share-said", id: "share-said", role: "status" });
  const card = h(
    "div",
    { class: `result-card${celebrate ? " celebrate" : ""}`, id: "result-card" },
    h("pre", { class: "result-text", id: "result-text" }, text),
    button("share-result", t("share.button"), async () => {
      const how = await shareResult(text);
      said.textContent = how === "copied" ? t("share.copied") : how === "failed" ? t("share.copyByHand") : "";
    }),
    said,
  );
  return card;
}
