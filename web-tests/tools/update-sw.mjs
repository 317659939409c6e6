#!/usr/bin/env node
// Writes the precache manifest of web/sw.js (the list of files the service
// worker keeps for offline play and VERSION, a hash of their contents). Run
// it after changing anything under web/; unit/offline.test.mjs fails until
// you do.

import { updateServiceWorker } from "../lib/precache.mjs";

const m = updateServiceWorker();
console.log(`web/sw.js: version ${m.version}, ${m.files.length} files`);
