// The table page's own state beside the game state (state.js): the choosing mode, an open
// confirmation (a dangerous discard, leaving the match), the toggles, the end-of-hand screens
// already closed.
import { getSetting } from "../settings.js";

/** The page's UI state; `render` redraws (the score buttons toggle the differences). */
export function createUi(notice, render) {
  const ui = {
    mode: null, // null | "riichi" | {choose: [actions]}
    confirm: null, // {action, warning, tile}
    leaving: false, // the "leave the match?" confirmation is open
    showDiffs: false,
    dismissedHands: new Set(), // seqs of the end-of-hand screens closed
    notice,
    sentSeq: null,
    reconnecting: false, // the connection dropped: true until the table's snapshot comes again
    // "Auto-win" and "No calls" are off again at each new hand (doman-rules.md §6.1), unless
    // the player keeps them across hands (`keepCallToggles`: then stored, as chosen, for later
    // tables too)
    keepCallToggles: Boolean(getSetting("keepCallToggles", false)),
    autoWin: false,
    noCalls: false,
    hints: Boolean(getSetting("hints", false)), // the puppet's advice marked at each prompt (hints.js)
    sound: Boolean(getSetting("sound", false)), // a click for each discard and call
    sayDiscards: Boolean(getSetting("sayDiscards", false)), // the screen reader hears every discard (announce.js)
    doraDisplay: getSetting("doraDisplay", "dora"),
    toggleDiffs() {
      ui.showDiffs = !ui.showDiffs;
      render();
    },
  };
  if (ui.keepCallToggles) {
    ui.autoWin = Boolean(getSetting("autoWin", false));
    ui.noCalls = Boolean(getSetting("noCalls", false));
  }
  return ui;
}

/** A new hand was dealt: "Auto-win" and "No calls" are off again, unless kept across hands. */
export function newHand(ui) {
  if (ui.keepCallToggles) return;
  ui.autoWin = false;
  ui.noCalls = false;
}

/** The first end-of-hand screen not yet closed, or null. */
export function openHandEnd(tp) {
  return (tp.state.handEnds || []).find((e) => !tp.ui.dismissedHands.has(e.seq)) || null;
}
