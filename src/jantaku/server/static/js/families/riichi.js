// Riichi ("Doman" rules): what the table and the replay draw differently from other families
// (dora and riichi sticks, yaku and han/fu, the draw with tenpai). Every family module exports
// the same hooks; families/index.js looks them up by the table's family.
import { tileEls, doraFromIndicator } from "../tiles.js";
import { el } from "../dom.js";
import { parseTiles } from "../notation.js";
import { setSetting } from "../settings.js";
import { meldsEl } from "../table/meld.js";
import { labelOr, paymentsTable, tilesRow, winTitle } from "../table/result_parts.js";
import { deltasLine, howWon } from "../replay/parts.js";
import { yakuName } from "../yaku.js";
import { formatNumber } from "../i18n.js";

// ---------------------------------------------------------------- the table page

function actLabel(a, t) {
  if (a.type === "chi") return t("table.act.chi");
  if (a.type === "pon") return t("table.act.pon");
  if (a.type.endsWith("kan")) return t("table.act.kan");
  return t(`table.act.${a.type}`);
}

function centre(state, t, ui) {
  const v = state.view;
  const showIndicator = ui.doraDisplay === "indicator";
  const dora = el(
    "div",
    { class: "dora", "data-testid": "dora" },
    el("span", { class: "dora-label" }, showIndicator ? t("table.dora_indicator") : t("table.dora")),
    tileEls(parseTiles(v.dora_indicators).map((ind) => (showIndicator ? ind : doraFromIndicator(ind))), { size: "sm" }),
  );
  return [
    el("div", { class: "round" }, t("table.round", { wind: t(`table.wind.${v.round_wind}`), number: v.dealer + 1 })),
    el("div", { class: "sticks" }, el("span", {}, t("table.honba", { n: v.honba })), " · ", el("span", {}, t("table.deposits", { n: v.deposits }))),
    el("div", { class: "wall", "data-testid": "wall" }, t("table.wall", { n: v.live_remaining })),
    dora,
  ];
}

function toggles(ui, box, t, render) {
  const onchange = (e) => {
    ui.doraDisplay = e.target.checked ? "indicator" : "dora";
    setSetting("doraDisplay", ui.doraDisplay);
    render();
  };
  return [box("dora", t("table.show_indicator"), ui.doraDisplay === "indicator", onchange)];
}

/** Indicator rows: each [testid, label, MPSZ text] with tiles, under one box (null if none). */
function indicatorRows(rows, extraClass = "") {
  const shown = rows.filter(([, , text]) => text && parseTiles(text).length);
  if (!shown.length) return null;
  return el(
    "div",
    { class: `result-indicators ${extraClass}`.trim() },
    shown.map(([id, label, text]) => el("div", { class: "indicator-row", "data-testid": id }, el("span", { class: "indicator-label" }, label), tilesRow(text, null, label))),
  );
}

/** The deal's dora indicators (once per deal, however many won). */
const doraIndicatorsEl = (dora, t) => indicatorRows([["dora-indicators", t("table.dora_indicators"), dora]], "deal-indicators");

/** A winner's ura dora indicators: turned over only for a winner in riichi (the event carries
 * them then), so in a double ron they stand under that winner alone. */
const uraIndicatorsEl = (ura, t) => indicatorRows([["ura-indicators", t("table.ura"), ura]]);

/** A winning hand as a real table shows it: the concealed tiles with the winning tile apart,
 * then the melds (`seatView.meld_info`). */
function winTilesEl(hand, tile, seatView, t) {
  return el("div", { class: "result-tiles" }, tilesRow(hand, tile), meldsEl(seatView, t, "sm", { class: "result-melds" }));
}

/** One win; `dora`: the deal's indicators beside it (a single win), or null (shown once for
 * all winners of a double ron). */
