package wuhan_test

import (
	"fmt"
	"strings"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/rules/wuhan"
)

func kinds(s string) []tile.Kind { return tile.Kinds(tile.MustParse(s)) }

func melds(s string) []tile.Meld {
	h, err := tile.ParseHand(s)
	if err != nil {
		panic(err)
	}
	return h.Melds
}

// P1's first worked example (spec/wuhan.md TV-S1): D wins a 小胡 on B's
// discard; A is dealer with a 發財槓, C has a 紅中槓 and a 頼子槓.
func ExampleScore() {
	o := wuhan.Defaults()
	s := wuhan.Situation{
		Indicator: tile.P4, // the wildcard is 5p
		Players: []wuhan.Player{
			{Dealer: true, Melds: melds("(chi 678s<3)"), Specials: kinds("6z")},
			{Melds: melds("(pon 222z<2)")},
			{Melds: melds("(chi 345s<3)"), Specials: kinds("7z5p")},
			{Melds: melds("(chi 123m<3)"), Concealed: kinds("456m789s234p8m")},
		},
		Winner: 3, Tile: tile.M8, Way: wuhan.ByDiscard, From: 1,
	}
	r, err := wuhan.Score(o, s)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("winner:", r.Winner)
	for _, sh := range r.Shares {
		fmt.Printf("seat %d: %v → %g points, %d\n", sh.Seat, sh.Fan, sh.Raw, sh.Money)
	}
	fmt.Println("received:", r.Points, "points,", r.Money)
	// Output:
	// winner: [開口 1番 (opening: 1 fan) 硬胡 1番 (no wildcard used as a substitute: 1 fan)]
	// seat 0: [開口 1番 (opening: 1 fan) 發財槓 1番 (green dragon kong: 1 fan) 荘家 1番 (dealer: 1 fan)] → 32 points, 3
	// seat 1: [開口 1番 (opening: 1 fan) 放銃 1番 (deal-in: 1 fan)] → 16 points, 2
	// seat 2: [開口 1番 (opening: 1 fan) 紅中槓 1番 (red dragon kong: 1 fan) 頼子槓 2番 (wildcard kong: 2 fan)] → 64 points, 6
	// received: 112 points, 11
}

// The indicator decides the wildcard and, in 七皮四頼, the kong-only tiles.
func ExampleOptions_Roles() {
	for _, name := range []string{"hzfc", "hz", "qipi"} {
		o, _ := wuhan.Preset(name)
		r, _ := o.Roles(tile.North)
		fmt.Printf("%s: indicator %s → wildcard %s\n", name, r.Indicator.Han(), r.Wildcard.Han())
	}
	// Output:
	// hzfc: indicator 北 → wildcard 白
	// hz: indicator 北 → wildcard 發
	// qipi: indicator 北 → wildcard 中
}

// A ruleset for the referee.
func ExampleNew() {
	o, _ := wuhan.Preset("jingzhou3p")
	rs, err := wuhan.New(o)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := rs.Rules()
	fmt.Println(r.Name, r.Players, r.Set.Size(), r.Reserve, r.MultiWin == game.HeadBump, o.Walls())
	// Output:
	// wuhan jingzhou3p 3 96 10 true [16 16 16]
}

// A table scoring win after win through a Scorer, and asking for the
// arrangement only of the win it shows: a 清一色 self-drawn, the wildcard
// (5p) pairing the 8s.
func ExampleScorer_Arrangement() {
	s := wuhan.Situation{
		Indicator: tile.P4,
		Players: []wuhan.Player{
			{Dealer: true, Melds: melds("(chi 123s<3)"), Concealed: kinds("456s79s234s8s5p")},
			{Melds: melds("(chi 678s<3)")},
			{},
			{Melds: melds("[ankan 9999s]")},
		},
		Winner: 0, Tile: tile.S8, Way: wuhan.BySelfDraw, From: game.NoSeat,
	}
	var z wuhan.Scorer
	r, err := z.Score(wuhan.Defaults(), s)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Patterns, "with", r.Wildcards, "wildcard; arrangement in the result:", r.Arrangement != nil)
	a := z.Arrangement()
	var gs []string
	for _, g := range a.Groups {
		gs = append(gs, fmt.Sprint(g.Kind, " ", g.Tile))
	}
	fmt.Println(strings.Join(gs, ", "))
	for _, w := range a.Wild {
		fmt.Println("the wildcard stands for", w.For)
	}
	// Output:
	// [清一色 (one suit)] with 1 wildcard; arrangement in the result: false
	// sequence 2s, sequence 4s, sequence 7s, pair 8s
	// the wildcard stands for 8s
}
