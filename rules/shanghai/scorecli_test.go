package shanghai_test

import (
	"strings"
	"testing"

	"jantaku/rules/scorecli"
	"jantaku/rules/shanghai"
)

// R1 (流行式, seeds/001 L40–L55): 中發白の刻子 1 (L44), 坐風 1 (L50), 圏風 1
// (L51), 混一色 2 (L47), 辺嵌張 1 (L49), 坐花 夏 1 (L52) = 7台; the fixed
// point doubled 7 times is 128 (L42), and the self-drawer is paid double
// (L42 倍収支): 256 from each of the three, +768.
func TestScoreCLISeedExample(t *testing.T) {
	r := &scorecli.Request{Hand: []string{"222z123p57p99p6p (pon 777z<2) 2f7f"}, Seat: "S", Tsumo: true,
		Cond: map[string][]string{"round": {"S"}}}
	res, err := shanghai.ScoreCLI{}.Score(r, "liuxing")
	if err != nil {
		t.Fatal(err)
	}
	want := `12356799p222z (pon 777z<2) 27f  +6p tsumo, seat S (rules: shanghai/liuxing)
  中發白の刻子 中 dragon pung (Red dragon)           1台
  坐風 南        seat wind pung (South)             1台
  圏風 南        round wind pung (South)            1台
  混一色         half flush                         2台
  辺嵌張・単釣   edge, closed or single wait        1台
  坐花 夏        own flower (Summer)                1台
流行式: 7台 = 128
W pays S 256 (和)
N pays S 256 (和)
E pays S 256 (和)
net: E -256, S +768, W -256, N -256
total: S +768
`
	if got := res.Text(); got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
}

// spec/shanghai.md §8.
func TestScoreCLIVectors(t *testing.T) {
	tests := []struct {
		name, preset string
		r            scorecli.Request
		want         []string
	}{
		// L1 (老式, base 10): S 30胡 2台 = 120; E 32, W 40, N 4; net S
		// +480, E −200, W −68, N −212.
		{"L1", "laoshi", scorecli.Request{Hand: []string{"234m777p567s22z (pon 777z<2) 2f"}, Win: "3m", Seat: "S", Tsumo: true,
			Cond: map[string][]string{"player": {"E=999s55z14m8p26s (pon 555p<1) 1f", "W=369m3p48s1z (pon 666z<1) (kan 1111p<2)", "N=2568m269p137s13z4z 3f"}}},
			[]string{"30胡 2台 = 120", "16胡 1台 = 32", "20胡 1台 = 40", "4胡 0台 = 4", "E pays S 240", "W pays S 120", "N pays S 120",
				"E pays W 16", "N pays E 56", "N pays W 36", "net: E -200, S +480, W -68, N -212"}},
		// R3 (流行式): 清一色 4 + 単釣 1 = 5台 → 32, fed by S to three
		// exposed bamboo sets: S pays all 128 (seeds/001 L42 責任払い).
		{"R3", "liuxing", scorecli.Request{Hand: []string{"(chi 123s<3)(pon 555s<1)(pon 888s<2) 456s9s"}, Win: "9s", Seat: "W", From: "S"},
			[]string{"清一色", "5台 = 32", "包: S pays alone", "S pays W 128", "total: W +128"}},
		// N1 (新式): 8台 → 256; the discarder S pays 512, E and N 256.
		{"N1", "xinshi", scorecli.Request{Hand: []string{"123p456p789p46s55m"}, Win: "5s", Seat: "W", From: "S"},
			[]string{"清龍", "喜相逢", "嵌中心", "8台 = 256", "S pays W 512", "E pays W 256", "N pays W 256", "total: W +1024"}},
		// E1 (late80s): (3 + 2 flowers) × 2^4 = 80, capped at 40, N alone pays.
		{"E1", "late80s", scorecli.Request{Hand: []string{"(pon 111m<1)(pon 777z<2) 555m99m11z 2f7f"}, Win: "9m", Seat: "W", From: "N"},
			[]string{"混一色", "対対胡", "= 80", "limit: 辣子 40", "N pays W 40", "total: W +40"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := shanghai.ScoreCLI{}.Score(&tt.r, tt.preset)
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
	for _, tt := range []struct {
		name, preset string
		r            scorecli.Request
		want         string
	}{
		{"老式 without the others' hands", "laoshi", scorecli.Request{Hand: []string{"234m777p567s22z (pon 777z<2) 2f"}, Win: "3m", Seat: "S"},
			"give --player WIND=HAND for E W N"},
		{"a flower replacement alone", "liuxing", scorecli.Request{Hand: []string{"222z123p57p99p6p (pon 777z<2)"}, Seat: "S",
			Cond: map[string][]string{"flower-replacement": {"true"}}}, "--flower-replacement goes with --replacement"},
		{"the winner as a player", "liuxing", scorecli.Request{Hand: []string{"222z123p57p99p6p (pon 777z<2)"}, Seat: "S",
			Cond: map[string][]string{"player": {"S=123m"}}}, "that is the winner"},
		{"not a wind", "liuxing", scorecli.Request{Hand: []string{"222z123p57p99p6p (pon 777z<2)"}, Seat: "S",
			Cond: map[string][]string{"round": {"Q"}}}, `--round: "Q" is not a wind (E, S, W, N)`},
	} {
		_, err := shanghai.ScoreCLI{}.Score(&tt.r, tt.preset)
		if !scorecli.IsUsage(err) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want a usage error with %q", tt.name, err, tt.want)
		}
	}
}
