// The table page's input: clicks on tiles and buttons, and the keys (tile keys 1-9 0 u i o,
// D the drawn tile, T R C P K N the prompt's groups, Space/Escape pass or cancel; L S W H read the
// last discard, the scores, the wall and dora, the own hand aloud, announce.js). Space never
// plays a focused hand tile (it is the prompt's pass), and Enter plays one only when the keyboard
// moved the focus there (Tab, or the arrow keys within the hand): a tile clicked a moment ago
// keeps the focus, and a key meant for the prompt must not throw it. An open dialog keeps Tab
// within itself. A right-click on the table's empty space passes a call offer (doman-rules.md
// §2.4). Every input acts on what the screen shows: while the state offers what the last
// drawing did not show yet, it does nothing (shown.js).
import { sortTiles } from "../notation.js";
import { familyOf } from "../families/index.js";
import { callOfferPass, choices, currentLegal, ownHand } from "./state.js";
import { openHandEnd } from "./ui.js";
import { act, dismissHand } from "./connection.js";
import { stay } from "./leave.js";
import { onScreen } from "./shown.js";
import { readOut } from "./announce.js";

export const TILE_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "u", "i", "o"];
const GROUP_KEYS = { r: "riichi", t: "win", c: "chi", p: "pon", k: "kan", n: "nine" };
const FORM_TAGS = ["INPUT", "SELECT", "TEXTAREA"];
const HAND_TILE = "[data-testid=hand-tile]";
const MOVES = ["arrowleft", "arrowright", "home", "end"];
// what is not the table's empty space: a tile, a control, a dialog (a right-click there is the
// browser's own)
const NOT_EMPTY = "button, a, input, select, textarea, label, [role=img], .tile, .overlay, [role=dialog], [role=alertdialog]";

/** Listeners that note which hand tile the keyboard focused (Tab lands on it): Enter plays that
 * one alone. A click or a script that focuses a tile does not count. */
export function focusWatch(tp) {
  let tabbing = false;
  return {
    keydown: (ev) => {
      tabbing = ev.key === "Tab";
    },
    keyup: () => {
      tabbing = false;
    },
    focusin: (ev) => {
      const tile = ev.target?.closest?.(HAND_TILE);
      tp.keyFocus = tile && (tabbing || tile === tp.keyFocus) ? tile : null;
      if (tile) rove(tp, tile);
    },
  };
}

/** A hand button's place as pressTile counts it: -1 the drawn tile, else its place in the row. */
function handPlace(button) {
  if (button.classList.contains("hand-tile--drawn")) return -1;
  return [...button.parentElement.querySelectorAll(`${HAND_TILE}:not(.hand-tile--drawn)`)].indexOf(button);
}

/** The hand's Tab stop moves to `tile` (a roving tabindex): Tab comes back to it, and leaves
 * the hand in one step. */
function rove(tp, tile) {
  const row = [...tile.parentElement.querySelectorAll(HAND_TILE)];
  tp.handStop = row.indexOf(tile);
  for (const b of row) b.setAttribute("tabindex", b === tile ? "0" : "-1");
}

/** An arrow key (or Home, End) on a hand tile: the focus goes to the neighbouring tile. */
function moveInHand(tp, tile, key) {
  const row = [...tile.parentElement.querySelectorAll(HAND_TILE)];
  const i = row.indexOf(tile);
  const next = { arrowleft: i - 1, arrowright: i + 1, home: 0, end: row.length - 1 }[key];
  const target = row[Math.max(0, Math.min(row.length - 1, next))];
  rove(tp, target);
  target.focus();
  tp.keyFocus = target;
}

/** Tab and Shift+Tab inside an open dialog go round its controls, never to the page behind. */
function trapTab(tp, ev) {
  const dialog = tp.page.querySelector(":scope > .overlay [role=dialog], :scope > .overlay [role=alertdialog]");
  if (!dialog) return false;
  const items = [...dialog.querySelectorAll("button, a[href], select, input")].filter((n) => !n.disabled && n.getClientRects().length);
  if (!items.length) return false;
  const i = items.indexOf(document.activeElement);
  const next = ev.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : i < 0 || i === items.length - 1 ? 0 : i + 1;
  items[next].focus();
  ev.preventDefault();
  return true;
}

/** A click on a hand tile: discard it (after the family's warning, if any) or declare riichi. */
export function discard(tp, entry) {
  const { ui } = tp;
  if (ui.mode === "riichi") {
    if (entry.riichi) act(tp, entry.riichi);
    return;
  }
  if (!entry.discard) return;
  const warning = familyOf(tp.state.family).table.discardWarning(tp.state, entry.tile);
  if (warning) {
    ui.confirm = { action: entry.discard, warning, tile: entry.tile };
    tp.render();
    return;
  }
  act(tp, entry.discard);
}

/** A hand tile's click or key: `i` its place in the sorted hand (-1: the drawn tile), looked up
 * in the state now, so a button kept across redraws acts on what it shows. `shown`: the tile
 * the clicked button shows; a click that lands before the next frame has drawn a changed hand
 * (pace.js) does nothing rather than throw another tile from that place. */
export function pressTile(tp, i, shown = null) {
  if (!onScreen(tp)) return;
  const hand = ownHand(tp.state, sortTiles);
  const entry = i < 0 ? hand.drawn : hand.tiles[i];
  if (entry && (shown === null || entry.tile === shown)) discard(tp, entry);
}

