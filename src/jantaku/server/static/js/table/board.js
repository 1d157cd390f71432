// The table itself: four seats (rivers, melds, flowers, scores, winds, timers) around the centre
// (round, honba, deposits, wall, dora). Built fresh from the state on every change.
import { tileEl, doraFromIndicator } from "../tiles.js";
import { tileName } from "../i18n.js";
import { h, signed } from "./dom.js";
import { relative, scores, seatNames, seatWind, splitTiles } from "./state.js";

const POSITIONS = ["self", "right", "across", "left"];

/** A meld's tiles with the called tile turned sideways where its giver sits. */
export function meldEl(info, t, size = "sm") {
  const tiles = splitTiles(info.tiles);
  const row = h("span", { class: "meld", role: "group", "aria-label": tiles.map(tileName).join(", ") });
  if (info.from === null || info.from === undefined) {
    // a concealed kong: the outer two face down
    tiles.forEach((tile, i) => {
      const hidden = tiles.length === 4 && (i === 0 || i === 3);
      row.append(tileEl(hidden ? null : tile, { size, label: tileName(tile) }));
    });
    return row;
  }
  const rest = [...tiles];
  const at = rest.indexOf(info.called);
  if (at >= 0) rest.splice(at, 1);
  const called = tileEl(info.called, {
    size,
    sideways: true,
    label: `${tileName(info.called)}, ${t("table.called")}`,
  });
  called.classList.add("meld-called");
  // from 3 = the left neighbour: leftmost; 2 = across: second; 1 = right: rightmost
  const pos = info.from === 3 ? 0 : info.from === 2 ? 1 : rest.length;
  const els = rest.map((tile) => tileEl(tile, { size }));
  els.splice(pos, 0, called);
  row.append(...els);
  return row;
}

function riverEl(seatView, name, t, last) {
  const river = h("div", { class: "river", role: "list", "aria-label": t("table.river", { name }) });
  const tiles = seatView.river || [];
  tiles.forEach((r, i) => {
    const notes = [];
    if (r.tsumogiri) notes.push(t("table.tsumogiri"));
    if (r.riichi) notes.push(t("table.riichi_tile"));
    if (r.called) notes.push(t("table.called"));
    const label = [tileName(r.tile), ...notes].join(", ");
    const tile = tileEl(r.tile, { size: "sm", sideways: Boolean(r.riichi), dim: Boolean(r.tsumogiri), label });
    const cell = h("span", { class: "river-cell", role: "listitem" }, tile);
    if (r.called) cell.classList.add("river-cell--called");
    if (r.tsumogiri) cell.classList.add("river-cell--tsumogiri");
    if (r.riichi) cell.classList.add("river-cell--riichi");
    if (last && i === tiles.length - 1 && !r.called) cell.classList.add("river-cell--last");
    river.append(cell);
  });
  return river;
}

function timerEl(state, seat, t) {
  const at = state.deadlines[String(seat)];
  if (!at) return null;
  return h("span", { class: "timer", "data-deadline": String(at), "aria-label": t("table.time_left", { s: "" }) }, "");
}

