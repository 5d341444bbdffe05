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
    "seat": "{0}家", "seat.login": "{0}番席", "you": "あなた", "riichi": "立直", "tiles": "{0}枚", "melds": "副露", "pond": "河", "flowers": "花牌",
    "phase.waiting": "対局開始待ち", "phase.setup": "配牌", "phase.draw": "ツモ", "phase.act": "打牌", "phase.claims": "鳴き確認", "phase.over": "局終了",
    "claim": "{0}の打牌に鳴き確認中", "rank": "{0}位", "gameover": "対局終了",
    "end.won": "和了", "end.exhausted": "流局", "end.aborted": "途中流局", "end.chombo": "チョンボ",
    "ron": "ロン", "tsumo": "ツモ", "from": "{0}の放銃", "robbed": "槍槓",
    "result": "結果", "payments": "支払い", "totals": "持ち点", "points": "{0}点", "pot.name": "供託", "ready": "聴牌", "noten": "不聴",
    "diff": "差", "delay": "{0}秒遅延配信", "offline": "接続なし", "connecting": "接続中…", "refused": "接続拒否: {0}", "denied": "購読拒否: {0}", "tableoff": "卓がオフライン",
    "machine": "機械", "machine.ok": "正常",
    "mphase.idle": "待機", "mphase.mixing": "洗牌中", "mphase.building": "牌山作成中", "mphase.census": "牌を確認中", "mphase.ready": "準備完了", "mphase.raising": "牌山上昇中", "mphase.walls-up": "対局中", "mphase.lowering": "下降中", "mphase.faulted": "故障",
    "help.E101": "モーターが止まりました（{side}）。詰まっているものを取り除いてから、スタートを押してください。",
    "help.E102": "{side}の送り口で牌が詰まっています。ふたを開けて牌を取り除き、ふたを閉めてスタートを押してください。",
    "help.E103": "牌が足りません。卓の上やトレイに残っている牌を入れてから、スタートを押してください。",
    "help.E104": "牌の読み取り装置（{side}）が応答しません。係員を呼んでください。",
    "help.E105": "ふたが開いています。閉じてからスタートを押してください。",
    "help.E106": "牌のセットが揃っていません。表示された牌を探すか取り除いて、スタートを押してください。",
    "help.E107": "モーター制御基板が応答しません。係員を呼んでください。",
    "help.E108": "非常停止ボタンが押されています。安全を確かめてから解除し、スタートを押してください。",
    "help.E109": "スイッチまたはその配線に異常があります。係員を呼んでください。",
    "help.E110": "モーター電源の制御に異常があります。係員を呼んでください。",
    "help.unknown": "係員を呼んでください。",
    "side": "{0}側",
    "win": "和了", "chi": "チー", "pon": "ポン", "kan": "カン", "pass": "パス", "ok": "OK", "cancel": "取消",
    "draw": "ツモる", "discard": "打牌", "missing": "欠色", "flower": "花牌", "kita": "北抜き", "kita.label": "抜き", "kita.title": "北抜き（抜きドラ）", "wildkan": "賴子槓", "abort": "九種九牌", "tap": "捨てる牌をタップ", "choose.missing": "欠ける色を選んでください", "choose.reading": "どちらのつもりでしたか？", "reading": "選択",
    "suit.characters": "萬子", "suit.circles": "筒子", "suit.bamboo": "索子",
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
    "seat": "{0}家", "seat.login": "{0}号座位", "you": "你", "riichi": "立直", "tiles": "{0}张", "melds": "副露", "pond": "牌河", "flowers": "花牌",
    "phase.waiting": "等待开局", "phase.setup": "配牌", "phase.draw": "摸牌", "phase.act": "出牌", "phase.claims": "等待吃碰杠和", "phase.over": "本局结束",
    "claim": "{0}打出，等待吃碰杠和", "rank": "第{0}", "gameover": "全场结束",
    "end.won": "和牌", "end.exhausted": "荒牌流局", "end.aborted": "中途流局", "end.chombo": "错和",
    "ron": "点和", "tsumo": "自摸", "from": "{0}点炮", "robbed": "抢杠",
    "result": "结算", "payments": "支付", "totals": "总分", "points": "{0}分", "pot.name": "场供", "ready": "听牌", "noten": "未听",
    "diff": "分差", "delay": "延迟 {0} 秒直播", "offline": "未连接", "connecting": "连接中…", "refused": "连接被拒: {0}", "denied": "订阅被拒: {0}", "tableoff": "牌桌离线",
    "machine": "机器", "machine.ok": "正常",
    "mphase.idle": "待机", "mphase.mixing": "洗牌中", "mphase.building": "码牌中", "mphase.census": "清点中", "mphase.ready": "就绪", "mphase.raising": "升牌中", "mphase.walls-up": "对局中", "mphase.lowering": "降牌中", "mphase.faulted": "故障",
    "help.E101": "电机停住了（{side}）。请清除卡住的东西，然后按开始。",
    "help.E102": "牌卡在{side}入口。请打开盖子取出牌，关上盖子后按开始。",
    "help.E103": "牌数不够。请把桌上或托盘里剩下的牌放进去，然后按开始。",
    "help.E104": "读牌器（{side}）没有响应。请叫工作人员。",
    "help.E105": "盖子开着。请关上后按开始。",
    "help.E106": "这副牌不齐。请找出或取出所显示的牌，然后按开始。",
    "help.E107": "电机驱动板没有响应。请叫工作人员。",
    "help.E108": "紧急停止按钮已按下。确认安全后松开，然后按开始。",
    "help.E109": "开关或其接线有故障。请叫工作人员。",
    "help.E110": "电机电源控制出现故障。请叫工作人员。",
    "help.unknown": "请叫工作人员。",
    "side": "{0}侧",
    "win": "和", "chi": "吃", "pon": "碰", "kan": "杠", "pass": "过", "ok": "确认", "cancel": "取消",
    "draw": "摸牌", "discard": "出牌", "missing": "定缺", "flower": "补花", "kita": "拔北", "kita.label": "拔北", "kita.title": "拔北（北宝牌）", "wildkan": "癞子杠", "abort": "九种九牌", "tap": "点一张牌打出", "choose.missing": "请选择缺哪一门", "choose.reading": "你是指哪一个？", "reading": "选择",
    "suit.characters": "万", "suit.circles": "筒", "suit.bamboo": "条",
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
    "seat": "{0}", "seat.login": "Seat {0}", "you": "You", "riichi": "Riichi", "tiles": "{0} tiles", "melds": "Melds", "pond": "Discards", "flowers": "Flowers",
    "phase.waiting": "Waiting to start", "phase.setup": "Dealing", "phase.draw": "To draw", "phase.act": "To discard", "phase.claims": "Claims open", "phase.over": "Hand over",
    "claim": "Claims on {0}'s discard", "rank": "#{0}", "gameover": "Game over",
    "end.won": "Win", "end.exhausted": "Exhaustive draw", "end.aborted": "Abortive draw", "end.chombo": "Chombo",
    "ron": "Ron", "tsumo": "Self-drawn", "from": "dealt in by {0}", "robbed": "robbing a kong",
    "result": "Result", "payments": "Payments", "totals": "Scores", "points": "{0} pts", "pot.name": "Pot", "ready": "Ready", "noten": "Not ready",
    "diff": "Diff", "delay": "Delayed {0} s", "offline": "Not connected", "connecting": "Connecting…", "refused": "Refused: {0}", "denied": "Subscription refused: {0}", "tableoff": "Table offline",
    "machine": "Machine", "machine.ok": "OK",
    "mphase.idle": "Idle", "mphase.mixing": "Mixing", "mphase.building": "Building walls", "mphase.census": "Checking the tiles", "mphase.ready": "Ready", "mphase.raising": "Raising walls", "mphase.walls-up": "Playing", "mphase.lowering": "Lowering", "mphase.faulted": "Fault",
    "help.E101": "A motor stopped ({side}). Clear what blocks it, then press Start.",
    "help.E102": "A tile is stuck at the {side} wall's gate. Open the lid, take it out, close the lid and press Start.",
    "help.E103": "Tiles are missing. Put any tiles left on the table or in the tray in, then press Start.",
    "help.E104": "A tile reader ({side}) does not answer. Call the staff.",
    "help.E105": "The lid is open. Close it, then press Start.",
    "help.E106": "The tile set is not complete. Find or remove the tiles named, then press Start.",
    "help.E107": "The motor driver board does not answer. Call the staff.",
    "help.E108": "The emergency stop is pressed. When it is safe, release it, then press Start.",
    "help.E109": "A switch or its wiring is faulty. Call the staff.",
    "help.E110": "The motor power control failed. Call the staff.",
    "help.unknown": "Call the staff.",
    "side": "{0}",
    "win": "Win", "chi": "Chi", "pon": "Pon", "kan": "Kan", "pass": "Pass", "ok": "OK", "cancel": "Cancel",
    "draw": "Draw", "discard": "Discard", "missing": "Missing suit", "flower": "Flower", "kita": "Kita", "kita.label": "Kita", "kita.title": "Kita: set a north aside (dora)", "wildkan": "Wildcard kong", "abort": "Nine orphans draw", "tap": "Tap a tile to discard it", "choose.missing": "Choose the suit you give up", "choose.reading": "Which did you mean?", "reading": "Choice",
    "suit.characters": "Characters", "suit.circles": "Dots", "suit.bamboo": "Bamboo",
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
