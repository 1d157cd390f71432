// Pieces the replay's family hooks share: yaku names, a signed delta, the deltas line.
import { el } from "../dom.js";
import { t } from "../i18n.js";

/** "yakuhai_haku" -> "Yakuhai haku" (romaji names are what riichi players know). */
export function romaji(name) {
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A yaku's label, or its romaji name when the dictionaries have none. */
export function yakuName(name) {
  const key = `yaku.${name}`;
  const label = t(key);
  return label === key ? romaji(name) : label;
}

/** A score change as the replay shows it: +1000 / -1000 / 0. */
export function delta(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** "A +1000 · B -1000 · …": every seat's change at the end of a deal. */
export function deltasLine(e, names) {
  return el("p", { class: "deltas", "data-testid": "deltas" }, (e.deltas || []).map((d, i) => `${names[i]} ${delta(d)}`).join(" · "));
}

/** "self-drawn" or "on X's discard" (riichi says tsumo). */
export function howWon(w, names, selfKey) {
  return w.from_seat === null || w.from_seat === undefined ? t(selfKey) : t("replay.ron_from", { name: names[w.from_seat] });
}