function seatEl(state, seat, t, ui) {
  const v = state.view;
  const p = v.seats[seat];
  const names = seatNames(state);
  const name = names[seat] || `#${seat + 1}`;
  const rel = relative(state, seat);
  const wind = seatWind(state, seat);
  const all = scores(state);
  const mine = state.seat !== null ? all[state.seat] : null;
  const isDealer = v.dealer === seat || (state.family === "classical" && wind === 0);
  const info = state.table?.seats?.[seat] || {};
  const score = all[seat];
  const diff = mine !== null && seat !== state.seat ? score - mine : null;
  const scoreEl = h(
    "button",
    {
      type: "button",
      class: "score",
      title: diff !== null ? t("table.diff", { diff: signed(diff) }) : null,
      "aria-label": `${state.family === "classical" ? t("table.balance") : t("table.score")} ${score}${diff !== null ? `, ${t("table.diff", { diff: signed(diff) })}` : ""}`,
      onclick: () => ui.toggleDiffs(),
    },
    h("span", { class: "score-value" }, String(score)),
    diff !== null ? h("span", { class: "score-diff" }, signed(diff)) : null,
  );
  const badges = [];
  if (isDealer) badges.push(h("span", { class: "badge badge--dealer", title: state.family === "classical" ? t("table.dealer_east") : t("table.dealer") }, t("table.dealer")));
  if (p.riichi) badges.push(h("span", { class: "badge badge--riichi" }, t("table.riichi")));
  if (info.bot) badges.push(h("span", { class: "badge badge--bot" }, t("table.computer")));
  if (info.takeover) badges.push(h("span", { class: "badge badge--away" }, t("table.takeover")));
  else if (info.connected === false) badges.push(h("span", { class: "badge badge--away" }, t("table.absent")));
  const head = h(
    "div",
    { class: "seat-head" },
    h("span", { class: "wind", title: t(`table.wind.${wind}`) }, t(`table.wind_short.${wind}`)),
    h("span", { class: "seat-name" }, seat === state.seat ? `${name} (${t("table.you")})` : name),
    scoreEl,
    ...badges,
    timerEl(state, seat, t),
  );
  // the own melds are drawn beside the own hand instead
  const melds = seat === state.seat ? null : h("div", { class: "melds", "aria-label": t("table.melds", { name }) });
  for (const m of melds ? p.meld_info || [] : []) melds.append(meldEl(m, t, "sm"));
  const extra = [];
  if (state.family === "classical" && p.bonus) {
    const bonus = h("div", { class: "bonus", "aria-label": t("table.bonus", { name }) });
    for (const b of splitTiles(p.bonus)) bonus.append(tileEl(b, { size: "sm" }));
    extra.push(bonus);
  }
  if (seat !== state.seat) {
    extra.push(h("span", { class: "concealed muted" }, t("table.concealed", { n: p.concealed_count })));
  }
  const toAct = state.toAct.includes(seat);
  return h(
    "section",
    {
      class: `seat seat--${POSITIONS[rel]}${toAct ? " seat--active" : ""}${isDealer ? " seat--dealer" : ""}`,
      "data-seat": String(seat),
      "data-testid": `seat-${POSITIONS[rel]}`,
      "aria-label": t("table.seat_label", { wind: t(`table.wind.${wind}`), name }),
    },
    head,
    h("div", { class: "seat-body" }, riverEl(p, name, t, state.lastDiscard?.seat === seat), melds, ...extra),
  );
}

function centreEl(state, t, ui) {
  const v = state.view;
  const parts = [];
  if (state.family === "classical") {
    parts.push(h("div", { class: "round" }, t("table.hand_number", { wind: t(`table.wind.${v.round_wind}`), number: (v.hand_number ?? 0) + 1 })));
    parts.push(h("div", { class: "wall" }, t("table.wall", { n: v.live_remaining })));
    if (v.dead_remaining !== undefined) parts.push(h("div", { class: "wall muted" }, t("table.dead_wall", { n: v.dead_remaining })));
  } else {
    parts.push(h("div", { class: "round" }, t("table.round", { wind: t(`table.wind.${v.round_wind}`), number: v.dealer + 1 })));
    parts.push(
      h(
        "div",
        { class: "sticks" },
        h("span", {}, t("table.honba", { n: v.honba })),
        " · ",
        h("span", {}, t("table.deposits", { n: v.deposits })),
      ),
    );
    parts.push(h("div", { class: "wall", "data-testid": "wall" }, t("table.wall", { n: v.live_remaining })));
    const showIndicator = ui.doraDisplay === "indicator";
    const dora = h("div", { class: "dora", "data-testid": "dora" }, h("span", { class: "dora-label" }, showIndicator ? t("table.dora_indicator") : t("table.dora")));
    for (const ind of splitTiles(v.dora_indicators)) {
      dora.append(tileEl(showIndicator ? ind : doraFromIndicator(ind), { size: "sm" }));
    }
    parts.push(dora);
  }
  return h("div", { class: "centre", "data-testid": "centre" }, ...parts);
}

export function boardEl(state, t, ui) {
  const board = h("div", { class: `board${ui.showDiffs ? " board--diffs" : ""}`, "data-testid": "board" });
  if (!state.view) return board;
  for (let seat = 0; seat < 4; seat += 1) board.append(seatEl(state, seat, t, ui));
  board.append(centreEl(state, t, ui));
  return board;
}
