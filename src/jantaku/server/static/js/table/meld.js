// One meld of the table's view (`meld_info`: tiles, called, from): the called tile turned
// sideways where its giver sits, a concealed kong with its outer two tiles face down.
import { tileEl } from "../tiles.js";
import { tileName } from "../i18n.js";
import { el } from "../dom.js";
import { parseTiles } from "../notation.js";

/** A meld's tiles with the called tile turned sideways where its giver sits. */
export function meldEl(info, t, size = "sm") {
  const tiles = parseTiles(info.tiles);
  const row = el("span", { class: "meld", role: "group", "aria-label": tiles.map(tileName).join(", ") });
  if (info.from === null || info.from === undefined) {
    // a concealed kong: the outer two face down
    tiles.forEach((tile, i) => {
      const hidden = tiles.length === 4 && (i === 0 || i === 3);
      row.append(tileEl(hidden ? null : tile, { size, label: tileName(tile) }));
    });
    return row;
  }
  const rest = [...tiles];
  const at = rest.indexOf(info.called);
  if (at >= 0) rest.splice(at, 1);
  const called = tileEl(info.called, {
    size,
    sideways: true,
    label: `${tileName(info.called)}, ${t("table.called")}`,
  });
  called.classList.add("meld-called");
  // from 3 = the left neighbour: leftmost; 2 = across: second; 1 = right: rightmost
  const pos = info.from === 3 ? 0 : info.from === 2 ? 1 : rest.length;
  const els = rest.map((tile) => tileEl(tile, { size }));
  els.splice(pos, 0, called);
  row.append(...els);
  return row;
}

/** The melds of a seat of a view, in a box of the given class. */
export function meldsEl(seatView, t, size, attrs = {}) {
  return el("div", attrs, (seatView?.meld_info || []).map((m) => meldEl(m, t, size)));
}
