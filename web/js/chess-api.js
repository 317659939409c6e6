// The server's ChessMemory endpoint (see /api/openapi.json): a fresh setup,
// or null when the server cannot be reached or refuses.

import { request } from "./server.js";

/** A client for the server at `base` (null: no server, every call is null). */
export function createChessApi(base, fetchImpl = globalThis.fetch) {
  return {
    online: base !== null,
    /** A fresh valid ChessMemory setup (64 letters, rank 8 first) or null. */
    async setup() {
      const r = await request(base, fetchImpl, "POST", "api/chess/setup", {});
      return r?.ok && typeof r.data?.setup === "string" ? r.data.setup : null;
    },
  };
}
