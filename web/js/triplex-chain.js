// The level chain on the client side: the cover of a solved board, the level
// codes and keys derived from it, and opening a sealed level with WebCrypto.
// This is the derivation documented in crates/triplex/src/chain.rs (version 1);
// both sides are tested against the same values.

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

/** The code of level `number` from the cover text of the previous level's solution. */
export async function levelCode(number, previousCover) {
  const d = await sha256(`gridforge-triplex/code/v1\n${number}\n${previousCover}`);
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) {
    // Symbol i holds bits 5i .. 5i+4 of the digest, most significant first.
    let v = 0;
    for (let b = 5 * i; b < 5 * i + 5; b++) v = (v << 1) | ((d[b >> 3] >> (7 - (b & 7))) & 1);
    code += CODE_ALPHABET[v];
  }
  return code;
}

/** The AES-256 key bytes of level `number`, derived from its code. */
export async function levelKeyBytes(number, code) {
  return sha256(`gridforge-triplex/key/v1\n${number}\n${code}`);
}

/** The AES-GCM nonce of level `number`. */
export async function levelNonce(number) {
  return (await sha256(`gridforge-triplex/nonce/v1\n${number}`)).slice(0, 12);
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
 * Opens a sealed level of the chained pack with a code. Resolves to the
 * level, or to null when the code does not open it.
 */
export async function openLevel(number, code, sealed) {
  const key = await subtle().importKey(
    "raw",
    await levelKeyBytes(number, code),
    { name: "AES-GCM" },
    false,
    ["decrypt"],
  );
  let plain;
  try {
    plain = await subtle().decrypt(
      { name: "AES-GCM", iv: await levelNonce(number) },
      key,
      fromBase64(sealed),
    );
  } catch {
    return null;
  }
  return JSON.parse(new TextDecoder().decode(plain));
}

/**
 * The level a chained-pack entry holds, given a code for it (level 1 needs
 * none); null when the code is wrong.
 */
export async function levelOf(entry, code) {
  if (entry.level) return entry.level;
  if (!code) return null;
  return openLevel(entry.number, code, entry.sealed);
}
