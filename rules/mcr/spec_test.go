package mcr_test

import (
	"fmt"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/mcr"
	"jantaku/rules/tile"
)

// specExample is a worked example of spec/mcr.md §7 (S1–S28) or §8.4
// (O1–O20), in hand notation with the winning tile among the concealed
// tiles. Winds are "prevalent seat" as 1z–4z; the default is E S for the
// S examples and E E for the O examples.
type specExample struct {
	id    string
	hand  string
	win   string
	tsumo bool
	cond  string // last-copy, last-tile, replacement, robbing
	winds string
	fans  string // expected fans: names, "×n" counts, "a|b" for either
	total int
	// For S examples: the official column's total; for O examples < 0.
	official int
	pay      [3]int // discarder (or each payer on a self-draw), each other, winner's net; zero: no win
}

var simplifiedExamples = []specExample{
	{"S1", "234m345p456s55m78s9s", "9s", false, "", "", "三色三步高 平和 门前清", 10, 11, [3]int{18, 8, 34}},
	{"S2", "78s99p6s(pon 777z<1)(chi 123m<3)(chi 456p<3)", "6s", false, "last-copy", "", "箭刻 和绝张", 6, 6, [3]int{14, 8, 30}},
	{"S3", "345m66s78p9p(chi 234s<3)(chi 567m<3)", "9p", false, "", "", "平和", 2, 2, [3]int{}},
	{"S4", "1z1z(chi 123m<3)(pon 999p<1)(chi 456s<3)(chi 789s<3)", "1z", false, "", "2z3z", "全求人", 6, 8, [3]int{14, 8, 30}},
	{"S5", "22m55m77p33s88s66z9s9s", "9s", true, "", "", "七对 自摸", 25, 25, [3]int{33, 33, 99}},
	{"S6", "111m444p777s999m5z5z", "5z", true, "", "", "四暗刻 单钓将 自摸", 66, 68, [3]int{74, 74, 222}},
	{"S7", "11m99m11p99s11z55z7z7z", "7z", false, "", "", "混幺九 七对 五门齐", 62, 62, [3]int{70, 8, 86}},
	{"S8", "111m99p99s9p(pon 111z<1)(pon 999m<1)", "9p", false, "", "", "混幺九 圈风刻", 34, 36, [3]int{42, 8, 58}},
	{"S9", "123s234s345s99s78s6s", "6s", false, "", "", "清一色 一色三步高 平和 门前清", 44, 45, [3]int{52, 8, 68}},
	{"S10", "11m222m333m456p77s1m", "1m", false, "", "", "一色三同顺 平和 门前清", 28, 30, [3]int{36, 8, 52}},
	{"S11", "345m555m456p567s5p5p", "5p", false, "", "", "全带五 三色三步高 门前清 坎张|单钓将", 25, 27, [3]int{33, 8, 49}},
	{"S12", "123p234p888p555z9p9p", "9p", false, "", "", "推不倒 混一色 箭刻 门前清", 18, 20, [3]int{26, 8, 42}},
	{"S13", "678m789p666s99s77m7m", "7m", true, "", "", "大于五 不求人", 16, 20, [3]int{24, 24, 72}},
	{"S14", "777z666z234m5z5z(pon 888p<1)", "5z", false, "", "", "小三元 单钓将", 65, 68, [3]int{73, 8, 89}},
	{"S15", "19m19p19s1234567z1m", "1m", true, "", "", "十三幺 自摸", 89, 89, [3]int{97, 97, 291}},
	{"S16", "234m567p45s66s6s[ankan 8888m]", "6s", true, "replacement", "", "杠上开花 不求人 断幺", 14, 16, [3]int{22, 22, 66}},
	{"S17", "13p456m789s22z2p(pon 777z<1)", "2p", true, "last-tile last-copy", "1z1z", "花龙 妙手回春 五门齐 和绝张 箭刻 坎张", 29, 29, [3]int{37, 37, 111}},
	{"S18", "567m123p99m24s3s(chi 678p<3)", "3s", false, "robbing", "", "抢杠和 平和 坎张", 11, 11, [3]int{19, 8, 35}},
	{"S19", "1112345678999p5p", "5p", true, "", "", "九莲宝灯 自摸", 89, 91, [3]int{97, 97, 291}},
	{"S20", "1112345678999s1s", "1s", false, "", "", "九莲宝灯 清龙", 104, 106, [3]int{112, 8, 128}},
	{"S21", "234s234s666s888s2s2s", "2s", false, "", "", "绿一色 清一色 断幺 门前清", 116, 121, [3]int{124, 8, 140}},
	{"S22", "555z666z777z99s23m4m", "4m", false, "", "", "大三元 门前清", 90, 107, [3]int{98, 8, 114}},
	{"S23", "111z222z333z444z5m5m", "5m", true, "", "", "大四喜 四暗刻 混一色 单钓将 自摸", 160, 160, [3]int{168, 168, 504}},
	{"S24", "12m456p789s345s88p3m", "3m", false, "", "", "花龙 平和 门前清 边张", 13, 13, [3]int{21, 8, 37}},
	{"S25", "12333m456p789s88p3m", "3m", false, "", "", "花龙 门前清", 10, 13, [3]int{18, 8, 34}},
	{"S26", "234m567s88p45p6p(pon 555z<1)", "6p", false, "last-tile", "", "海底捞月 箭刻", 10, 10, [3]int{18, 8, 34}},
	{"S27", "45s22z6s(chi 234m<3)(chi 567p<3)(pon 888s<1)", "6s", false, "", "1z1z", "", 0, 8, [3]int{}},
	{"S28", "777p45s55z6s(chi 234m<3)(pon 111z<1)", "6s", false, "", "2z3z", "五门齐", 6, 7, [3]int{14, 8, 30}},
}

