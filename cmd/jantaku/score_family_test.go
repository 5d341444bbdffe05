package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// familyCase is one hand of a spec's worked examples: the command line,
// and what the output must hold (the amounts worked out from the spec,
// not from this program).
type familyCase struct {
	name string
	args []string
	want []string
}

func runFamilyCases(t *testing.T, cases []familyCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runArgs(t, "", append([]string{"score"}, c.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

// spec/mcr.md §7 and §8.4. Payments (§6): a discarder pays s + 8, the
// other two 8; on a tsumo everyone pays s + 8.
func TestScoreMCR(t *testing.T) {
	runFamilyCases(t, []familyCase{
		// S1: 三色三歩高 6, 平和 2, 門前清 2 = 10; seat S, so the
		// discarder by default is E: 18 / 8 / 8, winner +34.
		{"S1", []string{"--rules", "mcr/simplified", "234m345p456s55m78s9s"},
			[]string{"三色三步高", "Mixed Shifted Chows", "平和", "门前清", "10 points", "E pays S 18", "W pays S 8", "N pays S 8", "total: S +34"}},
		// S17: 花龍 8, 妙手回春 8, 五門斉 6, 和絶張 4, 箭刻 2, 坎張 1 = 29,
		// self-drawn by the dealer: 37 each, +111.
		{"S17", []string{"--rules", "mcr/simplified", "(pon 777z<1) 13p456m789s22z", "--win", "2p", "--tsumo",
			"--last-tile", "--last-copy", "--seat", "E"},
			[]string{"花龙", "妙手回春", "和绝张", "坎张", "29 points", "S pays E 37", "W pays E 37", "N pays E 37", "total: E +111"}},
		// O1: 无番和 8 and 2 flowers = 10 (official preset, seat E): the
		// discarder (N, E's 上家) 18, the others 8, +34.
		{"O1", []string{"--rules", "mcr", "(chi 234m<3)(chi 567p<3)(pon 888s<1) 45s22z 1f2f", "--win", "6s", "--seat", "E"},
			[]string{"无番和", "花牌", "1×2", "10 points (8 + 2 flowers)", "N pays E 18", "S pays E 8", "total: E +34"}},
		// O15: 双暗杠 8 (WMO) + 双箭刻 6 = 14: 22 / 8 / 8, +38; the 1998
		// edition values 双暗杠 6: 12, so the discarder pays 20.
		{"O15", []string{"--rules", "mcr/official", "[ankan 5555z][ankan 6666z](chi 123p<3) 45m88s", "--win", "6m", "--seat", "E"},
			[]string{"双暗杠", "14 points", "N pays E 22", "total: E +38"}},
		{"O15 cn1998", []string{"--rules", "mcr/official", "[ankan 5555z][ankan 6666z](chi 123p<3) 45m88s", "--win", "6m", "--seat", "E",
			"--set", "mcr_edition=cn1998"},
			[]string{"12 points", "N pays E 20", "total: E +36"}},
	})
	// O2: 五门齐 6 + 幺九刻 1 = 7 < 8 before flowers: cannot win.
	code, _, errs := runArgs(t, "", "score", "--rules", "mcr", "(chi 234m<3)(pon 111z<1) 777p45s55z 1f2f3f", "--win", "6s", "--seat", "W", "--round", "S")
	if code != 1 || !strings.Contains(errs, "below the minimum: 7 fan points") || !strings.Contains(errs, "needs 8") {
		t.Errorf("O2: exit %d, %s", code, errs)
	}
	// S28, the same hand under the seed's rule without the flowers: 6, just enough.
	code, out, errs := runArgs(t, "", "score", "--rules", "mcr/simplified", "(chi 234m<3)(pon 111z<1) 777p45s55z", "--win", "6s", "--seat", "W", "--round", "S")
	if code != 0 || !strings.Contains(out, "6 points") || !strings.Contains(out, "S pays W 14") {
		t.Errorf("S28: exit %d\n%s%s", code, out, errs)
	}
}

// spec/sichuan.md §12: ron, the discarder pays 2^翻 (capped at 3翻 = 8);
// tsumo, every player still playing pays that + 1.
func TestScoreSichuan(t *testing.T) {
	runFamilyCases(t, []familyCase{
		// SX1: 清一色 2翻 → 4, self-drawn: 5 from each, S +15.
		{"SX1", []string{"--rules", "sichuan", "123456p22p888p(pon 999p<1)", "--tsumo"},
			[]string{"清一色", "2翻 → 4底", "E pays S 5", "W pays S 5", "N pays S 5", "total: S +15"}},
		// SX1b: W has already won and does not pay: S +10.
		{"SX1b", []string{"--rules", "sichuan", "123456p22p888p(pon 999p<1)", "--tsumo", "--won", "W"},
			[]string{"E pays S 5", "N pays S 5", "total: S +10"}},
		// SX1, drawing 2p: 清一色 2 + 根 1 = 3翻 → 8 + 1 = 9 each.
		{"SX1 2p", []string{"--rules", "sichuan", "123456p22p88p(pon 999p<1)", "--win", "2p", "--tsumo"},
			[]string{"根", "3翻 → 8底", "E pays S 9", "total: S +27"}},
		// SX11: 七対子 2 + 根 1 = 3翻, 満貫 8 + 1: E +27.
		{"SX11", []string{"--rules", "sichuan", "2222p55p77p33s66s99s", "--seat", "E", "--tsumo", "--missing", "m"},
			[]string{"七対子", "limit: 満貫", "S pays E 9", "W pays E 9", "N pays E 9", "total: E +27"}},
		// SX12: 大対子 1 + 裸単騎 1 + 根 1 = 3翻 → 8 from W.
		{"SX12", []string{"--rules", "sichuan", "(pon 222s<1)(pon 555s<2)(pon 888s<3)[ankan 6666p] 4s", "--win", "4s", "--seat", "N", "--from", "W"},
			[]string{"大対子", "裸単騎", "根", "W pays N 8", "total: N +8"}},
		// SX13: 槍槓 1翻 → 2, paid by the robbed S.
		{"SX13", []string{"--rules", "sichuan", "45m789m11p666p234p", "--win", "6m", "--seat", "E", "--from", "S", "--robbing", "--missing", "s"},
			[]string{"槍槓", "1翻 → 2底", "S pays E 2", "total: E +2"}},
		// SX8: West's hand with no yaku is worth 1, from N.
		{"SX8 West", []string{"--rules", "sichuan", "345m666m77m55s(pon 888s<1)", "--win", "5s", "--seat", "W", "--from", "N"},
			[]string{"0翻 → 1底", "N pays W 1", "total: W +1"}},
	})
}

// spec/wuhan.md §14. Seats are named from the dealer (E).
func TestScoreWuhan(t *testing.T) {
	// TV-S1 (P1 example 1): D = N wins a 小胡 on B = S's discard, A = E is
	// dealer with a 發財槓, C = W has a 紅中槓 and a 頼子槓 (indicator 4p:
	// the wildcard is 5p). wf = 2: A 2^5 = 32 → 3, B 2^4 = 16 → 2,
	// C 2^6 = 64 → 6: 112 points, 11 in money.
	tvs1 := []string{"--indicator", "4p", "(chi 123m<3) 456m789s234p8m", "--win", "8m", "--seat", "N", "--from", "S",
		"--player", "E=(chi 678s<3)", "--player", "S=(pon 222z<2)", "--player", "W=(chi 345s<3)", "--specials", "W=7z5p"}
	runFamilyCases(t, []familyCase{
		{"TV-S1", append([]string{"--rules", "wuhan", "--specials", "E=6z"}, tvs1...),
			[]string{"小胡", "硬胡", "E: 開口 1番, 發財槓 1番, 荘家 1番; 1 × 2^5 = 32 points → 3", "1 × 2^4 = 16 points → 2",
				"1 × 2^6 = 64 points → 6", "112 points, 11 in money", "E pays N 3", "S pays N 2", "W pays N 6", "total: N +11"}},
		// TV-S2 (P2's example, 紅中頼子槓: 發 is ordinary): 16 + 16 + 64 = 96, 10 in money.
		{"TV-S2", append([]string{"--rules", "wuhan/hz"}, tvs1...),
			[]string{"96 points, 10 in money", "E pays N 2", "S pays N 2", "W pays N 6"}},
		// TV-S3 (P1 example 2): C = S self-draws on a kong replacement,
		// 碰碰胡 + 槓上開 with a wildcard, an opening and a 發財槓: Y = 25,
		// wf = 2. A = N and the dealer B = E have opened: 200 each; D = W
		// has opened and has two 紅中槓: 800 → 封頂 400. 800 points, 80.
		{"TV-S3", []string{"--rules", "wuhan", "--indicator", "4p", "(pon 333m<1) 111m777s99p5p2s2s", "--seat", "S", "--replacement",
			"--specials", "S=6z", "--player", "N=(chi 123s<3)", "--player", "E=(pon 444m<1)", "--player", "W=(chi 678m<3)", "--specials", "W=7z7z"},
			[]string{"碰碰胡", "槓上開", "base 25, winner's fan 2", "25 × 2^5 = 800 points → 封頂", "limit: W 封頂",
				"W pays S 40", "N pays S 20", "E pays S 20", "total: S +80"}},
		// D1′ (紅中頼子槓, threshold 8): a hard 小胡 by self-draw with an
		// opening, wf = 3; W 0 fan, N opened, E dealer: 8 / 16 / 16 → 1, 2, 2.
		{"D1'", []string{"--rules", "wuhan/hz", "--indicator", "4p", "(chi 123m<3) 456m789s234p88m", "--seat", "S", "--tsumo",
			"--player", "N=(pon 222z<1)"},
			[]string{"W: no fan; 1 × 2^3 = 8 points → 1", "N: 開口 1番; 1 × 2^4 = 16 points → 2", "E: 荘家 1番; 1 × 2^4 = 16 points → 2", "total: S +5"}},
	})
	// D1: the same under the main rule (threshold 16) does not win.
	code, _, errs := runArgs(t, "", "score", "--rules", "wuhan", "--indicator", "4p", "(chi 123m<3) 456m789s234p88m", "--seat", "S", "--tsumo",
		"--player", "N=(pon 222z<1)")
	if code != 1 || !strings.Contains(errs, "below the minimum points (W6)") {
		t.Errorf("D1: exit %d, %s", code, errs)
	}
}

// spec/shanghai.md §8.
func TestScoreShanghai(t *testing.T) {
	runFamilyCases(t, []familyCase{
		// R1 (流行式): 7台 → 128; the self-drawer is doubled: 256 each, S +768.
		{"R1", []string{"--rules", "shanghai/liuxing", "222z123p57p99p6p (pon 777z<2) 2f7f", "--seat", "S", "--round", "S", "--tsumo"},
			[]string{"混一色", "坐花 夏", "7台 = 128", "E pays S 256", "W pays S 256", "N pays S 256", "total: S +768"}},
		// L1 (老式, base 10): S 30胡 2台 = 120; E 32, W 40, N 4; net S +480,
		// E −200, W −68, N −212.
		{"L1", []string{"--rules", "shanghai/laoshi", "234m777p567s22z (pon 777z<2) 2f", "--win", "3m", "--seat", "S", "--tsumo",
			"--player", "E=999s55z14m8p26s (pon 555p<1) 1f", "--player", "W=369m3p48s1z (pon 666z<1) (kan 1111p<2)", "--player", "N=2568m269p137s13z4z 3f"},
			[]string{"30胡 2台 = 120", "16胡 1台 = 32", "20胡 1台 = 40", "4胡 0台 = 4", "E pays S 240", "W pays S 120", "N pays S 120",
				"E pays W 16", "N pays E 56", "N pays W 36", "net: E -200, S +480, W -68, N -212"}},
		// L4 (老式, base 10): N robs E's added kong of 5m: 32胡 4台 = 512;
		// the dealer pays double; S holds 四只花. Net N +2048, E −1104,
		// S −376, W −568.
		{"L4", []string{"--rules", "shanghai/laoshi", "444z(pon 666z<1)999m46m22m", "--win", "5m", "--seat", "N", "--from", "E", "--robbing",
			"--player", "E=(pon 555m<1) 777z 123p456p9s", "--player", "S=1367m2468p1359s1z 1f2f3f4f", "--player", "W=[ankan 8888s] 123m456p567s1z"},
			[]string{"搶槓", "32胡 4台 = 512", "16胡 2台 = 64", "E pays N 1024", "E pays S 88", "W pays E 8", "W pays S 48",
				"net: E -1104, S -376, W -568, N +2048"}},
		// R3 (流行式): 清一色 4 + 単釣 1 = 5台 → 32, fed by S to three
		// exposed bamboo sets: S pays all 128.
		{"R3", []string{"--rules", "shanghai", "(chi 123s<3)(pon 555s<1)(pon 888s<2) 456s9s", "--win", "9s", "--seat", "W", "--from", "S"},
			[]string{"清一色", "5台 = 32", "包: S pays alone", "S pays W 128", "total: W +128"}},
		// N1 (新式): 8台 → 256; the discarder S pays 512, E and N 256.
		{"N1", []string{"--rules", "shanghai/xinshi", "123p456p789p46s55m", "--win", "5s", "--seat", "W", "--from", "S"},
			[]string{"清龍", "喜相逢", "嵌中心", "8台 = 256", "S pays W 512", "E pays W 256", "N pays W 256", "total: W +1024"}},
		// E1 (late80s): (3 + 2 flowers) × 2^4 = 80, capped at 40, N alone pays.
		{"E1", []string{"--rules", "shanghai/late80s", "(pon 111m<1)(pon 777z<2) 555m99m11z 2f7f", "--win", "9m", "--seat", "W", "--from", "N"},
			[]string{"混一色", "対対胡", "= 80", "limit: 辣子 40", "N pays W 40", "total: W +40"}},
	})
}

func TestScoreFamilyJSON(t *testing.T) {
	code, out, errs := runArgs(t, "", "score", "--json", "--rules", "sichuan", "2222p55p77p33s66s99s", "--seat", "E", "--tsumo")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Rules    string
		Items    []struct{ Name, English, Value string }
		Totals   struct{ Han, Value, Pay int }
		Limit    string
		Payments []struct {
			From, To string
			Amount   int
		}
		Total int
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Rules != "sichuan/default" || len(got.Items) != 2 || got.Totals.Han != 3 || got.Totals.Value != 8 || got.Totals.Pay != 9 ||
		got.Limit != "満貫" || len(got.Payments) != 3 || got.Payments[0].To != "E" || got.Payments[0].Amount != 9 || got.Total != 27 {
		t.Errorf("got %+v", got)
	}
	// Wuhan TV-S3: the shares and the cap are in the totals.
	code, out, errs = runArgs(t, "", "score", "--json", "--rules", "wuhan", "--indicator", "4p", "(pon 333m<1) 111m777s99p5p2s2s", "--seat", "S",
		"--replacement", "--specials", "S=6z", "--player", "N=(chi 123s<3)", "--player", "E=(pon 444m<1)", "--player", "W=(chi 678m<3)", "--specials", "W=7z7z")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var wu struct {
		Totals struct {
			Patterns []string
			Base     float64
			Shares   []struct {
				Seat   string
				Raw    float64
				Points float64
				Money  int
			}
			Money int
		}
		Total int
	}
	if err := json.Unmarshal([]byte(out), &wu); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(wu.Totals.Patterns) != 2 || wu.Totals.Base != 25 || len(wu.Totals.Shares) != 3 || wu.Totals.Money != 80 || wu.Total != 80 {
		t.Errorf("got %+v", wu)
	}
	for _, s := range wu.Totals.Shares {
		if s.Seat == "W" && (s.Raw != 800 || s.Points != 400 || s.Money != 40) {
			t.Errorf("W's share %+v, want 800 → 400 → 40", s)
		}
	}
}

func TestScoreFamilyBatch(t *testing.T) {
	in := `# one hand per line, any family
234m345p456s55m78s9s
--rules sichuan 123456p22p888p(pon 999p<1) --tsumo --seat S
--rules sichuan 123456p22p888p(pon 999p<1) --indicator 4p
(chi 234m<3)(pon 111z<1) 777p45s55z --win 6s --seat W --round S
--rules shanghai/liuxing '222z123p57p99p6p (pon 777z<2) 2f7f' --seat S --round S --tsumo
--rules wuhan --indicator 4p 123m456m789s234p88m --tsumo
`
	code, out, errs := runArgs(t, in, "score", "--rules", "mcr/simplified", "--batch", "-")
	if code != 3 || !strings.Contains(errs, "2 of 6 lines not scored") {
		t.Errorf("exit %d, %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{
		"line 2: 23455m345p456789s: 三色三步高 6, 门前清 2, 平和 2; 10 points",
		"line 3: 12223456888p (pon 999p<1): 清一色 2翻; 2翻 → 4底",
		"line 4: error: --indicator does not apply to sichuan",
		"line 5: ", // S28: 五門斉 6 under the command line's mcr/simplified
		"line 6: ",
		"line 7: error: wuhan: no chi, pon or open kong: no opening (W2)",
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %q, want prefix %q", lines[i], w)
		}
	}
	for i, w := range map[int]string{0: "; 34 (E 18, W 8, N 8)", 1: "; 15 (E 5, W 5, N 5)", 3: "; 30 (E 8, S 14, N 8)", 4: "7台 = 128; 768"} {
		if !strings.Contains(lines[i], w) {
			t.Errorf("line %q lacks %q", lines[i], w)
		}
	}
	// JSON: the error's kind and line.
	f := filepath.Join(t.TempDir(), "hands.txt")
	os.WriteFile(f, []byte("(chi 234m<3)(pon 111z<1) 777p45s55z 1f2f3f --win 6s --seat W --round S\n"), 0o644)
	_, out, _ = runArgs(t, "", "score", "--json", "--rules", "mcr", "--batch", f)
	var e struct {
		Line  int
		Error string
		Kind  string
	}
	if err := json.Unmarshal([]byte(out), &e); err != nil || e.Line != 1 || e.Kind != "below_minimum" {
		t.Errorf("%+v %v: %s", e, err, out)
	}
}

func TestScoreFamilyErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--rules", "bridge", "123m"}, 2, `"bridge" (known: mcr, mcr/official`},
		{[]string{"--rules", "mcr/nope", "234m345p456s55m78s9s"}, 2, `mcr has no preset "nope" (presets: official, simplified)`},
		{[]string{"--rules", "riichi/tenhou", "--preset", "seed", "123m456p789s1122z", "--win", "2z"}, 2, "name different presets"},
		{[]string{"--rules", "mcr", "234m345p456s55m78s9s", "--riichi"}, 2, "--riichi does not apply to mcr"},
		{[]string{"--rules", "sichuan", "123456p22p888p(pon 999p<1)", "--round", "S"}, 2, "--round does not apply to sichuan"},
		{[]string{"--rules", "shanghai", "222z123p57p99p6p (pon 777z<2)", "--indicator", "4p"}, 2, "--indicator does not apply to shanghai"},
		{[]string{"123m456p789s11222z", "--missing", "m"}, 2, "--missing does not apply to riichi"},
		{[]string{"--rules", "mcr", "234m345p456s55m78s9x"}, 2, "position 20"},
		{[]string{"--rules", "sichuan", "123456p22p88p(pon 999p<1)"}, 2, "has 13 tiles"},
		{[]string{"--rules", "mcr", "234m345p456s55m78s1z"}, 1, "not a winning hand"},
		{[]string{"--rules", "sichuan", "234m345p456s55m78s9s"}, 2, "holds all three suits"},
		{[]string{"--rules", "sichuan", "123456p22p888p(pon 999p<1)", "--tsumo", "--robbing"}, 2, "--robbing is a win on another player's tile"},
		{[]string{"--rules", "mcr", "[ankan 8888m] 234m567p45s66s", "--win", "6s", "--replacement", "--ron"}, 2, "--replacement is a self-drawn win"},
		{[]string{"--rules", "mcr/simplified", "234m345p456s55m78s9s1f"}, 2, "plays without flowers"},
		{[]string{"--rules", "mcr", "--set", "nope=1", "234m345p456s55m78s9s"}, 2, "--set nope=1: unknown option \"nope\" (the options are base,"},
		{[]string{"--rules", "wuhan", "(chi 123m<3) 456m789s234p88m"}, 2, "wuhan needs --indicator"},
		{[]string{"--rules", "wuhan/jingzhou3p", "--indicator", "4p", "(chi 123m<3) 456m789s234p88m", "--seat", "N"}, 2, "the table has 3 seats (E S W)"},
		{[]string{"--rules", "shanghai/laoshi", "234m777p567s22z (pon 777z<2) 2f", "--win", "3m"}, 2, "give --player WIND=HAND for E W N"},
	}
	for _, tt := range tests {
		code, _, errs := runArgs(t, "", append([]string{"score"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errs, tt.want) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%q: exit %d, %q; want exit %d and one line with %q", tt.args, code, errs, tt.code, tt.want)
		}
	}
	// Riichi by --rules is riichi by --preset: E9 with ippatsu under
	// tenhou is mangan.
	code, out, errs := runArgs(t, "", "score", "--rules", "riichi/tenhou", "234m567m345p66s78s", "--win", "6s", "--riichi", "--ippatsu", "--dora", "1m")
	if code != 0 || !strings.Contains(out, "E pays S 8000") {
		t.Errorf("riichi/tenhou: exit %d\n%s%s", code, out, errs)
	}
}
