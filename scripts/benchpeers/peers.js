// peers.js times the JavaScript peers on the hands benchpeers wrote:
//
//	node peers.js MODULES_DIR hands.json [ms]
//
// MODULES_DIR is the node_modules folder holding @kobalab/majiang-core and
// riichi. It prints one line per figure, as benchpeers does:
// "peer name ns-per-hand count check".
'use strict';

const path = require('path');
const fs = require('fs');

const [modules, handsFile, msArg] = process.argv.slice(2);
if (!modules || !handsFile) {
    console.error('usage: node peers.js MODULES_DIR hands.json [ms]');
    process.exit(2);
}
const budget = BigInt(Math.round(Number(msArg || 300) * 1e6));
const Majiang = require(path.join(modules, '@kobalab', 'majiang-core'));
const Riichi = require(path.join(modules, 'riichi'));
const hands = JSON.parse(fs.readFileSync(handsFile, 'utf8'));

// report times f over n items: five repeats of about budget each, the
// fastest kept, in CPU time (process.cpuUsage), as benchpeers does.
function report(peer, name, n, check, f) {
    // Warm up first (at least a second), so that the compiler has
    // optimised f: measured cold, majiang-core's hule is three times
    // slower than after a second of work.
    const warm = process.hrtime.bigint();
    const warmFor = budget > 1000000000n ? budget : 1000000000n;
    while (process.hrtime.bigint() - warm < warmFor) {
        for (let i = 0; i < n; i++) f(i);
    }
    let per = Infinity;
    for (let r = 0; r < 5; r++) {
        let rounds = 0;
        const start = process.hrtime.bigint();
        const cpu0 = process.cpuUsage();
        while (process.hrtime.bigint() - start < budget) {
            for (let i = 0; i < n; i++) f(i);
            rounds++;
        }
        const cpu = process.cpuUsage(cpu0);
        per = Math.min(per, (cpu.user + cpu.system) * 1000 / (rounds * n));
    }
    console.log(`${peer} ${name} ${per.toFixed(1)} ${n} ${check}`);
}

// majiang-core: Util.hule on parsed hands, then parsing included.
const rule = Majiang.rule();
const mj = hands.riichi.map(h => ({
    shoupai: Majiang.Shoupai.fromString(h.shoupai),
    rongpai: h.rongpai || null,
    param: Majiang.Util.hule_param({
        rule: rule,
        zhuangfeng: h.zhuangfeng, menfeng: h.menfeng, lizhi: h.lizhi,
        yifa: h.yifa, qianggang: h.qianggang, lingshang: h.lingshang,
        haidi: h.haidi, baopai: h.baopai,
    }),
    text: h.shoupai,
}));
const mjWins = mj.filter(h => Majiang.Util.hule(h.shoupai, h.rongpai, h.param)).length;
const score = i => {
    const h = mj[i];
    Majiang.Util.hule(h.shoupai, h.rongpai, h.param);
};
const parseScore = i => {
    const h = mj[i];
    Majiang.Util.hule(Majiang.Shoupai.fromString(h.text), h.rongpai, h.param);
};
// hule runs about three times faster once it has also seen freshly parsed
// hands: exercise both before timing either.
for (let r = 0; r < 30; r++) {
    for (let i = 0; i < mj.length; i++) {
        score(i);
        parseScore(i);
    }
}
report('majiang-core', 'riichi/score', mj.length, mjWins, score);
report('majiang-core', 'riichi/parse+score', mj.length, mjWins, parseScore);

// npm riichi parses in its constructor; calc() scores once per object.
const npmWins = hands.riichi.filter(h => new Riichi(h.riichi).calc().isAgari).length;
report('riichi', 'riichi/parse+score', hands.riichi.length, npmWins, i => {
    new Riichi(hands.riichi[i].riichi).calc();
});

// Shanten and waits: majiang-core's Util.xiangting and Util.tingpai.
const sh = hands.shanten.map(s => Majiang.Shoupai.fromString(s));
const tenpai = sh.filter(s => Majiang.Util.xiangting(s) === 0).length;
report('majiang-core', 'shanten', sh.length, tenpai, i => Majiang.Util.xiangting(sh[i]));
const wt = hands.waits.map(s => Majiang.Shoupai.fromString(s));
const nwaits = wt.reduce((n, s) => n + Majiang.Util.tingpai(s).length, 0);
report('majiang-core', 'waits', wt.length, nwaits, i => Majiang.Util.tingpai(wt[i]));
