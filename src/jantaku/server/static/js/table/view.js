// Drawing the table page from its state: notices, the waiting room or the board, the own area,
// and one overlay at a time (danger dialog, end of hand, end of match); the focus is kept or
// given to the overlay. Also the seconds of the timers. Drawn once per frame (pace.js); what
// the page answers by itself is decided apart (auto.js). Parts whose inputs did not change since
// the last drawing (an open result, the board of the deal behind it) are left as they are.
import { clockText, el } from "../dom.js";
import { tableTitle } from "../families/index.js";
import { formatTime, getLang } from "../i18n.js";
import { FRESH_MS, boardEl } from "./board.js";
import { handEndEl, matchEndEl } from "./results.js";
import { seatNames } from "./state.js";
import { openHandEnd } from "./ui.js";
import { dismissHand } from "./connection.js";
import { handEl, ownInfo, ownMelds, promptBar, toggles } from "./own.js";
import { dangerDialog, waitingRoom } from "./dialogs.js";
import { tickTimers } from "./timer.js";
import { leaveDialog } from "./leave.js";
import { keepChildren } from "./keep.js";
import { noteDrawn } from "./shown.js";
import { announce } from "./announce.js";

function notice(tp, text, testid) {
  return el("p", { class: "table-notice", role: "status", "data-testid": testid }, text);
}

/** The header line: the table's kind, rules and length in its family's words. */
function rulesLine(tp) {
  const config = tp.state.table.config;
  return config ? el("p", { class: "table-rules", "data-testid": "table-rules" }, tableTitle(config, tp.t)) : null;
}

/** The overlay to show: its key (the same key: the same dialog), what a result is drawn from
 * (`inputs`: the same as at the last drawing, it shows the same and is not drawn again) and
 * its drawing (`build`). */
function overlayWanted(tp) {
  const { t, state } = tp;
  const names = seatNames(state);
  const shown = openHandEnd(tp);
  if (tp.ui.leaving) return { key: "leave", build: () => leaveDialog(tp) };
  if (tp.ui.confirm) return { key: "confirm", build: () => dangerDialog(tp) };
  const lang = getLang();
  if (shown) {
    const onContinue = () => {
      dismissHand(tp, shown);
      tp.render();
    };
    return { key: `hand-${shown.seq}`, inputs: [shown, names.join("\n"), lang], build: () => handEndEl(shown, names, t, onContinue) };
  }
  if (state.matchEnd) {
    const build = () => matchEndEl(state.matchEnd, tp.tableId, names, t, state.family);
    return { key: "match", inputs: [state.matchEnd, names.join("\n"), lang, tp.tableId, state.family], build };
  }
  return null;
}

const sameInputs = (a, b) => Boolean(a && b && a.length === b.length && a.every((x, i) => x === b[i]));

/** What the last drawing was drawn from (the open result, the board behind it). */
function drawnFrom(tp) {
  if (!tp.drawn) tp.drawn = { overlay: null, board: null };
  return tp.drawn;
}

/** What the board and the own area show: while a hand's result is open, the deal that ended
 * as it last stood (ended.js; the next one is dealt behind it and appears when it closes, its
 * prompt and clock with it), else the state as it is. */
function boardState(tp) {
  const board = openHandEnd(tp)?.board;
  return board ? { ...tp.state, ...board } : tp.state;
}

/** What the board behind an open result is drawn from, or null: no result is open, or the
 * deal's newest discard or meld still lights up (a drawing that changes with time). The board
 * of the deal that ended stays as it is while the next deal is played behind the result. */
function endedBoardInputs(tp, shown) {
  const handEnd = openHandEnd(tp);
  if (!handEnd?.board) return null;
  const now = Date.now();
  const young = (mark) => typeof mark?.at === "number" && now - mark.at < FRESH_MS;
  if (young(shown.lastDiscard) || young(shown.lastCall)) return null;
  const { ui, state } = tp;
  return [handEnd, JSON.stringify(state.table.seats), state.seat, ui.showDiffs, ui.doraDisplay, ui.mode, getLang()];
}

/** The board to lay over the old one: the old board itself while it shows the same (at the
 * same place among the page's parts, `at`), else a fresh drawing. */
function boardPart(tp, shown, at) {
  const memo = drawnFrom(tp);
  const inputs = endedBoardInputs(tp, shown);
  const old = [...tp.page.childNodes].filter((n) => !n.classList?.contains("overlay"))[at];
  const same = old?.dataset?.testid === "board" && sameInputs(memo.board, inputs);
  memo.board = inputs;
  if (same) return old;
  const seated = tp.state.seat !== null;
  return boardEl(shown, tp.t, tp.ui, seated ? { hand: handEl(tp, shown), melds: ownMelds(tp, shown) } : null);
}

/** The overlay: the one on the page while it shows the same result (not drawn again), else a
 * fresh drawing laid as `keptOverlay` says. */
function placeOverlay(tp) {
  const memo = drawnFrom(tp);
  const want = overlayWanted(tp);
  const old = tp.page.querySelector(":scope > .overlay");
  const last = memo.overlay;
  memo.overlay = want ? { key: want.key, inputs: want.inputs } : null;
  if (want && old?.dataset.key === want.key && last?.key === want.key && sameInputs(last.inputs, want.inputs)) return { shade: old, top: null };
  return keptOverlay(tp.page, want ? el("div", { class: "overlay", "data-key": want.key }, want.build()) : null);
}

