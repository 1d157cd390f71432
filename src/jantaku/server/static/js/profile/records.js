// The profile's records (doman-rules.md §6.1, §4): wins against computer players per level
// faced, the recent limit hands (riichi yakuman, classical special hands) with a link to the
// replay at that hand, and the rating achievements. The data is GET /api/players/{id}'s
// `stats.practice`, `limit_hands` and `achievements`; labels in js/i18n/records.*.js.
import { formatNumber, formatPercent, t } from "../i18n.js";
import { el } from "../dom.js";
import { classicalName, yakuName } from "../yaku.js";

const fmtDate = (secs) => new Date(secs * 1000).toLocaleString(t("profile.locale"), { dateStyle: "short", timeStyle: "short" });

function card(titleId, title, testid, ...body) {
  return el("section", { class: "card", "aria-labelledby": titleId, "data-testid": testid }, el("h2", { id: titleId }, title), body);
}

function table(testid, caption, columns, rows) {
  return el(
    "div",
    { class: "table-scroll" },
    el(
      "table",
      { class: "records-table", "data-testid": testid },
      el("caption", { class: "visually-hidden" }, caption),
      el("thead", {}, el("tr", {}, columns.map((k) => el("th", { scope: "col" }, t(k))))),
      el("tbody", {}, rows),
    ),
  );
}

/** A computer player's level in short ("Defensive"); several levels at one table: "mixed". */
function levelName(level) {
  if (level === "mixed") return t("records.level_mixed");
  const key = `bot.${level}`;
  return t(key) === key ? level : t(key);
}

/** Games played and won (1st place) at the tables against computer players, per level. */
export function practiceCard(practice) {
  const rows = (practice || []).map((p) =>
    el(
      "tr",
      { "data-level": p.level, "data-family": p.family },
      el("th", { scope: "row" }, `${levelName(p.level)} · ${t(`family.${p.family}`)}`),
      el("td", { "data-label": t("records.played") }, formatNumber(p.games)),
      el("td", { "data-label": t("records.won") }, formatNumber(p.wins)),
      el("td", { "data-label": t("records.win_share") }, formatPercent(p.games ? p.wins / p.games : 0, { digits: 1 })),
    ),
  );
  const title = t("records.practice_title");
  const body = rows.length
    ? table("practice-wins", title, ["records.level", "records.played", "records.won", "records.win_share"], rows)
    : el("p", { class: "empty" }, t("records.no_practice"));
  return card("practice-title", title, "practice-card", el("p", { class: "hint" }, t("records.practice_hint")), body);
}

/** The hand's names: riichi yakuman by their labels, a classical special hand in the UI language. */
const limitNames = (x) => (x.names || []).map((n) => (x.family === "classical" ? classicalName(n) : yakuName(n))).join(", ");

/** The newest yakuman (riichi) and special hands (classical), each with its replay hand. */
export function limitHandsCard(limits) {
  const rows = (limits || []).map((x) =>
    el(
      "tr",
      { "data-game": x.game_id, "data-hand": String(x.hand) },
      el("th", { scope: "row" }, limitNames(x)),
      el("td", {}, fmtDate(x.finished_at)),
      el("td", {}, x.kind ? t(`kind.${x.kind}`) : ""),
      el(
        "td",
        {},
        el("a", { href: `#/replay/${encodeURIComponent(x.game_id)}?hand=${x.hand}`, "data-testid": "limit-replay-link" }, t("records.watch_hand", { hand: x.hand })),
      ),
    ),
  );
  const title = t("records.limits_title");
  const body = rows.length
    ? table("limit-hands", title, ["records.limit_hand", "profile.when", "profile.kind", "profile.replay"], rows)
    : el("p", { class: "empty" }, t("records.no_limits"));
  return card("limits-title", title, "limits-card", body);
}

/** The rating achievements as badges, each with its condition and whether it is reached. */
export function achievementsCard(achievements) {
  const items = (achievements || []).map((a) =>
    el(
      "li",
      { class: a.reached ? "achievement achievement--reached" : "achievement", "data-achievement": a.id, "data-reached": String(Boolean(a.reached)) },
      el("span", { class: "achievement-name" }, t(`records.achievement.${a.id}`)),
      el("span", { class: "achievement-condition" }, t("records.achievement_condition", { rating: formatNumber(a.rating) })),
      el("span", { class: "achievement-state" }, t(a.reached ? "records.reached" : "records.not_reached")),
    ),
  );
  return card("achievements-title", t("records.achievements_title"), "achievements-card", el("ul", { class: "achievements" }, items));
}

/** The three record cards of a profile answer. */
export function recordCards(data) {
  return [achievementsCard(data.achievements), practiceCard((data.stats || {}).practice), limitHandsCard(data.limit_hands)];
}
