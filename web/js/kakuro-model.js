// Kakuro boards without the DOM: the crate's text format (see
// crates/kakuro/src/board.rs), runs, the digit sets of a sum ("hints"),
// checking a filled-in board, and the run rules of the editor's layouts.
//
// A board is `{rows, cols, cells, runs, runsOf}`; cells are row-major
// `{kind: "blank"}`, `{kind: "clue", down, across}` (a sum or null) or
// `{kind: "digit", given}` (0 when empty). Digit sets are bitmasks with bit d
// for digit d, as the Rust crate's DigitSet.

/** Longest run, and the largest sum of one (1 + … + 9). */
export const MAX_RUN = 9;
export const MAX_SUM = 45;
/** The square sizes the offline pack holds (`gridforge kakuro web-pack`). */
export const PACK_SIZES = [10, 11, 12, 13, 14, 15, 16];
/**
 * The board sizes New game offers, clue row and column included: a square
 * N×N as the number N, a rectangle as "<columns>x<rows>" (the generator
 * makes 6 to 30 a side, crates/kakuro's SIZES). The editor offers the
 * squares. Those past PACK_SIZES need the server.
 */
export const SIZES = [...PACK_SIZES, 18, 20, 22, 25, 28, 30, "24x28", "20x30"];

/** The sizes the editor offers: the squares of SIZES (its layouts are square). */
export const EDITOR_SIZES = SIZES.filter((s) => typeof s === "number");

/** The size of a rows × cols board: N for a square, else "<cols>x<rows>". */
export const sizeOf = (rows, cols) => (rows === cols ? rows : `${cols}x${rows}`);

/** A size's sides {rows, cols} (N, or "<cols>x<rows>"), or null when it is neither. */
export function sizeSides(size) {
  if (Number.isInteger(size) && size > 0) return { rows: size, cols: size };
  const sides = /^(\d{1,3})x(\d{1,3})$/.exec(typeof size === "string" ? size : "");
  return sides ? { rows: Number(sides[2]), cols: Number(sides[1]) } : null;
}

/** Whether a stored size reads as one (any square N, as an editor puzzle's, or a rectangle). */
export const isSize = (size) => sizeSides(size) !== null;

/** The size a text names ("12", "24x28", as a select or a link writes it), or null. */
export const readSize = (text) => SIZES.find((s) => String(s) === String(text)) ?? null;

/** Whether a size is made only by the server (the offline pack does not hold it). */
export const needsServer = (size) => !PACK_SIZES.includes(size);
export const DIFFICULTIES = ["easy", "medium", "hard", "expert"];
/** Largest side of a board the client reads. */
const MAX_SIDE = 100;

/** A text description that cannot be read; `message` says what and where. */
export class BoardFormatError extends Error {}

function fail(message) {
  throw new BoardFormatError(message);
}

function clueSum(text, where) {
  if (text === "") return null;
  if (!/^\d{1,2}$/.test(text)) fail(`${where}: bad sum "${text}"`);
  const n = Number(text);
  if (n < 1 || n > MAX_SUM) fail(`${where}: sum ${n} is impossible`);
  return n;
}

