// The riichi family on the score sheet (presets doman, doman_no_kuitan, tenhou): the winner's
// tiles with dora and ura indicators, how the hand was won, riichi declarations, exhaustive and
// abortive draws; the draft into a sheet entry (docs/sheet.md) and back. Same hooks as
// sheet/classical.js; sheet/kinds.js looks them up by the sheet's preset.
import { el } from "../dom.js";
import { checks, foldedChecks, group, handSize, partError as basePartError, playerOptions, seg, sizeError } from "./controls.js";
import { newDraft, tilesOf } from "./draft.js";
import { tilesOr, writeTiles } from "./typing.js";
import { riichiResult, riichiSummary } from "./riichi_result.js";

const FLAGS = ["ippatsu", "double_riichi", "haitei", "houtei", "rinshan", "chankan", "first_turn"];
// in a double ron: the flags of the discard hold for both winners; each winner's own are his
const SHARED = ["houtei", "chankan"];
const OWN = ["ippatsu", "double_riichi"];
const ABORTIVE = ["nine_terminals", "four_winds", "four_kans", "triple_ron", "four_riichi"];
const TYPES = { chow: "chi", pung: "pon" };

const second = (draft) => (draft.outcome === "win" && draft.how === "ron" && Number.isInteger(draft.winner2) ? draft.winner2 : null);
const winners = (draft) => [draft.winner, second(draft)].filter((p) => p !== null);

/** The winner's parts (with the winning tile and the indicators, shared in a double ron), or
 * the second winner's concealed tiles and melds. */
function parts(draft, player) {
  if (draft.outcome !== "win") return [];
  if (player === second(draft)) return ["hand", "melds"].map((part) => ({ target: { player, part } }));
  const p = draft.winner;
  return ["hand", "melds", "win", "dora", "ura"].map((part) => ({ target: { player: ["dora", "ura"].includes(part) ? 0 : p, part } }));
}

function playerTabs(sp) {
  const d = sp.draft;
  if (second(d) === null) return null;
  const current = sp.target.player === second(d) ? second(d) : d.winner;
  return seg(sp.t("sheet.whose_tiles"), winners(d).map((p) => ({ value: p, label: `${sp.sheet.players[p]} ${handSize(d.hands[p])}/13` })), current, (v) => ((sp.target = { player: v, part: "hand" }), sp.render()), "player-tabs");
}

function partError(target, tiles) {
  const bonus = tiles.find((tile) => tile[1] === "f" || tile[1] === "y");
  if (bonus) return { key: "sheet.err.not_in_set", params: { tile: bonus } };
  return basePartError(target, tiles);
}

function nextTarget(draft, target) {
  if (target.player === second(draft)) return target;
  if (target.part === "hand" || target.part === "melds") return { player: target.player, part: "win" };
  if (target.part === "win") return { player: 0, part: "dora" };
  return target;
}

function meldType(m) {
  if (m.kind !== "kong") return TYPES[m.kind];
  if (!m.open) return "ankan";
  return m.added ? "kakan" : "kan";
}

function handOf(draft, player) {
  const h = draft.hands[player];
  const out = {
    hand: writeTiles(h.hand),
    melds: h.melds.map((m) => ({ type: meldType(m), tiles: writeTiles(m.tiles) })),
    win_tile: draft.win_tile || "",
    win: draft.how,
    dora_indicators: writeTiles(draft.dora),
    ura_indicators: writeTiles(draft.ura),
  };
  // the first winner's flags; a second winner gets the discard's and his own
  const own = player === draft.winner ? draft.flags : draft.flags2 || {};
  for (const f of player === draft.winner ? FLAGS : OWN) if (own[f]) out[f] = true;
  if (player !== draft.winner) for (const f of SHARED) if (draft.flags[f]) out[f] = true;
  return out;
}

const who = (flags) => flags.flatMap((on, i) => (on ? [i] : []));

/** The sheet entry (docs/sheet.md, riichi entries) of a draft. */
function toEntry(draft) {
  const riichi = who(draft.riichi);
  if (draft.outcome === "draw") return { kind: "draw", tenpai: who(draft.tenpai), riichi, nagashi: who(draft.nagashi || [false, false, false, false]) };
  if (draft.outcome === "abortive") return { kind: "abortive", reason: draft.abortive, riichi };
  const paoOf = (p) => (p === draft.winner ? draft.pao : draft.pao2);
  const one = (p) => (Number.isInteger(paoOf(p)) ? { player: p, hand: handOf(draft, p), pao: paoOf(p) } : { player: p, hand: handOf(draft, p) });
  return { kind: "win", winners: winners(draft).map(one), discarder: draft.how === "tsumo" ? null : draft.from, riichi };
}

const KINDS = { chi: ["chow", true], pon: ["pung", true], kan: ["kong", true], kakan: ["kong", true], ankan: ["kong", false] };
const meldOf = (m = {}) => {
  const [kind, open] = KINDS[m.type] || ["pung", true];
  return { kind, open, added: m.type === "kakan" || undefined, tiles: tilesOr(m.tiles) };
};
const seat = (p) => ([0, 1, 2, 3].includes(p) ? p : 0);
const mask = (list) => [0, 1, 2, 3].map((i) => (list || []).includes(i));

