// The review beside the replay (docs/review.md): a seat is chosen, the server's puppet looks
// over its decisions (GET /api/games/{id}/review), and the panel shows the decision of the step
// on the board: the player's choice, the puppet's, its top three candidates with what it
// weighed, the mark; "previous / next difference" step the replay to the decisions where the
// player chose otherwise. rp.review holds {seat, data, error, loading}.
import { el } from "../dom.js";
import { formatNumber, formatPercent, t } from "../i18n.js";
import { familyOf } from "../families/index.js";
import { readTile } from "../notation.js";
import { parseTiles, tileEl, tileEls } from "../tiles.js";
import { go } from "./controls.js";

/** A tile in the panel: its picture (named for screen readers) beside its short code. */
const tileNote = (notation) => el("span", { class: "review-tile" }, tileEl(notation, { size: "sm" }), " ", notation);

/** A figure of the review for people: whole numbers grouped, others with one decimal. */
const num = (x) => (x === null || x === undefined ? "–" : formatNumber(x, { digits: Number.isInteger(x) ? 0 : 1 }));

/** An action's name in the family's words (classical: Chow, Pung, Kong, Mah Jongg). */
function actWord(action, family) {
  return familyOf(family).replay.reviewAct(action, t);
}

/** An action in words and pictures: "Discard [5m]", "Pon [7z] ([7z][7z])", "Pass". */
function actionText(action, family) {
  const parts = [actWord(action, family)];
  if (action.tile) parts.push(" ", tileNote(action.tile));
  if (action.tiles) parts.push(" (", el("span", { class: "review-tile" }, tileEls(parseTiles(action.tiles), { size: "sm" }), " ", action.tiles), ")");
  return parts;
}

/** A candidate's label ("discard 2m") in the same words and pictures. */
function labelText(label, family) {
  const [kind, tile] = label.split(" ");
  return tile && readTile(tile) ? actionText({ type: kind, tile }, family) : label;
}

/** The replay step that shows the table as the seat saw it at decision d. */
const stepOf = (d) => Math.max(0, d.event - 1);

/** The decision of the current step, or the last one before it (null before the first). */
function currentDecision(rp) {
  let found = null;
  for (const d of rp.review.data.decisions) {
    if (stepOf(d) <= rp.pos) found = d;
    else break;
  }
  return found;
}

/** Step to the previous (-1) or next (+1) decision where the player chose otherwise. */
function jumpDifference(rp, delta) {
  const list = rp.review.data.decisions.filter((d) => !d.agree);
  const target = delta > 0 ? list.find((d) => stepOf(d) > rp.pos) : list.filter((d) => stepOf(d) < rp.pos).pop();
  if (target) go(rp, stepOf(target));
}

/** The tiles that improve a hand, as small pictures each with the copies left ("×3"). */
function improvingEl(improving) {
  const kinds = Object.entries(improving || {});
  if (!kinds.length) return null;
  return el(
    "span",
    { class: "review-improving", "data-testid": "review-improving" },
    `${t("review.col.improving")}: `,
    kinds.map(([k, n]) => el("span", { class: "review-kind", "data-kind": k, "data-left": String(n) }, tileEl(k, { size: "sm" }), el("span", { class: "review-left" }, `×${n}`))),
  );
}

/** Two rows per candidate: its figures, then the improving kinds and the danger per seat. */
function candidateRows(c, rp, puppetLabel, playerLabel, scored) {
  const danger = Object.entries(c.danger || {})
    .map(([s, d]) => `${rp.names[Number(s)]} ${num(d)}`)
    .join(" · ");
  const marks = [c.label === puppetLabel ? t("review.puppet_mark") : null, c.label === playerLabel ? t("review.you_mark") : null];
  const improving = improvingEl(c.improving);
  const details = [improving, improving && danger ? " " : null, danger ? el("span", { class: "review-danger" }, `${t("review.col.danger")}: ${danger}`) : null];
  return [
    el(
      "tr",
      { "data-testid": "review-candidate", class: "review-main-row" },
      el("td", {}, el("span", { class: "review-action" }, actionText(c.action, rp.family)), " ", el("span", { class: "muted" }, marks.filter(Boolean).join(" "))),
      el("td", { class: "num" }, c.shanten ?? "–"),
      el("td", { class: "num" }, c.improving_total ?? "–"),
      el("td", { class: "num" }, num(c.value)),
      scored ? el("td", { class: "num" }, c.score === null ? "–" : formatNumber(c.score, { digits: 1 })) : null,
    ),
    el("tr", { class: "review-detail-row" }, el("td", { colspan: scored ? "5" : "4", class: "muted review-kinds" }, details)),
  ];
}

function candidatesTable(d, rp) {
  // a phone shows each heading's short form (the full one as its title): the long German
  // headings made the table wider than the screen
  // a call is decided by rule, not scored: no score column (the note above the table says so)
  const scored = isScored(d);
  const heads = ["choice", "shanten", "improving", "value", ...(scored ? ["score"] : [])].map((k) =>
    el("th", {}, el("span", { class: "col-long" }, t(`review.col.${k}`)), el("abbr", { class: "col-short", title: t(`review.col.${k}`) }, t(`review.col_short.${k}`))),
  );
  const rows = d.candidates.map((c) => candidateRows(c, rp, d.puppet.label, d.player.label, scored));
  if (!d.candidates.some((c) => c.label === d.player.label)) rows.push(candidateRows(d.player, rp, d.puppet.label, d.player.label, scored));
  return el(
    "div",
    { class: "table-scroll" },
    el("table", { class: "review-table", "data-testid": "review-candidates" }, el("thead", {}, el("tr", {}, heads)), el("tbody", {}, rows)),
  );
}

