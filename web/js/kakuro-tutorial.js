// The Kakuro tutorial: a small board and ten steps that teach runs, sums,
// the hints and "no repeats". Each step names what the player must do and
// a test of the play state that says it is done; the screen (kakuro.js)
// moves on only when it is. No DOM here.
//
// The board (cells are numbered row-major, 4 columns):
//
//        3↓  20↓
//   4→   [5]  [6]  16↓
//  18→   [9] [10] [11]
//        17→ [14] [15]
//
// Its one solution: 5=1 6=3 9=2 10=9 11=7 14=8 15=9.

/** The tutorial's board in the crate's text format. */
export const TUTORIAL_BOARD = "4 4\n- 3, 20, -\n,4 0 0 16,\n,18 0 0 0\n- ,17 0 0";

/**
 * The steps, in order: `key` of the text in the catalogs (kakuro.tutorial.*),
 * `cells` to point at (and `control`, the id of a button to point at), and
 * `done(state)` where state is {selected, values, hints, solved}. A solved
 * board ends the tutorial from any step.
 */
export const TUTORIAL_STEPS = [
  { key: "kakuro.tutorial.cells", cells: [5], done: (s) => s.selected === 5 },
  { key: "kakuro.tutorial.runs", cells: [6], done: (s) => s.selected === 6 },
  { key: "kakuro.tutorial.hints", cells: [], control: "kk-hints-toggle", done: (s) => s.hints },
  { key: "kakuro.tutorial.sums", cells: [5], done: (s) => s.values[5] === 1 },
  { key: "kakuro.tutorial.across", cells: [6], done: (s) => s.values[6] === 3 },
  { key: "kakuro.tutorial.down", cells: [9], done: (s) => s.values[9] === 2 },
  { key: "kakuro.tutorial.corner", cells: [15], done: (s) => s.values[15] === 9 },
  { key: "kakuro.tutorial.repeat", cells: [11], done: (s) => s.values[11] === 9 },
  { key: "kakuro.tutorial.fix", cells: [11], done: (s) => s.values[11] === 7 },
  { key: "kakuro.tutorial.finish", cells: [14, 10], done: (s) => s.solved },
];

/**
 * The step the player is on after `state`, starting from step `from`
 * (0-based): every step whose test passes is left behind. Returns
 * TUTORIAL_STEPS.length when the tutorial is finished.
 */
export function nextStep(from, state) {
  if (state.solved) return TUTORIAL_STEPS.length;
  let step = from;
  while (step < TUTORIAL_STEPS.length && TUTORIAL_STEPS[step].done(state)) step++;
  return step;
}
