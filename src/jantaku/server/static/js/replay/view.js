// Drawing one step of a replay: the centre (hand, the family's sticks and dora, a warning),
// the four seats with every hand open, and the results of the deal and the match.
import { tileEl, tileEls } from "../tiles.js";
import { formatNumber, t } from "../i18n.js";
import { el, signed } from "../dom.js";
import { familyOf } from "../families/index.js";
import { describe } from "./describe.js";
import { matchFacts } from "../table/result_parts.js";

function meldEl(m) {
  const concealed = m.kind === "concealed_kan" || m.kind === "concealed";
  return el(
    "span",
    { class: "meld", title: t(`call.${m.kind}`) },
    m.tiles.map((n, i) =>
      concealed && (i === 0 || i === 3)
        ? tileEl(null, { size: "sm" })
        : tileEl(n, { size: "sm", sideways: n === m.called && m.tiles.indexOf(n) === i }),
    ),
  );
}

function riverEl(state, s, names) {
  return el(
    "div",
    { class: "tiles-row river", "data-testid": `river-${s}`, "aria-label": t("replay.river_of", { name: names[s] }) },
    state.rivers[s].map((r) => {
      const node = tileEl(r.tile, { size: "sm", dim: r.tsumogiri, sideways: r.riichi });
      if (r.taken) node.classList.add("tile--taken");
      return node;
    }),
  );
}

function seatHead(state, s, rp) {
  const { names, seats } = rp;
  const wind = (s - state.dealer + 4) % 4;
  return el(
    "div",
    { class: "seat-head" },
    el(
      "span",
      {},
      `${t(`wind.${wind}`)} · `,
      seats[s] && seats[s].user_id ? el("a", { href: `#/profile/${seats[s].user_id}`, "data-testid": `player-link-${s}` }, names[s]) : names[s],
      s === state.dealer ? el("span", { class: "badge" }, t("replay.dealer")) : null,
      state.riichi[s] ? el("span", { class: "badge badge--riichi" }, t("replay.riichi")) : null,
    ),
    el("span", { class: "score", "data-testid": `score-${s}` }, formatNumber(state.scores[s])),
  );
}

/** One seat: head, open hand (the drawn tile apart), flowers, melds, river. */
export function seatPanel(state, s, rp) {
  const { names } = rp;
  const hand = el(
    "div",
    { class: "tiles-row hand-row", "data-testid": `hand-${s}`, "aria-label": t("replay.hand_of", { name: names[s] }) },
    tileEls(state.hands[s], { size: "md" }),
    state.drawn[s] ? el("span", { class: "drawn" }, tileEl(state.drawn[s], { size: "md" })) : null,
  );
  const bonus = state.bonus[s].length
    ? el("div", { class: "tiles-row bonus-row", "data-testid": `bonus-${s}`, "aria-label": t("replay.bonus") }, tileEls(state.bonus[s], { size: "sm" }))
    : null;
  return el(
    "section",
    { class: `seat-panel${state.toMove === s ? " to-move" : ""}`, "data-testid": `seat-${s}` },
    seatHead(state, s, rp),
    hand,
    bonus,
    el("div", { class: "melds", "data-testid": `melds-${s}` }, state.melds[s].map(meldEl)),
    riverEl(state, s, names),
  );
}

/** The centre: the hand's label, what the family shows there, the last step's warning. */
export function centreEl(state, label, rp, mode) {
  return el(
    "div",
    { class: "replay-center card", "data-testid": "replay-center" },
    el("strong", {}, label),
    familyOf(state.family).replay.centre(state, t, { mode, doraToggle: rp.doraToggle }),
    state.warning ? el("span", { class: "error", "data-testid": "danger" }, describe(state.warning, rp.names)) : null,
  );
}

/** " · +30 rank points, rating +12" for a rated seat of the stored result, else "". */
function rankText(r) {
  if (!r) return "";
  return ` · ${t("table.rank_change_short", { points: signed(r.rank_delta), rating: signed(Math.round(r.rating_delta)) })}`;
}

/** The wins, the end of the deal and the final ranking (with why the match ended, the leftover
 * sticks and the ladder's changes from the stored result), as far as the step has come. */
export function resultParts(state, names, result = null, atEnd = false) {
  const hooks = familyOf(state.family).replay;
  const parts = state.wins.map((w) => hooks.win(w, names, t, state));
  if (state.ended) parts.push(...hooks.ended(state.ended, names, t));
  // an abandoned match's events stop inside its last hand: its end is the stored result
  const stopped = atEnd && !state.matchEnded && result?.reason_code === "abandoned" && Array.isArray(result.ranking);
  if (stopped && !state.ended && !state.wins.length) parts.push(el("p", { "data-testid": "hand-unfinished" }, t("replay.unfinished")));
  if (state.matchEnded || stopped) {
    const m = state.matchEnded || { ranking: result.ranking, scores: result.scores };
    parts.push(
      el("h3", {}, t("replay.final")),
      result?.reason_code ? matchFacts(result, names, t) : null,
      el("ol", { class: "ranking", "data-testid": "final-ranking" }, m.ranking.map((s) => el("li", {}, `${names[s]}: ${formatNumber(m.scores[s])}`, rankText(result?.ranks?.[s])))),
    );
  }
  return parts;
}
