// What a player who cannot see the table is told aloud: a polite live region beside the page
// (role=status) says when the own turn comes (and the tile drawn), when a call is offered (the
// tile, who threw it, the answers and their keys), the result of a hand and the end of the
// match; and what a seated player hears called out at a real table: another seat's riichi, its
// calls and kongs (with the tile), a Störspiel threat on a discard (public; the verdict is the
// result's). The others' plain discards are not said unless the player chose so (the toggle
// "Announce every discard"): at the pace computer players play they would flood a screen
// reader. Keys read the rest on demand (`readOut`: the last discard, the scores, the wall and
// dora, the own hand). Each announcement is made once, when what it says first shows (read
// from the drawing, so it never runs ahead of the screen). A spectator hears the same.
import { el } from "../dom.js";
import { formatNumber, tileName } from "../i18n.js";
import { parseTiles, sortTiles } from "../notation.js";
import { ownHand, scores, seatNames } from "./state.js";

/** The live region (kept outside the page's redrawn parts, so it is never replaced). */
export function liveRegion() {
  return el("div", { class: "visually-hidden", role: "status", "aria-live": "polite", "aria-atomic": "true", "data-testid": "table-announce" });
}

const words = (node) => (node?.textContent || "").replace(/\s+/g, " ").trim();

/** A button of the prompt as said aloud: its label and its key ("Pon (P)"). */
function spoken(button) {
  const label = words(button.firstChild);
  const key = button.getAttribute("aria-keyshortcuts");
  return key ? `${label} (${key === " " ? "Space" : key})` : label;
}

/** The result dialog on the page: its title and what it says first (winners and points, or the
 * draw; the match's ranking with the final scores). */
function resultWords(tp, overlay) {
  const { t } = tp;
  const key = overlay.dataset.key || "";
  if (key.startsWith("hand-")) {
    const parts = [...overlay.querySelectorAll("[data-testid=win] h3, [data-testid=result-summary], [data-testid=draw]")].map(words);
    return [t("table.hand_end"), ...parts].join(". ");
  }
  if (key === "match") {
    const rows = [...overlay.querySelectorAll("[data-testid=ranking] tbody tr")].map((tr) => [...tr.cells].slice(0, 3).map(words).join(" "));
    return [t("table.match_end"), ...rows].join(". ");
  }
  return null; // the danger and leave questions are alert dialogs: read as they take the focus
}

/** The prompt on the page as said aloud, or null: none. */
function promptWords(tp) {
  const { t, state, page } = tp;
  const bar = page.querySelector("[data-testid=prompt-bar]");
  const text = words(bar?.querySelector(".prompt-text"));
  if (!text) return null;
  const answers = [...bar.querySelectorAll("button")].map(spoken);
  const drawn = page.querySelector(".hand-tile--drawn")?.dataset.tile;
  const isTurn = Boolean(page.querySelector("[data-testid=hand-tile]:not([aria-disabled])"));
  const parts = [text];
  if (isTurn && drawn) parts.push(t("table.say.drew", { tile: tileName(drawn) }));
  const last = state.lastDiscard;
  if (!isTurn && last && last.seat !== state.seat) parts.push(t("table.say.discard", { tile: tileName(last.tile), name: seatNames(state)[last.seat] }));
  if (answers.length) parts.push(answers.join(", "));
  return parts.join(". ");
}

// the words of a call or kong's kind, by the event's kind (riichi's, then the classical family's)
const CALL_WORDS = {
  chi: "table.act.chi",
  pon: "table.act.pon",
  open_kan: "table.act.kan",
  added_kan: "table.act.kan",
  concealed_kan: "table.act.kan",
  chow: "table.act.chow",
  pung: "table.act.pung",
  kong: "table.act.kong",
  extended: "table.act.kong",
  concealed: "table.act.kong",
  added: "table.act.kong",
};

