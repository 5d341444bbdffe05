// The runtime shared by the pages: configuration, credentials, the MQTT
// connection, state messages in order, the language switch, the score
// board, ponds, dice, the machine bar and the result overlay.
(() => {
"use strict";
const JT = window.JT || (window.JT = {});
const t = (...a) => JT.t(...a);
const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
JT.esc = esc;
const fmt = (n) => (n ?? 0).toLocaleString("en-US");
JT.fmt = fmt;
const signed = (n) => (n > 0 ? "+" : n < 0 ? "−" : "±") + fmt(Math.abs(n));
JT.signed = signed;

// Measured by the browser tests: render delay of each state message.
JT.metrics = { lat: [], render: [], states: 0, connects: 0, trace: [], errors: [] }; // ms; connects: times online; trace: the last state messages' numbers ("r" retained); errors: messages the page failed on

const app = {
  cfg: null, view: null, prev: null, last: null, machine: null, online: null,
  conn: "connecting", connDetail: "", seq: -1, time: 0, page: null, client: null,
  fresh: true, // the next state is taken whatever its number (a new connection)
};
JT.app = app;

// JT.start runs a page: page = {name, creds(cfg) -> {username, password} or
// null (ask), topics(cfg) -> {state, extra: [...]}, render(view)}.
JT.start = async function (page) {
  app.page = page;
  let cfg;
  try {
    const r = await fetch("config.json", { cache: "no-store" });
    cfg = await r.json();
  } catch (e) {
    document.body.innerHTML = `<p class="fatal">config.json: ${esc(e)}</p>`;
    return;
  }
  app.cfg = cfg;
  JT.initLang(cfg.language);
  if (new URLSearchParams(location.search).get("overlay")) document.body.classList.add("overlay");
  const creds = page.creds(cfg);
  if (!creds) return JT.login(page);
  connect(creds);
};

function wsURL(cfg) {
  if (cfg.websocket) return cfg.websocket;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.hostname}:${cfg.websocket_port || 1884}/`;
}

function connect(creds) {
  const cfg = app.cfg;
  const topics = app.page.topics(cfg);
  app.stateTopic = topics.state;
  const subs = [cfg.topics.status, cfg.topics.machine, topics.state].concat(topics.extra || []);
  app.client = new JT.MQTT({
    url: wsURL(cfg),
    username: creds.username,
    password: creds.password,
    clientId: creds.username + "-" + app.page.name + "-" + Math.random().toString(36).slice(2, 10),
    subscriptions: subs,
    onStatus: (s, d) => {
      app.conn = s; app.connDetail = d || "";
      if (s === "online") { JT.metrics.connects++; app.fresh = true; }
      JT.redraw();
    },
    onMessage: message,
    onError: (e) => {
      console.error(e);
      const errs = JT.metrics.errors;
      errs.push(String((e && e.stack) || e));
      if (errs.length > 16) errs.shift();
    },
  });
  JT.redraw();
}

function message(topic, text, meta) {
  let msg;
  try { msg = JSON.parse(text); } catch (e) { return; }
  const cfg = app.cfg;
  if (topic === cfg.topics.status) {
    const online = msg.status === "online";
    // A table back online may have restarted with another game and a
    // clock set back: its next state is taken whatever its number.
    if (online && app.online === false) app.fresh = true;
    app.online = online;
    JT.redraw();
  } else if (topic === cfg.topics.machine) {
    app.machine = msg.machine || null;
    JT.redraw();
  } else if (topic === app.stateTopic) {
    const tr = JT.metrics.trace;
    tr.push(String(msg.seq) + (meta.retain ? "r" : ""));
    if (tr.length > 16) tr.shift();
    if (!msg.state || msg.state.v !== 1) return;
    const tm = msg.time ? Date.parse(msg.time) : 0;
    // Only a newer state is drawn: a later number, or a later time (a new
    // game starts its sequence again). Retained states are no exception:
    // a broker sends them on subscribing, and a step published at that
    // moment can reach the page live before the retained one it replaced.
    // The first state of a connection is taken whatever it says.
    if (!app.fresh && msg.seq <= app.seq && !(tm > app.time)) return;
    app.fresh = false;
    app.seq = msg.seq;
    app.time = tm;
    app.prev = app.view;
    app.view = msg.state;
    trackLast();
    JT.metrics.states++;
    // Several states arriving together are drawn once, after the last.
    if (!meta.retain && tm) waiting.push(tm);
    later(msg.seq);
  } else if (app.page.message) {
    app.page.message(topic, msg);
  }
}

// trackLast finds the last discard: the seat whose pond grew.
function trackLast() {
  const v = app.view, p = app.prev;
  if (!v.seats || !v.seats.length) { app.last = null; return; }
  if (p && p.hand === v.hand && p.seats && p.seats.length === v.seats.length) {
    for (let i = 0; i < v.seats.length; i++) {
      const n = v.seats[i].discards.length;
      if (n > p.seats[i].discards.length) { app.last = { seat: i, index: n - 1 }; return; }
    }
    return; // unchanged
  }
  app.last = null;
  let s = -1;
  if (v.claim) s = v.claim.from;
  else if (v.phase === "draw") s = (v.turn + v.seats.length - 1) % v.seats.length;
  if (s >= 0 && v.seats[s] && v.seats[s].discards.length) app.last = { seat: s, index: v.seats[s].discards.length - 1 };
}

// Redraws are coalesced: a burst of messages (a reconnection, the steps
// of one claim) costs one render, made in the next task.
let pending = false, pendingSeq = null;
const waiting = [];
function later(seq) {
  pendingSeq = seq;
  if (pending) return;
  pending = true;
  setTimeout(JT.redraw, 0);
}

JT.redraw = function () {
  pending = false;
  const t0 = performance.now();
  try {
    app.page.render(app.view);
  } catch (e) {
    console.error(e);
  }
  const now = Date.now();
  JT.metrics.render.push(performance.now() - t0);
  for (const tm of waiting) JT.metrics.lat.push(now - tm);
  waiting.length = 0;
  if (pendingSeq !== null) { document.body.dataset.seq = pendingSeq; pendingSeq = null; }
  // The states drawn so far: a state may repeat the number of the one
  // before it (a table's snapshot), so this, not the number, tells that
  // the newest state is on screen.
  document.body.dataset.states = JT.metrics.states;
  for (const k of ["lat", "render"]) if (JT.metrics[k].length > 5000) JT.metrics[k].splice(0, 1000);
};

// ---------------------------------------------------------------- pieces

JT.seatName = (v, i) => v && v.seats && v.seats[i] ? t("seat", JT.windName(v.seats[i].wind)) : "#" + (i + 1);

JT.langSwitch = () =>
  `<span class="langs">${JT.langs.map((l) => `<button class="lang${l === JT.lang() ? " on" : ""}" data-lang="${l}">${l === "ja" ? "日本語" : l === "zh" ? "中文" : "EN"}</button>`).join("")}</span>`;

document.addEventListener("click", (e) => {
  const b = e.target.closest("[data-lang]");
  if (b) { JT.setLang(b.dataset.lang, true); JT.redraw(); }
});

JT.connBadge = function () {
  if (app.conn !== "online") {
    const key = { connecting: "connecting", refused: "refused", denied: "denied" }[app.conn] || "offline";
    return `<span class="conn bad" data-conn="${esc(app.conn)}">${esc(t(key, app.connDetail))}</span>`;
  }
  if (app.online === false) return `<span class="conn bad" data-conn="table-offline">${esc(t("tableoff"))}</span>`;
  return `<span class="conn ok" data-conn="online">●</span>`;
};

const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };
JT.die = function (n) {
  if (!PIPS[n]) return "";
  const red = n === 1 || n === 4;
  return `<svg class="die" viewBox="0 0 40 40" data-die="${n}" role="img" aria-label="${n}"><rect x="1" y="1" width="38" height="38" rx="7" fill="#fbf8ee" stroke="#9b947f"/>` +
    PIPS[n].map(([x, y]) => `<circle cx="${x * 10}" cy="${y * 10}" r="${n === 1 ? 6 : 4}" fill="${red ? "#c8272d" : "#1b1b2f"}"/>`).join("") + `</svg>`;
};

JT.indicatorLabel = function (v) {
  const rs = (v.ruleset || "").toLowerCase();
  if (rs.includes("riichi")) return t("indicator.dora");
  if (rs.includes("wuhan") || rs.includes("wild")) return t("indicator.wild");
  return t("indicator");
};

// JT.infoBar: round, honba, pot, dice, indicators, tiles left, last discard.
JT.infoBar = function (v, extra) {
  if (!v) return `<header class="bar">${JT.connBadge()}${JT.langSwitch()}</header>`;
  const last = app.last && v.seats[app.last.seat] ? v.seats[app.last.seat].discards[app.last.index] : null;
  return `<header class="bar">
    <span class="round" data-k="round">${esc(t("round", JT.windName(v.round), v.number))}</span>
    ${v.ruleset ? `<span class="rules" data-k="rules">${esc(v.ruleset)}</span>` : ""}
    <span class="honba" data-k="honba">${esc(t("honba", v.honba))}</span>
    <span class="pot" data-k="pot">${esc(t("pot", fmt(v.pot)))}</span>
    <span class="dice" data-k="dice">${JT.die(v.dice[0])}${JT.die(v.dice[1])}</span>
    ${v.indicators && v.indicators.length ? `<span class="ind" data-k="indicators"><small>${esc(JT.indicatorLabel(v))}</small>${JT.tiles(v.indicators)}</span>` : ""}
    <span class="wall" data-k="wall">${esc(t("wall", v.wall_left))}</span>
    ${last ? `<span class="lastd" data-k="last"><small>${esc(t("last"))} · ${esc(JT.seatName(v, app.last.seat))}</small>${JT.tile(last.tile)}</span>` : ""}
    ${extra || ""}
    <span class="grow"></span>${JT.connBadge()}${JT.langSwitch()}</header>`;
};

// JT.missingTag shows a seat's missing suit (Sichuan), once it is known.
JT.missingTag = (s) => s && s.missing ? ` <span class="tag missing" data-missing="${esc(s.missing)}">${esc(t("missing"))}: ${esc(JT.has("suit." + s.missing) ? t("suit." + s.missing) : s.missing)}</span>` : "";

// JT.phaseLine says whose turn it is and what the table waits for.
JT.phaseLine = function (v) {
  if (!v) return "";
  if (v.game_over) return `<div class="phase" data-k="phase">${esc(t("gameover"))}</div>`;
  let s = t("phase." + v.phase);
  if (v.claim) s = t("claim", JT.seatName(v, v.claim.from));
  const who = v.phase === "draw" || v.phase === "act" ? ` · ${t("turn")}: ${JT.seatName(v, v.turn)}` : "";
  return `<div class="phase" data-k="phase">${esc(s + who)}${v.claim ? JT.tile(v.claim.tile) : ""}</div>`;
};

// JT.rank returns each seat's place by score (1 = top; ties share).
JT.rank = (scores) => scores.map((s) => 1 + scores.filter((o) => o > s).length);

// JT.pond draws a seat's discards: riichi tile sideways, called tiles
// faded, tsumogiri (discarded as drawn) marked, the last discard outlined.
JT.pond = function (v, i, cls) {
  const s = v.seats[i];
  const out = s.discards.map((d, k) => {
    const c = ["d"];
    if (d.taken) c.push("taken");
    if (d.drawn) c.push("drawn");
    if (app.last && app.last.seat === i && app.last.index === k) c.push("lastd");
    const tl = JT.tile(d.tile, cls);
    return d.riichi ? `<span class="${c.join(" ")} side" data-riichi="1">${tl}</span>` : `<span class="${c.join(" ")}">${tl}</span>`;
  });
  return `<div class="pond" data-pond="${i}">${out.join("")}</div>`;
};

// JT.isKita reports whether a seat's exposed tiles are norths set aside
// (kita, three-player riichi) rather than flowers: the referee reports
// both as "flowers", and a north is never a flower.
JT.isKita = (flowers) => !!(flowers && flowers.length) && flowers.every((c) => c === "4z");

// JT.melds draws a seat's melds, then its flowers or its norths set aside
// (kita, each one a dora: counted in the label), then Wuhan's single kongs.
JT.melds = function (v, i, cls) {
  const s = v.seats[i];
  const parts = (s.melds || []).map((m) => JT.meld(m, cls));
  if (JT.isKita(s.flowers)) parts.push(`<span class="meld kita" data-kita="${i}" data-count="${s.flowers.length}" title="${esc(t("kita.title"))}"><small>${esc(t("kita.label"))}</small>${JT.tiles(s.flowers, cls)}</span>`);
  else if (s.flowers && s.flowers.length) parts.push(`<span class="meld flowers">${JT.tiles(s.flowers, cls)}</span>`);
  if (s.single_kongs && s.single_kongs.length) parts.push(`<span class="meld">${JT.tiles(s.single_kongs, cls)}</span>`);
  return `<div class="melds" data-melds="${i}">${parts.join("")}</div>`;
};

// JT.machineBar shows the machine's phase and its errors with help.
JT.machineBar = function () {
  const m = app.machine;
  if (!m) return `<footer class="machine" data-k="machine"></footer>`;
  const errs = m.errors || [];
  const phase = m.phase ? (JT.has("mphase." + m.phase) ? t("mphase." + m.phase) : m.phase) : "";
  const items = errs.map((e) => {
    const side = e.side !== undefined && e.side !== null ? t("side", JT.windName(((+e.side) % 4 + 1) + "z")) : (e.part || "");
    const help = JT.has("help." + e.code) ? t("help." + e.code) : (e.message || t("help.unknown"));
    return `<div class="err" data-code="${esc(e.code)}"><b>${esc(e.code)}</b> ${esc(help.replace("{side}", side))}${e.message && JT.has("help." + e.code) ? ` <small>${esc(e.message)}</small>` : ""}</div>`;
  });
  return `<footer class="machine${errs.length ? " fault" : ""}" data-k="machine"><span>${esc(t("machine"))}: <b data-k="mphase">${esc(phase || t("machine.ok"))}</b></span>${items.join("")}</footer>`;
};

// JT.deltas sums the hand's payments per seat.
JT.deltas = function (v) {
  const d = new Array(v.seats.length).fill(0);
  const add = (ps) => (ps || []).forEach((p) => {
    if (p.from >= 0) d[p.from] -= p.amount;
    if (p.to >= 0) d[p.to] += p.amount;
  });
  (v.wins || []).forEach((w) => add(w.payments));
  if (v.end) add(v.end.payments);
  return d;
};

function payLine(v, p) {
  const who = (s) => (s < 0 ? t("pot.name") : JT.seatName(v, s));
  return `<li data-pay="${p.from}>${p.to}">${esc(who(p.from))} → ${esc(who(p.to))} <b>${fmt(p.amount)}</b>${p.reason ? ` <small>${esc(p.reason)}</small>` : ""}</li>`;
}

// JT.result is the result screen at a hand's end: every win with its items
// and payments, the end's own payments, the hand's deltas and the totals.
JT.result = function (v) {
  if (!v || v.phase !== "over" || app.hideResult === v.hand) return "";
  const wins = (v.wins || []).map((w) => {
    const how = w.from < 0 ? t("tsumo") : `${t("ron")} · ${t("from", JT.seatName(v, w.from))}`;
    const items = (w.items || []).map((it) => `<tr><td>${esc(JT.lang() === "en" ? it.En || it.Name : it.Name || it.En)}</td><td class="num">${esc(it.Value)}</td></tr>`).join("");
    const hand = (w.hand || []).slice();
    const wi = hand.lastIndexOf(w.tile);
    if (wi >= 0 && w.from < 0) hand.splice(wi, 1);
    return `<section class="win" data-win="${w.seat}">
      <h3>${esc(JT.seatName(v, w.seat))} <span>${esc(how)}${w.robbed ? " · " + esc(t("robbed")) : ""}</span></h3>
      <div class="hand">${JT.tiles(JT.sortTiles(hand))}<span class="gap"></span>${JT.tile(w.tile, "win")}${JT.melds(v, w.seat)}</div>
      ${items ? `<table class="items">${items}</table>` : ""}
      <div class="value"><span data-k="summary">${esc(w.summary)}</span> <b data-k="points">${esc(t("points", fmt(w.points)))}</b></div>
      <ul class="pays">${(w.payments || []).map((p) => payLine(v, p)).join("")}</ul></section>`;
  }).join("");
  const e = v.end;
  const d = JT.deltas(v);
  const ready = e && e.ready && e.ready.length ? `<div class="ready">${e.ready.map((r, i) => `<span class="${r ? "yes" : "no"}">${esc(JT.seatName(v, i))} ${esc(r ? t("ready") : t("noten"))}</span>`).join("")}</div>` : "";
  const totals = v.seats.map((s, i) => `<tr data-total="${i}"><td>${esc(JT.seatName(v, i))}</td><td class="num delta${d[i] < 0 ? " neg" : ""}">${d[i] ? signed(d[i]) : ""}</td><td class="num">${fmt(v.scores[i])}</td></tr>`).join("");
  return `<div class="result" id="result" data-k="result"><div class="card">
    <h2>${esc(e ? t("end." + e.kind) : t("result"))}${e && e.reason ? ` <small>${esc(e.reason)}</small>` : ""}${v.game_over ? ` · ${esc(t("gameover"))}` : ""}</h2>
    ${wins}${ready}
    ${e && e.payments && e.payments.length ? `<h4>${esc(t("payments"))}</h4><ul class="pays">${e.payments.map((p) => payLine(v, p)).join("")}</ul>` : ""}
    <h4>${esc(t("totals"))}</h4><table class="totals">${totals}</table>
  </div></div>`;
};

document.addEventListener("click", (e) => {
  if (e.target.closest("#result") && app.view) { app.hideResult = app.view.hand; JT.redraw(); }
});

// ---------------------------------------------------------------- login

// JT.creds reads credentials from the URL fragment (#u=USER&p=PASS, so they
// never reach a server log) or from this browser session.
JT.creds = function (key) {
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.get("u")) {
    const c = { username: h.get("u"), password: h.get("p") || "" };
    sessionStorage.setItem(key, JSON.stringify(c));
    history.replaceState(null, "", location.pathname + location.search);
    return c;
  }
  try { return JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { return null; }
};

JT.login = function (page) {
  document.body.innerHTML = `<form class="login" id="login"><h2>${esc(page.title ? page.title() : t(page.name))}</h2>${JT.langSwitch()}
    <label>${esc(t("user"))}<input name="u" autocomplete="username" required></label>
    <label>${esc(t("password"))}<input name="p" type="password" autocomplete="current-password"></label>
    <button type="submit">${esc(t("login"))}</button></form>`;
  document.getElementById("login").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    const c = { username: f.get("u"), password: f.get("p") };
    sessionStorage.setItem(page.credKey, JSON.stringify(c));
    document.body.innerHTML = "";
    connect(c);
  });
};
})();
