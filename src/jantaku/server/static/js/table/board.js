// The square table: the own seat at the bottom, the right seat on the right, across at the top,
// the left seat on the left. Each seat has its edge (the hand, the own hand's buttons or the
// others' tile backs, and the melds at its right-hand corner), its river in rows of six between
// the edge and the centre, and a name plate (wind, name, badges, timer, the family's extras such
// as flowers) in the corner on its left; all its tiles face their owner (orient.js). The centre
// shows what the family draws (round, sticks, wall, dora) with each seat's wind and score on
// that seat's side. Built fresh from the state on every change; the newest discard and the
// newest meld are highlighted for a moment (CSS), from the time they arrived.
import { formatNumber, signedNumber, tileName } from "../i18n.js";
import { el } from "../dom.js";
import { familyOf } from "../families/index.js";
import { parseTiles, plainTile } from "../notation.js";
import { freshen, meldsEl } from "./meld.js";
import { POSITIONS, orientedTile, seatRotation } from "./orient.js";
import { timerEl } from "./timer.js";
import { relative, scores, seatNames, seatWind } from "./state.js";

/** How long (ms) the newest discard or meld is highlighted. */
export const FRESH_MS = 1000;

function age(mark) {
  if (!mark || typeof mark.at !== "number") return null;
  const ms = Date.now() - mark.at;
  return ms >= 0 && ms < FRESH_MS ? ms : null;
}

function riverCell(r, t, rotation, turned, mark) {
  const notes = [];
  if (r.tsumogiri) notes.push(t("table.tsumogiri"));
  if (r.riichi) notes.push(t("table.riichi_tile"));
  const label = [tileName(r.tile), ...notes].join(", ");
  const tile = orientedTile(r.tile, rotation, { dim: Boolean(r.tsumogiri), turned, label });
  const classes = ["river-cell"];
  if (r.tsumogiri) classes.push("river-cell--tsumogiri");
  if (r.riichi || turned) classes.push("river-cell--riichi");
  if (mark) classes.push("river-cell--last");
  if (mark && mark.fresh !== null) classes.push("river-cell--new");
  const cell = el("span", { class: classes.join(" "), role: "listitem" }, tile);
  if (mark && mark.fresh !== null) freshen(cell, mark.fresh);
  return cell;
}

/**
 * A seat's river in its owner's reading order. Called tiles have left it (they lie in the
 * caller's meld); when the riichi tile was called, the next discard lies sideways instead.
 */
function riverEl(seatView, name, t, pos, last) {
  const rotation = seatRotation(pos);
  const shown = [];
  let owed = false;
  for (const r of seatView.river || []) {
    if (r.called) {
      owed = owed || Boolean(r.riichi);
      continue;
    }
    shown.push({ r, turned: Boolean(r.riichi) || owed });
    if (shown[shown.length - 1].turned) owed = false;
  }
  return el(
    "div",
    { class: "river", role: "list", "aria-label": t("table.river", { name }), "data-testid": `river-${pos}` },
    shown.map(({ r, turned }, i) => riverCell(r, t, rotation, turned, last && i === shown.length - 1 ? last : null)),
  );
}

function seatTimerEl(state, seat, t) {
  const at = state.deadlines[String(seat)];
  return timerEl(at, state.turnEnds?.[String(seat)], { "aria-label": t("table.time_left", { s: "" }), "data-testid": "seat-timer" });
}

function badges(p, info, isDealer, t, hooks) {
  const out = [];
  if (isDealer) out.push(el("span", { class: "badge badge--dealer", title: hooks.dealerTitle(t) }, t("table.dealer")));
  if (p.riichi) out.push(el("span", { class: "badge badge--riichi" }, t("table.riichi")));
  if (info.bot) out.push(el("span", { class: "badge badge--bot" }, t("table.computer")));
  if (info.takeover) out.push(el("span", { class: "badge badge--away" }, t("table.takeover")));
  else if (info.connected === false) out.push(el("span", { class: "badge badge--away" }, t("table.absent")));
  return out;
}

/** The name plate: wind, name, badges, timer, and the family's extras (flowers and seasons). */
function plateEl(state, seat, t, hooks, { name, wind, isDealer }) {
  const p = state.view.seats[seat];
  const shownName = seat === state.seat ? `${name} (${t("table.you")})` : name; // whole on hover
  return el(
    "div",
    { class: "plate" },
    el(
      "div",
      { class: "plate-name" },
      el("span", { class: "wind", title: t(`table.wind.${wind}`) }, t(`table.wind_short.${wind}`)),
      el("span", { class: "seat-name", title: shownName }, shownName),
    ),
    el("div", { class: "plate-badges" }, badges(p, state.table?.seats?.[seat] || {}, isDealer, t, hooks), seatTimerEl(state, seat, t)),
    hooks.seatExtras(p, name, t),
  );
}

/** The index of the meld the newest call or kong made at this seat, or -1. */
function freshMeld(state, seat) {
  const call = state.lastCall;
  if (!call || call.seat !== seat || !call.tile) return -1;
  const list = state.view.seats[seat].meld_info || [];
  const kind = plainTile(call.tile);
  for (let i = list.length - 1; i >= 0; i -= 1) {
    if (parseTiles(list[i].tiles || "").some((n) => plainTile(n) === kind)) return i;
  }
  return -1;
}

