// A finish worth sharing: the result card of a solved level or a finished
// game (game, level or day, time, moves, helped or not, streak) and its
// Share button. The shared text is plain, like the newspaper games': what
// was played and how it went, a link, never a spoiler (no placement, no
// digit, no square).

import { button, h } from "./dom.js";

/**
 * The shared text of `result`: {game (its name), label (level, day or
 * mode), outcome (a line of its own: who won a game for two), ms, moves,
 * assisted (true, false or null when it does not apply), streak (days, or
 * null), url}, in the language of `i18n`. A part that does not apply is
 * left out.
 */
export function shareText(i18n, { game, label = null, outcome = null, ms, moves = null, assisted = null, streak = null, url = null }) {
  return [heading(game, label), outcome, howLine(i18n, { ms, moves, assisted, streak }), url].filter(Boolean).join("\n");
}

/** The first line of a shared text: "gridforge · game · label". */
const heading = (...parts) => ["gridforge", ...parts].filter(Boolean).join(" · ");

/** How one result went: "1:23 · 40 moves · no help · 3-day streak", the parts that apply. */
function howLine(i18n, { ms, moves = null, assisted = null, streak = null }) {
  const { t } = i18n;
  return [
    i18n.duration(ms),
    Number.isInteger(moves) ? t("share.moves", { count: moves }) : null,
    assisted === null || assisted === undefined ? null : t(assisted ? "share.assisted" : "share.unassisted"),
    streak ? t("share.streak", { count: streak }) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * The shared text of a day of dailies (the Today screen): `title` and
 * `date`, then one line per daily done ({name, ms, moves, assisted}), the
 * streak and the link. No daily's puzzle or board is in it.
 */
export function dayShareText(i18n, { title, date, results, streak = null, url = null }) {
  const lines = results.map((r) => `${r.name} ${howLine(i18n, r)}`);
  const kept = streak ? i18n.t("share.streak", { count: streak }) : null;
  return [heading(title, date), ...lines, kept, url].filter(Boolean).join("\n");
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
 * Resolves once the finish animation of a result card on show has played
 * (at once when none plays): a dialog opened over it (the first solver's)
 * hid the celebration under its backdrop.
 */
export function celebrationDone() {
  const playing = document.getAnimations?.().filter((a) => a.animationName === "celebrate") ?? [];
  return Promise.all(playing.map((a) => a.finished.catch(() => null)));
}

/**
 * The result card: the result's lines (`result` as shareText takes it, or
 * the text itself) and a Share button, with a line saying what sharing
 * did. `celebrate` plays the short finish animation (css/app.css; none when
 * the player asks for reduced motion). `way` is the finish's way on (Next
 * level, New game, back to Today), on the Share button's row: the card
 * takes a row less (a ChessMemory end panel held sideways ran out of the
 * window). `names`, the players' names in its lines: beside the board held
 * sideways each line keeps to one line and a long name is cut short (its
 * whole self in a title), so the score after it stays in sight.
 */
export function resultCard(i18n, result, { celebrate = false, way = null, names = [] } = {}) {
  const { t } = i18n;
  // A text made already (a day's, dayShareText), or the result's own.
  const text = typeof result === "string" ? result : shareText(i18n, result);
  const said = h("p", { class: "share-said", id: "share-said", role: "status" });
  const card = h(
    "div",
    { class: `result-card${celebrate ? " celebrate" : ""}`, id: "result-card" },
    h(
      "pre",
      { class: "result-text", id: "result-text" },
      text.split("\n").map((line) => h("span", { class: "result-line", title: line }, markNames(line, names))),
    ),
    way,
    button("share-result", t("share.button"), async () => {
      const how = await shareResult(text);
      said.textContent = how === "copied" ? t("share.copied") : how === "failed" ? t("share.copyByHand") : "";
    }),
    said,
  );
  return card;
}

/**
 * `line` with each of `names` in it as a span of its own (class
 * result-name, its whole self as title) and the words around them in spans
 * (held sideways the name alone gives way when the line is too long).
 */
function markNames(line, names) {
  const name = names.find((n) => n && line.includes(n));
  if (!name) return line;
  const at = line.indexOf(name);
  const rest = line.slice(at + name.length);
  const words = (part) => (part ? h("span", {}, part) : null);
  return [words(line.slice(0, at)), h("span", { class: "result-name", title: name }, name), names.some((n) => n && rest.includes(n)) ? markNames(rest, names) : words(rest)];
}

/**
 * Keeps finish panel `panel` (holding a result card) in the window where it
 * sits beside the board under the screen's head, the page not scrolled
 * (`beside`): the card's text scrolls within itself, two lines at least,
 * when a long language or two long names would run the panel out of the
 * window (ChessMemory's panel for two held sideways). Elsewhere the page
 * scrolls to the panel and the text shows whole.
 */
export function fitResultCard(panel, beside) {
  const text = panel.querySelector(".result-text");
  if (!text) return;
  text.style.removeProperty("max-height");
  if (!beside || panel.hidden) return;
  const over = panel.getBoundingClientRect().bottom + window.scrollY - (window.innerHeight - 8);
  const line = parseFloat(getComputedStyle(text).lineHeight) || 24;
  // Whole lines (a line cut across looked broken).
  const lines = Math.max(2, Math.floor((text.offsetHeight - over) / line));
  if (over > 0) text.style.setProperty("max-height", `${lines * line}px`);
}

/**
 * Copies link `url` and shows it in `statusEl` (to copy by hand where the
 * browser refuses), saying which with `t` (share.linkCopied or
 * share.linkShown): any game's words, as its button's (share.copyLink).
 */
export async function copyLink(url, t, statusEl) {
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    // No clipboard (an insecure page, or refused): the link is shown to copy.
  }
  statusEl.replaceChildren(
    h("span", {}, t(copied ? "share.linkCopied" : "share.linkShown")),
    " ",
    h("a", { href: url, id: "share-url", class: "share-url" }, url),
  );
}
