// Names of yaku as the pages show them (the replay's results, the profile's statistics).
import { t } from "./i18n.js";

/** "yakuhai_haku" -> "Yakuhai haku" (romaji names are what riichi players know). */
export function romaji(name) {
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A yaku's label, or its romaji name when the dictionaries have none. */
export function yakuName(name) {
  const key = `yaku.${name}`;
  const label = t(key);
  return label === key ? romaji(name) : label;
}