function winEl(e, names, before, t, dora) {
  const yaku = (e.yaku || []).map(([name, han]) =>
    el("li", { "data-yaku": name }, el("span", {}, yakuName(name)), el("span", { class: "han" }, t("table.han", { han }))),
  );
  const summary = [e.yakuman ? t("table.yakuman", { n: e.yakuman }) : t("table.han_fu", { han: e.han, fu: e.fu })];
  if (e.limit) summary.push(labelOr(t, `table.limit.${e.limit}`, e.limit));
  summary.push(t("table.points", { points: formatNumber(e.points) }));
  return el(
    "section",
    { class: "win", "data-testid": "win" },
    el("h3", {}, winTitle(t, e, names)),
    winTilesEl(e.hand, e.tile, before?.seats?.[e.seat], t),
    el("ul", { class: "yaku", "data-testid": "yaku" }, yaku),
    indicatorRows([
      ["dora-indicators", t("table.dora_indicators"), dora],
      ["ura-indicators", t("table.ura"), e.ura_indicators],
    ]),
    el("p", { class: "result-summary", "data-testid": "result-summary" }, summary.join(" · ")),
  );
}

const AT_WALL_END = ["exhaustive", "nagashi_mangan"];

/** A draw: what happened, and the ready hands with their melds (a hand not ready stays hidden). */
function drawEl(end, names, before, t) {
  const gainers = names.filter((_, i) => (end.deltas?.[i] ?? 0) > 0);
  const parts = [
    el("p", { class: "draw", "data-testid": "draw" }, t("table.draw", { kind: labelOr(t, `table.draw.${end.draw}`, end.draw) })),
    el("p", { class: "draw-explain", "data-testid": "draw-explain" }, t(`table.draw_explain.${end.draw}`, { names: gainers.join(", ") })),
  ];
  const hidden = [];
  names.forEach((name, i) => {
    const hand = end.hands?.[i];
    if (hand) {
      const tiles = el("div", { class: "result-tiles" }, tilesRow(hand), meldsEl(before?.seats?.[i], t, "sm", { class: "result-melds" }));
      parts.push(el("div", { class: "shown-hand", "data-testid": "shown-hand", "data-seat": String(i) }, el("span", { class: "shown-name" }, t("table.tenpai_hand", { name })), tiles));
    } else hidden.push(name);
  });
  // at the wall's end a hand not ready stays hidden (an abortive draw judges nobody's hand)
  if (AT_WALL_END.includes(end.draw) && hidden.length) parts.push(el("p", { class: "hidden-hand muted", "data-testid": "hidden-hand" }, t("table.noten_hidden", { names: hidden.join(", ") })));
  return parts;
}

function handEndBody({ wins, end, before }, names, t) {
  const dora = before?.dora_indicators;
  const one = wins.length === 1;
  // a double ron: the deal's indicators once, above both winners (each keeps his own ura)
  const parts = [wins.length > 1 ? doraIndicatorsEl(dora, t) : null, ...wins.map((w) => winEl(w, names, before, t, one ? dora : null))];
  if (end.draw) parts.push(...drawEl(end, names, before, t));
  parts.push(el("h3", {}, t("table.payments")));
  // ready or not is judged only when the wall ran out (an abortive draw judges nobody)
  const tenpaiCol = AT_WALL_END.includes(end.draw)
    ? { title: t("table.tenpai_heading"), cell: (i) => (end.tenpai?.[i] ? t("table.tenpai") : t("table.noten")) }
    : null;
  parts.push(paymentsTable(t, names, end.deltas, end.scores, tenpaiCol));
  return parts;
}

// ---------------------------------------------------------------- the replay page

function handLabel(s, t) {
  return t("replay.hand_label", { wind: t(`wind.${s.roundWind}`), n: s.deal + 1, honba: s.honba });
}

function replayCentre(state, t, { mode, doraToggle }) {
  const shown = (list) => (mode === "dora" ? list.map(doraFromIndicator) : list);
  return [
    el("span", { "data-testid": "deposits" }, t("table.deposits", { n: state.deposits })), // the honba are in the hand's label
    el(
      "span",
      { class: "dora-row", "data-testid": "dora" },
      mode === "dora" ? t("replay.dora") : t("replay.indicators"),
      tileEls(shown(state.dora), { size: "sm" }),
      state.ura.length ? el("span", { class: "muted" }, ` ${t("replay.ura")}`) : null,
      state.ura.length ? tileEls(shown(state.ura), { size: "sm" }) : null,
    ),
    doraToggle,
  ];
}

const KONGS = { concealed_kan: "concealed", added_kan: "added", open_kan: "exposed" };

