// Classical German Mah-Jongg: what the table and the replay draw differently from other families
// (flowers and seasons, Störspiel warnings, figures and doubles, balances instead of scores).
// The same hooks as families/riichi.js; families/index.js looks them up by the table's family.
import { tileEls } from "../tiles.js";
import { el } from "../dom.js";
import { parseTiles, plainTile } from "../notation.js";
import { meldsEl } from "../table/meld.js";
import { labelOr, paymentsTable, tilesRow, winTitle } from "../table/result_parts.js";
import { deltasLine, howWon } from "../replay/parts.js";
import { formatNumber } from "../i18n.js";
import { classicalItem, classicalName } from "../yaku.js";

// ---------------------------------------------------------------- the table page

function actLabel(a, t) {
  if (a.type === "tsumo" || a.type === "ron") return t("table.act.mahjongg");
  if (a.type === "chi") return t("table.act.chow");
  if (a.type === "pon") return t("table.act.pung");
  if (a.type.endsWith("kan")) return t("table.act.kong");
  return t(`table.act.${a.type}`);
}

/** A reviewed action in classical words: calls as the table names them, the rest as the review. */
function reviewAct(a, t) {
  return ["discard", "pass", "nine_terminals"].includes(a.type) ? t(`review.act.${a.type}`) : actLabel(a, t);
}

/** The Störspiel warning for discarding `tile` now, or null. */
function discardWarning(state, tile) {
  const warnings = state.view?.discard_warnings || [];
  const kind = plainTile(tile);
  return warnings.find((w) => plainTile(w.tile) === kind && !w.exemption) || null;
}

function seatExtras(p, name, t) {
  if (!p.bonus) return [];
  return [el("div", { class: "bonus", "aria-label": t("table.bonus", { name }) }, tileEls(parseTiles(p.bonus), { size: "sm" }))];
}

function centre(state, t) {
  const v = state.view;
  return [
    el("div", { class: "round" }, t("table.hand_number", { wind: t(`table.wind.${v.round_wind}`), number: (v.hand_number ?? 0) + 1 })),
    el("div", { class: "wall" }, t("table.wall", { n: v.live_remaining })),
    v.dead_remaining !== undefined ? el("div", { class: "wall muted" }, t("table.dead_wall", { n: v.dead_remaining })) : null,
  ];
}

function winEl(e, names, t) {
  return el("section", { class: "win", "data-testid": "win" }, el("h3", {}, t("table.mahjongg_by", { name: names[e.seat] })), el("p", { class: "muted" }, winTitle(t, e, names)));
}

/** "1 double (×2)", "3 doubles (×8)", "no doubles": the count, and the factor it gives. */
function doublesText(n, t) {
  if (!n) return t("table.doubles_none");
  return t(n === 1 ? "table.doubles_one" : "table.doubles", { n, factor: 2 ** n });
}

function figureValue(points, doubles, t) {
  return [points ? `${points}` : null, doubles ? doublesText(doubles, t) : null].filter(Boolean).join(" · ");
}

/** One scored row: its name in the UI language, its tiles, its points and doubles. */
function itemEl([raw, points, doubles], t) {
  const item = classicalItem(raw);
  const tiles = item.tiles ? el("span", { class: "item-tiles" }, tileEls(parseTiles(item.tiles), { size: "sm" })) : null;
  return el("li", { "data-item": raw }, el("span", { class: "item" }, el("span", { class: "item-name" }, item.name), tiles), el("span", { class: "han" }, figureValue(points, doubles, t)));
}

