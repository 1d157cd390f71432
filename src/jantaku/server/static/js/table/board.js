// The table itself: four seats (rivers, melds, scores, winds, timers, a family's extras such as
// flowers) around the centre (drawn by the family: round, sticks, wall, dora). Built fresh from
// the state on every change.
import { tileEl } from "../tiles.js";
import { tileName } from "../i18n.js";
import { el, signed } from "../dom.js";
import { familyOf } from "../families/index.js";
import { meldsEl } from "./meld.js";
import { timerEl } from "./timer.js";
import { relative, scores, seatNames, seatWind } from "./state.js";

const POSITIONS = ["self", "right", "across", "left"];

function riverCell(r, t, isLast) {
  const notes = [];
  if (r.tsumogiri) notes.push(t("table.tsumogiri"));
  if (r.riichi) notes.push(t("table.riichi_tile"));
  if (r.called) notes.push(t("table.called"));
  const label = [tileName(r.tile), ...notes].join(", ");
  const tile = tileEl(r.tile, { size: "sm", sideways: Boolean(r.riichi), dim: Boolean(r.tsumogiri), label });
  const classes = ["river-cell"];
  if (r.called) classes.push("river-cell--called");
  if (r.tsumogiri) classes.push("river-cell--tsumogiri");
  if (r.riichi) classes.push("river-cell--riichi");
  if (isLast && !r.called) classes.push("river-cell--last");
  return el("span", { class: classes.join(" "), role: "listitem" }, tile);
}

function riverEl(seatView, name, t, last) {
  const tiles = seatView.river || [];
  return el(
    "div",
    { class: "river", role: "list", "aria-label": t("table.river", { name }) },
    tiles.map((r, i) => riverCell(r, t, last && i === tiles.length - 1)),
  );
}

function seatTimerEl(state, seat, t) {
  const at = state.deadlines[String(seat)];
  return timerEl(at, state.turnEnds?.[String(seat)], { "aria-label": t("table.time_left", { s: "" }), "data-testid": "seat-timer" });
}

function scoreEl(state, seat, t, ui, hooks) {
  const all = scores(state);
  const mine = state.seat !== null ? all[state.seat] : null;
  const score = all[seat];
  const diff = mine !== null && seat !== state.seat ? score - mine : null;
  const diffText = diff !== null ? t("table.diff", { diff: signed(diff) }) : null;
  return el(
    "button",
    {
      type: "button",
      class: "score",
      title: diffText,
      "aria-label": `${hooks.scoreLabel(t)} ${score}${diffText !== null ? `, ${diffText}` : ""}`,
      onclick: () => ui.toggleDiffs(),
    },
    el("span", { class: "score-value" }, String(score)),
    diff !== null ? el("span", { class: "score-diff" }, signed(diff)) : null,
  );
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

function seatEl(state, seat, t, ui) {
  const hooks = familyOf(state.family).table;
  const p = state.view.seats[seat];
  const name = seatNames(state)[seat] || `#${seat + 1}`;
  const rel = relative(state, seat);
  const wind = seatWind(state, seat);
  const isDealer = hooks.isDealer(state.view, seat, wind);
  const head = el(
    "div",
    { class: "seat-head" },
    el("span", { class: "wind", title: t(`table.wind.${wind}`) }, t(`table.wind_short.${wind}`)),
    el("span", { class: "seat-name" }, seat === state.seat ? `${name} (${t("table.you")})` : name),
    scoreEl(state, seat, t, ui, hooks),
    badges(p, state.table?.seats?.[seat] || {}, isDealer, t, hooks),
    seatTimerEl(state, seat, t),
  );
  // the own melds are drawn beside the own hand instead
  const melds = seat === state.seat ? null : meldsEl(p, t, "sm", { class: "melds", "aria-label": t("table.melds", { name }) });
  const extra = hooks.seatExtras(p, name, t);
  if (seat !== state.seat) extra.push(el("span", { class: "concealed muted" }, t("table.concealed", { n: p.concealed_count })));
  const toAct = state.toAct.includes(seat);
  return el(
    "section",
    {
      class: `seat seat--${POSITIONS[rel]}${toAct ? " seat--active" : ""}${isDealer ? " seat--dealer" : ""}`,
      "data-seat": String(seat),
      "data-testid": `seat-${POSITIONS[rel]}`,
      "aria-label": t("table.seat_label", { wind: t(`table.wind.${wind}`), name }),
    },
    head,
    el("div", { class: "seat-body" }, riverEl(p, name, t, state.lastDiscard?.seat === seat), melds, extra),
  );
}

export function boardEl(state, t, ui) {
  const board = el("div", { class: `board${ui.showDiffs ? " board--diffs" : ""}`, "data-testid": "board" });
  if (!state.view) return board;
  for (let seat = 0; seat < 4; seat += 1) board.append(seatEl(state, seat, t, ui));
  const centre = familyOf(state.family).table.centre(state, t, ui);
  board.append(el("div", { class: "centre", "data-testid": "centre" }, centre));
  return board;
}
