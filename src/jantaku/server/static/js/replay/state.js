// Rebuilds the table at any step of a stored game's full event log (every hand open).
// Pure functions over the engine's JSON events (jantaku.engine.events).
import { parseTiles, plainTile, sortTiles } from "../notation.js";

function emptyState(scores) {
  return {
    hand: -1, // index of the current deal in the game
    roundWind: 0,
    dealer: 0,
    honba: 0,
    deposits: 0,
    scores: scores || [0, 0, 0, 0],
    dora: [],
    ura: [],
    hands: [[], [], [], []],
    drawn: [null, null, null, null],
    rivers: [[], [], [], []],
    melds: [[], [], [], []],
    riichi: [false, false, false, false],
    bonus: [[], [], [], []], // classical flowers and seasons laid out
    family: "riichi", // the rule family of the deal (families/index.js)
    warning: null, // a classical dangerous discard (Störspiel) of the last step
    toMove: null,
    wins: [],
    ended: null, // the deal_ended event once the deal is over
    matchEnded: null,
    last: null, // the last event applied
  };
}

/** Remove one copy of `tile` from `list` (exact first, then a red/plain five of the kind). */
function take(list, tile) {
  let i = list.indexOf(tile);
  if (i < 0) i = list.findIndex((x) => plainTile(x) === plainTile(tile));
  if (i >= 0) list.splice(i, 1);
  return i >= 0;
}

function settle(state, seat) {
  // the drawn tile joins the hand once the seat has acted
  if (state.drawn[seat] !== null) {
    state.hands[seat].push(state.drawn[seat]);
    state.drawn[seat] = null;
  }
}

function removeFromHand(state, seat, tile) {
  if (state.drawn[seat] === tile) {
    state.drawn[seat] = null;
    return;
  }
  settle(state, seat);
  take(state.hands[seat], tile);
}

function startDeal(state, scores, family, dealer, hands) {
  Object.assign(state, emptyState(scores));
  state.hand = (state._hand ?? -1) + 1;
  state._hand = state.hand;
  state.family = family;
  state.dealer = dealer;
  state.hands = hands.map((h) => (h ? sortTiles(parseTiles(h)) : []));
  state.toMove = dealer;
}

function addKan(state, e, tile) {
  removeFromHand(state, e.seat, tile);
  settle(state, e.seat);
  const pon = state.melds[e.seat].find(
    (m) => (m.kind === "pon" || m.kind === "pung") && plainTile(m.tiles[0]) === plainTile(tile),
  );
  if (pon) {
    pon.kind = e.kind;
    pon.tiles = sortTiles([...pon.tiles, tile]);
    pon.added = tile;
  }
}

function declareKan(state, e) {
  const tiles = parseTiles(e.tiles);
  if (e.kind === "added_kan" || e.kind === "added") addKan(state, e, tiles[0]);
  else {
    for (const tile of tiles) removeFromHand(state, e.seat, tile);
    settle(state, e.seat);
    state.melds[e.seat].push({ kind: e.kind, tiles: sortTiles(tiles), called: null, from: null });
  }
  state.hands[e.seat] = sortTiles(state.hands[e.seat]);
  state.toMove = e.seat;
}

// What each event type does to the table (both families' events; other types change nothing).
const APPLY = {
  deal_started(state, e) {
    startDeal(state, e.scores, "riichi", e.deal, e.hands);
    state.roundWind = e.round_wind;
    state.honba = e.honba;
    state.deposits = e.deposits;
    state.dora = [e.dora_indicator];
  },
  classical_deal_started(state, e) {
    startDeal(state, e.balances, "classical", e.dealer, e.hands);
    state.roundWind = e.round_wind;
  },
  bonus_laid_out(state, e) {
    removeFromHand(state, e.seat, e.tile);
    state.bonus[e.seat].push(e.tile);
  },
  dangerous_discard(state, e) {
    state.warning = e;
  },
  mah_jongg(state, e) {
    state.wins.push(e);
    state.toMove = null;
  },
  game_ended(state, e) {
    state.matchEnded = { ranking: e.ranking, scores: e.balances };
    state.scores = e.balances;
  },
  drew(state, e) {
    // a tile drawn earlier and kept (a replacement for a bonus tile at the deal) joins the hand
    settle(state, e.seat);
    state.hands[e.seat] = sortTiles(state.hands[e.seat]);
    if (e.tile !== null && e.tile !== undefined) state.drawn[e.seat] = e.tile;
    state.toMove = e.seat;
  },
  discarded(state, e) {
    removeFromHand(state, e.seat, e.tile);
    settle(state, e.seat);
    state.hands[e.seat] = sortTiles(state.hands[e.seat]);
    state.rivers[e.seat].push({ tile: e.tile, tsumogiri: Boolean(e.tsumogiri), riichi: Boolean(e.riichi), taken: false });
    state.toMove = null;
  },
  riichi_accepted(state, e) {
    state.riichi[e.seat] = true;
    state.scores = e.scores;
    state.deposits = e.deposits;
  },
  called(state, e) {
    const own = parseTiles(e.tiles);
    settle(state, e.seat);
    for (const tile of own) take(state.hands[e.seat], tile);
    const river = state.rivers[e.from_seat];
    if (river.length) river[river.length - 1].taken = true;
    state.melds[e.seat].push({ kind: e.kind, tiles: sortTiles([...own, e.tile]), called: e.tile, from: e.from_seat });
    state.toMove = e.seat;
  },
  kong_declared: declareKan,
  kan_declared: declareKan,
  dora_revealed(state, e) {
    state.dora.push(e.indicator);
  },
  won(state, e) {
    state.wins.push(e);
    if (e.ura_indicators) state.ura = parseTiles(Array.isArray(e.ura_indicators) ? e.ura_indicators.join("") : e.ura_indicators);
    state.toMove = null;
  },
  deal_ended(state, e) {
    state.ended = e;
    state.scores = e.scores || e.balances || state.scores;
    state.deposits = e.deposits ?? state.deposits;
    state.toMove = null;
  },
  match_ended(state, e) {
    state.matchEnded = e;
    state.scores = e.scores;
  },
};

function apply(state, e) {
  state.last = e;
  if (e.type !== "dangerous_discard") state.warning = null;
  const fn = APPLY[e.type];
  if (fn) fn(state, e);
  state.last = e;
}

/** The table after applying events[0..upto] (inclusive). */
export function stateAt(events, upto) {
  const state = emptyState();
  // a deal start resets the table: replay from the last one at or before `upto`
  let from = 0;
  let hand = -1;
  for (let i = 0; i <= upto && i < events.length; i++) {
    if (STARTS.has(events[i].type)) {
      from = i;
      hand += 1;
    }
  }
  state._hand = from > 0 || (events[0] && STARTS.has(events[0].type)) ? hand - 1 : -1;
  for (let i = from; i <= upto && i < events.length; i++) apply(state, events[i]);
  delete state._hand;
  return state;
}

const STARTS = new Set(["deal_started", "classical_deal_started"]);

/** Indices of the events that start a hand, with their labels' data. */
export function handStarts(events) {
  const out = [];
  events.forEach((e, i) => {
    if (e.type === "deal_started") {
      out.push({ index: i, family: "riichi", roundWind: e.round_wind, deal: e.deal, honba: e.honba });
    }
    if (e.type === "classical_deal_started") {
      out.push({ index: i, family: "classical", roundWind: e.round_wind, deal: e.dealer, number: e.hand_number });
    }
  });
  return out;
}