/** A draft from a sheet entry (to correct it). */
function fromEntry(entry) {
  const d = newDraft();
  d.outcome = entry.kind;
  d.riichi = mask(entry.riichi);
  if (entry.kind === "draw") {
    d.tenpai = mask(entry.tenpai);
    d.nagashi = mask(entry.nagashi);
  }
  if (entry.kind === "abortive") d.abortive = entry.reason;
  if (entry.kind !== "win") return d;
  const w = (entry.winners || [])[0] || { player: 0, hand: {} };
  const h = w.hand || {};
  const player = seat(w.player);
  d.winner = player;
  d.pao = Number.isInteger(w.pao) ? w.pao : null;
  d.how = h.win === "tsumo" ? "tsumo" : "ron";
  d.from = entry.discarder ?? (player + 1) % 4;
  d.hands[player].hand = tilesOr(h.hand);
  d.hands[player].melds = Array.isArray(h.melds) ? h.melds.map(meldOf) : [];
  d.win_tile = tilesOr(h.win_tile)[0] || null;
  d.dora = tilesOr(h.dora_indicators);
  d.ura = tilesOr(h.ura_indicators);
  for (const f of FLAGS) if (h[f]) d.flags[f] = true;
  const w2 = (entry.winners || [])[1];
  if (w2 && w2.hand && [0, 1, 2, 3].includes(w2.player)) {
    d.winner2 = w2.player;
    d.hands[w2.player].hand = tilesOr(w2.hand.hand);
    d.hands[w2.player].melds = Array.isArray(w2.hand.melds) ? w2.hand.melds.map(meldOf) : [];
    d.flags2 = {};
    for (const f of OWN) if (w2.hand[f]) d.flags2[f] = true;
    for (const f of SHARED) if (w2.hand[f]) d.flags[f] = true;
    d.pao2 = Number.isInteger(w2.pao) ? w2.pao : null;
  }
  return d;
}

/** What is missing before the entry can be scored (checked here; the server checks the rest). */
function checkDraft(draft) {
  if (draft.outcome !== "win") return null;
  for (const p of winners(draft)) {
    const size = handSize(draft.hands[p]);
    if (size !== 13) return { key: "sheet.err.player_hand_size", params: { player: p, n: size } };
  }
  if (!draft.win_tile) return { key: "sheet.err.no_win_tile", params: {} };
  return null;
}

/** Who is liable (pao) for a big three dragons or big four winds: shown with the situations
 * (`ui.open`); in a double ron each winner has his own (`key` "pao" or "pao2"). */
function paoControl(sp, ui, t, names, key, winner, label) {
  const d = sp.draft;
  if (!ui.open && !Number.isInteger(d[key])) return null;
  const options = [{ value: "none", label: t("sheet.nobody") }, ...names.map((n, i) => ({ value: i, label: n, disabled: i === winner }))];
  // the second winner's pao, once changed, keeps the situations open (as his flags do)
  const change = (v) => ((d[key] = v === "none" ? null : v), key === "pao2" && (ui.open = true), sp.render());
  return group(label, seg(label, options, Number.isInteger(d[key]) ? d[key] : "none", change, key));
}

/** Whether the situations are unfolded: opened by the user (`sp.flagsUi`), or held open by
 * what the second winner of a double ron has set. Derived while drawing, never stored by it;
 * setting `open` (the fold button, a changed check) is the user's and goes to `sp.flagsUi`. */
function foldState(sp, w2) {
  const d = sp.draft;
  const held = w2 !== null && (OWN.some((f) => d.flags2[f]) || Number.isInteger(d.pao2));
  return {
    get open() {
      return sp.flagsUi.open || held;
    },
    set open(value) {
      sp.flagsUi.open = value;
    },
  };
}

/** The situations: in a double ron the first group is the first winner's (its houtei and
 * chankan hold for both: they belong to the discard), then the second winner's own flags
 * and each winner's pao. */
function situations(sp, t, names) {
  const d = sp.draft;
  const w2 = second(d);
  d.flags2 = d.flags2 || {};
  const ui = foldState(sp, w2);
  const whose = (f) => (w2 === null ? "" : OWN.includes(f) ? ` (${names[d.winner]})` : SHARED.includes(f) ? ` (${names[d.winner]}, ${names[w2]})` : "");
  const items = FLAGS.map((f) => ({ key: f, label: `${t(`sheet.flag.${f}`)}${whose(f)}`, checked: d.flags[f] }));
  const out = [foldedChecks(t("sheet.flags"), items, (k, v) => ((d.flags[k] = v), sp.render()), "flags", ui, () => sp.render())];
  const open = ui.open || items.some((i) => i.checked);
  if (w2 === null) return [...out, paoControl(sp, ui, t, names, "pao", d.winner, t("sheet.pao"))];
  const own = OWN.map((f) => ({ key: f, label: t(`sheet.flag.${f}`), checked: d.flags2[f] }));
  const change2 = (k, v) => ((d.flags2[k] = v), (ui.open = true), sp.render());
  if (open) out.push(group(`${t("sheet.flags")}: ${names[w2]}`, checks(`${t("sheet.flags")}: ${names[w2]}`, own, change2, "flags2")));
  out.push(paoControl(sp, ui, t, names, "pao", d.winner, `${t("sheet.pao")}: ${names[d.winner]}`));
  out.push(paoControl(sp, ui, t, names, "pao2", w2, `${t("sheet.pao")}: ${names[w2]}`));
  return out;
}

