// The classical family on the score sheet (preset sontag): all four hands as shown at the end
// (concealed tiles, laid-out figures, flowers and seasons), the winner's tile and how it was
// won, the premiums' situations, the Störspiel violation, Remis and penalties; the draft into a
// sheet entry (docs/sheet.md) and back. Same hooks as sheet/riichi.js.
import { el } from "../dom.js";
import { checks, foldedChecks, group, handSize, partError, playerOptions, seg, sizeError } from "./controls.js";
import { newDraft, tilesOf } from "./draft.js";
import { tilesOr, writeTiles } from "./typing.js";
import { classicalResult, classicalSummary } from "./classical_result.js";

const FLAGS = ["last_wall_tile", "last_discard", "robbing_kong", "heavenly_hand", "earthly_hand"];
const PLAYERS = [0, 1, 2, 3];
// who held a wrong number of tiles at the end (§8): his hand is not entered (he claims nothing)
const wrong = (d, p) => Boolean(d.wrong && d.wrong[p]) && p !== d.winner;

function parts(draft, player) {
  if (draft.outcome !== "win") return [];
  const list = player === draft.winner ? ["hand", "melds", "win", "bonus"] : ["hand", "melds", "bonus"];
  return list.map((part) => ({ target: { player, part } }));
}

/** Where taps go next: a full hand moves on to the winning tile (the winner) or to the
 * flowers and seasons; the next player is chosen by the tabs. */
function nextTarget(draft, target) {
  if (target.part !== "win" && target.part !== "bonus" && target.player === draft.winner) return { player: target.player, part: "win" };
  return { player: target.player, part: "bonus" };
}

function playerTabs(sp) {
  const d = sp.draft;
  if (d.outcome !== "win") return null;
  return el(
    "div",
    { class: "seg player-tabs", role: "group", "aria-label": sp.t("sheet.whose_tiles"), "data-testid": "player-tabs" },
    sp.sheet.players.map((name, i) => {
      const count = handSize(d.hands[i]) + (i === d.winner && d.win_tile ? 1 : 0);
      const full = count === (i === d.winner ? 14 : 13);
      const off = wrong(d, i);
      return el(
        "button",
        { type: "button", class: `seg-btn${full ? " seg-btn--done" : ""}`, "data-player": String(i), "aria-pressed": String(sp.target.player === i), disabled: off || null, onclick: () => ((sp.target = { player: i, part: "hand" }), sp.render()) },
        off ? `${name} —` : `${name} ${count}/${i === d.winner ? 14 : 13}`,
      );
    }),
  );
}

function playerOf(h) {
  const out = { hand: writeTiles(h.hand) };
  if (h.melds.length) out.melds = h.melds.map((m) => ({ type: m.kind, tiles: writeTiles(m.tiles), open: m.open }));
  if (h.bonus.length) out.bonus = writeTiles(h.bonus);
  return out;
}

/** The sheet entry (docs/sheet.md, classical entries) of a draft. */
function toEntry(d) {
  if (d.outcome === "remis") return { kind: "remis" };
  if (d.outcome === "penalty") {
    const out = { kind: "penalty", player: d.penalty.player, points: Number(d.penalty.points) };
    if (d.penalty.reason) out.reason = d.penalty.reason;
    return out;
  }
  const self = d.how === "tsumo";
  const players = d.hands.map((h, i) => (wrong(d, i) ? { hand: "" } : playerOf(h)));
  const entry = { kind: "mahjong", players, winner: d.winner, win_tile: d.win_tile || "", win: self ? "self_draw" : "discard", discarder: self ? null : d.from };
  for (const f of FLAGS) entry[f] = Boolean(d.flags[f]);
  entry.danger_violation = !self && d.stoerspiel ? d.from : null;
  const offenders = PLAYERS.filter((p) => wrong(d, p));
  if (offenders.length) entry.wrong_tiles = offenders;
  return entry;
}

/** A draft from a sheet entry (to correct it). */
function fromEntry(entry) {
  const d = newDraft();
  d.penalty = { player: 0, points: 10, reason: "" };
  if (entry.kind === "remis") return { ...d, outcome: "remis" };
  if (entry.kind === "penalty") return { ...d, outcome: "penalty", penalty: { player: entry.player, points: entry.points, reason: entry.reason || "" } };
  d.winner = [0, 1, 2, 3].includes(entry.winner) ? entry.winner : 0;
  d.how = entry.win === "self_draw" ? "tsumo" : "ron";
  d.from = entry.discarder ?? (entry.winner + 1) % 4;
  d.win_tile = tilesOr(entry.win_tile)[0] || null;
  if (!Array.isArray(entry.players) || entry.players.length !== 4) return d;
  d.hands = entry.players.map((p = {}) => ({
    hand: tilesOr(p.hand),
    melds: (Array.isArray(p.melds) ? p.melds : []).map((m = {}) => ({ kind: ["chow", "pung", "kong"].includes(m.type) ? m.type : "pung", open: m.open !== false, tiles: tilesOr(m.tiles) })),
    bonus: tilesOr(p.bonus),
  }));
  for (const f of FLAGS) if (entry[f]) d.flags[f] = true;
  d.stoerspiel = entry.danger_violation !== null && entry.danger_violation !== undefined;
  d.wrong = PLAYERS.map((p) => Array.isArray(entry.wrong_tiles) && entry.wrong_tiles.includes(p));
  return d;
}

