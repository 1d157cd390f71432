// The end-of-hand screen (its body drawn by the family: winners and their hands, yaku or
// figures, payments, the draw) and the end-of-match screen (why it ended, ranking, scores,
// leftover riichi sticks, rank points and rating changes, replay link).
import { el, signed } from "../dom.js";
import { familyOf } from "../families/index.js";
import { matchFacts } from "./result_parts.js";
import { formatNumber } from "../i18n.js";

/** The end-of-hand screen for `handEnd` = {wins, end, before, family}. */
export function handEndEl(handEnd, names, t, onContinue) {
  const body = familyOf(handEnd.family).table.handEndBody(handEnd, names, t);
  const button = el("button", { type: "button", class: "btn btn--primary", "data-testid": "continue", onclick: onContinue }, t("table.continue"));
  return el(
    "div",
    { class: "dialog result", role: "dialog", "aria-modal": "true", "aria-labelledby": "hand-end-title", "data-testid": "hand-end" },
    el("h2", { id: "hand-end-title" }, t("table.hand_end")),
    body,
    el("div", { class: "dialog-actions" }, button),
  );
}

/** A ranked seat's ladder result: "+30 · Novice 10 → 9th Kyu 0" and the rating change. */
function rankCells(r, t) {
  if (!r) return [el("td", {}, "–"), el("td", {}, "–")];
  const moved = r.rank !== r.rank_before ? ` · ${r.rank_before} ${r.rank_points_before} → ${r.rank} ${r.rank_points}` : ` · ${r.rank} ${r.rank_points}`;
  const rating = t("table.rating_change", { before: Math.round(r.rating_before), after: Math.round(r.rating), delta: signed(Math.round(r.rating_delta)) });
  return [
    el("td", { class: deltaClass(r.rank_delta), "data-testid": "rank-points" }, `${signed(r.rank_delta)}${moved}`),
    el("td", { class: deltaClass(r.rating_delta), "data-testid": "rating-change" }, rating),
  ];
}

function deltaClass(n) {
  return n > 0 ? "plus" : n < 0 ? "minus" : "";
}

/** The ranking: place, player (and who withdrew), final score, rank points and rating when rated. */
function rankingTable(result, names, t, family) {
  const rated = Boolean(result.rated && result.ranks);
  const head = el(
    "tr",
    {},
    el("th", {}, t("table.place")),
    el("th", {}, t("table.player")),
    el("th", {}, familyOf(family).table.finalScoreLabel(t)),
    rated ? [el("th", {}, t("table.rank_points")), el("th", {}, t("table.rating"))] : null,
  );
  const rows = (result.ranking || []).map((seat, place) => {
    const gone = result.seats?.[seat]?.withdrawn ? t(result.ranked ? "table.withdrew_ranked" : "table.withdrew") : null;
    const withdrew = gone ? el("span", { class: "muted withdrew", "data-testid": "withdrew" }, ` (${gone})`) : null;
    return el(
      "tr",
      { "data-seat": String(seat) },
      el("td", {}, String(place + 1)),
      el("td", {}, names[seat] || `#${seat + 1}`, withdrew),
      el("td", { "data-testid": "final-score" }, result.scores?.[seat] === undefined ? "" : formatNumber(result.scores[seat])),
      rated ? rankCells(result.ranks[seat], t) : null,
    );
  });
  return el("table", { class: "ranking", "data-testid": "ranking" }, el("thead", {}, head), el("tbody", {}, rows));
}

/** The end-of-match screen: why it ended, the ranking with the final scores (and rank points
 * and rating changes at a ranked table), the leftover riichi sticks, the replay link. */
export function matchEndEl(result, tableId, names, t, family) {
  return el(
    "div",
    { class: "dialog result match-result", role: "dialog", "aria-modal": "true", "aria-labelledby": "match-end-title", "data-testid": "match-end" },
    el("h2", { id: "match-end-title" }, t("table.match_end")),
    matchFacts(result, names, t),
    el("div", { class: "table-scroll" }, rankingTable(result, names, t, family)),
    el(
      "div",
      { class: "dialog-actions" },
      el("a", { class: "btn btn--primary", href: `#/replay/${encodeURIComponent(tableId)}`, "data-testid": "replay-link" }, t("table.replay")),
      el("a", { class: "btn", href: "#/lobby" }, t("table.back_lobby")),
    ),
  );
}