function winControls(sp, t, names) {
  const d = sp.draft;
  const set = (fn) => () => (fn(), sp.render());
  return [
    group(t("sheet.winner"), seg(t("sheet.winner"), playerOptions(names), d.winner, (v) => set(() => ((d.winner = v), d.from === v && (d.from = (v + 1) % 4), d.winner2 === v && (d.winner2 = null), (sp.target = { player: v, part: "hand" })))(), "winner")),
    group(t("sheet.how"), seg(t("sheet.how"), [{ value: "ron", label: t("sheet.ron") }, { value: "tsumo", label: t("sheet.tsumo") }], d.how, (v) => set(() => (d.how = v))(), "how")),
    d.how === "ron" ? group(t("sheet.from"), seg(t("sheet.from"), playerOptions(names, d.winner), d.from, (v) => set(() => ((d.from = v), d.winner2 === v && (d.winner2 = null)))(), "from")) : null,
    d.how === "ron" ? group(t("sheet.double_ron"), seg(t("sheet.double_ron"), [{ value: "none", label: t("sheet.nobody") }, ...names.map((n, i) => ({ value: i, label: n, disabled: i === d.winner || i === d.from }))], Number.isInteger(d.winner2) ? d.winner2 : "none", (v) => set(() => ((d.winner2 = v === "none" ? null : v), (d.flags2 = {}), (d.pao2 = null), (sp.target = { player: d.winner, part: "hand" })))(), "winner2")) : null,
    ...situations(sp, t, names),
  ];
}

function drawControls(sp, t, names) {
  const d = sp.draft;
  d.nagashi = d.nagashi || [false, false, false, false];
  const set = (list) => (k, v) => ((d[list][Number(k)] = v), sp.render());
  const items = (list) => names.map((name, i) => ({ key: String(i), label: name, checked: d[list][i] }));
  return [group(t("sheet.tenpai"), checks(t("sheet.tenpai"), items("tenpai"), set("tenpai"), "tenpai")), group(t("sheet.nagashi"), checks(t("sheet.nagashi"), items("nagashi"), set("nagashi"), "nagashi"))];
}

/** The hand's controls above the tiles: outcome, winner and how, riichi, draws. */
function controls(sp, t, names) {
  const d = sp.draft;
  const outcomes = ["win", "draw", "abortive"].map((o) => ({ value: o, label: t(`sheet.outcome.${o}`) }));
  const reasons = ABORTIVE.filter((r) => r !== "four_riichi" || sp.sheet.preset === "tenhou").map((r) => ({ value: r, label: t(`draw.${r}`) }));
  const riichi = names.map((name, i) => ({ key: String(i), label: name, checked: d.riichi[i] }));
  return el(
    "div",
    { class: "hand-controls" },
    seg(t("sheet.outcome"), outcomes, d.outcome, (v) => ((d.outcome = v), (sp.target = { player: d.winner, part: "hand" }), sp.render()), "outcome"),
    d.outcome === "win" ? winControls(sp, t, names) : null,
    d.outcome === "draw" ? drawControls(sp, t, names) : null,
    d.outcome === "abortive" ? group(t("sheet.abortive_reason"), seg(t("sheet.abortive_reason"), reasons, d.abortive, (v) => ((d.abortive = v), sp.render()), "abortive")) : null,
    group(t("sheet.riichi_declared"), checks(t("sheet.riichi_declared"), riichi, (k, v) => ((d.riichi[Number(k)] = v), sp.render()), "riichi")),
  );
}

export default {
  family: "riichi",
  presets: ["doman", "doman_no_kuitan", "tenhou"],
  lengths: ["east_south", "east_only"],
  set: { red: true, bonus: false, added: true },
  setTiles: (draft) => (draft.outcome === "win" ? tilesOf(draft, winners(draft), true) : []),
  parts,
  partLabel: (part, t) => t(`sheet.part.${part}`),
  playerTabs,
  partError,
  sizeError,
  autoAdvance: (draft, target) => target.part !== "win" && handSize(draft.hands[target.player]) === 13,
  nextTarget,
  firstTarget: (draft) => ({ player: draft.winner, part: "hand" }),
  meldLabel: (kind, t) => t(`sheet.meld_riichi.${kind}`),
  controls,
  toEntry,
  fromEntry,
  checkDraft,
  resultEl: riichiResult,
  summary: riichiSummary,
  startTotals: 25000,
};
