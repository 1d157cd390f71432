// Pieces the replay's family hooks share: the deltas line, how a hand was won.
import { el } from "../dom.js";
import { signedNumber, t } from "../i18n.js";

/** "A +1,000 · B −1,000 · C ±0 · …": every seat's change at the end of a deal, written as the
 * table's payments write a change. */
export function deltasLine(e, names) {
  return el("p", { class: "deltas", "data-testid": "deltas" }, (e.deltas || []).map((d, i) => `${names[i]} ${signedNumber(d)}`).join(" · "));
}

/** `selfLabel` ("self-drawn", riichi's "tsumo") or who discarded the tile in the family's
 * words (`fromKey`: riichi's "ron from X", classical "on X's discard"). */
export function howWon(w, names, selfLabel, fromKey = "replay.ron_from") {
  return w.from_seat === null || w.from_seat === undefined ? selfLabel : t(fromKey, { name: names[w.from_seat] });
}
