// The clocks of a timed table: each shows the turn time left and then the seat's bank apart
// ("5 + 10"); the turn part counts down first, then the bank. An element carries the absolute
// times (ms) in data-deadline (turn time and bank spent) and data-turn-end (turn time spent).
import { el } from "../dom.js";

/** A timer element (text filled by `tickTimers`); null without a deadline. */
export function timerEl(deadlineAt, turnEndAt, attrs = {}) {
  if (!deadlineAt) return null;
  const cls = attrs.class ? `timer ${attrs.class}` : "timer";
  return el("span", { ...attrs, class: cls, "data-deadline": String(deadlineAt), "data-turn-end": turnEndAt ? String(turnEndAt) : null }, "");
}

/** What a clock reads at `now`: {turn, bank, left} in whole seconds (turn null: one total). */
export function clockParts(deadlineAt, turnEndAt, now) {
  const secs = (ms) => Math.max(0, Math.ceil(ms / 1000));
  const left = secs(deadlineAt - now);
  if (!turnEndAt) return { turn: null, bank: null, left };
  const turnLeft = turnEndAt - now;
  if (turnLeft > 0) return { turn: secs(turnLeft), bank: secs(deadlineAt - turnEndAt), left };
  return { turn: 0, bank: left, left };
}

/** Count every timer under `root` down. */
export function tickTimers(root, t, now) {
  for (const node of root.querySelectorAll("[data-deadline]")) {
    const turnEnd = node.dataset.turnEnd ? Number(node.dataset.turnEnd) : null;
    const c = clockParts(Number(node.dataset.deadline), turnEnd, now);
    if (c.turn === null) {
      node.textContent = t("table.timer", { s: c.left });
      node.setAttribute("aria-label", t("table.time_left", { s: c.left }));
    } else {
      node.textContent = t("table.timer_bank", { turn: c.turn, bank: c.bank });
      node.setAttribute("aria-label", t("table.time_left_bank", { turn: c.turn, bank: c.bank }));
    }
    node.classList.toggle("timer--low", c.left <= 5);
  }
}
