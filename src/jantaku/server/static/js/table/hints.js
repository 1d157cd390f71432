// Hints (docs/table.md "Hints"): with the "Hints" toggle on, a seated player's page asks the
// server once per prompt what a puppet would do (a `hint` message, docs/protocol.md) and marks
// it: the recommended tile in the hand, or the recommended button of the prompt; and, facing a
// threat, the own tiles the puppet's reading rates risky or dangerous. Nothing is sent by itself:
// the hint only marks. Unranked tables only (a ranked table has no toggle and refuses hints).

/** The `id` of a hint request: the error listener (connection.js) leaves its refusals alone. */
export const HINT_REF = "hint-";

/** Which prompt button an action kind belongs to (own.js groupButtons). */
const GROUP_OF = {
  tsumo: "win",
  ron: "win",
  riichi: "riichi",
  chi: "chi",
  pon: "pon",
  open_kan: "kan",
  added_kan: "kan",
  concealed_kan: "kan",
  nine_terminals: "nine",
  pass: "pass",
};

/** Whether this page may ask for hints: a seated player at an unranked table. */
export function hintsOffered(tp) {
  const table = tp.state.table;
  return !tp.watching && tp.state.seat !== null && Boolean(table) && !table.config?.ranked;
}

/** Ask for the hint of the current prompt, once per prompt (when the toggle is on). */
export function askHint(tp) {
  const { state } = tp;
  if (!tp.ui.hints || !hintsOffered(tp) || !state.prompt || state.prompt.seq !== state.seq) return;
  if (tp.hintAsked === state.seq) return;
  tp.hintAsked = state.seq;
  tp.socket.send({ type: "hint", table: state.table.id, seq: state.seq, id: `${HINT_REF}${state.seq}` });
}

/** A `hint` message: kept for its prompt. */
export function onHint(tp, msg) {
  if (msg.table !== tp.tableId) return;
  tp.hint = msg;
  tp.render();
}

/** The hint of the prompt shown, if the toggle is on and it has come. */
export function currentHint(tp, state = tp.state) {
  const h = tp.hint;
  if (!h || !tp.ui.hints || !hintsOffered(tp) || !state.prompt || h.seq !== state.prompt.seq) return null;
  return h;
}

/** The prompt button the hint recommends (`win`, `pass`, ...), or null (a discard). */
export function hintedGroup(hint) {
  return hint ? GROUP_OF[hint.action.type] || null : null;
}

/** Whether a hand entry (own.js) is the tile the hint recommends discarding. */
export function hintedTile(hint, entry) {
  const a = hint?.action;
  if (!a || (a.type !== "discard" && a.type !== "riichi")) return false;
  const mine = a.type === "riichi" ? entry.riichi : entry.discard;
  return Boolean(mine) && mine.tile_index === a.tile_index;
}

/** The danger level (`risky`, `dangerous`) the hint gives a tile of the hand, by its kind. */
export function dangerOf(hint, tile) {
  if (!hint) return null;
  const kind = (t) => (t[0] === "0" ? `5${t.slice(1)}` : t);
  const found = (hint.danger || []).find((d) => kind(d.tile) === kind(tile));
  return found ? found.level : null;
}