function seatResult(r, end, names, before, t) {
  const seatView = before?.seats?.[r.seat];
  const items = (r.items || []).map((item) => itemEl(item, t));
  return el(
    "div",
    { class: `seat-result${end.winner === r.seat ? " seat-result--winner" : ""}` },
    el("h4", {}, `${t(`table.wind.${r.seat_wind}`)}: ${names[r.seat]}`),
    el("div", { class: "result-tiles" }, tilesRow(r.hand), meldsEl(seatView, t, "sm", { class: "result-melds" }), seatView?.bonus ? tilesRow(seatView.bonus) : null),
    r.special_hand ? el("p", { class: "special-hand" }, classicalName(r.special_hand)) : null,
    el("ul", { class: "yaku" }, items),
    el("p", { class: "result-summary" }, `${t("table.base", { base: formatNumber(r.base) })} · ${doublesText(r.doubles, t)} ${t("table.value", { value: formatNumber(r.value) })}`),
  );
}

/** The seats' results, the winner's first (the hand everyone looks at), then the others in
 * the order of play after the winner; at a Remis from East in the order of play. */
function resultsInOrder(end) {
  const first = end.winner ?? (end.results || []).find((r) => r.seat_wind === 0)?.seat ?? 0;
  return [...(end.results || [])].sort((a, b) => ((a.seat - first + 4) % 4) - ((b.seat - first + 4) % 4));
}

function handEndBody({ wins, end, before }, names, t) {
  const parts = wins.map((w) => winEl(w, names, t));
  if (end.outcome !== "mah_jongg" && !wins.length) parts.push(el("p", { class: "draw" }, t("table.remis")));
  if (end.stoerspiel) parts.push(el("p", { class: "warning" }, t("table.stoerspiel", { verdict: labelOr(t, `stoerspiel.${end.stoerspiel}`, end.stoerspiel) })));
  parts.push(
    el("div", { class: "figures", "data-testid": "figures" }, el("h3", {}, t("table.figures")), resultsInOrder(end).map((r) => seatResult(r, end, names, before, t))),
    el("h3", {}, t("table.payments")),
    paymentsTable(t, names, end.deltas, end.balances),
  );
  return parts;
}

// ---------------------------------------------------------------- the replay page

function handLabel(s, t) {
  return t("replay.hand_label_classical", { wind: t(`wind.${s.roundWind}`), n: s.number + 1 });
}

const WIN_FLAGS = ["robbing_kong", "heavenly", "earthly", "last_wall_tile", "last_discard"];

function replayWin(w, names, t) {
  const flags = WIN_FLAGS.filter((f) => w[f]).map((f) => ` · ${t(`flag.${f}`)}`);
  return el(
    "div",
    { class: "win", "data-testid": "win" },
    el("h3", {}, t("replay.mah_jongg", { name: names[w.seat] }), " · ", howWon(w, names, t("replay.self_drawn"), "replay.on_discard"), flags),
    tilesRow(w.hand, w.tile),
  );
}

/** The end of a deal in the replay: what the table's result shows (the Störspiel verdict, each
 * seat's figures with their tiles, the winner's first; the payments), the board below holding
 * the melds and flowers. */
function replayEnded(e, names, t) {
  if (!e.results) return [deltasLine(e, names)];
  return handEndBody({ wins: [], end: e, before: null }, names, t);
}

export default {
  name: "classical",
  table: {
    actLabel,
    discardWarning,
    // East is the dealer (the view may name the dealer too)
    isDealer: (view, seat, wind) => view.dealer === seat || wind === 0,
    scoreLabel: (t) => t("table.balance"),
    dealerTitle: (t) => t("table.dealer_east"),
    finalScoreLabel: (t) => t("table.balance"),
    seatExtras,
    // an added kong: its fourth tile lies on the called one (riichi tables), or beside it
    stackAddedKong: false,
    centre,
    toggles: () => [],
    handEndBody,
  },
  lobby: {
    kinds: ["classical"],
    // practice against puppets: a private classical table filled with them
    practiceKind: "classical",
    lengths: ["quick", "full"],
    options: [],
    lengthLabel: (length, t) => t(`lobby.classical_${length}`),
    rulesLabel: (config, t) => t("lobby.classical_rules"),
  },
  replay: {
    handLabel,
    reviewAct,
    rulesLabel: (config, t) => t("lobby.classical_rules"),
    centre: () => [],
    win: replayWin,
    ended: replayEnded,
  },
};
