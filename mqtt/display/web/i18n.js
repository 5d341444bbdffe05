// Labels in Japanese, Chinese (simplified) and English. JT.t(key, ...args)
// fills {0}, {1}... Machine error codes have a plain-language help text
// under "help.<code>".
(() => {
"use strict";
const JT = window.JT || (window.JT = {});

const L = {
  ja: {
    "lang": "日本語",
    "wind.1z": "東", "wind.2z": "南", "wind.3z": "西", "wind.4z": "北",
    "round": "{0}{1}局", "honba": "{0}本場", "pot": "供託 {0}", "dealer": "親",
    "dice": "サイコロ", "wall": "残り {0}枚", "turn": "手番", "last": "直前の打牌",
    "indicator": "表示牌", "indicator.dora": "ドラ表示牌", "indicator.wild": "賴子表示牌",
    "seat": "{0}家", "you": "あなた", "riichi": "立直", "tiles": "{0}枚", "melds": "副露", "pond": "河", "flowers": "花牌",
    "phase.waiting": "対局開始待ち", "phase.setup": "配牌", "phase.draw": "ツモ", "phase.act": "打牌", "phase.claims": "鳴き確認", "phase.over": "局終了",
    "claim": "{0}の打牌に鳴き確認中", "rank": "{0}位", "gameover": "対局終了",
    "end.won": "和了", "end.exhausted": "流局", "end.aborted": "途中流局", "end.chombo": "チョンボ",
    "ron": "ロン", "tsumo": "ツモ", "from": "{0}の放銃", "robbed": "槍槓",
    "result": "結果", "payments": "支払い", "totals": "持ち点", "points": "{0}点", "pot.name": "供託", "ready": "聴牌", "noten": "不聴",
    "diff": "差", "delay": "{0}秒遅延配信", "offline": "接続なし", "connecting": "接続中…", "refused": "接続拒否: {0}", "denied": "購読拒否: {0}", "tableoff": "卓がオフライン",
    "machine": "機械", "machine.ok": "正常",
    "mphase.idle": "待機", "mphase.mixing": "洗牌中", "mphase.stacking": "牌山作成中", "mphase.raising": "牌山上昇中", "mphase.lowering": "下降中", "mphase.ready": "準備完了", "mphase.paused": "一時停止", "mphase.fault": "故障",
    "help.motor_stall": "モーターが止まっています。ふたを開け、詰まった牌を取り除いてからOKを押してください。",
    "help.conveyor_jam": "牌が送り口で詰まっています。{side}の送り口の牌を取り除いてください。",
    "help.tile_missing": "牌が足りません。床や卓の隅に落ちていないか確認してください。",
    "help.tile_foreign": "別のセットの牌が混ざっています。中央の穴から取り出してください。",
    "help.tile_duplicate": "同じ牌が二枚読まれました。牌の登録を確認してください。",
    "help.reader_fault": "牌の読み取り装置が応答しません。係員を呼んでください。",
    "help.lid_open": "ふたが開いています。閉じてください。",
    "help.lift_limit": "牌山の昇降が止まりました。卓の上の物をどけてからOKを押してください。",
    "help.census_failed": "牌の数が合いません。係員を呼んでください。",
    "help.unknown": "係員を呼んでください。",
    "side": "{0}側",
    "win": "和了", "chi": "チー", "pon": "ポン", "kan": "カン", "pass": "パス", "ok": "OK", "cancel": "取消",
    "choose": "牌を選んでください", "sent": "送信しました", "rejected": "却下: {0}",
    "learner": "学習モード", "shanten": "{0}向聴", "tenpai": "聴牌", "complete": "和了形", "waits": "待ち", "improve": "有効牌", "left": "残り{0}枚", "discard.best": "打牌候補",
    "login": "ログイン", "user": "ユーザー名", "password": "パスワード", "spectator": "観戦", "centre": "卓表示",
  },
  zh: {
    "lang": "中文",
    "wind.1z": "东", "wind.2z": "南", "wind.3z": "西", "wind.4z": "北",
    "round": "{0}风第{1}局", "honba": "连庄 {0}", "pot": "场供 {0}", "dealer": "庄",
    "dice": "骰子", "wall": "剩余 {0} 张", "turn": "轮到", "last": "最后打出",
    "indicator": "指示牌", "indicator.dora": "宝牌指示牌", "indicator.wild": "癞子指示牌",
    "seat": "{0}家", "you": "你", "riichi": "立直", "tiles": "{0}张", "melds": "副露", "pond": "牌河", "flowers": "花牌",
    "phase.waiting": "等待开局", "phase.setup": "配牌", "phase.draw": "摸牌", "phase.act": "出牌", "phase.claims": "等待吃碰杠和", "phase.over": "本局结束",
    "claim": "{0}打出，等待吃碰杠和", "rank": "第{0}", "gameover": "全场结束",
    "end.won": "和牌", "end.exhausted": "荒牌流局", "end.aborted": "中途流局", "end.chombo": "错和",
    "ron": "点和", "tsumo": "自摸", "from": "{0}点炮", "robbed": "抢杠",
    "result": "结算", "payments": "支付", "totals": "总分", "points": "{0}分", "pot.name": "场供", "ready": "听牌", "noten": "未听",
    "diff": "分差", "delay": "延迟 {0} 秒直播", "offline": "未连接", "connecting": "连接中…", "refused": "连接被拒: {0}", "denied": "订阅被拒: {0}", "tableoff": "牌桌离线",
    "machine": "机器", "machine.ok": "正常",
    "mphase.idle": "待机", "mphase.mixing": "洗牌中", "mphase.stacking": "码牌中", "mphase.raising": "升牌中", "mphase.lowering": "降牌中", "mphase.ready": "就绪", "mphase.paused": "暂停", "mphase.fault": "故障",
    "help.motor_stall": "电机卡住了。请打开盖子，取出卡住的牌，然后按确认。",
    "help.conveyor_jam": "牌卡在入口。请取出{side}入口处的牌。",
    "help.tile_missing": "少了牌。请检查地上和桌角。",
    "help.tile_foreign": "混入了别的一副牌。请从中间的洞口取出。",
    "help.tile_duplicate": "同一张牌被读到两次。请检查牌的登记。",
    "help.reader_fault": "读牌器没有响应。请叫工作人员。",
    "help.lid_open": "盖子开着。请关上。",
    "help.lift_limit": "牌墙升降停住了。请移开桌上的东西，然后按确认。",
    "help.census_failed": "牌数不对。请叫工作人员。",
    "help.unknown": "请叫工作人员。",
    "side": "{0}侧",
    "win": "和", "chi": "吃", "pon": "碰", "kan": "杠", "pass": "过", "ok": "确认", "cancel": "取消",
    "choose": "请选择一张牌", "sent": "已发送", "rejected": "被拒绝: {0}",
    "learner": "学习模式", "shanten": "{0}向听", "tenpai": "听牌", "complete": "和牌型", "waits": "听", "improve": "进张", "left": "剩{0}张", "discard.best": "推荐打法",
    "login": "登录", "user": "用户名", "password": "密码", "spectator": "观战", "centre": "桌面显示",
  },
  en: {
    "lang": "English",
    "wind.1z": "East", "wind.2z": "South", "wind.3z": "West", "wind.4z": "North",
    "round": "{0} {1}", "honba": "{0} bonus", "pot": "Pot {0}", "dealer": "Dealer",
    "dice": "Dice", "wall": "{0} tiles left", "turn": "Turn", "last": "Last discard",
    "indicator": "Indicators", "indicator.dora": "Dora indicators", "indicator.wild": "Wildcard indicator",
    "seat": "{0}", "you": "You", "riichi": "Riichi", "tiles": "{0} tiles", "melds": "Melds", "pond": "Discards", "flowers": "Flowers",
    "phase.waiting": "Waiting to start", "phase.setup": "Dealing", "phase.draw": "To draw", "phase.act": "To discard", "phase.claims": "Claims open", "phase.over": "Hand over",
    "claim": "Claims on {0}'s discard", "rank": "#{0}", "gameover": "Game over",
    "end.won": "Win", "end.exhausted": "Exhaustive draw", "end.aborted": "Abortive draw", "end.chombo": "Chombo",
    "ron": "Ron", "tsumo": "Self-drawn", "from": "dealt in by {0}", "robbed": "robbing a kong",
    "result": "Result", "payments": "Payments", "totals": "Scores", "points": "{0} pts", "pot.name": "Pot", "ready": "Ready", "noten": "Not ready",
    "diff": "Diff", "delay": "Delayed {0} s", "offline": "Not connected", "connecting": "Connecting…", "refused": "Refused: {0}", "denied": "Subscription refused: {0}", "tableoff": "Table offline",
    "machine": "Machine", "machine.ok": "OK",
    "mphase.idle": "Idle", "mphase.mixing": "Mixing", "mphase.stacking": "Building walls", "mphase.raising": "Raising walls", "mphase.lowering": "Lowering", "mphase.ready": "Ready", "mphase.paused": "Paused", "mphase.fault": "Fault",
    "help.motor_stall": "A motor is stuck. Open the lid, remove the jammed tile, then press OK.",
    "help.conveyor_jam": "A tile is stuck at the {side} wall's gate. Take it out.",
    "help.tile_missing": "A tile is missing. Look on the floor and in the table's corners.",
    "help.tile_foreign": "A tile from another set is in the machine. Take it out through the centre hole.",
    "help.tile_duplicate": "The same tile was read twice. Check the tile registration.",
    "help.reader_fault": "A tile reader does not answer. Call the staff.",
    "help.lid_open": "The lid is open. Close it.",
    "help.lift_limit": "A wall lift stopped. Clear the table surface, then press OK.",
    "help.census_failed": "The tile count is wrong. Call the staff.",
    "help.unknown": "Call the staff.",
    "side": "{0}",
    "win": "Win", "chi": "Chi", "pon": "Pon", "kan": "Kan", "pass": "Pass", "ok": "OK", "cancel": "Cancel",
    "choose": "Choose a tile", "sent": "Sent", "rejected": "Rejected: {0}",
    "learner": "Learner", "shanten": "{0}-shanten", "tenpai": "Ready (tenpai)", "complete": "Complete", "waits": "Waits", "improve": "Improving tiles", "left": "{0} left", "discard.best": "Discards",
    "login": "Log in", "user": "User name", "password": "Password", "spectator": "Spectator", "centre": "Table screen",
  },
};

const params = new URLSearchParams(location.search);
let lang = params.get("lang") || localStorage.getItem("jantaku.lang") || "";
JT.langs = Object.keys(L);

JT.setLang = function (l, remember) {
  if (!L[l]) return;
  lang = l;
  document.documentElement.lang = l === "zh" ? "zh-Hans" : l;
  if (remember) localStorage.setItem("jantaku.lang", l);
};
JT.lang = () => lang;
JT.t = function (key, ...args) {
  let s = (L[lang] && L[lang][key]) ?? L.en[key] ?? key;
  return s.replace(/\{(\d)\}/g, (_, i) => args[+i] ?? "");
};
JT.has = (key) => L.en[key] !== undefined;
// JT.windName is the name of a seat or round wind ("1z".."4z").
JT.windName = (w) => JT.t("wind." + w);
JT.initLang = function (fallback) {
  if (!L[lang]) lang = L[fallback] ? fallback : "ja";
  JT.setLang(lang, false);
};
})();