var officialExamples = []specExample{
	{"O1", "45s22z6s(chi 234m<3)(chi 567p<3)(pon 888s<1)1f2f", "6s", false, "", "", "无番和 花牌×2", 10, -1, [3]int{18, 8, 34}},
	{"O2", "777p45s55z6s(chi 234m<3)(pon 111z<1)1f2f3f", "6s", false, "", "2z3z", "五门齐 幺九刻 花牌×3", 10, -1, [3]int{}},
	{"O3", "123m789m123p789p7z7z", "7z", false, "", "", "全带幺 门前清 喜相逢×2 老少副 缺一门 单钓将", 11, -1, [3]int{19, 8, 35}},
	{"O4", "147m258p369s1234z5z", "5z", false, "", "", "全不靠 组合龙", 24, -1, [3]int{32, 8, 48}},
	{"O5", "1234567z147m25p3s6s", "6s", true, "", "", "七星不靠 自摸", 25, -1, [3]int{33, 33, 99}},
	{"O6", "147m258p369s777z9p9p", "9p", false, "", "", "组合龙 箭刻 门前清 单钓将", 17, -1, [3]int{25, 8, 41}},
	{"O7", "123s123s789s789s5s5s", "5s", false, "", "", "一色双龙会 门前清 单钓将", 67, -1, [3]int{75, 8, 91}},
	{"O8", "2233445566778m8m", "8m", true, "", "", "连七对 断幺 自摸", 91, -1, [3]int{99, 99, 297}},
	{"O9", "9s9s(kan 2222m<2)[ankan 5555p](kan 1111z<2)(kan 7777s<2)", "9s", false, "", "1z2z", "四杠 圈风刻", 90, -1, [3]int{98, 8, 114}},
	{"O10", "444p666s2p2p(pon 222m<1)(pon 888s<1)", "2p", false, "", "", "全双刻 双暗刻", 26, -1, [3]int{34, 8, 50}},
	{"O11", "111z222z333z5m5m(chi 789p<3)", "5m", false, "", "2z4z", "三暗刻 三风刻 圈风刻 缺一门 单钓将", 32, -1, [3]int{40, 8, 56}},
	{"O12", "1112345678999s1s", "1s", false, "", "", "九莲宝灯 清龙 四归一", 106, -1, [3]int{114, 8, 130}},
	{"O13", "123p234p345p456p7z7z1f2f", "7z", true, "", "", "一色四步高 混一色 不求人 单钓将 花牌×2", 45, -1, [3]int{53, 53, 159}},
	{"O14", "333m333p333s567s7z7z", "7z", true, "", "", "三同刻 三暗刻 不求人 单钓将", 37, -1, [3]int{45, 45, 135}},
	{"O15", "45m88s6m[ankan 5555z][ankan 6666z](chi 123p<3)", "6m", false, "", "", "双暗杠 双箭刻", 14, -1, [3]int{22, 8, 38}},
	{"O16", "234s234s234s234s8m8m", "8m", false, "", "", "一色四同顺 门前清 平和 断幺 缺一门 单钓将", 56, -1, [3]int{64, 8, 80}},
	{"O17", "1122446688999p9p", "9p", false, "", "", "七对 清一色 四归一", 50, -1, [3]int{58, 8, 74}},
	{"O18", "345p345s34m55s5m(pon 555m<1)", "5m", false, "", "", "全带五 三色三同顺 和绝张 四归一", 30, -1, [3]int{38, 8, 54}},
	{"O19", "123m456m789m123m5z5z", "5z", false, "", "", "清龙 混一色 门前清 一般高 单钓将", 26, -1, [3]int{34, 8, 50}},
	{"O20", "5z5z(chi 123m<3)(pon 999p<1)(chi 456s<3)(chi 789s<3)", "5z", true, "", "", "自摸 单钓将 连六 幺九刻", 4, -1, [3]int{}},
}