/** Whether the puppet scored the decision's choices (a discard); a call it decides by rule. */
const isScored = (d) => d.situation !== "call" || [...d.candidates, d.player].some((c) => c.score !== null);

/** The puppet's margin in words: accepted tiles, or whole steps of shanten (worth 1000 each). */
function lossText(loss) {
  if (loss === null) return "";
  const steps = Math.round(loss / 1000);
  if (steps < 1) return t("review.loss", { loss: formatNumber(loss, { digits: 1 }) });
  return steps === 1 ? t("review.loss_step") : t("review.loss_steps", { n: steps });
}

function decisionEl(d, rp) {
  if (!d) return el("p", { class: "muted", "data-testid": "review-decision" }, t("review.before_first"));
  const here = stepOf(d) === rp.pos;
  const loss = isScored(d) ? lossText(d.loss) : t("review.call_not_scored");
  const stance = d.stance ? t(`review.stance.${d.stance}`) : t("review.at_call");
  return el(
    "div",
    { class: `review-decision${d.marked ? " marked" : ""}`, "data-testid": "review-decision", "data-index": d.index, "data-agree": String(d.agree) },
    el(
      "p",
      { class: "review-head" },
      t("review.decision", { n: d.index + 1, total: rp.review.data.decisions.length }),
      here ? null : el("span", { class: "muted" }, ` ${t("review.earlier")}`),
      d.marked ? el("span", { class: "badge review-badge", "data-testid": "review-marked" }, t("review.marked")) : null,
    ),
    el("p", {}, el("strong", {}, t("review.you")), " ", el("span", { "data-testid": "review-player" }, actionText(d.player.action, rp.family))),
    el("p", {}, el("strong", {}, t("review.puppet")), " ", el("span", { "data-testid": "review-puppet" }, actionText(d.puppet.action, rp.family)), loss ? ` · ${loss}` : ""),
    el("p", { class: "muted" }, `${stance} · ${t("review.shanten_now", { n: d.shanten ?? "–" })}`, d.safest && Object.keys(d.threats).length ? [" · ", t("review.safest", { tile: "" }), labelText(d.safest, rp.family)] : ""),
    candidatesTable(d, rp),
  );
}

function summaryEl(data) {
  const s = data.summary;
  const pct = formatPercent(s.agreement);
  const pf = s.push_fold;
  return el(
    "div",
    { class: "review-summary", "data-testid": "review-summary" },
    el("p", {}, t("review.summary", { agreement: pct, decisions: s.decisions, marked: s.marked })),
    pf.decisions ? el("p", { class: "muted" }, t("review.push_fold", { you_push: pf.player_push, you_fold: pf.player_fold, push: pf.puppet_push, fold: pf.puppet_fold })) : null,
    s.calls.chances ? el("p", { class: "muted" }, t("review.calls", { chances: s.calls.chances, you: s.calls.player, puppet: s.calls.puppet })) : null,
  );
}

/** The panel's content for the current step. */
export function renderReview(rp) {
  const r = rp.review;
  if (!r || !rp.reviewPanel) return;
  rp.reviewPanel.hidden = false;
  if (r.loading) return rp.reviewPanel.replaceChildren(el("p", { class: "muted" }, t("review.loading")));
  if (r.error) return rp.reviewPanel.replaceChildren(el("p", { class: "error", role: "alert", "data-testid": "review-error" }, r.error));
  const btn = (testid, label, delta) => el("button", { type: "button", class: "btn btn--small", "data-testid": testid, onclick: () => jumpDifference(rp, delta) }, label);
  rp.reviewPanel.replaceChildren(
    el("h2", {}, t("review.title", { name: rp.names[r.seat], level: t(`bot.${r.data.level}`) })),
    summaryEl(r.data),
    el("div", { class: "review-nav" }, btn("review-prev-diff", t("review.prev_diff"), -1), btn("review-next-diff", t("review.next_diff"), 1)),
    decisionEl(currentDecision(rp), rp),
  );
}

/** Ask for the review of `seat` and show it (the step stays where it is). */
export async function startReview(rp, api, seat) {
  rp.review = { seat, loading: true };
  rp.reviewSeat = seat;
  rp.main.classList.add("reviewing");
  renderReview(rp);
  try {
    rp.review = { seat, data: await api.review(rp.id, seat) };
  } catch (e) {
    // the reviews' own limit, or the address's budget of requests (its message says when)
    const error = e.code === "rate_limited" ? t("review.busy") : e.code === "too_many_requests" ? e.message : t("shell.error", { message: e.message });
    rp.review = { seat, error };
  }
  rp.render();
}

/** The seat picker and the Review button. */
export function reviewControls(rp, api, seat) {
  const pick = el(
    "select",
    { "data-testid": "review-seat", "aria-label": t("review.seat") },
    rp.names.map((name, s) => el("option", { value: String(s), selected: s === seat }, name)),
  );
  const start = () => startReview(rp, api, Number(pick.value));
  return el(
    "div",
    { class: "row review-start" },
    el("label", {}, t("review.seat"), " ", pick),
    el("button", { type: "button", class: "btn", "data-testid": "review-button", onclick: start }, t("review.button")),
  );
}