/** Reads a board in the crate's text format; throws BoardFormatError. */
export function parseBoard(text) {
  if (typeof text !== "string") fail("a board is text");
  const lines = text.split("\n").map((l) => l.trim());
  while (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const header = /^(\d+) (\d+)$/.exec(lines[0] ?? "");
  if (!header) fail('line 1: expected "ROWS COLS"');
  const rows = Number(header[1]);
  const cols = Number(header[2]);
  if (rows < 1 || cols < 1 || rows > MAX_SIDE || cols > MAX_SIDE) fail(`bad size ${rows}×${cols}`);
  if (lines.length - 1 !== rows) fail(`expected ${rows} rows, found ${lines.length - 1}`);
  const cells = [];
  for (let r = 0; r < rows; r++) {
    const tokens = lines[r + 1].split(/\s+/);
    if (tokens.length !== cols) fail(`line ${r + 2}: expected ${cols} cells, found ${tokens.length}`);
    tokens.forEach((token, c) => {
      const where = `line ${r + 2}, cell ${c + 1}`;
      if (token === "-") cells.push({ kind: "blank" });
      else if (/^\d$/.test(token)) cells.push({ kind: "digit", given: Number(token) });
      else if (token.includes(",")) {
        const [down, across, extra] = token.split(",");
        if (extra !== undefined) fail(`${where}: bad clue "${token}"`);
        const clue = { kind: "clue", down: clueSum(down, where), across: clueSum(across, where) };
        if (clue.down === null && clue.across === null) fail(`${where}: a clue without a sum`);
        cells.push(clue);
      } else fail(`${where}: bad token "${token}"`);
    });
  }
  return withRuns(rows, cols, cells);
}

/** Adds `runs` and `runsOf` to a board's cells, checking the run structure. */
function withRuns(rows, cols, cells) {
  const at = (r, c) => (r < rows && c < cols ? cells[r * cols + c] : null);
  const runs = [];
  const runsOf = cells.map(() => ({ across: -1, down: -1 }));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = at(r, c);
      const where = `row ${r + 1}, column ${c + 1}`;
      for (const dir of ["across", "down"]) {
        const [dr, dc] = dir === "across" ? [0, 1] : [1, 0];
        const before = r - dr >= 0 && c - dc >= 0 ? at(r - dr, c - dc) : null;
        // A run starts after a clue with a sum for its direction.
        const opens = before?.kind === "digit" || (before?.kind === "clue" && before[dir] !== null);
        if (cell.kind === "digit" && !opens) fail(`${where}: ${dir} run without a clue`);
        if (cell.kind !== "clue" || cell[dir] === null) continue;
        const run = { dir, clue: r * cols + c, sum: cell[dir], cells: [] };
        for (let rr = r + dr, cc = c + dc; at(rr, cc)?.kind === "digit"; rr += dr, cc += dc) {
          run.cells.push(rr * cols + cc);
        }
        const len = run.cells.length;
        if (len === 0) fail(`${where}: ${dir} clue without a run`);
        if (len > MAX_RUN) fail(`${where}: ${dir} run of ${len} cells`);
        if (!combos(run.sum, len).length) fail(`${where}: ${len} different digits cannot make ${run.sum}`);
        for (const i of run.cells) runsOf[i][dir] = runs.length;
        runs.push(run);
      }
    }
  }
  return { rows, cols, cells, runs, runsOf };
}

/** The board in the crate's text format (digits as in `values`, else as given). */
export function boardText(board, values = null) {
  const lines = [`${board.rows} ${board.cols}`];
  for (let r = 0; r < board.rows; r++) {
    const row = [];
    for (let c = 0; c < board.cols; c++) {
      const i = r * board.cols + c;
      const cell = board.cells[i];
      if (cell.kind === "blank") row.push("-");
      else if (cell.kind === "clue") row.push(`${cell.down ?? ""},${cell.across ?? ""}`);
      else row.push(String(values ? values[i] : cell.given));
    }
    lines.push(row.join(" "));
  }
  return lines.join("\n");
}

/**
 * Reads a solution in the crate's format ("R C", then "-" or a digit per
 * cell) for `board`: row-major digits, 0 off the digit cells. Throws
 * BoardFormatError when it does not fit the board.
 */
export function parseSolution(text, board) {
  const lines = String(text).trim().split("\n").map((l) => l.trim());
  if (lines[0] !== `${board.rows} ${board.cols}` || lines.length !== board.rows + 1) {
    fail("the solution does not fit the board");
  }
  const values = [];
  lines.slice(1).forEach((line, r) => {
    const tokens = line.split(/\s+/);
    if (tokens.length !== board.cols) fail(`solution row ${r + 1} has ${tokens.length} cells`);
    for (const token of tokens) {
      const i = values.length;
      const digit = board.cells[i].kind === "digit";
      if (digit && /^[1-9]$/.test(token)) values.push(Number(token));
      else if (!digit && token === "-") values.push(0);
      else fail(`solution row ${r + 1}: "${token}" does not fit the board`);
    }
  });
  return values;
}

/** A board's digits `values` in the crate's solution format, the form parseSolution reads. */
export function solutionText(board, values) {
  const lines = [`${board.rows} ${board.cols}`];
  for (let r = 0; r < board.rows; r++) {
    const row = [];
    for (let c = 0; c < board.cols; c++) {
      const i = r * board.cols + c;
      row.push(board.cells[i].kind === "digit" ? String(values[i]) : "-");
    }
    lines.push(row.join(" "));
  }
  return lines.join("\n");
}

/** The indices of the digit cells, row-major. */
export function digitCells(board) {
  const out = [];
  board.cells.forEach((cell, i) => {
    if (cell.kind === "digit") out.push(i);
  });
  return out;
}

// ---- digit sets ------------------------------------------------------

const comboTable = new Map();

/**
 * Every set of `len` different digits 1..9 summing to `sum`, each as an
 * ascending array, in dictionary order (127 before 136), as
 * `gridforge kakuro combos` lists them.
 */
export function combos(sum, len) {
  const key = `${sum}/${len}`;
  if (!comboTable.has(key)) {
    const found = [];
    const pick = (from, left, total, chosen) => {
      if (left === 0) {
        if (total === sum) found.push([...chosen]);
        return;
      }
      for (let d = from; d <= 9; d++) {
        if (total + d > sum) break;
        chosen.push(d);
        pick(d + 1, left - 1, total + d, chosen);
        chosen.pop();
      }
    };
    if (Number.isInteger(sum) && Number.isInteger(len) && len >= 1 && len <= MAX_RUN) pick(1, len, 0, []);
    comboTable.set(key, found);
  }
  return comboTable.get(key).map((set) => [...set]);
}

