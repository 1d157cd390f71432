// One meld of the table's view (`meld_info`: tiles, kind, kong, called, from): the called tile
// turned sideways on the side of its giver, a concealed kong with its outer two tiles face down,
// an added kong's fourth tile stacked on the called one where the family lays it so. At the
// table the tiles face their owner (orient.js); in dialogs they stand upright.
import { tileName } from "../i18n.js";
import { el } from "../dom.js";
import { parseTiles } from "../notation.js";
import { orientedTile } from "./orient.js";

/** Mark a node as just played: its highlight (CSS) goes on from `age` ms, so a redraw does not
 * start it again. (The style is set through the CSSOM: the page's policy allows no inline style.) */
export function freshen(node, age) {
  node.style.animationDelay = `-${Math.max(0, Math.round(age))}ms`;
}

function concealedKong(row, tiles, tile) {
  // a concealed kong: the outer two face down
  tiles.forEach((n, i) => {
    const hidden = tiles.length === 4 && (i === 0 || i === 3);
    row.append(tile(hidden ? null : n, { label: tileName(n) }));
  });
  return row;
}

/**
 * A meld's tiles in its owner's reading order with the called tile turned: from the left
 * neighbour (from 3) leftmost, from across (2) second, from the right (1) rightmost.
 * opts: rotation (the owner's, orient.js), stackAdded (an added kong's fourth tile lies on the
 * called tile instead of beside the others), fresh (ms since the call, for the highlight).
 */
export function meldEl(info, t, size = "sm", opts = {}) {
  const tiles = parseTiles(info.tiles);
  const tile = (n, o = {}) => orientedTile(n, opts.rotation || 0, { size, ...o });
  const row = el("span", {
    class: `meld${opts.fresh !== undefined ? " meld--new" : ""}`,
    role: "group",
    "aria-label": tiles.map(tileName).join(", "),
    dataset: { from: info.from === null || info.from === undefined ? "" : String(info.from), kong: info.kong || "" },
  });
  if (opts.fresh !== undefined) freshen(row, opts.fresh);
  if (info.from === null || info.from === undefined) return concealedKong(row, tiles, tile);
  const rest = [...tiles];
  const at = rest.indexOf(info.called);
  if (at >= 0) rest.splice(at, 1);
  const calledLabel = `${tileName(info.called)}, ${t("table.called")}`;
  let called = tile(info.called, { turned: true, label: calledLabel });
  called.classList.add("meld-called");
  if (opts.stackAdded && info.kong === "added" && rest.length === 3) {
    // the added tile lies on the called one, both sideways
    const added = tile(rest.pop(), { turned: true });
    added.classList.add("meld-added");
    called = el("span", { class: "meld-stack" }, added, called);
  }
  const pos = info.from === 3 ? 0 : info.from === 2 ? 1 : rest.length;
  const els = rest.map((n) => tile(n));
  els.splice(pos, 0, called);
  row.append(...els);
  return row;
}

/** The melds of a seat of a view, in a box of the given attributes. opts: as meldEl's, and
 * freshIndex (the meld just made, highlighted while `opts.fresh` ms is young). */
export function meldsEl(seatView, t, size, attrs = {}, opts = {}) {
  const list = seatView?.meld_info || [];
  return el(
    "div",
    attrs,
    list.map((m, i) => meldEl(m, t, size, { ...opts, fresh: i === opts.freshIndex ? opts.fresh : undefined })),
  );
}
