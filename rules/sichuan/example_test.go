package sichuan_test

import (
	"fmt"

	"jantaku/rules/sichuan"
	"jantaku/rules/tile"
)

// The source's 2翻 self-draw [C L113–L114]: 4底 + 1底 from each player.
func ExampleScore() {
	h, _ := sichuan.ParseHand("123456p22p888p(pon 999p<1)", tile.Man)
	r, _ := sichuan.Score(h, sichuan.Conditions{SelfDrawn: true}, sichuan.Defaults())
	fmt.Println(r.Yaku, r.Pay)
	// Output: [清一色 (full flush) 2翻] 5
}

// The source's ready hand paid on a 4m that does not exist [C L135–L138].
func ExampleClassify() {
	th, _ := tile.ParseHand("3334m888p(pon 444p<1)(pon 444m<2)")
	r := sichuan.Classify(tile.CountsOf(th.Concealed), th.Melds, tile.Sou, sichuan.Defaults())
	fmt.Println(r.Class, tile.FormatKinds(r.Waits), r.Value)
	// Output: 有叫 (ready) 245m 4
}
