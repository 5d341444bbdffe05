// A player's seat view (phone): own hand sorted, melds, ponds, declaration
// buttons publishing seat commands, and learner mode (waits and shanten).
// URL: seat.html?seat=N#u=USER&p=PASSWORD (or log in on the page).
(() => {
"use strict";
const JT = window.JT;
const esc = JT.esc, t = JT.t;
const seat = +(new URLSearchParams(location.search).get("seat") || 0);
const ui = { mode: null, toast: "", toastBad: false, labels: {}, learner: localStorage.getItem("jantaku.learner") === "1", n: 0 };
const prefix = Math.random().toString(36).slice(2, 8);

function send(type, args) {
  const cfg = JT.app.cfg, c = JT.app.client;
  if (!c || !c.connected) { ui.toast = t("offline"); ui.toastBad = true; JT.redraw(); return; }
  const id = `${prefix}-${++ui.n}`;
  const cmd = { v: 1, id, type, seat };
  if (args && Object.keys(args).length) cmd.args = args;
  c.publish(cfg.topics.command[seat], JSON.stringify(cmd), 1);
  ui.mode = null;
  ui.labels = { [id]: ui.label || type }; // the reply is named as the button was
  ui.toast = t("sent") + ": " + t(ui.label || type);
  ui.label = null;
  ui.toastBad = false;
  JT.redraw();
}

// The seat's declarations, each offered only while the referee lists it
// as legal: the page shows exactly what the ruleset in play lets the seat
// do now (a missing suit in Sichuan, flowers in MCR and Shanghai, wildcard
// kongs in Wuhan, riichi in riichi) and nothing else. cmd is the seat
// command that carries it; direct groups send at once (one button per
// choice), the others open their choices when there are several.
// Kita (three-player riichi: a north set aside) is a "flower" action of
// a north to the referee; it gets its own button and name.
const GROUPS = [
  { name: "missing", kinds: ["missing-suit"], cmd: "ok", direct: true },
  { name: "kita", kinds: ["flower"], only: (a) => a.tile === "4z", cmd: "ok", direct: true },
  { name: "flower", kinds: ["flower"], only: (a) => a.tile !== "4z", cmd: "ok", direct: true },
  { name: "draw", kinds: ["draw"], cmd: "ok" },
  { name: "win", kinds: ["tsumo", "ron"], cmd: "win" },
  { name: "riichi", kinds: ["riichi"], cmd: "riichi" },
  { name: "chi", kinds: ["chi"], cmd: "chi" },
  { name: "pon", kinds: ["pon"], cmd: "pon" },
  { name: "kan", kinds: ["kan", "kakan", "ankan"], cmd: "kan" },
  { name: "wildkan", kinds: ["single-kan"], cmd: "kan" },
  { name: "abort", kinds: ["abort"], cmd: "ok" },
  { name: "pass", kinds: ["pass"], cmd: "pass" },
];

const argsOf = (a) => {
  const o = { kind: a.kind };
  if (a.tile) o.tile = a.tile;
  if (a.uses && a.uses.length) o.uses = a.uses;
  if (a.suit) o.suit = a.suit;
  return o;
};

function actions(v) {
  const legal = (v && v.legal) || [];
  return GROUPS.map((g) => [g, legal.filter((a) => g.kinds.includes(a.kind) && (!g.only || g.only(a)))]).filter((x) => x[1].length > 0);
}

const group = (v, name) => actions(v).find((x) => x[0].name === name) || [null, []];

function fire(g, a) {
  ui.label = g.name;
  send(g.cmd, argsOf(a));
}

function press(name) {
  const v = JT.app.view;
  const [g, opts] = group(v, name);
  if (!g || !opts.length) return;
  if (opts.length === 1 || name === "win" || name === "pass") return fire(g, opts[0]);
  ui.mode = ui.mode === name ? null : name;
  JT.redraw();
}

document.addEventListener("click", (e) => {
  const r = e.target.closest("[data-reading]");
  if (r) {
    ui.label = "reading";
    send("choose", { choice: +r.dataset.reading });
    return;
  }
  const d = e.target.closest("[data-choice]");
  if (d) {
    const [g, opts] = group(JT.app.view, d.dataset.group);
    const a = opts[+d.dataset.choice];
    if (g && a) fire(g, a);
    return;
  }
  const b = e.target.closest("[data-act]");
  if (b && !b.disabled) return press(b.dataset.act);
  const o = e.target.closest("[data-opt]");
  if (o) {
    const [g, opts] = group(JT.app.view, ui.mode);
    const a = opts[+o.dataset.opt];
    if (g && a) fire(g, a);
    return;
  }
  const h = e.target.closest(".mine [data-tile]");
  if (h) {
    const legal = JT.app.view.legal || [];
    const kind = ui.mode === "riichi" ? "riichi" : "discard";
    const a = legal.find((x) => x.kind === kind && x.tile === h.dataset.tile);
    if (a) fire(GROUPS.find((g) => g.kinds.includes(kind)) || { name: "discard", cmd: "ok" }, a);
    return;
  }
  if (e.target.closest("#learner-toggle")) {
    ui.learner = !ui.learner;
    localStorage.setItem("jantaku.learner", ui.learner ? "1" : "0");
    JT.redraw();
  }
});

function shantenText(s) {
  return s < 0 ? t("complete") : s === 0 ? t("tenpai") : t("shanten", s);
}

function learner(v) {
  const toggle = `<label class="toggle"><input type="checkbox" id="learner-toggle"${ui.learner ? " checked" : ""}> ${esc(t("learner"))}</label>`;
  if (!ui.learner) return `<div class="learner off">${toggle}</div>`;
  const hand = v.seats[seat].hand || [];
  const unseen = JT.learner.unseen(v, seat);
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
    return `<section class="other${turn ? " turn" : ""}${s.riichi ? " riichi" : ""}" data-seat="${i}"><div class="who">${esc(JT.windName(s.wind))} <small>${esc(t("tiles", s.tiles))}</small>${s.riichi ? ` <span class="tag riichi">${esc(t("riichi"))}</span>` : ""}${JT.missingTag(s)}</div>${JT.melds(v, i, "sm")}${JT.pond(v, i, "sm")}</section>`;
  }).join("");
}

