// Tile pictures drawn as inline SVG (readable at small sizes, unlike the U+1F000 glyphs).
// The notation itself (parsing, sorting, dora) lives in notation.js; it is re-exported here so
// a page needs one import for tiles.
import { el } from "./dom.js";
import { tileName } from "./i18n.js";
import { parseTile } from "./notation.js";

export {
  doraFromIndicator,
  parseTile,
  parseTiles,
  plainTile,
  sortTiles,
  tileKey,
} from "./notation.js";

const NS = "http://www.w3.org/2000/svg";
const W = 30;
const H = 40;
const RED = "#d1202f";
const BLUE = "#1f4e9c";
const GREEN = "#16803c";
const INK = "#1b1b1b";

// Pip positions (in a 30 x 40 box) for the dots suit, classic layouts.
const PIN_LAYOUT = {
  1: [[15, 20]],
  2: [[15, 11], [15, 29]],
  3: [[8, 9], [15, 20], [22, 31]],
  4: [[9, 11], [21, 11], [9, 29], [21, 29]],
  5: [[9, 10], [21, 10], [15, 20], [9, 30], [21, 30]],
  6: [[10, 8], [20, 8], [10, 20], [20, 20], [10, 32], [20, 32]],
  7: [[7, 7], [15, 11], [23, 15], [10, 24], [20, 24], [10, 33], [20, 33]],
  8: [[10, 6.5], [20, 6.5], [10, 15.5], [20, 15.5], [10, 24.5], [20, 24.5], [10, 33.5], [20, 33.5]],
  9: [[7, 8], [15, 8], [23, 8], [7, 20], [15, 20], [23, 20], [7, 32], [15, 32], [23, 32]],
};
const PIN_RADIUS = { 1: 9, 2: 6.5, 3: 5, 4: 5.5, 5: 5, 6: 4.6, 7: 4, 8: 4, 9: 3.7 };

function pinColour(n, i, red) {
  if (red) return RED;
  if (n === 1) return RED;
  if (n === 3) return [BLUE, RED, GREEN][i];
  if (n === 4 || n === 8) return i % 3 === 0 ? BLUE : GREEN;
  if (n === 5) return i === 2 ? RED : i % 3 === 0 ? BLUE : GREEN;
  if (n === 6) return i < 2 ? GREEN : RED;
  if (n === 7) return i < 3 ? GREEN : RED;
  if (n === 9) return [BLUE, RED, GREEN][Math.floor(i / 3)];
  return BLUE;
}

function pins(n, red) {
  const r = PIN_RADIUS[n];
  return PIN_LAYOUT[n]
    .map(([x, y], i) => {
      const c = pinColour(n, i, red);
      return (
        `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${c}" stroke-width="${r > 5 ? 2 : 1.6}"/>` +
        `<circle cx="${x}" cy="${y}" r="${(r * 0.38).toFixed(2)}" fill="${c}"/>`
      );
    })
    .join("");
}

// Bamboo sticks: column x, centre y, per count.
const SOU_LAYOUT = {
  2: [[15, 11], [15, 29]],
  3: [[15, 11], [9, 29], [21, 29]],
  4: [[9, 11], [21, 11], [9, 29], [21, 29]],
  5: [[8, 11], [22, 11], [15, 20], [8, 29], [22, 29]],
  6: [[7, 11], [15, 11], [23, 11], [7, 29], [15, 29], [23, 29]],
  7: [[15, 7], [7, 20], [15, 20], [23, 20], [7, 33], [15, 33], [23, 33]],
  8: [[6, 11], [12, 11], [18, 11], [24, 11], [6, 29], [12, 29], [18, 29], [24, 29]],
  9: [[7, 7], [15, 7], [23, 7], [7, 20], [15, 20], [23, 20], [7, 33], [15, 33], [23, 33]],
};

