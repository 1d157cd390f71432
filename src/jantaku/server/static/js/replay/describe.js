// One line saying what an event of a stored game did ("Anna discards 5 of dots").
import { t, tileName } from "../i18n.js";
import { familyOf } from "../families/index.js";

const handLabel = (family, s) => familyOf(family).replay.handLabel(s, t);

const selfDrawn = (e) => e.from_seat === null || e.from_seat === undefined;
const who = (e, name) => ({ name: name(e.seat), from: name(e.from_seat) });

// By event type (the types of both families; an unknown type shows its name).
const LINES = {
  deal_started: (e) => t("replay.ev.deal_started", { hand: handLabel("riichi", { roundWind: e.round_wind, deal: e.deal, honba: e.honba }) }),
  classical_deal_started: (e) => t("replay.ev.deal_started", { hand: handLabel("classical", { roundWind: e.round_wind, number: e.hand_number }) }),
  bonus_laid_out: (e, name) => t("replay.ev.bonus", { name: name(e.seat), tile: tileName(e.tile) }),
  dangerous_discard: (e, name) =>
    t(e.violation ? "replay.ev.danger_violation" : "replay.ev.danger", { name: name(e.seat), tile: tileName(e.tile), other: name(e.threatened_by) }),
  mah_jongg: (e, name) =>
    selfDrawn(e) ? t("replay.ev.mah_jongg_self", { name: name(e.seat) }) : t("replay.ev.mah_jongg", who(e, name)),
  kong_declared: (e, name) => t("replay.ev.kan", { name: name(e.seat), call: t(`call.${e.kind}`) }),
  false_declaration: (e, name) => t("replay.ev.false_declaration", { name: name(e.seat), reason: e.reason }),
  game_ended: () => t("replay.ev.match_ended"),
  drew: (e, name) => t("replay.ev.drew", { name: name(e.seat), tile: e.tile ? tileName(e.tile) : "?" }),
  discarded: (e, name) => t(e.riichi ? "replay.ev.riichi" : "replay.ev.discarded", { name: name(e.seat), tile: tileName(e.tile) }),
  riichi_accepted: (e, name) => t("replay.ev.riichi_accepted", { name: name(e.seat) }),
  called: (e, name) => t("replay.ev.called", { name: name(e.seat), call: t(`call.${e.kind}`), tile: tileName(e.tile), from: name(e.from_seat) }),
  kan_declared: (e, name) => t("replay.ev.kan", { name: name(e.seat), call: t(`call.${e.kind}`) }),
  dora_revealed: (e) => t("replay.ev.dora", { tile: tileName(e.indicator) }),
  won: (e, name) => (selfDrawn(e) ? t("replay.ev.tsumo", { name: name(e.seat) }) : t("replay.ev.ron", who(e, name))),
  deal_ended: (e) => {
    if (e.outcome === "remis") return t("replay.ev.draw", { kind: t("outcome.remis") });
    return e.draw ? t("replay.ev.draw", { kind: t(`draw.${e.draw}`) }) : t("replay.ev.deal_ended");
  },
  match_ended: () => t("replay.ev.match_ended"),
};

/** The line for event `e` ("" for none); `names` are the seats' names. */
export function describe(e, names) {
  if (!e) return "";
  const line = LINES[e.type];
  return line ? line(e, (s) => names[s] ?? "?") : e.type;
}
