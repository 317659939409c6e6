// The server's endpoints of a family of Triplex puzzles (/api/triplex/...,
// /api/blockpuzzle/...; see /api/openapi.json): start tokens, solve
// submission, the server's hint, the first solver's name, the table of
// records and the players' medians. Every call resolves to null (false for the name) when
// the server cannot be reached or refuses, so the game plays on without it.

import { request } from "./server.js";

/** A client of `family`'s routes on the server at `base` (null: no server, every call is null). */
export function createTriplexApi(base, family, fetchImpl = globalThis.fetch) {
  const call = (method, path, body) => request(base, fetchImpl, method, path, body);
  const level = (n) => `api/${family}/levels/${encodeURIComponent(n)}`;
  return {
    online: base !== null,
    /** A start token for level n: {token, issued_at, min_time_ms} or null. */
    async start(n) {
      const r = await call("POST", `${level(n)}/start`);
      return r?.ok && typeof r.data?.token === "string" ? r.data : null;
    },
    /**
     * Submits a solve: `placements` as [{piece, cells}], `hinted` when a
     * hint was used, `path` the solving path's wire text (solve-path.js) or
     * undefined. Resolves to the server's answer {time_ms, first, named,
     * hinted, under_review, would_be_first} or null. A refused solve that
     * carried a path is sent once more without it: a path the server does
     * not replay uses no token and records nothing, and a solve without a
     * path is recorded (an account's held for review) rather than lost.
     */
    async submit(n, token, placements, hinted = false, path = undefined) {
      const body = {
        token,
        placements: placements.map((p) => ({ piece: p.piece, cells: p.cells })),
      };
      if (hinted) body.hinted = true;
      if (path) body.path = path;
      let r = await call("POST", `${level(n)}/solves`, body);
      if (path && r?.status === 422) {
        console.warn(`the server refused the solving path: ${r.data?.error}`);
        delete body.path;
        r = await call("POST", `${level(n)}/solves`, body);
      }
      return r?.ok ? r.data : null;
    },
    /**
     * The server's "show one piece" for the play of `token`: `placements`
     * as [{piece, cells}] of the pieces on the board. Resolves to {wrong,
     * next: {piece, cells} or null} or null. The server notes the hint
     * against the token, so the solve with it is recorded as hinted.
     */
    async hint(n, token, placements) {
      const body = { token, placements: placements.map((p) => ({ piece: p.piece, cells: p.cells })) };
      const r = await call("POST", `${level(n)}/hint`, body);
      return r?.ok && Array.isArray(r.data?.wrong) ? r.data : null;
    },
    /** Names the first solver; resolves to true when the server took the name. */
    async name(n, token, name) {
      const r = await call("POST", `${level(n)}/name`, { token, name });
      return Boolean(r?.ok);
    },
    /** Every level's players' median: a Map level number → median ms (empty when unknown). */
    async medians() {
      const r = await call("GET", `api/${family}/medians`);
      const rows = r?.ok && Array.isArray(r.data?.levels) ? r.data.levels : [];
      return new Map(rows.filter((x) => Array.isArray(x) && x.length >= 2).map(([n, ms]) => [n, ms]));
    },
    /** The table of records of level n: {first, solves, hinted, median_ms, best_ms, now} or null. */
    async records(n) {
      const r = await call("GET", `${level(n)}/records`);
      return r?.ok ? r.data : null;
    },
  };
}
