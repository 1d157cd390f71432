// A score sheet shared read-only by link: `#/sheetview/<token>` (no login). The same head,
// totals and hand cards as the sheet page, without the entry card and the buttons that change.
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { kindOf } from "../sheet/kinds.js";
import { renderAll } from "../sheet/page.js";
import { sheets } from "../sheet/remote.js";
import { failure } from "../sheet/editor.js";

export async function mount(root, params) {
  root.replaceChildren(el("p", { class: "muted" }, t("shell.loading")));
  let data;
  try {
    data = await sheets.shared(params.id || "");
  } catch (e) {
    root.replaceChildren(el("h1", {}, t("sheet.page_title")), el("p", { class: "error", role: "alert", "data-testid": "shared-missing" }, e.status === 404 ? t("sheet.shared_missing") : t("shell.error", { message: failure(t, e) })));
    return;
  }
  const sp = { t, readonly: true, sheet: data.sheet, result: data.result, kind: kindOf(data.sheet.preset), shareToken: params.id };
  sp.renderAll = () => renderAll(sp);
  sp.headBox = el("div", { class: "sheet-head-box" });
  sp.resultBox = el("div", { class: "sheet-results", "data-testid": "sheet-results" });
  root.replaceChildren(el("div", { class: "sheet-page sheet-page--readonly", "data-testid": "sheet-view" }, sp.headBox, el("div", { class: "sheet-grid" }, sp.resultBox)));
  renderAll(sp);
}
