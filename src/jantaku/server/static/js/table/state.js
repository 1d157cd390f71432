// The table's state model: a snapshot, then every `events` / `prompt` / `match_ended` message,
// folded into one plain object. Pure (no DOM, no clock: callers pass `now` in milliseconds), so
// the renderer only ever draws what this says.
//
// Each `events` message carries the viewer's view after those events (docs/protocol.md), so the
// view is always the server's; the events add what a view cannot say: the last discard, who
// just called, and the end-of-hand and end-of-match results.

import { parseTiles } from "../notation.js";
import { endedBoard } from "./ended.js";

// The tile parser is notation.js's; `splitTiles` is its name here (kept for callers and tests).
export { parseTiles as splitTiles } from "../notation.js";

export function createState(user = null) {
  return {
    user,
    table: null, // summary: id, status, config, seats, commitment, seq
    seat: null, // own seat, null for a spectator
    family: "riichi",
    view: null,
    seq: 0,
    toAct: [],
    deadlines: {}, // seat -> absolute ms
    turnEnds: {}, // seat -> absolute ms when its turn time is spent (the bank follows)
    prompt: null, // {seq, legal, drawnIndex, deadlineAt, turnEndAt}
    lastDiscard: null, // {seat, tile, at}: the newest discard (at: when it arrived, ms)
    lastCall: null, // {seat, tile, at}: the newest call or kong (tile: the called or declared one)
    news: [], // the last few public moments a seated player hears called out (announce.js): {n, kind, seat, tile, call, by}
    newsCount: 0, // how many there were since the page opened (n of the newest)
    handEnd: null, // the latest {wins, end: deal_ended, before: the deal's view at its end, seq, board: ended.js}
    handEnds: [], // the last few, so none is missed while an earlier one is still open
    matchEnd: null, // the match result
    error: null,
  };
}

function deadlinesFrom(obj, now) {
  const out = {};
  for (const [seat, secs] of Object.entries(obj || {})) {
    if (typeof secs === "number") out[seat] = now + secs * 1000;
  }
  return out;
}

/** The clocks shown with a bank (the own seat's): seat -> when its turn time is spent
 * (absolute ms). Another seat's clock is its turn time alone (its deadline), one number. */
function turnEndsFrom(obj, now) {
  const out = {};
  for (const [seat, c] of Object.entries(obj || {})) {
    if (typeof c?.turn_left === "number" && typeof c?.bank === "number") out[seat] = now + c.turn_left * 1000;
  }
  return out;
}

/** A `snapshot` message: everything is replaced. */
export function applySnapshot(state, msg, now = 0) {
  const s = { ...state, error: null };
  s.table = msg.table;
  s.seat = msg.seat ?? null;
  s.family = msg.table?.config?.family || "riichi";
  s.view = msg.view || null;
  s.seq = msg.table?.seq ?? 0;
  s.toAct = msg.to_act || [];
  s.deadlines = deadlinesFrom(msg.deadlines, now);
  s.turnEnds = turnEndsFrom(msg.clocks, now);
  s.prompt = null;
  s.betweenHands = Boolean(msg.between_hands);
  if (msg.result) s.matchEnd = msg.result;
  // at an open ranked table: when the own wait began (the server tells the seconds waited)
  s.waitedSince = typeof msg.waited === "number" ? now - msg.waited * 1000 : null;
  // between hands, the result not yet confirmed (a reloaded page shows it again)
  const h = msg.hand_end;
  if (h && !(s.handEnds || []).some((e) => e.seq === h.seq)) {
    const events = h.events || [];
    const end = events.find((e) => e.type === "deal_ended");
    const wins = events.filter((e) => e.type === "won" || e.type === "mah_jongg");
    if (end) addHandEnd(s, wins, end, h.ended_view || null, h.seq);
  }
  return s;
}

/** Collect a deal's result (``ended``: the deal at its end, the board behind the result). */
function addHandEnd(s, wins, end, ended, seq) {
  s.handEnd = { wins, end, before: ended, seq, family: s.family, board: endedBoard(s, ended) };
  s.handEnds = [...(s.handEnds || []), s.handEnd].slice(-8);
}

/** Note a public moment of the game (a discard, a riichi, a call or kong, a Störspiel threat):
 * announce.js says those a player at the table would hear called out. */
function addNews(s, item) {
  s.newsCount = (s.newsCount || 0) + 1;
  s.news = [...(s.news || []), { ...item, n: s.newsCount }].slice(-12);
}

