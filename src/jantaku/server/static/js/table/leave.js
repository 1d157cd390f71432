// Leaving a running match: a button beside the own area and its confirmation (a computer player
// takes the seat for the rest of the match; at a ranked table the result counts as 4th place,
// doman-rules.md §5.1; an unranked match nobody else plays is abandoned). Leaving sends `leave`
// and returns to the lobby.
import { el } from "../dom.js";

/** The "Leave match" button of a seated player. */
export function leaveButton(tp) {
  const open = () => {
    tp.ui.leaving = true;
    tp.render();
  };
  return el("button", { type: "button", class: "btn btn--small leave-match", "data-testid": "leave-match", onclick: open }, tp.t("table.leave_match"));
}

/** Close the confirmation and stay at the table. */
export function stay(tp) {
  tp.ui.leaving = false;
  tp.render();
}

function leave(tp) {
  tp.ui.leaving = false;
  tp.socket.send({ type: "leave", table: tp.tableId });
  tp.navigate("#/lobby");
}

/** Whether no other person plays the unranked match: each other seat is a computer player's,
 * or its person withdrew or was away past the grace (the server abandons such a match). */
function lastPerson(tp) {
  const { table, seat } = tp.state;
  if (!table || table.config?.ranked) return false;
  return (table.seats || []).every((s, i) => i === seat || s.bot || s.withdrawn || s.takeover);
}

/** "Leave this match? A computer player takes your seat …" with Stay (focused) and Leave. */
export function leaveDialog(tp) {
  const { t } = tp;
  const ranked = Boolean(tp.state.table?.config?.ranked);
  const alone = lastPerson(tp);
  return el(
    "div",
    { class: "dialog", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "leave-title", "data-testid": "leave-dialog" },
    el("h2", { id: "leave-title" }, t("table.leave_title")),
    el("p", { "data-testid": alone ? "leave-abandons" : "leave-text" }, t(alone ? "table.leave_abandons" : "table.leave_text")),
    ranked ? el("p", { "data-testid": "leave-ranked" }, el("strong", {}, t("table.leave_ranked"))) : null,
    el(
      "div",
      { class: "dialog-actions" },
      el("button", { type: "button", class: "btn", "data-testid": "leave-stay", "data-autofocus": "true", onclick: () => stay(tp) }, t("table.leave_stay")),
      el("button", { type: "button", class: "btn btn--primary", "data-testid": "leave-confirm", onclick: () => leave(tp) }, t("table.leave_confirm")),
    ),
  );
}
