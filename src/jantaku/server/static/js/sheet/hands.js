// The computed sheet as the page shows it: the running totals (one row per hand, the change
// and the total of every player), the standings, and one card per hand with its breakdown, its
// payments and the buttons to correct or delete it.
import { el } from "../dom.js";
import { formatNumber, signedNumber, t } from "../i18n.js";
import { errorText, refusal } from "./editor.js";

/** "E2 · 1 honba · 2 sticks" (riichi) / "E2" (classical): where a hand stands in the match. */
export function handPlace(before) {
  if (!before) return "";
  const parts = [t("sheet.round", { wind: t(`sheet.wind.${before.round[0]}`), n: before.round.slice(1) })];
  if (before.honba) parts.push(t("sheet.honba", { n: before.honba }));
  if (before.sticks) parts.push(t("sheet.sticks", { n: before.sticks }));
  return parts.join(" · ");
}

/** "E2" / German "O2": the round's wind letter in the UI language and the dealer's number. */
function shortPlace(before) {
  return `${t(`sheet.wind_short.${before.round[0]}`)}${before.round.slice(1)}`;
}

function kindLabel(entry) {
  return t(`sheet.kind.${entry.kind}`);
}

/** The running totals: a row per hand, a column per player (change above, total below), and
 * on wide screens and paper a short line of what happened (`kind.summary`). */
export function totalsEl(result, names, entries, kind) {
  const head = el("tr", {}, el("th", { scope: "col" }, "#"), el("th", { scope: "col", class: "desc" }, t("sheet.col_result")), names.map((n, i) => el("th", { scope: "col", class: "num", "data-col": String(i) }, n)));
  const start = el("tr", { class: "start-row" }, el("th", { scope: "row" }, t("sheet.start_row")), el("td", { class: "desc" }), (result.start || []).map((v) => el("td", { class: "num" }, formatNumber(v))));
  const rows = (result.hands || []).map((h) =>
    el(
      "tr",
      { "data-hand": String(h.index), class: h.error ? "row-error" : null },
      el("th", { scope: "row", title: handPlace(h.before) }, `${h.index + 1}`, el("span", { class: "row-round" }, h.before ? shortPlace(h.before) : "")),
      el("td", { class: "desc" }, h.error ? t("sheet.kind_error") : kind.summary(h, entries[h.index], names, t)),
      h.payments.map((p, i) => el("td", { class: "num", "data-player": String(i) }, el("span", { class: `change${p > 0 ? " plus" : p < 0 ? " minus" : ""}` }, signedNumber(p)), el("span", { class: "total", "data-total": String(h.totals[i]) }, formatNumber(h.totals[i])))),
    ),
  );
  return el("div", { class: "totals-scroll" }, el("table", { class: "totals", "data-testid": "totals" }, el("caption", { class: "visually-hidden" }, t("sheet.totals")), el("thead", {}, head), el("tbody", {}, start, rows)));
}

/** The standings: final once the match is over, else as they would be now (leftover riichi
 * sticks counted for the first place, as at the end). */
export function standingsEl(result) {
  if (!result.standings || !result.standings.length) return null;
  return [
    el("h3", { class: "standings-title" }, t(result.ended ? "sheet.standings_final" : "sheet.standings_now")),
    el(
      "ol",
      { class: "standings", "data-testid": "standings" },
      result.standings.map((s) => el("li", { "data-player": String(s.player), "data-total": String(s.total) }, `${s.name}: ${formatNumber(s.total)}`, s.sticks ? ` (${t("sheet.leftover", { n: formatNumber(s.sticks) })})` : "")),
    ),
  ];
}

/** Why the match ended after `hand`, in the UI language (the server's code for its reason;
 * the reason itself, in English, only for one the client has no words for). */
function endedText(hand) {
  const key = `table.end_reason.${hand.ended_code}`;
  return hand.ended_code && t(key) !== key ? t(key) : t("sheet.ended", { reason: String(hand.ended) });
}

/** One hand's card: place, kind, breakdown, payments, and correct / delete (when `actions`). */
export function handCard(hand, entry, names, kind, actions) {
  const payments = el(
    "ul",
    { class: "payments", "data-testid": "payments" },
    hand.payments.map((p, i) => el("li", { "data-player": String(i) }, el("span", {}, names[i]), el("span", { class: "num" }, signedNumber(p)))),
  );
  const buttons = actions
    ? el(
        "div",
        { class: "row hand-actions no-print" },
        el("button", { type: "button", class: "btn btn--small", "data-testid": "edit-hand", onclick: () => actions.edit(hand.index) }, t("sheet.correct")),
        el("button", { type: "button", class: "btn btn--small", "data-testid": "delete-hand", onclick: () => actions.remove(hand.index) }, t("sheet.delete")),
      )
    : null;
  return el(
    "section",
    { class: `card hand-card${hand.error ? " hand-card--error" : ""}`, "data-hand": String(hand.index), "data-testid": "hand-card" },
    el("h3", {}, t("sheet.hand_n", { n: hand.index + 1 }), " · ", kindLabel(entry), el("span", { class: "muted" }, ` · ${handPlace(hand.before)}`)),
    hand.error ? el("p", { class: "error", "data-testid": "hand-error" }, errorText(t, { key: "sheet.entry_error", params: { message: hand.error.message, field: hand.error.field || "", refusal: refusal(t, hand.error) } }, names)) : kind.resultEl(hand, entry, names, t),
    payments,
    hand.ended ? el("p", { class: "muted", "data-testid": "hand-ended" }, endedText(hand)) : null,
    buttons,
  );
}
