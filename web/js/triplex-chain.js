// The level chain on the client side: the cover of a solved board, the level
// codes and keys derived from it, the pack's level table, and opening a
// sealed level with WebCrypto. This is the derivation and the pack form
// documented in crates/triplex/src/chain.rs (pack version 2); both sides are
// tested against the same values. Each family of puzzles (the pack's
// `family`: "triplex", "blockpuzzle") has its own chain.

const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Number of symbols in a level code. */
export const CODE_LENGTH = 10;

const encoder = new TextEncoder();

function subtle() {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error("WebCrypto is not available");
  return s;
}

async function sha256(text) {
  return new Uint8Array(await subtle().digest("SHA-256", encoder.encode(text)));
}

/**
 * The cover text of a solved board given as a solution grid (`height`
 * strings of `width` symbols, one symbol per piece): "WxH:" then, for every
 * cell in row-major order, the row-major index of the first cell of the
 * piece covering it, joined by ",".
 */
export function coverText(grid) {
  const height = grid.length;
  const width = height ? [...grid[0]].length : 0;
  const first = new Map();
  const anchors = [];
  let i = 0;
  for (const row of grid) {
    const symbols = [...row];
    if (symbols.length !== width) throw new Error("the rows of a solution grid differ in length");
    for (const s of symbols) {
      if (!first.has(s)) first.set(s, i);
      anchors.push(first.get(s));
      i++;
    }
  }
  return `${width}x${height}:${anchors.join(",")}`;
}

/** The code of level `number` of `family`'s chain from the cover text of the previous level's solution. */
export async function levelCode(family, number, previousCover) {
  const d = await sha256(`gridforge-${family}/code/v1\n${number}\n${previousCover}`);
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) {
    // Symbol i holds bits 5i .. 5i+4 of the digest, most significant first.
    let v = 0;
    for (let b = 5 * i; b < 5 * i + 5; b++) v = (v << 1) | ((d[b >> 3] >> (7 - (b & 7))) & 1);
    code += CODE_ALPHABET[v];
  }
  return code;
}

/** The AES-256 key bytes of level `number` of `family`'s chain, derived from its code. */
export async function levelKeyBytes(family, number, code) {
  return sha256(`gridforge-${family}/key/v1\n${number}\n${code}`);
}

/** The AES-GCM nonce of level `number` of `family`'s chain. */
export async function levelNonce(family, number) {
  return (await sha256(`gridforge-${family}/nonce/v1\n${number}`)).slice(0, 12);
}

/**
 * A code as a person typed it, made canonical: upper case, spaces and dashes
 * dropped, and the letters Crockford's base 32 reads as digits (O → 0,
 * I and L → 1) replaced. Null when it cannot be a code.
 */
