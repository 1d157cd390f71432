// Redrawing without replacing what did not change. The page is built anew from the state on
// every message and then laid over the elements on screen: an element equal to its new drawing
// (same tag, attributes and children) stays where it is, so its focus, its hover and a button
// pressed between mouse down and mouse up survive the messages of a game going on (a button
// taken out of the page between press and release loses the click). A plain container (div,
// section or span without inline style) takes the new attributes in place and is laid over
// child by child; anything else that changed is replaced. Children are matched by position.
//
// A kept element keeps its old listeners: every handler of the table page reads the state when
// it runs (a hand tile looks its tile up by its place in the hand, a prompt button its group),
// never a copy of the state taken when it was drawn, so the old element answers as a new one.

const CONTAINERS = new Set(["DIV", "SECTION", "SPAN"]);

function container(old, fresh) {
  if (old.nodeType !== Node.ELEMENT_NODE || fresh.nodeType !== Node.ELEMENT_NODE) return false;
  if (old.tagName !== fresh.tagName || !CONTAINERS.has(old.tagName)) return false;
  // an inline style is set through the CSSOM (the page's policy allows no style attribute)
  return !old.hasAttribute("style") && !fresh.hasAttribute("style");
}

function keepNode(old, fresh) {
  if (old === fresh || old.isEqualNode(fresh)) return; // the very element: a part left as it was
  if (!container(old, fresh)) {
    old.replaceWith(fresh);
    return;
  }
  for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of fresh.attributes) if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  keepChildren(old, [...fresh.childNodes]);
}

/** Make the children of `parent` before `end` (a last child left alone, or null) look like
 * `fresh` (nodes not in the page), keeping every old child that already does. */
export function keepChildren(parent, fresh, end = null) {
  const old = [...parent.childNodes].filter((node) => node !== end);
  fresh.forEach((node, i) => {
    if (i < old.length) keepNode(old[i], node);
    else parent.insertBefore(node, end);
  });
  for (const node of old.slice(fresh.length)) node.remove();
}
