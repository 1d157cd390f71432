// Typed entry on the score sheet (pure: no DOM): MPSZ text into tiles and melds, with errors
// that name the bad part. An error is {key, params} (an i18n key of the sheet block), never an
// exception, so a page can show it beside the field and keep what was entered.
import { readTile } from "../notation.js";

const SUITS = "mpszfy";

/** "123m 0p77z" -> {tiles: ["1m","2m","3m","0p","7z","7z"]} or {error: {key, params}}. */
export function readTiles(text) {
  const tiles = [];
  let digits = "";
  for (const ch of String(text || "")) {
    if (ch >= "0" && ch <= "9") digits += ch;
    else if (SUITS.includes(ch)) {
      if (!digits) return fail("sheet.err.suit_alone", { suit: ch });
      for (const d of digits) {
        const tile = `${d}${ch}`;
        if (!tileExists(tile)) return fail("sheet.err.no_such_tile", { tile });
        tiles.push(tile);
      }
      digits = "";
    } else if (ch.trim() !== "" && ch !== ",") {
      return fail("sheet.err.bad_char", { char: ch });
    }
  }
  if (digits) return fail("sheet.err.no_suit", { digits });
  return { tiles };
}

/** The tiles of a stored entry's text, [] when it is no notation (an entry with an error may
 * be stored; correcting it must not fail). */
export function tilesOr(text) {
  const read = typeof text === "string" ? readTiles(text) : { tiles: [] };
  return read.error ? [] : read.tiles;
}

/** Whether a notation names a real tile (no 8z, no 0z, no 5f). */
export function tileExists(tile) {
  const t = readTile(tile);
  if (!t) return false;
  if (t.suit === "z") return t.digit >= 1 && t.digit <= 7;
  if (t.suit === "f" || t.suit === "y") return t.digit >= 1 && t.digit <= 4;
  return true;
}

function fail(key, params = {}) {
  return { error: { key, params } };
}

const plain = (tile) => (tile[0] === "0" ? `5${tile[1]}` : tile);
const num = (tile) => Number(plain(tile)[0]);

/** The kind of a group of tiles: "chow", "pung", "kong", or null when it is none of them. */
export function meldKind(tiles) {
  if (tiles.length < 3 || tiles.length > 4) return null;
  const kinds = tiles.map(plain);
  const suit = kinds[0][1];
  if (kinds.some((k) => k[1] !== suit)) return null;
  if (kinds.every((k) => k === kinds[0])) {
    if (suit === "f" || suit === "y") return null;
    return tiles.length === 4 ? "kong" : "pung";
  }
  if (tiles.length !== 3 || !"mps".includes(suit)) return null;
  const ns = kinds.map((k) => Number(k[0])).sort((a, b) => a - b);
  return ns[1] === ns[0] + 1 && ns[2] === ns[1] + 1 ? "chow" : null;
}

/**
 * "555z (1111p) +2222s 234m" -> {melds: [{kind, open, added, tiles}]}: groups apart by spaces;
 * a group in parentheses is concealed (a declared concealed kong), one after "+" a kong added
 * to a pon (kakan; only where `opts.added` allows it: riichi), any other is open. Or {error}.
 */
export function readMelds(text, opts = {}) {
  const melds = [];
  const groups = String(text || "").match(/\([^)]*\)?|[^\s,()]+|\)/g) || [];
  for (const raw of groups) {
    const concealed = raw.startsWith("(");
    if (concealed && !raw.endsWith(")")) return fail("sheet.err.paren", { meld: raw });
    if (raw === ")") return fail("sheet.err.paren", { meld: raw });
    const added = !concealed && raw.startsWith("+");
    const body = concealed ? raw.slice(1, -1) : added ? raw.slice(1) : raw;
    if (added && !opts.added) return fail("sheet.err.no_added_kong", { meld: raw });
    const read = readTiles(body);
    if (read.error) return read;
    const kind = meldKind(read.tiles);
    if (!kind) return fail("sheet.err.not_a_meld", { meld: body });
    if (concealed && kind !== "kong") return fail("sheet.err.concealed_kong_only", { meld: body });
    if (added && kind !== "kong") return fail("sheet.err.added_kong_only", { meld: raw });
    melds.push(added ? { kind, open: true, added: true, tiles: read.tiles } : { kind, open: !concealed, tiles: read.tiles });
  }
  return { melds };
}

/** Tiles back to MPSZ: ["1m","2m","5p"] -> "12m5p" (in the given order, suits grouped by runs). */
export function writeTiles(tiles) {
  let out = "";
  let run = "";
  let suit = "";
  for (const tile of tiles) {
    if (tile[1] !== suit && run) {
      out += run + suit;
      run = "";
    }
    suit = tile[1];
    run += tile[0];
  }
  return run ? out + run + suit : out;
}

/** Melds back to the text readMelds reads: "555z (1111p) +2222s". */
export function writeMelds(melds) {
  return melds.map((m) => (!m.open ? `(${writeTiles(m.tiles)})` : m.added ? `+${writeTiles(m.tiles)}` : writeTiles(m.tiles))).join(" ");
}

/** The tiles of a chow, pung or kong built from the tapped tile, or null when none exists. */
export function meldFrom(tile, kind, redFives) {
  const t = readTile(tile);
  if (!t) return null;
  if (kind === "pung" || kind === "kong") {
    if (t.suit === "f" || t.suit === "y") return null;
    const n = kind === "pung" ? 3 : 4;
    const tiles = Array(n).fill(plain(tile));
    // with red fives in the set, four fives always hold the red one; a tapped red five is in it
    if (t.red || (redFives && n === 4 && t.n === 5 && "mps".includes(t.suit))) tiles[0] = `0${t.suit}`;
    return tiles;
  }
  if (!"mps".includes(t.suit)) return null;
  // a chow from its lowest tile; a tapped red five: the lowest chow that holds it (3-4-0)
  const low = t.red ? 3 : t.n;
  if (low > 7) return null;
  return [0, 1, 2].map((i) => (t.red && low + i === 5 ? `0${t.suit}` : `${low + i}${t.suit}`));
}

export { num as tileNumber };
