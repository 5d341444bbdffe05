package mcr_test

import (
	"errors"
	"strings"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/mcr"
	"jantaku/rules/scorecli"
)

// seeds/004: 三色三歩高 6 (L9), 门前清 2 for a ron without calls (L18),
// 平和 2 (L20): s = 10, over the seed rule's minimum of 6 (L5). The
// discarder pays s + 8 = 18, the other two the base 8 (L84–L87): +34.
func TestScoreCLISeedExample(t *testing.T) {
	r := &scorecli.Request{Hand: []string{"234m345p456s55m78s9s"}, Seat: "S"}
	res, err := mcr.ScoreCLI{}.Score(r, "simplified")
	if err != nil {
		t.Fatal(err)
	}
	want := `23455m345p456789s  +9s ron from E, seat S (rules: mcr/simplified)
  三色三步高     Mixed Shifted Chows                6
  门前清         Concealed Hand                     2
  平和           All Chows                          2
10 points, minimum 6, base 8
E pays S 18 (discard win 点和)
W pays S 8 (base 底分)
N pays S 8 (base 底分)
net: E -18, S +34, W -8, N -8
total: S +34
`
	if got := res.Text(); got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
}

// spec/mcr.md §7–§8: the conditions and the options reach the score.
func TestScoreCLIVectors(t *testing.T) {
	tests := []struct {
		name   string
		r      scorecli.Request
		preset string
		want   []string
	}{
		// S17: 花龍 8, 妙手回春 8, 五門斉 6, 和絶張 4, 箭刻 2, 坎張 1 = 29,
		// self-drawn by the dealer: 37 each, +111.
		{"S17", scorecli.Request{Hand: []string{"(pon 777z<1) 13p456m789s22z"}, Win: "2p", Tsumo: true, Seat: "E",
			Cond: map[string][]string{"last-tile": {"true"}, "last-copy": {"true"}}}, "simplified",
			[]string{"花龙", "妙手回春", "和绝张", "坎张", "29 points", "S pays E 37", "W pays E 37", "N pays E 37", "total: E +111"}},
		// O1: 无番和 8 and 2 flowers = 10 (seat E): the discarder N 18,
		// the others 8, +34.
		{"O1", scorecli.Request{Hand: []string{"(chi 234m<3)(chi 567p<3)(pon 888s<1) 45s22z 1f2f"}, Win: "6s", Seat: "E"}, "official",
			[]string{"无番和", "花牌", "10 points (8 + 2 flowers)", "N pays E 18", "S pays E 8", "total: E +34"}},
		// O1 with the flowers counted by --flowers instead.
		{"O1 --flowers", scorecli.Request{Hand: []string{"(chi 234m<3)(chi 567p<3)(pon 888s<1) 45s22z"}, Win: "6s", Seat: "E",
			Cond: map[string][]string{"flowers": {"2"}}}, "official",
			[]string{"10 points (8 + 2 flowers)", "N pays E 18"}},
		// O15: 双暗杠 8 + 双箭刻 6 = 14: 22 / 8 / 8; the 1998 edition
		// values 双暗杠 6: 12, so the discarder pays 20.
		{"O15", scorecli.Request{Hand: []string{"[ankan 5555z][ankan 6666z](chi 123p<3) 45m88s"}, Win: "6m", Seat: "E"}, "official",
			[]string{"双暗杠", "14 points", "N pays E 22", "total: E +38"}},
		{"O15 cn1998", scorecli.Request{Hand: []string{"[ankan 5555z][ankan 6666z](chi 123p<3) 45m88s"}, Win: "6m", Seat: "E",
			Sets: []string{"mcr_edition=cn1998"}}, "official",
			[]string{"12 points", "N pays E 20", "total: E +36", "rules: mcr/official + mcr_edition=cn1998"}},
		// S28: 五門斉 6 is enough under the seed rule; W wins from S.
		{"S28", scorecli.Request{Hand: []string{"(chi 234m<3)(pon 111z<1) 777p45s55z"}, Win: "6s", Seat: "W",
			Cond: map[string][]string{"round": {"S"}}}, "simplified",
			[]string{"6 points", "S pays W 14"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := mcr.ScoreCLI{}.Score(&tt.r, tt.preset)
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
	// O2: 五门齐 6 + 幺九刻 1 = 7 < 8 before the flowers: no win, and the
	// refusal carries the fans found, the flowers among them.
	r := &scorecli.Request{Hand: []string{"(chi 234m<3)(pon 111z<1) 777p45s55z 1f2f3f"}, Win: "6s", Seat: "W",
		Cond: map[string][]string{"round": {"S"}}}
	_, err := mcr.ScoreCLI{}.Score(r, "official")
	var nw scorecli.NotWon
	if !errors.Is(err, mcr.ErrBelowMinimum) || !errors.Is(err, game.ErrNotWinning) || !errors.As(err, &nw) || len(nw.Items) != 3 ||
		scorecli.Kind(err) != scorecli.KindBelowMinimum || !strings.Contains(err.Error(), "7 fan points") {
		t.Errorf("O2: %v (items %v)", err, nw.Items)
	}
	for _, tt := range []struct {
		name, preset string
		r            scorecli.Request
		want         string
	}{
		{"flowers twice", "official", scorecli.Request{Hand: []string{"234m345p456s55m78s9s1f"}, Seat: "S", Cond: map[string][]string{"flowers": {"2"}}},
			"give them one way"},
		{"too many flowers", "official", scorecli.Request{Hand: []string{"234m345p456s55m78s9s"}, Seat: "S", Cond: map[string][]string{"flowers": {"9"}}},
			"want a number of flowers, 0–8"},
		{"no flowers in the seed rule", "simplified", scorecli.Request{Hand: []string{"234m345p456s55m78s9s1f"}, Seat: "S"},
			"mcr/simplified plays without flowers (1 given)"},
		{"robbing on a tsumo", "official", scorecli.Request{Hand: []string{"234m345p456s55m78s9s"}, Seat: "S", Tsumo: true,
			Cond: map[string][]string{"robbing": {"true"}}}, "--robbing is a win on another player's tile"},
	} {
		_, err := mcr.ScoreCLI{}.Score(&tt.r, tt.preset)
		if !scorecli.IsUsage(err) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want a usage error with %q", tt.name, err, tt.want)
		}
	}
}