function scores(v) {
  const n = v.seats.length, mine = v.scores[seat];
  return `<div class="chips">${v.seats.map((_, k) => {
    const i = (seat + k) % n, d = v.scores[i] - mine;
    return `<span class="chip${i === seat ? " me" : ""}${v.dealer === i ? " dealer" : ""}" data-score="${i}"><b>${esc(JT.windName(v.seats[i].wind))}</b> ${JT.fmt(v.scores[i])}${i === seat ? "" : ` <small>${JT.signed(d)}</small>`}</span>`;
  }).join("")}</div>`;
}

// kindLabel names an action's kind as the seat's buttons do.
function kindLabel(kind) {
  if (kind === "discard" || kind === "tsumo" || kind === "ron") return t(kind);
  const g = GROUPS.find((x) => x.kinds.includes(kind));
  return t(g ? g.name : kind);
}

// readings asks which reading of a movement of the seat's tiles it meant,
// when the table's sensing could read it two ways (a pon or a kan): one
// button per reading, sending its index. Only this seat's view lists them.
function readings(v) {
  const cs = (v && v.choices) || [];
  if (!cs.length) return "";
  const reading = (c) => {
    const a = c.action || {};
    const tiles = [a.tile].concat(a.uses || []).filter(Boolean);
    return `<button class="act reading" data-reading="${+c.index}" data-kind="${esc(a.kind || "")}">${esc(kindLabel(a.kind))} ${JT.tiles(tiles, "sm")}</button>`;
  };
  return `<div class="actions direct readings" data-k="choices"><small>${esc(t("choose.reading"))}</small>${cs.map(reading).join("")}</div>`;
}

