// The replay viewer: every hand of a stored game open, stepped event by event. The modules of
// js/replay/: state.js (the table at a step, pure), controls.js (buttons, keys, address),
// view.js and describe.js (drawing); families/ draws what differs by rule family. They share
// one object `rp` (events, starts, pos, names, render, ...).
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { handStarts, stateAt } from "../replay/state.js";
import { buildControls, currentHand, handLabel, keyHandler } from "../replay/controls.js";
import { centreEl, resultParts, seatPanel } from "../replay/view.js";
import { describe } from "../replay/describe.js";
import { familyOf } from "../families/index.js";
import { renderReview, reviewControls, startReview } from "../replay/review.js";

// A private game's files are served only with a player's token, which a plain link does not
// send: such a link fetches with the token and saves what it gets.
function downloadLink(api, game, fmt, filename, label) {
  const href = `/api/games/${encodeURIComponent(game.id)}/${fmt}`;
  if (!(game.result?.config && game.result.config.private)) return el("a", { href, download: filename }, label);
  const fetchAndSave = async (ev) => {
    ev.preventDefault();
    const token = api.token();
    const res = await fetch(href, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!res.ok) return;
    const url = URL.createObjectURL(await res.blob());
    el("a", { href: url, download: filename }).click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return el("a", { href, download: filename, onclick: fetchAndSave }, label);
}

function render(rp) {
  const state = stateAt(rp.events, rp.pos);
  const k = currentHand(rp);
  rp.position.textContent = t("replay.position", { step: rp.pos + 1, total: rp.events.length });
  rp.prev.disabled = rp.pos <= 0;
  rp.next.disabled = rp.pos >= rp.events.length - 1;
  rp.handsBar.querySelectorAll("button").forEach((b, i) => b.setAttribute("aria-current", String(i === k)));
  const mode = rp.settings.get("doraDisplay", "dora");
  rp.doraToggle.textContent = mode === "dora" ? t("replay.show_indicators") : t("replay.show_dora");
  const label = rp.starts[k] ? handLabel(rp.starts[k]) : "";
  rp.board.replaceChildren(centreEl(state, label, rp, mode), ...[0, 1, 2, 3].map((s) => seatPanel(state, s, rp)));
  rp.lastLine.textContent = describe(state.last, rp.names);
  const parts = resultParts(state, rp.names, rp.result, rp.pos >= rp.events.length - 1);
  rp.resultBox.replaceChildren(...parts);
  rp.resultBox.hidden = parts.length === 0;
  renderReview(rp);
}

/** The replay object: the game's events and hands, the step shown, the names. */
function replayObject(game, params, settings) {
  const events = game.events || [];
  const seats = game.result?.seats || [{}, {}, {}, {}];
  const starts = handStarts(events);
  const startHand = Math.max(0, Math.min(starts.length - 1, Number(params.query.get("hand") || 1) - 1));
  const step = Number(params.query.get("step"));
  const rp = {
    id: params.id,
    settings,
    events,
    seats,
    result: game.result || {}, // the stored result: why the match ended, sticks, rank changes
    family: game.result?.config?.family, // the review names calls in the family's words
    starts,
    names: seats.map((s, i) => s.name || t("replay.seat", { n: i + 1 })),
    pos: step >= 1 ? Math.min(events.length, step) - 1 : starts.length ? starts[startHand].index : 0,
    board: el("div", { class: "replay-board", "data-testid": "replay-board" }),
    lastLine: el("p", { class: "last-event", "data-testid": "replay-last" }),
    resultBox: el("div", { class: "result-box", "data-testid": "replay-result", hidden: true }),
    reviewPanel: el("aside", { class: "review-panel", "data-testid": "review-panel", "aria-label": t("review.panel"), hidden: true }),
  };
  rp.main = el("div", { class: "replay-main" }, rp.reviewPanel, rp.board);
  rp.render = () => render(rp);
  buildControls(rp);
  return rp;
}

const SEATS = ["0", "1", "2", "3"];

/** The seat a review starts with: the one asked for, else the viewer's own, else the first. */
function reviewSeat(rp, params, api) {
  const asked = params.query.get("review");
  if (SEATS.includes(asked)) return Number(asked);
  const me = api.user();
  const own = rp.seats.findIndex((s) => me && s.user_id === me.id);
  return own >= 0 ? own : 0;
}

// The record formats a game may offer (the server lists those its family can write).
const FORMATS = { tenhou6: { file: "tenhou6.json", label: "tenhou.net/6" }, mjai: { file: "mjai.jsonl", label: "mjai" } };

function pageEl(rp, game, api, seat) {
  const result = game.result || {};
  const config = result.config || {};
  const downloads = (game.formats || []).filter((f) => FORMATS[f]).map((f) => downloadLink(api, game, f, `${game.id}.${FORMATS[f].file}`, FORMATS[f].label));
  const kind = [
    config.kind ? t(`kind.${config.kind}`) : null,
    familyOf(config.family).replay.rulesLabel(config, t),
  ];
  return el(
    "div",
    { class: "replay", "data-testid": "replay" },
    el("div", { class: "row" }, el("h1", {}, t("replay.title")), el("span", { class: "muted" }, kind.filter(Boolean).join(" · "))),
    el("p", { class: "hint keys-hint", "data-testid": "replay-keys" }, t("replay.keys")),
    reviewControls(rp, api, seat),
    rp.handsBar,
    rp.bar,
    rp.lastLine,
    rp.resultBox,
    rp.main,
    el(
      "p",
      { class: "hint" },
      downloads.length ? [t("replay.downloads"), " ", downloads.flatMap((a, i) => (i ? [" · ", a] : [a])), result.seed ? " · " : ""] : null,
      result.seed ? el("span", { class: "muted" }, `${t("replay.seed")} ${result.seed}`) : null,
    ),
  );
}

export async function mount(root, params, ctx) {
  const { api, settings } = ctx;
  root.replaceChildren(el("p", { class: "muted" }, t("shell.loading")));
  let game;
  try {
    game = await api.game(params.id);
  } catch (e) {
    root.replaceChildren(
      el("h1", {}, t("replay.title")),
      el("p", { class: "error", role: "alert", "data-testid": "replay-error" }, e.status === 404 ? t("replay.not_found") : t("shell.error", { message: e.message })),
    );
    return undefined;
  }
  const rp = replayObject(game, params, settings);
  const seat = reviewSeat(rp, params, api);
  root.replaceChildren(pageEl(rp, game, api, seat));
  rp.render();
  const asked = params.query.get("review");
  if (asked !== null && !SEATS.includes(asked)) {
    // a seat the table does not have: say which, rather than reviewing another seat
    rp.review = { seat, error: t("review.bad_seat", { seat: asked }) };
    rp.render();
  } else if (asked !== null) startReview(rp, api, seat);
  const onKey = keyHandler(rp);
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
