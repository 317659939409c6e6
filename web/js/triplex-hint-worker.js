// The module worker that runs the offline hint's search off the page's
// thread (see triplex-hint.js): one level in, its solution (or null when the
// budget ran out) out.

import { solveLevel } from "./triplex-solve.js";

self.onmessage = (e) => self.postMessage(solveLevel(e.data.level));
