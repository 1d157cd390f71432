// The waiting room (before the match starts) and the confirmation before a dangerous discard.
import { tileEl } from "../tiles.js";
import { tileName } from "../i18n.js";
import { el } from "../dom.js";
import { seatNames } from "./state.js";
import { act } from "./connection.js";
import { onScreen } from "./shown.js";
import { chosenLevel, levelLabel, offeredLevels, saveLevel, savedLevel } from "../levels.js";

/** The level choice for "start with computer players": the levels the server offers for the
 * table's family (until they arrive, the saved one alone), the player's pick or the saved level
 * selected. The select's drawing leaves its value out (set as a property), so a redraw finds it
 * equal and keeps it as it is: opened, or changed by the player. */
function levelPick(tp) {
  const fam = tp.state.family;
  if (!tp.levels && !tp.levelsAsked) {
    tp.levelsAsked = true;
    offeredLevels(tp, tp.api).then(() => tp.alive && tp.render());
  }
  const levels = tp.levels?.[fam] || [savedLevel(tp.settings, fam)];
  const chosen = levels.includes(tp.waitLevel) ? tp.waitLevel : chosenLevel(tp.settings, fam, levels);
  const onchange = (ev) => {
    tp.waitLevel = ev.currentTarget.value;
  };
  const select = el("select", { id: "start-level", "data-testid": "start-level", onchange }, levels.map((level) => el("option", { value: level }, levelLabel(fam, level))));
  select.value = chosen;
  return el("label", { class: "level-pick", for: "start-level" }, el("span", {}, tp.t("table.bot_level")), select);
}

/** Start with puppets of the level the select shows when clicked (one the server offers for the
 * family: a pick made before the levels arrived falls back to the saved or default one). */
async function startWithBots(tp, button) {
  const fam = tp.state.family;
  const picked = button.closest(".dialog-actions")?.querySelector("[data-testid=start-level]")?.value;
  const levels = (await offeredLevels(tp, tp.api))[fam];
  if (!tp.alive) return;
  const bot = levels ? (levels.includes(picked) ? picked : chosenLevel(tp.settings, fam, levels)) : picked || savedLevel(tp.settings, fam);
  saveLevel(tp.settings, fam, bot);
  tp.socket.send({ type: "start", table: tp.tableId, fill_bots: true, bot });
}

// The room is laid over the old one on every redraw (keep.js): a button that did not change
// stays the same element, so its handlers read the table from the page object when clicked.
function waitingActions(tp, ranked) {
  const { t, socket } = tp;
  const leave = () => {
    socket.send({ type: "leave", table: tp.tableId });
    tp.navigate("#/lobby");
  };
  const start = (ev) => startWithBots(tp, ev.currentTarget);
  return el(
    "div",
    { class: "dialog-actions" },
    // ranked tables start when four people sit; others may fill the empty seats now
    ranked ? null : levelPick(tp),
    ranked ? null : el("button", { type: "button", class: "btn btn--primary", "data-testid": "start-bots", onclick: start }, t("table.start_bots")),
    el("button", { type: "button", class: "btn", "data-testid": "leave", onclick: leave }, t("table.leave")),
  );
}

/** A seat in the waiting room: its player, or (an open ranked table names nobody) "you" for
 * one's own seat and "a player" for another's, or empty. */
function seatLabel(s, i, state, t) {
  if (s.anonymous) return i === state.seat ? t("table.you") : t("table.a_player");
  return s.user_id || s.bot ? `${s.name}${s.bot ? ` (${t("table.computer")})` : ""}` : t("table.empty_seat");
}

/** The seats taken so far, the invitation, and (for a player) start and leave. */
export function waitingRoom(tp) {
  const { t, state, invite } = tp;
  const names = state.table.seats.map((s, i) => seatLabel(s, i, state, t));
  const parts = [el("h2", {}, t("table.waiting")), el("ol", { class: "waiting-seats" }, names.map((n) => el("li", {}, n)))];
  if (invite) {
    const link = `${location.origin}${location.pathname}#/table/${tp.tableId}?invite=${encodeURIComponent(invite)}`;
    parts.push(
      el("p", { class: "invite-box" }, `${t("table.invite")}: `, el("code", { "data-testid": "invite-code" }, invite)),
      el("p", { class: "invite-box" }, `${t("table.invite_link")}: `, el("code", {}, link)),
    );
  }
  const ranked = Boolean(state.table.config?.ranked);
  parts.push(el("p", { class: "muted" }, ranked ? t("table.waiting_ranked") : t("table.waiting_hint")));
  // the own wait in the ranked queue, counted up by the page's ticker
  if (ranked && state.waitedSince !== null && state.waitedSince !== undefined) {
    parts.push(el("p", { class: "queue-wait", "data-testid": "queue-wait", "data-since": String(state.waitedSince) }));
  }
  if (!tp.watching) parts.push(waitingActions(tp, ranked));
  return el("div", { class: "waiting card", "data-testid": "waiting" }, parts);
}

/** "This tile may give X a Mah-Jongg; discard it anyway?" (a family's discard warning). */
export function dangerDialog(tp) {
  const { t, ui } = tp;
  const w = ui.confirm.warning;
  const names = seatNames(tp.state);
  // each button answers the warning it shows (not one closed or replaced before the redraw)
  const asked = ui.confirm;
  const keep = () => {
    if (ui.confirm !== asked) return;
    ui.confirm = null;
    tp.render();
  };
  const confirm = () => ui.confirm === asked && onScreen(tp) && act(tp, asked.action);
  return el(
    "div",
    { class: "dialog danger", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "danger-title", "data-testid": "danger-dialog" },
    el("h2", { id: "danger-title" }, t("table.danger_title")),
    el("p", {}, tileEl(ui.confirm.tile, { size: "md" }), " ", t("table.danger_text", { tile: tileName(ui.confirm.tile), name: names[w.threatened_by] })),
    el(
      "div",
      { class: "dialog-actions" },
      el("button", { type: "button", class: "btn", "data-testid": "danger-cancel", "data-autofocus": "true", onclick: keep }, t("table.danger_cancel")),
      el("button", { type: "button", class: "btn btn--primary", "data-testid": "danger-confirm", onclick: confirm }, t("table.danger_confirm")),
    ),
  );
}
