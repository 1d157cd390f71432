// The lobby's lists of tables (own, open, live) and their periodic refresh; the lobby comes in
// pages, and "more" shows one page more (kept over the refresh).
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { tableTitle } from "../families/index.js";

/** A seat's word: its player's name; at an open ranked table (nobody named) "you" for one's
 * own seat and "a player" for another's; or computer, or free. */
function seatText(s, i, table) {
  if (s.anonymous) return i === table.seat ? t("lobby.you") : t("lobby.a_player");
  return s.name ? s.name : s.bot ? t("lobby.bot") : t("lobby.free");
}

function seatsText(table) {
  return table.seats.map((s, i) => seatText(s, i, table)).join(" · ");
}

function tableAction(table, live, own) {
  if (own) return el("a", { class: "btn btn--small btn--primary", href: `#/table/${table.id}`, "data-testid": "back-to-table" }, t("lobby.back"));
  if (live) return el("a", { class: "btn btn--small", href: `#/table/${table.id}?watch=1`, "data-testid": "watch" }, t("lobby.watch"));
  return el("a", { class: "btn btn--small btn--primary", href: `#/table/${table.id}`, "data-testid": "join" }, t("lobby.join"));
}

function tableItem(table, live, own = false) {
  const title = tableTitle(table.config, t);
  const free = table.seats.filter((s) => !s.name && !s.bot && !s.anonymous).length;
  return el(
    "li",
    { class: "table-item", "data-table": table.id },
    el(
      "div",
      { class: "table-info" },
      el("strong", { "data-testid": "table-title" }, title),
      el("span", { class: "players" }, live ? seatsText(table) : `${seatsText(table)} (${t("lobby.free_seats", { n: free })})`),
    ),
    el("div", { class: "table-actions" }, tableAction(table, live, own)),
  );
}

function fill(list, tables, live) {
  if (!tables.length) list.replaceChildren(el("li", { class: "empty" }, live ? t("lobby.no_live") : t("lobby.no_open")));
  else list.replaceChildren(...tables.map((tb) => tableItem(tb, live)));
}

/** The lists' elements and a refresh(lb, counts) that loads the lobby and fills them in. */
export function tableLists() {
  const lists = {
    open: el("ul", { class: "table-list", "data-testid": "open-tables" }),
    mine: el("ul", { class: "table-list", "data-testid": "my-tables" }),
    live: el("ul", { class: "table-list", "data-testid": "live-tables" }),
    pages: 1,
  };
  lists.mineCard = el("section", { class: "card card--mine", "aria-labelledby": "mine-title", hidden: true }, el("h2", { id: "mine-title" }, t("lobby.mine")), lists.mine);
  return lists;
}

async function lobbyPages(api, pages) {
  const first = await api.lobby(0);
  const open = [...first.open];
  const live = [...first.live];
  let next = first.next_offset;
  for (let n = 1; n < pages && next !== null && next !== undefined; n++) {
    const page = await api.lobby(next);
    open.push(...page.open);
    live.push(...page.live);
    next = page.next_offset;
  }
  return { ...first, open, live, next_offset: next };
}

/** Load the lobby (as many pages as shown) and the own tables; fill the lists and counts. */
export async function refresh(lb, lists, counts, moreButton) {
  try {
    const [data, own] = await Promise.all([lobbyPages(lb.api, lists.pages), lb.api.myTables().catch(() => ({ tables: [] }))]);
    if (!lb.alive) return;
    if (lb.refreshFailed) lb.clearError(); // the refresh works again: its refusal is past
    lb.refreshFailed = false;
    moreButton.hidden = data.next_offset === null || data.next_offset === undefined;
    lists.mineCard.hidden = own.tables.length === 0;
    lists.mine.replaceChildren(...own.tables.map((tb) => tableItem(tb, tb.status === "live", true)));
    const now = Date.now();
    for (const [key, c] of Object.entries(counts)) {
      c.count.textContent = t("lobby.waiting", { n: data.queues[key] || 0 });
      // one's own wait in this queue: counted up from the server's `waited`, kept steady
      // across refreshes (a new start only when it drifts by more than a second)
      const queued = own.tables.find((tb) => tb.waited !== undefined && `${tb.config.kind}-${tb.config.length}` === key);
      const since = queued ? now - queued.waited * 1000 : null;
      c.since = since === null || c.since === null || Math.abs(c.since - since) > 1000 ? since : c.since;
    }
    fill(lists.open, data.open.filter((tb) => !tb.config.ranked), false);
    fill(lists.live, data.live, true);
  } catch (e) {
    if (!lb.alive) return;
    lb.refreshFailed = true;
    lb.showError(e);
  }
}
