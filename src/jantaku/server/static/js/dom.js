// The one element builder of the client: el("button", {class, onclick, dataset, ...}, ...children).
// Attributes that are null, undefined or false are left out, `true` sets an empty attribute,
// `on<event>` functions become listeners, `dataset` is merged into the data-* attributes.
// Children may be nodes, text, or (nested) arrays; null, undefined and false are skipped.
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** A signed number as the table shows it: +1000 / −1000 (a true minus sign) / ±0; `write`
 * writes the amount (i18n.js `signedNumber` groups it for the UI language). */
export function signed(n, write = String) {
  if (n > 0) return `+${write(n)}`;
  if (n < 0) return `−${write(Math.abs(n))}`;
  return "±0";
}

/** A count of seconds as m:ss (a wait in the ranked queue: 0:07, 2:45). */
export function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
