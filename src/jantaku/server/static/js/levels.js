// The computer players' level a player gets by default: the one last chosen for a family (the
// "botLevel" setting, one per family), else the defensive puppets (a fair first opponent), always
// among the levels the server offers for that family (GET /api/bots `levels`). The lobby's
// practice card and the table page's waiting room both choose with it.
import { t } from "./i18n.js";

export const DEFAULT_BOT = "defensive";

/** The level a player chose for a family's puppets (an older string setting was riichi's). */
export function savedLevel(settings, fam) {
  const saved = settings.get("botLevel", null);
  if (typeof saved === "string") return fam === "riichi" ? saved : DEFAULT_BOT;
  return (saved && saved[fam]) || DEFAULT_BOT;
}

/** Remember the level chosen for a family (the other families' choices stay). */
export function saveLevel(settings, fam, level) {
  const saved = settings.get("botLevel", null);
  const levels = saved && typeof saved === "object" ? saved : typeof saved === "string" ? { riichi: saved } : {};
  settings.set("botLevel", { ...levels, [fam]: level });
}

/** The level to offer first among `levels` (a family's offered levels; unknown yet: the
 * default alone): the saved one, else the defensive puppets, else the step below the strongest. */
export function chosenLevel(settings, fam, levels) {
  const offered = levels && levels.length ? levels : [DEFAULT_BOT];
  const saved = savedLevel(settings, fam);
  if (offered.includes(saved)) return saved;
  return offered.includes(DEFAULT_BOT) ? DEFAULT_BOT : offered[Math.max(0, offered.length - 2)];
}

/** A level's name in the family's words ("Defensive – folds against riichi"), else the plain
 * level name. */
export function levelLabel(fam, level) {
  const key = `level.${fam}.${level}`;
  if (t(key) !== key) return t(key);
  return t(`bot.${level}`) === `bot.${level}` ? level : t(`bot.${level}`);
}

/** The levels the server offers, family -> names (GET /api/bots `levels`), fetched once per
 * `holder` (a page object) and kept in `holder.levels` ({} when the fetch failed). */
export function offeredLevels(holder, api) {
  if (!holder.levelsFetch) {
    holder.levelsFetch = api
      .bots()
      .then((data) => data.levels || {}, () => ({}))
      .then((levels) => {
        holder.levels = levels;
        return levels;
      });
  }
  return holder.levelsFetch;
}
