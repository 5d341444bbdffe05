// Learner mode: shanten and waits of a hand, computed in the page from the
// tiles the seat holds. Shapes: the standard one (sets and a pair, with
// melds counted as sets), seven pairs (seven different pairs: four of a
// kind is one pair, as in riichi) and thirteen orphans; no wildcards, no
// knitted or other special shapes, no missing-suit rule. Shanten is the
// usual block count: a tile whose four copies the hand holds still counts
// as available (it is shown as an "exhausted" wait).
(() => {
"use strict";
const JT = (typeof window !== "undefined" ? window : globalThis).JT ||
  ((typeof window !== "undefined" ? window : globalThis).JT = {});

const ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

function kindOf(code) {
  const m = /^([0-9])([mpsz])$/.exec(code || "");
  if (!m) return -1;
  const n = m[1] === "0" ? 5 : +m[1];
  if (m[2] === "z") return n >= 1 && n <= 7 ? 26 + n : -1;
  return n >= 1 ? "mps".indexOf(m[2]) * 9 + n - 1 : -1;
}
function codeOf(k) {
  return k < 27 ? (k % 9 + 1) + "mps"[Math.floor(k / 9)] : (k - 26) + "z";
}

// counts returns the 34 kind counts of codes; flowers are ignored.
function counts(codes) {
  const c = new Array(34).fill(0);
  for (const t of codes || []) {
    const k = kindOf(t);
    if (k >= 0) c[k]++;
  }
  return c;
}
const total = (c) => c.reduce((a, b) => a + b, 0);

function standard(c, n) {
  const need = 4 - Math.floor((14 - n) / 3); // sets to make from the hand
  let best = 8;
  const melds = 4 - need;
  function dfs(i, m, t, p) {
    while (i < 34 && c[i] === 0) i++;
    if (i === 34) {
      const tt = Math.min(t, 4 - melds - m);
      const s = 8 - 2 * (m + melds) - tt - p;
      if (s < best) best = s;
      return;
    }
    const suited = i < 27, r = i % 9;
    if (m + melds < 4) {
      if (c[i] >= 3) { c[i] -= 3; dfs(i, m + 1, t, p); c[i] += 3; }
      if (suited && r <= 6 && c[i + 1] && c[i + 2]) {
        c[i]--; c[i + 1]--; c[i + 2]--;
        dfs(i, m + 1, t, p);
        c[i]++; c[i + 1]++; c[i + 2]++;
      }
    }
    if (!p && c[i] >= 2) { c[i] -= 2; dfs(i, m, t, 1); c[i] += 2; }
    if (m + melds + t < 4) {
      if (c[i] >= 2) { c[i] -= 2; dfs(i, m, t + 1, p); c[i] += 2; }
      if (suited && r <= 7 && c[i + 1]) { c[i]--; c[i + 1]--; dfs(i, m, t + 1, p); c[i]++; c[i + 1]++; }
      if (suited && r <= 6 && c[i + 2]) { c[i]--; c[i + 2]--; dfs(i, m, t + 1, p); c[i]++; c[i + 2]++; }
    }
    const keep = c[i];
    c[i] = 0; // the rest of this kind stays isolated
    dfs(i + 1, m, t, p);
    c[i] = keep;
  }
  dfs(0, 0, 0, 0);
  return best;
}

function sevenPairs(c) {
  let pairs = 0, kinds = 0;
  for (const v of c) {
    if (v) kinds++;
    if (v >= 2) pairs++;
  }
  return 6 - pairs + Math.max(0, 7 - kinds);
}

function orphans(c) {
  let kinds = 0, pair = 0;
  for (const k of ORPHANS) {
    if (c[k]) kinds++;
    if (c[k] >= 2) pair = 1;
  }
  return 13 - kinds - pair;
}

// shanten returns the least shanten of counts c (13-3k or 14-3k tiles) over
// the three shapes: 0 is ready (tenpai), -1 complete. null for a count of
// tiles no hand can have.
function shanten(c) {
  const n = total(c);
  if (n < 1 || n > 14 || n % 3 === 0) return null;
  c = c.slice();
  let s = standard(c, n);
  if (n >= 13) s = Math.min(s, sevenPairs(c), orphans(c));
  return s;
}

// waits returns the kinds that complete the ready counts c (13-3k tiles),
// ascending: [{tile, exhausted}], exhausted when the hand holds all four.
function waits(c) {
  const n = total(c);
  if (n % 3 !== 1) return [];
  const out = [];
  for (let k = 0; k < 34; k++) {
    if (c[k] >= 4) {
      // a fifth copy cannot be drawn, but the shape waits on it
    }
    c[k]++;
    const s = shanten(c);
    c[k]--;
    if (s === -1) out.push({ tile: codeOf(k), exhausted: c[k] === 4 });
  }
  return out;
}

// improving returns the kinds that lower the shanten of c (13-3k tiles).
function improving(c, s) {
  const out = [];
  for (let k = 0; k < 34; k++) {
    if (c[k] >= 4) continue;
    c[k]++;
    if (shanten(c) < s) out.push(codeOf(k));
    c[k]--;
  }
  return out;
}

// analyse is what the seat view shows: for a hand of 13-3k tiles its
// shanten, its waits (if ready) or the tiles that improve it; for 14-3k
// tiles also each discard with the shanten after it and the tiles that
// would then improve it, best first. unseen(code) counts copies the seat
// cannot see (4 less those in its hand, ponds, melds and indicators).
function analyse(hand, unseen) {
  const c = counts(hand);
  const n = total(c);
  const s = shanten(c);
  if (s === null) return null;
  const left = (codes) => codes.reduce((a, t) => a + (unseen ? unseen(t) : 0), 0);
  const res = { tiles: n, shanten: s };
  if (n % 3 === 1) {
    if (s === 0) {
      res.waits = waits(c);
      res.left = left(res.waits.map((w) => w.tile));
    } else {
      res.improve = improving(c, s);
      res.left = left(res.improve);
    }
    return res;
  }
  res.discards = [];
  for (let k = 0; k < 34; k++) {
    if (!c[k]) continue;
    c[k]--;
    const after = shanten(c);
    const d = { tile: codeOf(k), shanten: after };
    if (after === 0) d.waits = waits(c).map((w) => w.tile);
    else d.improve = improving(c, after);
    d.left = left(d.waits || d.improve);
    c[k]++;
    res.discards.push(d);
  }
  res.discards.sort((a, b) => a.shanten - b.shanten || b.left - a.left || kindOf(a.tile) - kindOf(b.tile));
  return res;
}

// unseen returns, for seat's view v, how many copies of a tile (by code)
// the seat may still draw: the set's copies (four, or as the view's
// copies say: none of three-player riichi's 2m–8m, of 荊州's removed suit
// and East, of Sichuan's honours) less those the seat can see: its hand,
// the indicators, every pond's untaken discards, the melds and flowers.
function unseen(v, seat) {
  const n = {};
  const add = (c) => { const k = kindOf(c); if (k >= 0) n[k] = (n[k] || 0) + 1; };
  (v.seats[seat].hand || []).forEach(add);
  (v.indicators || []).forEach(add);
  for (const s of v.seats) {
    (s.discards || []).forEach((d) => { if (!d.taken) add(d.tile); });
    (s.melds || []).forEach((m) => { const p = JT.parseMeld(m); if (p) p.tiles.forEach(add); });
    (s.flowers || []).forEach(add);
  }
  const copies = {};
  for (const [code, c] of Object.entries(v.copies || {})) {
    const k = kindOf(code);
    if (k >= 0) copies[k] = c;
  }
  return (code) => {
    const k = kindOf(code);
    return Math.max(0, (k in copies ? copies[k] : 4) - (n[k] || 0));
  };
}

JT.learner = { counts, shanten, waits, analyse, unseen, kindOf, codeOf, standard: (c) => standard(c.slice(), total(c)), sevenPairs, orphans };
if (typeof module !== "undefined") module.exports = JT.learner;
})();
