// The table page: play (join, optionally filling empty seats with computer players) or watch.
// Route: #/table/<id>?fill=1 | watch=1 | invite=<code>; #/table/new?kind=party&private=1 creates
// a table first. State lives in js/table/state.js (pure); this module wires the socket, the
// clicks and keys, and draws.
import { tileEl, sortTiles } from "../tiles.js";
import { onLangChange, tileName } from "../i18n.js";
import { getSetting, setSetting } from "../settings.js";
import { h } from "../table/dom.js";
import { boardEl, meldEl } from "../table/board.js";
import { handEndEl, matchEndEl } from "../table/results.js";
import {
  applyEvents,
  applyMatchEnded,
  applyPrompt,
  applySnapshot,
  applyTableUpdate,
  autoAction,
  choices,
  createState,
  currentLegal,
  dangerFor,
  ownHand,
  seatNames,
  splitTiles,
} from "../table/state.js";

const TILE_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "u", "i", "o"];
const RESYNC_CODES = new Set(["stale", "illegal_action", "not_your_turn", "bad_action"]);
const WATCH_CODES = new Set(["table_started", "table_full", "withdrawn", "seat_taken"]);

export async function mount(root, params, ctx) {
  const { socket, t, navigate } = ctx;
  const query = params.query || new URLSearchParams();

  if (params.id === "new") {
    root.replaceChildren(h("p", { class: "muted" }, t("table.connecting")));
    await socket.connect();
    const created = await socket.request({
      type: "create",
      kind: query.get("kind") || "party",
      length: query.get("length") || "quick",
      kuitan: query.get("kuitan") !== "0",
      private: query.get("private") === "1",
    });
    const q = created.invite ? `?invite=${encodeURIComponent(created.invite)}` : "";
    navigate(`#/table/${created.table.id}${q}`);
    return () => {};
  }

  let state = createState(ctx.user);
  let tableId = params.id;
  let watching = query.get("watch") === "1";
  const invite = query.get("invite");
  const ui = {
    mode: null, // null | "riichi" | {choose: [actions]}
    confirm: null, // {action, warning}
    showDiffs: false,
    dismissedHands: new Set(), // seqs of the end-of-hand screens closed
    notice: watching ? t("table.watching") : null,
    sentSeq: null,
    autoWin: Boolean(getSetting("autoWin", false)),
    noCalls: Boolean(getSetting("noCalls", false)),
    doraDisplay: getSetting("doraDisplay", "dora"),
    toggleDiffs() {
      ui.showDiffs = !ui.showDiffs;
      render();
    },
  };
  let alive = true;
  let autoTimer = null;
  let resyncTimer = null;

  const page = h("div", { class: "table-page", "data-testid": "table-page" });
  root.replaceChildren(page);

  // ------------------------------------------------------------------ talking to the server

  function enter() {
    const fill = query.get("fill") === "1";
    let msg;
    // a private table is found by its invite code (its id only serves its own players)
    if (watching) msg = invite ? { type: "watch", invite } : { type: "watch", table: tableId };
    else {
      msg = { type: "join" };
      if (invite && state.table === null) msg.invite = invite;
      else msg.table = tableId;
      if (fill) msg.fill_bots = true;
      if (fill && query.get("bot")) msg.bot = query.get("bot");
    }
    socket.request(msg, { expect: "snapshot" }).catch((err) => {
      if (!alive) return;
      if (err && WATCH_CODES.has(err.code) && !watching) {
        watching = true;
        ui.notice = t("table.watch_instead");
        enter();
      } else if (err && err.code === "no_table") {
        ui.notice = t("table.no_table");
        render();
      } else if (err && err.code !== "disconnected") {
        ui.notice = t("table.error", { message: err.message || err.code });
        render();
      }
    });
  }

  function resync() {
    if (resyncTimer) return;
    resyncTimer = setTimeout(() => {
      resyncTimer = null;
      if (alive) enter();
    }, 150);
  }

  function act(action) {
    if (!state.table) return;
    const out = { ...action };
    delete out.seat;
    ui.sentSeq = state.seq;
    ui.mode = null;
    ui.confirm = null;
    socket.send({ type: "act", table: state.table.id, seq: state.seq, action: out, id: `a-${state.seq}-${Date.now()}` });
    state = { ...state, prompt: null };
    render();
  }

  const offs = [
    socket.on("snapshot", (msg) => {
      if (tableId && msg.table?.id !== tableId && !invite) return;
      tableId = msg.table.id;
      state = applySnapshot(state, msg, Date.now());
      if (state.seat === null && !watching) watching = true;
      ui.sentSeq = null;
      render();
    }),
    socket.on("events", (msg) => {
      if (msg.table !== tableId) return;
      const before = state.handEnd;
      state = applyEvents(state, msg, Date.now());
      if (state.handEnd !== before) ui.mode = null;
      render();
    }),
    socket.on("prompt", (msg) => {
      if (msg.table !== tableId) return;
      state = applyPrompt(state, msg, Date.now());
      ui.sentSeq = null;
      render();
    }),
    socket.on("match_ended", (msg) => {
      if (msg.table !== tableId) return;
      state = applyMatchEnded(state, msg);
      render();
    }),
    socket.on("table_update", (msg) => {
      state = applyTableUpdate(state, msg);
      render();
    }),
    socket.on("error", (msg) => {
      if (RESYNC_CODES.has(msg.code) && state.table) {
        ui.notice = msg.code === "stale" ? null : t("table.resync");
        resync();
      }
    }),
    socket.on("reconnected", () => enter()),
    socket.on("shutdown", () => {}),
    onLangChange(() => render()),
  ];

  // ------------------------------------------------------------------ choosing

  function discard(entry) {
    if (ui.mode === "riichi") {
      if (entry.riichi) act(entry.riichi);
      return;
    }
    if (!entry.discard) return;
    const warning = state.family === "classical" ? dangerFor(state, entry.tile) : null;
    if (warning) {
      ui.confirm = { action: entry.discard, warning, tile: entry.tile };
      render();
      return;
    }
    act(entry.discard);
  }

  function pressGroup(kind) {
    const c = choices(state);
    const list = c[kind] || [];
    if (!list.length) return;
    if (kind === "riichi") {
      ui.mode = ui.mode === "riichi" ? null : "riichi";
      render();
      return;
    }
    if (list.length === 1 || kind === "pass" || kind === "win" || kind === "nine") {
      act(list[0]);
      return;
    }
    ui.mode = { choose: list };
    render();
  }

  function onKey(ev) {
    if (!alive || ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const target = ev.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
    const key = ev.key.toLowerCase();
    if (ui.confirm) {
      // Enter and Space press the focused button ("Keep it" first); Escape keeps the tile
      if (key === "escape") {
        ui.confirm = null;
        render();
        ev.preventDefault();
      }
      return;
    }
    const shown = openHandEnd();
    if (shown && ["enter", "escape", " "].includes(key)) {
      dismissHand(shown); // the end-of-hand screen takes the keys while it is open
      render();
      ev.preventDefault();
      return;
    }
    if (key === " " && target && target.tagName === "BUTTON") return; // Space presses the focused button
    const legal = currentLegal(state);
    if (!legal.length) return;
    let handled = true;
    if (key === "escape" || key === " ") {
      if (ui.mode) {
        ui.mode = null;
        render();
      } else pressGroup("pass");
    } else if (key === "r") pressGroup("riichi");
    else if (key === "t") pressGroup("win");
    else if (key === "c") pressGroup("chi");
    else if (key === "p") pressGroup("pon");
    else if (key === "k") pressGroup("kan");
    else if (key === "n") pressGroup("nine");
    else if (ui.mode && ui.mode.choose && /^[1-9]$/.test(key)) {
      const a = ui.mode.choose[Number(key) - 1];
      if (a) act(a);
    } else if (key === "d") {
      const hand = ownHand(state, sortTiles);
      if (hand.drawn) discard(hand.drawn);
    } else if (TILE_KEYS.includes(key)) {
      const hand = ownHand(state, sortTiles);
      const entry = hand.tiles[TILE_KEYS.indexOf(key)];
      if (entry) discard(entry);
    } else handled = false;
    if (handled) ev.preventDefault();
  }
  document.addEventListener("keydown", onKey);

  // ------------------------------------------------------------------ drawing

  function actLabel(a) {
    const classical = state.family === "classical";
    if (a.type === "tsumo" || a.type === "ron") return classical ? t("table.act.mahjongg") : t(`table.act.${a.type}`);
    if (a.type === "chi") return classical ? t("table.act.chow") : t("table.act.chi");
    if (a.type === "pon") return classical ? t("table.act.pung") : t("table.act.pon");
    if (a.type.endsWith("kan")) return classical ? t("table.act.kong") : t("table.act.kan");
    return t(`table.act.${a.type}`);
  }

  function promptBar() {
    const c = choices(state);
    const bar = h("div", { class: "prompt-bar", role: "toolbar", "aria-label": t("table.options"), "data-testid": "prompt-bar" });
    const legal = currentLegal(state);
    if (!legal.length) return bar;
    const btn = (kind, text, key, cls = "") =>
      h(
        "button",
        {
          type: "button",
          class: `btn act act--${kind} ${cls}`,
          "data-testid": `act-${kind}`,
          "aria-keyshortcuts": key,
          onclick: () => pressGroup(kind),
        },
        text,
        h("kbd", {}, key === " " ? "Space" : key),
      );
    if (ui.mode && ui.mode.choose) {
      bar.append(h("span", { class: "prompt-text" }, t("table.choose_call")));
      ui.mode.choose.forEach((a, i) => {
        const tiles = splitTiles(a.tiles || "");
        const b = h(
          "button",
          { type: "button", class: "btn act act--choice", "data-testid": `choice-${i}`, "aria-keyshortcuts": String(i + 1), onclick: () => act(a) },
          actLabel(a),
          ...tiles.map((x) => tileEl(x, { size: "sm" })),
          a.tile ? tileEl(a.tile, { size: "sm", sideways: true }) : null,
          h("kbd", {}, String(i + 1)),
        );
        bar.append(b);
      });
      bar.append(h("button", { type: "button", class: "btn act", "data-testid": "act-cancel", onclick: () => { ui.mode = null; render(); } }, t("table.act.cancel"), h("kbd", {}, "Esc")));
      return bar;
    }
    const isTurn = legal.some((a) => a.type === "discard");
    bar.append(h("span", { class: "prompt-text" }, ui.mode === "riichi" ? t("table.choose_riichi") : isTurn ? t("table.your_turn") : t("table.your_call")));
    if (c.win.length) bar.append(btn("win", actLabel(c.win[0]), "T", "btn--primary"));
    if (c.riichi.length) bar.append(btn("riichi", t("table.act.riichi"), "R", ui.mode === "riichi" ? "is-on" : ""));
    if (c.chi.length) bar.append(btn("chi", actLabel(c.chi[0]), "C"));
    if (c.pon.length) bar.append(btn("pon", actLabel(c.pon[0]), "P"));
    if (c.kan.length) bar.append(btn("kan", actLabel(c.kan[0]), "K"));
    if (c.nine.length) bar.append(btn("nine", t("table.act.nine_terminals"), "N"));
    if (c.pass.length) bar.append(btn("pass", t("table.act.pass"), " "));
    if (ui.mode === "riichi") bar.append(h("button", { type: "button", class: "btn act", "data-testid": "act-cancel", onclick: () => { ui.mode = null; render(); } }, t("table.act.cancel"), h("kbd", {}, "Esc")));
    if (state.prompt?.deadlineAt) {
      bar.append(h("span", { class: "timer timer--own", "data-deadline": String(state.prompt.deadlineAt), "data-testid": "own-timer" }, ""));
    }
    return bar;
  }

  function handEl() {
    const hand = ownHand(state, sortTiles);
    const dangerous = (tile) => state.family === "classical" && dangerFor(state, tile);
    const wrap = h("div", { class: "hand", role: "group", "aria-label": t("table.hand"), "data-testid": "hand" });
    const button = (entry, i) => {
      const riichiMode = ui.mode === "riichi";
      const enabled = riichiMode ? Boolean(entry.riichi) : Boolean(entry.discard);
      const notes = [];
      if (entry.drawn) notes.push(t("table.drawn"));
      if (dangerous(entry.tile)) notes.push(t("table.danger_marked"));
      const key = entry.drawn ? "D" : TILE_KEYS[i] ? TILE_KEYS[i].toUpperCase() : null;
      const b = h(
        "button",
        {
          type: "button",
          class: `hand-tile${entry.drawn ? " hand-tile--drawn" : ""}${dangerous(entry.tile) ? " hand-tile--danger" : ""}${riichiMode && entry.riichi ? " hand-tile--riichi" : ""}`,
          "data-tile": entry.tile,
          "data-testid": "hand-tile",
          "aria-label": [tileName(entry.tile), ...notes].join(", "),
          "aria-keyshortcuts": key,
          "aria-disabled": enabled ? null : "true",
          onclick: () => enabled && discard(entry),
        },
        tileEl(entry.tile, { size: "lg", label: tileName(entry.tile) }),
      );
      return b;
    };
    hand.tiles.forEach((entry, i) => wrap.append(button(entry, i)));
    if (hand.drawn) wrap.append(h("span", { class: "hand-gap", "aria-hidden": "true" }), button(hand.drawn, -1));
    return wrap;
  }

  function ownInfo() {
    const v = state.view;
    const me = v.seats[state.seat];
    const parts = [];
    const melds = h("div", { class: "own-melds", "aria-label": t("table.melds", { name: t("table.you") }) });
    for (const m of me.meld_info || []) melds.append(meldEl(m, t, "md"));
    parts.push(melds);
    if (v.waits && v.waits.length) {
      const w = h("div", { class: "waits", "data-testid": "waits" }, h("span", {}, t("table.waits")));
      for (const k of v.waits) w.append(tileEl(k, { size: "sm" }));
      parts.push(w);
    }
    if (v.furiten) parts.push(h("span", { class: "badge badge--furiten", title: t("table.furiten_hint"), "data-testid": "furiten" }, t("table.furiten")));
    return h("div", { class: "own-info" }, ...parts);
  }

  function toggles() {
    const box = (key, label, checked, onchange) =>
      h("label", { class: "check" }, h("input", { type: "checkbox", "data-testid": `toggle-${key}`, checked: checked ? true : null, onchange }), label);
    const parts = [];
    if (!watching) {
      parts.push(
        box("auto-win", t("table.auto_win"), ui.autoWin, (e) => {
          ui.autoWin = e.target.checked;
          setSetting("autoWin", ui.autoWin);
          render();
        }),
        box("no-calls", t("table.no_calls"), ui.noCalls, (e) => {
          ui.noCalls = e.target.checked;
          setSetting("noCalls", ui.noCalls);
          render();
        }),
      );
    }
    if (state.family !== "classical") {
      parts.push(
        box("dora", t("table.show_indicator"), ui.doraDisplay === "indicator", (e) => {
          ui.doraDisplay = e.target.checked ? "indicator" : "dora";
          setSetting("doraDisplay", ui.doraDisplay);
          render();
        }),
      );
    }
    return h("div", { class: "toggles", role: "group", "aria-label": t("table.options") }, ...parts);
  }

  function waitingRoom() {
    const names = state.table.seats.map((s) =>
      s.user_id || s.bot ? `${s.name}${s.bot ? ` (${t("table.computer")})` : ""}` : t("table.empty_seat"),
    );
    const parts = [h("h2", {}, t("table.waiting")), h("ol", { class: "waiting-seats" }, ...names.map((n) => h("li", {}, n)))];
    if (invite) {
      const link = `${location.origin}${location.pathname}#/table/${tableId}?invite=${encodeURIComponent(invite)}`;
      parts.push(
        h("p", { class: "invite-box" }, `${t("table.invite")}: `, h("code", { "data-testid": "invite-code" }, invite)),
        h("p", { class: "invite-box" }, `${t("table.invite_link")}: `, h("code", {}, link)),
      );
    }
    const ranked = Boolean(state.table.config?.ranked);
    parts.push(h("p", { class: "muted" }, ranked ? t("table.waiting_ranked") : t("table.waiting_hint")));
    if (!watching) {
      const actions = h("div", { class: "dialog-actions" });
      if (!ranked) {
        // ranked tables start when four people sit; others may fill the empty seats now
        actions.append(
          h(
            "button",
            {
              type: "button",
              class: "btn btn--primary",
              "data-testid": "start-bots",
              onclick: () => socket.send({ type: "start", table: tableId, fill_bots: true }),
            },
            t("table.start_bots"),
          ),
        );
      }
      actions.append(
        h(
          "button",
          {
            type: "button",
            class: "btn",
            "data-testid": "leave",
            onclick: () => {
              socket.send({ type: "leave", table: tableId });
              navigate("#/lobby");
            },
          },
          t("table.leave"),
        ),
      );
      parts.push(actions);
    }
    return h("div", { class: "waiting card", "data-testid": "waiting" }, ...parts);
  }

  function dangerDialog() {
    const w = ui.confirm.warning;
    const names = seatNames(state);
    return h(
      "div",
      { class: "dialog danger", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "danger-title", "data-testid": "danger-dialog" },
      h("h2", { id: "danger-title" }, t("table.danger_title")),
      h("p", {}, tileEl(ui.confirm.tile, { size: "md" }), " ", t("table.danger_text", { tile: tileName(ui.confirm.tile), name: names[w.threatened_by] })),
      h(
        "div",
        { class: "dialog-actions" },
        h("button", { type: "button", class: "btn", "data-testid": "danger-cancel", "data-autofocus": "true", onclick: () => { ui.confirm = null; render(); } }, t("table.danger_cancel")),
        h("button", { type: "button", class: "btn btn--primary", "data-testid": "danger-confirm", onclick: () => act(ui.confirm.action) }, t("table.danger_confirm")),
      ),
    );
  }

  /** Close an end-of-hand screen; a seated player thereby tells the server the result has been
   * seen (the next hand begins when everybody has, docs/protocol.md `continue`). */
  function dismissHand(shown) {
    ui.dismissedHands.add(shown.seq);
    if (state.seat !== null && state.table && !openHandEnd()) {
      socket.send({ type: "continue", table: state.table.id });
    }
  }

  function openHandEnd() {
    return (state.handEnds || []).find((e) => !ui.dismissedHands.has(e.seq)) || null;
  }

  function render() {
    if (!alive) return;
    const focusedTestId = document.activeElement?.dataset?.testid;
    const parts = [];
    if (ui.notice) parts.push(h("p", { class: "table-notice", role: "status", "data-testid": "table-notice" }, ui.notice));
    if (!state.table) {
      parts.push(h("p", { class: "muted" }, t("table.connecting")));
      page.replaceChildren(...parts);
      return;
    }
    page.dataset.family = state.family;
    page.dataset.status = state.table.status;
    page.dataset.seq = String(state.seq);
    if (state.table.status === "open" || !state.view) {
      parts.push(waitingRoom());
      page.replaceChildren(...parts);
      return;
    }
    if (state.betweenHands && state.seat !== null && !openHandEnd()) {
      parts.push(h("p", { class: "table-notice", role: "status", "data-testid": "between-hands" }, t("table.between_hands")));
    }
    parts.push(boardEl(state, t, ui));
    if (state.seat !== null) {
      parts.push(h("div", { class: "own-area", "data-testid": "own-area" }, promptBar(), handEl(), ownInfo(), toggles()));
    } else {
      parts.push(h("div", { class: "own-area own-area--watch" }, toggles()));
    }
    const names = seatNames(state);
    let overlay = null;
    if (ui.confirm) overlay = dangerDialog();
    else if (openHandEnd()) {
      const shown = openHandEnd();
      overlay = handEndEl(shown, names, t, () => {
        dismissHand(shown);
        render();
      });
    } else if (state.matchEnd) overlay = matchEndEl(state.matchEnd, tableId, names, t, state.family);
    if (overlay) parts.push(h("div", { class: "overlay" }, overlay));
    page.replaceChildren(...parts);
    tick();
    if (overlay) {
      // a dialog takes the focus (its first action), so the keyboard answers it
      const first = overlay.querySelector(`[data-testid="${focusedTestId}"]`) || overlay.querySelector("[data-autofocus], .btn--primary, button");
      if (first) first.focus({ preventScroll: true });
    } else if (focusedTestId) {
      const again = page.querySelector(`[data-testid="${focusedTestId}"]`);
      if (again && again.tagName === "BUTTON") again.focus({ preventScroll: true });
    }
    scheduleAuto();
  }

  function scheduleAuto() {
    if (autoTimer) return;
    if (ui.sentSeq === state.seq) return;
    const a = autoAction(state, { autoWin: ui.autoWin, noCalls: ui.noCalls });
    if (!a) return;
    const seq = state.seq;
    autoTimer = setTimeout(() => {
      autoTimer = null;
      if (!alive || state.seq !== seq || ui.sentSeq === seq) return;
      const again = autoAction(state, { autoWin: ui.autoWin, noCalls: ui.noCalls });
      if (again) act(again);
    }, 350);
  }

  function tick() {
    const now = Date.now();
    for (const el of page.querySelectorAll("[data-deadline]")) {
      const left = Math.max(0, Math.ceil((Number(el.dataset.deadline) - now) / 1000));
      el.textContent = t("table.timer", { s: left });
      el.setAttribute("aria-label", t("table.time_left", { s: left }));
      el.classList.toggle("timer--low", left <= 5);
    }
  }
  const ticker = setInterval(tick, 250);

  render();
  try {
    await socket.connect();
  } catch (err) {
    ui.notice = t("table.error", { message: err?.message || err });
    render();
  }
  if (alive) enter();

  return () => {
    alive = false;
    clearInterval(ticker);
    if (autoTimer) clearTimeout(autoTimer);
    if (resyncTimer) clearTimeout(resyncTimer);
    document.removeEventListener("keydown", onKey);
    for (const off of offs) off();
    if (state.table && watching) socket.send({ type: "unwatch", table: state.table.id });
  };
}
