// The offline hint's search, run in a module worker so the page keeps
// answering input, animating and timing while it works; a search still
// running is cancelled (the worker ended) by the player's next move. Served
// pages start web/js/triplex-hint-worker.js (cached by the service worker);
// the offline single file, whose modules are blob: URLs, starts the same
// worker body from a blob that imports the solver's own URL. Where no worker
// can be started the search runs on the page, as before.

import { SOLVER_URL, solveLevel } from "./triplex-solve.js";

/** The worker's body for the offline file: the same as triplex-hint-worker.js. */
const blobBody = () =>
  `import { solveLevel } from ${JSON.stringify(SOLVER_URL)};\n` +
  "self.onmessage = (e) => self.postMessage(solveLevel(e.data.level));\n";

function startWorker() {
  if (typeof Worker === "undefined") return null;
  try {
    if (import.meta.url.startsWith("blob:")) {
      const url = URL.createObjectURL(new Blob([blobBody()], { type: "text/javascript" }));
      return new Worker(url, { type: "module" });
    }
    return new Worker(new URL("./triplex-hint-worker.js", import.meta.url), { type: "module" });
  } catch {
    return null;
  }
}

let running = null;

/**
 * The solution of `level` (as solveLevel answers it), searched in a worker:
 * resolves to the solution, to null when the search ran out of budget, or
 * to undefined when it was cancelled.
 */
export function solveOffThread(level) {
  cancelHintSearch();
  const worker = startWorker();
  if (!worker) return Promise.resolve(solveLevel(level));
  return new Promise((resolve) => {
    running = { worker, resolve };
    const finish = (answer) => {
      if (running?.worker !== worker) return;
      running = null;
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (e) => finish(e.data);
    // A worker that cannot load (a policy, an old browser): search here.
    worker.onerror = () => finish(solveLevel(level));
    worker.postMessage({ level });
  });
}

/** Ends a search still running; its promise resolves to undefined. */
export function cancelHintSearch() {
  if (!running) return;
  const { worker, resolve } = running;
  running = null;
  worker.terminate();
  resolve(undefined);
}
