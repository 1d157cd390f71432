// The table page: play (join, optionally filling empty seats with computer players) or watch.
// Route: #/table/<id>?fill=1 | watch=1 | invite=<code>; #/table/new?kind=party&private=1 creates
// a table first. The modules of js/table/: state.js (the game state, pure), ui.js (the page's
// own state), connection.js (the socket), input.js (clicks and keys), view.js with board.js,
// own.js, dialogs.js, results.js (drawing), chat.js (a party table's chat, kept under the
// page); families/ draws what differs by rule family.
// They share one page object `tp` (state, ui, socket, t, render, ...). `tp.render()` says the
// state changed: the automatic answers are decided at once (auto.js), the page is drawn at the
// next frame, once however many changes came before it (pace.js).
import { onLangChange } from "../i18n.js";
import { el } from "../dom.js";
import { createState } from "../table/state.js";
import { createUi } from "../table/ui.js";
import { enter, listen } from "../table/connection.js";
import { focusWatch, keyHandler, rightClickPass } from "../table/input.js";
import { render, tick } from "../table/view.js";
import { createPace } from "../table/pace.js";
import { cancelAuto, decideAuto } from "../table/auto.js";
import { askHint } from "../table/hints.js";
import { liveRegion } from "../table/announce.js";
import { createChat, drawChat, listenChat } from "../table/chat.js";

async function createTable(socket, query, navigate) {
  const msg = { type: "create", kind: query.get("kind") || "party", length: query.get("length") || "quick", private: query.get("private") === "1" };
  // kuitan only when the address chooses it (a kind without the choice refuses it)
  if (query.has("kuitan")) msg.kuitan = query.get("kuitan") !== "0";
  const created = await socket.request(msg);
  const q = created.invite ? `?invite=${encodeURIComponent(created.invite)}` : "";
  navigate(`#/table/${created.table.id}${q}`);
}

/** The page object the table modules share. */
function pageObject(root, params, ctx) {
  const query = params.query || new URLSearchParams();
  const watching = query.get("watch") === "1";
  const tp = {
    socket: ctx.socket,
    api: ctx.api,
    settings: ctx.settings,
    t: ctx.t,
    navigate: ctx.navigate,
    query,
    invite: query.get("invite"),
    page: el("div", { class: "table-page", "data-testid": "table-page" }),
    live: liveRegion(), // what a screen reader is told (announce.js)
    announced: null,
    keyFocus: null, // the hand tile the keyboard moved the focus to (Enter plays it; input.js)
    state: createState(ctx.user),
    tableId: params.id,
    watching,
    alive: true,
    auto: null, // the automatic answer on its way: {seq, timer} (auto.js)
    resyncTimer: null,
    levels: null, // family -> the puppet levels the server offers (GET /api/bots), once fetched
    waitLevel: null, // the level the player picked in the waiting room (drawn selected on redraws)
    hint: null, // the last hint come, and the step it was asked at (hints.js)
    hintAsked: null,
    render: () => {
      decideAuto(tp);
      askHint(tp);
      tp.pace.request();
    },
  };
  tp.pace = createPace(() => {
    render(tp);
    drawChat(tp);
  });
  tp.ui = createUi(watching ? ctx.t("table.watching") : null, tp.render);
  tp.chat = createChat(tp); // a party table's chat, under the page (chat.js)
  root.replaceChildren(tp.page, tp.chat.panel, tp.live);
  return tp;
}

export async function mount(root, params, ctx) {
  const { socket, t, navigate } = ctx;
  if (params.id === "new") {
    root.replaceChildren(el("p", { class: "muted" }, t("table.connecting")));
    await socket.connect();
    await createTable(socket, params.query || new URLSearchParams(), navigate);
    return () => {};
  }
  const tp = pageObject(root, params, ctx);
  const offs = [...listen(tp), ...listenChat(tp), onLangChange(() => tp.render())];
  const onKey = keyHandler(tp);
  tp.page.addEventListener("contextmenu", rightClickPass(tp)); // the page's own element: gone with it
  const watch = focusWatch(tp);
  document.addEventListener("keydown", onKey);
  for (const [name, fn] of Object.entries(watch)) document.addEventListener(name, fn);
  const ticker = setInterval(() => tick(tp), 250);

  tp.render();
  try {
    await socket.connect();
  } catch (err) {
    tp.ui.notice = t("table.error", { message: err?.message || err });
    tp.render();
  }
  if (tp.alive) enter(tp);

  return () => {
    tp.alive = false;
    clearInterval(ticker);
    cancelAuto(tp);
    tp.pace.cancel();
    if (tp.resyncTimer) clearTimeout(tp.resyncTimer);
    document.removeEventListener("keydown", onKey);
    for (const [name, fn] of Object.entries(watch)) document.removeEventListener(name, fn);
    for (const off of offs) off();
    if (tp.state.table && tp.watching) socket.send({ type: "unwatch", table: tp.state.table.id });
  };
}
