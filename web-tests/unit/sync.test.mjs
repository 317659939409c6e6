// sync.js against a stand-in for /api/sync with the server's rules (a
// version; a write from an older version is answered 409 with what is
// stored): two devices that change progress apart converge to the union,
// a stale writer merges what it missed and sends again, the first sync of
// an account merges this device's anonymous progress and counts it, and a
// sync that finds nothing new sends nothing.

import assert from "node:assert/strict";
import { test } from "node:test";
import { write } from "../../web/js/store.js";
import { createSync, documentBytes } from "../../web/js/sync.js";
import { memoryStorage } from "../lib/storage.mjs";

const TRIPLEX = "gridforge.triplex.v1";

/**
 * An in-memory /api/sync of one account; `log` lists the requests as
 * "METHOD status". A document over `cap` bytes is refused with 413, as the
 * server refuses one over its 192 KiB, and nothing is stored.
 */
function fakeServer(account = "acct-1", cap = Infinity) {
  const state = { version: 0, document: null, log: [] };
  const answer = (status, data) => ({ ok: status < 300, status, json: async () => data });
  state.fetch = async (url, { method, body }) => {
    const u = new URL(url);
    assert.equal(u.pathname, "/api/sync");
    let reply;
    if (method === "GET") {
      const unchanged = u.searchParams.get("known") === String(state.version);
      reply = answer(200, { account, version: state.version, unchanged, document: unchanged ? null : state.document });
    } else {
      const put = JSON.parse(body);
      if (new TextEncoder().encode(JSON.stringify(put.document)).length > cap) {
        reply = answer(413, { error: `the progress document is too large; at most ${cap} bytes` });
      } else if (put.base !== state.version) {
        reply = answer(409, { error: "stale", version: state.version, document: state.document });
      } else {
        state.version += 1;
        state.document = structuredClone(put.document);
        reply = answer(200, { version: state.version, updated_at: 1 });
      }
    }
    state.log.push(`${method} ${reply.status}`);
    return reply;
  };
  return state;
}

/** A device whose account screen saw a session (its first sync done). */
async function device(server, storage = memoryStorage()) {
  const sync = createSync({ storage, base: "http://server.test/", fetchImpl: server.fetch });
  await sync.account(true);
  return { storage, sync };
}
const solved = (storage) => Object.keys(JSON.parse(storage.getItem(TRIPLEX) ?? "{}").solved ?? {}).sort();
const solve = (storage, n) => {
  const p = JSON.parse(storage.getItem(TRIPLEX) ?? '{"solved":{}}');
  p.solved[n] = { ms: 1000 * n, at: n };
  write(storage, TRIPLEX, p);
};

test("two devices that played apart converge to the union, the stale one after a 409", async () => {
  const server = fakeServer();
  const phone = await device(server);
  const laptop = await device(server);
  await phone.sync.now();
  await laptop.sync.now();
  solve(phone.storage, 1);
  solve(laptop.storage, 2);
  await phone.sync.now();
  server.log.length = 0;
  await laptop.sync.now();
  assert.deepEqual(server.log, ["GET 200", "PUT 200"], "the laptop read the phone's write first");
  // A write that raced: the phone writes from a version the laptop moved on.
  solve(phone.storage, 3);
  solve(laptop.storage, 4);
  await laptop.sync.now();
  server.log.length = 0;
  await phone.sync.now();
  assert.deepEqual(server.log, ["GET 200", "PUT 200"]);
  await laptop.sync.now();
  assert.deepEqual(solved(phone.storage), ["1", "2", "3", "4"]);
  assert.deepEqual(solved(laptop.storage), ["1", "2", "3", "4"]);
  assert.deepEqual(Object.keys(server.document.keys[TRIPLEX].solved).sort(), ["1", "2", "3", "4"]);
  // Nothing new: a poll, no write.
  server.log.length = 0;
  await phone.sync.now();
  assert.deepEqual(server.log, ["GET 200"]);
});

test("a writer that read an old version gets 409, merges what it missed and sends again", async () => {
  const server = fakeServer();
  const phone = await device(server);
  await phone.sync.now();
  solve(phone.storage, 5);
  // Another device wrote version 2 between the phone's read and its write.
  const realFetch = server.fetch;
  let raced = false;
  server.fetch = async (url, options) => {
    if (options.method === "PUT" && !raced) {
      raced = true;
      server.version += 1;
      server.document = { format: 1, keys: { [TRIPLEX]: { solved: { 9: { ms: 9, at: 9 } } } }, at: {} };
    }
    return realFetch(url, options);
  };
  const racing = createSync({ storage: phone.storage, base: "http://server.test/", fetchImpl: server.fetch });
  server.log.length = 0;
  await racing.now();
  assert.deepEqual(server.log, ["GET 200", "PUT 409", "PUT 200"]);
  assert.deepEqual(solved(phone.storage), ["5", "9"]);
  assert.deepEqual(Object.keys(server.document.keys[TRIPLEX].solved).sort(), ["5", "9"]);
});

