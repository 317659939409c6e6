// The game server (see /api/openapi.json) as every game's API module reaches
// it: its address, and one JSON request that resolves to null when the
// server cannot be reached, so the games play on without it.

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
      // The header is the server's sign that the request comes from its own
      // pages (its cross-site request check; another site cannot send it).
      headers: body ? { "content-type": "application/json", "x-gridforge-request": "1" } : { "x-gridforge-request": "1" },
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

/** The server behind a page at `location`, or null (a file, or no HTTP). */
export function serverBase(location) {
  return location && /^https?:$/.test(location.protocol) ? location.href : null;
}
