// The client's own Triplex solver, for the "show one piece" hint: an exact
// cover search over the level's rectangle (always fill the first empty cell,
// reading along the short side as the engine's solver does, identical pieces
// tried once), bounded by a node budget, with a memory of dead ends (the
// same frontier with the same pieces left is reached along many paths; on
// the hardest levels this cuts the search thirtyfold) and colour bounds; and
// the hint itself, one piece moved to where the solution has it. No DOM
// here, so `node --test` can check it.

import { canPlace, cellsAt, normalize, shapesOf } from "./triplex-board.js";

/**
 * Search nodes a hint may spend before it gives
 * up: far more than any level of the packs needs (at most about two million).
 */
export const HINT_NODE_BUDGET = 50_000_000;

/** This module's URL, for the worker the offline single file starts from a blob (triplex-hint.js). */
export const SOLVER_URL = import.meta.url;

/**
 * Which pieces are interchangeable: the same cells and neither rotatable.
 * Kinds come in one order whatever the order of the level's pieces (the
 * page's decoded pack and the engine's list differ), so a search costs the
 * same on the page as in the bench: larger pieces first, then by shape.
 */
function pieceKinds(level) {
  const kinds = new Map();
  level.pieces.forEach((cells, k) => {
    const key = level.rotatable === k ? "~rotatable" : JSON.stringify(normalize(cells));
    if (!kinds.has(key)) kinds.set(key, []);
    kinds.get(key).push(k);
  });
  return [...kinds.entries()]
    .sort(([ka, a], [kb, b]) => level.pieces[b[0]].length - level.pieces[a[0]].length || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .map(([, members]) => members);
}

// The memory of dead ends: states (the board's two halves and what is left
// of each kind as one number) from which no tiling exists. One fixed table,
// direct-mapped, a newer state overwriting an older one, each entry four
// 32-bit words side by side (one cache line): generation, low half, high
// half, what is left. An entry belongs to the search whose generation it
// carries, so nothing is ever cleared.
const MEMO_BITS = 20;
const MEMO_SIZE = 1 << MEMO_BITS;
let memo = null;
let lastGeneration = 0;

/** A new generation of the table (made on first use). */
function memoGeneration() {
  memo ??= new Int32Array(4 * MEMO_SIZE);
  lastGeneration = (lastGeneration % 0x7ffffffe) + 1;
  if (lastGeneration === 1) memo.fill(0);
  return lastGeneration;
}

/** The top bit of every byte lane, as a 32-bit integer. */
const GUARD = 0x80808080 | 0;

/** Colourings the search bounds the empty cells by (see colourWords). */
const COLOURINGS = 4;

/**
 * Cells counted by colour in four colourings of the rectangle by threes
 * (row, column and both diagonals mod 3), each colouring one 32-bit word,
 * a byte lane per colour. The empty cells of each colour must lie between
 * the least and the most cells of it the pieces left could cover: on the
 * hardest levels most pieces cover one cell of each colour of some
 * colouring, so the few others (the dominoes) must make up the difference.
 */
function colourWords(cells) {
  const words = new Int32Array(COLOURINGS);
  for (const [r, c] of cells) {
    words[0] += 1 << (8 * (r % 3));
    words[1] += 1 << (8 * (c % 3));
    words[2] += 1 << (8 * ((r + c) % 3));
    words[3] += 1 << (8 * ((r - c + 3 * 64) % 3));
  }
  return words;
}

/**
 * The search of `level` in one reading order (`bitOf` a cell's place in
 * it): `run(budget)` is true when solved (then `solution()`), false when
 * there is no tiling, null when out of budget.
 */
function levelSearch(level, groups, bitOf) {
  const { width: W, height: H } = level;
  const N = W * H;
  const K = groups.length;
  // Every placement of every kind, by the first bit it covers: flat typed
  // arrays (masks, colours) so the search allocates nothing.
  // `start[i * K + k]` .. `start[i * K + k + 1]` are kind k's placements
  // whose first bit is i (bits outer, kinds inner).
  const buckets = Array.from({ length: N * K }, () => []);
  groups.forEach((members, k) => {
    shapesOf(level, members[0]).forEach((cells, o) => {
      const { h, w } = cells.reduce((e, [r, c]) => ({ h: Math.max(e.h, r + 1), w: Math.max(e.w, c + 1) }), { h: 0, w: 0 });
      for (let row = 0; row + h <= H; row++) {
        for (let col = 0; col + w <= W; col++) {
          let lo = 0;
          let hi = 0;
          let first = N;
          const placed = cells.map(([r, c]) => [row + r, col + c]);
          for (const [r, c] of placed) {
            const bit = bitOf(r, c);
            first = Math.min(first, bit);
            if (bit < 32) lo |= 1 << bit;
            else hi |= 1 << (bit - 32);
          }
          buckets[first * K + k].push({ k, lo: lo >>> 0, hi: hi >>> 0, o, row, col, colours: colourWords(placed) });
        }
      }
    });
  });
  const start = new Int32Array(N * K + 1);
  const all = [];
  buckets.forEach((bucket, b) => {
    start[b] = all.length;
    all.push(...bucket);
  });
  start[N * K] = all.length;
  const maskLo = Uint32Array.from(all, (p) => p.lo);
  const maskHi = Uint32Array.from(all, (p) => p.hi);
  // Per kind and colour lane, the least and most cells of a placement.
  const kindMin = new Int32Array(K * COLOURINGS);
  const kindMax = new Int32Array(K * COLOURINGS);
  for (let w = 0; w < COLOURINGS; w++) {
    for (let lane = 0; lane < 3; lane++) {
      const fewest = new Int32Array(K).fill(255);
      const most = new Int32Array(K);
      for (const p of all) {
        const count = (p.colours[w] >> (8 * lane)) & 0xff;
        fewest[p.k] = Math.min(fewest[p.k], count);
        most[p.k] = Math.max(most[p.k], count);
      }
      for (let k = 0; k < K; k++) {
        kindMin[k * COLOURINGS + w] += (fewest[k] === 255 ? 0 : fewest[k]) << (8 * lane);
        kindMax[k * COLOURINGS + w] += most[k] << (8 * lane);
      }
    }
  }
  // The colour bounds as gaps, one word per colouring and side, each lane
  // biased by 128 (GUARD): the empty cells less the least the pieces left
  // cover, and the most they cover less the empty cells. A placement
  // lowers them by fixed amounts (its cells of each colour against its
  // kind's least and most); a lane below 128 is a dead end.
  const gapDrop = new Int32Array(all.length * 2 * COLOURINGS);
  all.forEach((p, j) => {
    for (let w = 0; w < COLOURINGS; w++) {
      gapDrop[j * 2 * COLOURINGS + w] = p.colours[w] - kindMin[p.k * COLOURINGS + w];
      gapDrop[j * 2 * COLOURINGS + COLOURINGS + w] = kindMax[p.k * COLOURINGS + w] - p.colours[w];
    }
  });
  const empty = colourWords(Array.from({ length: N }, (_, i) => [Math.floor(i / W), i % W]));
  const gaps = new Int32Array(2 * COLOURINGS);
  for (let w = 0; w < COLOURINGS; w++) {
    gaps[w] = empty[w] + GUARD;
    gaps[COLOURINGS + w] = GUARD - empty[w];
    groups.forEach((members, k) => {
      gaps[w] -= members.length * kindMin[k * COLOURINGS + w];
      gaps[COLOURINGS + w] += members.length * kindMax[k * COLOURINGS + w];
    });
  }
  let [g0, g1, g2, g3, g4, g5, g6, g7] = gaps;
  const left = Int32Array.from(groups, (m) => m.length);
  // What is left of every kind as one whole number: kind k counts in steps
  // of weight[k] (mixed radix), so placing a piece subtracts its weight.
  const weight = new Int32Array(K);
  let radix = 1;
  for (let k = 0; k < K && radix <= 2 ** 31; k++) {
    weight[k] = radix;
    radix *= left[k] + 1;
  }
  const remember = radix <= 2 ** 31;
  const generation = remember ? memoGeneration() : 0;
  let rest = radix - 1;
  const pieces = level.pieces.length;
  const stackKind = new Int32Array(pieces);
  const stackPlacement = new Int32Array(pieces);
  let depth = 0;
  // Bits past the rectangle count as filled.
  let lo = N >= 32 ? 0 : ~((1 << N) - 1) >>> 0;
  let hi = N >= 64 ? 0 : N <= 32 ? 0xffffffff : ~((1 << (N - 32)) - 1) >>> 0;
  let nodes = 0;
  let budget = 0;
  const lowestZero = (x) => 31 - Math.clz32(~x & (x + 1));
  const slot = () => {
    let h = Math.imul(lo ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(hi ^ 0x27d4eb2f, 0x85ebca6b);
    h ^= Math.imul(rest, 0xc2b2ae35);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    return ((h ^ (h >>> 13)) & (MEMO_SIZE - 1)) << 2;
  };

  function search() {
    if (++nodes > budget) return null;
    let i;
    if (lo !== 0xffffffff) i = lowestZero(lo);
    else if (hi !== 0xffffffff) i = 32 + lowestZero(hi);
    else return true;
    let h = 0;
    if (remember) {
      h = slot();
      if (memo[h] === generation && memo[h + 1] === (lo | 0) && memo[h + 2] === (hi | 0) && memo[h + 3] === rest) {
        return false;
      }
    }
    for (let k = 0; k < K; k++) {
      if (left[k] === 0) continue;
      const end = start[i * K + k + 1];
      for (let p = start[i * K + k]; p < end; p++) {
        const pl = maskLo[p];
        const ph = maskHi[p];
        if ((lo & pl) !== 0 || (hi & ph) !== 0) continue;
        lo = (lo | pl) >>> 0;
        hi = (hi | ph) >>> 0;
        left[k]--;
        rest -= weight[k];
        const d = p << 3;
        g0 = (g0 - gapDrop[d]) | 0;
        g1 = (g1 - gapDrop[d + 1]) | 0;
        g2 = (g2 - gapDrop[d + 2]) | 0;
        g3 = (g3 - gapDrop[d + 3]) | 0;
        g4 = (g4 - gapDrop[d + 4]) | 0;
        g5 = (g5 - gapDrop[d + 5]) | 0;
        g6 = (g6 - gapDrop[d + 6]) | 0;
        g7 = (g7 - gapDrop[d + 7]) | 0;
        stackKind[depth] = k;
        stackPlacement[depth] = p;
        depth++;
        const done = (g0 & g1 & g2 & g3 & g4 & g5 & g6 & g7 & GUARD) === GUARD ? search() : false;
        if (done) return done;
        depth--;
        left[k]++;
        rest += weight[k];
        g0 = (g0 + gapDrop[d]) | 0;
        g1 = (g1 + gapDrop[d + 1]) | 0;
        g2 = (g2 + gapDrop[d + 2]) | 0;
        g3 = (g3 + gapDrop[d + 3]) | 0;
        g4 = (g4 + gapDrop[d + 4]) | 0;
        g5 = (g5 + gapDrop[d + 5]) | 0;
        g6 = (g6 + gapDrop[d + 6]) | 0;
        g7 = (g7 + gapDrop[d + 7]) | 0;
        lo = (lo & ~pl) >>> 0;
        hi = (hi & ~ph) >>> 0;
        if (done === null) return null;
      }
    }
    if (remember) {
      memo[h] = generation;
      memo[h + 1] = lo | 0;
      memo[h + 2] = hi | 0;
      memo[h + 3] = rest;
    }
    return false;
  }

  return {
    run(most) {
      budget = most;
      // The pieces cannot cover the rectangle's colours at all.
      if ((g0 & g1 & g2 & g3 & g4 & g5 & g6 & g7 & GUARD) !== GUARD) return false;
      return search();
    },
    solution() {
      const result = new Array(pieces);
      const used = new Int32Array(K);
      for (let d = 0; d < depth; d++) {
        const k = stackKind[d];
        const { o, row, col } = all[stackPlacement[d]];
        result[groups[k][used[k]++]] = { o, row, col };
      }
      return result;
    },
  };
}

/**
 * A solution of `level`: for every piece k, {o, row, col}, the orientation
 * (an index into shapesOf(level, k)) and the top-left corner of its box in
 * the rectangle. Null when there is none or the budget ran out.
 */
export function solveLevel(level, budget = HINT_NODE_BUDGET) {
  const { width: W, height: H } = level;
  if (W * H > 64) return null;
  // Lines along the short side, so a dead end shows after a few cells.
  const bitOf = W > H ? (r, c) => c * H + r : (r, c) => r * W + c;
  const search = levelSearch(level, pieceKinds(level), bitOf);
  return search.run(budget) === true ? search.solution() : null;
}

const cellKey = (cells) =>
  cells
    .map(([r, c]) => `${r},${c}`)
    .sort()
    .join(" ");

/**
 * The positions after one hint: the first piece of the solution (in the
 * solution's reading order) that no piece of its kind covers yet is moved
 * there, and pieces in its way go back to their home in the tray (or the
 * nearest free place). Null when every piece already lies where the
 * solution has it, or when no free place is left for a piece in the way.
 * `solution` is solveLevel's answer.
 */
export function hintPositions(level, stage, positions, solution) {
  const kinds = pieceKinds(level);
  const kindOf = new Map();
  kinds.forEach((members, i) => members.forEach((k) => kindOf.set(k, i)));
  const onBoard = (k, pos) => cellKey(cellsAt(level, k, pos));
  // Solution slots as stage cells, in reading order.
  const slots = solution
    .map((p, k) => {
      const pos = { x: stage.tx + p.col, y: stage.ty + p.row, o: p.o };
      return { k, pos, kind: kindOf.get(k), key: onBoard(k, pos) };
    })
    .sort((a, b) => a.pos.y - b.pos.y || a.pos.x - b.pos.x);
  const covers = (k, slot) => kindOf.get(k) === slot.kind && onBoard(k, positions[k]) === slot.key;
  const done = new Set();
  const right = new Set();
  for (const slot of slots) {
    const k = positions.findIndex((_, j) => !right.has(j) && covers(j, slot));
    if (k >= 0) {
      done.add(slot);
      right.add(k);
    }
  }
  const slot = slots.find((s) => !done.has(s));
  if (!slot) return null;
  // A piece of the slot's kind that lies in no slot of its own. The slot's
  // orientation is an index into the mover's shapes; identical pieces have
  // the same list.
  const mover = kinds[slot.kind].find((k) => !right.has(k));
  return movePiece(level, stage, positions, mover, { ...slot.pos });
}

/**
 * The positions after the server's hint (`next`: {piece, cells}, the cells
 * [row, col] in the rectangle): that piece moved there as hintPositions
 * moves one. Null when the cells are no shape of the piece or no free place
 * is left for a piece in the way.
 */
export function serverHintPositions(level, stage, positions, next) {
  const k = next?.piece;
  if (!Number.isInteger(k) || k < 0 || k >= level.pieces.length || !Array.isArray(next.cells)) return null;
  const cells = next.cells.filter((c) => Array.isArray(c) && c.length === 2);
  if (cells.length === 0 || cells.length !== next.cells.length) return null;
  const top = Math.min(...cells.map((c) => c[0]));
  const leftmost = Math.min(...cells.map((c) => c[1]));
  const key = cellKey(normalize(cells));
  const o = shapesOf(level, k).findIndex((shape) => cellKey(shape) === key);
  if (o < 0) return null;
  return movePiece(level, stage, positions, k, { x: stage.tx + leftmost, y: stage.ty + top, o });
}

/**
 * Piece `mover` put at `target`, and the pieces in the way back to their
 * home in the tray (or the nearest free place); null when no free place is
 * left for one of them.
 */
function movePiece(level, stage, positions, mover, target) {
  const next = positions.map((p) => ({ ...p }));
  next[mover] = { x: -1000, y: -1000, o: 0 };
  const slotCells = new Set(cellsAt(level, mover, target).map(([r, c]) => `${r},${c}`));
  for (let j = 0; j < next.length; j++) {
    if (j === mover) continue;
    if (!cellsAt(level, j, next[j]).some(([r, c]) => slotCells.has(`${r},${c}`))) continue;
    next[j] = { x: -1000, y: -1000, o: next[j].o };
    const home = { ...stage.home[j], o: 0 };
    const moved = placeNear(level, stage, next, j, home, slotCells);
    if (!moved) return null;
    next[j] = moved;
  }
  next[mover] = target;
  return next;
}

/** Piece j at `want` if free (and off the slot's cells), else the free place nearest to it. */
function placeNear(level, stage, positions, j, want, avoid) {
  const free = (pos) =>
    canPlace(level, stage, positions, j, pos) && !cellsAt(level, j, pos).some(([r, c]) => avoid.has(`${r},${c}`));
  if (free(want)) return want;
  const reach = stage.cols + stage.rows;
  for (let d = 1; d <= reach; d++) {
    for (let dy = -d; dy <= d; dy++) {
      for (let dx = -d; dx <= d; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== d) continue;
        const pos = { x: want.x + dx, y: want.y + dy, o: want.o };
        if (free(pos)) return pos;
      }
    }
  }
  return null;
}
