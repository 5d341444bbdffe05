// Tile faces drawn as SVG by the project: circles and bamboo are shapes;
// characters, winds, dragons and flowers are CJK glyphs from the system
// font with a Latin index in the corner, so a tile stays readable where no
// CJK font is installed. Codes are mpsz: "1m".."9m", "0m" (red five), "1p",
// "1s", "1z".."7z" (E S W N, white, green, red), "1f".."8f"; "" or "x" is a
// face-down tile.
(() => {
"use strict";
const JT = window.JT || (window.JT = {});

const BLUE = "#1f4e9c", RED = "#c8272d", GREEN = "#16743a", INK = "#1b1b2f";
const CJK = "'Noto Serif CJK JP','Noto Serif CJK SC','WenQuanYi Micro Hei','Noto Sans CJK JP','Noto Sans CJK SC','Hiragino Mincho ProN','Yu Mincho','SimSun','Microsoft YaHei',serif";
const LATIN = "'DejaVu Sans','Liberation Sans',Arial,sans-serif";
const NUM = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const HONOR = ["", "東", "南", "西", "北", "", "發", "中"];
const HONOR_IDX = ["", "E", "S", "W", "N", "", "", ""];
const FLOWER = ["", "春", "夏", "秋", "冬", "梅", "蘭", "菊", "竹"];

function glyph(ch, x, y, size, fill) {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" font-family="${CJK}" font-weight="700" text-anchor="middle">${ch}</text>`;
}
function index(s, fill) {
  return `<text x="4" y="11" font-size="9" fill="${fill || "#6b6453"}" font-family="${LATIN}" font-weight="700">${s}</text>`;
}

function circle(x, y, r, c) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${c}" stroke-width="${(r * 0.3).toFixed(2)}"/>` +
    `<circle cx="${x}" cy="${y}" r="${(r * 0.42).toFixed(2)}" fill="${c}"/>`;
}

const PIN = {
  2: [[24, 17, 8, GREEN], [24, 43, 8, BLUE]],
  3: [[12, 13, 7, BLUE], [24, 30, 7, RED], [36, 47, 7, GREEN]],
  4: [[14, 17, 8, BLUE], [34, 17, 8, GREEN], [14, 43, 8, GREEN], [34, 43, 8, BLUE]],
  5: [[13, 14, 7.5, BLUE], [35, 14, 7.5, GREEN], [24, 30, 7.5, RED], [13, 46, 7.5, GREEN], [35, 46, 7.5, BLUE]],
  6: [[15, 12, 6.5, GREEN], [33, 12, 6.5, GREEN], [15, 32, 6.5, RED], [33, 32, 6.5, RED], [15, 48, 6.5, RED], [33, 48, 6.5, RED]],
  7: [[11, 10, 5.5, GREEN], [24, 15, 5.5, GREEN], [37, 20, 5.5, GREEN], [15, 35, 6, RED], [33, 35, 6, RED], [15, 50, 6, RED], [33, 50, 6, RED]],
  8: [[15, 11, 5.8, BLUE], [33, 11, 5.8, BLUE], [15, 24, 5.8, BLUE], [33, 24, 5.8, BLUE], [15, 37, 5.8, BLUE], [33, 37, 5.8, BLUE], [15, 50, 5.8, BLUE], [33, 50, 5.8, BLUE]],
  9: [[11, 13, 6, BLUE], [24, 13, 6, BLUE], [37, 13, 6, BLUE], [11, 30, 6, RED], [24, 30, 6, RED], [37, 30, 6, RED], [11, 47, 6, GREEN], [24, 47, 6, GREEN], [37, 47, 6, GREEN]],
};

function pins(n, red) {
  if (n === 1) {
    return `<circle cx="24" cy="30" r="16" fill="none" stroke="${GREEN}" stroke-width="3"/>` +
      `<circle cx="24" cy="30" r="11.5" fill="none" stroke="${RED}" stroke-width="3"/>` +
      `<circle cx="24" cy="30" r="7" fill="none" stroke="${BLUE}" stroke-width="2.5"/>` +
      `<circle cx="24" cy="30" r="3" fill="${RED}"/>`;
  }
  return PIN[n].map(([x, y, r, c]) => circle(x, y, r, red ? RED : c)).join("");
}

function stick(x, y, h, c) {
  const w = 5.6, t = y - h / 2;
  return `<rect x="${x - w / 2}" y="${t}" width="${w}" height="${h}" rx="2.6" fill="${c}"/>` +
    `<line x1="${x - w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y}" stroke="#fbf8ee" stroke-width="1.1"/>` +
    `<line x1="${x}" y1="${t + 2}" x2="${x}" y2="${t + h - 2}" stroke="#fbf8ee" stroke-width="0.8" opacity="0.6"/>`;
}

const SOU = {
  2: [[24, 18, 18, GREEN], [24, 42, 18, GREEN]],
  3: [[24, 18, 18, GREEN], [15, 42, 18, GREEN], [33, 42, 18, GREEN]],
  4: [[15, 18, 18, GREEN], [33, 18, 18, GREEN], [15, 42, 18, GREEN], [33, 42, 18, GREEN]],
  5: [[13, 18, 18, GREEN], [35, 18, 18, GREEN], [24, 30, 18, RED], [13, 42, 18, GREEN], [35, 42, 18, GREEN]],
  6: [[12, 18, 18, GREEN], [24, 18, 18, GREEN], [36, 18, 18, GREEN], [12, 42, 18, GREEN], [24, 42, 18, GREEN], [36, 42, 18, GREEN]],
  7: [[24, 11, 12, RED], [12, 30, 14, GREEN], [24, 30, 14, GREEN], [36, 30, 14, GREEN], [12, 48, 14, GREEN], [24, 48, 14, GREEN], [36, 48, 14, GREEN]],
  8: [[9, 18, 18, GREEN], [19, 18, 18, GREEN], [29, 18, 18, GREEN], [39, 18, 18, GREEN], [9, 42, 18, GREEN], [19, 42, 18, GREEN], [29, 42, 18, GREEN], [39, 42, 18, GREEN]],
  9: [[12, 12, 14, GREEN], [24, 12, 14, RED], [36, 12, 14, GREEN], [12, 30, 14, GREEN], [24, 30, 14, RED], [36, 30, 14, GREEN], [12, 48, 14, GREEN], [24, 48, 14, RED], [36, 48, 14, GREEN]],
};

function sou(n, red) {
  if (n === 1) { // the bird
    return `<path d="M14 44 Q10 30 20 24 Q26 20 30 26 Q34 34 28 44 Z" fill="${GREEN}"/>` +
      `<circle cx="30" cy="18" r="6" fill="${RED}"/>` +
      `<path d="M35 17 L42 19 L35 21 Z" fill="#d9a21b"/>` +
      `<circle cx="31.5" cy="17" r="1.4" fill="#fff"/>` +
      `<path d="M14 44 L8 54 M18 45 L15 56 M23 45 L23 56" stroke="${BLUE}" stroke-width="2.4" stroke-linecap="round"/>` +
      `<path d="M22 44 L20 50 M27 44 L29 50" stroke="${RED}" stroke-width="1.6"/>`;
  }
  return SOU[n].map(([x, y, h, c]) => stick(x, y, h, red ? RED : c)).join("");
}

function face(code) {
  const m = /^([0-9])([mpszf])$/.exec(code || "");
  if (!m) return null;
  let n = +m[1];
  const suit = m[2], red = n === 0;
  if (red) n = 5;
  switch (suit) {
    case "m":
      if (n < 1) return null;
      return index(n, red ? RED : null) + glyph(NUM[n], 24, 28, 23, red ? RED : INK) + glyph("萬", 24, 54, 22, RED);
    case "p":
      return n < 1 ? null : pins(n, red);
    case "s":
      return n < 1 ? null : sou(n, red);
    case "z":
      if (n < 1 || n > 7) return null;
      if (n === 5) {
        return `<rect x="10" y="10" width="28" height="40" rx="3" fill="none" stroke="${BLUE}" stroke-width="3"/>` +
          `<rect x="15" y="15" width="18" height="30" rx="1.5" fill="none" stroke="${BLUE}" stroke-width="1.2"/>`;
      }
      if (n <= 4) return index(HONOR_IDX[n]) + glyph(HONOR[n], 24, 43, 32, INK);
      return glyph(HONOR[n], 24, 43, 32, n === 6 ? GREEN : RED);
    case "f":
      if (n < 1 || n > 8) return null;
      return index((n - 1) % 4 + 1, n <= 4 ? BLUE : RED) + glyph(FLOWER[n], 24, 43, 30, n <= 4 ? BLUE : RED);
  }
  return null;
}

const cache = new Map();

// JT.tile returns the SVG markup of a tile. opts: {cls: extra classes}.
JT.tile = function (code, cls) {
  const key = code + "|" + (cls || "");
  let s = cache.get(key);
  if (s) return s;
  const f = face(code);
  const c = "t" + (cls ? " " + cls : "");
  if (f === null) {
    s = `<svg class="${c} back" viewBox="0 0 48 64" data-tile="x" role="img" aria-label="?">` +
      `<rect x="1" y="4" width="46" height="59" rx="5" fill="#174f37"/>` +
      `<rect x="1" y="1" width="46" height="58" rx="5" fill="#2e7d5b" stroke="#174f37"/></svg>`;
  } else {
    s = `<svg class="${c}" viewBox="0 0 48 64" data-tile="${code}" role="img" aria-label="${code}">` +
      `<rect x="1" y="4" width="46" height="59" rx="5" fill="#2e7d5b"/>` +
      `<rect x="1" y="1" width="46" height="58" rx="5" fill="#fbf8ee" stroke="#9b947f" stroke-width="1"/>` +
      f + (code[0] === "0" ? `<circle cx="42" cy="7" r="2.4" fill="${RED}"/>` : "") + `</svg>`;
  }
  cache.set(key, s);
  return s;
};

// JT.tiles joins the markup of several tiles.
JT.tiles = (codes, cls) => (codes || []).map((c) => JT.tile(c, cls)).join("");

// JT.sortKey orders tiles m, p, s, z, f, a red five with the fives.
JT.sortKey = function (code) {
  const m = /^([0-9])([mpszf])$/.exec(code || "");
  if (!m) return 999;
  const n = +m[1];
  return "mpszf".indexOf(m[2]) * 20 + (n === 0 ? 5.5 : n);
};
JT.sortTiles = (codes) => (codes || []).slice().sort((a, b) => JT.sortKey(a) - JT.sortKey(b));

// JT.parseMeld reads a meld in hand notation, "(pon 555z<1)", "(chi 324p<3)",
// "[ankan 3333m]", into {type, tiles, from}: tiles[0] is the claimed tile.
JT.parseMeld = function (s) {
  const m = /^[([](\S+) ([0-9mpszf]+)(?:<([1-3]))?[)\]]$/.exec(s || "");
  if (!m) return null;
  const tiles = [];
  let digits = [];
  for (const ch of m[2]) {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else { for (const d of digits) tiles.push(d + ch); digits = []; }
  }
  return { type: m[1], tiles, from: m[3] ? +m[3] : 0 };
};

// JT.meld draws a meld as at the table: the claimed tile turned sideways
// at the side of the seat it came from (left for the previous player,
// middle for the one opposite, right for the next); a concealed kong shows
// its outer tiles face down.
JT.meld = function (s, cls) {
  const m = JT.parseMeld(s);
  if (!m) return `<span class="meld">${s}</span>`;
  let parts;
  if (m.type === "ankan") {
    parts = m.tiles.map((t, i) => JT.tile(i === 0 || i === 3 ? "x" : t, cls));
  } else {
    const rest = m.tiles.slice(1).map((t) => JT.tile(t, cls));
    let claimed = `<span class="side">${JT.tile(m.tiles[0], cls)}</span>`;
    if (m.type === "kakan" && rest.length === 3) {
      claimed = `<span class="side stack">${JT.tile(m.tiles[0], cls)}${rest.pop()}</span>`;
    }
    const at = m.from === 3 ? 0 : m.from === 2 ? 1 : rest.length;
    rest.splice(at, 0, claimed);
    parts = rest;
  }
  return `<span class="meld" data-meld="${m.type}">${parts.join("")}</span>`;
};
})();
