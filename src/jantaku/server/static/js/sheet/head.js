// The head of a score sheet: its title, rules and players, and what can be done with the whole
// sheet: print it (one page), export it as JSON or CSV, share it read-only by link, start a new
// one. Exports of a kept sheet are fetched with the session and saved as a file; a sheet kept
// only in this browser gets its CSV from the server (computed, not stored).
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { canKeep, saveBlob, saveComputedCsv, saveExport, sheets } from "./remote.js";
import { failure } from "./editor.js";

/** Fetch an export of the kept sheet (`path`), or the CSV of a sheet kept only here (no
 * path), and save it; a failure is shown as a notice. */
async function fetchExport(path, name, sp) {
  const status = path ? await saveExport(path, name) : await saveComputedCsv(sp.sheet, name);
  if (status === null) return;
  sp.notice = t("sheet.export_failed", { status });
  sp.renderAll();
}

function fileName(sp, format) {
  const base = (sp.sheet.title || "jantaku-sheet").replace(/[^\p{L}\p{N}_-]+/gu, "-").slice(0, 60);
  return `${base}.${format}`;
}

function exportLinks(sp) {
  const links = [];
  const json = () => saveBlob(fileName(sp, "json"), new Blob([JSON.stringify(sp.sheet, null, 2)], { type: "application/json" }));
  if (sp.shareToken) {
    for (const f of ["json", "csv"]) links.push(el("a", { class: "btn btn--small", href: sheets.sharedExportPath(sp.shareToken, f), download: fileName(sp, f), "data-testid": `export-${f}` }, t(`sheet.export_${f}`)));
    return links;
  }
  links.push(el("button", { type: "button", class: "btn btn--small", "data-testid": "export-json", onclick: json }, t("sheet.export_json")));
  if (sp.id) {
    links.push(el("a", { class: "btn btn--small", href: sheets.exportPath(sp.id, "csv"), "data-testid": "export-csv", onclick: (e) => (e.preventDefault(), fetchExport(sheets.exportPath(sp.id, "csv"), fileName(sp, "csv"), sp)) }, t("sheet.export_csv")));
  } else {
    links.push(el("button", { type: "button", class: "btn btn--small", "data-testid": "export-csv", onclick: () => fetchExport(null, fileName(sp, "csv"), sp) }, t("sheet.export_csv")));
  }
  return links;
}

async function toggleShare(sp) {
  try {
    if (sp.share) {
      await sheets.unshare(sp.id);
      sp.share = null;
    } else {
      sp.share = (await sheets.share(sp.id)).token;
    }
  } catch (e) {
    sp.notice = t("shell.error", { message: failure(t, e) });
  }
  sp.renderAll();
}

function shareEl(sp) {
  if (sp.readonly || !sp.id) return canKeep() || sp.readonly ? null : el("p", { class: "hint no-print", "data-testid": "keep-hint" }, t("sheet.keep_hint"));
  const link = sp.share ? `${location.origin}/#/sheetview/${encodeURIComponent(sp.share)}` : null;
  return el(
    "div",
    { class: "share no-print" },
    el("button", { type: "button", class: "btn btn--small", "data-testid": "share", onclick: () => toggleShare(sp) }, sp.share ? t("sheet.unshare") : t("sheet.share")),
    link ? el("a", { class: "share-link", href: link, "data-testid": "share-link" }, link) : null,
  );
}

/** The head card. */
export function headEl(sp) {
  const names = sp.sheet.players;
  return el(
    "section",
    { class: "card sheet-head", "data-testid": "sheet-head" },
    el("h1", { "data-testid": "sheet-title" }, sp.sheet.title || t("sheet.page_title")),
    el("p", { class: "muted sheet-rules" }, [t(`sheet.preset.${sp.sheet.preset}`), sp.sheet.options?.length ? t(`sheet.length.${sp.sheet.options.length}`) : null].filter(Boolean).join(" · ")),
    el("p", { class: "sheet-players" }, names.map((n, i) => el("span", { class: "sheet-player" }, `${i + 1}. ${n}`))),
    el(
      "div",
      { class: "row sheet-tools no-print" },
      el("button", { type: "button", class: "btn btn--small", "data-testid": "print", onclick: () => window.print() }, t("sheet.print")),
      exportLinks(sp),
      sp.readonly ? null : el("button", { type: "button", class: "btn btn--small", "data-testid": "new-sheet", onclick: () => sp.newSheet() }, t("sheet.new_sheet")),
    ),
    shareEl(sp),
  );
}
