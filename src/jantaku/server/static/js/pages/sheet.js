// The score sheet for a physical table: `#/sheet` (the sheet kept in this browser; no login
// needed) and `#/sheet/<id>` (a registered player's stored sheet). Builds the page object `sp`
// and mounts the pieces of js/sheet/ (see docs/client.md, "Score sheet").
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { kindOf } from "../sheet/kinds.js";
import { freshDraft } from "../sheet/entry.js";
import { compute, entryActions, keep, renderAll, renderEntry } from "../sheet/page.js";
import { canKeep, sheets } from "../sheet/remote.js";
import { failure } from "../sheet/editor.js";
import { setupEl } from "../sheet/setup.js";
import { loadDraft, loadLocal, newDoc, saveDraft, saveLocal } from "../sheet/store.js";

const shareToken = (share) => (typeof share === "string" ? share : share && share.token) || null;

async function loadStored(id) {
  const data = await sheets.get(id);
  saveLocal(data.sheet, data.id);
  return { doc: data.sheet, id: data.id, result: data.result, share: shareToken(data.share) };
}

const list = (x) => Array.isArray(x);

/** Whether a draft read back from localStorage has the shape the editor needs. */
function usable(d) {
  if (!d || typeof d !== "object" || !list(d.hands) || d.hands.length !== 4) return false;
  if (!d.hands.every((h) => h && list(h.hand) && list(h.melds) && list(h.bonus))) return false;
  return list(d.dora) && list(d.ura) && list(d.riichi) && list(d.tenpai) && typeof d.flags === "object";
}

function restoreDraft(sp) {
  const kept = loadDraft();
  sp.draft = freshDraft(sp);
  if (!kept || !usable(kept.draft)) return;
  const index = kept.editIndex;
  if (index !== null && !(index >= 0 && index < sp.sheet.hands.length)) return;
  sp.draft = kept.draft;
  sp.editIndex = index;
  if (kept.target && kept.target.part) sp.target = kept.target;
}

function showSetup(root, sp, initial) {
  root.replaceChildren(
    el("div", { class: "sheet-page sheet-page--setup" }, el("h1", {}, t("sheet.page_title")), el("p", { class: "hint" }, t("sheet.intro")), setupEl(t, (s) => start(root, sp, newDoc(s.preset, s.players, s.title, s.options)), initial)),
  );
}

async function start(root, sp, doc) {
  saveDraft(null);
  Object.assign(sp, { sheet: doc, id: null, share: null, result: null, editIndex: null, notice: null });
  await show(root, sp);
}

async function show(root, sp) {
  sp.kind = kindOf(sp.sheet.preset);
  if (!sp.result) {
    const { result, message } = await compute(sp.sheet);
    sp.result = result || null;
    sp.notice = message || null;
  }
  if (!sp.draft) restoreDraft(sp);
  // a sheet begun before logging in is stored once its player is logged in
  if (canKeep() && !sp.id && sp.sheet.hands.length) await keep(sp);
  sp.headBox = el("div", { class: "sheet-head-box" });
  sp.entryBox = el("div", { class: "sheet-entry-box" });
  sp.resultBox = el("div", { class: "sheet-results", "data-testid": "sheet-results" });
  root.replaceChildren(el("div", { class: "sheet-page", "data-testid": "sheet-page" }, sp.headBox, el("div", { class: "sheet-grid" }, sp.entryBox, sp.resultBox)));
  renderAll(sp);
}

export async function mount(root, params) {
  root.replaceChildren(el("p", { class: "muted" }, t("shell.loading")));
  const sp = { t, typed: {}, error: null, editIndex: null, busy: false, meldKind: "pung", meldOpen: true, readonly: false, flagsUi: { open: false }, target: { player: 0, part: "hand" } };
  sp.render = () => renderEntry(sp);
  sp.renderAll = () => renderAll(sp);
  sp.entryActions = entryActions(sp);
  sp.newSheet = () => showSetup(root, sp, { preset: sp.sheet.preset, players: sp.sheet.players });
  let kept = null;
  if (params.id) {
    if (!canKeep()) {
      root.replaceChildren(el("p", { class: "error", role: "alert" }, t("sheet.login_to_open")));
      return;
    }
    try {
      kept = await loadStored(params.id);
    } catch (e) {
      const text = e.status === 404 ? t("sheet.not_found") : t("shell.error", { message: failure(t, e) });
      root.replaceChildren(el("p", { class: "error", role: "alert", "data-testid": "sheet-missing" }, text), el("a", { href: "#/sheet" }, t("sheet.open_sheet")));
      return;
    }
  } else {
    kept = loadLocal();
  }
  if (!kept) return showSetup(root, sp, {});
  Object.assign(sp, { sheet: kept.doc, id: kept.id, result: kept.result || null, share: kept.share || null });
  await show(root, sp);
}