// officialColumn: the official fans of the S examples as §7's last
// column states them ("+连六": the simplified fans and 连六). Examples with
// the same total in both presets score the same fans; S14 and S21 give a
// total only.
var officialColumn = map[string]string{
	"S1":  "三色三步高 平和 门前清 连六",
	"S4":  "全求人 连六 幺九刻",
	"S6":  "四暗刻 单钓将 自摸 幺九刻×2",
	"S8":  "混幺九 圈风刻 双同刻",
	"S9":  "清一色 一色三步高 平和 门前清 连六",
	"S10": "一色三节高 门前清 双暗刻 幺九刻 无字",
	"S11": "全带五 三色三步高 门前清 坎张|单钓将 四归一",
	"S12": "推不倒 混一色 箭刻 门前清 双暗刻",
	"S13": "大于五 不求人 四归一 双暗刻",
	"S16": "杠上开花 不求人 断幺 暗杠",
	"S19": "九莲宝灯 自摸 双暗刻",
	"S20": "九莲宝灯 清龙 四归一",
	"S22": "大三元 门前清 三暗刻 缺一门",
	"S25": "花龙 门前清 四归一 无字",
	"S27": "无番和",
	"S28": "五门齐 幺九刻",
}

func kindOf(t *testing.T, s string) tile.Kind {
	t.Helper()
	ts, err := tile.Parse(s)
	if err != nil || len(ts) != 1 {
		t.Fatalf("tile %q: %v", s, err)
	}
	return ts[0].Kind
}

func (e specExample) conditions(t *testing.T, prevalent, seat tile.Kind) mcr.Conditions {
	t.Helper()
	if e.winds != "" {
		prevalent, seat = kindOf(t, e.winds[:2]), kindOf(t, e.winds[2:])
	}
	return mcr.Conditions{
		Win: kindOf(t, e.win), SelfDrawn: e.tsumo,
		LastCopy:    strings.Contains(e.cond, "last-copy"),
		LastTile:    strings.Contains(e.cond, "last-tile"),
		Replacement: strings.Contains(e.cond, "replacement"),
		Robbing:     strings.Contains(e.cond, "robbing"),
		Prevalent:   prevalent, Seat: seat,
	}
}

// checkFans compares r's fans with the expected list.
func checkFans(t *testing.T, id string, r mcr.Result, want string) {
	t.Helper()
	got := map[mcr.Fan]int{}
	for _, s := range r.Fans {
		got[s.Fan] = s.Count
	}
	for _, w := range strings.Fields(want) {
		n := 1
		if i := strings.Index(w, "×"); i >= 0 {
			fmt.Sscan(w[i+len("×"):], &n)
			w = w[:i]
		}
		found := false
		for _, alt := range strings.Split(w, "|") {
			f, ok := mcr.ParseFan(alt)
			if !ok {
				t.Fatalf("%s: unknown fan %q in the test", id, alt)
			}
			if got[f] == n && !found {
				found = true
				delete(got, f)
			}
		}
		if !found {
			t.Errorf("%s: %s not scored ×%d; got %v", id, w, n, r.Fans)
		}
	}
	for f, n := range got {
		t.Errorf("%s: %s ×%d scored, not expected; got %v", id, f, n, r.Fans)
	}
}

func checkPay(t *testing.T, e specExample, r mcr.Result, o mcr.Options) {
	t.Helper()
	if e.pay == [3]int{} {
		if r.Winning {
			t.Errorf("%s: %d points win, want no win (minimum %d)", e.id, r.Points, o.Minimum)
		}
		return
	}
	if !r.Winning {
		t.Fatalf("%s: %d points do not win (minimum %d)", e.id, r.Points, o.Minimum)
	}
	from := game.Seat(1)
	if e.tsumo {
		from = game.NoSeat
	}
	ps := mcr.Payments(4, 0, from, r.Total, o.Base)
	net := mcr.Net(4, ps)
	if -net[1] != e.pay[0] || -net[2] != e.pay[1] || -net[3] != e.pay[1] || net[0] != e.pay[2] {
		t.Errorf("%s: net %v, want payer %d, others %d, winner +%d", e.id, net, e.pay[0], e.pay[1], e.pay[2])
	}
}

