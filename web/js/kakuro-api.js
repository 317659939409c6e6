// The server's Kakuro endpoints (see /api/openapi.json). Each call resolves
// to {ok: true, data}, to {ok: false, status, error} when the server refused,
// or to null when there is no server or it cannot be reached, so the caller
// can tell "offline" from "refused".

/** Generating a large expert puzzle or filling a layout may take a while. */
const TIMEOUT_MS = 30_000;

/** A client for the server at `base` (null: no server, every call is null). */
export function createKakuroApi(base, fetchImpl = globalThis.fetch) {
  async function post(path, body) {
    if (base === null || !fetchImpl) return null;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      const response = await fetchImpl(new URL(path, base), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      const data = await response.json().catch(() => null);
      if (response.ok && data) return { ok: true, data };
      return { ok: false, status: response.status, error: typeof data?.error === "string" ? data.error : "" };
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    online: base !== null,
    /** A new puzzle: {seed, rows, cols, difficulty, hardest, puzzle}. */
    generate: (size, difficulty) => post("api/kakuro/generate", { size, difficulty }),
    /** A unique puzzle on a layout (crate layout format). */
    fill: (layout) => post("api/kakuro/fill", { layout }),
    /** Up to two solutions of a puzzle: {uniqueness, solutions, nodes}. */
    solve: (puzzle) => post("api/kakuro/solve", { puzzle }),
  };
}
