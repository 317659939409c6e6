// Loads the client's data files (catalogs, the chained level pack): from the
// page itself when it is the exported single file, else over HTTP.

let embedded;

function embeddedFiles() {
  if (embedded === undefined) {
    const el = globalThis.document?.getElementById("gridforge-embedded");
    embedded = el ? JSON.parse(el.textContent) : null;
  }
  return embedded;
}

/** True when running from the exported single file (no server behind it). */
export function isEmbedded() {
  return embeddedFiles() !== null;
}

/** The JSON file at `path` (relative to the page, e.g. "i18n/en.json"). */
export async function loadJSON(path) {
  const files = embeddedFiles();
  if (files && path in files) return files[path];
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}
