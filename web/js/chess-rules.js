// ChessMemory's rules, without the DOM: setups, attack ranges on an empty
// board, partners, the 8 symmetries of the board and the memory game itself
// (which squares are open, moves, the end). The same conventions as the Rust
// crate gridforge-chessmemory, whose `gridforge chess` commands the unit
// tests compare against.
//
// A setup is 64 letters, rank 8 first and files a to h within a rank:
// Q N B R white, q n b r black, 8 of each. Here a square is its position in
// that text (0 = a8, 7 = h8, 56 = a1, 63 = h1): row = floor(i / 8) counted
// from rank 8, col = i % 8 counted from file a.

/** The letters of a setup, white then black. */
export const PIECES = ["Q", "N", "B", "R", "q", "n", "b", "r"];
/** Squares per piece letter in a setup (so 4 partner pairs each). */
const PER_PIECE = 8;

const KNIGHT = [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
];
const ROOK = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const BISHOP = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
];
const onBoard = (row, col) => row >= 0 && row < 8 && col >= 0 && col < 8;

/** The square's name in chess notation, e.g. "e4". */
export function squareName(i) {
  return `${"abcdefgh"[i % 8]}${8 - Math.floor(i / 8)}`;
}

/**
 * True when a piece of `kind` ("Q", "N", "B" or "R", either case) on square
 * a attacks square b on an empty board. Attacks are symmetric.
 */
export function attacks(kind, a, b) {
  if (a === b) return false;
  const dr = Math.floor(b / 8) - Math.floor(a / 8);
  const dc = (b % 8) - (a % 8);
  const straight = dr === 0 || dc === 0;
  const diagonal = Math.abs(dr) === Math.abs(dc);
  switch (kind.toUpperCase()) {
    case "N":
      return KNIGHT.some(([r, c]) => r === dr && c === dc);
    case "R":
      return straight;
    case "B":
      return diagonal;
    case "Q":
      return straight || diagonal;
    default:
      return false;
  }
}

/** Every square a piece of `kind` on `square` attacks, in text order. */
export function attackedSquares(kind, square) {
  const row = Math.floor(square / 8);
  const col = square % 8;
  const out = [];
  const k = kind.toUpperCase();
  const jumps = k === "N" ? KNIGHT : [];
  const lines = k === "Q" ? [...ROOK, ...BISHOP] : k === "R" ? ROOK : k === "B" ? BISHOP : [];
  for (const [dr, dc] of jumps) {
    if (onBoard(row + dr, col + dc)) out.push((row + dr) * 8 + col + dc);
  }
  for (const [dr, dc] of lines) {
    for (let r = row + dr, c = col + dc; onBoard(r, c); r += dr, c += dc) out.push(r * 8 + c);
  }
  return out.sort((x, y) => x - y);
}

/**
 * The setup in `text` as an array of 64 letters, or null when it is not 64
 * letters of QNBRqnbr with 8 of each.
 */
export function parseSetup(text) {
  if (typeof text !== "string" || text.length !== 64) return null;
  const letters = [...text];
  const counts = Object.fromEntries(PIECES.map((p) => [p, 0]));
  for (const letter of letters) {
    if (!(letter in counts)) return null;
    counts[letter] += 1;
  }
  return PIECES.every((p) => counts[p] === PER_PIECE) ? letters : null;
}

/** The squares holding the same piece as `square` inside its attack range. */
export function partnersOf(setup, square) {
  const piece = setup[square];
  return attackedSquares(piece, square).filter((s) => setup[s] === piece);
}

/** True when the pieces on a and b are partners: the same piece, attacking each other. */
export function arePartners(setup, a, b) {
  return a !== b && setup[a] === setup[b] && attacks(setup[a], a, b);
}

/**
 * The squares whose piece does not have exactly one partner, with how many
 * it has: [] for a valid setup.
 */
export function violations(setup) {
  const out = [];
  for (let s = 0; s < 64; s++) {
    const count = partnersOf(setup, s).length;
    if (count !== 1) out.push({ square: s, partners: count });
  }
  return out;
}

/** The setup in `text` if it is a valid setup, else null. */
export function validSetup(text) {
  const setup = parseSetup(text);
  return setup && violations(setup).length === 0 ? setup : null;
}

/**
 * The 8 symmetries of the board, named as `gridforge chess symmetries` names
 * them. Each maps (file, rank), both 0..7 with rank 0 = rank 1, to the square
 * the piece moves to; rotations turn clockwise as seen from White.
 */
export const SYMMETRIES = {
  identity: (f, r) => [f, r],
  "rotate-90": (f, r) => [r, 7 - f],
  "rotate-180": (f, r) => [7 - f, 7 - r],
  "rotate-270": (f, r) => [7 - r, f],
  "mirror-files": (f, r) => [7 - f, r],
  "mirror-ranks": (f, r) => [f, 7 - r],
  "mirror-diagonal": (f, r) => [r, f],
  "mirror-anti-diagonal": (f, r) => [7 - r, 7 - f],
};
/** The symmetries' names, the identity first (the order the Rust side lists them). */
export const SYMMETRY_NAMES = Object.keys(SYMMETRIES);

