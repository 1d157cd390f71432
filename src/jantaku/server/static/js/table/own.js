// The own area of a seated player: the prompt bar, the hand (one button per tile) and the own
// melds (both drawn at the bottom edge of the board), the waits, and the toggles (automatic
// answers, and whatever the family adds).
import { tileEl, tileEls } from "../tiles.js";
import { tileName } from "../i18n.js";
import { el } from "../dom.js";
import { parseTiles, sortTiles } from "../notation.js";
import { setSetting } from "../settings.js";
import { familyOf } from "../families/index.js";
import { seatMelds } from "./board.js";
import { choices, currentLegal, ownHand } from "./state.js";
import { timerEl } from "./timer.js";
import { leaveButton } from "./leave.js";
import { TILE_KEYS, cancelMode, pressChoice, pressGroup, pressTile } from "./input.js";
import { currentHint, dangerOf, hintedGroup, hintedTile, hintsOffered } from "./hints.js";

function cancelButton(tp) {
  const { t } = tp;
  return el("button", { type: "button", class: "btn act", "data-testid": "act-cancel", onclick: () => cancelMode(tp) }, t("table.act.cancel"), el("kbd", {}, "Esc"));
}

function choiceButtons(tp, hooks) {
  const { t } = tp;
  return tp.ui.mode.choose.map((a, i) =>
    el(
      "button",
      { type: "button", class: "btn act act--choice", "data-testid": `choice-${i}`, "aria-keyshortcuts": String(i + 1), onclick: () => pressChoice(tp, i) },
      hooks.actLabel(a, t),
      tileEls(parseTiles(a.tiles || ""), { size: "sm" }),
      a.tile ? tileEl(a.tile, { size: "sm", sideways: true }) : null,
      el("kbd", {}, String(i + 1)),
    ),
  );
}

function groupButtons(tp, hooks) {
  const { t, ui } = tp;
  const c = choices(tp.state);
  const hinted = hintedGroup(currentHint(tp));
  const btn = (kind, text, key, cls = "") =>
    el(
      "button",
      {
        type: "button",
        class: `btn act act--${kind} ${cls}${hinted === kind ? " act--hint" : ""}`,
        "data-testid": `act-${kind}`,
        "data-hint": hinted === kind ? "recommended" : null,
        title: hinted === kind ? t("table.hint.recommended") : null,
        "aria-keyshortcuts": key,
        onclick: () => pressGroup(tp, kind),
      },
      text,
      hinted === kind ? el("span", { class: "visually-hidden" }, `, ${t("table.hint.recommended")}`) : null,
      el("kbd", {}, key === " " ? "Space" : key),
    );
  return [
    c.win.length ? btn("win", hooks.actLabel(c.win[0], t), "T", "btn--primary") : null,
    c.riichi.length ? btn("riichi", t("table.act.riichi"), "R", ui.mode === "riichi" ? "is-on" : "") : null,
    c.chi.length ? btn("chi", hooks.actLabel(c.chi[0], t), "C") : null,
    c.pon.length ? btn("pon", hooks.actLabel(c.pon[0], t), "P") : null,
    c.kan.length ? btn("kan", hooks.actLabel(c.kan[0], t), "K") : null,
    c.nine.length ? btn("nine", t("table.act.nine_terminals"), "N") : null,
    c.pass.length ? btn("pass", t("table.act.pass"), " ") : null,
  ];
}

/** The prompt's buttons: the groups of legal actions, or the ways to make one call. */
export function promptBar(tp, state = tp.state) {
  const { t, ui } = tp;
  const bar = el("div", { class: "prompt-bar", role: "toolbar", "aria-label": t("table.options"), "data-testid": "prompt-bar" });
  const legal = currentLegal(state);
  if (!legal.length) return bar;
  const hooks = familyOf(state.family).table;
  if (ui.mode && ui.mode.choose) {
    bar.append(el("span", { class: "prompt-text" }, t("table.choose_call")), ...choiceButtons(tp, hooks), cancelButton(tp));
    return bar;
  }
  const isTurn = legal.some((a) => a.type === "discard");
  const text = ui.mode === "riichi" ? t("table.choose_riichi") : isTurn ? t("table.your_turn") : t("table.your_call");
  bar.append(el("span", { class: "prompt-text" }, text), ...groupButtons(tp, hooks).filter(Boolean));
  if (ui.mode === "riichi") bar.append(cancelButton(tp));
  if (state.prompt?.deadlineAt) bar.append(timerEl(state.prompt.deadlineAt, state.prompt.turnEndAt, { class: "timer--own", "data-testid": "own-timer" }));
  return bar;
}

