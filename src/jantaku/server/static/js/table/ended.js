// The deal that ended, as the board shows it behind the open end-of-hand screen. The server
// deals the next hand in the message that ends this one (its view is the new deal's), so the
// page keeps the last view of the ended deal, with the discards that came in that same message
// (the last tile of an exhaustive draw, the fourth wind), until the result is closed.
import { parseTiles } from "../notation.js";

/** `view` after `discards` (the `discarded` events that came with the deal's end). */
function withDiscards(view, discards, own) {
  if (!discards.length) return view;
  const seats = view.seats.map((p) => ({ ...p, river: [...(p.river || [])] }));
  const out = { ...view, seats };
  for (const e of discards) {
    const p = seats[e.seat];
    if (!p) continue;
    p.river.push({ tile: e.tile, tsumogiri: Boolean(e.tsumogiri), riichi: Boolean(e.riichi), called: false });
    if (typeof p.concealed_count === "number") p.concealed_count -= 1;
    if (e.seat === own && out.hand) {
      // the own hand without the tile (its waits are the result's to tell now)
      const tiles = parseTiles(out.hand);
      const i = tiles.lastIndexOf(e.tile);
      if (i >= 0) tiles.splice(i, 1);
      Object.assign(out, { hand: tiles.join(""), drawn: null, drawn_index: null, waits: [], furiten: false });
    }
  }
  return out;
}

/** What the board draws behind the result of the deal that ended: its last view (`before`,
 * null when none is known: the board then shows the newest), its newest discard and call, and
 * nobody on turn, no clock, no prompt. */
export function endedBoard(state, before, discards) {
  if (!before || !Array.isArray(before.seats)) return null;
  return {
    view: withDiscards(before, discards, state.seat),
    lastDiscard: state.lastDiscard,
    lastCall: state.lastCall,
    toAct: [],
    deadlines: {},
    turnEnds: {},
    prompt: null,
  };
}
