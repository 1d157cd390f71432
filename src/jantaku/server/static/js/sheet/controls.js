// Small controls the score sheet's forms share: a row of toggle buttons (one choice), a row of
// check boxes (several), the players as choices, and the hand sizes both families count.
import { el } from "../dom.js";

/** One choice of several as pressed buttons: options [{value, label}]. */
export function seg(label, options, value, onpick, testid) {
  return el(
    "div",
    { class: "seg", role: "group", "aria-label": label, "data-testid": testid || null },
    options.map((o) =>
      el(
        "button",
        { type: "button", class: "seg-btn", "data-value": String(o.value), "aria-pressed": String(o.value === value), disabled: o.disabled || null, onclick: () => onpick(o.value) },
        o.label,
      ),
    ),
  );
}

/** A labelled group: a caption above its control. */
export function group(caption, control, testid) {
  return el("div", { class: "sheet-group", "data-testid": testid || null }, el("div", { class: "sheet-caption" }, caption), control);
}

/** Check boxes: items [{key, label, checked}], onchange(key, checked). */
export function checks(label, items, onchange, testid) {
  return el(
    "div",
    { class: "checks", role: "group", "aria-label": label, "data-testid": testid || null },
    items.map((i) =>
      el("label", { class: "check", "data-check": i.key }, el("input", { type: "checkbox", checked: Boolean(i.checked), onchange: (e) => onchange(i.key, e.target.checked) }), i.label),
    ),
  );
}

/** Check boxes folded behind a button (the rarer situations): shown while one is checked or
 * while the player keeps them open (`ui.open`); `redraw()` after the button. */
export function foldedChecks(summary, items, onchange, testid, ui, redraw) {
  const open = ui.open || items.some((i) => i.checked);
  const toggle = () => ((ui.open = !open), redraw());
  return el(
    "div",
    { class: "folded" },
    el("button", { type: "button", class: "fold-btn", "aria-expanded": String(open), "data-testid": `${testid}-summary`, onclick: toggle }, `${open ? "▾" : "▸"} ${summary}`),
    open ? checks(summary, items, (k, v) => ((ui.open = true), onchange(k, v)), testid) : null,
  );
}

/** The players as options (names), leaving out `except` (a winner cannot have dealt in). */
export function playerOptions(names, except = null) {
  return names.map((name, i) => ({ value: i, label: name, disabled: i === except }));
}

/** Tiles a player holds besides the winning tile: concealed + 3 per meld (a kong counts 3). */
export function handSize(h) {
  return h.hand.length + 3 * h.melds.length;
}

/** The size error of a typed part: more than 13 tiles besides the winning tile, or more than
 * 5 indicators; a typed winning tile is one tile. */
export function sizeError(draft, target) {
  if (target.part === "dora" || target.part === "ura") {
    return draft[target.part].length > 5 ? { key: "sheet.err.indicators_full", params: { n: 5 } } : null;
  }
  if (target.part === "hand" || target.part === "melds") {
    return handSize(draft.hands[target.player]) > 13 ? { key: "sheet.err.hand_full", params: { n: 13 } } : null;
  }
  return null;
}

/** Whether tiles may go to a part at all: bonus tiles only as bonus; one winning tile. */
export function partError(target, tiles) {
  for (const tile of tiles) {
    const bonus = tile[1] === "f" || tile[1] === "y";
    if (bonus !== (target.part === "bonus")) return { key: bonus ? "sheet.err.bonus_elsewhere" : "sheet.err.not_bonus", params: { tile } };
  }
  if (target.part === "win" && tiles.length > 1) return { key: "sheet.err.one_win_tile", params: {} };
  return null;
}