/** An `events` message: the view is replaced, results are collected from the events. */
export function applyEvents(state, msg, now = 0) {
  if (state.table && msg.table && msg.table !== state.table.id) return state;
  const s = { ...state };
  const before = state.view;
  s.seq = msg.seq;
  if (s.table) s.table = { ...s.table, seq: msg.seq, status: s.table.status === "open" ? "live" : s.table.status };
  s.toAct = msg.to_act || [];
  s.deadlines = deadlinesFrom(msg.deadlines, now);
  s.turnEnds = turnEndsFrom(msg.clocks, now);
  s.betweenHands = Boolean(msg.between_hands); // the last hand's result is on screen
  if (msg.view) s.view = msg.view;
  if (s.prompt && s.prompt.seq !== msg.seq) s.prompt = null;
  let wins = null;
  for (const e of msg.events || []) {
    switch (e.type) {
      case "discarded":
        s.lastDiscard = { seat: e.seat, tile: e.tile, at: now };
        addNews(s, { kind: e.riichi ? "riichi" : "discard", seat: e.seat, tile: e.tile });
        break;
      case "called":
      case "kan_declared":
      case "kong_declared":
        s.lastDiscard = null;
        s.lastCall = { seat: e.seat, tile: e.tile || e.tiles?.[0] || null, at: now };
        addNews(s, { kind: e.type === "called" ? "call" : "kong", seat: e.seat, tile: s.lastCall.tile, call: e.kind });
        break;
      case "dangerous_discard":
        addNews(s, { kind: "danger", seat: e.seat, tile: e.tile, by: e.threatened_by });
        break;
      case "deal_started":
      case "classical_deal_started":
        s.lastDiscard = null;
        s.lastCall = null;
        addNews(s, { kind: "deal", seat: null });
        break;
      case "won":
      case "mah_jongg":
        wins = wins || [];
        wins.push(e);
        break;
      case "deal_ended": {
        const ended = msg.ended_view || before; // the deal at its end (the server's), else its last view
        addHandEnd(s, wins || [], e, ended, msg.seq);
        wins = null;
        break;
      }
      case "match_ended":
      case "game_ended":
        s.matchEndEvent = e;
        break;
      default:
        break;
    }
  }
  return s;
}

/** A `prompt` message for the own seat. */
export function applyPrompt(state, msg, now = 0) {
  if (state.table && msg.table !== state.table.id) return state;
  if (state.seat === null || msg.seat !== state.seat) return state;
  const s = { ...state };
  s.prompt = {
    seq: msg.seq,
    legal: msg.legal_actions || [],
    drawnIndex: msg.drawn_index ?? null,
    deadlineAt: typeof msg.deadline === "number" ? now + msg.deadline * 1000 : null,
    turnEndAt: typeof msg.turn_left === "number" ? now + msg.turn_left * 1000 : null,
  };
  if (msg.seq > s.seq) s.seq = msg.seq;
  return s;
}

/** A `match_ended` message. */
export function applyMatchEnded(state, msg) {
  if (state.table && msg.table !== state.table.id) return state;
  return {
    ...state,
    matchEnd: msg.result,
    prompt: null,
    toAct: [],
    table: state.table ? { ...state.table, status: "finished" } : state.table,
  };
}

/** A `table_update` message (seats joined, connected, taken over). */
export function applyTableUpdate(state, msg) {
  if (!state.table || msg.table?.id !== state.table.id) return state;
  return { ...state, table: { ...state.table, ...msg.table, seq: state.table.seq } };
}

/** The legal actions that may be sent now (the prompt belongs to the current step). */
export function currentLegal(state) {
  if (!state.prompt || state.prompt.seq !== state.seq) return [];
  return state.prompt.legal;
}

/** Position of a seat around the table as the viewer sees it: 0 self (bottom), 1 right, 2 across, 3 left. */
export function relative(state, seat) {
  const me = state.seat ?? 0;
  return (seat - me + 4) % 4;
}

/** The wind of each seat (0 East .. 3 North). */
export function seatWind(state, seat) {
  const v = state.view;
  if (!v) return seat;
  if (v.seats?.[seat]?.seat_wind !== undefined) return v.seats[seat].seat_wind;
  return (seat - v.dealer + 4) % 4;
}

/** Scores (riichi) or running balances (classical) by seat. */
export function scores(state) {
  const v = state.view;
  if (!v) return [0, 0, 0, 0];
  return v.seats.map((p) => (p.score !== undefined ? p.score : p.balance));
}

