// A riichi hand's result on the score sheet: for a win every yaku with its han, the fu items,
// han and fu, the limit and the hand's value (the breakdown of `jantaku score`); for a draw who
// was ready or had nagashi mangan; for an abortive draw its reason.
import { el } from "../dom.js";
import { formatNumber } from "../i18n.js";
import { tileEls } from "../tiles.js";
import { yakuName } from "../yaku.js";
import { readTiles } from "./typing.js";

/** A fu item's tiles as pictures, or a wait's name ("tanki") as its label. */
function fuTiles(t, text) {
  if (!text) return null;
  const read = readTiles(text);
  if (!read.error) return el("span", { class: "item-tiles" }, tileEls(read.tiles, { size: "sm" }));
  const label = t(`sheet.wait.${text}`);
  return el("span", { class: "item-note" }, label.startsWith("sheet.") ? text : label);
}

function fuItem(t, f) {
  const label = t(`sheet.fu.${f.item}`);
  return el(
    "li",
    { "data-fu": f.item },
    el("span", { class: "item-name" }, label === `sheet.fu.${f.item}` ? f.item : label),
    fuTiles(t, f.tiles),
    el("span", { class: "item-value" }, t("sheet.n_fu", { n: f.fu })),
  );
}

function yakuItem(t, y, yakuman) {
  const value = yakuman ? t("sheet.yakuman_n", { n: Math.max(1, Math.round(y.han / 13)) }) : t("sheet.n_han", { n: y.han });
  return el("li", { "data-yaku": y.name }, el("span", { class: "item-name" }, yakuName(y.name)), el("span", { class: "item-value" }, value));
}

function summary(t, s) {
  const parts = [];
  if (s.yakuman) parts.push(t(`table.limit.${s.limit || "yakuman"}`));
  else {
    parts.push(t("sheet.han_fu", { han: s.han, fu: s.fu }));
    if (s.limit) parts.push(t(`table.limit.${s.limit}`));
  }
  parts.push(t("sheet.points", { n: formatNumber(s.points) }));
  return parts.join(" · ");
}

function winnerEl(t, r, names) {
  const s = r.score || {};
  const how = r.discarder === null || r.discarder === undefined ? t("sheet.won_tsumo", { name: names[r.player] }) : t("sheet.won_ron", { name: names[r.player], from: names[r.discarder] });
  if (!s.win) return el("div", { class: "winner" }, el("h4", {}, how), el("p", { class: "error" }, t("sheet.not_a_win", { reason: t(`sheet.no_win.${s.reason}`) })));
  return el(
    "div",
    { class: "winner", "data-testid": "winner-result" },
    el("h4", {}, how),
    el("p", { class: "hand-tiles" }, s.reading ? el("span", { class: "reading" }, s.reading) : null),
    el("ul", { class: "items yaku-items" }, (s.yaku || []).map((y) => yakuItem(t, y, s.yakuman))),
    s.yakuman ? null : el("details", { class: "fu-details" }, el("summary", {}, t("sheet.fu_items", { n: s.fu })), el("ul", { class: "items" }, (s.fu_items || []).map((f) => fuItem(t, f)))),
    el("p", { class: "hand-value", "data-testid": "hand-value" }, summary(t, s)),
  );
}

/** The body of one riichi hand of the computed sheet (its header and payments are the page's). */
export function riichiResult(hand, entry, names, t) {
  if (hand.kind === "win") return (hand.results || []).map((r) => winnerEl(t, r, names));
  const named = (list) => (list || []).map((i) => names[i]).join(", ") || t("sheet.nobody");
  if (hand.kind === "draw") {
    const lines = [el("p", {}, t("sheet.draw_tenpai", { names: named(hand.tenpai ?? entry.tenpai) }))];
    if ((hand.nagashi ?? entry.nagashi ?? []).length) lines.push(el("p", {}, t("sheet.draw_nagashi", { names: named(hand.nagashi ?? entry.nagashi) })));
    return lines;
  }
  if (hand.kind === "abortive") return [el("p", {}, t(`draw.${entry.reason}`))];
  return [];
}

/** One line for the totals table: who won how and for what, or the draw. */
export function riichiSummary(hand, entry, names, t) {
  if (hand.kind === "draw") return `${t("sheet.kind.draw")}: ${(entry.tenpai || []).map((i) => names[i]).join(", ") || t("sheet.nobody")}`;
  if (hand.kind === "abortive") return t(`draw.${entry.reason}`);
  return (hand.results || [])
    .map((r) => {
      const s = r.score || {};
      const how = r.discarder === null || r.discarder === undefined ? t("sheet.won_tsumo", { name: names[r.player] }) : t("sheet.won_ron", { name: names[r.player], from: names[r.discarder] });
      return s.win ? `${how}, ${summary(t, s)}` : how;
    })
    .join("; ");
}