func TestSimplifiedExamples(t *testing.T) {
	for _, e := range simplifiedExamples {
		t.Run(e.id, func(t *testing.T) {
			h, err := mcr.ParseHand(e.hand)
			if err != nil {
				t.Fatal(err)
			}
			cond := e.conditions(t, tile.East, tile.South)
			o := mcr.Simplified()
			r, err := mcr.Score(h, cond, o)
			if err != nil {
				t.Fatal(err)
			}
			if r.Total != e.total {
				t.Errorf("%s: simplified total %d, want %d: %v", e.id, r.Total, e.total, r.Fans)
			}
			checkFans(t, e.id, r, e.fans)
			checkPay(t, e, r, o)
			ro, err := mcr.Score(h, cond, mcr.Official())
			if err != nil {
				t.Fatal(err)
			}
			if ro.Total != e.official {
				t.Errorf("%s: official total %d, want %d: %v", e.id, ro.Total, e.official, ro.Fans)
			}
			if fans, ok := officialColumn[e.id]; ok {
				checkFans(t, e.id+" official", ro, fans)
			} else if e.official == e.total {
				checkFans(t, e.id+" official", ro, e.fans)
			}
		})
	}
}

func TestOfficialExamples(t *testing.T) {
	for _, e := range officialExamples {
		t.Run(e.id, func(t *testing.T) {
			h, err := mcr.ParseHand(e.hand)
			if err != nil {
				t.Fatal(err)
			}
			o := mcr.Official()
			r, err := mcr.Score(h, e.conditions(t, tile.East, tile.East), o)
			if err != nil {
				t.Fatal(err)
			}
			if r.Total != e.total {
				t.Errorf("%s: total %d, want %d: %v", e.id, r.Total, e.total, r.Fans)
			}
			checkFans(t, e.id, r, e.fans)
			checkPay(t, e, r, o)
		})
	}
}

// O15 under the 1998 edition: 双暗杠 6 (D-MC-11).
func TestEdition1998(t *testing.T) {
	h, _ := mcr.ParseHand("45m88s6m[ankan 5555z][ankan 6666z](chi 123p<3)")
	o := mcr.Official()
	o.Edition = mcr.EditionCN1998
	r, err := mcr.Score(h, mcr.Conditions{Win: tile.M6, Prevalent: tile.East, Seat: tile.East}, o)
	if err != nil || r.Total != 12 || o.Points(mcr.TwoConcealedKongs) != 6 || mcr.Official().Points(mcr.TwoConcealedKongs) != 8 {
		t.Fatalf("O15 cn1998: %v %v, want 12", r.Fans, err)
	}
}

// O7 in the simplified preset: read as 七対 24 + 清一色 24 = 48 (no 一色双龙会).
func TestO7Simplified(t *testing.T) {
	h, _ := mcr.ParseHand("123s123s789s789s5s5s")
	r, err := mcr.Score(h, mcr.Conditions{Win: tile.S5, Prevalent: tile.East, Seat: tile.East}, mcr.Simplified())
	if err != nil {
		t.Fatal(err)
	}
	checkFans(t, "O7 simplified", r, "七对 清一色")
	if r.Total != 48 {
		t.Errorf("O7 simplified: %d, want 48", r.Total)
	}
}

// D-MC-15: a kind whose four copies the winner holds is not a wait; with
// 444m melded, 1234m waits on 1m only and the win is a single wait.
func TestWaitsCountOwnCopies(t *testing.T) {
	for _, tc := range []struct {
		hand   string
		single int
	}{
		{"1234m456p789s1m(pon 444m<1)", 1},
		{"1234m456p789s1m(pon 555z<1)", 0}, // waits 1m and 4m
	} {
		h, _ := mcr.ParseHand(tc.hand)
		r, err := mcr.Score(h, mcr.Conditions{Win: tile.M1, Prevalent: tile.East, Seat: tile.East}, mcr.Official())
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Has(mcr.SingleWait); got != tc.single {
			t.Errorf("%s: 单钓将 ×%d, want ×%d: %v", tc.hand, got, tc.single, r.Fans)
		}
	}
}

// spec §4.2: 和绝张 is impossible when the winner holds another copy,
// whatever the table says.
func TestLastTileNotWithAHeldCopy(t *testing.T) {
	h, _ := mcr.ParseHand("78s99p666s6s(pon 777z<1)(chi 123m<3)")
	c := mcr.Conditions{Win: tile.S6, LastCopy: true, Prevalent: tile.East, Seat: tile.South}
	r, err := mcr.Score(h, c, mcr.Official())
	if err != nil {
		t.Fatal(err)
	}
	if r.Has(mcr.LastTile) != 0 {
		t.Errorf("和绝张 with three more copies held: %v", r.Fans)
	}
}