/** The i-th way to make the call being chosen (its button or its key). */
export function pressChoice(tp, i) {
  if (!onScreen(tp)) return;
  const a = tp.ui.mode?.choose?.[i];
  if (a) act(tp, a);
}

/** A prompt button (or its key): act at once, or choose among several ways to call. */
export function pressGroup(tp, kind) {
  if (!onScreen(tp)) return;
  const { ui } = tp;
  const list = choices(tp.state)[kind] || [];
  if (!list.length) return;
  if (kind === "riichi") {
    ui.mode = ui.mode === "riichi" ? null : "riichi";
    tp.render();
    return;
  }
  if (list.length === 1 || kind === "pass" || kind === "win" || kind === "nine") {
    act(tp, list[0]);
    return;
  }
  ui.mode = { choose: list };
  tp.render();
}

/** Leave the riichi or choosing mode. */
export function cancelMode(tp) {
  if (!onScreen(tp)) return;
  tp.ui.mode = null;
  tp.render();
}

/** Keys while a dialog is open; true when the key was taken. */
function dialogKey(tp, key, ev) {
  const { ui } = tp;
  if (ui.leaving) {
    // the leave confirmation takes the keys: Enter and Space press its focused button ("Stay")
    if (key === "escape") {
      stay(tp);
      ev.preventDefault();
    }
    return true;
  }
  if (ui.confirm) {
    // Enter and Space press the focused button ("Keep it" first); Escape keeps the tile
    if (key === "escape") {
      ui.confirm = null;
      tp.render();
      ev.preventDefault();
    }
    return true;
  }
  const shown = openHandEnd(tp);
  if (!shown) return false;
  // the end-of-hand screen takes the keys while it is open: the board behind it shows the
  // deal that ended, so no key may answer a prompt of the next one unseen
  if (["enter", "escape", " "].includes(key)) {
    dismissHand(tp, shown);
    tp.render();
    ev.preventDefault();
  }
  return true;
}

/** Keys for the prompt; false when the key means nothing here. */
function promptKey(tp, key) {
  const { ui } = tp;
  if (key === "escape" || key === " ") {
    if (ui.mode) cancelMode(tp);
    else pressGroup(tp, "pass");
  } else if (GROUP_KEYS[key]) pressGroup(tp, GROUP_KEYS[key]);
  else if (ui.mode && ui.mode.choose && /^[1-9]$/.test(key)) pressChoice(tp, Number(key) - 1);
  else if (key === "d") pressTile(tp, -1);
  else if (TILE_KEYS.includes(key)) pressTile(tp, TILE_KEYS.indexOf(key));
  else return false;
  return true;
}

/** A ticked or unticked setting keeps Space and Enter (they tick it) and passes the table's
 * letter keys on: after ticking one the keys play on without moving the focus first. */
function boxPassesOn(target, key) {
  return target.type === "checkbox" && key !== " " && key !== "enter" && key !== "tab";
}

/** The page's keydown listener. */
export function keyHandler(tp) {
  return (ev) => {
    if (!tp.alive || ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const target = ev.target;
    const key = ev.key.toLowerCase();
    if (key === "tab" && trapTab(tp, ev)) return;
    if (target && FORM_TAGS.includes(target.tagName) && !boxPassesOn(target, key)) return;
    const tile = target?.closest?.(HAND_TILE);
    if (tile && MOVES.includes(key)) {
      moveInHand(tp, tile, key);
      ev.preventDefault();
      return;
    }
    const onTile = (key === " " || key === "enter") && tile;
    // a key answers the screen: not a prompt, result or dialog the page has not drawn yet
    if (!onScreen(tp)) {
      if (onTile) ev.preventDefault();
      return;
    }
    if (dialogKey(tp, key, ev)) return;
    // the reading keys (last discard, scores, wall and dora, hand): whether or not it is one's turn
    if (!ev.shiftKey && readOut(tp, key)) {
      ev.preventDefault();
      return;
    }
    if (onTile) {
      ev.preventDefault(); // not the tile's click: Space is the shortcut, Enter plays a tile the keys chose
      if (key === "enter" && onTile === tp.keyFocus && !onTile.hasAttribute("aria-disabled")) pressTile(tp, handPlace(onTile), onTile.dataset.tile);
      else if (key === " " && currentLegal(tp.state).length) promptKey(tp, key);
      return;
    }
    if (key === " " && target && target.tagName === "BUTTON") return; // Space presses the focused button
    if (!currentLegal(tp.state).length) return;
    if (promptKey(tp, key)) ev.preventDefault();
  };
}

/** The page's contextmenu listener: a right-click on empty table space passes the call offer on
 * screen (a chi, pon or kan; never a win), and only then keeps the browser's menu away. On a
 * tile or a control, with a dialog or hand result open, without a call offer, or from a touch
 * screen's long press or the menu key, it does nothing. */
export function rightClickPass(tp) {
  return (ev) => {
    if (!tp.alive || ev.target?.closest?.(NOT_EMPTY)) return;
    // the mouse's button only: not a long press on a touch screen, nor the menu key
    if (ev.pointerType !== undefined && ev.pointerType !== "mouse") return;
    const { ui } = tp;
    if (!onScreen(tp) || ui.leaving || ui.confirm || openHandEnd(tp)) return;
    const pass = callOfferPass(tp.state);
    if (!pass) return;
    ev.preventDefault();
    act(tp, pass);
  };
}