function handButton(tp, entry, i, warningFor, stop) {
  const { t, ui } = tp;
  const riichiMode = ui.mode === "riichi";
  const enabled = riichiMode ? Boolean(entry.riichi) : Boolean(entry.discard);
  const dangerous = warningFor(entry.tile);
  const hint = currentHint(tp);
  const recommended = hintedTile(hint, entry);
  const level = dangerOf(hint, entry.tile); // "risky" | "dangerous" | null
  const notes = [];
  if (entry.drawn) notes.push(t("table.drawn"));
  if (dangerous) notes.push(t("table.danger_marked"));
  if (recommended) notes.push(t("table.hint.recommended"));
  if (level) notes.push(t(`table.hint.${level}`));
  const key = entry.drawn ? "D" : TILE_KEYS[i] ? TILE_KEYS[i].toUpperCase() : null;
  const cls = [
    "hand-tile",
    entry.drawn ? "hand-tile--drawn" : "",
    dangerous ? "hand-tile--danger" : "",
    riichiMode && entry.riichi ? "hand-tile--riichi" : "",
    recommended ? "hand-tile--hint" : "",
    level ? `hand-tile--${level}` : "",
  ];
  return el(
    "button",
    {
      type: "button",
      class: cls.filter(Boolean).join(" "),
      "data-tile": entry.tile,
      "data-testid": "hand-tile",
      "data-hint": recommended ? "recommended" : null,
      "data-danger": level,
      title: recommended || level ? notes.slice(entry.drawn ? 1 : 0).join(", ") : null,
      "aria-label": [tileName(entry.tile), ...notes].join(", "),
      "aria-keyshortcuts": key,
      "aria-disabled": enabled ? null : "true",
      tabindex: stop ? "0" : "-1", // one Tab stop: the arrow keys move within the hand (input.js)
      // the tile at this place now, if still the one shown; a tile drawn disabled throws nothing
      onclick: (ev) => ev.currentTarget.hasAttribute("aria-disabled") || pressTile(tp, i, entry.tile),
    },
    tileEl(entry.tile, { size: "lg", label: tileName(entry.tile) }),
    // the button's aria-label names the level in words; the mark's text is checked for contrast
    level ? el("span", { class: `tile-mark tile-mark--${level}` }, level === "dangerous" ? "!!" : "!") : null,
  );
}

/** The hand's one Tab stop (a roving tabindex): the tile the keys or a click last went to
 * (its place in the row, `tp.handStop`), else the drawn tile, else the first. */
export function handStop(tp, count, hasDrawn) {
  const fallback = hasDrawn ? count - 1 : 0;
  const at = tp.handStop ?? fallback;
  return Math.max(0, Math.min(count - 1, at));
}

/** The own hand: one button per tile, the drawn tile apart (`state`: the one shown; a button
 * looks its tile up in the page's state when pressed). */
export function handEl(tp, state = tp.state) {
  const { t } = tp;
  const hand = ownHand(state, sortTiles);
  const hooks = familyOf(state.family).table;
  const warningFor = (tile) => hooks.discardWarning(state, tile);
  const stop = handStop(tp, hand.tiles.length + (hand.drawn ? 1 : 0), Boolean(hand.drawn));
  return el(
    "div",
    { class: "hand", role: "group", "aria-label": t("table.hand"), "data-testid": "hand" },
    hand.tiles.map((entry, i) => handButton(tp, entry, i, warningFor, i === stop)),
    hand.drawn ? [el("span", { class: "hand-gap", "aria-hidden": "true" }), handButton(tp, hand.drawn, -1, warningFor, stop === hand.tiles.length)] : null,
  );
}

/** The own melds, at the right-hand end of the own edge of the board. */
export function ownMelds(tp, state = tp.state) {
  const { t } = tp;
  return seatMelds(state, state.seat, t, { class: "own-melds", "aria-label": t("table.melds", { name: t("table.you") }) });
}

/** The waits and the furiten mark. */
export function ownInfo(tp, state = tp.state) {
  const { t } = tp;
  const v = state.view;
  const parts = [];
  if (v.waits && v.waits.length) {
    parts.push(el("div", { class: "waits", "data-testid": "waits" }, el("span", {}, t("table.waits")), tileEls(v.waits, { size: "sm" })));
  }
  if (v.furiten) parts.push(el("span", { class: "badge badge--furiten", title: t("table.furiten_hint"), "data-testid": "furiten" }, t("table.furiten")));
  return el("div", { class: "own-info" }, parts);
}

/** The toggles: automatic answers (players only), hints (players at unranked tables), the
 * family's own, the sound; and (players only) the way to leave the match. */
export function toggles(tp) {
  const { t, ui } = tp;
  const render = () => tp.render();
  const box = (key, label, checked, onchange) =>
    el("label", { class: "check" }, el("input", { type: "checkbox", "data-testid": `toggle-${key}`, checked: checked ? true : null, onchange }), label);
  const setting = (field) => (e) => {
    ui[field] = e.target.checked;
    setSetting(field, ui[field]);
    render();
  };
  // "Auto-win" and "No calls" last for the hand (ui.js `newHand`); stored only when kept
  const forHand = (field) => (e) => {
    ui[field] = e.target.checked;
    if (ui.keepCallToggles) setSetting(field, ui[field]);
    render();
  };
  const keep = (e) => {
    ui.keepCallToggles = e.target.checked;
    setSetting("keepCallToggles", ui.keepCallToggles);
    setSetting("autoWin", ui.keepCallToggles && ui.autoWin);
    setSetting("noCalls", ui.keepCallToggles && ui.noCalls);
    render();
  };
  const parts = tp.watching
    ? []
    : [
        box("auto-win", t("table.auto_win"), ui.autoWin, forHand("autoWin")),
        box("no-calls", t("table.no_calls"), ui.noCalls, forHand("noCalls")),
        box("keep-toggles", t("table.keep_toggles"), ui.keepCallToggles, keep),
      ];
  if (hintsOffered(tp)) parts.push(box("hints", t("table.hints"), ui.hints, setting("hints")));
  parts.push(...familyOf(tp.state.family).table.toggles(ui, box, t, render));
  parts.push(box("sound", t("table.sound"), ui.sound, setting("sound")));
  parts.push(box("say-discards", t("table.say_discards"), ui.sayDiscards, setting("sayDiscards")));
  if (!tp.watching && !tp.state.matchEnd) parts.push(leaveButton(tp));
  return el(
    "div",
    { class: "toggles", role: "group", "aria-label": t("table.options") },
    parts,
    el("p", { class: "hint keys-hint", "data-testid": "table-keys" }, t("table.keys")),
  );
}
