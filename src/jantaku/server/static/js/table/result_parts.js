// Pieces the result screens share (the table's and the replay's, every family's): a row of
// tiles, the payments table, a label that falls back to the raw name, the match's end facts.
import { tileEls } from "../tiles.js";
import { el } from "../dom.js";
import { formatList, formatNumber, signedNumber } from "../i18n.js";
import { parseTiles } from "../notation.js";

/** A hand's tiles (MPSZ text), with the winning tile apart when given. */
export function tilesRow(text, extra = null, label = null) {
  return el(
    "div",
    { class: "result-hand", role: "group", "aria-label": label },
    tileEls(parseTiles(text), { size: "sm" }),
    extra ? el("span", { class: "win-tile" }, tileEls([extra], { size: "sm" })) : null,
  );
}

/** The label of `key`, or `raw` when the dictionaries have none. */
export function labelOr(t, key, raw) {
  const text = t(key);
  return text === key ? raw : text;
}

/** Who won and how: "X wins by self-draw" / "X wins on Y's discard". */
export function winTitle(t, e, names) {
  return e.from_seat === null || e.from_seat === undefined
    ? t("table.win_tsumo", { name: names[e.seat] })
    : t("table.win_ron", { name: names[e.seat], from: names[e.from_seat] });
}

/** Every seat's change and new total, in a box that scrolls sideways if it must; `extraCol` =
 * {title, cell(i)} adds a column. */
export function paymentsTable(t, names, deltas, totals, extraCol = null) {
  const head = el(
    "tr",
    {},
    el("th", {}, t("table.seat")),
    extraCol ? el("th", {}, extraCol.title) : null,
    el("th", {}, t("table.change")),
    el("th", {}, t("table.total")),
  );
  const rows = names.map((name, i) =>
    el(
      "tr",
      {},
      el("td", {}, name),
      extraCol ? el("td", {}, extraCol.cell(i)) : null,
      el("td", { class: deltas[i] > 0 ? "plus" : deltas[i] < 0 ? "minus" : "" }, signedNumber(deltas[i] ?? 0)),
      el("td", {}, totals[i] === undefined ? "" : formatNumber(totals[i])),
    ),
  );
  return el("div", { class: "table-scroll" }, el("table", { class: "payments", "data-testid": "payments" }, el("thead", {}, head), el("tbody", {}, rows)));
}

/** Why the match ended, in the UI language: its code's words, with the players it names (who
 * went below zero, ...) when the result says who; the server's English words only for a code
 * the dictionaries do not know. */
export function endReasonText(result, names, t) {
  const code = result.reason_code;
  const seats = Array.isArray(result.reason_seats) ? result.reason_seats : [];
  const named = `table.end_reason_by.${code}`;
  if (seats.length && t(named) !== named) return t(named, { names: formatList(seats.map((s) => names[s] || `#${s + 1}`)) });
  return labelOr(t, `table.end_reason.${code}`, result.reason || code);
}

/** Why the match ended, the riichi sticks left over, and whether it counts for the ladder. */
export function matchFacts(result, names, t) {
  const facts = [];
  const code = result.reason_code;
  if (code) facts.push(el("p", { class: "end-reason", "data-testid": "end-reason" }, endReasonText(result, names, t)));
  const left = result.leftover;
  if (left) {
    const one = left.sticks === 1 ? "_one" : ""; // "1 riichi stick ... went" / "2 ... sticks went"
    const text = !left.sticks
      ? t("table.leftover_none")
      : left.to === null || left.to === undefined
        ? t(`table.leftover_kept${one}`, { n: left.sticks, points: formatNumber(left.points) })
        : t(`table.leftover_to${one}`, { n: left.sticks, points: formatNumber(left.points), name: names[left.to] || `#${left.to + 1}` });
    facts.push(el("p", { "data-testid": "leftover" }, text));
  }
  let rating;
  if (result.rated) rating = t("table.rated");
  else if (result.ranked) rating = t("table.ranked_not_rated");
  else rating = t("table.unrated");
  facts.push(el("p", { class: "muted", "data-testid": "rated" }, rating));
  if (result.recorded === false) facts.push(el("p", { class: "muted", "data-testid": "unrecorded" }, t("table.unrecorded")));
  return el("div", { class: "match-facts" }, facts);
}
