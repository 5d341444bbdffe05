// A player's seat view (phone): own hand sorted, melds, ponds, declaration
// buttons publishing seat commands, and learner mode (waits and shanten).
// URL: seat.html?seat=N#u=USER&p=PASSWORD (or log in on the page).
(() => {
"use strict";
const JT = window.JT;
const esc = JT.esc, t = JT.t;
const seat = +(new URLSearchParams(location.search).get("seat") || 0);
const ui = { mode: null, toast: "", toastBad: false, learner: localStorage.getItem("jantaku.learner") === "1", n: 0 };
const prefix = Math.random().toString(36).slice(2, 8);

function send(type, args) {
  const cfg = JT.app.cfg, c = JT.app.client;
  if (!c || !c.connected) { ui.toast = t("offline"); ui.toastBad = true; JT.redraw(); return; }
  const id = `${prefix}-${++ui.n}`;
  const cmd = { v: 1, id, type, seat };
  if (args && Object.keys(args).length) cmd.args = args;
  c.publish(cfg.topics.command[seat], JSON.stringify(cmd), 1);
  ui.mode = null;
  ui.toast = t("sent") + ": " + t(type);
  ui.toastBad = false;
  JT.redraw();
}

const argsOf = (a) => {
  const o = {};
  if (a.tile) o.tile = a.tile;
  if (a.uses && a.uses.length) o.uses = a.uses;
  if (a.kind) o.kind = a.kind;
  return o;
};

function actions(v) {
  const legal = v.legal || [];
  const by = (...kinds) => legal.filter((a) => kinds.includes(a.kind));
  return [
    ["win", by("tsumo", "ron")],
    ["riichi", by("riichi")],
    ["chi", by("chi")],
    ["pon", by("pon")],
    ["kan", by("kan", "kakan", "ankan")],
    ["pass", by("pass")],
  ];
}

function press(name) {
  const v = JT.app.view;
  if (name === "ok" || name === "cancel") return send(name);
  const opts = (actions(v).find((x) => x[0] === name) || [0, []])[1];
  if (!opts.length) return;
  if (opts.length === 1 || name === "win" || name === "pass") return send(name, argsOf(opts[0]));
  ui.mode = ui.mode === name ? null : name;
  JT.redraw();
}

document.addEventListener("click", (e) => {
  const b = e.target.closest("[data-act]");
  if (b && !b.disabled) return press(b.dataset.act);
  const o = e.target.closest("[data-opt]");
  if (o) {
    const opts = (actions(JT.app.view).find((x) => x[0] === ui.mode) || [0, []])[1];
    const a = opts[+o.dataset.opt];
    if (a) send(ui.mode, argsOf(a));
    return;
  }
  const h = e.target.closest(".mine [data-tile]");
  if (h && ui.mode === "riichi") {
    const a = (JT.app.view.legal || []).find((x) => x.kind === "riichi" && x.tile === h.dataset.tile);
    if (a) send("riichi", argsOf(a));
    return;
  }
  if (e.target.closest("#learner-toggle")) {
    ui.learner = !ui.learner;
    localStorage.setItem("jantaku.learner", ui.learner ? "1" : "0");
    JT.redraw();
  }
});

function seen(v) {
  const n = {};
  const add = (c) => { const k = JT.learner.kindOf(c); if (k >= 0) n[k] = (n[k] || 0) + 1; };
  (v.seats[seat].hand || []).forEach(add);
  (v.indicators || []).forEach(add);
  for (const s of v.seats) {
    s.discards.forEach((d) => { if (!d.taken) add(d.tile); });
    (s.melds || []).forEach((m) => { const p = JT.parseMeld(m); if (p) p.tiles.forEach(add); });
  }
  return (code) => Math.max(0, 4 - (n[JT.learner.kindOf(code)] || 0));
}

function shantenText(s) {
  return s < 0 ? t("complete") : s === 0 ? t("tenpai") : t("shanten", s);
}

function learner(v) {
  const toggle = `<label class="toggle"><input type="checkbox" id="learner-toggle"${ui.learner ? " checked" : ""}> ${esc(t("learner"))}</label>`;
  if (!ui.learner) return `<div class="learner off">${toggle}</div>`;
  const hand = v.seats[seat].hand || [];
  const unseen = seen(v);
  const r = JT.learner.analyse(hand, unseen);
  if (!r) return `<div class="learner">${toggle}</div>`;
  const tilesLeft = (codes) => codes.map((c) => `<span class="wt">${JT.tile(c, "sm")}<small>${unseen(c)}</small></span>`).join("");
  let body = `<div class="sh" data-k="shanten" data-shanten="${r.shanten}">${esc(shantenText(r.shanten))}</div>`;
  if (r.waits) {
    body += `<div class="waits" data-k="waits"><small>${esc(t("waits"))} · ${esc(t("left", r.left))}</small>${tilesLeft(r.waits.map((w) => w.tile))}</div>`;
  } else if (r.improve) {
    body += `<div class="waits" data-k="improve"><small>${esc(t("improve"))} · ${esc(t("left", r.left))}</small>${tilesLeft(r.improve)}</div>`;
  } else if (r.discards) {
    const best = r.discards.slice(0, 5).map((d) => `<div class="cand" data-discard="${d.tile}">${JT.tile(d.tile, "sm")} → <b>${esc(shantenText(d.shanten))}</b> <small>${esc(t(d.waits ? "waits" : "improve"))} ${esc(t("left", d.left))}</small> ${JT.tiles(d.waits || d.improve.slice(0, 8), "xs")}</div>`).join("");
    body += `<div class="cands" data-k="discards"><small>${esc(t("discard.best"))}</small>${best}</div>`;
  }
  return `<div class="learner">${toggle}${body}</div>`;
}

function others(v) {
  const n = v.seats.length;
  return [3, 2, 1].filter((o) => o < n || n === 4).map((o) => {
    const i = (seat + o) % n;
    const s = v.seats[i];
    const turn = v.turn === i && (v.phase === "draw" || v.phase === "act");
    return `<section class="other${turn ? " turn" : ""}${s.riichi ? " riichi" : ""}" data-seat="${i}"><div class="who">${esc(JT.windName(s.wind))} <small>${esc(t("tiles", s.tiles))}</small>${s.riichi ? ` <span class="tag riichi">${esc(t("riichi"))}</span>` : ""}</div>${JT.melds(v, i, "sm")}${JT.pond(v, i, "sm")}</section>`;
  }).join("");
}

function scores(v) {
  const n = v.seats.length, mine = v.scores[seat];
  return `<div class="chips">${v.seats.map((_, k) => {
    const i = (seat + k) % n, d = v.scores[i] - mine;
    return `<span class="chip${i === seat ? " me" : ""}${v.dealer === i ? " dealer" : ""}" data-score="${i}"><b>${esc(JT.windName(v.seats[i].wind))}</b> ${JT.fmt(v.scores[i])}${i === seat ? "" : ` <small>${JT.signed(d)}</small>`}</span>`;
  }).join("")}</div>`;
}

function buttons(v) {
  const acts = actions(v);
  const btn = (name, enabled) => `<button class="act ${name}${ui.mode === name ? " on" : ""}" data-act="${name}"${enabled ? "" : " disabled"}>${esc(t(name))}</button>`;
  let opts = "";
  if (ui.mode && ui.mode !== "riichi") {
    const list = (acts.find((x) => x[0] === ui.mode) || [0, []])[1];
    opts = `<div class="opts">${list.map((a, k) => `<button class="opt" data-opt="${k}">${JT.tiles([a.tile].concat(a.uses || []).filter(Boolean), "sm")}</button>`).join("")}</div>`;
  } else if (ui.mode === "riichi") {
    opts = `<div class="opts hint">${esc(t("choose"))}</div>`;
  }
  return `<div class="actions">${acts.map(([n, l]) => btn(n, l.length > 0)).join("")}${btn("ok", true)}${btn("cancel", true)}</div>${opts}`;
}

function mine(v) {
  const s = v.seats[seat];
  let hand = s.hand || [];
  let drawn = "";
  if (v.turn === seat && v.phase === "act" && hand.length % 3 === 2) {
    drawn = hand[hand.length - 1];
    hand = hand.slice(0, -1);
  }
  const riichiOK = new Set(ui.mode === "riichi" ? (v.legal || []).filter((a) => a.kind === "riichi").map((a) => a.tile) : []);
  const tl = (c) => JT.tile(c, riichiOK.has(c) ? "pick" : "");
  return `<div class="mine${v.turn === seat ? " turn" : ""}" data-seat="${seat}">${JT.melds(v, seat)}
    <div class="hand" data-hand="${seat}">${JT.sortTiles(hand).map(tl).join("")}${drawn ? `<span class="gap"></span>${tl(drawn)}` : ""}</div></div>`;
}

const page = {
  name: "seat",
  credKey: "jantaku.seat" + seat,
  creds: () => JT.creds("jantaku.seat" + seat),
  topics: (cfg) => ({ state: cfg.topics.seat_state[seat], extra: [cfg.topics.reply[seat]] }),
  message(topic, msg) {
    if (topic !== JT.app.cfg.topics.reply[seat]) return;
    ui.toast = msg.ok ? t("sent") + ": " + t(msg.type || "") + " ✓" : t("rejected", msg.error ? msg.error.message : "");
    ui.toastBad = !msg.ok;
    JT.redraw();
  },
  render(v) {
    document.body.classList.add("seatview");
    let body = JT.infoBar(v);
    if (v && v.seats && v.seats[seat]) {
      body += scores(v) + JT.phaseLine(v);
      body += `<main class="board">${others(v)}<section class="own"><div class="who">${esc(JT.windName(v.seats[seat].wind))} · ${esc(t("you"))}${v.seats[seat].riichi ? ` <span class="tag riichi">${esc(t("riichi"))}</span>` : ""}</div>${JT.pond(v, seat)}</section></main>`;
      body += mine(v) + buttons(v) + learner(v);
    }
    if (ui.toast) body += `<div class="toast${ui.toastBad ? " bad" : ""}" data-k="toast">${esc(ui.toast)}</div>`;
    body += JT.machineBar() + JT.result(v);
    document.body.innerHTML = body;
  },
};
JT.start(page);
})();
