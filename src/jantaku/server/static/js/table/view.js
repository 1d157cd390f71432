// Drawing the table page from its state: notices, the waiting room or the board, the own area,
// and one overlay at a time (danger dialog, end of hand, end of match); the focus is kept or
// given to the overlay. Also the seconds of the timers and the automatic answers.
import { clockText, el } from "../dom.js";
import { tableTitle } from "../families/index.js";
import { formatTime } from "../i18n.js";
import { boardEl } from "./board.js";
import { handEndEl, matchEndEl } from "./results.js";
import { autoAction, seatNames } from "./state.js";
import { openHandEnd } from "./ui.js";
import { act, dismissHand } from "./connection.js";
import { handEl, ownInfo, ownMelds, promptBar, toggles } from "./own.js";
import { dangerDialog, waitingRoom } from "./dialogs.js";
import { tickTimers } from "./timer.js";
import { leaveDialog } from "./leave.js";
import { keepChildren } from "./keep.js";

function notice(tp, text, testid) {
  return el("p", { class: "table-notice", role: "status", "data-testid": testid }, text);
}

/** The header line: the table's kind, rules and length in its family's words. */
function rulesLine(tp) {
  const config = tp.state.table.config;
  return config ? el("p", { class: "table-rules", "data-testid": "table-rules" }, tableTitle(config, tp.t)) : null;
}

/** The overlay to show, with a key naming what it shows (the same key: the same dialog). */
function overlayEl(tp) {
  const { t, state } = tp;
  const names = seatNames(state);
  const shown = openHandEnd(tp);
  if (tp.ui.leaving) return [leaveDialog(tp), "leave"];
  if (tp.ui.confirm) return [dangerDialog(tp), "confirm"];
  if (shown) {
    const dialog = handEndEl(shown, names, t, () => {
      dismissHand(tp, shown);
      tp.render();
    });
    return [dialog, `hand-${shown.seq}`];
  }
  if (state.matchEnd) return [matchEndEl(state.matchEnd, tp.tableId, names, t, state.family), "match"];
  return [null, null];
}

/** What the board and the own area show: while a hand's result is open, the deal that ended
 * as it last stood (ended.js; the next one is dealt behind it and appears when it closes, its
 * prompt and clock with it), else the state as it is. */
function boardState(tp) {
  const board = openHandEnd(tp)?.board;
  return board ? { ...tp.state, ...board } : tp.state;
}

/** The page is drawn anew on every message (and laid over the old one, keep.js). A dialog still showing the same thing stays the
 * same element: the game may go on behind it (a result closed on another device, a leave
 * question while others play), and a button replaced between press and release would lose
 * the click. Its handlers read the state when clicked, so the old element answers as a new one
 * would. A dialog with the same key but new words keeps where its reader had scrolled to. */
function keptOverlay(page, shade) {
  const old = page.querySelector(":scope > .overlay");
  if (!old || !shade || old.dataset.key !== shade.dataset.key) return { shade, top: null };
  if (old.outerHTML === shade.outerHTML) return { shade: old, top: null };
  return { shade, top: old.scrollTop }; // read now: the old one leaves the page, which forgets it
}

function restoreFocus(tp, overlay, focusedTestId, focused) {
  if (overlay) {
    // a dialog takes the focus (its first action), so the keyboard answers it
    const first = overlay.querySelector(`[data-testid="${focusedTestId}"]`) || overlay.querySelector("[data-autofocus], .btn--primary, button");
    if (first) first.focus({ preventScroll: true });
  } else if (focusedTestId && focused !== document.activeElement) {
    // the focused element was redrawn: its successor (or the first of its kind) takes the focus
    const again = tp.page.querySelector(`[data-testid="${focusedTestId}"]`);
    if (again && again.tagName === "BUTTON") again.focus({ preventScroll: true });
  }
}

/** Draw the whole page from the state. */
export function render(tp) {
  if (!tp.alive) return;
  const { t, state, page } = tp;
  const focused = document.activeElement;
  const focusedTestId = focused?.dataset?.testid;
  const notices = el("div", { class: "table-notices" });
  const parts = [notices];
  if (tp.ui.notice) notices.append(notice(tp, tp.ui.notice, "table-notice"));
  if (!state.table) {
    parts.push(el("p", { class: "muted" }, t("table.connecting")));
    page.replaceChildren(...parts);
    return;
  }
  page.dataset.family = state.family;
  page.dataset.status = state.table.status;
  page.dataset.seq = String(state.seq);
  parts.push(rulesLine(tp));
  if (state.table.status === "open" || !state.view) {
    // laid over the old room: its buttons stay while players come and go (keep.js)
    keepChildren(page, [...parts.filter(Boolean), waitingRoom(tp)]);
    tick(tp);
    return;
  }
  if (state.betweenHands && state.seat !== null && !openHandEnd(tp)) notices.append(notice(tp, t("table.between_hands"), "between-hands"));
  // nobody plays the match any more: it waits until the server abandons it
  if (state.table.abandon_at && !state.matchEnd) notices.append(notice(tp, t("table.stopped", { time: formatTime(state.table.abandon_at) }), "match-stopped"));
  // the own hand and melds lie at the bottom edge of the board; the prompt beside or below it
  const seated = state.seat !== null;
  const shown = boardState(tp);
  parts.push(boardEl(shown, t, tp.ui, seated ? { hand: handEl(tp, shown), melds: ownMelds(tp, shown) } : null));
  if (seated) parts.push(el("div", { class: "own-area", "data-testid": "own-area" }, promptBar(tp, shown), ownInfo(tp, shown), toggles(tp)));
  else parts.push(el("div", { class: "own-area own-area--watch" }, toggles(tp)));
  const [overlay, key] = overlayEl(tp);
  const { shade, top } = keptOverlay(page, overlay ? el("div", { class: "overlay", "data-key": key }, overlay) : null);
  const kept = shade?.isConnected ? shade : null; // left in place: taken out and put back, it would lose its scroll and focus
  for (const old of page.querySelectorAll(":scope > .overlay")) if (old !== kept) old.remove();
  // the board and the own area are laid over the old ones: what did not change stays (keep.js)
  keepChildren(page, parts.filter(Boolean), kept);
  if (shade && !kept) page.append(shade);
  if (top !== null) shade.scrollTop = top;
  tick(tp);
  restoreFocus(tp, shade, focusedTestId, focused);
  scheduleAuto(tp);
}

/** Send the automatic answer the toggles ask for, a moment after the step (if still current). */
function scheduleAuto(tp) {
  const { ui } = tp;
  if (tp.autoTimer) return;
  if (ui.sentSeq === tp.state.seq) return;
  const opts = () => ({ autoWin: ui.autoWin, noCalls: ui.noCalls });
  if (!autoAction(tp.state, opts())) return;
  const seq = tp.state.seq;
  tp.autoTimer = setTimeout(() => {
    tp.autoTimer = null;
    if (!tp.alive || tp.state.seq !== seq || ui.sentSeq === seq) return;
    const again = autoAction(tp.state, opts());
    if (again) act(tp, again);
  }, 350);
}

/** Count the timers down (every element with a data-deadline). */
export function tick(tp) {
  const now = Date.now();
  tickTimers(tp.page, tp.t, now);
  for (const node of tp.page.querySelectorAll("[data-since]")) {
    node.textContent = tp.t("table.you_wait", { time: clockText((now - Number(node.dataset.since)) / 1000) });
  }
}
