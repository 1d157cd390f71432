// The tile picker of the score sheet: every tile of the set as a button with the copies left;
// tiles that cannot go to the current target (a fifth copy, a meld that does not exist, a full
// hand) are disabled, so tapping offers only legal choices.
import { el } from "../dom.js";
import { tileName } from "../i18n.js";
import { tileEl } from "../tiles.js";

const SUIT_ROWS = ["m", "p", "s"].map((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${s}`));
const HONOURS = [1, 2, 3, 4, 5, 6, 7].map((n) => `${n}z`);
const RED = ["0m", "0p", "0s"];
const BONUS = [1, 2, 3, 4].map((n) => `${n}f`).concat([1, 2, 3, 4].map((n) => `${n}y`));

/** The rows of tiles the picker shows for a set ({red, bonus}) and a target part. */
export function pickerRows(set, part) {
  if (part === "bonus") return [BONUS];
  const rows = [...SUIT_ROWS, set.red ? [...HONOURS, ...RED] : HONOURS];
  return rows;
}

/**
 * The picker: `state(tile)` -> {left, ok} (copies left, and whether a tap is legal now);
 * `onPick(tile)` on a tap; `t` for the labels.
 */
export function pickerEl(set, part, state, onPick, t) {
  const rows = pickerRows(set, part).map((row) =>
    el(
      "div",
      { class: "pick-row" },
      row.map((tile) => {
        const { left, ok } = state(tile);
        const name = tileName(tile);
        return el(
          "button",
          {
            type: "button",
            class: "pick",
            "data-pick": tile,
            disabled: !ok,
            "aria-label": t("sheet.pick_label", { tile: name, n: left }),
            title: t("sheet.pick_label", { tile: name, n: left }),
            onclick: () => onPick(tile),
          },
          tileEl(tile, { size: "md", label: name }),
          el("span", { class: "pick-left", "aria-hidden": "true" }, String(left)),
        );
      }),
    ),
  );
  return el("div", { class: "picker", role: "group", "aria-label": t("sheet.picker"), "data-testid": "picker" }, rows);
}
