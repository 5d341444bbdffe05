package sichuan_test

import (
	"strings"
	"testing"

	"jantaku/rules/scorecli"
	"jantaku/rules/sichuan"
)

// seeds/003 L86–L89: 三三三四⑧⑧⑧ ④④④(ポン) 九九九(ポン) completes on 四 as
// 大対子, 1翻 (L57); the value is 1 × 2 per 翻 = 2底 (L108–L109). On a
// ron the discarder pays 2; on a tsumo each player still playing pays
// 2 + 1 = 3 (L113–L114), South +9.
func TestScoreCLISeedExample(t *testing.T) {
	tsumo := &scorecli.Request{Hand: []string{"3334m888p(pon 444p<1)(pon 999m<2)"}, Win: "4m", Tsumo: true, Seat: "S"}
	res, err := sichuan.ScoreCLI{}.Score(tsumo, "default")
	if err != nil {
		t.Fatal(err)
	}
	want := `33344m888p (pon 444p<1) (pon 999m<2)  +4m tsumo, seat S (rules: sichuan/default)
  大対子         all pungs                          1翻
1翻 → 2底, +1 for the tsumo: 3底 from each player still playing
E pays S 3
W pays S 3
N pays S 3
net: E -3, S +9, W -3, N -3
total: S +9
`
	if got := res.Text(); got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
	ron := &scorecli.Request{Hand: []string{"3334m888p(pon 444p<1)(pon 999m<2)"}, Win: "4m", From: "E", Seat: "S"}
	if res, err = (sichuan.ScoreCLI{}).Score(ron, "default"); err != nil {
		t.Fatal(err)
	}
	if got := res.Summary(); got != "33344m888p (pon 444p<1) (pon 999m<2): 大対子 1翻; 1翻 → 2底; 2 (E 2) [sichuan/default]" {
		t.Errorf("ron: %s", got)
	}
}

// spec/sichuan.md §11–§12: the conditions, the players who have won and
// the cap reach the score.
func TestScoreCLIVectors(t *testing.T) {
	sw := func(kv ...string) map[string][]string {
		m := map[string][]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = append(m[kv[i]], kv[i+1])
		}
		return m
	}
	tests := []struct {
		name string
		r    scorecli.Request
		want []string
	}{
		// SX1: 清一色 2翻 → 4, self-drawn: 5 from each; W has already
		// won and does not pay: S +10.
		{"SX1b", scorecli.Request{Hand: []string{"123456p22p888p(pon 999p<1)"}, Tsumo: true, Seat: "S", Cond: sw("won", "W")},
			[]string{"清一色", "2翻 → 4底", "E pays S 5", "N pays S 5", "total: S +10"}},
		// SX1 drawing 2p: 清一色 2 + 根 1 = 3翻 → 8 + 1 = 9 each.
		{"SX1 2p", scorecli.Request{Hand: []string{"123456p22p88p(pon 999p<1)"}, Win: "2p", Tsumo: true, Seat: "S"},
			[]string{"根", "3翻 → 8底", "E pays S 9", "total: S +27"}},
		// SX11: 七対子 2 + 根 1 = 3翻, 満貫 8 + 1: E +27.
		{"SX11", scorecli.Request{Hand: []string{"2222p55p77p33s66s99s"}, Seat: "E", Tsumo: true, Cond: sw("missing", "m")},
			[]string{"七対子", "limit: 満貫", "S pays E 9", "total: E +27"}},
		// SX12: 大対子 1 + 裸単騎 1 + 根 1 = 3翻 → 8 from W.
		{"SX12", scorecli.Request{Hand: []string{"(pon 222s<1)(pon 555s<2)(pon 888s<3)[ankan 6666p] 4s"}, Win: "4s", Seat: "N", From: "W"},
			[]string{"大対子", "裸単騎", "根", "W pays N 8", "total: N +8"}},
		// SX13: 槍槓 1翻 → 2, paid by the robbed S.
		{"SX13", scorecli.Request{Hand: []string{"45m789m11p666p234p"}, Win: "6m", Seat: "E", From: "S", Cond: sw("robbing", "true", "missing", "s")},
			[]string{"槍槓", "1翻 → 2底", "S pays E 2", "total: E +2"}},
		// SX8: West's hand with no yaku is worth 1, from N.
		{"SX8 West", scorecli.Request{Hand: []string{"345m666m77m55s(pon 888s<1)"}, Win: "5s", Seat: "W", From: "N"},
			[]string{"無役", "0翻 → 1底", "N pays W 1", "total: W +1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := sichuan.ScoreCLI{}.Score(&tt.r, "default")
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
		name string
		r    scorecli.Request
		want string
	}{
		{"three suits", scorecli.Request{Hand: []string{"234m345p456s55m78s9s"}, Seat: "S"}, "holds all three suits"},
		{"a flower", scorecli.Request{Hand: []string{"123456p22p888p(pon 999p<1)1f"}, Seat: "S"}, "sichuan has no flowers (1f)"},
		{"not a suit", scorecli.Request{Hand: []string{"123456p22p888p(pon 999p<1)"}, Seat: "S",
			Cond: map[string][]string{"missing": {"z"}}}, "--missing z: want m, p or s"},
		{"the discarder has won", scorecli.Request{Hand: []string{"123456p22p888p(pon 999p<1)"}, Seat: "S",
			Cond: map[string][]string{"won": {"E"}}}, "seat E is still playing"},
		{"after a kong, self-drawn", scorecli.Request{Hand: []string{"123456p22p888p(pon 999p<1)"}, Seat: "S", Tsumo: true,
			Cond: map[string][]string{"after-kong": {"true"}}}, "--after-kong is a win on another player's tile"},
	} {
		_, err := sichuan.ScoreCLI{}.Score(&tt.r, "default")
		if !scorecli.IsUsage(err) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want a usage error with %q", tt.name, err, tt.want)
		}
	}
}
