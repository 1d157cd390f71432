// The profile's cards: rank and rating, statistics (with the yaku table), recent games.
import { formatNumber, formatPercent, t } from "../i18n.js";
import { el } from "../dom.js";
import { classicalName, yakuName } from "../yaku.js";
import { familyOfKind } from "../families/index.js";

/** A rank name of the server ("Novice", "9th Kyu", "1st Dan") in the current language. */
function rankLabel(name) {
  const m = /^(\d+)(st|nd|rd|th) (Kyu|Dan)$/.exec(name || "");
  if (m) return t("rank.numbered", { n: m[1], ord: m[2], grade: m[3] });
  const key = `rank.${name}`;
  return t(key) === key ? name : t(key);
}

const pct = (x) => formatPercent(x || 0, { digits: 1 });
const stat = (key, value, testid) => el("div", { class: "stat", "data-testid": testid || null }, el("dt", {}, t(key)), el("dd", {}, String(value)));
const fmtDate = (secs) => new Date(secs * 1000).toLocaleString(t("profile.locale"), { dateStyle: "short", timeStyle: "short" });

function card(titleId, title, ...body) {
  return el("section", { class: "card", "aria-labelledby": titleId }, el("h2", { id: titleId }, title), body);
}

/** Rank, rank points (with progress), rating; when the player last reset rank and rating. */
export function rankCard(user) {
  const points = el(
    "div",
    { class: "stat", "data-testid": "rank-points" },
    el("dt", {}, t("profile.rank_points")),
    el("dd", {}, user.rank_needed ? `${formatNumber(user.rank_points)} / ${formatNumber(user.rank_needed)}` : formatNumber(user.rank_points)),
    user.rank_needed
      ? el("progress", { max: String(user.rank_needed), value: String(Math.max(0, user.rank_points)), "aria-label": t("profile.rank_progress") })
      : null,
  );
  return card(
    "rank-title",
    t("profile.rank_title"),
    el(
      "dl",
      { class: "stats-grid" },
      stat("profile.rank", rankLabel(user.rank), "rank"),
      points,
      stat("profile.rating", formatNumber(Math.round(user.rating)), "rating"),
      stat("profile.rating_max", formatNumber(Math.round(user.rating_max))),
      stat("profile.rated_games", formatNumber(user.rated_games)),
    ),
    user.rank_reset_at ? el("p", { class: "muted", "data-testid": "rank-reset-at" }, t("profile.reset_at", { when: fmtDate(user.rank_reset_at) })) : null,
  );
}

/** How often each yaku (riichi) or special hand (classical) was made; without a family (an
 * older answer) both kinds stand together under "Yaku". */
function yakuTable(stats, family) {
  const yaku = Object.entries(stats.yaku || {}).sort((a, b) => b[1] - a[1]);
  if (!yaku.length) return null;
  const classical = family === "classical";
  const heading = t(classical ? "profile.special_hands" : "profile.yaku");
  const name = classical ? classicalName : yakuName;
  return el(
    "div",
    { class: "table-scroll" },
    el(
      "table",
      { class: "yaku-table" },
      el("caption", { class: "visually-hidden" }, heading),
      el("thead", {}, el("tr", {}, el("th", {}, heading), el("th", {}, t("profile.count")))),
      el("tbody", {}, yaku.map(([key, n]) => el("tr", {}, el("td", {}, name(key)), el("td", {}, String(n))))),
    ),
  );
}

/** Games, places, rates, and how often each yaku was made: one card per rule family played
 * (a riichi place or yaku is not a classical one), or one for all when the server sends no
 * families. */
export function statsCards(stats) {
  const families = Object.entries(stats.families || {});
  if (!families.length) return [statsCard(stats, "stats-title", t("profile.stats_title"))];
  return families.map(([name, s]) => {
    const card = statsCard(s, `stats-title-${name}`, t("profile.stats_family", { family: t(`family.${name}`) }), name);
    card.dataset.family = name;
    return card;
  });
}

function statsCard(stats, titleId, title, family = null) {
  const placements = stats.placements || {};
  return card(
    titleId,
    title,
    el(
      "dl",
      { class: "stats-grid", "data-testid": "stats" },
      stat("profile.games", formatNumber(stats.games), "games"),
      stat("profile.average_place", stats.games ? formatNumber(stats.average_place, { digits: 2 }) : "–", "average-place"),
      [1, 2, 3, 4].map((p) => stat(`profile.place_${p}`, placements[p] || 0, `place-${p}`)),
      stat("profile.hands", formatNumber(stats.hands), "hands"),
      stat("profile.win_rate", pct(stats.win_rate), "win-rate"),
      stat("profile.deal_in_rate", pct(stats.deal_in_rate), "deal-in-rate"),
    ),
    yakuTable(stats, family),
  );
}

function gameRow(g) {
  return el(
    "tr",
    { "data-game": g.id },
    el("td", {}, fmtDate(g.finished_at)),
    el("td", {}, [g.kind ? t(`kind.${g.kind}`) : "", g.length ? familyOfKind(g.kind).lobby.lengthLabel(g.length, t) : ""].filter(Boolean).join(" · ")),
    // an abandoned match (nobody was left to play it) has no place worth showing
    g.reason_code === "abandoned"
      ? el("td", { "data-label": t("profile.place"), class: "muted", "data-testid": "abandoned" }, t("profile.abandoned"))
      : el("td", { "data-label": t("profile.place") }, String(g.place)),
    el("td", { "data-label": t("profile.score") }, formatNumber(g.score)),
    el(
      "td",
      {},
      el("a", { href: `#/replay/${g.id}`, "data-testid": "replay-link" }, t("profile.watch_replay")),
      " · ",
      el("a", { href: `#/replay/${g.id}?review=${g.seat}`, "data-testid": "review-link" }, t("review.button")),
    ),
  );
}

/** The recent games, each with a link to its replay. */
export function gamesCard(games) {
  const columns = ["profile.when", "profile.kind", "profile.place", "profile.score", "profile.replay"];
  const table = el(
    "div",
    { class: "table-scroll" },
    el(
      "table",
      { class: "games-table", "data-testid": "recent-games" },
      el("thead", {}, el("tr", {}, columns.map((k) => el("th", {}, t(k))))),
      el("tbody", {}, games.map(gameRow)),
    ),
  );
  return card("games-title", t("profile.games_title"), games.length ? table : el("p", { class: "empty" }, t("profile.no_games")));
}
