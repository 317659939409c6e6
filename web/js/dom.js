// A few DOM helpers. Text always goes in as textContent, never as HTML, so a
// player's name can hold any characters.

/**
 * Whether a child stands for something shown: null, undefined and false mean
 * "nothing here" (a part that does not apply), never the words "null" or
 * "undefined".
 */
export const isShown = (child) => child !== null && child !== undefined && child !== false;

/** The children to put in an element: nested lists flattened, the ones not shown left out. */
export const shownChildren = (children) => children.flat(Infinity).filter(isShown);

// The DOM's own append, replaceChildren, before, … turn a null or undefined
// argument into the text "null" or "undefined" (ChessMemory's end panel read
// "All 32 pairs found! · null · 51 moves" so). Every module builds its
// screens through these methods and `h`; here, once, they leave such parts
// out, so a missing part can never show as text, whoever calls them.
if (typeof Element !== "undefined") {
  const guard = (proto, names) => {
    for (const name of names) {
      const native = proto[name];
      if (native.guarded) continue;
      const guarded = function (...nodes) {
        return native.apply(this, shownChildren(nodes));
      };
      guarded.guarded = true;
      proto[name] = guarded;
    }
  };
  guard(Element.prototype, ["append", "prepend", "replaceChildren", "before", "after", "replaceWith"]);
  guard(DocumentFragment.prototype, ["append", "prepend", "replaceChildren"]);
  guard(CharacterData.prototype, ["before", "after", "replaceWith"]);
}

/** Creates an element: `h("button", {class: "x", onclick: f}, "text", child)`. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of shownChildren(children)) {
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * A game's help line: `text` for every player, then `keys`, its keyboard
 * help, which a touch screen leaves out (`.keys-help` in app.css).
 */
export function helpLine(text, keys) {
  return h("p", { class: "help" }, text, " ", h("span", { class: "keys-help" }, keys));
}

/** A button that submits nothing: `button("undo", "Undo", onclick, {class: "ghost"})`. */
export function button(id, label, onclick, attrs = {}) {
  return h("button", { type: "button", id, onclick, ...attrs }, label);
}

/**
 * The head of every game screen: the way back (`back`, a link to `href`,
 * with `id`), the screen's title (an h1 with `titleId`) and whatever else
 * the screen shows there (`extra`: a timer, counts).
 */
export function screenHead({ href, back, id = "back", title, titleId }, ...extra) {
  return h(
    "div",
    { class: "screen-head" },
    h("a", { class: "back", href, id }, back),
    h("h1", { id: titleId }, title),
    ...extra,
  );
}

/**
 * Closes every open dialog as its Cancel would (a `cancel` event its owner
 * answers, then close): a dialog belongs to the screen that opened it, so
 * the app calls this whenever the address changes.
 */
export function closeDialogs(root = document) {
  for (const dialog of root.querySelectorAll("dialog[open]")) {
    dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    if (dialog.open) dialog.close();
  }
}
