// A few DOM helpers. Text always goes in as textContent, never as HTML, so a
// player's name can hold any characters.

/** Creates an element: `h("button", {class: "x", onclick: f}, "text", child)`. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
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
