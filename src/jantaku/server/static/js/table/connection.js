// The table page talking to the server: join or watch (`enter`), resynchronise after an error,
// send an action or `continue`, fold every incoming message into the state, and say while the
// connection is lost (until the table's snapshot comes again).
import {
  applyEvents,
  applyMatchEnded,
  applyPrompt,
  applySnapshot,
  applyTableUpdate,
} from "./state.js";
import { newHand, openHandEnd } from "./ui.js";
import { playSound, soundOf } from "./sound.js";
import { chosenLevel, offeredLevels } from "../levels.js";
import { HINT_REF, onHint } from "./hints.js";

const RESYNC_CODES = new Set(["stale", "illegal_action", "not_your_turn", "bad_action"]);
const WATCH_CODES = new Set(["table_started", "table_full", "withdrawn", "seat_taken"]);
const JOIN_WAIT_MS = 120000;
const DEALT = ["deal_started", "classical_deal_started"]; // a new hand: the call toggles reset

function enterMessage(tp) {
  const { query, invite } = tp;
  const fill = query.get("fill") === "1";
  // a private table is found by its invite code (its id only serves its own players)
  if (tp.watching) return invite ? { type: "watch", invite } : { type: "watch", table: tp.tableId };
  const msg = { type: "join" };
  if (invite && tp.state.table === null) msg.invite = invite;
  else msg.table = tp.tableId;
  if (fill) msg.fill_bots = true;
  if (fill && query.get("bot")) msg.bot = query.get("bot");
  return msg;
}

/** The level for `?fill=1` without `&bot=`: the player's saved (or the default) level among
 * those the server offers for the table's family (known from its snapshot, else asked from
 * GET /api/tables/<id>); null (the server's default) when either cannot be had. */
async function fillLevel(tp) {
  try {
    const fam = tp.state.table ? tp.state.family : (await tp.api.table(tp.tableId)).config?.family || "riichi";
    const levels = (await offeredLevels(tp, tp.api))[fam];
    return levels ? chosenLevel(tp.settings, fam, levels) : null;
  } catch {
    return null;
  }
}

/** Join (or watch) the table; a seat that is gone turns the page into watching. An invitee's
 * `?fill=1` sits down first and fills once seated: a private table's summary (its family, so
 * the level to fill with) serves its own players only. */
export async function enter(tp) {
  const { t } = tp;
  const msg = enterMessage(tp);
  let fillWhenSeated = false;
  if (msg.fill_bots && !msg.bot && msg.invite) {
    delete msg.fill_bots;
    fillWhenSeated = true;
  } else if (msg.fill_bots && !msg.bot) {
    const bot = await fillLevel(tp);
    if (!tp.alive) return;
    if (bot) msg.bot = bot;
  }
  const seated = () => tp.alive && tp.state.seat !== null && tp.state.table?.status === "open";
  // a table resumed in a call window holds a join back for its call-prompt time, which a
  // server may set longer than a request's usual wait (docs/protocol.md)
  tp.socket.request(msg, { expect: "snapshot", timeout: JOIN_WAIT_MS }).then(() => {
    if (fillWhenSeated && seated()) enter(tp); // by the table's id now, with its family known
  }).catch((err) => {
    if (!tp.alive) return;
    if (err?.code !== "disconnected") tp.ui.reconnecting = false; // the notice below says why
    if (err && WATCH_CODES.has(err.code) && !tp.watching) {
      tp.watching = true;
      tp.ui.notice = t("table.watch_instead");
      enter(tp);
    } else if (err && err.code === "no_table") {
      tp.ui.notice = t("table.no_table");
      tp.render();
      goneWhy(tp);
    } else if (err && err.code !== "disconnected") {
      tp.ui.notice = t("table.error", { message: err.message || err.code });
      tp.render();
    }
  });
}

/** A table that is no more may have ended while one was away: one abandoned (nobody was left
 * to play it) says so instead of "no such table". */
async function goneWhy(tp) {
  try {
    const game = await tp.api.game(tp.tableId);
    if (!tp.alive || game?.result?.reason_code !== "abandoned") return;
    tp.ui.notice = tp.t("table.end_reason.abandoned");
    tp.render();
  } catch {
    // not a stored game either: "no such table" stands
  }
}