function souColour(n, i, red) {
  if (red) return RED;
  if (n === 5 && i === 2) return RED;
  if (n === 7 && i === 0) return RED;
  if (n === 9 && (i === 1 || i === 4 || i === 7)) return RED;
  if (n === 8) return GREEN;
  return i % 2 === 0 ? GREEN : BLUE;
}

function stick(x, y, len, colour, w = 3.4) {
  return (
    `<rect x="${x - w / 2}" y="${y - len / 2}" width="${w}" height="${len}" rx="1.6" fill="${colour}"/>` +
    `<line x1="${x - w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y}" stroke="#fff" stroke-width="0.8"/>`
  );
}

function sous(n, red) {
  if (n === 1) {
    // one big bamboo with a leaf: distinct from the other counts at any size
    return (
      stick(15, 22, 24, red ? RED : GREEN, 6) +
      `<path d="M15 12 q8 -6 10 -2 q-4 4 -10 6z" fill="${red ? RED : GREEN}"/>` +
      `<circle cx="15" cy="8" r="2.4" fill="${RED}"/>`
    );
  }
  const len = n >= 7 ? 10 : 13;
  return SOU_LAYOUT[n].map(([x, y], i) => stick(x, y, len, souColour(n, i, red))).join("");
}

function text(x, y, size, colour, content, weight = 700) {
  return `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${colour}" text-anchor="middle" dominant-baseline="central" font-family="system-ui,'Segoe UI',Roboto,Arial,sans-serif">${content}</text>`;
}

// Everything is drawn with shapes and Latin letters or digits: the kanji of real tiles would need
// a CJK font, which many systems lack (they would show empty boxes).
const WIND_LETTERS = { 1: "E", 2: "S", 3: "W", 4: "N" };

/** The character 万 (man, "ten thousand") drawn as three strokes, centred at (15, y). */
function manSymbol(y) {
  const d = y - 29;
  const st = `fill="none" stroke="${RED}" stroke-width="2.3" stroke-linecap="round" stroke-linejoin="round"`;
  return (
    `<path d="M8 ${23 + d} H22" ${st}/>` +
    `<path d="M13 ${23 + d} C13 ${29 + d} 11.5 ${33 + d} 7.5 ${35.5 + d}" ${st}/>` +
    `<path d="M13.3 ${28 + d} H20.5 C20.5 ${31.5 + d} 20 ${34 + d} 16.5 ${35 + d}" ${st}/>`
  );
}

/** The red dragon's 中: a box crossed by a long vertical stroke. */
function redDragon() {
  return (
    `<rect x="7" y="13" width="16" height="11" rx="1" fill="none" stroke="${RED}" stroke-width="2.8"/>` +
    `<path d="M15 6 V35" stroke="${RED}" stroke-width="3.2" stroke-linecap="round"/>`
  );
}

function flowerIcon(colour) {
  let out = "";
  for (let i = 0; i < 5; i++) {
    const a = (Math.PI * 2 * i) / 5 - Math.PI / 2;
    out += `<circle cx="${(15 + 4.4 * Math.cos(a)).toFixed(2)}" cy="${(13 + 4.4 * Math.sin(a)).toFixed(2)}" r="2.9" fill="${colour}"/>`;
  }
  return out + `<circle cx="15" cy="13" r="2" fill="#f2b705"/>`;
}

function sunIcon(colour) {
  let out = `<circle cx="15" cy="13" r="4" fill="${colour}"/>`;
  for (let i = 0; i < 8; i++) {
    const a = (Math.PI * 2 * i) / 8;
    const x1 = 15 + 6 * Math.cos(a);
    const y1 = 13 + 6 * Math.sin(a);
    const x2 = 15 + 8.5 * Math.cos(a);
    const y2 = 13 + 8.5 * Math.sin(a);
    out += `<line x1="${x1.toFixed(2)}" y1="${y1.toFixed(2)}" x2="${x2.toFixed(2)}" y2="${y2.toFixed(2)}" stroke="${colour}" stroke-width="1.6" stroke-linecap="round"/>`;
  }
  return out;
}

