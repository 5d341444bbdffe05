package wuhan_test

import (
	"errors"
	"strings"
	"testing"

	"jantaku/rules/scorecli"
	"jantaku/rules/wuhan"
)

// tvs1 is seeds/000 L125–L136 (例1): A = E the dealer with an opening and
// a 發財槓, B = S the discarder with an opening, C = W with an opening, a
// 紅中槓 and a 頼子槓 (indicator 4p: the wildcard is 5p), D = N wins a hard
// 小胡 with an opening.
func tvs1() scorecli.Request {
	return scorecli.Request{Hand: []string{"(chi 123m<3) 456m789s234p8m"}, Win: "8m", Seat: "N", From: "S",
		Cond: map[string][]string{
			"indicator": {"4p"},
			"player":    {"E=(chi 678s<3)", "S=(pon 222z<2)", "W=(chi 345s<3)"},
			"specials":  {"E=6z", "W=7z5p"},
		}}
}

// seeds/000 L134–L136: A pays 1 × 2^5 = 32, B 2^4 = 16, C 2^(2+4) = 64
// (a 頼子槓 counts 2番, L116); at 10 a 分 rounded 四捨六入 (L98): 3, 2, 6.
func TestScoreCLISeedExample(t *testing.T) {
	r := tvs1()
	res, err := wuhan.ScoreCLI{}.Score(&r, "hzfc")
	if err != nil {
		t.Fatal(err)
	}
	want := `45688m234p789s (chi 123m<3)  +8m ron from S, seat N (rules: wuhan/hzfc)
  小胡           small win                          1
  開口           opening                            1番
  硬胡           no wildcard used as a substitute   1番
小胡, wildcard 5p ×0, 硬胡; base 1, winner's fan 2; 112 points, 11 in money
  E: 開口 1番, 發財槓 1番, 荘家 1番; 1 × 2^5 = 32 points → 3
  S: 開口 1番, 放銃 1番; 1 × 2^4 = 16 points → 2
  W: 開口 1番, 紅中槓 1番, 頼子槓 2番; 1 × 2^6 = 64 points → 6
E pays N 3
S pays N 2
W pays N 6
net: E -3, S -2, W -6, N +11
total: N +11
`
	if got := res.Text(); got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
}

// spec/wuhan.md §14.
func TestScoreCLIVectors(t *testing.T) {
	tvs2 := tvs1()
	tvs2.Cond["specials"] = []string{"W=7z5p"}
	tests := []struct {
		name, preset string
		r            scorecli.Request
		want         []string
	}{
		// TV-S2 (紅中頼子槓: 發 is ordinary): 16 + 16 + 64 = 96, 10 in money.
		{"TV-S2", "hz", tvs2, []string{"96 points, 10 in money", "E pays N 2", "S pays N 2", "W pays N 6"}},
		// TV-S3: S self-draws on a kong replacement, 碰碰胡 + 槓上開 with a
		// wildcard: Y = 25, wf = 2; N and the dealer E 200 each, W 800 →
		// 封頂 400; 800 points, 80.
		{"TV-S3", "hzfc", scorecli.Request{Hand: []string{"(pon 333m<1) 111m777s99p5p2s2s"}, Seat: "S", Cond: map[string][]string{
			"indicator": {"4p"}, "replacement": {"true"}, "specials": {"S=6z", "W=7z7z"},
			"player": {"N=(chi 123s<3)", "E=(pon 444m<1)", "W=(chi 678m<3)"}}},
			[]string{"碰碰胡", "槓上開", "base 25, winner's fan 2", "25 × 2^5 = 800 points → 封頂", "limit: W 封頂",
				"W pays S 40", "N pays S 20", "E pays S 20", "total: S +80"}},
		// D1′ (threshold 8): a hard 小胡 by self-draw with an opening, wf
		// = 3; W no fan, N opened, E dealer: 8 / 16 / 16 → 1, 2, 2.
		{"D1'", "hz", scorecli.Request{Hand: []string{"(chi 123m<3) 456m789s234p88m"}, Seat: "S", Tsumo: true, Cond: map[string][]string{
			"indicator": {"4p"}, "player": {"N=(pon 222z<1)"}}},
			[]string{"W: no fan; 1 × 2^3 = 8 points → 1", "N: 開口 1番; 1 × 2^4 = 16 points → 2", "E: 荘家 1番; 1 × 2^4 = 16 points → 2", "total: S +5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := wuhan.ScoreCLI{}.Score(&tt.r, tt.preset)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(res.Text(), w) {
					t.Errorf("lacks %q:\n%s", w, res.Text())
				}
			}
		})
	}
}

func TestScoreCLIRefusals(t *testing.T) {
	// D1 under the main rule (threshold 16) does not win: W pays only 8.
	r := scorecli.Request{Hand: []string{"(chi 123m<3) 456m789s234p88m"}, Seat: "S", Tsumo: true, Cond: map[string][]string{
		"indicator": {"4p"}, "player": {"N=(pon 222z<1)"}}}
	_, err := wuhan.ScoreCLI{}.Score(&r, "hzfc")
	if !errors.Is(err, wuhan.ErrThreshold) || scorecli.Kind(err) != scorecli.KindBelowMinimum || scorecli.IsUsage(err) {
		t.Errorf("D1: %v (kind %q)", err, scorecli.Kind(err))
	}
	for _, tt := range []struct {
		name, preset string
		r            scorecli.Request
		want         string
	}{
		{"no indicator", "hzfc", scorecli.Request{Hand: []string{"(chi 123m<3) 456m789s234p88m"}, Seat: "S"}, "wuhan needs --indicator"},
		{"two indicators", "hzfc", scorecli.Request{Hand: []string{"(chi 123m<3) 456m789s234p88m"}, Seat: "S",
			Cond: map[string][]string{"indicator": {"4p5p"}}}, "--indicator takes one tile"},
		{"three seats", "jingzhou3p", scorecli.Request{Hand: []string{"(chi 123m<3) 456m789s234p88m"}, Seat: "N",
			Cond: map[string][]string{"indicator": {"4p"}}}, "the table has 3 seats (E S W)"},
		{"specials without a seat", "hzfc", scorecli.Request{Hand: []string{"(chi 123m<3) 456m789s234p88m"}, Seat: "S",
			Cond: map[string][]string{"indicator": {"4p"}, "specials": {"7z"}}}, "--specials wants WIND=TILES"},
	} {
		_, err := wuhan.ScoreCLI{}.Score(&tt.r, tt.preset)
		if !scorecli.IsUsage(err) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want a usage error with %q", tt.name, err, tt.want)
		}
	}
}
