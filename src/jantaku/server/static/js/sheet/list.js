// The profile's card of a registered player's score sheets: each with its title (or players),
// rules, number of hands and last change, a link to open it and its exports.
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { saveExport, sheets } from "./remote.js";

const when = (secs) => new Date(secs * 1000).toLocaleString(t("profile.locale"), { dateStyle: "short", timeStyle: "short" });

function download(sheet, format) {
  return el(
    "a",
    {
      href: sheets.exportPath(sheet.id, format),
      "data-testid": `list-export-${format}`,
      onclick: (e) => {
        e.preventDefault();
        saveExport(sheets.exportPath(sheet.id, format), `${sheet.title || "jantaku-sheet"}.${format}`);
      },
    },
    format.toUpperCase(),
  );
}

function row(sheet) {
  return el(
    "tr",
    { "data-sheet": sheet.id },
    el("td", {}, el("a", { href: `#/sheet/${encodeURIComponent(sheet.id)}`, "data-testid": "sheet-link" }, sheet.title || sheet.players.join(", "))),
    el("td", {}, t(`sheet.preset.${sheet.preset}`)),
    el("td", { class: "num" }, String(sheet.hands)),
    el("td", {}, when(sheet.updated_at)),
    el("td", { class: "row" }, download(sheet, "csv"), download(sheet, "json"), sheet.shared ? el("span", { class: "badge" }, t("sheet.shared_badge")) : null),
  );
}

/** The card; `list` is the answer of GET /api/me/sheets. */
export function sheetsCard(list) {
  const columns = ["sheet.col_sheet", "sheet.rules", "sheet.col_hands", "sheet.col_changed", "sheet.col_export"];
  const body = list.length
    ? el("div", { class: "table-scroll" }, el("table", { class: "games-table", "data-testid": "my-sheets" }, el("thead", {}, el("tr", {}, columns.map((k) => el("th", {}, t(k))))), el("tbody", {}, list.map(row))))
    : el("p", { class: "empty" }, t("sheet.no_sheets"));
  return el("section", { class: "card", "aria-labelledby": "sheets-title" }, el("h2", { id: "sheets-title" }, t("sheet.my_sheets")), body, el("p", {}, el("a", { href: "#/sheet", "data-testid": "open-sheet" }, t("sheet.open_sheet"))));
}

/** The player's sheets, or [] when they cannot be read (a guest, a lost session). */
export async function mySheets() {
  try {
    return (await sheets.mine()).sheets || [];
  } catch {
    return null;
  }
}