export function normalizeCode(typed) {
  const code = String(typed)
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (code.length !== CODE_LENGTH) return null;
  return [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}

function fromBase64(text) {
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

/**
 * The records of a chained pack's level table, level 1 first: {number,
 * width, height, difficulty, sealed} with `sealed` the bytes to open (empty
 * for level 1). Throws when the table is broken.
 */
export function packEntries(pack) {
  const bytes = fromBase64(pack.table);
  const entries = [];
  let at = 0;
  const next = () => {
    if (at >= bytes.length) throw new Error("the level table is cut short");
    return bytes[at++];
  };
  let difficulty = 0;
  while (entries.length < pack.count) {
    const rect = pack.rectangles[next()];
    if (!rect) throw new Error("a level size is not in the pack");
    // The step from the previous level's difficulty, zigzag-coded LEB128.
    let coded = 0;
    for (let scale = 1; ; scale *= 128) {
      const b = next();
      coded += (b & 0x7f) * scale;
      if (!(b & 0x80)) break;
    }
    difficulty += coded % 2 === 0 ? coded / 2 : -(coded + 1) / 2;
    const length = next();
    if (at + length > bytes.length) throw new Error("the level table is cut short");
    const sealed = bytes.subarray(at, at + length);
    at += length;
    entries.push({ number: entries.length + 1, width: rect[0], height: rect[1], difficulty, sealed });
  }
  return entries;
}

const SHORT_NAMES = {
  "0,0 0,1": "h",
  "0,0 1,0": "v",
  "0,0 0,1 0,2": "H",
  "0,0 1,0 2,0": "V",
  "0,0 0,1 1,0": "Lnw",
  "0,0 0,1 1,1": "Lne",
  "0,0 1,0 1,1": "Lsw",
  "0,1 1,0 1,1": "Lse",
};

/** A shape's name in level descriptions: its short name, or its picture in brackets. */
function shapeName(cells) {
  const key = cells.map(([r, c]) => `${r},${c}`).join(" ");
  if (SHORT_NAMES[key]) return SHORT_NAMES[key];
  const h = Math.max(...cells.map((c) => c[0])) + 1;
  const w = Math.max(...cells.map((c) => c[1])) + 1;
  const rows = Array.from({ length: h }, (_, r) =>
    Array.from({ length: w }, (_, c) => (cells.some(([a, b]) => a === r && b === c) ? "#" : ".")).join(""),
  );
  return `(${rows.join("/")})`;
}

/** Most shapes a pack names with one byte per run of pieces. */
export const MAX_SHAPES = 16;
/** Most shapes a pack may have at all (one byte per piece, the wide form). */
export const MAX_WIDE_SHAPES = 128;

/**
 * One byte of sealed pieces read: {shape, rotatable, run}. A pack of up to
 * MAX_SHAPES shapes has a byte per run of identical pieces (bits 0–3 the
 * shape, bit 4 the rotatable piece, bits 5–7 the run's length minus one), a
 * larger one a byte per piece (bits 0–6 the shape, bit 7 the rotatable piece).
 */
function pieceByte(byte, wide) {
  return wide
    ? { shape: byte & 0x7f, rotatable: Boolean(byte & 0x80), run: 1 }
    : { shape: byte & 0x0f, rotatable: Boolean(byte & 0x10), run: (byte >> 5) + 1 };
}

/**
 * The level an entry's opened bytes describe (see pieceByte), as the
 * server's level JSON has it; null if they are no level.
 */
export function decodeLevel(entry, plain, shapes) {
  if (shapes.length > MAX_WIDE_SHAPES) return null;
  const wide = shapes.length > MAX_SHAPES;
  const pieces = [];
  const parts = [];
  let rotatable = null;
  for (const byte of plain) {
    const { shape: index, rotatable: flagged, run } = pieceByte(byte, wide);
    const shape = shapes[index];
    if (!shape) return null;
    const name = shapeName(shape);
    if (flagged) {
      if (rotatable !== null || run !== 1) return null;
      rotatable = pieces.length;
      parts.push(`${name}@`);
    } else {
      // Runs longer than one byte holds continue in the next byte.
      const last = parts.at(-1);
      const merged = last && !last.endsWith("@") && last.replace(/^\d+/, "") === name;
      const count = run + (merged ? Number(last.match(/^\d+/)?.[0] ?? 1) : 0);
      if (merged) parts.pop();
      parts.push(count > 1 ? `${count}${name}` : name);
    }
    for (let i = 0; i < run; i++) pieces.push(shape.map(([r, c]) => [r, c]));
  }
  if (pieces.length === 0) return null;
  return {
    number: entry.number,
    width: entry.width,
    height: entry.height,
    description: `${entry.width}x${entry.height}:${parts.join(",")}`,
    pieces,
    rotatable,
    difficulty: entry.difficulty,
  };
}

/**
 * Opens a sealed entry of the pack's table with a code (in the chain of the
 * pack's family). Resolves to the level, or to null when the code does not
 * open it.
 */
export async function openLevel(pack, entry, code) {
  const key = await subtle().importKey(
    "raw",
    await levelKeyBytes(pack.family, entry.number, code),
    { name: "AES-GCM" },
    false,
    ["decrypt"],
  );
  let plain;
  try {
    // The sealed bytes end with the first 8 bytes of the GCM tag.
    plain = await subtle().decrypt(
      { name: "AES-GCM", iv: await levelNonce(pack.family, entry.number), tagLength: 64 },
      key,
      entry.sealed,
    );
  } catch {
    return null;
  }
  return decodeLevel(entry, new Uint8Array(plain), pack.shapes);
}

/**
 * The level of entry `entry` of `pack` (level 1 is in the clear and needs no
 * code); null when the code is missing or wrong.
 */
export async function levelOf(pack, entry, code) {
  if (entry.number === 1) return pack.first;
  if (!code) return null;
  return openLevel(pack, entry, code);
}
