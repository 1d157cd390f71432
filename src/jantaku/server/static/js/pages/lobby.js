// The lobby: ranked queues, open and live tables, create a table, join by invite code, and
// "play against puppets" (a practice table filled with computer players). The forms are
// js/lobby/forms.js, the lists js/lobby/tables.js; they share the page object `lb`.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { createForm, inviteForm, practiceCard, queueButtons, tickWaits } from "../lobby/forms.js";
import { refresh, tableLists } from "../lobby/tables.js";

const REFRESH_MS = 3000;

function pageObject(ctx) {
  const status = el("p", { class: "error", role: "alert", "data-testid": "lobby-error", hidden: true });
  return {
    api: ctx.api,
    socket: ctx.socket,
    settings: ctx.settings,
    navigate: ctx.navigate,
    alive: true,
    status,
    showError(e) {
      const code = e && e.code;
      const known = code && t(`lobby.err.${code}`) !== `lobby.err.${code}` ? t(`lobby.err.${code}`, e.details || {}) : null;
      status.textContent = known || t("shell.error", { message: e?.message || e });
      status.hidden = false;
    },
    clearError() {
      status.hidden = true;
    },
  };
}

const section = (id, title, ...body) => el("section", { class: "card", "aria-labelledby": id }, el("h2", { id }, title), body);

export async function mount(root, params, ctx) {
  const lb = pageObject(ctx);
  const counts = {};
  const lists = tableLists();
  const update = async () => {
    await refresh(lb, lists, counts, moreButton);
    tickWaits(counts);
  };
  const more = async () => {
    lists.pages += 1;
    moreButton.disabled = true;
    await update();
    moreButton.disabled = false;
  };
  const moreButton = el("button", { type: "button", class: "btn btn--small", "data-testid": "lobby-more", hidden: true, onclick: more }, t("lobby.more"));
  const left = el(
    "div",
    { class: "lobby-col" },
    lists.mineCard,
    section("queues-title", t("lobby.ranked"), el("p", { class: "hint" }, t("lobby.ranked_text")), el("div", { class: "queues" }, queueButtons(lb, counts))),
    section("open-title", t("lobby.open"), lists.open),
    section("live-title", t("lobby.live"), lists.live),
    moreButton,
  );
  const right = el("div", { class: "lobby-col" }, practiceCard(lb), createForm(lb), inviteForm(lb));
  root.replaceChildren(el("h1", { class: "visually-hidden" }, t("shell.lobby")), lb.status, el("div", { class: "lobby" }, left, right));
  let timer = null;
  const schedule = () => {
    if (!lb.alive) return;
    timer = setTimeout(async () => {
      if (document.visibilityState !== "hidden") await update();
      schedule();
    }, REFRESH_MS);
  };
  // the own wait in a ranked queue counts up every second between the refreshes
  const ticker = setInterval(() => tickWaits(counts), 1000);
  await update();
  schedule();
  return () => {
    lb.alive = false;
    clearInterval(ticker);
    if (timer) clearTimeout(timer);
  };
}
