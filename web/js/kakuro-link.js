// Shareable Kakuro puzzles, without the DOM: the link of a game and what a
// link holds. Two forms, both after "#/kakuro/p/":
//
//   <size>-<difficulty>-<seed>   a generated puzzle, e.g. 12-hard-4821 or
//                                24x28-easy-7 (a rectangle: columns x rows):
//                                POST /api/kakuro/generate with that size,
//                                difficulty and seed makes it again (and the
//                                offline pack holds seeds 0..9 of each kind
//                                of its sizes, the same puzzles: `web-pack`
//                                uses seed + i).
//   c1.<code>                    any other puzzle (the editor's) as its own
//                                text, in the compact encoding below.
//
// The compact encoding ("c1", version 1). A bit string, written most
// significant bit first, cut into groups of 6 bits (the last one padded with
// zeros) and each group written as one character of the URL-safe base64
// alphabet A–Z a–z 0–9 - _ (value 0 to 63), so the link needs no escaping:
//
//   7 bits   rows − 1            (1 to 100 rows, as the text format allows)
//   7 bits   cols − 1
//   3 bits   difficulty          0 unknown, 1 easy, 2 medium, 3 hard, 4 expert
//   R×C bits the layout          row-major, 1 for a white (digit) cell
//   6 bits   per run, the sum    1 to 45, runs in reading order: cell by
//                                cell row-major, at each clue across first
//   1 bit    givens?             1 when white cells hold given digits, then
//   4 bits   per white cell      its digit 0 to 9 (0 empty), row-major
//
// Which cells hold clues follows from the layout: a cell that is not white
// holds an across sum when the cell right of it is white and a down sum when
// the cell below is; nothing else is stored. Decoding rebuilds the text
// format and parses it with kakuro-model.js, so a link that decodes is a
// valid board. A 15×15 puzzle with 60 runs takes about 100 characters.

import { DIFFICULTIES, SIZES, boardText, parseBoard, readSize } from "./kakuro-model.js";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** The hash every link starts with. */
export const LINK_PREFIX = "#/kakuro/p/";
const CODE_PREFIX = "c1.";
const MAX_SIDE = 100;

/** A link that holds no puzzle; `reason` says why (for the console, not the player). */
export class BadLinkError extends Error {}

function bad(reason) {
  throw new BadLinkError(reason);
}

function writer() {
  const bits = [];
  return {
    put(value, width) {
      for (let b = width - 1; b >= 0; b--) bits.push((value >> b) & 1);
    },
    text() {
      let out = "";
      for (let i = 0; i < bits.length; i += 6) {
        let v = 0;
        for (let b = 0; b < 6; b++) v = (v << 1) | (bits[i + b] ?? 0);
        out += ALPHABET[v];
      }
      return out;
    },
  };
}

function reader(text) {
  const bits = [];
  for (const ch of text) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) bad(`"${ch}" is not in the link alphabet`);
    for (let b = 5; b >= 0; b--) bits.push((v >> b) & 1);
  }
  let at = 0;
  return {
    get(width) {
      if (at + width > bits.length) bad("the code ends too early");
      let v = 0;
      for (let b = 0; b < width; b++) v = (v << 1) | bits[at++];
      return v;
    },
    /** Only padding (fewer than 6 zero bits) may be left. */
    end() {
      const left = bits.length - at;
      if (left >= 6 || bits.slice(at).some(Boolean)) bad("the code goes on after the puzzle");
    },
  };
}

/** The runs' sums of a board in the order the code keeps them (reading order, across first). */
function sumsInOrder(board) {
  const out = [];
  for (const cell of board.cells) {
    if (cell.kind !== "clue") continue;
    for (const dir of ["across", "down"]) if (cell[dir] !== null) out.push(cell[dir]);
  }
  return out;
}

/** A board (from parseBoard) and its difficulty (or null) as the compact code, without "c1.". */
export function encodeBoard(board, difficulty = null) {
  const w = writer();
  w.put(board.rows - 1, 7);
  w.put(board.cols - 1, 7);
  w.put(DIFFICULTIES.indexOf(difficulty) + 1, 3);
  for (const cell of board.cells) w.put(cell.kind === "digit" ? 1 : 0, 1);
  for (const sum of sumsInOrder(board)) w.put(sum, 6);
  const white = board.cells.filter((c) => c.kind === "digit");
  const givens = white.some((c) => c.given > 0);
  w.put(givens ? 1 : 0, 1);
  if (givens) for (const c of white) w.put(c.given, 4);
  return w.text();
}

