// The game server's API (see /api/openapi.json), used when the page is served
// by `gridforge serve`. Every call resolves to null when the server cannot
// be reached or refuses, so the game plays on without it.

const TIMEOUT_MS = 8000;

/**
 * One JSON request to the server at `base`: resolves to {ok, status, data}
 * (data null when the answer is not JSON), or to null when there is no
 * server (`base` null), it cannot be reached, or it takes over `timeoutMs`.
 */
export async function request(base, fetchImpl, method, path, body, timeoutMs = TIMEOUT_MS) {
  if (base === null || !fetchImpl) return null;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchImpl(new URL(path, base), {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: controller.signal,
    });
    const data = await response.json().catch(() => null);
    return { ok: response.ok, status: response.status, data };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A client for the server at `base` (the page's own origin), or an offline
 * stand-in whose calls all resolve to null when `base` is null.
 */
export function createApi(base, fetchImpl = globalThis.fetch) {
  const call = (method, path, body) => request(base, fetchImpl, method, path, body);
  const level = (n) => `api/triplex/levels/${encodeURIComponent(n)}`;
  return {
    online: base !== null,
    /** A start token for level n: {token, issued_at, min_time_ms} or null. */
    async start(n) {
      const r = await call("POST", `${level(n)}/start`);
      return r?.ok && typeof r.data?.token === "string" ? r.data : null;
    },
    /**
     * Submits a solve: `placements` as [{piece, cells}]. Resolves to the
     * server's answer {time_ms, first, named} or null.
     */
    async submit(n, token, placements) {
      const body = {
        token,
        placements: placements.map((p) => ({ piece: p.piece, cells: p.cells })),
      };
      const r = await call("POST", `${level(n)}/solves`, body);
      return r?.ok ? r.data : null;
    },
    /** Names the first solver; resolves to true when the server took the name. */
    async name(n, token, name) {
      const r = await call("POST", `${level(n)}/name`, { token, name });
      return Boolean(r?.ok);
    },
    /** The table of records of level n: {first, solves, median_ms, best_ms, now} or null. */
    async records(n) {
      const r = await call("GET", `${level(n)}/records`);
      return r?.ok ? r.data : null;
    },
    /** A fresh valid ChessMemory setup (64 letters, rank 8 first) or null. */
    async chessSetup() {
      const r = await call("POST", "api/chess/setup", {});
      return r?.ok && typeof r.data?.setup === "string" ? r.data.setup : null;
    },
  };
}

/** The server behind a page at `location`, or null (a file, or no HTTP). */
export function serverBase(location) {
  return location && /^https?:$/.test(location.protocol) ? location.href : null;
}