/**
 * The own hand as buttons would show it: the concealed tiles without the drawn one, sorted by
 * the view (by index), and the drawn tile apart. Each entry gets the legal discard / riichi
 * action for that physical tile when there is one.
 */
export function ownHand(state, sortFn = (x) => x) {
  const v = state.view;
  if (!v || state.seat === null) return { tiles: [], drawn: null };
  const all = parseTiles(v.hand);
  let drawn = v.drawn || null;
  if (drawn) {
    const i = all.lastIndexOf(drawn);
    if (i >= 0) all.splice(i, 1);
    else drawn = null;
  }
  const legal = currentLegal(state);
  const drawnIndex = state.prompt && state.prompt.seq === state.seq ? state.prompt.drawnIndex : v.drawn_index;
  const discards = legal.filter((a) => a.type === "discard");
  const riichis = legal.filter((a) => a.type === "riichi");
  const used = new Set();
  const pick = (list, tile, isDrawn) => {
    let found = null;
    for (const a of list) {
      if (a.tile !== tile || used.has(`${a.type}:${a.tile_index}`)) continue;
      const drawnCopy = drawnIndex !== null && drawnIndex !== undefined && a.tile_index === drawnIndex;
      if (drawnCopy !== isDrawn && drawnIndex !== null && drawnIndex !== undefined) continue;
      found = a;
      break;
    }
    if (found) used.add(`${found.type}:${found.tile_index}`);
    return found;
  };
  const entry = (tile, isDrawn) => ({ tile, drawn: isDrawn, discard: null, riichi: null });
  const drawnEntry = drawn ? entry(drawn, true) : null;
  if (drawnEntry) {
    drawnEntry.discard = pick(discards, drawn, true);
    drawnEntry.riichi = pick(riichis, drawn, true);
  }
  const tiles = sortFn(all).map((tile) => {
    const e = entry(tile, false);
    e.discard = pick(discards, tile, false);
    e.riichi = pick(riichis, tile, false);
    return e;
  });
  // a drawn copy the view did not place (no drawn index known): give leftovers to whoever lacks one
  for (const e of [...tiles, ...(drawnEntry ? [drawnEntry] : [])]) {
    if (!e.discard) e.discard = pick(discards, e.tile, !e.drawn) || null;
    if (!e.riichi) e.riichi = pick(riichis, e.tile, !e.drawn) || null;
  }
  return { tiles, drawn: drawnEntry };
}

/**
 * The prompt's non-discard choices grouped for buttons: {win, riichi, chi, pon, kan, nine, pass},
 * each a list of legal actions (several when a call can be made with different own tiles).
 */
export function choices(state) {
  const out = { win: [], riichi: [], chi: [], pon: [], kan: [], nine: [], pass: [] };
  for (const a of currentLegal(state)) {
    if (a.type === "tsumo" || a.type === "ron") out.win.push(a);
    else if (a.type === "riichi") out.riichi.push(a);
    else if (a.type === "chi") out.chi.push(a);
    else if (a.type === "pon") out.pon.push(a);
    else if (a.type === "open_kan" || a.type === "added_kan" || a.type === "concealed_kan") out.kan.push(a);
    else if (a.type === "nine_terminals") out.nine.push(a);
    else if (a.type === "pass") out.pass.push(a);
  }
  return out;
}

/** The pass of a call offer showing now (a chi, pon or kan to take or let go, no win among
 * them), or null: what "No calls" and a right-click on the table answer. */
export function callOfferPass(state) {
  const legal = currentLegal(state);
  if (!legal.length) return null;
  const c = choices(state);
  const callsOnly = c.pass.length && !c.win.length && legal.every((a) => ["pass", "chi", "pon", "open_kan", "added_kan"].includes(a.type));
  return callsOnly ? c.pass[0] : null;
}

/** What an automatic answer would send now, if the toggles allow one. */
export function autoAction(state, opts) {
  const legal = currentLegal(state);
  if (!legal.length) return null;
  const c = choices(state);
  if (opts.autoWin && c.win.length) return c.win[0];
  const own = state.seat !== null ? state.view?.seats?.[state.seat] : null;
  const discards = legal.filter((a) => a.type === "discard");
  if (own?.riichi && discards.length === 1 && !c.win.length && !c.kan.length && legal.length === 1) {
    return discards[0]; // after riichi the drawn tile goes out by itself
  }
  return opts.noCalls ? callOfferPass(state) : null;
}

/** The names of the seats (user or computer player). */
export function seatNames(state) {
  return (state.table?.seats || []).map((s, i) => s.name || `#${i + 1}`);
}
