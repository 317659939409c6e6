// The server's Kakuro endpoints (see /api/openapi.json). Each call resolves
// to {ok: true, data}, to {ok: false, status, error} when the server refused,
// or to null when there is no server or it cannot be reached, so the caller
// can tell "offline" from "refused".

import { sizeSides } from "./kakuro-model.js";
import { request } from "./server.js";

/** Generating a large expert puzzle or filling a layout may take a while. */
const TIMEOUT_MS = 30_000;

/** A client for the server at `base` (null: no server, every call is null). */
export function createKakuroApi(base, fetchImpl = globalThis.fetch) {
  async function post(path, body) {
    const r = await request(base, fetchImpl, "POST", path, body, TIMEOUT_MS);
    if (r === null) return null;
    if (r.ok && r.data) return { ok: true, data: r.data };
    return { ok: false, status: r.status, error: typeof r.data?.error === "string" ? r.data.error : "" };
  }
  return {
    online: base !== null,
    /**
     * A new puzzle of a size of SIZES (kakuro-model.js; a rectangle is asked
     * by width and height): {seed, rows, cols, difficulty, hardest, puzzle}.
     */
    generate(size, difficulty, seed = null) {
      const sides = sizeSides(size);
      const shape = sides && sides.rows !== sides.cols ? { width: sides.cols, height: sides.rows } : { size };
      return post("api/kakuro/generate", { ...shape, difficulty, ...(seed === null ? {} : { seed }) });
    },
    /** A unique puzzle on a layout (crate layout format). */
    fill: (layout) => post("api/kakuro/fill", { layout }),
    /** Up to two solutions of a puzzle: {uniqueness, solutions, nodes}. */
    solve: (puzzle) => post("api/kakuro/solve", { puzzle }),
    /**
     * Help for a position ({board, candidates?}, see kakuro-assist.js'
     * hintRequest): {kind: "mistakes", cells}, {kind: "solved"} or
     * {kind: "steps", steps}.
     */
    hint: (body) => post("api/kakuro/hint", body),
  };
}
