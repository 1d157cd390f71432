// What the screen offers the player. The page is drawn at the next frame after a change of its
// state (pace.js), so for a moment the screen may still show a step the state has left, or not
// yet show the one it has reached: a hand tile drawn disabled may stand for a tile the state
// now lets go, a prompt may have arrived unseen. A click or a key acts on what the player sees:
// while the state offers something else than the last drawing showed (another prompt or no
// prompt, another mode, an end-of-hand screen or a dialog opened or closed since), it does
// nothing. What did not change what is offered (another seat's play, the same prompt sent again
// for another device of the account) leaves the screen current: a press across it still acts.
import { currentLegal } from "./state.js";
import { openHandEnd } from "./ui.js";

/** What the page offers now: the prompt's step and actions (none behind an open result), the
 * choosing or riichi mode, and the result or dialog open. */
function offerOf(tp) {
  const { state, ui } = tp;
  const result = openHandEnd(tp);
  const legal = result ? [] : currentLegal(state);
  return {
    prompt: legal.length ? JSON.stringify([state.prompt.seq, legal]) : "",
    mode: ui.mode,
    confirm: ui.confirm,
    leaving: ui.leaving,
    result: result ? result.seq : null,
  };
}

/** Remember what a drawing shows (called by the drawing, view.js). */
export function noteDrawn(tp) {
  tp.shown = offerOf(tp);
}

/** Whether the screen shows what the state offers: an input may act on the state. Never while
 * the page reconnects: the board is the one from before the connection dropped. */
export function onScreen(tp) {
  const drawn = tp.shown;
  if (!drawn || tp.ui.reconnecting) return false;
  const now = offerOf(tp);
  return Object.keys(now).every((k) => now[k] === drawn[k]);
}
