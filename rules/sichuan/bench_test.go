package sichuan_test

import (
	"testing"

	"jantaku/rules/sichuan"
	"jantaku/rules/tile"
)

// BenchmarkScore values winning hands: a plain hand, a full flush with a
// pung, seven pairs with a root, and all pungs.
func BenchmarkScore(b *testing.B) {
	for _, c := range []struct {
		name, hand string
		missing    tile.Suit
		cond       sichuan.Conditions
	}{
		{"plain", "123m456m789p234p55m", tile.Sou, sichuan.Conditions{}},
		{"full-flush", "123456p22p888p(pon 999p<1)", tile.Man, sichuan.Conditions{SelfDrawn: true}},
		{"seven-pairs-root", "11223344m55556p6p", tile.Sou, sichuan.Conditions{SelfDrawn: true}},
		{"all-pungs", "111m999m222p33p(pon 777p<1)", tile.Sou, sichuan.Conditions{Replacement: true, SelfDrawn: true}},
	} {
		b.Run(c.name, func(b *testing.B) {
			h, err := sichuan.ParseHand(c.hand, c.missing)
			if err != nil {
				b.Fatal(err)
			}
			o := sichuan.Defaults()
			if _, err := sichuan.Score(h, c.cond, o); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				sichuan.Score(h, c.cond, o)
			}
		})
	}
}
