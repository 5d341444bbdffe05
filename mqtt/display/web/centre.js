// The centre screen (the table's own screen, a parlour TV): public state.
(() => {
"use strict";
const JT = window.JT;
const esc = JT.esc, t = JT.t;

function seatCard(v, i, rank, top) {
  const s = v.seats[i];
  const diff = v.scores[i] - top;
  const cls = ["seat"];
  if (v.turn === i && (v.phase === "draw" || v.phase === "act")) cls.push("turn");
  if (v.dealer === i) cls.push("dealer");
  if (s.riichi) cls.push("riichi");
  if (s.won) cls.push("won");
  return `<section class="${cls.join(" ")}" data-seat="${i}">
    <div class="head"><span class="wind">${esc(JT.windName(s.wind))}</span>
      <span class="score" data-k="score">${JT.fmt(v.scores[i])}</span>
      <span class="diff" data-k="diff">${diff ? JT.signed(diff) : `<span class="top">${esc(t("rank", rank))}</span>`}</span></div>
    <div class="tags">${v.dealer === i ? `<span class="tag dealer">${esc(t("dealer"))}</span>` : ""}${s.riichi ? `<span class="tag riichi">${esc(t("riichi"))}</span>` : ""}${cls.includes("turn") ? `<span class="tag turn">▶ ${esc(t("turn"))}</span>` : ""}<span class="count">${esc(t("tiles", s.tiles))}</span>${JT.missingTag(s)}</div>
    ${JT.melds(v, i)}
    ${JT.pond(v, i)}
  </section>`;
}

const page = {
  name: "centre",
  creds: (cfg) => cfg.credentials,
  topics: (cfg) => ({ state: cfg.topics.state }),
  render(v) {
    let body = JT.infoBar(v);
    if (v && v.seats && v.seats.length) {
      const rank = JT.rank(v.scores);
      const top = Math.max(...v.scores);
      body += JT.phaseLine(v);
      body += `<main class="seats n${v.seats.length}">${v.seats.map((_, i) => seatCard(v, i, rank[i], top)).join("")}</main>`;
    } else if (v) {
      body += JT.phaseLine(v) + `<main class="seats"></main>`;
    } else {
      body += `<main class="seats"></main>`;
    }
    body += JT.machineBar() + JT.result(v);
    document.body.innerHTML = body;
  },
};
JT.start(page);
})();
