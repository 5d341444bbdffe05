package hand_test

import (
	"fmt"
	"strings"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

func mustCounts(s string) tile.Counts {
	return tile.CountsOf(tile.MustParse(s))
}

func ExampleArrangements() {
	// 222333444m read as three triplets or three sequences
	// (spec/riichi.md §10.5).
	as, err := hand.Arrangements(mustCounts("222333444m567p55s"), hand.Options{})
	if err != nil {
		panic(err)
	}
	for _, a := range as {
		var gs []string
		for _, g := range a.Groups {
			gs = append(gs, fmt.Sprint(g.Kind, " ", g.Tile))
		}
		fmt.Println(strings.Join(gs, ", "))
		for _, r := range a.Readings(tile.M3) {
			fmt.Println("  3m in group", r.Group, "is", r.Wait)
		}
	}
	// Output:
	// sequence 2m, sequence 2m, sequence 2m, sequence 5p, pair 5s
	//   3m in group 0 is kanchan
	//   3m in group 1 is kanchan
	//   3m in group 2 is kanchan
	// triplet 2m, triplet 3m, triplet 4m, sequence 5p, pair 5s
	//   3m in group 1 is shanpon
}

func ExampleDecompose() {
	// A scorer keeps the readings in a local buffer and reads them
	// without allocating.
	var buf [8]hand.Decomposition
	c := mustCounts("222333444m567p55s")
	ds, err := hand.Decompose(buf[:0], &c, &hand.Options{})
	if err != nil {
		panic(err)
	}
	for i := range ds {
		a := ds[i].Arrangement()
		fmt.Println(len(a.Groups), "groups, the first:", a.Groups[0].Kind, a.Groups[0].Tile)
	}
	// Output:
	// 5 groups, the first: sequence 2m
	// 5 groups, the first: triplet 2m
}

func ExampleArrangements_wildcards() {
	// Two wildcards with 112z: 111z and 22z, or 11z and 222z.
	as, _ := hand.Arrangements(mustCounts("123m456p789s112z"), hand.Options{Wildcards: 2})
	for _, a := range as {
		fmt.Println(a.Groups[3].Kind, a.Groups[3].Tile, "+", a.Groups[4].Kind, a.Groups[4].Tile, "wildcards:", a.Wild)
	}
	// Output:
	// triplet 1z + pair 2z wildcards: [{1z 3} {2z 4}]
	// triplet 2z + pair 1z wildcards: [{2z 3} {2z 3}]
}

func ExampleWaits() {
	// The nine gates wait on every tile of the suit.
	ws, _ := hand.Waits(mustCounts("1112345678999m"), hand.Options{})
	var ks []tile.Kind
	for _, w := range ws {
		ks = append(ks, w.Tile)
	}
	fmt.Println(ks)
	// Thirteen orphans, thirteen-sided, with the shape accepted.
	o := hand.Options{Shapes: hand.ShapesOf(hand.ThirteenOrphans)}
	ws, _ = hand.Waits(mustCounts("19m19p19s1234567z"), o)
	fmt.Println(len(ws), ws[0].Shapes.Has(hand.ThirteenOrphans))
	// Output:
	// [1m 2m 3m 4m 5m 6m 7m 8m 9m]
	// 13 true
}

func ExampleShanten() {
	c := mustCounts("1122334455667z")
	std, _ := hand.Shanten(c, hand.Options{})
	all, _ := hand.Shanten(c, hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs)})
	fmt.Println(std, all)
	// Output: 3 0
}

func ExampleCounted_Complete() {
	// One hand asked under several rules: counted once, each question is
	// a table lookup a suit. 234m 77p 678s 111z 99s and one wildcard.
	c := mustCounts("234m77p678s111z99s")
	h := hand.Count(&c)
	anyPair := hand.Options{Wildcards: 1}
	pair258 := hand.Options{Wildcards: 1, PairOnly: hand.MaskOf(tile.M2, tile.M5, tile.M8, tile.P2, tile.P5, tile.P8, tile.S2, tile.S5, tile.S8)}
	fmt.Println("any pair:", h.Complete(&anyPair))
	fmt.Println("a 2, 5 or 8 pair:", h.Complete(&pair258))
	more := h.Plus(tile.S9) // the wildcard's place taken by a third 9s
	fmt.Println("999s, no wildcard:", more.Complete(nil))
	// Output:
	// any pair: true
	// a 2, 5 or 8 pair: false
	// 999s, no wildcard: true
}
