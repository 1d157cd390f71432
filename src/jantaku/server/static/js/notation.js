// Tile notation, the one parser of the client (pure: no DOM).
// Single tiles: 1m..9m, 1p..9p, 1s..9s, 0m/0p/0s red fives, 1z..7z = E S W N White Green Red,
// 1f..4f flowers, 1y..4y seasons; null = face down. Several tiles: MPSZ ("123m0p77z").

const TILE = /^([0-9])([mpszfy])$/;

/** {suit, n, red, digit} for a notation, null when it is not one (no exception). */
export function readTile(notation) {
  const m = TILE.exec(String(notation));
  if (!m) return null;
  const digit = Number(m[1]);
  return { suit: m[2], n: digit === 0 ? 5 : digit, red: digit === 0, digit };
}

/** Parse a notation into {suit, n, red, digit}; null for a face-down tile. */
export function parseTile(notation) {
  if (notation === null || notation === undefined) return null;
  const t = readTile(notation);
  if (!t) throw new Error(`bad tile notation ${notation}`);
  return t;
}

/** Expand MPSZ notation ("123m0p77z") into single tiles (["1m","2m","3m","0p","7z","7z"]);
 * null, undefined and "" give []. */
export function parseTiles(text) {
  const out = [];
  let digits = "";
  for (const ch of String(text || "")) {
    if (ch >= "0" && ch <= "9") digits += ch;
    else if ("mpszfy".includes(ch)) {
      for (const d of digits) out.push(`${d}${ch}`);
      digits = "";
    } else if (ch.trim() !== "") {
      throw new Error(`bad tile notation ${text}`);
    }
  }
  if (digits) throw new Error(`bad tile notation ${text}`);
  return out;
}

/** The kind of a tile ignoring redness: "0m" -> "5m". */
export function plainTile(notation) {
  return notation && notation[0] === "0" ? `5${notation[1]}` : notation;
}

/** The dora indicated by an indicator (next tile in the cycle; red five counts as a five). */
export function doraFromIndicator(notation) {
  const t = parseTile(notation);
  if (t === null) return null;
  const { suit, n } = t;
  if (suit === "m" || suit === "p" || suit === "s") return `${(n % 9) + 1}${suit}`;
  if (suit === "z") {
    if (n <= 4) return `${(n % 4) + 1}z`;
    return `${((n - 5 + 1) % 3) + 5}z`;
  }
  return notation; // bonus tiles indicate nothing; returned unchanged
}

const SUIT_ORDER = { m: 0, p: 1, s: 2, z: 3, f: 4, y: 5 };

/** Sort key of a tile: suit, then number; a red five right after the plain fives. */
export function tileKey(notation) {
  const t = parseTile(notation);
  if (t === null) return 1000;
  return SUIT_ORDER[t.suit] * 20 + t.n * 2 + (t.red ? 1 : 0);
}

/** A sorted copy of a list of notations (face-down tiles last). */
export function sortTiles(list) {
  return [...list].sort((a, b) => tileKey(a) - tileKey(b));
}
