package mcr_test

import (
	"fmt"

	"jantaku/rules/game"
	"jantaku/rules/mcr"
	"jantaku/rules/tile"
)

// Spec S1 under both presets: the seed's rule scores 10, the official 11.
func ExampleScore() {
	h, err := mcr.ParseHand("234m345p456s55m78s9s")
	if err != nil {
		panic(err)
	}
	c := mcr.Conditions{Win: tile.S9, Prevalent: tile.East, Seat: tile.South}
	for _, o := range []mcr.Options{mcr.Simplified(), mcr.Official()} {
		r, err := mcr.Score(h, c, o)
		if err != nil {
			panic(err)
		}
		fmt.Println(o.Fans, r.Total, r.Winning)
		for _, s := range r.Fans {
			fmt.Println(" ", s)
		}
	}
	// Output:
	// simplified 10 true
	//   三色三步高 Mixed Shifted Chows 6
	//   门前清 Concealed Hand 2
	//   平和 All Chows 2
	// official 11 true
	//   三色三步高 Mixed Shifted Chows 6
	//   门前清 Concealed Hand 2
	//   平和 All Chows 2
	//   连六 Short Straight 1
}

// A discard win worth 12: "12は20" [S L84].
func ExamplePayments() {
	ps := mcr.Payments(4, 0, 2, 12, 8)
	for _, p := range ps {
		fmt.Println(p.From, "pays", p.Amount)
	}
	fmt.Println("winner", mcr.Net(4, ps)[0])
	_ = game.NoSeat
	// Output:
	// 1 pays 8
	// 2 pays 20
	// 3 pays 8
	// winner 36
}
