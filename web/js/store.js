// What the browser keeps between visits, in localStorage: the settings and
// the Triplex progress (current level, codes of opened levels, solved levels
// with their times, and each level's board).

const SETTINGS_KEY = "gridforge.settings.v1";
const PROGRESS_KEY = "gridforge.triplex.v1";

/** The JSON object stored under `key`, or null (missing, damaged or not an object). */
export function read(storage, key) {
  try {
    const text = storage?.getItem(key);
    const value = text ? JSON.parse(text) : null;
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; false when the storage refuses. */
export function write(storage, key, value) {
  try {
    storage?.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    // Storage full or forbidden (private mode): play on without saving.
    return false;
  }
}

/** The settings: `lang` (null: from the browser) and `theme` ("auto", "light", "dark"). */
export function loadSettings(storage) {
  const s = read(storage, SETTINGS_KEY) ?? {};
  return {
    lang: typeof s.lang === "string" ? s.lang : null,
    theme: ["light", "dark"].includes(s.theme) ? s.theme : "auto",
  };
}

/** Saves the settings. */
export function saveSettings(storage, settings) {
  return write(storage, SETTINGS_KEY, settings);
}

/**
 * The Triplex progress: `current` level number, `codes` (level number → code
 * of every level opened so far), `solved` (level number → {ms, at}) and
 * `boards` (level number → {stage, positions, undo, elapsed}).
 */
export function loadProgress(storage) {
  const p = read(storage, PROGRESS_KEY) ?? {};
  const obj = (v) => (v && typeof v === "object" && !Array.isArray(v) ? v : {});
  return {
    version: 1,
    current: Number.isInteger(p.current) ? p.current : null,
    codes: obj(p.codes),
    solved: obj(p.solved),
    boards: obj(p.boards),
  };
}

/** Saves the Triplex progress. */
export function saveProgress(storage, progress) {
  return write(storage, PROGRESS_KEY, progress);
}
