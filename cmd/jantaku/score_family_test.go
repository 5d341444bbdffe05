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

// One hand of each family through the command line: the flags reach the
// family's own scoring (rules/*/scorecli.go, whose tests hold the other
// worked examples), and its result is printed.
func TestScoreEachFamily(t *testing.T) {
	runFamilyCases(t, []familyCase{
		// spec/mcr.md S1: 三色三步高 6, 平和 2, 门前清 2 = 10; seat S, so
		// the discarder by default is E: 18 / 8 / 8, winner +34.
		{"mcr S1", []string{"--rules", "mcr/simplified", "234m345p456s55m78s9s"},
			[]string{"三色三步高", "Mixed Shifted Chows", "平和", "门前清", "10 points", "E pays S 18", "W pays S 8", "N pays S 8", "total: S +34"}},
		// spec/mcr.md S17: the situational fans by flag: 29, self-drawn by
		// the dealer: 37 each, +111.
		{"mcr S17", []string{"--rules", "mcr/simplified", "(pon 777z<1) 13p456m789s22z", "--win", "2p", "--tsumo",
			"--last-tile", "--last-copy", "--seat", "E"},
			[]string{"妙手回春", "和绝张", "29 points", "S pays E 37", "total: E +111"}},
		// spec/sichuan.md SX1: 清一色 2翻 → 4, self-drawn: 5 from each; W
		// has already won and does not pay: S +10.
		{"sichuan SX1b", []string{"--rules", "sichuan", "123456p22p888p(pon 999p<1)", "--tsumo", "--won", "W"},
			[]string{"清一色", "2翻 → 4底", "E pays S 5", "N pays S 5", "total: S +10"}},
		// spec/wuhan.md TV-S1 (seeds/000 例1): 32 → 3, 16 → 2, 64 → 6.
		{"wuhan TV-S1", []string{"--rules", "wuhan", "--specials", "E=6z", "--indicator", "4p", "(chi 123m<3) 456m789s234p8m", "--win", "8m",
			"--seat", "N", "--from", "S", "--player", "E=(chi 678s<3)", "--player", "S=(pon 222z<2)", "--player", "W=(chi 345s<3)", "--specials", "W=7z5p"},
			[]string{"小胡", "硬胡", "E: 開口 1番, 發財槓 1番, 荘家 1番; 1 × 2^5 = 32 points → 3", "112 points, 11 in money",
				"E pays N 3", "S pays N 2", "W pays N 6", "total: N +11"}},
		// spec/shanghai.md L4 (老式, base 10): N robs E's added kong of 5m:
		// 32胡 4台 = 512; net N +2048, E −1104, S −376, W −568.
		{"shanghai L4", []string{"--rules", "shanghai/laoshi", "444z(pon 666z<1)999m46m22m", "--win", "5m", "--seat", "N", "--from", "E", "--robbing",
			"--player", "E=(pon 555m<1) 777z 123p456p9s", "--player", "S=1367m2468p1359s1z 1f2f3f4f", "--player", "W=[ankan 8888s] 123m456p567s1z"},
			[]string{"搶槓", "32胡 4台 = 512", "16胡 2台 = 64", "E pays N 1024", "net: E -1104, S -376, W -568, N +2048"}},
	})
	// spec/mcr.md O2: 7 fan points < 8 before flowers: exit 1.
	code, _, errs := runArgs(t, "", "score", "--rules", "mcr", "(chi 234m<3)(pon 111z<1) 777p45s55z 1f2f3f", "--win", "6s", "--seat", "W", "--round", "S")
	if code != 1 || !strings.Contains(errs, "below the minimum: 7 fan points") || !strings.Contains(errs, "needs 8") {
		t.Errorf("O2: exit %d, %s", code, errs)
	}
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
