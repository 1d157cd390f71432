// Pieces the replay's family hooks share: a signed delta, the deltas line, how a hand was won.
import { el } from "../dom.js";
import { formatNumber, t } from "../i18n.js";

/** A score change as the replay shows it: +1000 / -1000 / 0. */
export function delta(n) {
  return n > 0 ? `+${formatNumber(n)}` : formatNumber(n);
}

/** "A +1000 · B -1000 · …": every seat's change at the end of a deal. */
export function deltasLine(e, names) {
  return el("p", { class: "deltas", "data-testid": "deltas" }, (e.deltas || []).map((d, i) => `${names[i]} ${delta(d)}`).join(" · "));
}

/** `selfLabel` ("self-drawn", riichi's "tsumo") or who discarded the tile in the family's
 * words (`fromKey`: riichi's "ron from X", classical "on X's discard"). */
export function howWon(w, names, selfLabel, fromKey = "replay.ron_from") {
  return w.from_seat === null || w.from_seat === undefined ? selfLabel : t(fromKey, { name: names[w.from_seat] });
}
