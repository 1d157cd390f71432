// The hand being entered on the score sheet (pure: no DOM). One shape for both families; the
// family module (sheet/riichi.js, sheet/classical.js) says which parts it uses and turns the
// draft into the sheet's hand entry. A target names where a tapped tile goes:
// {player, part} with part "hand" | "melds" | "win" | "bonus" (a player's) or "dora" | "ura".
import { sortTiles } from "../notation.js";
import { meldFrom } from "./typing.js";
import { overLimit } from "./copies.js";

const emptyHand = () => ({ hand: [], melds: [], bonus: [] });

/** A fresh draft: nobody has won yet, no tiles. */
export function newDraft() {
  return {
    outcome: "win",
    winner: 0,
    how: "ron",
    from: 1,
    hands: [emptyHand(), emptyHand(), emptyHand(), emptyHand()],
    win_tile: null,
    dora: [],
    ura: [],
    flags: {},
    riichi: [false, false, false, false],
    tenpai: [false, false, false, false],
    abortive: "nine_terminals",
    stoerspiel: false,
  };
}

/** A deep copy (the editor works on a copy; a refused change leaves the original). */
export function copyDraft(draft) {
  return JSON.parse(JSON.stringify(draft));
}

/** The tiles of one player's part ("melds": all meld tiles). */
export function partTiles(draft, target) {
  if (target.part === "dora" || target.part === "ura") return draft[target.part];
  if (target.part === "win") return draft.win_tile ? [draft.win_tile] : [];
  const h = draft.hands[target.player];
  if (target.part === "melds") return h.melds.flatMap((m) => m.tiles);
  return h[target.part];
}

/**
 * Add the tiles a tap means at `target` (one tile; a whole meld of `meldKind` for "melds").
 * Returns {draft} (a new draft) or {error: {key, params}} naming the tile or meld; the given
 * draft is never changed.
 */
export function addTap(draft, target, tile, opts) {
  const { used, set, meldKind, meldOpen, meldAdded } = opts;
  const next = copyDraft(draft);
  let extra = [tile];
  if (target.part === "melds") {
    extra = meldFrom(tile, meldKind, set.red);
    if (!extra) return { error: { key: "sheet.err.no_meld_from", params: { tile, kind: meldKind } } };
  }
  const bad = overLimit(used, extra, set);
  if (bad) return { error: { key: "sheet.err.fifth_copy", params: { tile: bad } } };
  const full = roomError(next, target);
  if (full) return { error: full };
  if (target.part === "win") next.win_tile = tile;
  else if (target.part === "dora" || target.part === "ura") next[target.part].push(tile);
  else if (target.part === "melds") {
    const meld = { kind: meldKind, open: meldKind === "kong" ? meldOpen : true, tiles: extra };
    if (meldKind === "kong" && meld.open && meldAdded) meld.added = true;
    next.hands[target.player].melds.push(meld);
  } else {
    const h = next.hands[target.player];
    h[target.part] = sortTiles([...h[target.part], tile]);
  }
  return { draft: next };
}

/** Why one more tile (or meld) does not fit at `target`, or null: a hand holds 13 tiles
 * besides the winning tile (a meld counts 3, a kong too), at most 5 indicators of each kind. */
export function roomError(draft, target) {
  if (target.part === "dora" || target.part === "ura") {
    return draft[target.part].length >= 5 ? { key: "sheet.err.indicators_full", params: { n: 5 } } : null;
  }
  if (target.part !== "hand" && target.part !== "melds") return null;
  const h = draft.hands[target.player];
  const size = h.hand.length + 3 * h.melds.length + (target.part === "hand" ? 1 : 3);
  return size > 13 ? { key: "sheet.err.hand_full", params: { n: 13 } } : null;
}

/** Remove the `index`th tile (or meld, for "melds") of a part. */
export function removeAt(draft, target, index) {
  const next = copyDraft(draft);
  if (target.part === "win") next.win_tile = null;
  else if (target.part === "dora" || target.part === "ura") next[target.part].splice(index, 1);
  else next.hands[target.player][target.part].splice(index, 1);
  return next;
}

/** Replace a part with typed content (tiles, or melds for "melds"). */
export function replacePart(draft, target, content) {
  const next = copyDraft(draft);
  if (target.part === "win") next.win_tile = content[0] || null;
  else if (target.part === "dora" || target.part === "ura") next[target.part] = content;
  else if (target.part === "melds") next.hands[target.player].melds = content;
  else next.hands[target.player][target.part] = sortTiles(content);
  return next;
}

/** Every tile of the parts that share one set of tiles (for the copy limits). */
export function tilesOf(draft, players, withIndicators) {
  const out = [];
  for (const p of players) {
    const h = draft.hands[p];
    out.push(...h.hand, ...h.melds.flatMap((m) => m.tiles), ...h.bonus);
  }
  if (draft.win_tile) out.push(draft.win_tile);
  if (withIndicators) out.push(...draft.dora, ...draft.ura);
  return out;
}