function resync(tp) {
  if (tp.resyncTimer) return;
  tp.resyncTimer = setTimeout(() => {
    tp.resyncTimer = null;
    if (tp.alive) enter(tp);
  }, 150);
}

/** Send one legal action for the current step. */
export function act(tp, action) {
  const { state, ui } = tp;
  if (!state.table) return;
  const out = { ...action };
  delete out.seat;
  // the focus leaves the hand (a clicked tile keeps it, and the redraw would give it to the
  // first tile), so a key pressed later answers the next prompt, not a tile; a tile the keyboard
  // focused keeps it (its place in the hand: input.js, view.js)
  const focusedTile = document.activeElement?.closest?.("[data-testid=hand-tile]");
  if (focusedTile && focusedTile !== tp.keyFocus) document.activeElement.blur();
  ui.sentSeq = state.seq;
  ui.mode = null;
  ui.confirm = null;
  tp.socket.send({ type: "act", table: state.table.id, seq: state.seq, action: out, id: `a-${state.seq}-${Date.now()}` });
  tp.state = { ...state, prompt: null };
  tp.render();
}

/** Close an end-of-hand screen; a seated player thereby tells the server the result has been
 * seen (the next hand begins when everybody has, docs/protocol.md `continue`). */
export function dismissHand(tp, shown) {
  if (tp.ui.dismissedHands.has(shown.seq)) return; // closed already: a second press of a screen not yet redrawn
  tp.ui.dismissedHands.add(shown.seq);
  if (tp.state.seat !== null && tp.state.table && !openHandEnd(tp)) {
    tp.socket.send({ type: "continue", table: tp.state.table.id });
  }
}

function onSnapshot(tp, msg) {
  if (tp.tableId && msg.table?.id !== tp.tableId && !tp.invite) return;
  tp.tableId = msg.table.id;
  tp.ui.reconnecting = false;
  tp.state = applySnapshot(tp.state, msg, Date.now());
  if (tp.state.seat === null && !tp.watching) tp.watching = true;
  tp.ui.sentSeq = null;
  tp.render();
}

function onEvents(tp, msg) {
  if (msg.table !== tp.tableId) return;
  const before = tp.state.handEnd;
  tp.state = applyEvents(tp.state, msg, Date.now());
  if ((msg.events || []).some((e) => DEALT.includes(e.type))) newHand(tp.ui);
  if (tp.state.handEnd !== before) tp.ui.mode = null;
  const sound = tp.ui.sound ? soundOf(msg.events) : null;
  if (sound) playSound(sound);
  tp.render();
}

/** Subscribe to the table's messages; returns the unsubscribe functions. */
export function listen(tp) {
  const { socket, t } = tp;
  const forTable = (apply) => (msg) => {
    if (msg.table !== tp.tableId) return;
    apply(msg);
    tp.render();
  };
  return [
    socket.on("snapshot", (msg) => onSnapshot(tp, msg)),
    socket.on("events", (msg) => onEvents(tp, msg)),
    socket.on(
      "prompt",
      forTable((msg) => {
        tp.state = applyPrompt(tp.state, msg, Date.now());
        tp.ui.sentSeq = null;
      }),
    ),
    socket.on(
      "match_ended",
      forTable((msg) => {
        tp.state = applyMatchEnded(tp.state, msg);
      }),
    ),
    socket.on("table_update", (msg) => {
      tp.state = applyTableUpdate(tp.state, msg);
      tp.render();
    }),
    socket.on("hint", (msg) => onHint(tp, msg)),
    socket.on("error", (msg) => {
      if (typeof msg.ref === "string" && msg.ref.startsWith(HINT_REF)) return; // a hint refused: it marks nothing
      if (RESYNC_CODES.has(msg.code) && tp.state.table) {
        tp.ui.notice = msg.code === "stale" ? null : t("table.resync");
        resync(tp);
      }
    }),
    // from a lost connection until the table's snapshot (a table resumed in a call window may
    // hold a join back for the call-prompt time, docs/protocol.md): the page says it is not live
    socket.on("disconnected", () => {
      tp.ui.reconnecting = true;
      tp.render();
    }),
    socket.on("reconnected", () => enter(tp)),
    socket.on("shutdown", () => {}),
  ];
}