/** What is missing before the entry can be scored: every hand's size, the winning tile. */
function checkDraft(d) {
  if (d.outcome === "penalty") {
    const n = Number(d.penalty.points);
    return Number.isInteger(n) && n >= 1 && n <= 10000 ? null : { key: "sheet.err.penalty_points", params: {} };
  }
  if (d.outcome !== "win") return null;
  for (let i = 0; i < 4; i++) {
    if (wrong(d, i)) continue;
    const size = handSize(d.hands[i]);
    if (size !== 13) return { key: "sheet.err.player_hand_size", params: { player: i, n: size } };
  }
  if (!d.win_tile) return { key: "sheet.err.no_win_tile", params: {} };
  return null;
}

function winControls(sp, t, names) {
  const d = sp.draft;
  const redraw = (fn) => (v) => (fn(v), sp.render());
  return [
    group(t("sheet.winner"), seg(t("sheet.winner"), playerOptions(names), d.winner, redraw((v) => ((d.winner = v), d.from === v && (d.from = (v + 1) % 4), d.wrong && (d.wrong[v] = false), (sp.target = { player: v, part: "hand" }))), "winner")),
    group(t("sheet.how"), seg(t("sheet.how"), [{ value: "ron", label: t("sheet.discard") }, { value: "tsumo", label: t("sheet.self_draw") }], d.how, redraw((v) => (d.how = v)), "how")),
    d.how === "ron" ? group(t("sheet.from"), seg(t("sheet.from"), playerOptions(names, d.winner), d.from, redraw((v) => (d.from = v)), "from")) : null,
    foldedChecks(t("sheet.flags"), FLAGS.map((f) => ({ key: f, label: t(`sheet.flag.${f}`), checked: d.flags[f] })), (k, v) => ((d.flags[k] = v), sp.render()), "flags", sp.flagsUi, () => sp.render()),
    d.how === "ron" ? checks(t("sheet.stoerspiel"), [{ key: "stoerspiel", label: t("sheet.stoerspiel_by", { name: names[d.from] }), checked: d.stoerspiel }], (k, v) => ((d.stoerspiel = v), sp.render()), "stoerspiel") : null,
    wrongTiles(sp, t, names),
  ];
}

/** Who held a wrong number of tiles (pays for all, claims nothing): folded, it is rare. */
function wrongTiles(sp, t, names) {
  const d = sp.draft;
  d.wrong = d.wrong || [false, false, false, false];
  sp.wrongUi = sp.wrongUi || { open: false };
  const items = PLAYERS.filter((p) => p !== d.winner).map((p) => ({ key: String(p), label: names[p], checked: d.wrong[p] }));
  const pick = (k, v) => {
    d.wrong[Number(k)] = v;
    if (v && sp.target.player === Number(k)) sp.target = { player: d.winner, part: "hand" };
    sp.render();
  };
  return foldedChecks(t("sheet.wrong_tiles"), items, pick, "wrong_tiles", sp.wrongUi, () => sp.render());
}

function penaltyControls(sp, t, names) {
  const p = sp.draft.penalty;
  return [
    group(t("sheet.penalty_player"), seg(t("sheet.penalty_player"), playerOptions(names), p.player, (v) => ((p.player = v), sp.render()), "penalty-player")),
    el("label", { class: "field" }, el("span", {}, t("sheet.penalty_points")), el("input", { type: "number", min: "1", max: "10000", value: String(p.points), "data-testid": "penalty-points", onchange: (e) => (p.points = e.target.value) })),
    el("label", { class: "field" }, el("span", {}, t("sheet.penalty_reason")), el("input", { type: "text", maxlength: "100", value: p.reason, "data-testid": "penalty-reason", onchange: (e) => (p.reason = e.target.value) })),
  ];
}

function controls(sp, t, names) {
  const d = sp.draft;
  d.penalty = d.penalty || { player: 0, points: 10, reason: "" };
  const outcomes = ["win", "remis", "penalty"].map((o) => ({ value: o, label: t(`sheet.outcome_classical.${o}`) }));
  return el(
    "div",
    { class: "hand-controls" },
    seg(t("sheet.outcome"), outcomes, d.outcome, (v) => ((d.outcome = v), (sp.target = { player: d.winner, part: "hand" }), sp.render()), "outcome"),
    d.outcome === "win" ? winControls(sp, t, names) : null,
    d.outcome === "penalty" ? penaltyControls(sp, t, names) : null,
  );
}

export default {
  family: "classical",
  presets: ["sontag"],
  lengths: [],
  set: { red: false, bonus: true },
  setTiles: (draft) => (draft.outcome === "win" ? tilesOf(draft, PLAYERS.filter((p) => !wrong(draft, p)), false) : []),
  parts,
  partLabel: (part, t) => t(`sheet.part.${part}`),
  playerTabs,
  partError,
  sizeError,
  autoAdvance: (draft, target) => target.part !== "win" && handSize(draft.hands[target.player]) === 13,
  nextTarget,
  firstTarget: (draft) => ({ player: draft.winner, part: "hand" }),
  meldLabel: (kind, t) => t(`sheet.meld.${kind}`),
  controls,
  toEntry,
  fromEntry,
  checkDraft,
  resultEl: classicalResult,
  summary: classicalSummary,
  startTotals: 0,
};