function buttons(v) {
  const acts = actions(v);
  const btn = (name) => `<button class="act ${name}${ui.mode === name ? " on" : ""}" data-act="${name}">${esc(t(name))}</button>`;
  let html = "";
  const direct = acts.filter(([g]) => g.direct);
  for (const [g, opts] of direct) {
    const label = g.name === "missing" ? t("choose.missing") : t(g.name);
    const choice = (a, k) => {
      const face = a.suit ? esc(t("suit." + a.suit)) : JT.tile(a.tile, "sm");
      return `<button class="act choice ${g.name}" data-group="${g.name}" data-choice="${k}"${a.suit ? ` data-suit="${esc(a.suit)}"` : ""}${a.tile ? ` data-choice-tile="${esc(a.tile)}"` : ""}>${face}</button>`;
    };
    html += `<div class="actions direct" data-k="${g.name}"><small>${esc(label)}</small>${opts.map(choice).join("")}</div>`;
  }
  const rest = acts.filter(([g]) => !g.direct);
  if (rest.length) html += `<div class="actions" data-k="declare">${rest.map(([g]) => btn(g.name)).join("")}</div>`;
  if (ui.mode && ui.mode !== "riichi") {
    const list = group(v, ui.mode)[1];
    html += `<div class="opts">${list.map((a, k) => `<button class="opt" data-opt="${k}">${JT.tiles([a.tile].concat(a.uses || []).filter(Boolean), "sm")}</button>`).join("")}</div>`;
  } else if (ui.mode === "riichi") {
    html += `<div class="opts hint">${esc(t("choose"))}</div>`;
  } else if ((v.legal || []).some((a) => a.kind === "discard")) {
    html += `<div class="opts hint" data-k="tap">${esc(t("tap"))}</div>`;
  }
  return html;
}

function mine(v) {
  const s = v.seats[seat];
  let hand = s.hand || [];
  let drawn = "";
  if (v.turn === seat && v.phase === "act" && hand.length % 3 === 2) {
    drawn = hand[hand.length - 1];
    hand = hand.slice(0, -1);
  }
  const pickKind = ui.mode === "riichi" ? "riichi" : "discard";
  const riichiOK = new Set((v.legal || []).filter((a) => a.kind === pickKind).map((a) => a.tile));
  const tl = (c) => JT.tile(c, riichiOK.has(c) ? (pickKind === "riichi" ? "pick" : "can") : "");
  return `<div class="mine${v.turn === seat ? " turn" : ""}" data-seat="${seat}">${JT.melds(v, seat)}
    <div class="hand" data-hand="${seat}">${JT.sortTiles(hand).map(tl).join("")}${drawn ? `<span class="gap"></span>${tl(drawn)}` : ""}</div></div>`;
}

const page = {
  name: "seat",
  // Before login the seat's wind is not known (it changes each hand):
  // the form names the seat by its number, as --humans does.
  title: () => t("seat.login", seat),
  credKey: "jantaku.seat" + seat,
  creds: () => JT.creds("jantaku.seat" + seat),
  topics: (cfg) => ({ state: cfg.topics.seat_state[seat], extra: [cfg.topics.reply[seat]] }),
  message(topic, msg) {
    if (topic !== JT.app.cfg.topics.reply[seat]) return;
    // Counted for whoever watches the page (tests): replies and the last.
    JT.metrics.replies = (JT.metrics.replies || 0) + 1;
    JT.metrics.lastReply = msg;
    const label = ui.labels[msg.id] || msg.type || "";
    ui.toast = msg.ok ? t("sent") + ": " + t(label) + " ✓" : t("rejected", msg.error ? msg.error.message : "");
    ui.toastBad = !msg.ok;
    JT.redraw();
  },
  render(v) {
    document.body.classList.add("seatview");
    let body = JT.infoBar(v);
    if (v && v.seats && v.seats[seat]) {
      body += scores(v) + JT.phaseLine(v);
      body += `<main class="board">${others(v)}<section class="own"><div class="who">${esc(JT.windName(v.seats[seat].wind))} · ${esc(t("you"))}${v.seats[seat].riichi ? ` <span class="tag riichi">${esc(t("riichi"))}</span>` : ""}${JT.missingTag(v.seats[seat])}</div>${JT.pond(v, seat)}</section></main>`;
      body += mine(v) + readings(v) + buttons(v) + learner(v);
    }
    if (ui.toast) body += `<div class="toast${ui.toastBad ? " bad" : ""}" data-k="toast">${esc(ui.toast)}</div>`;
    body += JT.machineBar() + JT.result(v);
    document.body.innerHTML = body;
  },
};
JT.start(page);
})();