/**
 * The board and difficulty a compact code holds: {board, difficulty}.
 * Throws BadLinkError when the code is damaged or not a valid board.
 */
export function decodeBoard(code) {
  const r = reader(code);
  const rows = r.get(7) + 1;
  const cols = r.get(7) + 1;
  if (rows > MAX_SIDE || cols > MAX_SIDE) bad("too large");
  const d = r.get(3);
  if (d > DIFFICULTIES.length) bad(`difficulty ${d}`);
  const white = [];
  for (let i = 0; i < rows * cols; i++) white.push(r.get(1) === 1);
  const isWhite = (row, col) => row < rows && col < cols && white[row * cols + col];
  const tokens = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      if (isWhite(row, col)) {
        tokens.push(null);
        continue;
      }
      const across = isWhite(row, col + 1) ? r.get(6) : null;
      const down = isWhite(row + 1, col) ? r.get(6) : null;
      tokens.push(across === null && down === null ? "-" : `${down ?? ""},${across ?? ""}`);
    }
  }
  if (!white.some(Boolean)) bad("no white cell");
  const givens = r.get(1) === 1;
  const digits = tokens.map((t) => (t === null ? (givens ? r.get(4) : 0) : null));
  r.end();
  if (digits.some((x) => x !== null && x > 9)) bad("a given digit above 9");
  const lines = [`${rows} ${cols}`];
  for (let row = 0; row < rows; row++) {
    const k = row * cols;
    lines.push(tokens.slice(k, k + cols).map((t, c) => t ?? String(digits[k + c])).join(" "));
  }
  let board;
  try {
    board = parseBoard(lines.join("\n"));
  } catch (e) {
    bad(`not a board: ${e.message}`);
  }
  return { board, difficulty: d === 0 ? null : DIFFICULTIES[d - 1] };
}

/**
 * The link (hash) of a game: its size, difficulty and seed when the
 * generator made it (server or pack), else the puzzle itself as a code.
 */
export function gameLink(game) {
  const generated =
    (game.source === "server" || game.source === "pack") &&
    SIZES.includes(game.size) &&
    DIFFICULTIES.includes(game.difficulty) &&
    Number.isSafeInteger(game.seed) &&
    game.seed >= 0;
  if (generated) return `${LINK_PREFIX}${game.size}-${game.difficulty}-${game.seed}`;
  return `${LINK_PREFIX}${CODE_PREFIX}${encodeBoard(game.board, game.difficulty)}`;
}

/**
 * What the part of a link after "#/kakuro/p/" holds:
 * {kind: "seed", size, difficulty, seed} or {kind: "board", board, difficulty}.
 * Throws BadLinkError for anything else.
 */
export function readLink(part) {
  const text = String(part ?? "");
  const seeded = /^(\d{1,3}(?:x\d{1,3})?)-([a-z]+)-(\d{1,16})$/.exec(text);
  if (seeded) {
    const size = readSize(seeded[1]);
    const difficulty = seeded[2];
    const seed = Number(seeded[3]);
    if (size === null) bad(`size ${seeded[1]}`);
    if (!DIFFICULTIES.includes(difficulty)) bad(`difficulty ${difficulty}`);
    if (!Number.isSafeInteger(seed)) bad(`seed ${seeded[3]}`);
    return { kind: "seed", size, difficulty, seed };
  }
  if (text.startsWith(CODE_PREFIX)) {
    const { board, difficulty } = decodeBoard(text.slice(CODE_PREFIX.length));
    return { kind: "board", board, difficulty };
  }
  return bad("neither a seed nor a code");
}

/** The puzzle text a link of kind "board" holds (for comparing with a game's). */
export const linkText = (link) => boardText(link.board);

/** The whole address of game `g`'s link on this page's site. */
export const linkUrl = (g) => `${location.href.split("#")[0]}${gameLink(g)}`;

/**
 * What the result card of solved game `g` says: the game, its size and
 * difficulty (or size alone, for a board of the editor or a link), the
 * time, and the puzzle's own link (the puzzle, never its digits).
 */
export function resultOf(g, words) {
  return { game: words.t("home.kakuro.name"), label: g.difficulty ? `${words.size(g.size)} · ${words.difficulty(g.difficulty)}` : words.size(g.size), ms: g.elapsed, url: linkUrl(g) };
}

/** A game's code for its printout: what its link holds after #/kakuro/p/, when short enough to type (size-difficulty-seed). */
export function printCode(game) {
  const part = gameLink(game).slice(LINK_PREFIX.length);
  return part.length <= 32 ? part : null;
}
