// The deal that ended, as the board shows it behind the open end-of-hand screen. The server
// deals the next hand in the message that ends this one (its `view` is the new deal's), and
// sends with it `ended_view`: this viewer's view of the ended deal at its end (every river and
// meld as the record has them, the scores after the payments). The page keeps it until the
// result is closed.

/** What the board draws behind the result of the deal that ended: its view at the end
 * (`ended`; null when none is known: the board then shows the newest), its newest discard and
 * call, and nobody on turn, no clock, no prompt. */
export function endedBoard(state, ended) {
  if (!ended || !Array.isArray(ended.seats)) return null;
  return {
    view: ended,
    lastDiscard: state.lastDiscard,
    lastCall: state.lastCall,
    toAct: [],
    deadlines: {},
    turnEnds: {},
    prompt: null,
  };
}
