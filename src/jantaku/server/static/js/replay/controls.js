// The replay's input: step and hand buttons, the hand bar, the keys (arrows, Page Up/Down,
// Home/End), and the address that follows the step.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { familyOf } from "../families/index.js";

/** The label of a hand start ("East 1, 0 honba" / "East, hand 1"). */
export function handLabel(start) {
  return familyOf(start.family).replay.handLabel(start, t);
}

/** Index in rp.starts of the hand the current step belongs to. */
export function currentHand(rp) {
  let k = 0;
  rp.starts.forEach((s, i) => {
    if (s.index <= rp.pos) k = i;
  });
  return k;
}

/** Go to step i (clamped); the address follows (shareable, kept over a language switch). */
export function go(rp, i) {
  rp.pos = Math.max(0, Math.min(rp.events.length - 1, i));
  const review = rp.reviewSeat === undefined ? "" : `&review=${rp.reviewSeat}`; // kept open
  history.replaceState(null, "", `#/replay/${encodeURIComponent(rp.id)}?step=${rp.pos + 1}${review}`);
  rp.render();
}

/** To the previous or next hand's start (back first to the current hand's start). */
export function jumpHand(rp, delta) {
  const { starts } = rp;
  const k = currentHand(rp);
  const target = starts[Math.max(0, Math.min(starts.length - 1, k + delta))];
  if (delta < 0 && target && starts[k].index < rp.pos) go(rp, starts[k].index);
  else if (target) go(rp, target.index);
}

/** The buttons; rp gets the ones render() updates (prev, next, position, handsBar, doraToggle). */
export function buildControls(rp) {
  const btn = (testid, label, title, onclick) =>
    el("button", { type: "button", class: "btn", "data-testid": testid, title, "aria-label": title, onclick }, label);
  rp.position = el("span", { class: "position", "data-testid": "replay-position", "aria-live": "polite" });
  rp.prev = btn("replay-prev", "◀", t("replay.back"), () => go(rp, rp.pos - 1));
  rp.next = btn("replay-next", "▶", t("replay.forward"), () => go(rp, rp.pos + 1));
  const toggleDora = () => {
    rp.settings.set("doraDisplay", rp.settings.get("doraDisplay", "dora") === "dora" ? "indicator" : "dora");
    rp.render();
  };
  rp.doraToggle = el("button", { type: "button", class: "btn btn--small", "data-testid": "dora-toggle", onclick: toggleDora });
  rp.handsBar = el(
    "div",
    { class: "replay-hands", role: "group", "aria-label": t("replay.hands") },
    rp.starts.map((s, k) => el("button", { type: "button", class: "btn btn--small", "data-testid": `hand-jump-${k}`, onclick: () => go(rp, s.index) }, handLabel(s))),
  );
  rp.bar = el(
    "div",
    { class: "replay-bar" },
    btn("replay-prev-hand", "«", t("replay.prev_hand"), () => jumpHand(rp, -1)),
    rp.prev,
    rp.position,
    rp.next,
    btn("replay-next-hand", "»", t("replay.next_hand"), () => jumpHand(rp, 1)),
  );
}

/** The keydown listener. */
export function keyHandler(rp) {
  const actions = {
    ArrowRight: () => go(rp, rp.pos + 1),
    ArrowLeft: () => go(rp, rp.pos - 1),
    ArrowDown: () => jumpHand(rp, 1),
    PageDown: () => jumpHand(rp, 1),
    ArrowUp: () => jumpHand(rp, -1),
    PageUp: () => jumpHand(rp, -1),
    Home: () => go(rp, 0),
    End: () => go(rp, rp.events.length - 1),
  };
  return (ev) => {
    if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const fn = actions[ev.key];
    if (fn) {
      ev.preventDefault();
      fn();
    }
  };
}
