package tile_test

import (
	"testing"

	"jantaku/rules/tile"
)

// BenchmarkParseHand reads a closed hand and one with melds, as the
// scoring command and the peers' benchmark do.
func BenchmarkParseHand(b *testing.B) {
	for _, s := range []string{"123m567m678p345s88s1m", "234m456m11z789m9m (pon 777z<2)"} {
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := tile.ParseHand(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkHandParser reads the same hands with one HandParser reused:
// no allocation.
func BenchmarkHandParser(b *testing.B) {
	for _, s := range []string{"123m567m678p345s88s1m", "234m456m11z789m9m (pon 777z<2)"} {
		b.Run(s, func(b *testing.B) {
			b.ReportAllocs()
			var hp tile.HandParser
			for b.Loop() {
				if _, err := hp.Parse(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMeldCheck checks a chi, a pon and a kong: what every scorer
// does with every meld of every hand it scores.
func BenchmarkMeldCheck(b *testing.B) {
	h, err := tile.ParseHand("(chi 324p<3) (pon 555z<1) [ankan 3333m]")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range h.Melds {
			if err := m.Check(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
