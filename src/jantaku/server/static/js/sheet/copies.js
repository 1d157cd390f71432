// How many copies of each tile a hand entry uses (pure): the picker offers only tiles that are
// left, and a typed entry that would need a fifth copy is refused with the tile's name.
// A set is {red: the set has one red five per suit (then three plain fives), bonus: flowers and
// seasons (one of each)}.

const plain = (tile) => (tile[0] === "0" ? `5${tile[1]}` : tile);
const isSuitFive = (tile) => plain(tile)[0] === "5" && "mps".includes(tile[1]);

/** Copies per tile kind (a red five counts as a five) and red fives per suit. */
export function tally(tiles) {
  const kinds = new Map();
  const red = new Map();
  for (const tile of tiles) {
    const kind = plain(tile);
    kinds.set(kind, (kinds.get(kind) || 0) + 1);
    if (tile[0] === "0") red.set(tile[1], (red.get(tile[1]) || 0) + 1);
  }
  return { kinds, red };
}

/** Copies of `tile` still free after `used` (a tally): 0 when the set has no more of it. */
export function leftOf(counts, tile, set) {
  const suit = tile[1];
  const kind = plain(tile);
  const usedKind = counts.kinds.get(kind) || 0;
  const usedRed = counts.red.get(suit) || 0;
  if (suit === "f" || suit === "y") return set.bonus ? Math.max(0, 1 - usedKind) : 0;
  if (tile[0] === "0") {
    if (!set.red || !"mps".includes(suit)) return 0;
    return Math.max(0, Math.min(4 - usedKind, 1 - usedRed));
  }
  if (set.red && isSuitFive(tile)) return Math.max(0, Math.min(4 - usedKind, 3 - (usedKind - usedRed)));
  return Math.max(0, 4 - usedKind);
}

/** Copies of `tile` still free after the list `used`. */
export function left(used, tile, set) {
  return leftOf(tally(used), tile, set);
}

/** The first tile of `extra` that would break the set when added to `used`, or null. */
export function overLimit(used, extra, set) {
  const all = [...used];
  for (const tile of extra) {
    if (left(all, tile, set) < 1) return tile;
    all.push(tile);
  }
  return null;
}
