// Where the score sheet lives in the browser: the sheet being kept (its document, and the
// server's id once a registered player saved it) in localStorage "jantaku.sheet", so a sheet
// needs no login and survives a reload; the hand being entered in "jantaku.sheetDraft".
import { getSetting, setSetting } from "../settings.js";

/** The kept sheet: {doc, id} (id null while it lives only here), or null. */
export function loadLocal() {
  const kept = getSetting("sheet", null);
  if (!kept || typeof kept !== "object" || !kept.doc || !Array.isArray(kept.doc.players)) return null;
  if (!Array.isArray(kept.doc.hands)) kept.doc.hands = [];
  return { doc: kept.doc, id: kept.id || null };
}

export function saveLocal(doc, id) {
  setSetting("sheet", doc ? { doc, id: id || null } : null);
}

/** The unfinished hand entry ({draft, editIndex}) of the kept sheet, or null. */
export function loadDraft() {
  return getSetting("sheetDraft", null);
}

export function saveDraft(value) {
  setSetting("sheetDraft", value);
}

/** A new sheet document (docs/sheet.md, version 1). */
export function newDoc(preset, players, title, options) {
  const doc = { version: 1, preset, players, hands: [] };
  if (title) doc.title = title;
  if (options && Object.keys(options).length) doc.options = options;
  return doc;
}