/** The image of a setup (its 64-letter text) under the symmetry `name`, as text. */
export function applySymmetry(text, name) {
  const map = SYMMETRIES[name];
  if (!map) throw new Error(`no symmetry named ${name}`);
  const out = new Array(64);
  for (let i = 0; i < 64; i++) {
    const file = i % 8;
    const rank = 7 - Math.floor(i / 8);
    const [f, r] = map(file, rank);
    out[(7 - r) * 8 + f] = text[i];
  }
  return out.join("");
}

/** Longest player name in a game for two. */
export const NAME_MAX = 24;

/**
 * A game in progress: `setup` (64 letters), `matched` (squares of found
 * pairs), `shown` (the one or two squares uncovered in the current move
 * that are not a found pair), `moves` (pairs uncovered so far) and
 * `elapsed` (ms of play). A game for two on one device (`names`, two
 * names) also has `players` ([{name, score}], score = pairs found) and
 * `turn` (0 or 1, whose move it is); a solo game has `players` null.
 */
export function newGame(setupText, source = null, names = null) {
  return {
    setup: setupText,
    source,
    matched: [],
    shown: [],
    moves: 0,
    elapsed: 0,
    done: false,
    players: names ? names.map((name) => ({ name, score: 0 })) : null,
    turn: 0,
  };
}

/**
 * Uncovers `square`. Returns what happened: "none" (already open or the
 * game is over), "first" (the first square of a move), "pair" (the second
 * square is its partner: both stay open), or "miss" (not partners: both
 * show until `hideShown`). Uncovering while a missed pair still shows hides
 * that pair first. With two players a pair scores for the player whose turn
 * it is, who goes on; a miss passes the turn to the other.
 */
export function uncover(game, square) {
  if (game.done || !Number.isInteger(square) || square < 0 || square > 63) return "none";
  if (game.matched.includes(square) || game.shown.includes(square)) return "none";
  if (game.shown.length === 2) game.shown = [];
  if (game.shown.length === 0) {
    game.shown = [square];
    return "first";
  }
  const first = game.shown[0];
  game.moves += 1;
  if (arePartners([...game.setup], first, square)) {
    game.matched.push(first, square);
    game.shown = [];
    if (game.players) game.players[game.turn].score += 1;
    if (game.matched.length === 64) game.done = true;
    return "pair";
  }
  game.shown = [first, square];
  if (game.players) game.turn = 1 - game.turn;
  return "miss";
}

/** Turns a missed pair face down again. */
export function hideShown(game) {
  if (game.shown.length === 2) game.shown = [];
}

/**
 * The end of a game for two: the index of the player with more pairs, or
 * -1 for a tie; null while the game runs or for a solo game.
 */
export function winner(game) {
  if (!game.players || !game.done) return null;
  const [a, b] = game.players.map((p) => p.score);
  return a === b ? -1 : a > b ? 0 : 1;
}

/** A player's name as typed, trimmed; "" when there is none. */
export function cleanName(text) {
  return typeof text === "string" ? text.trim().replace(/\s+/g, " ").slice(0, NAME_MAX) : "";
}

/** Pairs found so far. */
export function pairsFound(game) {
  return game.matched.length / 2;
}

/**
 * A saved game as read back from storage, or null when it does not hold
 * together (a damaged save starts a new game instead).
 */
export function restoreGame(saved) {
  if (!saved || typeof saved !== "object" || !validSetup(saved.setup)) return null;
  const squares = (list) =>
    Array.isArray(list) && list.every((s) => Number.isInteger(s) && s >= 0 && s < 64) ? list : null;
  const matched = squares(saved.matched);
  if (!matched || new Set(matched).size !== matched.length || matched.length % 2) return null;
  const setup = [...saved.setup];
  for (let k = 0; k < matched.length; k += 2) {
    if (!arePartners(setup, matched[k], matched[k + 1])) return null;
  }
  const moves = Number.isInteger(saved.moves) && saved.moves >= matched.length / 2 ? saved.moves : null;
  if (moves === null) return null;
  let names = null;
  if (saved.players != null) {
    const players = saved.players;
    const valid =
      Array.isArray(players) &&
      players.length === 2 &&
      players.every((p) => cleanName(p?.name) !== "" && cleanName(p.name) === p.name && Number.isInteger(p.score) && p.score >= 0) &&
      players[0].score + players[1].score === matched.length / 2 &&
      (saved.turn === 0 || saved.turn === 1);
    if (!valid) return null;
    names = players.map((p) => p.name);
  }
  const game = newGame(saved.setup, typeof saved.source === "string" ? saved.source : null, names);
  if (names) {
    game.players.forEach((p, k) => (p.score = saved.players[k].score));
    game.turn = saved.turn;
  }
  game.matched = matched;
  game.moves = moves;
  game.elapsed = Number.isFinite(saved.elapsed) && saved.elapsed >= 0 ? saved.elapsed : 0;
  game.done = matched.length === 64;
  return game;
}

/** Results kept: the best few, fewest moves first, then the quickest. */
export const BEST_KEPT = 5;

/**
 * Adds a finished game's result {moves, ms, at} (a game for two adds
 * `names` and `scores`; each mode has its own list) to the best list and
 * returns its place (0 = the new best) or -1 when it did not make the list.
 */
export function addResult(best, result) {
  best.push(result);
  best.sort((a, b) => a.moves - b.moves || a.ms - b.ms || a.at - b.at);
  const place = best.indexOf(result);
  best.splice(BEST_KEPT);
  return place < BEST_KEPT ? place : -1;
}
