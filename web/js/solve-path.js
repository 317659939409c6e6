// Solving paths ("input logs"): every input a player makes on the way to a
// solve, with its time since the start, sent with the solve as one compact
// text the server replays (crates/game/src/path.rs documents the format;
// crates/kakuro/src/path.rs and crates/triplex/src/path.rs the event bodies).
//
// The text is base64url without padding of: a version byte (1), a game byte
// (1 Kakuro, 2 Triplex and BlockPuzzle), a varint event count, then per
// event a varint gap in ms since the previous event (at least 1) and the
// game's body. Kakuro: one varint cell·10 + digit (cell = row·cols + col,
// digit 0 erases). Triplex: one varint piece·2 + op (0 removes the piece from
// the rectangle), and for a placement (op 1) a varint cell count and the
// cells, each row·width + col inside the rectangle. Varints are unsigned
// LEB128 in their shortest form; numbers stay below 2^53, so plain
// arithmetic (no 32-bit bit operations) writes them.
//
// Events as plain data (JSON-able, for storage across reloads):
//   Kakuro  {t, cell, digit}         digit 0 = erase
//   Triplex {t, piece, cells}        cells: [index, …] places, null removes

/** The format's version byte. */
export const PATH_VERSION = 1;
/** Game byte of Kakuro paths. */
export const GAME_KAKURO = 1;
/** Game byte of Triplex and BlockPuzzle paths. */
export const GAME_TRIPLEX = 2;
/** Most events a path may have (the server refuses more). */
export const MAX_PATH_EVENTS = 4096;
/** Longest path text the server reads, in characters. */
export const MAX_PATH_CHARS = 32768;
/** Latest time an event may have, ms after the start (31 days). */
export const MAX_PATH_MS = 31 * 86_400_000;

