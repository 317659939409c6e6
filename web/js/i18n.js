// Translations: one JSON catalog per language (web/i18n/*.json), plural
// forms chosen with Intl.PluralRules, "how long ago" with
// Intl.RelativeTimeFormat. No DOM here except applyTranslations.

/** The languages the client speaks, in the order the picker lists them. */
export const LANGUAGES = ["ru", "en", "fr", "de", "zh"];

/** The language to start in: the first of the browser's that we speak, else English. */
export function pickLanguage(preferred) {
  for (const tag of preferred ?? []) {
    const primary = String(tag).toLowerCase().split(/[-_]/)[0];
    if (LANGUAGES.includes(primary)) return primary;
  }
  return "en";
}

/**
 * A placeholder's value as text. A value that is missing (null, undefined)
 * or not a number (NaN) shows as nothing rather than as the word: the one
 * place a catalog entry becomes text.
 */
function placeholderText(value) {
  if (value === null || value === undefined || Number.isNaN(value)) return "";
  return String(value);
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    params && name in params ? placeholderText(params[name]) : whole,
  );
}

/**
 * A translator for one language: `t(key, params)` fills `{name}`
 * placeholders; an entry that is an object of plural forms is chosen by
 * `params.count`. A missing key shows as the key itself.
 */
export function createI18n(lang, catalog) {
  const plurals = new Intl.PluralRules(lang);
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  const numbers = new Intl.NumberFormat(lang);
  const t = (key, params = {}) => {
    let entry = catalog[key];
    if (entry === undefined) return key;
    if (typeof entry === "object") {
      const count = Number(params.count ?? 0);
      entry = entry[plurals.select(count)] ?? entry.other;
      params = { ...params, count: numbers.format(count) };
    }
    return fill(entry, params);
  };
  /** "3 minutes ago" for a moment `then` (ms since the epoch) seen at `now`. */
  const ago = (then, now = Date.now()) => {
    const seconds = Math.round((then - now) / 1000);
    const abs = Math.abs(seconds);
    const units = [
      ["year", 365 * 86400],
      ["month", 30 * 86400],
      ["week", 7 * 86400],
      ["day", 86400],
      ["hour", 3600],
      ["minute", 60],
    ];
    for (const [unit, size] of units) {
      if (abs >= size) return relative.format(Math.trunc(seconds / size), unit);
    }
    return relative.format(seconds, "second");
  };
  /**
   * The entry as a list of pieces: strings, and the values of `nodes` where
   * their placeholders stand (for DOM nodes such as a player's name, which
   * must go in as text, never as HTML).
   */
  const parts = (key, params, nodes) => {
    const text = t(key, params);
    return text
      .split(/(\{\w+\})/)
      .filter((piece) => piece !== "")
      .map((piece) => {
        const name = /^\{(\w+)\}$/.exec(piece)?.[1];
        return name && name in nodes ? nodes[name] : piece;
      });
  };
  return { lang, t, parts, ago, duration: formatDuration };
}

/** A duration in milliseconds as m:ss or h:mm:ss. */
export function formatDuration(ms) {
  // A time not known (a record from before times were kept) is a dash, not "NaN:NaN".
  if (!Number.isFinite(ms)) return "–:––";
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * Translates a DOM subtree: an element's data-i18n attribute names the key
 * of its text, data-i18n-attr lists "attribute:key" pairs (space-separated)
 * for attributes.
 */
export function applyTranslations(root, i18n) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    el.textContent = i18n.t(el.dataset.i18n);
  }
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(/\s+/).filter(Boolean)) {
      const [attr, key] = pair.split(":");
      el.setAttribute(attr, i18n.t(key));
    }
  }
}