/** One public moment as called out at the table, or null: not said. */
function newsWords(tp, item) {
  const { t, state, ui } = tp;
  const names = seatNames(state);
  const name = names[item.seat];
  const tile = item.tile ? tileName(item.tile) : "";
  if (item.kind === "riichi") return t("table.say.riichi", { name, tile });
  if (item.kind === "call" || item.kind === "kong") {
    const call = t(CALL_WORDS[item.call] || "table.act.kan");
    return t(item.kind === "call" ? "table.say.call" : "table.say.kong", { name, call, tile });
  }
  if (item.kind === "danger") return t("table.say.danger", { name, tile, by: names[item.by] });
  if (item.kind === "discard" && ui.sayDiscards) return t("table.say.discard", { name, tile });
  return null;
}

/** What happened at the table since the last announcement and is said (the own seat's moves
 * are not: the player made them; a spectator hears every seat's). */
function newsSince(tp) {
  const { state } = tp;
  const since = tp.newsSaid ?? 0;
  tp.newsSaid = state.newsCount || 0;
  return (state.news || [])
    .filter((item) => item.n > since && item.seat !== state.seat)
    .map((item) => newsWords(tp, item))
    .filter(Boolean);
}

/** Say what changed since the last drawing, if it is one of the things said (after a drawing). */
export function announce(tp) {
  const region = tp.live;
  if (!region) return;
  const overlay = tp.page.querySelector(":scope > .overlay");
  const shown = tp.shown || {};
  const key = overlay ? `overlay:${overlay.dataset.key}` : JSON.stringify([shown.prompt, shown.mode]);
  // while a result is open the board shows the deal that ended: the next one's moments wait
  const news = overlay ? [] : newsSince(tp);
  if (key === tp.announced && !news.length) return;
  const fresh = key !== tp.announced;
  tp.announced = key;
  const said = fresh ? (overlay ? resultWords(tp, overlay) : shown.prompt ? promptWords(tp) : null) : null;
  const text = [...news, said].filter(Boolean).join(". ");
  // emptied between announcements, so the same words said again are announced again
  if (text) region.replaceChildren(el("p", {}, text));
  else if (!overlay) region.replaceChildren();
}

/** Say `text` now (a key asked for it). */
function say(tp, text) {
  if (tp.live) tp.live.replaceChildren(el("p", {}, text));
}

/** What the reading keys say, by key: the last discard and who threw it, the scores, the wall
 * and the dora indicators, the own hand in order. */
const READINGS = {
  l: (tp) => {
    const { t, state } = tp;
    // the newest discard of this deal, even one called since (it left the river)
    const news = state.news || [];
    const dealt = news.findLastIndex((item) => item.kind === "deal");
    const last = news.slice(dealt + 1).findLast((item) => item.kind === "discard" || item.kind === "riichi");
    if (!last) return t("table.say.no_discard");
    return t("table.say.last", { name: seatNames(state)[last.seat], tile: tileName(last.tile) });
  },
  s: (tp) => {
    const { t, state } = tp;
    const names = seatNames(state);
    const list = scores(state).map((score, seat) => t("table.say.score", { name: seat === state.seat ? t("table.you") : names[seat], score: formatNumber(score) }));
    return `${t("table.score")}: ${list.join(", ")}`;
  },
  w: (tp) => {
    const { t, state } = tp;
    const v = state.view;
    const parts = [t("table.wall", { n: v.live_remaining })];
    const dora = parseTiles(v.dora_indicators || "");
    if (dora.length) parts.push(`${t("table.dora_indicators")}: ${dora.map(tileName).join(", ")}`);
    return parts.join(". ");
  },
  h: (tp) => {
    const { t, state } = tp;
    if (state.seat === null) return t("table.say.no_hand");
    const hand = ownHand(state, sortTiles);
    const parts = [`${t("table.hand")}: ${hand.tiles.map((e) => tileName(e.tile)).join(", ")}`];
    if (hand.drawn) parts.push(t("table.say.drew", { tile: tileName(hand.drawn.tile) }));
    return parts.join(". ");
  },
};

/** A reading key (L, S, W, H): say what it reads; false when the key is none of them or the
 * game has not begun. */
export function readOut(tp, key) {
  const reading = READINGS[key];
  if (!reading || !tp.state.view) return false;
  say(tp, reading(tp));
  return true;
}
