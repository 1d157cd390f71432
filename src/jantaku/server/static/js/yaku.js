// Names of scored items as every page shows them (the table's results, the replay, the profile):
// riichi yaku by their labels (romaji when the dictionaries have none), classical rows of the
// scoring table in the UI language. The classical scorer names rows in German (the BEW table);
// English shows the English name with the German term beside it. The same table is Python's
// jantaku.rules.classical.names (the terminal game); a test checks that both agree.
import { getLang, t } from "./i18n.js";

/** German row -> English name (jantaku.rules.classical.names.ENGLISH). */
export const CLASSICAL_ENGLISH = {
  "Chow, offen": "Chow, open",
  "Chow, verdeckt": "Chow, concealed",
  "einfacher Pung, offen": "Simple pung, open",
  "einfacher Pung, verdeckt": "Simple pung, concealed",
  "Randpung, offen": "Terminal pung, open",
  "Randpung, verdeckt": "Terminal pung, concealed",
  "Trumpfpung, offen": "Honour pung, open",
  "Trumpfpung, verdeckt": "Honour pung, concealed",
  "Pung des fremden Windes": "Pung of a foreign wind",
  "Pung des eigenen Windes": "Pung of the own wind",
  "Pung des vorherrschenden Windes": "Pung of the prevailing wind",
  "Pung des eigenen und vorherrschenden Windes": "Pung of the own and prevailing wind",
  "einfacher Kong, offen": "Simple kong, open",
  "einfacher Kong, verdeckt": "Simple kong, concealed",
  "Randkong, offen": "Terminal kong, open",
  "Randkong, verdeckt": "Terminal kong, concealed",
  "Trumpfkong, offen": "Honour kong, open",
  "Trumpfkong, verdeckt": "Honour kong, concealed",
  "Kong des fremden Windes": "Kong of a foreign wind",
  "Kong des eigenen Windes": "Kong of the own wind",
  "Kong des vorherrschenden Windes": "Kong of the prevailing wind",
  "Kong des eigenen und vorherrschenden Windes": "Kong of the own and prevailing wind",
  "Paar des fremden Windes": "Pair of a foreign wind",
  "Paar des eigenen Windes": "Pair of the own wind",
  "Paar des vorherrschenden Windes": "Pair of the prevailing wind",
  "Paar des eigenen und vorherrschenden Windes": "Pair of the own and prevailing wind",
  "Drachenpung": "Pung of dragons",
  "Drachenkong": "Kong of dragons",
  "Farbkong": "Kong of a suit",
  "Drachenpaar": "Pair of dragons",
  "Paar aus Farbsteinen": "Pair of suit tiles",
  "Blume oder Jahreszeit": "Flower or season",
  "eigene Blume": "Own flower",
  "eigene Jahreszeit": "Own season",
  "Strauß: alle vier Blumen": "Bouquet: all four flowers",
  "Strauß: alle vier Jahreszeiten": "Bouquet: all four seasons",
  "Mah Jongg": "Mah Jongg",
  "Handspiel (keine Rufe)": "Concealed hand (no calls)",
  "Chowspiel": "All chows",
  "Pungspiel": "All pungs",
  "Kongspiel": "All kongs",
  "Mah Jongg mit dem letzten abgelegten Stein": "Mah Jongg on the last discard",
  "Mah Jongg mit dem letzten Stein der Mauer": "Mah Jongg on the last tile of the wall",
  "Mah Jongg mit dem einzig möglichen Stein": "Mah Jongg on the only possible tile",
  "Beraubung des Kong": "Robbing the kong",
  "Mah Jongg ohne Rufe": "Mah Jongg without calls",
  "Ruf nur zum 14. Stein": "Only the 14th tile called",
  "Farbspiel: 2 Farbfiguren und 2 Trumpffiguren": "One suit: 2 suit figures and 2 honour figures",
  "Farbspiel: 3 Farbfiguren und 1 Trumpffigur": "One suit: 3 suit figures and 1 honour figure",
  "Farbspiel: 4 Farbfiguren und Trumpfpaar": "One suit: 4 suit figures and an honour pair",
  "reines Farbspiel": "Pure one suit",
  "Himmelsgewinn": "Heavenly hand",
  "Erdgewinn": "Earthly hand",
  "Die Drei Großen Gelehrten": "Three great scholars",
  "Sich windende Schlange": "Winding snake",
  "Grüne Hand": "Imperial jade",
  "Flush": "Flush",
  "Royal Flush": "Royal flush",
  "Neun Laternen (13 Steine)": "Nine gates (13 tiles)",
  "Neun Laternen (14 Steine)": "Nine gates (14 tiles)",
  "13 Wunder": "Thirteen wonders",
  "Zwillinge der Erde (mehrfarbig)": "Earthly twins (mixed suits)",
  "Zwillinge der Erde (einfarbig)": "Earthly twins (one suit)",
  "Zwillinge des Himmels": "Heavenly twins",
  "Zwillinge des Himmels ohne Ecksteine": "Heavenly twins without terminals",
  "Himmelsleiter": "Heavenly ladder",
  "einfarbige Himmelsleiter": "Heavenly ladder of one suit",
  "Vier Segen über der Tür": "Four blessings over the door",
};

/** "yakuhai_haku" -> "Yakuhai haku" (romaji names are what riichi players know). */
export function romaji(name) {
  const text = String(name).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A classical row in the UI language: "Pung of dragons (Drachenpung)" / "Drachenpung". */
export function classicalName(row) {
  const english = CLASSICAL_ENGLISH[row];
  if (getLang() === "de" || !english) return row;
  return english === row ? row : `${english} (${row})`;
}

/**
 * A classical scored item as the events name it ("Randpung, verdeckt (999s)", "Himmelsleiter
 * (1 Limit)") -> {name (in the UI language), tiles (notation, "" for none), limit ("" or "1")}.
 */
export function classicalItem(raw) {
  const text = String(raw);
  const tiles = /^(.*) \(([0-9mpszfy]+)\)$/.exec(text);
  if (tiles) return { name: classicalName(tiles[1]), tiles: tiles[2], limit: "" };
  const limit = /^(.*) \(([0-9½¼]+) Limit\)$/.exec(text);
  if (limit) return { name: classicalName(limit[1]), tiles: "", limit: limit[2] };
  return { name: classicalName(text), tiles: "", limit: "" };
}

/** A yaku's (or a classical limit hand's) label, or its romaji name when there is none. */
export function yakuName(name) {
  if (CLASSICAL_ENGLISH[name]) return classicalName(name);
  for (const key of [`table.yaku.${name}`, `yaku.${name}`]) {
    const label = t(key);
    if (label !== key) return label;
  }
  return romaji(name);
}
