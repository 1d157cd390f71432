// What a player who cannot see the table is told aloud: a polite live region beside the page
// (role=status) says when the own turn comes (and the tile drawn), when a call is offered (the
// tile, who threw it, the answers and their keys), the result of a hand and the end of the
// match. Nothing else is said: the others' discards and calls would flood a screen reader at
// the pace computer players play; the board's names tell them to whoever reads it. Each
// announcement is made once, when what it says first shows (read from the drawing, so it
// never runs ahead of the screen).
import { el } from "../dom.js";
import { tileName } from "../i18n.js";
import { seatNames } from "./state.js";

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

/** Say what changed since the last drawing, if it is one of the things said (after a drawing). */
export function announce(tp) {
  const region = tp.live;
  if (!region) return;
  const overlay = tp.page.querySelector(":scope > .overlay");
  const shown = tp.shown || {};
  const key = overlay ? `overlay:${overlay.dataset.key}` : JSON.stringify([shown.prompt, shown.mode]);
  if (key === tp.announced) return;
  tp.announced = key;
  const text = overlay ? resultWords(tp, overlay) : shown.prompt ? promptWords(tp) : null;
  // emptied between announcements, so the same words said again are announced again
  if (text) region.replaceChildren(el("p", {}, text));
  else if (!overlay) region.replaceChildren();
}