/**
 * The hint for one run: its sum, length and every digit set, each with
 * `ruledOut` when a digit already entered in the run is not in it (or a
 * digit repeats). `values` are the board's row-major digits (0 empty).
 */
export function runHint(board, runIndex, values) {
  const run = board.runs[runIndex];
  const entered = run.cells.map((i) => values[i]).filter((d) => d > 0);
  const repeats = new Set(entered).size !== entered.length;
  return {
    dir: run.dir,
    sum: run.sum,
    len: run.cells.length,
    entered,
    sets: combos(run.sum, run.cells.length).map((digits) => ({
      digits,
      ruledOut: repeats || !entered.every((d) => digits.includes(d)),
    })),
  };
}

// ---- checking ----------------------------------------------------------

/**
 * What is wrong with the digits entered so far: `repeats` (cells whose digit
 * appears twice in one of their runs), `wrongRuns` (indices of full runs with
 * the wrong sum), `filled` (every digit cell has a digit) and `solved`
 * (filled, no repeats, every sum right: the rules, not a stored solution).
 */
export function checkBoard(board, values) {
  const repeats = new Set();
  const wrongRuns = [];
  for (const [k, run] of board.runs.entries()) {
    const seen = new Map();
    let total = 0;
    let full = true;
    for (const i of run.cells) {
      const d = values[i];
      if (!d) {
        full = false;
        continue;
      }
      total += d;
      if (seen.has(d)) {
        repeats.add(i);
        repeats.add(seen.get(d));
      } else seen.set(d, i);
    }
    if (full && total !== run.sum) wrongRuns.push(k);
  }
  const filled = board.cells.every((cell, i) => cell.kind !== "digit" || values[i] > 0);
  return { repeats, wrongRuns, filled, solved: filled && repeats.size === 0 && wrongRuns.length === 0 };
}

// ---- the editor's layouts ---------------------------------------------

/**
 * Checks a layout (`isDigit`, row-major booleans) against the rules of
 * `Layout::check` in the crate: some digit cell, none in the first row or
 * column, every run 2 to 9 cells. Returns every problem, each
 * `{rule, cells}` with rule "empty", "edge", "short" or "long"; an empty list
 * means the layout is valid.
 */
export function checkLayout(rows, cols, isDigit) {
  const problems = [];
  const digit = (r, c) => r < rows && c < cols && Boolean(isDigit[r * cols + c]);
  if (!isDigit.some(Boolean)) problems.push({ rule: "empty", cells: [] });
  const edge = [];
  for (let c = 0; c < cols; c++) if (digit(0, c)) edge.push(c);
  for (let r = 1; r < rows; r++) if (digit(r, 0)) edge.push(r * cols);
  if (edge.length) problems.push({ rule: "edge", cells: edge });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      for (const [dir, dr, dc] of [["across", 0, 1], ["down", 1, 0]]) {
        const starts = digit(r, c) && (r - dr < 0 || c - dc < 0 || !digit(r - dr, c - dc));
        if (!starts) continue;
        const cells = [];
        for (let rr = r, cc = c; digit(rr, cc); rr += dr, cc += dc) cells.push(rr * cols + cc);
        if (cells.length < 2) problems.push({ rule: "short", dir, cells });
        else if (cells.length > MAX_RUN) problems.push({ rule: "long", dir, cells });
      }
    }
  }
  return problems;
}

/** A layout in the crate's layout format: "R C", then "-" or "0" per cell. */
export function layoutText(rows, cols, isDigit) {
  const lines = [`${rows} ${cols}`];
  for (let r = 0; r < rows; r++) {
    const row = [];
    for (let c = 0; c < cols; c++) row.push(isDigit[r * cols + c] ? "0" : "-");
    lines.push(row.join(" "));
  }
  return lines.join("\n");
}

// ---- the offline pack ----------------------------------------------------

/** The characters of a pack code, each worth its index (base64url's). */
const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * Reads one puzzle of the offline pack, a `size`×`size` board written by
 * `gridforge kakuro web-pack` as one string (`pack_code` in
 * src/cli/kakuro.rs): the layout, one bit per cell row-major (1 = digit
 * cell), six bits per character, most significant first; then the digits of
 * the digit cells in row-major order, three per two characters as
 * (a-1)·81 + (b-1)·9 + (c-1). The clues are the sums of the runs. Returns
 * {board, solution} (the puzzle with empty digit cells; row-major digits, 0
 * off the digit cells); throws BoardFormatError on a code that does not read.
 */