test("the first sync of an account merges this device's anonymous progress and counts what it added", async () => {
  const server = fakeServer();
  server.version = 4;
  server.document = { format: 1, keys: { [TRIPLEX]: { solved: { 1: { ms: 1, at: 1 } } } }, at: {} };
  const storage = memoryStorage();
  solve(storage, 2);
  solve(storage, 3);
  const { sync } = await device(server, storage);
  await sync.now();
  assert.deepEqual(solved(storage), ["1", "2", "3"]);
  assert.deepEqual(Object.keys(server.document.keys[TRIPLEX].solved).sort(), ["1", "2", "3"]);
  const meta = JSON.parse(storage.getItem("gridforge.sync.v1"));
  assert.deepEqual(meta.notice, { triplex: 2 }, "the player is told: 2 levels");
  assert.equal(meta.account, "acct-1");
});

test("a deleted server copy takes nothing from the device; a paused device does not sync", async () => {
  const server = fakeServer();
  const phone = await device(server);
  solve(phone.storage, 1);
  await phone.sync.now();
  server.version += 1;
  server.document = null;
  phone.sync.pause();
  server.log.length = 0;
  await phone.sync.now();
  assert.deepEqual(server.log, [], "paused");
  await phone.sync.resume();
  assert.deepEqual(solved(phone.storage), ["1"], "the device keeps its progress");
  assert.deepEqual(Object.keys(server.document.keys[TRIPLEX].solved), ["1"], "and sends it again");
});

test("a document refused as too large (413) is not sent again until it is smaller; nothing is lost", async () => {
  const server = fakeServer("acct-1", 1500);
  const phone = await device(server);
  solve(phone.storage, 1);
  await phone.sync.now();
  assert.equal(phone.sync.status().refused, null);
  const stored = server.version;
  // Seventy-nine more levels make the document larger than the cap.
  for (let n = 2; n <= 80; n++) solve(phone.storage, n);
  server.log.length = 0;
  await phone.sync.now();
  assert.deepEqual(server.log, ["GET 200", "PUT 413"]);
  const refused = phone.sync.status().refused;
  assert.ok(refused > 1500, `the refused size is kept: ${refused}`);
  assert.equal(server.version, stored, "the server kept what it had");
  assert.equal(solved(phone.storage).length, 80, "the device keeps all it played");
  // Polls and another change that makes it no smaller: read, never sent again.
  server.log.length = 0;
  await phone.sync.now();
  solve(phone.storage, 81);
  await phone.sync.now();
  assert.deepEqual(server.log, ["GET 200", "GET 200"], "no retry of a refused size");
  // Another device still syncs meanwhile, and this one takes its progress in.
  const laptop = await device(server);
  solve(laptop.storage, 500);
  await laptop.sync.now();
  await phone.sync.now();
  assert.ok(solved(phone.storage).includes("500"), "the refused device still reads");
  // Smaller again (levels forgotten here, as a player would clear them): sent, and the notice goes.
  const p = JSON.parse(phone.storage.getItem(TRIPLEX));
  p.solved = Object.fromEntries(Object.entries(p.solved).slice(0, 20));
  write(phone.storage, TRIPLEX, p);
  server.log.length = 0;
  await phone.sync.now();
  assert.ok(server.log.includes("PUT 200"), server.log.join());
  assert.equal(phone.sync.status().refused, null);
  assert.ok(documentBytes(server.document) <= 1500);
});

test("a merge under running games is told to the page with the keys it changed; a busy player is waited for", async () => {
  const server = fakeServer();
  const laptop = await device(server);
  const storage = memoryStorage();
  let busy = false;
  const told = [];
  const flushed = [];
  const sync = createSync({
    storage,
    base: "http://server.test/",
    fetchImpl: server.fetch,
    busy: () => busy,
    flush: () => flushed.push(Date.now()),
    merged: (keys) => told.push(keys),
  });
  await sync.account(true);
  await sync.first(100);
  solve(laptop.storage, 7);
  await laptop.sync.now();
  busy = true;
  const flushes = flushed.length;
  await sync.now();
  assert.deepEqual(told, [], "nothing merged while the player is busy");
  assert.deepEqual(solved(storage), [], "storage untouched while busy");
  assert.equal(flushed.length, flushes, "the games were not flushed either");
  busy = false;
  await sync.now();
  assert.deepEqual(told, [[TRIPLEX]], "told once, with the key that changed");
  assert.deepEqual(solved(storage), ["7"]);
  // Nothing new: nothing told.
  await sync.now();
  assert.equal(told.length, 1);
});
