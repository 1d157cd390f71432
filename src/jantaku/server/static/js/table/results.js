// The end-of-hand screen (winners with their open hands, yaku / figures, payments, or the draw)
// and the end-of-match screen (ranking, scores, replay link).
import { tileEl } from "../tiles.js";
import { h, signed } from "./dom.js";
import { meldEl } from "./board.js";
import { splitTiles } from "./state.js";

function tilesRow(text, extra = null, label = null) {
  const row = h("div", { class: "result-hand", role: "group", "aria-label": label });
  for (const tile of splitTiles(text)) row.append(tileEl(tile, { size: "sm" }));
  if (extra) row.append(h("span", { class: "win-tile" }, tileEl(extra, { size: "sm" })));
  return row;
}

function label(t, key, raw) {
  const text = t(key);
  return text === key ? raw : text;
}

function paymentsTable(t, names, deltas, totals, extraCol = null) {
  const table = h(
    "table",
    { class: "payments", "data-testid": "payments" },
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, t("table.seat")), extraCol ? h("th", {}, extraCol.title) : null, h("th", {}, t("table.change")), h("th", {}, t("table.total"))),
    ),
  );
  const body = h("tbody");
  names.forEach((name, i) => {
    body.append(
      h(
        "tr",
        {},
        h("td", {}, name),
        extraCol ? h("td", {}, extraCol.cell(i)) : null,
        h("td", { class: deltas[i] > 0 ? "plus" : deltas[i] < 0 ? "minus" : "" }, signed(deltas[i] ?? 0)),
        h("td", {}, String(totals[i] ?? "")),
      ),
    );
  });
  table.append(body);
  return table;
}

function riichiWin(e, names, before, t) {
  const who = names[e.seat];
  const title =
    e.from_seat === null || e.from_seat === undefined
      ? t("table.win_tsumo", { name: who })
      : t("table.win_ron", { name: who, from: names[e.from_seat] });
  const melds = h("div", { class: "result-melds" });
  for (const m of before?.seats?.[e.seat]?.meld_info || []) melds.append(meldEl(m, t, "sm"));
  const yaku = h("ul", { class: "yaku", "data-testid": "yaku" });
  for (const [name, han] of e.yaku || []) {
    yaku.append(h("li", { "data-yaku": name }, h("span", {}, label(t, `table.yaku.${name}`, name)), h("span", { class: "han" }, t("table.han", { han }))));
  }
  const summary = [];
  if (e.yakuman) summary.push(t("table.yakuman", { n: e.yakuman }));
  else summary.push(t("table.han_fu", { han: e.han, fu: e.fu }));
  if (e.limit) summary.push(label(t, `table.limit.${e.limit}`, e.limit));
  summary.push(t("table.points", { points: e.points }));
  const parts = [
    h("h3", {}, title),
    h("div", { class: "result-tiles" }, tilesRow(e.hand, e.tile), melds),
    yaku,
    h("p", { class: "result-summary", "data-testid": "result-summary" }, summary.join(" · ")),
  ];
  if (e.ura_indicators && splitTiles(e.ura_indicators).length) {
    parts.push(h("div", { class: "ura" }, h("span", {}, t("table.ura")), tilesRow(e.ura_indicators)));
  }
  return h("section", { class: "win", "data-testid": "win" }, ...parts);
}

function classicalWin(e, end, names, before, t) {
  const title =
    e.from_seat === null || e.from_seat === undefined
      ? t("table.win_tsumo", { name: names[e.seat] })
      : t("table.win_ron", { name: names[e.seat], from: names[e.from_seat] });
  return h("section", { class: "win", "data-testid": "win" }, h("h3", {}, t("table.mahjongg_by", { name: names[e.seat] })), h("p", { class: "muted" }, title));
}

