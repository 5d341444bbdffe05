package tablecore_test

import (
	"fmt"

	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// A Sichuan hand after East's self-drawn win: South has discarded 5p, West
// (whose missing suit is circles) holds two 5p, North waits on it.
func ExampleFromPosition() {
	p, err := tablecore.ParsePosition(`ruleset sichuan
game E1 dealer 0 honba 0 pot 0 hands 0 scores 3 -1 -1 -1
turn 1 claim
wall drawn 60+0 reserve 0: 60- 48?
seat 0 E 111m234m567m789m55s pond 9m missing p
seat 1 S 123p456p789p2345s pond 1m 5p missing m
seat 2 W 55p234m678m234s99s pond 1p missing p
seat 3 N 22m345m678m777p34p pond 9s missing s
claim 1 5p
wins 0tsumo:5s`)
	if err != nil {
		fmt.Println(err)
		return
	}
	rs, err := rulesets.New(p.Ruleset, p.Options)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := tablecore.FromPosition(rs, p)
	if err != nil {
		fmt.Println(err)
		return
	}
	for s := game.Seat(2); s <= 3; s++ {
		fmt.Println(g.Legal(s))
		for _, r := range g.Refusals(s) {
			fmt.Println("refused:", r.Action)
		}
	}
	// Output:
	// [seat 2 pass]
	// refused: seat 2 ron 5p
	// refused: seat 2 pon 5p with 55p
	// [seat 3 ron 5p seat 3 pass]
	// refused: seat 3 chi 5p with 34p
}
