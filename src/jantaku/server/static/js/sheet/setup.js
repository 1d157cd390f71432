// The form that starts a score sheet: the rules (Doman, Doman without kuitan, Tenhou, classical
// TU Chemnitz), the riichi match length, a title and the four names (player 1 is the first
// East; turn order runs down the list).
import { el } from "../dom.js";
import { kindOf, presets } from "./kinds.js";

function nameField(t, i, value) {
  const id = `sheet-name-${i}`;
  return el(
    "div",
    { class: "field" },
    el("label", { for: id }, t(i === 0 ? "sheet.first_east" : "sheet.player_n", { n: i + 1 })),
    el("input", { id, name: `name${i}`, type: "text", required: true, maxlength: "40", value: value || "", "data-testid": `name-${i}`, autocomplete: "off" }),
  );
}

/** The setup form; `onstart({preset, players, title, options})` when it is filled in. */
export function setupEl(t, onstart, initial = {}) {
  const error = el("p", { class: "error", role: "alert", hidden: true, "data-testid": "setup-error" });
  const preset = el("select", { id: "sheet-preset", "data-testid": "preset" }, presets().map((p) => el("option", { value: p, selected: p === initial.preset || null }, t(`sheet.preset.${p}`))));
  const lengths = [...new Set(presets().flatMap((p) => kindOf(p).lengths))];
  const length = el("select", { id: "sheet-length", "data-testid": "length" }, lengths.map((l) => el("option", { value: l }, t(`sheet.length.${l}`))));
  const lengthField = el("div", { class: "field" }, el("label", { for: "sheet-length" }, t("sheet.length")), length);
  const syncLength = () => (lengthField.hidden = !kindOf(preset.value).lengths.length);
  preset.addEventListener("change", syncLength);
  const title = el("input", { id: "sheet-title", type: "text", maxlength: "100", "data-testid": "title", value: initial.title || "" });
  const names = [0, 1, 2, 3].map((i) => nameField(t, i, (initial.players || [])[i]));
  const form = el(
    "form",
    { class: "card sheet-setup", "data-testid": "sheet-setup", novalidate: true },
    el("h2", {}, t("sheet.new_title")),
    el("div", { class: "field" }, el("label", { for: "sheet-preset" }, t("sheet.rules")), preset),
    lengthField,
    el("div", { class: "field" }, el("label", { for: "sheet-title" }, t("sheet.title_label")), title),
    el("div", { class: "setup-names" }, names),
    el("p", { class: "hint" }, t("sheet.order_hint")),
    error,
    el("button", { type: "submit", class: "btn btn--primary", "data-testid": "sheet-start" }, t("sheet.start")),
  );
  syncLength();
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const players = names.map((f) => f.querySelector("input").value.trim());
    const bad = players.findIndex((n) => !n);
    const twice = players.findIndex((n, i) => n && players.indexOf(n) !== i);
    if (bad >= 0 || twice >= 0) {
      error.textContent = bad >= 0 ? t("sheet.err.name_missing", { n: bad + 1 }) : t("sheet.err.name_twice", { name: players[twice] });
      error.hidden = false;
      return;
    }
    const options = kindOf(preset.value).lengths.length ? { length: length.value } : {};
    onstart({ preset: preset.value, players, title: title.value.trim(), options });
  });
  return form;
}
