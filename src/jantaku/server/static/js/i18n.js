// Labels in English and German. Dictionaries are split by owner: shell.*.js (pages around the
// table), records.*.js (the profile's records), sheet.*.js (the score sheet) and table.*.js
// (the table page); all are merged, the table's keys last.
import shellEn from "./i18n/shell.en.js";
import shellDe from "./i18n/shell.de.js";
import recordsEn from "./i18n/records.en.js";
import recordsDe from "./i18n/records.de.js";
import sheetEn from "./i18n/sheet.en.js";
import sheetDe from "./i18n/sheet.de.js";
import tableEn from "./i18n/table.en.js";
import tableDe from "./i18n/table.de.js";
import { signed } from "./dom.js";
import { readTile } from "./notation.js";
import { getSetting, setSetting } from "./settings.js";

const DICTS = {
  en: { ...shellEn, ...recordsEn, ...sheetEn, ...tableEn },
  de: { ...shellDe, ...recordsDe, ...sheetDe, ...tableDe },
};
export const LANGS = ["en", "de"];

function initialLang() {
  const saved = getSetting("lang", null);
  if (LANGS.includes(saved)) return saved;
  const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
  return LANGS.includes(nav) ? nav : "en";
}

let lang = initialLang();
const listeners = new Set();

export function getLang() {
  return lang;
}

/** Switch the language, remember it, and tell the listeners. */
export function setLang(next) {
  if (!LANGS.includes(next) || next === lang) return;
  lang = next;
  setSetting("lang", next);
  document.documentElement.lang = next;
  for (const fn of [...listeners]) fn(next);
}

/** Subscribe to language changes; returns an unsubscribe function. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The label of `key` in the current language ({name} placeholders filled from params). */
export function t(key, params = {}) {
  const raw = DICTS[lang][key] ?? DICTS.en[key] ?? key;
  return raw.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

const LOCALES = { en: "en-US", de: "de-DE" };
const formats = new Map(); // "lang/digits" -> Intl.NumberFormat (made once: pages redraw often)

/** A true minus sign (U+2212) for Intl's hyphen-minus, as a change is written ("−1,000"). */
const minus = (text) => text.replace("-", "−");

/** A number for people in the UI language: "25,000" / "25.000", `digits` decimals ("2.50" /
 * "2,50"); a negative one with a true minus sign ("−1,000", as `signedNumber` writes a change);
 * "–" for no number. */
export function formatNumber(value, { digits = 0 } = {}) {
  if (value === null || value === undefined || value === "" || Number.isNaN(Number(value))) return "–";
  const key = `${lang}/${digits}`;
  if (!formats.has(key)) formats.set(key, new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  return minus(formats.get(key).format(Number(value)));
}

/** A time of day (Unix seconds) in the UI language: "3:45 PM" / "15:45". */
export function formatTime(unixSeconds) {
  const key = `${lang}/time`;
  if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat(LOCALES[lang], { hour: "numeric", minute: "2-digit" }));
  return formats.get(key).format(new Date(Number(unixSeconds) * 1000));
}

/** A share (0.28) as a percentage in the UI language, one format for every page: "28%" /
 * "28 %" (German puts a no-break space before the sign), `digits` decimals ("28.0%" / "28,0 %");
 * "–" for no number. */
export function formatPercent(fraction, { digits = 0 } = {}) {
  if (fraction === null || fraction === undefined || Number.isNaN(Number(fraction))) return "–";
  const key = `${lang}/${digits}/%`;
  if (!formats.has(key)) formats.set(key, new Intl.NumberFormat(LOCALES[lang], { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits }));
  return minus(formats.get(key).format(Number(fraction)));
}

/** Names as a list in the UI language: "Ann, Bo and Cy" / "Ann, Bo und Cy". */
export function formatList(items) {
  const key = `${lang}/list`;
  if (!formats.has(key)) formats.set(key, new Intl.ListFormat(LOCALES[lang]) /* long, "and" */);
  return formats.get(key).format(items.map(String));
}

/** A change as the table shows it, grouped for the UI language: +1,000 / −1,000 / ±0. */
export const signedNumber = (n) => signed(n, formatNumber);

const NAMES = {
  en: {
    suit: { m: "characters", p: "dots", s: "bamboo" },
    number: (n, suit, red) => `${n} of ${suit}${red ? ", red" : ""}`,
    honors: ["East wind", "South wind", "West wind", "North wind", "White dragon", "Green dragon", "Red dragon"],
    flower: (n) => `Flower ${n}`,
    season: (n) => `Season ${n}`,
    back: "face-down tile",
  },
  de: {
    suit: { m: "Man", p: "Pin", s: "Sou" },
    number: (n, suit, red) => `${red ? "Rote " : ""}${n} ${suit}`,
    honors: ["Ostwind", "Südwind", "Westwind", "Nordwind", "Weißer Drache", "Grüner Drache", "Roter Drache"],
    flower: (n) => `Blume ${n}`,
    season: (n) => `Jahreszeit ${n}`,
    back: "verdeckter Stein",
  },
};

/** The accessible name of a tile ("5 of characters, red" / "Rote 5 Man"); null = face down. */
export function tileName(notation) {
  const names = NAMES[lang];
  if (notation === null || notation === undefined || notation === "") return names.back;
  const tile = readTile(notation);
  if (!tile) return String(notation);
  const { digit: d, suit } = tile;
  if (suit === "z") return names.honors[d - 1] ?? String(notation);
  if (suit === "f") return names.flower(d);
  if (suit === "y") return names.season(d);
  return names.number(d === 0 ? 5 : d, names.suit[suit], d === 0);
}

document.documentElement.lang = lang;
