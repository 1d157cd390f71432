// The score sheet page's wiring (pure DOM glue): the sheet's head (title, rules, names, print,
// export, share, new sheet), the entry card, the totals and the hand cards; computing the
// sheet on the server after every change, keeping it in localStorage and, for registered
// players, on the server.
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { draftEntry, entryEl, freshDraft } from "./entry.js";
import { errorText, failure, refusal } from "./editor.js";
import { handCard, standingsEl, totalsEl } from "./hands.js";
import { canKeep, sheets } from "./remote.js";
import { saveDraft, saveLocal } from "./store.js";
import { headEl } from "./head.js";

/** Redraw the entry card only (a tap, a typed part, a control), keeping the focused field. */
export function renderEntry(sp) {
  const focused = document.activeElement && document.activeElement.id;
  const card = entryEl(sp, sp.entryActions);
  sp.entryBox.replaceChildren(card);
  if (focused) document.getElementById(focused)?.focus();
  saveDraft({ draft: sp.draft, editIndex: sp.editIndex, target: sp.target });
}

/** Redraw everything: head, entry, totals, hands. */
export function renderAll(sp) {
  const names = sp.sheet.players;
  const result = sp.result || { hands: [], start: [0, 0, 0, 0].map(() => sp.kind.startTotals) };
  const actions = sp.readonly ? null : { edit: (i) => startEdit(sp, i), remove: (i) => removeHand(sp, i) };
  sp.headBox.replaceChildren(headEl(sp));
  const parts = [
    el("section", { class: "card totals-card", "aria-labelledby": "totals-title" }, el("h2", { id: "totals-title" }, t("sheet.totals")), totalsEl(result, names, sp.sheet.hands, sp.kind), standingsEl(result)),
    sp.notice ? el("p", { class: "notice", role: "status", "data-testid": "notice" }, sp.notice) : null,
    ...(result.hands || []).map((h) => handCard(h, sp.sheet.hands[h.index], names, sp.kind, actions)),
  ];
  sp.resultBox.replaceChildren(...parts.filter(Boolean));
  if (!sp.readonly) renderEntry(sp);
}

/** Keep the sheet here and, for a registered player, on the server (created on first save;
 * created again when the stored one is gone, e.g. another player's id in this browser). */
export async function keep(sp) {
  saveLocal(sp.sheet, sp.id);
  if (!canKeep()) return;
  try {
    let saved = null;
    if (sp.id) saved = await sheets.update(sp.id, sp.sheet).catch((e) => (e.code === "not_found" ? null : Promise.reject(e)));
    if (!saved) saved = await sheets.create(sp.sheet);
    sp.id = saved.id;
    sp.share = saved.share;
    saveLocal(sp.sheet, sp.id);
    sp.notice = null;
  } catch (e) {
    sp.notice = t("sheet.not_kept", { message: failure(t, e) });
  }
}

/** Compute `doc` on the server; the answer, or an error message (the sheet stays as it was). */
export async function compute(doc) {
  try {
    return { result: await sheets.compute(doc) };
  } catch (e) {
    return { message: t("sheet.compute_failed", { message: failure(t, e) }) };
  }
}

async function save(sp) {
  const made = draftEntry(sp);
  if (made.error) {
    sp.error = made.error;
    return renderEntry(sp);
  }
  const hands = [...sp.sheet.hands];
  const index = sp.editIndex === null ? hands.length : sp.editIndex;
  hands.splice(index, sp.editIndex === null ? 0 : 1, made.entry);
  const doc = { ...sp.sheet, hands };
  sp.busy = true;
  renderEntry(sp);
  const { result, message } = await compute(doc);
  sp.busy = false;
  const bad = result && result.hands[index] && result.hands[index].error;
  if (!result || bad) {
    sp.error = { key: "sheet.err.server", params: { message: message || bad.message, field: bad ? bad.field : "", refusal: bad && refusal(t, bad) } };
    return renderEntry(sp);
  }
  sp.sheet = doc;
  sp.result = result;
  sp.editIndex = null;
  sp.error = null;
  sp.typed = {};
  sp.draft = freshDraft(sp);
  await keep(sp);
  renderAll(sp);
}

function startEdit(sp, index) {
  sp.editIndex = index;
  sp.draft = sp.kind.fromEntry(sp.sheet.hands[index]);
  sp.target = sp.kind.firstTarget(sp.draft);
  sp.error = null;
  sp.typed = {};
  renderEntry(sp);
  sp.entryBox.scrollIntoView({ block: "start" });
}

async function removeHand(sp, index) {
  const hands = sp.sheet.hands.filter((_, i) => i !== index);
  const doc = { ...sp.sheet, hands };
  const { result, message } = await compute(doc);
  if (!result) {
    sp.notice = message;
    return renderAll(sp);
  }
  sp.sheet = doc;
  sp.result = result;
  if (sp.editIndex !== null) {
    sp.editIndex = null;
    sp.draft = freshDraft(sp);
  }
  sp.notice = t("sheet.deleted", { n: index + 1 });
  await keep(sp);
  renderAll(sp);
}

/** The entry card's buttons. */
export function entryActions(sp) {
  return {
    save: () => save(sp),
    clear: () => {
      sp.draft = freshDraft(sp);
      sp.error = null;
      sp.typed = {};
      renderEntry(sp);
    },
    cancel: () => {
      sp.editIndex = null;
      sp.draft = freshDraft(sp);
      sp.error = null;
      sp.typed = {};
      renderEntry(sp);
    },
  };
}

export { errorText };
