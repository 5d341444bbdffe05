package shanghai_test

import (
	"fmt"

	"jantaku/rules/game"
	"jantaku/rules/shanghai"
	"jantaku/rules/tile"
)

// Example R1 of spec/shanghai.md §8: 流行式, South round, South self-draws.
func ExampleScore() {
	o, _ := shanghai.Preset(shanghai.Liuxing)
	south, _ := tile.ParseHand("222z123p57p99p6p (pon 777z<2) 2f7f")
	s := shanghai.Situation{Dealer: 0, Round: tile.South}
	s.Hands[1] = south
	s.Win = shanghai.Win{Seat: 1, Tile: tile.P6, From: game.NoSeat}
	res, err := shanghai.Score(o, s)
	if err != nil {
		panic(err)
	}
	for _, it := range res.Winner.Items {
		fmt.Println(it)
	}
	fmt.Println(res.Summary())
	for _, p := range res.Payments {
		fmt.Printf("seat %d pays seat %d %d\n", p.From, p.To, p.Amount)
	}
	// Output:
	// 中發白の刻子 中 1台 (dragon pung (Red dragon), 1 tai)
	// 坐風 南 1台 (seat wind pung (South), 1 tai)
	// 圏風 南 1台 (round wind pung (South), 1 tai)
	// 混一色 2台 (half flush, 2 tai)
	// 辺嵌張・単釣 1台 (edge, closed or single wait, 1 tai)
	// 坐花 夏 1台 (own flower (Summer), 1 tai)
	// 7台 = 128
	// seat 2 pays seat 1 256
	// seat 3 pays seat 1 256
	// seat 0 pays seat 1 256
}

// Example L1 of spec/shanghai.md §8: in 老式 the non-winners score too and
// settle their differences.
func ExampleScore_laoshi() {
	o, _ := shanghai.Preset(shanghai.Laoshi)
	var s shanghai.Situation
	for i, h := range []string{
		"999s55z14m8p26s (pon 555p<1) 1f",
		"234m777p567s22z (pon 777z<2) 2f",
		"369m3p48s1z (pon 666z<1) (kan 1111p<2)",
		"2568m269p137s13z4z 3f",
	} {
		s.Hands[i], _ = tile.ParseHand(h)
	}
	s.Win = shanghai.Win{Seat: 1, Tile: tile.M3, From: game.NoSeat}
	res, _ := shanghai.Score(o, s)
	fmt.Println("winner:", res.Summary())
	for _, t := range res.Others {
		fmt.Printf("seat %d: %d胡 %d台 = %d\n", t.Seat, t.Fu, t.Tai, t.Score)
	}
	fmt.Println("net:", res.Net())
	// Output:
	// winner: 30胡 2台 = 120
	// seat 0: 16胡 1台 = 32
	// seat 2: 20胡 1台 = 40
	// seat 3: 4胡 0台 = 4
	// net: [-200 480 -68 -212]
}

// A ruleset for the referee, from a configuration.
func ExampleParseOptions() {
	o, err := shanghai.ParseOptions([]byte("variant: late80s\nlate80s_cap: null\n"))
	if err != nil {
		panic(err)
	}
	rs, _ := shanghai.New(o)
	r := rs.Rules()
	fmt.Println(r.Name, r.Set.Size(), "tiles, flowers:", r.Flowers, "cap:", o.Cap)
	// Output:
	// shanghai late80s 144 tiles, flowers: true cap: <nil>
}