/** A meld of the replay's state (replay/state.js: absolute giver) as the table's view gives it
 * (`meld_info`: the giver relative to the owner), so the table's meld drawing shows it. */
function meldInfo(m, seat) {
  const from = m.from === null || m.from === undefined ? null : (m.from - seat + 4) % 4;
  return { tiles: m.tiles.join(""), kind: m.kind, kong: KONGS[m.kind] || null, called: m.called ?? null, from };
}

/** A win of the replay, drawn as the table's result dialog draws it: the hand with the winning
 * tile apart and its melds, the dora indicators of the deal (`state`, the replay's state at the
 * win; in a double ron beside the first winner only) and the winner's own ura indicators. */
function replayWin(w, names, t, state = null) {
  const figures = w.yakuman
    ? t("replay.yakuman", { n: w.yakuman, points: formatNumber(w.points) })
    : t("replay.han_fu", { han: w.han, fu: w.fu, points: formatNumber(w.points) });
  const melds = (state?.melds?.[w.seat] || []).map((m) => meldInfo(m, w.seat));
  const ura = Array.isArray(w.ura_indicators) ? w.ura_indicators.join("") : w.ura_indicators;
  const first = !state?.wins || state.wins[0] === w;
  return el(
    "div",
    { class: "win", "data-testid": "win" },
    el("h3", {}, t("replay.wins", { name: names[w.seat] }), " · ", howWon(w, names, t("replay.tsumo")), w.limit ? ` · ${labelOr(t, `table.limit.${w.limit}`, w.limit)}` : ""),
    winTilesEl(Array.isArray(w.hand) ? w.hand.join("") : w.hand || "", w.tile, { meld_info: melds }, t),
    el("ul", { class: "yaku-list" }, (w.yaku || []).map(([name, han]) => el("li", {}, `${yakuName(name)}: ${han} ${t("replay.han")}`))),
    first ? doraIndicatorsEl((state?.dora || []).join(""), t) : null,
    uraIndicatorsEl(ura, t),
    el("p", { class: "figures" }, figures),
  );
}

function replayEnded(e, names, t) {
  const parts = [];
  if (e.draw) {
    const tenpai = (e.tenpai || []).map((v, i) => (v ? names[i] : null)).filter(Boolean);
    const gainers = names.filter((_, i) => (e.deltas?.[i] ?? 0) > 0);
    parts.push(
      el("h3", {}, t(`draw.${e.draw}`)),
      el("p", { class: "draw-explain" }, t(`table.draw_explain.${e.draw}`, { names: gainers.join(", ") })),
      el("p", {}, t("replay.tenpai", { names: tenpai.length ? tenpai.join(", ") : t("replay.nobody") })),
    );
  }
  parts.push(deltasLine(e, names));
  return parts;
}

export default {
  name: "riichi",
  table: {
    actLabel,
    discardWarning: () => null,
    isDealer: (view, seat) => view.dealer === seat,
    scoreLabel: (t) => t("table.score"),
    dealerTitle: (t) => t("table.dealer"),
    finalScoreLabel: (t) => t("table.final_score"),
    seatExtras: () => [],
    // an added kong: its fourth tile lies on the called one (riichi tables), or beside it
    stackAddedKong: true,
    centre,
    toggles,
    handEndBody,
  },
  lobby: {
    kinds: ["novice", "advanced", "party", "practice"],
    practiceKind: "practice",
    lengths: ["quick", "full"],
    // the create form's options this family has
    options: ["kuitan"],
    lengthLabel: (length, t) => t(`length.${length}`),
    // the rules: Doman with kuitan on or off (the Tenhou preset by its name)
    rulesLabel: (config, t) =>
      config.preset === "tenhou" ? t("lobby.rules_tenhou") : `${t("lobby.rules_doman")} · ${config.kuitan ? t("lobby.kuitan_on") : t("lobby.no_kuitan")}`,
  },
  replay: {
    handLabel,
    reviewAct: (a, t) => t(`review.act.${a.type}`),
    rulesLabel: (config, t) => (config.length ? t(`length.${config.length}`) : null),
    centre: replayCentre,
    win: replayWin,
    ended: replayEnded,
  },
};
