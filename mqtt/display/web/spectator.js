// The spectator / stream view: every hand (from the broadcast role's
// spectator tree, delayed by the daemon as configured), ponds with calls
// and riichi marked. ?overlay=1 makes the background transparent.
(() => {
"use strict";
const JT = window.JT;
const esc = JT.esc, t = JT.t;

function row(v, i, top) {
  const s = v.seats[i];
  const cls = ["row"];
  if (v.turn === i && (v.phase === "draw" || v.phase === "act")) cls.push("turn");
  if (s.riichi) cls.push("riichi");
  if (s.won) cls.push("won");
  let hand = s.hand || [];
  let drawn = "";
  if (v.turn === i && v.phase === "act" && hand.length % 3 === 2) {
    drawn = JT.tile(hand[hand.length - 1], "drawn");
    hand = hand.slice(0, -1);
  }
  const diff = v.scores[i] - top;
  return `<section class="${cls.join(" ")}" data-seat="${i}">
    <div class="who"><span class="wind">${esc(JT.windName(s.wind))}</span>${v.dealer === i ? `<span class="tag dealer">${esc(t("dealer"))}</span>` : ""}
      <span class="score" data-k="score">${JT.fmt(v.scores[i])}</span><span class="diff">${diff ? JT.signed(diff) : ""}</span>
      ${s.riichi ? `<span class="tag riichi">${esc(t("riichi"))}</span>` : ""}</div>
    <div class="hand" data-hand="${i}">${JT.tiles(JT.sortTiles(hand))}${drawn ? `<span class="gap"></span>${drawn}` : ""}${JT.melds(v, i)}</div>
    ${JT.pond(v, i)}
  </section>`;
}

const page = {
  name: "spectator",
  credKey: "jantaku.spectator",
  creds: () => JT.creds("jantaku.spectator"),
  topics: (cfg) => ({ state: cfg.topics.spectator_state }),
  render(v) {
    const cfg = JT.app.cfg;
    const delay = cfg.spectator_delay_ms ? `<span class="delay" data-k="delay">${esc(t("delay", Math.round(cfg.spectator_delay_ms / 1000)))}</span>` : "";
    let body = JT.infoBar(v, delay);
    if (v && v.seats && v.seats.length) {
      const top = Math.max(...v.scores);
      body += JT.phaseLine(v) + `<main class="rows n${v.seats.length}">${v.seats.map((_, i) => row(v, i, top)).join("")}</main>`;
    } else {
      body += JT.phaseLine(v) + `<main class="rows"></main>`;
    }
    body += JT.machineBar() + JT.result(v);
    document.body.innerHTML = body;
  },
};
JT.start(page);
})();