function face(t) {
  const { suit, n, red } = t;
  switch (suit) {
    case "m":
      return text(15, 12.5, 18, red ? RED : INK, String(n), 800) + manSymbol(29);
    case "p":
      return pins(n, red);
    case "s":
      return sous(n, red);
    case "z":
      if (n <= 4) return text(15, 21, 24, INK, WIND_LETTERS[n], 800);
      if (n === 5) {
        return `<rect x="6" y="7" width="18" height="26" rx="2" fill="none" stroke="${BLUE}" stroke-width="2.4"/>`;
      }
      if (n === 6) return text(15, 21, 24, GREEN, "G", 800);
      return redDragon();
    case "f":
      return flowerIcon(RED) + text(15, 30, 14, RED, String(n), 800);
    case "y":
      return sunIcon(BLUE) + text(15, 30, 14, BLUE, String(n), 800);
    default:
      return "";
  }
}

function svgFor(t, sideways) {
  const body =
    t === null
      ? `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="3.5" fill="#2f7d5b" stroke="#1d5a40" stroke-width="1.2"/>` +
        `<rect x="4.5" y="4.5" width="${W - 9}" height="${H - 9}" rx="2" fill="none" stroke="#9fd3b8" stroke-width="0.8"/>`
      : `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="3.5" fill="#fbf8ef" stroke="#8c8577" stroke-width="1.2"/>` +
        face(t) +
        (t.red ? `<circle cx="${W - 4.5}" cy="${H - 4.5}" r="2" fill="${RED}"/>` : "");
  if (sideways) {
    return `<svg xmlns="${NS}" viewBox="0 0 ${H} ${W}" aria-hidden="true" focusable="false"><g transform="translate(0 ${W}) rotate(-90)">${body}</g></svg>`;
  }
  return `<svg xmlns="${NS}" viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false">${body}</svg>`;
}

// Each picture's SVG is parsed once and copied after (a copy is far cheaper than parsing the
// markup again: a table redraw shows a hundred tiles and more).
const PICTURES = new Map();

/** A fresh copy of the SVG of `t` (parsed tile; null: a tile's back). */
function picture(t, sideways) {
  const key = `${t === null ? "back" : `${t.suit}${t.n}${t.red ? "r" : ""}`}${sideways ? "/" : ""}`;
  let svg = PICTURES.get(key);
  if (!svg) {
    const box = document.createElement("span");
    box.innerHTML = svgFor(t, sideways);
    svg = box.firstChild;
    PICTURES.set(key, svg);
  }
  return svg.cloneNode(true);
}

/**
 * A tile picture: <span class="tile tile--{size}" role="img" aria-label="..."> with an inline SVG.
 * opts: size "sm" | "md" | "lg" (default "md"), sideways (called / riichi tile),
 * dim (tsumogiri mark), label (accessible name override; "": a decorative tile, hidden from
 * screen readers).
 */
export function tileEl(notation, opts = {}) {
  const t = parseTile(notation);
  const classes = [`tile tile--${opts.size || "md"}`];
  if (opts.sideways) classes.push("tile--sideways");
  if (opts.dim) classes.push("tile--dim");
  if (t === null) classes.push("tile--back");
  if (t && t.red) classes.push("tile--red");
  const decorative = opts.label === ""; // beside words that say it already: hidden from readers
  const node = el("span", {
    class: classes.join(" "),
    role: decorative ? null : "img",
    "aria-label": decorative ? null : opts.label || tileName(notation),
    "aria-hidden": decorative ? "true" : null,
    dataset: { tile: notation === null || notation === undefined ? "" : String(notation) },
  });
  node.append(picture(t, Boolean(opts.sideways)));
  return node;
}

/** The pictures of a list of notations (a row of tiles), all drawn with the same options. */
export function tileEls(list, opts = {}) {
  return [...list].map((notation) => tileEl(notation, opts));
}
