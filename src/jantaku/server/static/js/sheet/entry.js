// The card where a hand is entered or corrected: where the hand stands (round, dealer, honba,
// sticks), the family's controls (outcome, winner, how it was won, ...), the tiles editor, and
// saving. Saving computes the whole sheet with the new entry first: an entry the server refuses
// stays in the editor with the message, and the sheet keeps what it had.
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { copyDraft, newDraft } from "./draft.js";
import { editorEl, errorText } from "./editor.js";
import { handPlace } from "./hands.js";

const FIRST = { round: "E1", round_wind: "E", dealer: 0, honba: 0, sticks: 0 };

/** The state the next hand starts from (the last hand's `after`, or the first hand's). */
export function nextState(result) {
  const hands = (result && result.hands) || [];
  return hands.length ? hands[hands.length - 1].after || FIRST : FIRST;
}

/** A fresh draft for the next hand: the dealer's left neighbour as the default discarder. */
export function freshDraft(sp) {
  const d = newDraft();
  d.penalty = { player: 0, points: 10, reason: "" };
  sp.target = sp.kind.firstTarget(d);
  return d;
}

function heading(sp) {
  const names = sp.sheet.players;
  if (sp.editIndex !== null) {
    const before = sp.result?.hands?.[sp.editIndex]?.before;
    return t("sheet.correcting", { n: sp.editIndex + 1, place: handPlace(before) });
  }
  const state = nextState(sp.result);
  return t("sheet.next_hand", { n: sp.sheet.hands.length + 1, place: handPlace(state), dealer: names[state.dealer] ?? "" });
}

/** The whole card; `actions` = {save(), clear(), cancel()}. */
export function entryEl(sp, actions) {
  const names = sp.sheet.players;
  const ended = sp.result && sp.result.ended && sp.editIndex === null;
  if (ended) {
    return el(
      "section",
      { class: "card entry-card no-print", "data-testid": "entry" },
      el("h2", { id: "entry-title", "data-testid": "entry-title" }, t("sheet.match_over_title")),
      el("p", { class: "muted", "data-testid": "match-over" }, t("sheet.match_over")),
    );
  }
  const hasTiles = sp.kind.parts(sp.draft, sp.target.player).length > 0;
  return el(
    "section",
    { class: "card entry-card no-print", "data-testid": "entry", "aria-labelledby": "entry-title" },
    el("h2", { id: "entry-title", "data-testid": "entry-title" }, heading(sp)),
    sp.kind.controls(sp, t, names),
    hasTiles ? editorEl(sp) : el("p", { class: "error", role: "alert", "data-testid": "sheet-error", hidden: !sp.error }, sp.error ? errorText(t, sp.error, names) : ""),
    el(
      "div",
      { class: "row entry-actions" },
      el("button", { type: "button", class: "btn btn--primary", "data-testid": "save-hand", disabled: sp.busy || null, onclick: actions.save }, sp.editIndex === null ? t("sheet.save_hand") : t("sheet.save_correction")),
      el("button", { type: "button", class: "btn", "data-testid": "clear-hand", onclick: actions.clear }, t("sheet.clear")),
      sp.editIndex !== null ? el("button", { type: "button", class: "btn", "data-testid": "cancel-edit", onclick: actions.cancel }, t("sheet.cancel")) : null,
    ),
  );
}

/** The entry of the draft, or an error {key, params} of what is missing. */
export function draftEntry(sp) {
  const missing = sp.kind.checkDraft(sp.draft);
  if (missing) return { error: missing };
  return { entry: sp.kind.toEntry(copyDraft(sp.draft)) };
}