/** The page is drawn anew at every redraw (and laid over the old one, keep.js). A dialog still showing the same thing stays the
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

/** Where the focus is, to find it again after a redraw: the element, its test id and its place
 * among the page's elements with that id, and whether the keyboard put it there (input.js). */
function focusPlace(tp, focused) {
  const testid = focused?.dataset?.testid;
  if (!focused || focused === document.body || !tp.page.contains(focused)) return null;
  const same = testid ? [...tp.page.querySelectorAll(`[data-testid="${testid}"]`)] : [];
  return { node: focused, testid, index: Math.max(0, same.indexOf(focused)), byKeys: focused === tp.keyFocus };
}

/** The element at `place` now: the very one if still on the page, else the one drawn at its
 * place (a hand tile: the tile now at that place in the hand), else none. */
function findPlace(tp, place) {
  if (!place) return null;
  if (place.node.isConnected) return place.node;
  if (!place.testid) return null;
  const same = [...tp.page.querySelectorAll(`[data-testid="${place.testid}"]`)].filter((n) => !n.closest(".overlay"));
  const found = same[Math.min(place.index, same.length - 1)];
  return found && found.tagName === "BUTTON" ? found : null;
}

function focusOn(tp, node, byKeys) {
  node.focus({ preventScroll: true });
  if (byKeys && node.closest?.("[data-testid=hand-tile]")) tp.keyFocus = node;
}

function restoreFocus(tp, overlay, place) {
  if (overlay) {
    // a dialog takes the focus (its first action), so the keyboard answers it; where the focus
    // was is remembered, to give it back when the dialog closes
    if (place && !place.node.closest(".overlay") && !tp.focusBack) tp.focusBack = place;
    const first = (place?.testid && overlay.querySelector(`[data-testid="${place.testid}"]`)) || overlay.querySelector("[data-autofocus], .btn--primary, button");
    if (first) first.focus({ preventScroll: true });
    return;
  }
  const back = tp.focusBack;
  tp.focusBack = null;
  const again = findPlace(tp, back) || (place && place.node !== document.activeElement ? findPlace(tp, place) : null);
  // the focused element was redrawn: its successor takes the focus (a dialog that closed gives
  // it back to where it was before)
  if (again && again !== document.activeElement) focusOn(tp, again, (back || place).byKeys);
}

/** Draw the whole page from the state (called by the pacer, pace.js: once per frame). */
export function render(tp) {
  if (!tp.alive) return;
  const { t, state, page } = tp;
  noteDrawn(tp); // what this drawing offers: the inputs act on it alone (shown.js)
  const place = focusPlace(tp, document.activeElement);
  const notices = el("div", { class: "table-notices" });
  // the page's heading, for a screen reader's list of headings (the board says the rest)
  const parts = [el("h1", { class: "visually-hidden" }, t("table.heading")), notices];
  if (tp.ui.notice) notices.append(notice(tp, tp.ui.notice, "table-notice"));
  if (tp.ui.reconnecting) notices.append(notice(tp, t("table.reconnecting"), "table-reconnecting"));
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
    announce(tp);
    return;
  }
  if (state.betweenHands && state.seat !== null && !openHandEnd(tp)) notices.append(notice(tp, t("table.between_hands"), "between-hands"));
  // nobody plays the match any more: it waits until the server abandons it
  if (state.table.abandon_at && !state.matchEnd) notices.append(notice(tp, t("table.stopped", { time: formatTime(state.table.abandon_at) }), "match-stopped"));
  // the own hand and melds lie at the bottom edge of the board; the prompt beside or below it
  const seated = state.seat !== null;
  const shown = boardState(tp);
  parts.push(boardPart(tp, shown, parts.filter(Boolean).length));
  if (seated) parts.push(el("div", { class: "own-area", "data-testid": "own-area" }, promptBar(tp, shown), ownInfo(tp, shown), toggles(tp)));
  else parts.push(el("div", { class: "own-area own-area--watch" }, toggles(tp)));
  const { shade, top } = placeOverlay(tp);
  const kept = shade?.isConnected ? shade : null; // left in place: taken out and put back, it would lose its scroll and focus
  for (const old of page.querySelectorAll(":scope > .overlay")) if (old !== kept) old.remove();
  // the board and the own area are laid over the old ones: what did not change stays (keep.js)
  keepChildren(page, parts.filter(Boolean), kept);
  if (shade && !kept) page.append(shade);
  if (top !== null) shade.scrollTop = top;
  tick(tp);
  restoreFocus(tp, shade, place);
  announce(tp);
}

/** Count the timers down (every element with a data-deadline). */
export function tick(tp) {
  const now = Date.now();
  tickTimers(tp.page, tp.t, now);
  for (const node of tp.page.querySelectorAll("[data-since]")) {
    node.textContent = tp.t("table.you_wait", { time: clockText((now - Number(node.dataset.since)) / 1000) });
  }
}
