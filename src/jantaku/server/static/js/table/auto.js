// The answers the page sends by itself: a win when "Auto-win" is on, a pass on a call offer
// when "No calls" is on, and the drawn tile after riichi (state.js `autoAction`). They are
// decided whenever the state changes (message, click, toggle), not when the page is drawn
// (pace.js draws later, once per frame, and not at all in a hidden tab): each is sent once, a
// moment after its step, for that step only. A step passed meanwhile (answered on another
// device, or moved on) drops its answer, and the next step's is decided afresh.
import { autoAction } from "./state.js";
import { act } from "./connection.js";

/** How long (ms) after its step an automatic answer is sent (the player sees the step first). */
export const AUTO_MS = 350;

function wanted(tp) {
  const { ui, state } = tp;
  if (!tp.alive || ui.sentSeq === state.seq) return null;
  return autoAction(state, { autoWin: ui.autoWin, noCalls: ui.noCalls });
}

/** Drop the automatic answer on its way, if any. */
export function cancelAuto(tp) {
  if (tp.auto) clearTimeout(tp.auto.timer);
  tp.auto = null;
}

/** After a change of the state: the automatic answer of the current step, if the toggles ask
 * for one, goes out `AUTO_MS` later (one already on its way for this step stays so). */
export function decideAuto(tp) {
  const seq = tp.state.seq;
  const answer = wanted(tp);
  if (answer && tp.auto?.seq === seq) return;
  cancelAuto(tp);
  if (!answer) return;
  const timer = setTimeout(() => {
    tp.auto = null;
    if (tp.state.seq !== seq) return;
    const again = wanted(tp); // the state of now: a prompt replaced or a toggle turned off
    if (again) act(tp, again);
  }, AUTO_MS);
  tp.auto = { seq, timer };
}
