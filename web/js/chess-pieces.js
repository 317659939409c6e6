// The chess pieces as inline SVG, drawn for this game (no font needed, the
// same on every device, sharp at every size). Each piece is one silhouette
// on a 45×45 grid with a few detail lines; the colours come from CSS
// (.chess-piece.white / .black), so both read well on light and dark squares.

/** Silhouette and detail paths of each kind, on a 45×45 grid. */
const SHAPES = {
  Q: {
    body: [
      "M9 26 L6.5 12.5 L14 22 L15.5 9.5 L20 21 L22.5 8 L25 21 L29.5 9.5 L31 22 L38.5 12.5 L36 26 L33 34 L12 34 Z",
      "M8.5 35 h28 a1.5 1.5 0 0 1 1.5 1.5 v2.5 h-31 v-2.5 a1.5 1.5 0 0 1 1.5 -1.5 Z",
    ],
    balls: [
      [6.5, 11, 2.2],
      [15.5, 8, 2.2],
      [22.5, 6.5, 2.2],
      [29.5, 8, 2.2],
      [38.5, 11, 2.2],
    ],
    lines: ["M10.5 27.5 Q22.5 24.5 34.5 27.5", "M12 31 h21"],
  },
  N: {
    body: [
      "M14 35 C13.5 30.5 18 28 20.5 24.5 C17 26 15 27.5 12.5 29 C10.5 30 7.5 28.5 8.5 25.5 C9.5 22.5 13 19.5 15 15.5 C16 13 17.5 11.5 19 10.5 L19.5 6 L23 9.5 C31 10 36.5 17.5 35.5 27 L36 35 Z",
      "M10 35 h26 a1.5 1.5 0 0 1 1.5 1.5 v2.5 h-29 v-2.5 a1.5 1.5 0 0 1 1.5 -1.5 Z",
    ],
    balls: [],
    lines: ["M24 12.5 C30 15 32 21 31 30", "M9.5 25.8 h1.6"],
    eye: [17.2, 16.2, 1.5],
  },
  B: {
    body: [
      "M22.5 9.5 C29.5 14.5 31.5 21 28.5 27.5 L16.5 27.5 C13.5 21 15.5 14.5 22.5 9.5 Z",
      "M15.5 28.5 h14 v3 h-14 Z",
      "M17 31.5 L14 35 h17 L28 31.5 Z",
      "M9.5 35 h26 a1.5 1.5 0 0 1 1.5 1.5 v2.5 h-29 v-2.5 a1.5 1.5 0 0 1 1.5 -1.5 Z",
    ],
    balls: [[22.5, 7, 2.4]],
    lines: ["M25.5 14.5 L20 21", "M19.5 23.5 h6"],
  },
  R: {
    body: [
      "M11 8.5 h4.5 v3.5 h4 v-3.5 h6 v3.5 h4 v-3.5 h4.5 v6.5 L31 17.5 V29 L33 33.5 H12 L14 29 V17.5 L11 15 Z",
      "M9 34.5 h27 a1.5 1.5 0 0 1 1.5 1.5 v3 h-30 v-3 a1.5 1.5 0 0 1 1.5 -1.5 Z",
    ],
    balls: [],
    lines: ["M14 17.5 h17", "M14 29 h17"],
  },
};

function markup(kind) {
  const shape = SHAPES[kind];
  const body = shape.body.map((d) => `<path class="body" d="${d}"/>`).join("");
  const balls = shape.balls.map(([x, y, r]) => `<circle class="body" cx="${x}" cy="${y}" r="${r}"/>`).join("");
  const lines = shape.lines.map((d) => `<path class="detail" d="${d}"/>`).join("");
  const eye = shape.eye ? `<circle class="eye" cx="${shape.eye[0]}" cy="${shape.eye[1]}" r="${shape.eye[2]}"/>` : "";
  return `<svg viewBox="0 0 45 45" aria-hidden="true" focusable="false">${body}${balls}${lines}${eye}</svg>`;
}

const templates = new Map();

/**
 * A new SVG element showing `letter` (QNBR white, qnbr black). Built by
 * the HTML parser from the constants above, so no namespace URI is needed;
 * nothing from outside ever goes into this markup.
 */
export function pieceSvg(letter) {
  const kind = letter.toUpperCase();
  if (!SHAPES[kind]) throw new Error(`not a piece: ${letter}`);
  if (!templates.has(kind)) {
    const template = document.createElement("template");
    template.innerHTML = markup(kind);
    templates.set(kind, template.content.firstElementChild);
  }
  const svg = templates.get(kind).cloneNode(true);
  svg.classList.add("chess-piece", letter === kind ? "white" : "black");
  return svg;
}