/** The melds of a seat, facing it (`own`: the bigger own melds beside the own hand). */
export function seatMelds(state, seat, t, attrs, pos = "self") {
  const hooks = familyOf(state.family).table;
  const fresh = age(state.lastCall);
  return meldsEl(state.view.seats[seat], t, "sm", attrs, {
    rotation: seatRotation(pos),
    stackAdded: hooks.stackAddedKong,
    freshIndex: fresh === null ? -1 : freshMeld(state, seat),
    fresh: fresh ?? undefined,
  });
}

/** A seat's edge: its hand (the own hand's buttons, or the backs of the concealed tiles) and
 * its melds at its right-hand corner. */
function edgeEl(state, seat, t, pos, name, own) {
  if (own) return el("div", { class: "edge edge--own" }, own.hand, own.melds);
  const p = state.view.seats[seat];
  const n = p.concealed_count || 0;
  const backs = Array.from({ length: n }, () => orientedTile(null, seatRotation(pos), { size: "sm", label: "" }));
  return el(
    "div",
    { class: "edge" },
    el("span", { class: "backs concealed", role: "img", "aria-label": t("table.concealed", { n }) }, backs),
    seatMelds(state, seat, t, { class: "melds", "aria-label": t("table.melds", { name }) }, pos),
  );
}

function seatEl(state, seat, t, own) {
  const hooks = familyOf(state.family).table;
  const name = seatNames(state)[seat] || `#${seat + 1}`;
  const pos = POSITIONS[relative(state, seat)];
  const wind = seatWind(state, seat);
  const isDealer = hooks.isDealer(state.view, seat, wind);
  const toAct = state.toAct.includes(seat);
  const last = state.lastDiscard?.seat === seat ? { fresh: age(state.lastDiscard) } : null;
  return el(
    "section",
    {
      class: `seat seat--${pos}${toAct ? " seat--active" : ""}${isDealer ? " seat--dealer" : ""}`,
      "data-seat": String(seat),
      "data-testid": `seat-${pos}`,
      "aria-label": t("table.seat_label", { wind: t(`table.wind.${wind}`), name }),
    },
    plateEl(state, seat, t, hooks, { name, wind, isDealer }),
    riverEl(state.view.seats[seat], name, t, pos, last),
    edgeEl(state, seat, t, pos, name, pos === "self" ? own : null),
  );
}

function scoreEl(state, seat, t, ui, hooks) {
  const all = scores(state);
  const mine = state.seat !== null ? all[state.seat] : null;
  const score = all[seat];
  const diff = mine !== null && seat !== state.seat ? score - mine : null;
  const diffText = diff !== null ? t("table.diff", { diff: signedNumber(diff) }) : null;
  return el(
    "button",
    {
      type: "button",
      class: "score",
      title: diffText,
      "aria-label": `${hooks.scoreLabel(t)} ${formatNumber(score)}${diffText !== null ? `, ${diffText}` : ""}`,
      onclick: () => ui.toggleDiffs(),
    },
    el("span", { class: "score-value" }, formatNumber(score)),
    diff !== null ? el("span", { class: "score-diff" }, signedNumber(diff)) : null,
  );
}

/** A seat's side of the centre: its wind, its score (or balance), its riichi stick. */
function centreSide(state, seat, t, ui, hooks) {
  const pos = POSITIONS[relative(state, seat)];
  const wind = seatWind(state, seat);
  const isDealer = hooks.isDealer(state.view, seat, wind);
  const toAct = state.toAct.includes(seat);
  return el(
    "div",
    {
      class: `centre-seat centre-seat--${pos}${toAct ? " centre-seat--active" : ""}${isDealer ? " centre-seat--dealer" : ""}`,
      "data-testid": `score-${pos}`,
    },
    el("span", { class: "centre-wind", title: t(`table.wind.${wind}`) }, t(`table.wind_short.${wind}`)),
    scoreEl(state, seat, t, ui, hooks),
    state.view.seats[seat].riichi ? el("span", { class: "stick", title: t("table.riichi"), role: "img", "aria-label": t("table.riichi") }) : null,
  );
}

/**
 * The board. `own`: the own hand and melds ({hand, melds}) for a seated player, drawn at the
 * bottom edge; a spectator sees the first seat there like the others.
 */
export function boardEl(state, t, ui, own = null) {
  const board = el("div", { class: `board${ui.showDiffs ? " board--diffs" : ""}`, "data-testid": "board", dataset: { family: state.family } });
  if (!state.view) return board;
  const hooks = familyOf(state.family).table;
  for (let seat = 0; seat < 4; seat += 1) board.append(seatEl(state, seat, t, own));
  const sides = [0, 1, 2, 3].map((seat) => centreSide(state, seat, t, ui, hooks));
  board.append(el("div", { class: "centre", "data-testid": "centre" }, el("div", { class: "centre-info" }, hooks.centre(state, t, ui)), sides));
  return board;
}