export function unpackPuzzle(size, code) {
  if (!Number.isInteger(size) || size < 2 || size > MAX_SIDE || typeof code !== "string") fail("bad pack puzzle");
  const values = [...code].map((ch) => {
    const v = CODE_ALPHABET.indexOf(ch);
    if (v < 0) fail(`pack puzzle: bad character "${ch}"`);
    return v;
  });
  const n = size * size;
  const layoutChars = Math.ceil(n / 6);
  if (values.length < layoutChars) fail("pack puzzle: too short");
  const isDigit = Array.from({ length: n }, (_, i) => (values[Math.floor(i / 6)] >> (5 - (i % 6))) & 1);
  const count = isDigit.reduce((a, b) => a + b, 0);
  const rest = values.slice(layoutChars);
  if (rest.length !== Math.ceil(count / 3) * 2) fail("pack puzzle: its length does not fit its layout");
  const placed = [];
  for (let k = 0; k < rest.length; k += 2) {
    const v = (rest[k] << 6) | rest[k + 1];
    if (v >= 729) fail("pack puzzle: a digit group out of range");
    placed.push(Math.floor(v / 81) + 1, (Math.floor(v / 9) % 9) + 1, (v % 9) + 1);
  }
  let next = 0;
  const solution = isDigit.map((d) => (d ? placed[next++] : 0));
  /** The sum of the run of digits from cell i on in steps of `step`, up to `end`; null when none. */
  const runSum = (i, step, end) => {
    let sum = 0;
    for (; i < end && solution[i]; i += step) sum += solution[i];
    return sum || null;
  };
  const cells = solution.map((digit, i) => {
    if (digit) return { kind: "digit", given: 0 };
    const [r, c] = [Math.floor(i / size), i % size];
    const across = c + 1 < size ? runSum(i + 1, 1, (r + 1) * size) : null;
    const down = r + 1 < size ? runSum(i + size, size, n) : null;
    return across === null && down === null ? { kind: "blank" } : { kind: "clue", down, across };
  });
  return { board: withRuns(size, size, cells), solution };
}

/**
 * Every puzzle of the offline pack (web/kakuro/puzzles.json, written by
 * `gridforge kakuro web-pack`): [{size, difficulty, seed, puzzle,
 * solution}], the puzzle in the crate's text format, the solution its
 * digits row-major (0 off the digit cells). Puzzle i of a size and difficulty was
 * made from the pack's seed + i. A pack in another format has none.
 */
export function packEntries(pack) {
  if (pack && typeof pack === "object" && unpacked.has(pack)) return unpacked.get(pack);
  const entries = readPack(pack);
  if (pack && typeof pack === "object") unpacked.set(pack, entries);
  return entries;
}

/** The entries of each pack object read so far (a pack is read once). */
const unpacked = new WeakMap();

function readPack(pack) {
  if (pack?.format !== "gridforge-kakuro-pack" || pack.version !== 2 || !Array.isArray(pack.buckets)) return [];
  const seed = Number.isInteger(pack.seed) ? pack.seed : 0;
  return pack.buckets.flatMap(({ size, difficulty, puzzles }) =>
    (Array.isArray(puzzles) ? puzzles : []).flatMap((code, i) => {
      try {
        const { board, solution } = unpackPuzzle(size, code);
        return [{ size, difficulty, seed: seed + i, puzzle: boardText(board), solution }];
      } catch (e) {
        if (e instanceof BoardFormatError) return [];
        throw e;
      }
    }),
  );
}

/** The offline pack's puzzles of one size and difficulty: [{seed, puzzle}]. */
export function packPuzzles(pack, size, difficulty) {
  return packEntries(pack)
    .filter((p) => p.size === size && p.difficulty === difficulty)
    .map(({ seed, puzzle }) => ({ seed, puzzle }));
}

/**
 * The digits of the pack puzzle whose text is `puzzleText` (row-major, 0
 * off the digit cells), or null when the pack has no such puzzle. A game
 * from a save or a link finds its digits too: the text is the puzzle.
 */
export function packSolution(pack, puzzleText) {
  return packEntries(pack).find((p) => p.puzzle === puzzleText)?.solution ?? null;
}

/** How a pack puzzle is remembered as played. */
export function packKey(size, difficulty, seed) {
  return `${size}/${difficulty}/${seed}`;
}

/**
 * Picks a pack puzzle, preferring ones whose packKey is not in `played`;
 * `random()` returns [0, 1). Null when the pack has none of that kind.
 */
export function pickPuzzle(pack, size, difficulty, played, random = Math.random) {
  const all = packPuzzles(pack, size, difficulty);
  const fresh = all.filter((p) => !played.has(packKey(size, difficulty, p.seed)));
  const from = fresh.length ? fresh : all;
  return from.length ? from[Math.floor(random() * from.length)] : null;
}
