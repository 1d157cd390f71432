// The end-of-hand screen (its body drawn by the family: winners and their hands, yaku or
// figures, payments, the draw) and the end-of-match screen (ranking, scores, replay link).
import { el } from "../dom.js";
import { familyOf } from "../families/index.js";

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

/** The end-of-match screen. */
export function matchEndEl(result, tableId, names, t, family) {
  const rows = (result.ranking || []).map((seat, place) =>
    el("tr", { "data-seat": String(seat) }, el("td", {}, String(place + 1)), el("td", {}, names[seat] || `#${seat + 1}`), el("td", {}, String(result.scores?.[seat] ?? ""))),
  );
  const head = el("tr", {}, el("th", {}, t("table.place")), el("th", {}, t("table.player")), el("th", {}, familyOf(family).table.finalScoreLabel(t)));
  return el(
    "div",
    { class: "dialog result", role: "dialog", "aria-labelledby": "match-end-title", "data-testid": "match-end" },
    el("h2", { id: "match-end-title" }, t("table.match_end")),
    el("table", { class: "ranking", "data-testid": "ranking" }, el("thead", {}, head), el("tbody", {}, rows)),
    result.recorded === false ? el("p", { class: "muted" }, t("table.not_recorded", { reason: result.reason || "" })) : null,
    el(
      "div",
      { class: "dialog-actions" },
      el("a", { class: "btn btn--primary", href: `#/replay/${encodeURIComponent(tableId)}`, "data-testid": "replay-link" }, t("table.replay")),
      el("a", { class: "btn", href: "#/lobby" }, t("table.back_lobby")),
    ),
  );
}
