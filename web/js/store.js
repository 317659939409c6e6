// The one way the client keeps things between visits: JSON values in
// localStorage, read and written here for every game and for the settings.
// Damaged data reads as nothing, never as an error; a full or forbidden
// storage means playing on without saving.

const SETTINGS_KEY = "gridforge.settings.v1";
/** Told the key and storage of every write that succeeded (sync.js: what changed here). */
const writeListeners = [];
/** Set when the page reloads with newer data in storage: nothing may write over it. */
let frozen = false;
/** Keys a screen being made afresh from merged progress holds: its old self may not write them (sync). */
const frozenKeys = new Set();

/** Calls `listener(key, storage)` after every write that succeeded. */
export function onWrite(listener) {
  writeListeners.push(listener);
}

/** Refuses every later write (your-data.js, before reloading the page with imported progress). */
export function freezeWrites() {
  frozen = true;
}

/**
 * Refuses writes of `keys` until thawKeys: a screen holding them in memory
 * is being made afresh from merged progress, and its old self must not
 * write what it held over the merge (app.js, after a sync).
 */
export function freezeKeys(keys) {
  for (const key of keys) frozenKeys.add(key);
}

/** Takes writes of `keys` again. */
export function thawKeys(keys) {
  for (const key of keys) frozenKeys.delete(key);
}

/** The page's localStorage, or null where the browser forbids it. */
export function browserStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The JSON object or array stored under `key`, or null (missing, damaged or not an object). */
export function read(storage, key) {
  try {
    const text = storage?.getItem(key);
    const value = text ? JSON.parse(text) : null;
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

/**
 * Stores `value` as JSON under `key` (null removes the key); true when the
 * storage took it, false when there is none or it refuses.
 */
export function write(storage, key, value) {
  if (!storage || frozen || frozenKeys.has(key)) return false;
  try {
    const text = value === null ? null : JSON.stringify(value);
    // The autosave writes the same thing again and again: only a change is one.
    if (storage.getItem(key) === text) return true;
    if (text === null) storage.removeItem(key);
    else storage.setItem(key, text);
    for (const listener of writeListeners) listener(key, storage);
    return true;
  } catch {
    // Storage full or forbidden (private mode): play on without saving.
    return false;
  }
}

/** The plain text stored under `key` (not JSON), or null when missing or unreadable. */
export function readText(storage, key) {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores plain text under `key`; true when the storage took it. */
export function writeText(storage, key, text) {
  if (!storage) return false;
  try {
    storage.setItem(key, text);
    return true;
  } catch {
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
