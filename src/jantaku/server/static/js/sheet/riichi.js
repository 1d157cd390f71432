// The riichi family on the score sheet (presets doman, doman_no_kuitan, tenhou): the winner's
// tiles with dora and ura indicators, how the hand was won, riichi declarations, exhaustive and
// abortive draws; the draft into a sheet entry (docs/sheet.md) and back. Same hooks as
// sheet/classical.js; sheet/kinds.js looks them up by the sheet's preset.
import { el } from "../dom.js";
import { parseTiles } from "../notation.js";
import { checks, foldedChecks, group, handSize, partError as basePartError, playerOptions, seg, sizeError } from "./controls.js";
import { newDraft, tilesOf } from "./draft.js";
import { writeTiles } from "./typing.js";
import { riichiResult, riichiSummary } from "./riichi_result.js";

const FLAGS = ["ippatsu", "double_riichi", "haitei", "houtei", "rinshan", "chankan", "first_turn"];
const ABORTIVE = ["nine_terminals", "four_winds", "four_kans", "triple_ron", "four_riichi"];
const TYPES = { chow: "chi", pung: "pon" };

function parts(draft) {
  if (draft.outcome !== "win") return [];
  const p = draft.winner;
  return ["hand", "melds", "win", "dora", "ura"].map((part) => ({ target: { player: ["dora", "ura"].includes(part) ? 0 : p, part } }));
}

function partError(target, tiles) {
  const bonus = tiles.find((tile) => tile[1] === "f" || tile[1] === "y");
  if (bonus) return { key: "sheet.err.not_in_set", params: { tile: bonus } };
  return basePartError(target, tiles);
}

function nextTarget(draft, target) {
  if (target.part === "hand" || target.part === "melds") return { player: target.player, part: "win" };
  if (target.part === "win") return { player: 0, part: "dora" };
  return target;
}

function meldType(m) {
  if (m.kind !== "kong") return TYPES[m.kind];
  if (!m.open) return "ankan";
  return m.added ? "kakan" : "kan";
}

function handOf(draft) {
  const h = draft.hands[draft.winner];
  const out = {
    hand: writeTiles(h.hand),
    melds: h.melds.map((m) => ({ type: meldType(m), tiles: writeTiles(m.tiles) })),
    win_tile: draft.win_tile || "",
    win: draft.how,
    dora_indicators: writeTiles(draft.dora),
    ura_indicators: writeTiles(draft.ura),
  };
  for (const f of FLAGS) if (draft.flags[f]) out[f] = true;
  return out;
}

const who = (flags) => flags.flatMap((on, i) => (on ? [i] : []));

/** The sheet entry (docs/sheet.md, riichi entries) of a draft. */
function toEntry(draft) {
  const riichi = who(draft.riichi);
  if (draft.outcome === "draw") return { kind: "draw", tenpai: who(draft.tenpai), riichi, nagashi: who(draft.nagashi || [false, false, false, false]) };
  if (draft.outcome === "abortive") return { kind: "abortive", reason: draft.abortive, riichi };
  return { kind: "win", winners: [{ player: draft.winner, hand: handOf(draft) }], discarder: draft.how === "tsumo" ? null : draft.from, riichi };
}

const KINDS = { chi: ["chow", true], pon: ["pung", true], kan: ["kong", true], kakan: ["kong", true], ankan: ["kong", false] };
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
  const w = entry.winners[0];
  const h = w.hand;
  d.winner = w.player;
  d.how = h.win === "tsumo" ? "tsumo" : "ron";
  d.from = entry.discarder ?? (w.player + 1) % 4;
  d.hands[w.player].hand = parseTiles(h.hand);
  d.hands[w.player].melds = (h.melds || []).map((m) => ({ kind: KINDS[m.type][0], open: KINDS[m.type][1], added: m.type === "kakan" || undefined, tiles: parseTiles(m.tiles) }));
  d.win_tile = h.win_tile || null;
  d.dora = parseTiles(h.dora_indicators);
  d.ura = parseTiles(h.ura_indicators);
  for (const f of FLAGS) if (h[f]) d.flags[f] = true;
  return d;
}

/** What is missing before the entry can be scored (checked here; the server checks the rest). */
function checkDraft(draft) {
  if (draft.outcome !== "win") return null;
  const size = handSize(draft.hands[draft.winner]);
  if (size !== 13) return { key: "sheet.err.hand_size", params: { n: size } };
  if (!draft.win_tile) return { key: "sheet.err.no_win_tile", params: {} };
  return null;
}

function winControls(sp, t, names) {
  const d = sp.draft;
  const set = (fn) => () => (fn(), sp.render());
  return [
    group(t("sheet.winner"), seg(t("sheet.winner"), playerOptions(names), d.winner, (v) => set(() => ((d.winner = v), d.from === v && (d.from = (v + 1) % 4), (sp.target = { player: v, part: "hand" })))(), "winner")),
    group(t("sheet.how"), seg(t("sheet.how"), [{ value: "ron", label: t("sheet.ron") }, { value: "tsumo", label: t("sheet.tsumo") }], d.how, (v) => set(() => (d.how = v))(), "how")),
    d.how === "ron" ? group(t("sheet.from"), seg(t("sheet.from"), playerOptions(names, d.winner), d.from, (v) => set(() => (d.from = v))(), "from")) : null,
    foldedChecks(t("sheet.flags"), FLAGS.map((f) => ({ key: f, label: t(`sheet.flag.${f}`), checked: d.flags[f] })), (k, v) => set(() => (d.flags[k] = v))(), "flags", sp.flagsUi, () => sp.render()),
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
  set: { red: true, bonus: false },
  setTiles: (draft) => (draft.outcome === "win" ? tilesOf(draft, [draft.winner], true) : []),
  parts,
  partLabel: (part, t) => t(`sheet.part.${part}`),
  playerTabs: () => null,
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