function classicalResults(end, names, before, t) {
  const list = h("div", { class: "figures", "data-testid": "figures" }, h("h3", {}, t("table.figures")));
  for (const r of end.results || []) {
    const items = h("ul", { class: "yaku" });
    for (const [name, points, doubles] of r.items || []) {
      const value = [points ? `${points}` : null, doubles ? `×2${doubles > 1 ? `^${doubles}` : ""}` : null].filter(Boolean).join(" ");
      items.append(h("li", {}, h("span", {}, name), h("span", { class: "han" }, value)));
    }
    const melds = h("div", { class: "result-melds" });
    for (const m of before?.seats?.[r.seat]?.meld_info || []) melds.append(meldEl(m, t, "sm"));
    const bonus = before?.seats?.[r.seat]?.bonus;
    list.append(
      h(
        "div",
        { class: `seat-result${end.winner === r.seat ? " seat-result--winner" : ""}` },
        h("h4", {}, `${t(`table.wind.${r.seat_wind}`)}: ${names[r.seat]}`),
        h("div", { class: "result-tiles" }, tilesRow(r.hand), melds, bonus ? tilesRow(bonus) : null),
        r.special_hand ? h("p", {}, r.special_hand) : null,
        items,
        h(
          "p",
          { class: "result-summary" },
          `${t("table.base", { base: r.base })} · ${t("table.doubles", { n: r.doubles })} ${t("table.value", { value: r.value })}`,
        ),
      ),
    );
  }
  return list;
}

/** The end-of-hand screen for `handEnd` = {wins, end, before, family}. */
export function handEndEl(handEnd, names, t, onContinue) {
  const { wins, end, before, family } = handEnd;
  const parts = [h("h2", { id: "hand-end-title" }, t("table.hand_end"))];
  if (family === "classical") {
    for (const w of wins) parts.push(classicalWin(w, end, names, before, t));
    if (end.outcome !== "mah_jongg" && !wins.length) parts.push(h("p", { class: "draw" }, t("table.remis")));
    if (end.stoerspiel) parts.push(h("p", { class: "warning" }, t("table.stoerspiel", { verdict: end.stoerspiel })));
    parts.push(classicalResults(end, names, before, t));
    parts.push(h("h3", {}, t("table.payments")));
    parts.push(paymentsTable(t, names, end.deltas, end.balances));
  } else {
    for (const w of wins) parts.push(riichiWin(w, names, before, t));
    if (end.draw) {
      parts.push(h("p", { class: "draw", "data-testid": "draw" }, t("table.draw", { kind: label(t, `table.draw.${end.draw}`, end.draw) })));
      (end.hands || []).forEach((hand, i) => {
        if (hand) parts.push(h("div", { class: "shown-hand" }, h("span", {}, names[i]), tilesRow(hand)));
      });
    }
    parts.push(h("h3", {}, t("table.payments")));
    const tenpaiCol = end.draw
      ? { title: t("table.tenpai"), cell: (i) => (end.tenpai?.[i] ? t("table.tenpai") : t("table.noten")) }
      : null;
    parts.push(paymentsTable(t, names, end.deltas, end.scores, tenpaiCol));
  }
  const button = h("button", { type: "button", class: "btn btn--primary", "data-testid": "continue", onclick: onContinue }, t("table.continue"));
  parts.push(h("div", { class: "dialog-actions" }, button));
  return h("div", { class: "dialog result", role: "dialog", "aria-modal": "true", "aria-labelledby": "hand-end-title", "data-testid": "hand-end" }, ...parts);
}

/** The end-of-match screen. */
export function matchEndEl(result, tableId, names, t, family) {
  const rows = h("tbody");
  (result.ranking || []).forEach((seat, place) => {
    rows.append(h("tr", { "data-seat": String(seat) }, h("td", {}, String(place + 1)), h("td", {}, names[seat] || `#${seat + 1}`), h("td", {}, String(result.scores?.[seat] ?? ""))));
  });
  const table = h(
    "table",
    { class: "ranking", "data-testid": "ranking" },
    h("thead", {}, h("tr", {}, h("th", {}, t("table.place")), h("th", {}, t("table.player")), h("th", {}, family === "classical" ? t("table.balance") : t("table.final_score")))),
    rows,
  );
  const parts = [h("h2", { id: "match-end-title" }, t("table.match_end")), table];
  if (result.recorded === false) parts.push(h("p", { class: "muted" }, t("table.not_recorded", { reason: result.reason || "" })));
  parts.push(
    h(
      "div",
      { class: "dialog-actions" },
      h("a", { class: "btn btn--primary", href: `#/replay/${encodeURIComponent(tableId)}`, "data-testid": "replay-link" }, t("table.replay")),
      h("a", { class: "btn", href: "#/lobby" }, t("table.back_lobby")),
    ),
  );
  return h("div", { class: "dialog result", role: "dialog", "aria-labelledby": "match-end-title", "data-testid": "match-end" }, ...parts);
}