/** Appends `value` (a safe non-negative integer) as a shortest LEB128 varint. */
function pushVarint(bytes, value) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a varint: ${value}`);
  while (value >= 128) {
    bytes.push((value % 128) + 128);
    value = Math.floor(value / 128);
  }
  bytes.push(value);
}

function toBase64Url(bytes) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new Error("not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Array.from(binary, (c) => c.charCodeAt(0));
}

/** The wire text of `events` (time order, times strictly increasing) of `game`. */
export function encodePath(game, events) {
  if (game !== GAME_KAKURO && game !== GAME_TRIPLEX) throw new RangeError(`unknown game ${game}`);
  if (events.length < 1 || events.length > MAX_PATH_EVENTS) {
    throw new RangeError(`a path has 1 to ${MAX_PATH_EVENTS} events, not ${events.length}`);
  }
  const bytes = [PATH_VERSION, game];
  pushVarint(bytes, events.length);
  let last = 0;
  for (const e of events) {
    if (!(e.t > last) || e.t > MAX_PATH_MS) throw new RangeError(`event time ${e.t} after ${last}`);
    pushVarint(bytes, e.t - last);
    last = e.t;
    if (game === GAME_KAKURO) {
      if (!Number.isInteger(e.digit) || e.digit < 0 || e.digit > 9) throw new RangeError(`digit ${e.digit}`);
      pushVarint(bytes, e.cell * 10 + e.digit);
    } else if (e.cells == null) {
      pushVarint(bytes, e.piece * 2);
    } else {
      pushVarint(bytes, e.piece * 2 + 1);
      pushVarint(bytes, e.cells.length);
      for (const cell of e.cells) pushVarint(bytes, cell);
    }
  }
  const text = toBase64Url(bytes);
  if (text.length > MAX_PATH_CHARS) throw new RangeError(`path of ${text.length} characters`);
  return text;
}

/**
 * Reads a wire text back into {game, events}: for the replay player, and
 * to check a stored path. Throws on anything the server would refuse in
 * the format itself (the replay against the puzzle is the server's).
 */
export function decodePath(text) {
  if (text.length > MAX_PATH_CHARS) throw new Error("path too long");
  const bytes = fromBase64Url(text);
  let at = 0;
  const byte = () => {
    if (at >= bytes.length) throw new Error(`path cut short at byte ${at}`);
    return bytes[at++];
  };
  const varint = () => {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 8; i++) {
      const b = byte();
      value += (b % 128) * scale;
      if (b < 128) {
        if (b === 0 && i > 0) throw new Error("overlong varint");
        if (!Number.isSafeInteger(value)) throw new Error("varint above 2^53");
        return value;
      }
      scale *= 128;
    }
    throw new Error("varint too long");
  };
  if (byte() !== PATH_VERSION) throw new Error("unknown path version");
  const game = byte();
  if (game !== GAME_KAKURO && game !== GAME_TRIPLEX) throw new Error(`unknown game ${game}`);
  const count = varint();
  if (count < 1 || count > MAX_PATH_EVENTS) throw new Error(`${count} events`);
  const events = [];
  let t = 0;
  for (let i = 0; i < count; i++) {
    const dt = varint();
    if (dt === 0) throw new Error(`event ${i} comes 0 ms after the one before`);
    t += dt;
    if (t > MAX_PATH_MS) throw new Error(`event ${i} too late`);
    if (game === GAME_KAKURO) {
      const v = varint();
      if (v > 100 * 100 * 10 - 1) throw new Error(`event ${i}: cell out of range`);
      events.push({ t, cell: Math.floor(v / 10), digit: v % 10 });
    } else {
      const head = varint();
      if (head > 511) throw new Error(`event ${i}: piece out of range`);
      const piece = Math.floor(head / 2);
      if (head % 2 === 0) {
        events.push({ t, piece, cells: null });
        continue;
      }
      const k = varint();
      if (k < 1 || k > 16) throw new Error(`event ${i}: ${k} cells`);
      const cells = [];
      for (let j = 0; j < k; j++) {
        const cell = varint();
        if (cell > 255) throw new Error(`event ${i}: cell out of range`);
        cells.push(cell);
      }
      events.push({ t, piece, cells });
    }
  }
  if (at !== bytes.length) throw new Error(`${bytes.length - at} bytes after the last event`);
  return { game, events };
}

/** A placement's cells as one comparable key (sorted, joined by ","). */
const cellKey = (cells) => [...cells].sort((a, b) => a - b).join();

/**
 * A recorder the game screen tells each input. `elapsedMs` is the time since
 * the start (as the server counts it) when the recorder is made: 0 at a
 * fresh start, the server's elapsed time after a reload, together with the
 * `events` kept from before. `now` is a clock in ms (performance.now by
 * default). Inputs that change nothing record nothing; two inputs in the
 * same ms get times 1 ms apart, so times always strictly increase.
 *
 * Kakuro:  digit(cell, digit)           digit 1..9, or 0 / null to erase
 * Triplex: place(piece, cells)          cells: indices in the rectangle
 *          remove(piece)                the piece left the rectangle
 *          sync(inside)                  inside: Map piece → cells of every
 *                                        piece wholly inside (after every
 *                                        move, undo, redo, reset, hint)
 * Both:    events (a copy, for storage), encode() (the wire text).
 */
export function createRecorder(game, { elapsedMs = 0, events = [], now = () => performance.now() } = {}) {
  const origin = now() - elapsedMs;
  const log = events.map((e) => ({ ...e }));
  // Kakuro: cell → digit; Triplex: piece → sorted cells joined by ",".
  const state = new Map();
  for (const e of log) {
    if (game === GAME_KAKURO) {
      if (e.digit) state.set(e.cell, e.digit);
      else state.delete(e.cell);
    } else if (e.cells) state.set(e.piece, cellKey(e.cells));
    else state.delete(e.piece);
  }

  function push(event) {
    const last = log.length ? log[log.length - 1].t : 0;
    log.push({ t: Math.max(Math.round(now() - origin), last + 1), ...event });
  }

  function place(piece, cells) {
    const key = cellKey(cells);
    if (state.get(piece) === key) return;
    state.set(piece, key);
    push({ piece, cells: [...cells] });
  }

  function remove(piece) {
    if (!state.has(piece)) return;
    state.delete(piece);
    push({ piece, cells: null });
  }

  return {
    digit(cell, digit) {
      const d = digit || 0;
      if ((state.get(cell) ?? 0) === d) return;
      if (d) state.set(cell, d);
      else state.delete(cell);
      push({ cell, digit: d });
    },
    place,
    remove,
    sync(inside) {
      for (const piece of [...state.keys()]) if (!inside.has(piece)) remove(piece);
      // Several pieces may move at once (an undo of a hint, a reset): each
      // is placed once the cells it goes to are free, as the replay allows
      // no overlap; when none can go (pieces trading places), the piece in
      // the way leaves the rectangle first.
      let moving = [...inside].filter(([piece, cells]) => state.get(piece) !== cellKey(cells));
      while (moving.length) {
        const owner = new Map();
        for (const [piece, key] of state) for (const cell of key.split(",")) owner.set(Number(cell), piece);
        const blocker = (piece, cells) => cells.map((c) => owner.get(c)).find((p) => p !== undefined && p !== piece);
        const free = moving.find(([piece, cells]) => blocker(piece, cells) === undefined);
        if (free) {
          place(free[0], free[1]);
          moving = moving.filter((m) => m !== free);
        } else {
          remove(blocker(moving[0][0], moving[0][1]));
        }
      }
    },
    get events() {
      return log.map((e) => ({ ...e }));
    },
    encode() {
      return encodePath(game, log);
    },
  };
}
