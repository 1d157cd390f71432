// A classical hand's result on the score sheet: every player's scored rows (figures, pairs,
// flowers and seasons, the winner's premiums and doubles) with base, doubles and value, the
// special hand or limit, and the Störspiel verdict; a Remis; a penalty.
import { el } from "../dom.js";
import { formatNumber } from "../i18n.js";
import { tileEls } from "../tiles.js";
import { classicalName } from "../yaku.js";
import { readTiles } from "./typing.js";

/** An item's tiles as pictures (text that is no notation stays text). */
function tilesOf(text) {
  if (!text) return null;
  const read = readTiles(text);
  return read.error ? el("span", { class: "item-note" }, text) : el("span", { class: "item-tiles" }, tileEls(read.tiles, { size: "sm" }));
}

function itemEl(t, item) {
  const value = [item.points ? t("sheet.n_points", { n: formatNumber(item.points) }) : null, item.doubles ? t("sheet.n_doubles", { n: item.doubles }) : null].filter(Boolean).join(" · ");
  return el(
    "li",
    { "data-row": item.row },
    el("span", { class: "item-name" }, classicalName(item.row)),
    tilesOf(item.tiles),
    el("span", { class: "item-value" }, value),
  );
}

function playerEl(t, p, names, winds) {
  const i = p.player;
  const raw = t("sheet.classical_value", { base: formatNumber(p.base), doubles: p.doubles, value: formatNumber(p.raw_value ?? p.value) });
  let value = p.base ? raw : "0";
  if (p.special_hand) value = t("sheet.special_value", { value: formatNumber(p.value) });
  else if (p.limit) value = `${raw} → ${t("sheet.capped", { value: formatNumber(p.value) })}`;
  return el(
    "div",
    { class: `seat-score${p.winner ? " seat-score--winner" : ""}`, "data-player": String(i) },
    el("h4", {}, `${names[i]} (${t(`sheet.wind.${winds[i]}`)})`),
    p.special_hand ? el("p", { class: "special-hand" }, classicalName(p.special_hand.name)) : null,
    el("ul", { class: "items" }, (p.items || []).map((item) => itemEl(t, item))),
    el("p", { class: "hand-value", "data-testid": "player-value" }, value),
  );
}

function stoerspielEl(t, s, names, winds) {
  if (!s) return null;
  const violator = names[winds.indexOf(s.violator)] ?? s.violator;
  const key = s.pays_for_all ? "sheet.stoerspiel_pays" : "sheet.stoerspiel_not";
  const reason = t(`stoerspiel.${s.reason}`);
  return el("p", { class: "warning", "data-testid": "stoerspiel" }, t(key, { name: violator, reason: reason.startsWith("stoerspiel.") ? s.reason : reason }));
}

/** The body of one classical hand of the computed sheet. */
export function classicalResult(hand, entry, names, t) {
  if (hand.kind === "remis") return [el("p", {}, t("sheet.remis"))];
  if (hand.kind === "penalty") {
    const text = t("sheet.penalty_text", { name: names[entry.player], points: formatNumber(entry.points) });
    return [el("p", {}, entry.reason ? `${text} (${entry.reason})` : text)];
  }
  const r = (hand.results || [])[0];
  if (!r || !r.score) return [];
  const s = r.score;
  const winds = hand.before?.seat_winds || ["E", "S", "W", "N"];
  const winner = names[entry.winner];
  const how = entry.win === "self_draw" ? t("sheet.won_self", { name: winner }) : t("sheet.won_discard", { name: winner, from: names[entry.discarder] });
  return [
    el("h4", {}, how),
    stoerspielEl(t, s.stoerspiel, names, winds),
    ...(s.players || []).filter((p) => p.wrong_tiles).map((p) => el("p", { class: "warning", "data-testid": "wrong-tiles" }, t("sheet.wrong_tiles_pays", { name: names[p.player] }))),
    el("div", { class: "seat-scores" }, (s.players || []).map((p) => playerEl(t, p, names, winds))),
  ];
}

/** One line for the totals table: the winner, how, and the winner's value; Remis; penalty. */
export function classicalSummary(hand, entry, names, t) {
  if (hand.kind === "remis") return t("sheet.kind.remis");
  if (hand.kind === "penalty") return `${t("sheet.kind.penalty")}: ${names[entry.player]} ${formatNumber(entry.points)}`;
  const winner = names[entry.winner];
  const how = entry.win === "self_draw" ? t("sheet.won_self", { name: winner }) : t("sheet.won_discard", { name: winner, from: names[entry.discarder] });
  const p = ((hand.results || [])[0]?.score?.players || []).find((x) => x.winner);
  return p ? `${how}, ${formatNumber(p.value)}` : how;
}
