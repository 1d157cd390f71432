// A player's profile: rank, rank points, rating, statistics and recent games (with replays).
// The cards are drawn by js/profile/cards.js and js/profile/records.js (achievements, practice
// wins, recent limit hands); this module loads the data.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { gamesCard, rankCard, statsCards } from "../profile/cards.js";
import { resetButton } from "../profile/reset.js";
import { recordCards } from "../profile/records.js";
import { mySheets, sheetsCard } from "../sheet/list.js";

export async function mount(root, params, ctx) {
  const { api } = ctx;
  const id = params.id || (ctx.user && ctx.user.id);
  root.replaceChildren(el("p", { class: "muted" }, t("shell.loading")));
  let data;
  let games = [];
  try {
    [data, { games }] = await Promise.all([api.player(id), api.playerGames(id)]);
  } catch (e) {
    root.replaceChildren(
      el("h1", {}, t("shell.profile")),
      el("p", { class: "error", role: "alert" }, e.status === 404 ? t("profile.not_found") : t("shell.error", { message: e.message })),
    );
    return;
  }
  const { user, stats } = data;
  // one's own score sheets (registered players keep them; js/sheet/list.js)
  const mine = Boolean(ctx.user && !ctx.user.guest && String(ctx.user.id) === String(user.id));
  const own = mine ? await mySheets() : null;
  // one's own rank card offers the reset; drawn again with the account the reset answered
  const said = el("p", { class: "visually-hidden", role: "status", "data-testid": "rank-status" });
  const rankPart = (shown) => {
    const c = rankCard(shown);
    if (mine) c.append(resetButton(api, redraw));
    return c;
  };
  let rank = rankPart(user);
  function redraw(reset) {
    api.setUser({ ...(api.user() || {}), ...reset });
    const next = rankPart(reset);
    rank.replaceWith(next);
    rank = next;
    said.textContent = t("profile.reset_done");
    return next;
  }
  root.replaceChildren(
    el(
      "div",
      { class: "profile", "data-testid": "profile" },
      el("div", { class: "row" }, el("h1", { "data-testid": "profile-name" }, user.name), user.guest ? el("span", { class: "badge" }, t("shell.guest")) : null),
      said,
      rank,
      statsCards(stats),
      recordCards(data),
      gamesCard(games),
      own ? sheetsCard(own) : null,
    ),
  );
}
