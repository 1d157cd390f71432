import { t } from "../i18n.js";
import { romaji } from "./replay.js";

// A player's profile: rank, rank points, rating, statistics and recent games (with replays).
/** A rank name of the server ("Novice", "9th Kyu", "1st Dan") in the current language. */
function rankLabel(name) {
  const m = /^(\d+)(st|nd|rd|th) (Kyu|Dan)$/.exec(name || "");
  if (m) return t("rank.numbered", { n: m[1], ord: m[2], grade: m[3] });
  const key = `rank.${name}`;
  return t(key) === key ? name : t(key);
}

export async function mount(root, params, ctx) {
  const { el, api } = ctx;
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
  const pct = (x) => `${(100 * (x || 0)).toFixed(1)} %`;
  const stat = (key, value, testid) =>
    el("div", { class: "stat", "data-testid": testid || null }, el("dt", {}, t(key)), el("dd", {}, String(value)));
  const fmtDate = (secs) =>
    new Date(secs * 1000).toLocaleString(t("profile.locale"), { dateStyle: "short", timeStyle: "short" });
  const placements = stats.placements || {};
  const yaku = Object.entries(stats.yaku || {}).sort((a, b) => b[1] - a[1]);
  const yakuName = (name) => {
    const label = t(`yaku.${name}`);
    return label === `yaku.${name}` ? romaji(name) : label;
  };

  root.replaceChildren(
    el(
      "div",
      { class: "profile", "data-testid": "profile" },
      el(
        "div",
        { class: "row" },
        el("h1", { "data-testid": "profile-name" }, user.name),
        user.guest ? el("span", { class: "badge" }, t("shell.guest")) : null,
      ),
      el(
        "section",
        { class: "card", "aria-labelledby": "rank-title" },
        el("h2", { id: "rank-title" }, t("profile.rank_title")),
        el(
          "dl",
          { class: "stats-grid" },
          stat("profile.rank", rankLabel(user.rank), "rank"),
          el(
            "div",
            { class: "stat", "data-testid": "rank-points" },
            el("dt", {}, t("profile.rank_points")),
            el("dd", {}, user.rank_needed ? `${user.rank_points} / ${user.rank_needed}` : String(user.rank_points)),
            user.rank_needed
              ? el("progress", { max: String(user.rank_needed), value: String(Math.max(0, user.rank_points)), "aria-label": t("profile.rank_progress") })
              : null,
          ),
          stat("profile.rating", Math.round(user.rating), "rating"),
          stat("profile.rating_max", Math.round(user.rating_max)),
          stat("profile.rated_games", user.rated_games),
        ),
      ),
      el(
        "section",
        { class: "card", "aria-labelledby": "stats-title" },
        el("h2", { id: "stats-title" }, t("profile.stats_title")),
        el(
          "dl",
          { class: "stats-grid", "data-testid": "stats" },
          stat("profile.games", stats.games, "games"),
          stat("profile.average_place", stats.games ? Number(stats.average_place).toFixed(2) : "–", "average-place"),
          ...[1, 2, 3, 4].map((p) => stat(`profile.place_${p}`, placements[p] || 0, `place-${p}`)),
          stat("profile.hands", stats.hands, "hands"),
          stat("profile.win_rate", pct(stats.win_rate), "win-rate"),
          stat("profile.deal_in_rate", pct(stats.deal_in_rate), "deal-in-rate"),
        ),
        yaku.length
          ? el(
              "div",
              { class: "table-scroll" },
              el(
                "table",
                { class: "yaku-table" },
                el("caption", { class: "visually-hidden" }, t("profile.yaku")),
                el("thead", {}, el("tr", {}, el("th", {}, t("profile.yaku")), el("th", {}, t("profile.count")))),
                el("tbody", {}, ...yaku.map(([name, n]) => el("tr", {}, el("td", {}, yakuName(name)), el("td", {}, String(n))))),
              ),
            )
          : null,
      ),
      el(
        "section",
        { class: "card", "aria-labelledby": "games-title" },
        el("h2", { id: "games-title" }, t("profile.games_title")),
        games.length
          ? el(
              "div",
              { class: "table-scroll" },
              el(
                "table",
                { class: "games-table", "data-testid": "recent-games" },
                el(
                  "thead",
                  {},
                  el("tr", {}, ...["profile.when", "profile.kind", "profile.place", "profile.score", "profile.replay"].map((k) => el("th", {}, t(k)))),
                ),
                el(
                  "tbody",
                  {},
                  ...games.map((g) =>
                    el(
                      "tr",
                      { "data-game": g.id },
                      el("td", {}, fmtDate(g.finished_at)),
                      el("td", {}, [g.kind ? t(`kind.${g.kind}`) : "", g.length ? t(`length.${g.length}`) : ""].filter(Boolean).join(" · ")),
                      el("td", {}, String(g.place)),
                      el("td", {}, String(g.score)),
                      el("td", {}, el("a", { href: `#/replay/${g.id}`, "data-testid": "replay-link" }, t("profile.watch_replay"))),
                    ),
                  ),
                ),
              ),
            )
          : el("p", { class: "empty" }, t("profile.no_games")),
      ),
    ),
  );
}
