// The client's own Triplex solver, for the "show one piece" hint: an exact
// cover search over the level's rectangle (always fill the first empty cell,
// reading along the short side as the engine's solver does, identical pieces
// tried once), bounded by a node budget; and the hint itself, one piece moved
// to where the solution has it. No DOM here, so `node --test` can check it.

import { canPlace, cellsAt, normalize, shapesOf } from "./triplex-board.js";

/**
 * Search nodes a hint may spend before it gives up: enough for every level
 * of the pack (the hardest need tens of millions, seconds in a browser).
 */
export const HINT_NODE_BUDGET = 300_000_000;

/** This module's URL, for the worker the offline single file starts from a blob (triplex-hint.js). */
export const SOLVER_URL = import.meta.url;

/** Which pieces are interchangeable: the same cells and neither rotatable. */
function pieceKinds(level) {
  const kinds = new Map();
  level.pieces.forEach((cells, k) => {
    const key = level.rotatable === k ? `rotatable:${k}` : JSON.stringify(normalize(cells));
    if (!kinds.has(key)) kinds.set(key, []);
    kinds.get(key).push(k);
  });
  return [...kinds.values()];
}

/**
 * A solution of `level`: for every piece k, {o, row, col}, the orientation
 * (an index into shapesOf(level, k)) and the top-left corner of its box in
 * the rectangle. Null when there is none or the budget ran out.
 */
export function solveLevel(level, budget = HINT_NODE_BUDGET) {
  const { width: W, height: H } = level;
  const N = W * H;
  if (N > 64) return null;
  // Cells are read column by column on a wide board: lines run along the
  // short side, so a dead end shows after a few cells. Bit i of the board
  // (two 32-bit halves) is the i-th cell in reading order.
  const across = W > H;
  const rowOf = (i) => (across ? i % H : Math.floor(i / W));
  const colOf = (i) => (across ? Math.floor(i / H) : i % W);
  const bitOf = (r, c) => (across ? c * H + r : r * W + c);
  const before = (a, b) => (across ? a[1] - b[1] || a[0] - b[0] : a[0] - b[0] || a[1] - b[1]);
  // Every placement of every kind, by the bit of the cell it covers first:
  // flat typed arrays (masks, orientation, corner) so the search allocates
  // nothing. `start[k * (N + 1) + i]` .. `start[k * (N + 1) + i + 1]` are
  // kind k's placements at bit i.
  const groups = pieceKinds(level);
  // Larger pieces first: on the hardest levels that halves the search.
  groups.sort((a, b) => level.pieces[b[0]].length - level.pieces[a[0]].length);
  const K = groups.length;
  const lists = [];
  for (const members of groups) {
    const at = Array.from({ length: N }, () => []);
    shapesOf(level, members[0]).forEach((cells, o) => {
      const first = [...cells].sort(before)[0];
      for (let i = 0; i < N; i++) {
        const row = rowOf(i) - first[0];
        const col = colOf(i) - first[1];
        let lo = 0;
        let hi = 0;
        let inside = true;
        for (const [r, c] of cells) {
          const rr = row + r;
          const cc = col + c;
          if (rr < 0 || cc < 0 || rr >= H || cc >= W) {
            inside = false;
            break;
          }
          const bit = bitOf(rr, cc);
          if (bit < 32) lo |= 1 << bit;
          else hi |= 1 << (bit - 32);
        }
        if (inside) at[i].push([lo >>> 0, hi >>> 0, o, row, col]);
      }
    });
    lists.push(at);
  }
  const start = new Int32Array(K * (N + 1));
  const all = [];
  for (let k = 0; k < K; k++) {
    for (let i = 0; i < N; i++) {
      start[k * (N + 1) + i] = all.length;
      all.push(...lists[k][i]);
    }
    start[k * (N + 1) + N] = all.length;
  }
  const maskLo = Uint32Array.from(all, (p) => p[0]);
  const maskHi = Uint32Array.from(all, (p) => p[1]);
  const left = Int32Array.from(groups, (m) => m.length);
  const pieces = level.pieces.length;
  const stackKind = new Int32Array(pieces);
  const stackPlacement = new Int32Array(pieces);
  let depth = 0;
  // Bits past the rectangle count as filled.
  let lo = N >= 32 ? 0 : ~((1 << N) - 1) >>> 0;
  let hi = N >= 64 ? 0 : N <= 32 ? 0xffffffff : ~((1 << (N - 32)) - 1) >>> 0;
  let nodes = 0;
  const lowestZero = (x) => 31 - Math.clz32(~x & (x + 1));

  function search() {
    if (++nodes > budget) return null;
    let i;
    if (lo !== 0xffffffff) i = lowestZero(lo);
    else if (hi !== 0xffffffff) i = 32 + lowestZero(hi);
    else return true;
    for (let k = 0; k < K; k++) {
      if (left[k] === 0) continue;
      const end = start[k * (N + 1) + i + 1];
      for (let p = start[k * (N + 1) + i]; p < end; p++) {
        const pl = maskLo[p];
        const ph = maskHi[p];
        if ((lo & pl) !== 0 || (hi & ph) !== 0) continue;
        lo = (lo | pl) >>> 0;
        hi = (hi | ph) >>> 0;
        left[k]--;
        stackKind[depth] = k;
        stackPlacement[depth] = p;
        depth++;
        const done = search();
        if (done) return done;
        depth--;
        left[k]++;
        lo = (lo & ~pl) >>> 0;
        hi = (hi & ~ph) >>> 0;
        if (done === null) return null;
      }
    }
    return false;
  }

  if (search() !== true) return null;
  const result = new Array(pieces);
  const used = new Int32Array(K);
  for (let d = 0; d < depth; d++) {
    const k = stackKind[d];
    const [, , o, row, col] = all[stackPlacement[d]];
    result[groups[k][used[k]++]] = { o, row, col };
  }
  return result;
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
  // A piece of the slot's kind that lies in no slot of its own.
  const mover = kinds[slot.kind].find((k) => !right.has(k));
  // The slot's orientation is an index into the mover's shapes; identical
  // pieces have the same list.
  const target = { ...slot.pos };
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
